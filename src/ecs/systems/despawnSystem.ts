/**
 * Removal and despawn (spec section 4 target lifecycle). `markRemoved` is the one place a
 * target leaves the field: it sets its state to Despawning with the reason and the round time,
 * remembers its position for relative spawns, schedules the refill of its slot and emits the
 * 'removed' event. `despawnSystem` then retires the entity (free list) once its despawn
 * animation (despawnAnimationMs / despawnAnimation: none 0, glow 100, holo 200 (default),
 * dissolve 700, explode 700 ms) has played; until then the view draws it with `despawn`
 * progress 0..1, its colour index and, for exploding kills, sparks (despawnAnimation.ts).
 */
import type { RemovalReason } from '../../contracts/engine';
import { TICK_MS } from '../../contracts/constants';
import { REMOVAL_REASONS, ST_ALIVE, ST_DESPAWNING, ST_NONE } from '../components';
import { i32Push, type GameWorld } from '../world';
import { scheduleRefill } from './spawnSystem';
import { stepDynamic } from '../dynamicSetting';
import {
  DESPAWN_COLOUR_INDEX_CRIT, DESPAWN_COLOUR_INDEX_DESPAWN, DESPAWN_COLOUR_INDEX_KILL,
} from '../despawnAnimation';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;
const DESPAWNING = ST_DESPAWNING;
const NONE = ST_NONE;

/** Takes live target `eid` off the field at round time `tMs` for `reason`. No-op if not alive.
 * Sets the despawn colour index (kill for playerKilled, critical for playerKilledCrit, despawn
 * colour otherwise) and, with the 'explode' animation, marks kills for sparks. A kill starts
 * the return-to-centre wait (when on) and moves the dynamic target settings one step harder; a
 * timedOut / missed removal one step easier (not for decoys; dynamicSetting.ts). Runs the game mode's death hook last. */
export function markRemoved(w: GameWorld, eid: number, reason: RemovalReason, tMs: number): void {
  // the time travels in a typed array (see spawnTarget): no boxed number per removal
  REMOVE_T[0] = tMs;
  markRemovedArgs(w, eid, reason);
}

/** Argument scratch of `markRemoved`: [the removal's round time, ms]. */
export const REMOVE_T = new Float64Array(1);

/** `markRemoved` with the time in REMOVE_T[0]: the systems' hot loops write it there and call
 * this, so no number crosses a call whatever the compiler inlines (no allocation per removal). */
export function markRemovedArgs(w: GameWorld, eid: number, reason: RemovalReason): void {
  const tMs = REMOVE_T[0];
  const c = w.c;
  if (c.Target.state[eid] !== ALIVE) return;
  c.Target.state[eid] = DESPAWNING;
  c.Despawn.atMs[eid] = tMs;
  c.Despawn.reason[eid] = REMOVAL_REASONS.indexOf(reason);
  c.Despawn.durationMs[eid] = w.despawnMs;
  const kill = reason === 'playerKilled' || reason === 'playerKilledCrit';
  c.Despawn.colour[eid] = reason === 'playerKilled' ? DESPAWN_COLOUR_INDEX_KILL
    : reason === 'playerKilledCrit' ? DESPAWN_COLOUR_INDEX_CRIT : DESPAWN_COLOUR_INDEX_DESPAWN;
  c.Despawn.sparks[eid] = kill && w.sparks && w.despawnMs > 0 ? 1 : 0;
  if (c.Priority.is[eid]) w.spawner.livePriority--;
  w.spawner.liveTargets--;
  const x = c.Transform.x[eid], y = c.Transform.y[eid], z = c.Transform.z[eid];
  w.spawner.hasLast = true;
  w.spawner.lastX = x; w.spawner.lastY = y; w.spawner.lastZ = z;
  if (w.recordEvents) w.events.push({ type: 'removed', tick: w.tick, target: c.Target.index[eid], eid, reason, x, y, z });
  if (kill && w.rtc.enabled && !w.rtc.waiting) {
    w.rtc.waiting = true;
    w.rtc.waitStartMs = tMs;
  }
  // dynamic target settings (dynamicSetting.ts): harder after a kill, easier after a timeout;
  // a decoy's removal (shot or expired) changes nothing
  if (w.drill.dynamicTargetSettings.length > 0 && reason !== 'gameOver' && c.Decoy.is[eid] === 0) stepDynamic(w, kill, false);
  if (reason !== 'gameOver') scheduleRefill(w, tMs);
  const hook = w.mode.hooks.death;
  if (hook) hook(w, eid, reason, tMs);
}

/** Retires the entities whose despawn animation has ended by the end of the current tick: the
 * state becomes None and the id goes to the world's free list, from which the next
 * spawn reuses it (no bitecs entity churn, no allocation; the order is deterministic). */
export function despawnSystem(w: GameWorld): void {
  const endMs = (w.tick + 1) * TICK_MS;
  const dense = w.qTargets.dense;
  const D = w.c.Despawn;
  const st = w.c.Target.state;
  const n = dense.length;
  for (let i = 0; i < n; i++) {
    const e = dense[i];
    if (st[e] !== DESPAWNING) continue;
    if (D.atMs[e] + D.durationMs[e] <= endMs) {
      st[e] = NONE;
      i32Push(w.freeIds, e);
    }
  }
}
