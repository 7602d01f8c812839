/**
 * Damage and health (spec section 4 target lifecycle: "Health can regenerate").
 * - `applyHit` is called by the shooting system for each hit, in shot order: it takes the
 *   damage (1 per hit, x crit_dmg_multiplier on a crit) off the target's health and, at 0,
 *   removes it as playerKilled / playerKilledCrit (the killing shot decides), counting the kill
 *   and its time from spawn (timeUntilKilled, ms).
 * - `damageSystem` regenerates health of live targets at health_regenerate_rate hp/s, capped at
 *   the spawn health.
 */
import { TICK_MS } from '../../contracts/constants';
import { ST_ALIVE } from '../components';
import type { GameWorld } from '../world';
import { markRemoved } from './despawnSystem';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

/** Health at or below this counts as dead (guards float round-off of fractional damage). */
export const DEAD_EPS = 1e-9;

/**
 * Applies one hit of `damage` hp at round time `tMs` to live target `eid`. Returns true when the
 * hit killed it. Updates counters.kills / timeUntilKilled and emits the 'removed' event.
 */
export function applyHit(w: GameWorld, eid: number, damage: number, crit: boolean, tMs: number): boolean {
  const H = w.c.Health;
  H.hp[eid] -= damage;
  if (H.hp[eid] > DEAD_EPS) return false;
  H.hp[eid] = 0;
  w.counters.kills++;
  w.counters.timeUntilKilled += tMs - w.c.Target.spawnMs[eid];
  markRemoved(w, eid, crit ? 'playerKilledCrit' : 'playerKilled', tMs);
  if (w.clip.enabled && w.drill.weapon.clipReloadOnDeath) {
    w.clip.remaining = w.clip.size;
    w.clip.reloadUntilMs = -Infinity;
  }
  return true;
}

/** Per-tick health regeneration of live targets (no-op when the drill has no regeneration). */
export function damageSystem(w: GameWorld): void {
  const rate = w.drill.target.healthRegenerateRate;
  if (rate <= 0) return;
  const gain = (rate * TICK_MS) / 1000;
  const dense = w.qTargets.dense;
  const st = w.c.Target.state;
  const hp = w.c.Health.hp, max = w.c.Health.max;
  for (let i = 0, n = dense.length; i < n; i++) {
    const e = dense[i];
    if (st[e] !== ALIVE) continue;
    const h = hp[e] + gain;
    hp[e] = h > max[e] ? max[e] : h;
  }
}
