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
import { placeDrillTarget, type PlaceOut } from '../spawn/placeTarget';
import { gridInsert } from '../spawn/grid';
import { sinCos } from '../detMath';
import { f64Push, type GameWorld } from '../world';
import { dynamicValueOf } from '../dynamicSetting';
import { isRulePattern, startRuleMotion } from '../motionRules';
import { drawDecoy } from '../shotRules';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

const place: PlaceOut = new Float64Array(3);
/** PRNG draws of `startMotion` (Rng.fill). */
const U = new Float64Array(2);

/** sinCos output scratch [sin, cos] (no allocation per call). */
const SC = new Float64Array(2);

/** Schedules the refill of one slot after a removal at round time `tMs` (nothing when the game
 * mode does not refill, e.g. 'elimination'). */
export function scheduleRefill(w: GameWorld, tMs: number): void {
  if (!w.mode.refill) return;
  let delay = w.drill.timeBetweenTargetsMs;
  if (delay > 0 && w.drill.timeBetweenRandomise) delay *= w.rng.range(0.5, 1.5);
  f64Push(w.spawner.pending, tMs + delay);
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
  // the time travels in a typed array: this wrapper gets inlined and the worker's call passes
  // no boxed number (the spawn path allocates nothing)
  SPAWN_T[0] = tMs;
  return spawnAt(w);
}

/** Argument scratch of `spawnTarget`: the spawn's round time, ms. */
const SPAWN_T = new Float64Array(1);

/** A position forced on the next spawnAt call (spawnTargetAt): FORCE[0] = 1 when set, then x,y,z. */
const FORCE = new Float64Array(4);
/** The entity id of the last spawn (spawnAt writes it). */
const LAST_EID = new Int32Array(1);

function spawnAt(w: GameWorld): boolean {
  const tMs = SPAWN_T[0];
  const d = w.drill;
  const forced = FORCE[0] === 1;
  if (forced) {
    FORCE[0] = 0;
    place[0] = FORCE[1]; place[1] = FORCE[2]; place[2] = FORCE[3];
  } else if (!placeDrillTarget(w, place)) { // placed for radius targetRadius(d)
    w.spawner.failures++;
    return false;
  }
  let eid: number;
  const free = w.freeIds;
  if (free.n > 0) {
    eid = free.a[--free.n];
  } else {
    eid = addEntity(w.ecs);
    if (eid >= w.c.capacity) growComponents(w.c, eid + 1);
    addComponent(w.ecs, eid, w.c.Target);
  }
  LAST_EID[0] = eid;
  const c = w.c;
  const dynamic = d.dynamicTargetSettings.length > 0;
  const sc = d.target.scale;
  const sf = Math.max(sc[0], sc[1], sc[2]); // = scaleFactor(d) (spawn/area.ts), inline: no boxed return
  // radius now (r0) and at the end of the lifetime (r1)
  let r0: number, r1: number;
  if (d.target.growMode === 'grow') { r0 = d.target.minSize * sf; r1 = d.target.maxSize * sf; }
  else if (d.target.growMode === 'shrink') { r0 = d.target.maxSize * sf; r1 = d.target.minSize * sf; }
  else { r0 = r1 = (dynamic ? dynamicValueOf(w, 'size', d.target.size) : d.target.size) * sf; }
  const speed = dynamic ? dynamicValueOf(w, 'speed', d.target.speed) : d.target.speed;
  const lifetime = dynamic ? dynamicValueOf(w, 'lifetime', d.target.lifetimeMs) : d.target.lifetimeMs;
  if (d.target.grounded && !forced) place[1] = r0;
  const T = c.Transform;
  T.x[eid] = place[0]; T.y[eid] = place[1]; T.z[eid] = place[2];
  T.px[eid] = place[0]; T.py[eid] = place[1]; T.pz[eid] = place[2];
  const V = c.Velocity;
  V.x[eid] = 0; V.y[eid] = 0; V.z[eid] = 0;
  const O = c.Orbit;
  O.cx[eid] = place[0]; O.cy[eid] = place[1]; O.cz[eid] = place[2]; O.phase[eid] = 0; O.omega[eid] = 0; O.radius[eid] = 0;
  const Mo = c.Motion;
  Mo.nextMs[eid] = Infinity; Mo.baseY[eid] = place[1]; Mo.launch[eid] = 0;
  if (d.target.moving && speed > 0) {
    if (isRulePattern(d.movement)) startRuleMotion(w, eid, speed, tMs); // src/ecs/motionRules.ts
    else startMotion(w, eid);
  }
  c.Decoy.is[eid] = drawDecoy(w) ? 1 : 0;
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

/** Per-target values `spawnTargetAt` may set instead of the drill's (units: metres, hit points,
 * ms, metres/second). */
export interface SpawnOverrides {
  /** sphere radius, metres (> 0; the target then does not grow) */
  radius?: number;
  /** hit points at spawn (> 0) */
  health?: number;
  /** lifetime, ms (> 0; Infinity = until killed) */
  lifetimeMs?: number;
  /** velocity, metres/second (replaces the drill's movement; no orbit) */
  velocity?: { x: number; y: number; z: number };
  /** a priority target or not */
  priority?: boolean;
}

/**
 * Spawns one target at `pos` (metres; no placement rule, no overlap test, grounded drills not
 * lifted) at the current tick's start time, with `overrides` laid over the drill's values; the
 * spawn counts like any other (spawn event, counters, spawn hook, PRNG draws of the drill's
 * movement). Returns the new entity id. Throws RangeError for a non-finite position or an
 * override out of range (radius, health, lifetimeMs must be > 0), TypeError once the round is
 * finished.
 */
export function spawnTargetAt(w: GameWorld, pos: { x: number; y: number; z: number }, overrides: SpawnOverrides = {}): number {
  if (w.finished) throw new TypeError('spawnTargetAt: the round is finished');
  if (![pos.x, pos.y, pos.z].every(Number.isFinite)) throw new RangeError(`spawnTargetAt: position must be finite metres, got ${JSON.stringify(pos)}`);
  const o = overrides;
  if (o.radius !== undefined && !(o.radius > 0 && Number.isFinite(o.radius))) throw new RangeError(`spawnTargetAt: radius must be > 0 metres, got ${o.radius}`);
  if (o.health !== undefined && !(o.health > 0 && Number.isFinite(o.health))) throw new RangeError(`spawnTargetAt: health must be > 0, got ${o.health}`);
  if (o.lifetimeMs !== undefined && !(o.lifetimeMs > 0)) throw new RangeError(`spawnTargetAt: lifetimeMs must be > 0 ms, got ${o.lifetimeMs}`);
  if (o.velocity !== undefined && ![o.velocity.x, o.velocity.y, o.velocity.z].every(Number.isFinite)) throw new RangeError('spawnTargetAt: velocity must be finite m/s');
  FORCE[0] = 1; FORCE[1] = pos.x; FORCE[2] = pos.y; FORCE[3] = pos.z;
  try {
    SPAWN_T[0] = w.tick * TICK_MS;
    spawnAt(w);
  } finally {
    FORCE[0] = 0;
  }
  const eid = LAST_EID[0];
  const c = w.c;
  if (o.radius !== undefined) { c.Target.radius[eid] = o.radius; c.Grow.r0[eid] = o.radius; c.Grow.r1[eid] = o.radius; }
  if (o.health !== undefined) { c.Health.hp[eid] = o.health; c.Health.max[eid] = o.health; }
  if (o.lifetimeMs !== undefined) { c.Lifetime.totalMs[eid] = o.lifetimeMs; c.Lifetime.expireMs[eid] = c.Target.spawnMs[eid] + o.lifetimeMs; }
  if (o.velocity !== undefined) {
    c.Velocity.x[eid] = o.velocity.x; c.Velocity.y[eid] = o.velocity.y; c.Velocity.z[eid] = o.velocity.z;
    c.Orbit.omega[eid] = 0; c.Orbit.radius[eid] = 0;
    c.Transform.x[eid] = c.Transform.px[eid] = pos.x; c.Transform.y[eid] = c.Transform.py[eid] = pos.y; c.Transform.z[eid] = c.Transform.pz[eid] = pos.z;
  }
  if (o.priority !== undefined) {
    const was = c.Priority.is[eid] === 1;
    if (was !== o.priority) { c.Priority.is[eid] = o.priority ? 1 : 0; w.spawner.livePriority += o.priority ? 1 : -1; }
  }
  w.grid.valid = false;
  return eid;
}

/** Sets the velocity (or orbit) of newly spawned moving target `eid` (placed at `place`) by
 * movement pattern; see `spawnTarget`. A function of its own so that its PRNG and sinCos calls
 * are compiled inline (no boxed numbers per spawn). */
function startMotion(w: GameWorld, eid: number): void {
  const d = w.drill;
  const s = d.dynamicTargetSettings.length > 0 ? dynamicValueOf(w, 'speed', d.target.speed) : d.target.speed;
  const T = w.c.Transform;
  const V = w.c.Velocity;
  const O = w.c.Orbit;
  const pat = d.movement;
  // PRNG draws through Rng.fill (same stream as next() / range(), no allocation)
  const u01 = U;
  if (pat === 'horizontal') {
    w.rng.fill(u01, 1);
    V.x[eid] = u01[0] < 0.5 ? -s : s;
  } else if (pat === 'vertical') {
    w.rng.fill(u01, 1);
    V.y[eid] = u01[0] < 0.5 ? -s : s;
  } else if (pat === 'depth') {
    w.rng.fill(u01, 1);
    V.z[eid] = u01[0] < 0.5 ? -s : s;
  } else if (pat === 'circle') {
    const R = Math.max(0.25, d.positionMinDist);
    w.rng.fill(u01, 2); // = rng.range(0, 2 pi), rng.next()
    const ph = 0 + (2 * Math.PI - 0) * u01[0];
    O.radius[eid] = R;
    O.phase[eid] = ph;
    O.omega[eid] = (u01[1] < 0.5 ? -s : s) / R;
    sinCos(ph, SC);
    T.x[eid] = T.px[eid] = place[0] + R * SC[1];
    T.y[eid] = T.py[eid] = place[1] + R * SC[0];
  } else if (w.area.minZ < w.area.maxZ) {
    // uniform direction on the sphere
    w.rng.fill(u01, 2); // = rng.range(-1, 1), rng.range(0, 2 pi)
    const u = -1 + (1 - -1) * u01[0];
    const ang = 0 + (2 * Math.PI - 0) * u01[1];
    const q = Math.sqrt(1 - u * u);
    sinCos(ang, SC);
    V.x[eid] = s * q * SC[1]; V.y[eid] = s * u; V.z[eid] = s * q * SC[0];
  } else {
    w.rng.fill(u01, 1); // = rng.range(0, 2 pi)
    const ang = 0 + (2 * Math.PI - 0) * u01[0];
    sinCos(ang, SC);
    V.x[eid] = s * SC[1]; V.y[eid] = s * SC[0];
  }
  if (w.area.minY >= w.area.maxY) { V.y[eid] = 0; }
}

/** Fills the field to num_targets at round time 0 (called once when the world is created). */
export function spawnInitialTargets(w: GameWorld): void {
  for (let i = 0; i < w.drill.numTargets; i++) {
    if (!spawnTarget(w, 0)) f64Push(w.spawner.pending, 0);
  }
}

/** Most pending refills one spawn pass visits. A spawn hook may schedule more refills, which
 * the pass then visits too; past this bound (far above any drill's 50 targets) the pass throws
 * instead of looping on, so a hook that schedules a refill per spawn fails a test rather than
 * hanging it. */
export const MAX_SPAWN_VISITS_PER_TICK = 4096;

/** Spawns every due refill at the end of the current tick (see the module comment). Throws
 * Error past MAX_SPAWN_VISITS_PER_TICK visits. */
export function spawnSystem(w: GameWorld): void {
  const pl = w.spawner.pending;
  w.grid.valid = false; // targets moved or were removed since the last spawn pass
  if (pl.n === 0) return;
  if (w.rtc.waiting) return; // return to centre: the next target waits for the aim
  const endMs = (w.tick + 1) * TICK_MS;
  let keep = 0;
  // pl.n and pl.a are re-read: a spawn's game-mode hook may schedule (and grow) refills, which
  // this pass then visits too
  for (let i = 0; i < pl.n; i++) {
    if (i >= MAX_SPAWN_VISITS_PER_TICK) {
      throw new Error(`spawnSystem: more than ${MAX_SPAWN_VISITS_PER_TICK} pending refills in tick ${w.tick}: a spawn hook keeps scheduling refills`);
    }
    const due = pl.a[i];
    if (due <= endMs) {
      SPAWN_T[0] = endMs; // = spawnTarget(w, endMs), allocation-free
      if (spawnAt(w)) continue;
    }
    pl.a[keep++] = due;
  }
  pl.n = keep;
}
