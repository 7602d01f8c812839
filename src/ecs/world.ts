/**
 * The world of one run: the bitecs world, the component stores, the registered queries and the
 * plain (non-entity) state of the run: clock, aim, eye, weapon, shot queue, spawner, counters,
 * events and bullets. Created by `createGameWorld`; advanced one tick at a time by
 * `tick(world, events)` (pipeline.ts). Imports bitecs and contracts only.
 */
import { dynamicStartValue } from './dynamicSetting';
import { createWorld, registerQuery, type World, type Query } from 'bitecs';
import type { DrillConfig } from '../contracts/drillConfig';
import type { DrillEngineOptions, EngineEvent, EngineSettings, InputEvent, RunCounters } from '../contracts/engine';
import type { BulletRecord } from '../contracts/performance';
import { DRILL_DEFAULTS, TICK_MS, YAW_DEG_PER_COUNT } from '../contracts/constants';
import { createComponents, type Components } from './components';
import { createRng, type Rng } from './rng';
import { computeSpawnArea, targetRadius, type SpawnArea } from './spawn/area';
import { createSpawnGrid, type SpawnGrid } from './spawn/grid';
import { SPAWN_MARGIN } from './spawn/overlap';
import { compileModelParts } from './targetModels';
import { despawnAnimationMs, type DespawnAnimation } from './despawnAnimation';
import { resolveGameMode, type GameModeHooks } from './gameModes';
import type { PluginState, ResolvedSystem } from './pipeline';
import { asin, atan2 } from './detMath';

/** Default despawn animation length, ms: holo 0.2 s (spec sections 4 and 9). */
export const DEFAULT_DESPAWN_ANIMATION_MS = 200;

/** Return to centre: the default of how close (degrees) the aim must come to the direction
 * from the eye to return_pos to count as back (our choice of "a small angle"); a drill's config
 * `returnAngle` sets its own (DrillConfig.returnAngleDeg). */
export const RETURN_ANGLE_DEG = DRILL_DEFAULTS.returnAngleDeg;
/** Return to centre: the longest one wait lasts, ms; after it the next target spawns anyway,
 * so a round always ends (our safety rule; the spec gives no limit). */
export const RETURN_WAIT_MAX_MS = 5000;

/** Shots of the current tick, queued by the input system with the aim at their moment and
 * resolved in order by the shooting system. Preallocated, grown on demand. */
export interface ShotQueue {
  n: number;
  /** round time of the shot, ms */
  t: Float64Array;
  /** aim at the moment of the shot, degrees */
  yaw: Float64Array;
  pitch: Float64Array;
  /** eye at the moment of the shot, metres */
  ex: Float64Array;
  ey: Float64Array;
  ez: Float64Array;
}

/** The simulation state of one run. Mutable; owned by the pipeline's systems. */
export interface GameWorld {
  ecs: World;
  c: Components;
  drill: DrillConfig;
  settings: EngineSettings;
  seed: number;
  rng: Rng;
  /** every target entity, registered once: [Target]. Entities never leave it: a removed target
   * keeps its id (state Despawning, then None on the free list) and the next spawn reuses it,
   * so steady-state ticks make no structural bitecs changes and allocate nothing. Systems
   * filter by `Target.state`. */
  qTargets: Query;
  /** ticks simulated so far; the running tick covers [tick*TICK_MS, (tick+1)*TICK_MS) */
  tick: number;
  durationTicks: number;
  durationMs: number;
  finished: boolean;
  /** aim, degrees; pitch clamped to [-89, 89] */
  yaw: number;
  pitch: number;
  /** degrees per count, horizontal and vertical (vertical already signed: + = aim up per count) */
  degPerCountX: number;
  degPerCountY: number;
  /** look multiplier while ADS is held (settings.adsSensitivity, else drill.adsSens) */
  adsMultiplier: number;
  eye: { x: number; y: number; z: number };
  /** input state carried across ticks */
  input: {
    fireHeld: boolean;
    adsHeld: boolean;
    moveMask: number;
    /** round time the input system has advanced to, ms */
    cursorMs: number;
    /** earliest round time the next shot may fire (fire-rate limit), ms */
    nextShotMs: number;
  };
  /** ms between two shots: 1000 / fire rate */
  shotIntervalMs: number;
  shots: ShotQueue;
  /** clip: remaining rounds and reload end time (ms, -Infinity when not reloading) */
  clip: { size: number; enabled: boolean; remaining: number; reloadUntilMs: number };
  counters: RunCounters;
  spawner: {
    /** spawns so far (the next target's index) */
    count: number;
    /** round times (ms) at which a removed target's slot may be refilled, in scheduling order:
     * pending.a[0 .. pending.n) (preallocated, no allocation per refill) */
    pending: F64List;
    /** live priority targets */
    livePriority: number;
    /** live targets (any kind) */
    liveTargets: number;
    hasLast: boolean;
    lastX: number; lastY: number; lastZ: number;
    /** spawns that found no free position (spec section 8: nothing spawns) */
    failures: number;
  };
  area: SpawnArea;
  /** spatial hash for spawn overlap tests; invalidated every tick (targets move) */
  grid: SpawnGrid;
  despawnMs: number;
  trackBullets: boolean;
  bullets: BulletRecord[];
  events: EngineEvent[];
  /** false: no EngineEvents are recorded (benchmarks, server re-simulation); 'finished' still is */
  recordEvents: boolean;
  /** retired entity ids, reused by the next spawns (LIFO): freeIds.a[0 .. freeIds.n) */
  freeIds: I32List;
  log: InputEvent[];
  /** false: the input log is not kept */
  recordLog: boolean;
  /** warning logger; default console.warn */
  warn: (message: string) => void;
  /** the game mode of the run (src/ecs/gameModes) */
  mode: { name: string; refill: boolean; hooks: Partial<GameModeHooks>; endRequested: boolean };
  /** the hit test's view of the drill's target model (targetModels.ts, shootingSystem.ts):
   * its compiled parts; `useParts` false = the bounding sphere is the shape (the sphere model,
   * uniform scale); `facePlayer` the model turns toward the eye; kx, ky, kz = per-axis scale /
   * its largest factor; `critCore` the sphere's drawn core is its crit zone (radius
   * `coreFraction` × r) */
  hitModel: {
    parts: Float64Array; useParts: boolean; facePlayer: boolean; kx: number; ky: number; kz: number;
    critCore: boolean; coreFraction: number;
  };
  /** despawn animation of the run and whether kills explode into sparks */
  despawnAnimation: DespawnAnimation | null;
  sparks: boolean;
  /** return to centre (drill.returnToCentre): `waiting` after a kill until the aim is back within
   * RETURN_ANGLE_DEG of the eye -> return_pos direction; `pauseMs` = total time waited (ms, the
   * current wait included), added to the round's remaining time (spec section 4) */
  rtc: { enabled: boolean; waiting: boolean; waitStartMs: number; pauseMs: number; donePauseMs: number };
  /** round time (ms) after which no tag can be above 0 (last hit + 4 s): the damage system
   * skips its loop after it when there is no regeneration */
  tagUntilMs: number;
  /** dynamic target setting: the current value (metres, m/s or ms by type); NaN when off */
  dynamicValue: number;
  /** the second dynamic target setting's value (adaptive 'both': the speed, m/s); NaN when the
   * drill has fewer than two (dynamicSetting.ts) */
  dynamicValue2: number;
  /** the tick's systems in order when registered systems (pipeline.ts `registerSystem`) run in
   * this world; null = only the built-in ones (the fast path). Set by `installSystems`. */
  systems: readonly ResolvedSystem[] | null;
  /** the state of each registered system running in this world, by system name: plain data
   * (pipeline.ts PluginState), part of the state hash and of snapshots */
  plugins: Record<string, PluginState>;
}

/** Options of `createGameWorld`: those of `createDrillEngine` (contracts/engine.ts
 * DrillEngineOptions: seed uint32, despawnAnimationMs default 200, recordEvents, ...). */
export type GameWorldOptions = DrillEngineOptions;

/** A growable list of numbers in a Float64Array: items a[0 .. n). Grows by doubling, never
 * shrinks, so steady-state pushes and removals allocate nothing (a JS array emptied with
 * `length = 0` drops its backing store and reallocates it on the next push). */
export interface F64List { n: number; a: Float64Array }
/** Integer version of F64List (entity ids). */
export interface I32List { n: number; a: Int32Array }

/** An empty F64List with room for `cap` items. */
export function createF64List(cap: number): F64List {
  return { n: 0, a: new Float64Array(cap) };
}
/** An empty I32List with room for `cap` items. */
export function createI32List(cap: number): I32List {
  return { n: 0, a: new Int32Array(cap) };
}
/** Appends `v` (doubling the storage when full; rare). */
export function f64Push(l: F64List, v: number): void {
  if (l.n === l.a.length) {
    const b = new Float64Array(l.a.length * 2);
    b.set(l.a);
    l.a = b;
  }
  l.a[l.n++] = v;
}
/** Appends integer `v` (doubling the storage when full; rare). */
export function i32Push(l: I32List, v: number): void {
  if (l.n === l.a.length) {
    const b = new Int32Array(l.a.length * 2);
    b.set(l.a);
    l.a = b;
  }
  l.a[l.n++] = v;
}

function makeShotQueue(cap: number): ShotQueue {
  return {
    n: 0, t: new Float64Array(cap), yaw: new Float64Array(cap), pitch: new Float64Array(cap),
    ex: new Float64Array(cap), ey: new Float64Array(cap), ez: new Float64Array(cap),
  };
}

/** Makes room for one more queued shot (doubling; rare). */
export function ensureShotCapacity(w: GameWorld): void {
  const q = w.shots;
  if (q.n < q.t.length) return;
  const b = makeShotQueue(q.t.length * 2);
  b.t.set(q.t); b.yaw.set(q.yaw); b.pitch.set(q.pitch); b.ex.set(q.ex); b.ey.set(q.ey); b.ez.set(q.ez);
  b.n = q.n;
  w.shots = b;
}

/**
 * Creates the world of a run (no targets yet: `spawnInitialTargets` in spawnSystem.ts places
 * them at round time 0). Bullets are tracked when analysis mode is 1, or the duration is at most
 * 300000 ms and the weapon is not automatic (spec section 9).
 */
export function createGameWorld(opts: GameWorldOptions): GameWorld {
  const { drill, settings } = opts;
  const ecs = createWorld();
  const c = createComponents(Math.max(16, drill.numTargets * 2 + 8));
  const qTargets = registerQuery(ecs, [c.Target]);
  const sensX = settings.sensitivity * YAW_DEG_PER_COUNT;
  const sensY = (settings.sensitivityY ?? settings.sensitivity) * YAW_DEG_PER_COUNT;
  const warn = opts.logger ?? ((m: string) => console.warn(m));
  const mode = resolveGameMode(drill.gameMode);
  const anim = opts.despawnAnimation ?? null;
  const despawnMs = opts.despawnAnimationMs ?? (anim !== null ? despawnAnimationMs(anim) : DEFAULT_DESPAWN_ANIMATION_MS);
  const eye = {
    x: drill.playerStart[0] + drill.playerOffset[0],
    y: drill.playerStart[1] + drill.playerOffset[1],
    z: drill.playerStart[2] + drill.playerOffset[2],
  };
  let yaw0 = 0, pitch0 = 0;
  if (drill.initialPos) {
    const vx = drill.initialPos[0] - eye.x, vy = drill.initialPos[1] - eye.y, vz = drill.initialPos[2] - eye.z;
    const len = Math.sqrt(vx * vx + vy * vy + vz * vz);
    if (len > 0) {
      yaw0 = (atan2(vx, -vz) * 180) / Math.PI;
      pitch0 = (asin(vy / len) * 180) / Math.PI;
    }
  }
  const clipEnabled = drill.weapon.clipSize > 0 && drill.weapon.clipSize < 99999;
  const durationTicks = Math.ceil(drill.durationMs / TICK_MS);
  return {
    ecs, c, drill, settings,
    seed: opts.seed >>> 0,
    rng: createRng(opts.seed >>> 0),
    qTargets,
    tick: 0,
    durationTicks,
    durationMs: drill.durationMs,
    finished: false,
    yaw: yaw0,
    pitch: pitch0,
    degPerCountX: sensX,
    degPerCountY: settings.invertY ? sensY : -sensY,
    adsMultiplier: settings.adsSensitivity !== undefined && settings.adsSensitivity > 0 ? settings.adsSensitivity : drill.adsSens,
    eye,
    input: { fireHeld: false, adsHeld: false, moveMask: 0, cursorMs: 0, nextShotMs: 0 },
    shotIntervalMs: 1000 / drill.weapon.fireRate,
    shots: makeShotQueue(64),
    clip: {
      size: drill.weapon.clipSize, enabled: clipEnabled, remaining: drill.weapon.clipSize,
      reloadUntilMs: -Infinity,
    },
    counters: {
      hits: 0, clusterHits: 0, crits: 0, blocked: 0, kills: 0, damage: 0, shots: 0, spawns: 0,
      timeUntilKilled: 0, totalTime: 0, mouseInputs: 0, controllerInputs: 0, decoyHits: 0,
      clip: { size: drill.weapon.clipSize, remaining: drill.weapon.clipSize, reloadProgress: 0 },
    },
    spawner: {
      count: 0, pending: createF64List(64), livePriority: 0, liveTargets: 0, hasLast: false, lastX: 0, lastY: 0, lastZ: 0, failures: 0,
    },
    area: computeSpawnArea(drill),
    grid: createSpawnGrid(2 * targetRadius(drill) + SPAWN_MARGIN),
    despawnMs: Math.max(0, despawnMs),
    trackBullets: opts.trackBullets ?? (drill.analysisMode === 1 || (drill.durationMs <= 300000 && !drill.weapon.automatic)),
    bullets: [],
    events: [],
    recordEvents: opts.recordEvents ?? true,
    freeIds: createI32List(Math.max(16, drill.numTargets * 2 + 8)),
    log: [],
    recordLog: opts.recordInputLog ?? true,
    warn,
    mode: { name: mode.name, refill: mode.refill, hooks: mode.hooks, endRequested: false },
    hitModel: hitModelOf(drill),
    despawnAnimation: (anim as DespawnAnimation | null),
    sparks: anim === 'explode',
    rtc: { enabled: drill.returnToCentre, waiting: false, waitStartMs: 0, pauseMs: 0, donePauseMs: 0 },
    tagUntilMs: -Infinity,
    dynamicValue: dynamicStartValue({ drill }, 0),
    dynamicValue2: dynamicStartValue({ drill }, 1),
    systems: null,
    plugins: {},
  };
}

/** The world's `hitModel` for `drill` (see GameWorld.hitModel). */
function hitModelOf(drill: DrillConfig): GameWorld['hitModel'] {
  const t = drill.target;
  const [sx, sy, sz] = t.scale;
  const m = Math.max(sx, sy, sz);
  const uniform = sx === sy && sy === sz;
  return {
    parts: compileModelParts(t.model),
    useParts: t.model !== 'sphere' || !uniform,
    facePlayer: t.facePlayer,
    kx: sx / m, ky: sy / m, kz: sz / m,
    critCore: t.model === 'sphere' && t.critCore,
    coreFraction: t.critRadiusFraction,
  };
}
