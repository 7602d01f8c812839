/**
 * Spawn system (spec section 4: "The spawner fills up to numTargets, priority targets first").
 * - At round time 0, `spawnInitialTargets` fills the field to num_targets at once.
 * - Each removal (except gameOver) schedules a refill of its slot at removal time +
 *   time_between_targets ms (x a seeded factor in [0.5, 1.5) when time_between_randomise;
 *   0 ms by default, see drill/parseDrillConfig.ts), via `scheduleRefill`.
 * - `spawnSystem` spawns, at the end of each tick, every refill that is due by then; the new
 *   target appears at the tick's end time. While fewer than numPriorityTargets priority targets
 *   are alive, the new target is a priority target. A placement that finds no free spot stays
 *   pending and is retried next tick (spec section 8).
 * A spawn writes every component field: ids are reused, first from the world's free list
 * (retired by despawnSystem), else from bitecs `addEntity`.
 */
import { addComponent, addEntity } from 'bitecs';
import { TICK_MS } from '../../contracts/constants';
import { ST_ALIVE, growComponents } from '../components';
import { targetRadius } from '../spawn/area';
import { placeTarget, type PlaceOut } from '../spawn/placeTarget';
import { gridInsert } from '../spawn/grid';
import type { GameWorld } from '../world';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

const place: PlaceOut = { x: 0, y: 0, z: 0 };

/** Schedules the refill of one slot after a removal at round time `tMs`. */
export function scheduleRefill(w: GameWorld, tMs: number): void {
  let delay = w.drill.timeBetweenTargetsMs;
  if (delay > 0 && w.drill.timeBetweenRandomise) delay *= w.rng.range(0.5, 1.5);
  w.spawner.pending.push(tMs + delay);
}

/** Spawns one target at round time `tMs`; false (nothing spawned) when no spot is free. */
export function spawnTarget(w: GameWorld, tMs: number): boolean {
  const d = w.drill;
  const r = targetRadius(d);
  if (!placeTarget(w, r, place)) {
    w.spawner.failures++;
    return false;
  }
  let eid: number;
  if (w.freeIds.length > 0) {
    eid = w.freeIds.pop() as number;
  } else {
    eid = addEntity(w.ecs);
    if (eid >= w.c.capacity) growComponents(w.c, eid + 1);
    addComponent(w.ecs, eid, w.c.Target);
  }
  const c = w.c;
  const T = c.Transform;
  T.x[eid] = place.x; T.y[eid] = place.y; T.z[eid] = place.z;
  T.px[eid] = place.x; T.py[eid] = place.y; T.pz[eid] = place.z;
  const V = c.Velocity;
  V.x[eid] = 0; V.y[eid] = 0; V.z[eid] = 0;
  if (d.target.moving && d.target.speed > 0) {
    const s = d.target.speed;
    const pat = d.movementPattern;
    if (pat === 'horizontal') {
      V.x[eid] = w.rng.next() < 0.5 ? -s : s;
    } else if (pat === 'vertical') {
      V.y[eid] = w.rng.next() < 0.5 ? -s : s;
    } else if (w.area.minZ < w.area.maxZ) {
      // uniform direction on the sphere
      const u = w.rng.range(-1, 1);
      const ang = w.rng.range(0, 2 * Math.PI);
      const q = Math.sqrt(1 - u * u);
      V.x[eid] = s * q * Math.cos(ang); V.y[eid] = s * u; V.z[eid] = s * q * Math.sin(ang);
    } else {
      const ang = w.rng.range(0, 2 * Math.PI);
      V.x[eid] = s * Math.cos(ang); V.y[eid] = s * Math.sin(ang);
    }
    if (w.area.minY >= w.area.maxY) { V.y[eid] = 0; }
  }
  const tg = c.Target;
  tg.index[eid] = w.spawner.count;
  tg.radius[eid] = r;
  tg.spawnMs[eid] = tMs;
  tg.state[eid] = ALIVE;
  tg.shotsLeft[eid] = d.shotsPerTarget > 0 ? d.shotsPerTarget : -1;
  c.Health.hp[eid] = d.target.health;
  c.Health.max[eid] = d.target.health;
  c.Lifetime.totalMs[eid] = d.target.lifetimeMs;
  c.Lifetime.expireMs[eid] = tMs + d.target.lifetimeMs;
  const prio = d.priorityTarget && w.spawner.livePriority < d.numPriorityTargets;
  c.Priority.is[eid] = prio ? 1 : 0;
  if (prio) w.spawner.livePriority++;
  c.Despawn.atMs[eid] = 0; c.Despawn.reason[eid] = 0; c.Despawn.durationMs[eid] = 0;
  gridInsert(w, eid);
  if (w.recordEvents) w.events.push({ type: 'spawn', tick: w.tick, target: w.spawner.count, eid });
  w.spawner.count++;
  w.counters.spawns++;
  return true;
}

/** Fills the field to num_targets at round time 0 (called once when the world is created). */
export function spawnInitialTargets(w: GameWorld): void {
  for (let i = 0; i < w.drill.numTargets; i++) {
    if (!spawnTarget(w, 0)) w.spawner.pending.push(0);
  }
}

/** Spawns every due refill at the end of the current tick (see the module comment). */
export function spawnSystem(w: GameWorld): void {
  const p = w.spawner.pending;
  w.grid.valid = false; // targets moved or were removed since the last spawn pass
  if (p.length === 0) return;
  const endMs = (w.tick + 1) * TICK_MS;
  let keep = 0;
  for (let i = 0; i < p.length; i++) {
    const due = p[i];
    if (due <= endMs && spawnTarget(w, endMs)) continue;
    p[keep++] = due;
  }
  p.length = keep;
}
