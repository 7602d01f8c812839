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
 * - Return to centre: while the world waits for the aim to come back (returnToCentreSystem),
 *   due refills stay pending.
 * - Priority: in priority-target mode the count rule above decides; otherwise, with a config
 *   `targets` list, its properties.isPriority entries come first (targetSpecIndex).
 * - The game mode's spawn hook runs after each spawn.
 * A spawn writes every component field: ids are reused, first from the world's free list
 * (retired by despawnSystem), else from bitecs `addEntity`.
 */
import { addComponent, addEntity } from 'bitecs';
import { TICK_MS } from '../../contracts/constants';
import { ST_ALIVE, growComponents } from '../components';
import { scaleFactor, targetRadius } from '../spawn/area';
import { placeTarget, type PlaceOut } from '../spawn/placeTarget';
import { gridInsert } from '../spawn/grid';
import type { GameWorld } from '../world';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

const place: PlaceOut = { x: 0, y: 0, z: 0 };

/** Schedules the refill of one slot after a removal at round time `tMs` (nothing when the game
 * mode does not refill, e.g. 'elimination'). */
export function scheduleRefill(w: GameWorld, tMs: number): void {
  if (!w.mode.refill) return;
  let delay = w.drill.timeBetweenTargetsMs;
  if (delay > 0 && w.drill.timeBetweenRandomise) delay *= w.rng.range(0.5, 1.5);
  w.spawner.pending.push(tMs + delay);
}

/**
 * Index into drill.targets of spawn number `k` (-1 when the drill has no `targets` list):
 * priority entries (properties.isPriority) first, then the others, in list order
 * ("priority targets first", spec section 4); spawnOrder 'order' cycles through that order by
 * spawn count; 'random' uses it for the first fill (k < numTargets), then a seeded pick.
 */
export function targetSpecIndex(w: GameWorld, k: number): number {
  const specs = w.drill.targets;
  const n = specs.length;
  if (n === 0) return -1;
  let j: number;
  if (w.drill.spawnOrder === 'order' || k < w.drill.numTargets) j = k % n;
  else j = w.rng.int(n);
  // j-th entry of the priority-first order
  let nPrio = 0;
  for (let i = 0; i < n; i++) if (specs[i].isPriority) nPrio++;
  const wantPrio = j < nPrio;
  let rank = wantPrio ? j : j - nPrio;
  for (let i = 0; i < n; i++) {
    if (specs[i].isPriority !== wantPrio) continue;
    if (rank-- === 0) return i;
  }
  return -1;
}

/** Spawns one target at round time `tMs`; false (nothing spawned) when no spot is free.
 * Movement by pattern (contracts/drillConfig.ts MOVEMENT_PATTERNS): free = seeded uniform
 * direction, horizontal = +-x, vertical = +-y, depth = +-z, circle = orbit around the spawn
 * point (radius max(0.25, position_min_dist) m, seeded phase and direction). Growing targets
 * start at minSize (grow) or maxSize (shrink); grounded targets sit on the floor (y = radius). */
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
  const dyn = d.dynamicTargetSetting;
  const sf = scaleFactor(d);
  // radius now (r0) and at the end of the lifetime (r1)
  let r0: number, r1: number;
  if (d.target.growMode === 'grow') { r0 = d.target.minSize * sf; r1 = d.target.maxSize * sf; }
  else if (d.target.growMode === 'shrink') { r0 = d.target.maxSize * sf; r1 = d.target.minSize * sf; }
  else { r0 = r1 = (dyn !== null && dyn.type === 'size' ? w.dynamicValue : d.target.size) * sf; }
  const speed = dyn !== null && dyn.type === 'speed' ? w.dynamicValue : d.target.speed;
  const lifetime = dyn !== null && dyn.type === 'lifetime' ? w.dynamicValue : d.target.lifetimeMs;
  if (d.target.grounded) place.y = r0;
  const T = c.Transform;
  T.x[eid] = place.x; T.y[eid] = place.y; T.z[eid] = place.z;
  T.px[eid] = place.x; T.py[eid] = place.y; T.pz[eid] = place.z;
  const V = c.Velocity;
  V.x[eid] = 0; V.y[eid] = 0; V.z[eid] = 0;
  const O = c.Orbit;
  O.cx[eid] = place.x; O.cy[eid] = place.y; O.cz[eid] = place.z; O.phase[eid] = 0; O.omega[eid] = 0; O.radius[eid] = 0;
  if (d.target.moving && speed > 0) {
    const s = speed;
    const pat = d.movement;
    if (pat === 'horizontal') {
      V.x[eid] = w.rng.next() < 0.5 ? -s : s;
    } else if (pat === 'vertical') {
      V.y[eid] = w.rng.next() < 0.5 ? -s : s;
    } else if (pat === 'depth') {
      V.z[eid] = w.rng.next() < 0.5 ? -s : s;
    } else if (pat === 'circle') {
      const R = Math.max(0.25, d.positionMinDist);
      const ph = w.rng.range(0, 2 * Math.PI);
      O.radius[eid] = R;
      O.phase[eid] = ph;
      O.omega[eid] = (w.rng.next() < 0.5 ? -s : s) / R;
      T.x[eid] = T.px[eid] = place.x + R * Math.cos(ph);
      T.y[eid] = T.py[eid] = place.y + R * Math.sin(ph);
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
  tg.radius[eid] = r0;
  tg.spawnMs[eid] = tMs;
  tg.state[eid] = ALIVE;
  tg.shotsLeft[eid] = d.shotsPerTarget > 0 ? d.shotsPerTarget : -1;
  c.Grow.r0[eid] = r0; c.Grow.r1[eid] = r1;
  c.Tag.value[eid] = 0;
  c.Health.hp[eid] = d.target.health;
  c.Health.max[eid] = d.target.health;
  c.Lifetime.totalMs[eid] = lifetime;
  c.Lifetime.expireMs[eid] = tMs + lifetime;
  let prio: boolean;
  if (d.priorityTarget) {
    // priority-target mode overrides priority-target-first (spec section 4)
    prio = w.spawner.livePriority < d.numPriorityTargets;
  } else {
    const si = targetSpecIndex(w, w.spawner.count);
    prio = si >= 0 && d.targets[si].isPriority;
  }
  c.Priority.is[eid] = prio ? 1 : 0;
  if (prio) w.spawner.livePriority++;
  c.Despawn.atMs[eid] = 0; c.Despawn.reason[eid] = 0; c.Despawn.durationMs[eid] = 0;
  c.Despawn.colour[eid] = 0; c.Despawn.sparks[eid] = 0;
  gridInsert(w, eid);
  if (w.recordEvents) w.events.push({ type: 'spawn', tick: w.tick, target: w.spawner.count, eid });
  w.spawner.count++;
  w.spawner.liveTargets++;
  w.counters.spawns++;
  const hook = w.mode.hooks.spawn;
  if (hook) hook(w, eid, tMs);
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
  if (w.rtc.waiting) return; // return to centre: the next target waits for the aim
  const endMs = (w.tick + 1) * TICK_MS;
  let keep = 0;
  for (let i = 0; i < p.length; i++) {
    const due = p[i];
    if (due <= endMs && spawnTarget(w, endMs)) continue;
    p[keep++] = due;
  }
  p.length = keep;
}
