/**
 * Damage and health (spec section 4 target lifecycle: "Health can regenerate").
 * - `applyHit` is called by the shooting system for each hit, in shot order: it takes the
 *   damage (1 per hit, x crit_dmg_multiplier on a crit) off the target's health and, at 0,
 *   removes it as playerKilled / playerKilledCrit (the killing shot decides), counting the kill
 *   and its time from spawn (timeUntilKilled, ms).
 * - `damageSystem` regenerates health of live targets at health_regenerate_rate hp/s, capped at
 *   the spawn health, and decays their tag (spec section 4 "Tagging decays at 0.25 per second"):
 *   every hit sets the target's tag to 1 (`applyHit`); each tick takes TAG_DECAY_PER_S x 15.625 ms
 *   off it, down to 0. A tag is the "recently hit" mark of a target: the view reads it from
 *   TargetView.tag (hit flash / highlight that fades over 4 s); it does not change damage.
 */
import { TICK_MS } from '../../contracts/constants';
import { ST_ALIVE } from '../components';
import type { GameWorld } from '../world';
import { REMOVE_T, markRemovedArgs } from './despawnSystem';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

/** Health at or below this counts as dead (guards float round-off of fractional damage). */
export const DEAD_EPS = 1e-9;

/** Tag decay per second (spec section 4): a tag of 1 is gone after 4 s. */
export const TAG_DECAY_PER_S = 0.25;
const TAG_DECAY_PER_TICK = (TAG_DECAY_PER_S * TICK_MS) / 1000;

/**
 * Applies one hit of `damage` hp at round time `tMs` to live target `eid`. Returns true when the
 * hit killed it. Updates counters.kills / timeUntilKilled and emits the 'removed' event.
 */
export function applyHit(w: GameWorld, eid: number, damage: number, crit: boolean, tMs: number): boolean {
  // the numbers travel in a typed array (see spawnTarget): no boxed number per hit
  HIT_ARGS[0] = damage; HIT_ARGS[1] = tMs;
  return applyHitIn(w, eid, crit);
}

/** Argument scratch of `applyHit`: [damage hp, round time ms]. */
export const HIT_ARGS = new Float64Array(2);

/** `applyHit` with [damage, tMs] in HIT_ARGS (the shooting system's allocation-free call). */
export function applyHitIn(w: GameWorld, eid: number, crit: boolean): boolean {
  const damage = HIT_ARGS[0], tMs = HIT_ARGS[1];
  const H = w.c.Health;
  w.c.Tag.value[eid] = 1;
  const until = tMs + 1000 / TAG_DECAY_PER_S + TICK_MS;
  if (until > w.tagUntilMs) w.tagUntilMs = until;
  H.hp[eid] -= damage;
  if (H.hp[eid] > DEAD_EPS) return false;
  H.hp[eid] = 0;
  w.counters.kills++;
  w.counters.timeUntilKilled += tMs - w.c.Target.spawnMs[eid];
  REMOVE_T[0] = tMs; // = markRemoved(w, eid, reason, tMs), allocation-free
  markRemovedArgs(w, eid, crit ? 'playerKilledCrit' : 'playerKilled');
  if (w.clip.enabled && w.drill.weapon.clipReloadOnDeath) {
    w.clip.remaining = w.clip.size;
    w.clip.reloadUntilMs = -Infinity;
  }
  return true;
}

/** Per-tick health regeneration and tag decay of live targets. */
export function damageSystem(w: GameWorld): void {
  const rate = w.drill.target.healthRegenerateRate;
  const gain = (rate * TICK_MS) / 1000;
  if (gain <= 0 && w.tick * TICK_MS > w.tagUntilMs) return; // nothing to regenerate or decay
  const dense = w.qTargets.dense;
  const st = w.c.Target.state;
  const hp = w.c.Health.hp, max = w.c.Health.max;
  const tag = w.c.Tag.value;
  for (let i = 0, n = dense.length; i < n; i++) {
    const e = dense[i];
    if (st[e] !== ALIVE) continue;
    if (gain > 0) {
      const h = hp[e] + gain;
      hp[e] = h > max[e] ? max[e] : h;
    }
    const tv = tag[e];
    if (tv > 0) tag[e] = tv > TAG_DECAY_PER_TICK ? tv - TAG_DECAY_PER_TICK : 0;
  }
}
