/**
 * Removal and despawn (spec section 4 target lifecycle). `markRemoved` is the one place a
 * target leaves the field: it sets its state to Despawning with the reason and the round time,
 * remembers its position for relative spawns, schedules the refill of its slot and emits the
 * 'removed' event. `despawnSystem` then retires the entity (free list) once its despawn
 * animation (despawnAnimationMs, holo 200 ms by default) has played; until then the
 * view draws it with `despawn` progress 0..1.
 */
import type { RemovalReason } from '../../contracts/engine';
import { TICK_MS } from '../../contracts/constants';
import { REMOVAL_REASONS, ST_ALIVE, ST_DESPAWNING, ST_NONE } from '../components';
import type { GameWorld } from '../world';
import { scheduleRefill } from './spawnSystem';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;
const DESPAWNING = ST_DESPAWNING;
const NONE = ST_NONE;

/** Takes live target `eid` off the field at round time `tMs` for `reason`. No-op if not alive. */
export function markRemoved(w: GameWorld, eid: number, reason: RemovalReason, tMs: number): void {
  const c = w.c;
  if (c.Target.state[eid] !== ALIVE) return;
  c.Target.state[eid] = DESPAWNING;
  c.Despawn.atMs[eid] = tMs;
  c.Despawn.reason[eid] = REMOVAL_REASONS.indexOf(reason);
  c.Despawn.durationMs[eid] = w.despawnMs;
  if (c.Priority.is[eid]) w.spawner.livePriority--;
  const x = c.Transform.x[eid], y = c.Transform.y[eid], z = c.Transform.z[eid];
  w.spawner.hasLast = true;
  w.spawner.lastX = x; w.spawner.lastY = y; w.spawner.lastZ = z;
  if (w.recordEvents) w.events.push({ type: 'removed', tick: w.tick, target: c.Target.index[eid], eid, reason, x, y, z });
  if (reason !== 'gameOver') scheduleRefill(w, tMs);
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
      w.freeIds.push(e);
    }
  }
}
