/**
 * The drill engine's testing kit (issue 17, issue 34; docs/engine.md). Import it through
 * src/kit.ts, the kit's public entry (it adds `metrics()` and the drill loaders). What a developer
 * needs to unit-test an ECS system or a game mode in Jest with deterministic ticks, driving the
 * SAME pipeline the game runs (`createDrillEngine`, src/ecs/engine.ts; tick order in
 * src/ecs/pipeline.ts). No second engine, no Babylon, no DOM: it runs in Node as it does in the
 * page.
 *
 * ```ts
 * import { createDrillKit } from '../src/ecs/testing';
 * import { kitDrill } from '../src/drill/kitDrills'; // catalogue drills and partial configs
 *
 * const kit = createDrillKit({ drill: kitDrill(134), seed: 42 });
 * const t = kit.liveTargets()[0];
 * kit.at(kit.tick).aimAt(t).click();          // input scripted for a tick, at sub-tick offsets
 * kit.step();                                  // one tick (1/64 s)
 * expect(kit.counters().kills).toBe(1);
 * expect(kit.eventsOf('removed')[0].reason).toBe('playerKilled');
 * ```
 *
 * Units: ticks (TICK_MS = 15.625 ms each), round time in ms, look deltas in mouse counts (a count
 * turns YAW_DEG_PER_COUNT × sensitivity degrees), positions in metres, angles in degrees.
 * The kit takes a full `DrillConfig` (src/contracts/drillConfig.ts): the engine may not import
 * the drill parser (src/ecs imports only bitecs and src/contracts), so building one from a
 * catalogue id or a partial gameconfig with the spec's defaults is src/drill/kitDrills.ts's job.
 */
import type { DrillConfig } from '../contracts/drillConfig';
import type { DrillEngine, EngineEvent, EngineSettings, InputEvent, RunCounters, TargetView } from '../contracts/engine';
import { MOVE_BITS } from '../contracts/engine';
import { TICK_MS, YAW_DEG_PER_COUNT } from '../contracts/constants';
import { createDrillEngine, createEngineAround, worldOf } from './engine';
import { asin, atan2 } from './detMath';
import type { Components } from './components';
import type { GameWorld } from './world';
import { runSystem } from './pipeline';
import { restoreWorld, snapshotWorld, type WorldSnapshot } from './snapshot';
import { spawnTargetAt, type SpawnOverrides } from './systems/spawnSystem';

/** A read-only view of a typed array: indexing and iteration, no writes (a write through it is a
 * type error, and a TypeError at run time). */
export interface ReadonlyNumbers extends Iterable<number> {
  readonly length: number;
  readonly [index: number]: number;
}

/** Read-only views of the world's component arrays, indexed by entity id (components.ts: units
 * metres, m/s, ms; `Target.state` 0 none, 1 alive, 2 despawning). */
export type ComponentViews = {
  readonly [S in Exclude<keyof Components, 'capacity'>]: { readonly [F in keyof Components[S]]: ReadonlyNumbers };
} & { readonly capacity: number };

/** The weapon's state at the current tick's start (round times in ms). */
export interface WeaponState {
  /** earliest round time the next shot may fire (fire-rate limit), ms */
  nextShotMs: number;
  /** ms between two shots (1000 / weapon_fire_rate) */
  shotIntervalMs: number;
  automatic: boolean;
  /** the fire button is held */
  fireHeld: boolean;
  clip: {
    /** false when the drill has no clip (clip_size 0 or >= 99999) */
    enabled: boolean;
    size: number;
    remaining: number;
    /** true while an empty clip reloads */
    reloading: boolean;
    /** round time the running reload ends, ms (-Infinity when none) */
    reloadUntilMs: number;
  };
}

/** A view of typed array `a` that throws TypeError on writes. */
function readonlyView(a: Float64Array | Int32Array | Uint8Array, name: string): ReadonlyNumbers {
  return new Proxy(a, {
    get(t, k) {
      const v = Reflect.get(t, k, t) as unknown;
      return typeof v === 'function' ? (v as (...args: unknown[]) => unknown).bind(t) : v;
    },
    set(_t, k) { throw new TypeError(`component view ${name}[${String(k)}] is read-only`); },
    defineProperty(_t, k) { throw new TypeError(`component view ${name}[${String(k)}] is read-only`); },
    deleteProperty(_t, k) { throw new TypeError(`component view ${name}[${String(k)}] is read-only`); },
  }) as unknown as ReadonlyNumbers;
}

/** Engine settings of the kit unless told otherwise: sensitivity 1, no separate vertical
 * sensitivity, not inverted (a count turns YAW_DEG_PER_COUNT degrees). */
export const KIT_SETTINGS: EngineSettings = { sensitivity: 1, sensitivityY: null, invertY: false };

/** Options of `createDrillKit`. */
export interface DrillKitOptions {
  /** the drill (src/drill/kitDrills.ts kitDrill builds one from a catalogue id or partial config);
   * required unless `restore` is given */
  drill?: DrillConfig;
  /** a snapshot (`kit.snapshot()`) to continue from: its drill, seed, settings and state; the
   * options above are then ignored. The same systems and game modes must be registered. */
  restore?: WorldSnapshot;
  /** PRNG seed, uint32 (default 1) */
  seed?: number;
  /** engine settings over KIT_SETTINGS */
  settings?: Partial<EngineSettings>;
  /** the despawn animation's length, ms (default 200, holo) */
  despawnAnimationMs?: number;
  /** the despawn animation's name ('explode' adds sparks) */
  despawnAnimation?: string;
}

/** A copy of one target as the engine reports it (TargetView's fields, copied: safe to keep;
 * position in metres, lifetimeLeft 0..1, despawn -1 while alive), plus the yaw and pitch
 * (degrees, engine convention) of its centre seen from the eye. */
export type KitTarget = Pick<TargetView, 'eid' | 'x' | 'y' | 'z' | 'radius' | 'health' | 'maxHealth' | 'priority'
  | 'lifetimeLeft' | 'despawn' | 'removalReason'> & { yaw: number; pitch: number; /** a decoy (config decoyShare) */ decoy: boolean };

/** Input for one tick, scripted at sub-tick offsets (ms from the tick's start, 0 ≤ offset <
 * TICK_MS; later calls without an offset go 0.5 ms after the previous one). */
export interface TickScript {
  /** a look delta in counts at `offsetMs` */
  look(dx: number, dy: number, offsetMs?: number): TickScript;
  /** the look delta that turns the aim from where it will be onto `target` (see `deltasTo`) */
  aimAt(target: { x: number; y: number; z: number }, offsetMs?: number): TickScript;
  fireDown(offsetMs?: number): TickScript;
  fireUp(offsetMs?: number): TickScript;
  /** fire down then up 0.5 ms later */
  click(offsetMs?: number): TickScript;
  /** movement keys held from `offsetMs` on (the whole set: an empty list releases all) */
  keys(held: ReadonlyArray<keyof typeof MOVE_BITS>, offsetMs?: number): TickScript;
  /** ADS button down or up */
  ads(down: boolean, offsetMs?: number): TickScript;
}

/** The kit around one engine. */
export interface DrillKit {
  /** the engine itself (the same object the game drives) */
  readonly engine: DrillEngine;
  /** ticks run so far */
  readonly tick: number;
  /** round time at the current tick's start, ms */
  readonly timeMs: number;
  readonly finished: boolean;
  /** input scripted for tick `tick` (≥ the current tick); run by `step` when that tick comes */
  at(tick: number): TickScript;
  /** runs `n` ticks (default 1) with their scripted input; returns the engine events they raised */
  step(n?: number): EngineEvent[];
  /** steps until `predicate(kit)` holds (checked before each tick) and returns the ticks run;
   * throws Error when it still does not hold after `maxTicks` ticks or the round ended first */
  runUntil(predicate: (kit: DrillKit) => boolean, maxTicks: number): number;
  /** every target the engine draws (despawning ones included) */
  targets(): KitTarget[];
  /** the live targets only */
  liveTargets(): KitTarget[];
  counters(): RunCounters;
  /** every event raised since the kit was made, oldest first */
  events(): readonly EngineEvent[];
  /** the events of one type */
  eventsOf<T extends EngineEvent['type']>(type: T): Array<Extract<EngineEvent, { type: T }>>;
  /** the engine's 32-bit state hash (equal for equal runs: same drill, seed, settings, input) */
  hash(): number;
  /** look counts that turn the current aim onto (x, y, z) from the eye (whole counts are not
   * required: the engine takes fractional counts) */
  deltasTo(p: { x: number; y: number; z: number }): { dx: number; dy: number };
  /** the world itself, for reading (systems' state: `world.plugins`); writing to it from a test
   * bypasses the engine's rules */
  readonly world: Readonly<GameWorld>;
  /** read-only views of the component arrays (fresh views each call: the stores grow) */
  components(): ComponentViews;
  /** the weapon now: next shot time, fire interval, clip */
  weapon(): WeaponState;
  /** places a target at `position` (metres) now, with `overrides` over the drill's radius,
   * health, lifetime, velocity, priority; returns its entity id (worldApi `spawnTargetAt`:
   * RangeError for a bad position or override, TypeError once finished) */
  spawnAt(position: { x: number; y: number; z: number }, overrides?: SpawnOverrides): number;
  /** runs one system alone against the world (pipeline.ts `runSystem`: a built-in name or a
   * registered system of this world; 'input' takes `events` in the current tick's window); the
   * tick does not advance. Returns the engine events it raised. */
  runSystem(name: string, events?: readonly InputEvent[]): EngineEvent[];
  /** a deep copy of the world's state now (snapshot.ts): `createDrillKit({ restore })` continues
   * from it; with the same input the restored kit has the same hash at every later tick */
  snapshot(): WorldSnapshot;
}

const D = 180 / Math.PI;

/** The yaw / pitch (degrees, engine convention: yaw turns right from −z, pitch up) of the
 * direction from `eye` to `p` (detMath's atan2 / asin: the same answer in every JS engine). */
function anglesTo(eye: { x: number; y: number; z: number }, p: { x: number; y: number; z: number }): { yaw: number; pitch: number } {
  const vx = p.x - eye.x, vy = p.y - eye.y, vz = p.z - eye.z;
  const len = Math.sqrt(vx * vx + vy * vy + vz * vz) || 1;
  return { yaw: atan2(vx, -vz) * D, pitch: asin(vy / len) * D };
}

/**
 * Creates an engine for `opts.drill` (or continuing the snapshot `opts.restore`) and the kit
 * around it. Throws TypeError with neither a drill nor a snapshot, what `createDrillEngine`
 * throws (RangeError for an unknown game mode), and for a restore what `restoreWorld` throws
 * (Error when the registered systems differ from the snapshot's).
 */
export function createDrillKit(opts: DrillKitOptions): DrillKit {
  let engine: DrillEngine;
  let settings: EngineSettings;
  if (opts.restore !== undefined) {
    const w0 = restoreWorld(opts.restore, () => undefined);
    settings = w0.settings;
    engine = createEngineAround(w0, false);
  } else {
    if (opts.drill === undefined) throw new TypeError('createDrillKit: give a drill (or a snapshot to restore)');
    settings = { ...KIT_SETTINGS, ...(opts.settings ?? {}) };
    engine = createDrillEngine({
      drill: opts.drill,
      seed: opts.seed ?? 1,
      settings,
      despawnAnimationMs: opts.despawnAnimationMs,
      despawnAnimation: opts.despawnAnimation,
      logger: () => undefined,
    });
  }
  const w = worldOf(engine);
  const scripted = new Map<number, InputEvent[]>();
  const seen: EngineEvent[] = [];
  // aim the scripted looks will have reached, per tick, for aimAt (counts add up within a tick)
  const plannedTurn = new Map<number, { dx: number; dy: number }>();

  const dpc = (): { x: number; y: number } => {
    const x = settings.sensitivity * YAW_DEG_PER_COUNT;
    const y = (settings.sensitivityY ?? settings.sensitivity) * YAW_DEG_PER_COUNT * (settings.invertY ? -1 : 1);
    return { x, y };
  };
  const deltasTo = (p: { x: number; y: number; z: number }, extra = { dx: 0, dy: 0 }): { dx: number; dy: number } => {
    const a = anglesTo(engine.eye, p);
    const d = dpc();
    // wrapped into [-180, 180) without a loop (yaw is not bounded: a loop could run for ever)
    let dyaw = (a.yaw - engine.yaw) % 360;
    if (dyaw >= 180) dyaw -= 360; else if (dyaw < -180) dyaw += 360;
    // a positive dy count aims DOWN (screen y), hence −pitch
    return { dx: dyaw / d.x - extra.dx, dy: -(a.pitch - engine.pitch) / d.y - extra.dy };
  };

  const copy = (t: TargetView): KitTarget => {
    const a = anglesTo(engine.eye, t);
    return {
      eid: t.eid, x: t.x, y: t.y, z: t.z, radius: t.radius, health: t.health, maxHealth: t.maxHealth,
      priority: t.priority, lifetimeLeft: t.lifetimeLeft, despawn: t.despawn, removalReason: t.removalReason,
      yaw: a.yaw, pitch: a.pitch, decoy: t.decoy === true,
    };
  };

  const kit: DrillKit = {
    engine,
    get tick() { return engine.tick; },
    get timeMs() { return engine.tick * TICK_MS; },
    get finished() { return engine.finished; },

    at(tick: number): TickScript {
      if (!Number.isInteger(tick) || tick < engine.tick) throw new RangeError(`tick ${tick} is not an integer at or after the current tick ${engine.tick}`);
      const list = scripted.get(tick) ?? [];
      scripted.set(tick, list);
      let last = list.length > 0 ? list[list.length - 1].t - tick * TICK_MS : -0.5;
      const t = (offsetMs?: number): number => {
        const off = offsetMs ?? last + 0.5;
        if (!(off >= 0 && off < TICK_MS)) throw new RangeError(`offset ${off} ms is outside the tick (0 to ${TICK_MS} ms)`);
        last = off;
        return tick * TICK_MS + off;
      };
      const push = (ev: InputEvent): void => { list.push(ev); list.sort((a, b) => a.t - b.t); };
      const script: TickScript = {
        look(dx, dy, offsetMs) {
          push({ type: 'look', t: t(offsetMs), dx, dy });
          const p = plannedTurn.get(tick) ?? { dx: 0, dy: 0 };
          plannedTurn.set(tick, { dx: p.dx + dx, dy: p.dy + dy });
          return script;
        },
        aimAt(target, offsetMs) {
          // looks already scripted for earlier ticks still to run, and this tick's, turn the aim first
          const pending = { dx: 0, dy: 0 };
          for (const [k, v] of plannedTurn) if (k >= engine.tick && k <= tick) { pending.dx += v.dx; pending.dy += v.dy; }
          const d = deltasTo(target, pending);
          return script.look(d.dx, d.dy, offsetMs);
        },
        fireDown(offsetMs) { push({ type: 'fire', t: t(offsetMs), down: true }); return script; },
        fireUp(offsetMs) { push({ type: 'fire', t: t(offsetMs), down: false }); return script; },
        click(offsetMs) { script.fireDown(offsetMs); return script.fireUp(); },
        keys(held, offsetMs) {
          let mask = 0;
          for (const k of held) mask |= MOVE_BITS[k];
          push({ type: 'move', t: t(offsetMs), mask });
          return script;
        },
        ads(down, offsetMs) { push({ type: 'ads', t: t(offsetMs), down }); return script; },
      };
      return script;
    },

    step(n = 1): EngineEvent[] {
      const out: EngineEvent[] = [];
      for (let i = 0; i < n && !engine.finished; i++) {
        const k = engine.tick;
        engine.step(scripted.get(k) ?? []);
        scripted.delete(k);
        plannedTurn.delete(k);
        const evs = engine.drainEvents();
        out.push(...evs);
        seen.push(...evs);
      }
      return out;
    },

    runUntil(predicate, maxTicks): number {
      let n = 0;
      while (!predicate(kit)) {
        if (n >= maxTicks) throw new Error(`runUntil: the condition did not hold within ${maxTicks} ticks`);
        if (engine.finished) throw new Error(`runUntil: the round ended at tick ${engine.tick} before the condition held`);
        kit.step(1);
        n++;
      }
      return n;
    },

    targets(): KitTarget[] {
      const out: KitTarget[] = [];
      engine.forEachTarget((t) => { out.push(copy(t)); });
      return out;
    },
    liveTargets(): KitTarget[] {
      return kit.targets().filter((t) => t.despawn < 0);
    },
    counters: () => engine.counters(),
    events: () => seen,
    eventsOf<T extends EngineEvent['type']>(type: T) {
      return seen.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);
    },
    hash: () => engine.stateHash(),
    deltasTo: (p) => deltasTo(p),
    world: w,
    components(): ComponentViews {
      const out: Record<string, unknown> = { capacity: w.c.capacity };
      for (const [store, fields] of Object.entries(w.c)) {
        if (store === 'capacity') continue;
        const v: Record<string, ReadonlyNumbers> = {};
        for (const [k, a] of Object.entries(fields as Record<string, Float64Array | Int32Array | Uint8Array>)) v[k] = readonlyView(a, `${store}.${k}`);
        out[store] = Object.freeze(v);
      }
      return Object.freeze(out) as unknown as ComponentViews;
    },
    weapon(): WeaponState {
      const c = w.clip;
      return {
        nextShotMs: w.input.nextShotMs, shotIntervalMs: w.shotIntervalMs, automatic: w.drill.weapon.automatic,
        fireHeld: w.input.fireHeld,
        clip: {
          enabled: c.enabled, size: c.size, remaining: c.remaining,
          reloading: c.enabled && c.remaining <= 0 && w.tick * TICK_MS < c.reloadUntilMs, reloadUntilMs: c.reloadUntilMs,
        },
      };
    },
    spawnAt(position, overrides) {
      const eid = spawnTargetAt(w, position, overrides);
      const evs = engine.drainEvents();
      seen.push(...evs);
      return eid;
    },
    runSystem(name, events = []) {
      runSystem(w, name, events);
      const evs = engine.drainEvents();
      seen.push(...evs);
      return evs;
    },
    snapshot: () => snapshotWorld(w),
  };
  return kit;
}
