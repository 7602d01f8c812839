/**
 * `createDrillEngine`: the facade of contracts/engine.ts over the ECS world and pipeline.
 * Deterministic: the same drill, seed, settings and input events give a bit-identical run
 * (same `stateHash` after every tick) in Node and in the browser.
 */
import type {
  DrillEngine, DrillEngineOptions, EngineEvent, InputEvent, RemovalReason, RunCounters, SparkView, TargetView,
} from '../contracts/engine';
import type { BulletRecord } from '../contracts/performance';
import { TICK_MS } from '../contracts/constants';
import { REMOVAL_REASONS, ST_ALIVE, ST_DESPAWNING, ST_NONE } from './components';
import { createGameWorld, type GameWorld } from './world';
import { installSystems, tick as runTick, tickColumns, type PluginValue } from './pipeline';
import { inputColumnEvent, INPUT_CODE_LOOK_CONT, type InputColumns } from '../contracts/inputColumns';
import { spawnInitialTargets } from './systems/spawnSystem';
import { atan2 } from './detMath';
import {
  CRIT_PARTICLE_RAMP, DESPAWN_COLOUR_INDEX_CRIT, KILL_PARTICLE_RAMP, MAX_PARTICLES, SPARK_COUNT,
  SPARK_DIRECTIONS, SPARK_SIZE, SPARK_SPEED, rampColour,
} from './despawnAnimation';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;
const DESPAWNING = ST_DESPAWNING;
const NONE = ST_NONE;

/** 32-bit FNV-1a over words; floats are hashed by their IEEE-754 bits. */
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
// Math.imul held in a module binding: a replay hashes every tick (~500 multiplies), and where
// the engine runs in a Node vm context (Jest) each lookup of the global `Math` costs ~0.7 µs,
// which made a 60 s replay 5-10x slower there than in plain Node. Same function, same hashes.
const imul = Math.imul;
function mixWord(h: number, v: number): number {
  for (let k = 0; k < 4; k++) {
    h ^= (v >>> (k * 8)) & 0xff;
    h = imul(h, 0x01000193);
  }
  return h >>> 0;
}
function mixF(h: number, v: number): number {
  f64[0] = v;
  return mixWord(mixWord(h, u32[0]), u32[1]);
}

/** Mixes plug-in state value `v` into `h` (numbers by their IEEE-754 bits; arrays and typed
 * arrays by length then items; objects by sorted keys, each key's characters then its value). */
function mixPlugin(h: number, v: PluginValue): number {
  if (typeof v === 'number') return mixF(mixWord(h, 1), v);
  if (typeof v === 'boolean') return mixWord(h, v ? 3 : 2);
  if (v === null) return mixWord(h, 4);
  if (typeof v === 'string') {
    h = mixWord(mixWord(h, 5), v.length);
    for (let i = 0; i < v.length; i++) h = mixWord(h, v.charCodeAt(i));
    return h;
  }
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    const a = v as ArrayLike<PluginValue>;
    h = mixWord(mixWord(h, 6), a.length);
    for (let i = 0; i < a.length; i++) h = mixPlugin(h, a[i]);
    return h;
  }
  const o = v as { [k: string]: PluginValue };
  const keys = Object.keys(o).sort();
  h = mixWord(mixWord(h, 7), keys.length);
  for (const k of keys) { h = mixPlugin(h, k); h = mixPlugin(h, o[k]); }
  return h;
}

/** The hash of the whole simulation state (see `DrillEngine.stateHash`): clock, aim, eye, input,
 * PRNG, counters, weapon, spawner, every live and despawning target, and (only when registered
 * systems run in the world, so runs without plug-ins keep their hashes) every plug-in's state in
 * tick order. */
export function hashWorld(w: GameWorld): number {
  let h = 0x811c9dc5;
  h = mixWord(h, w.tick);
  h = mixWord(h, w.finished ? 1 : 0);
  h = mixF(h, w.yaw); h = mixF(h, w.pitch);
  h = mixF(h, w.eye.x); h = mixF(h, w.eye.y); h = mixF(h, w.eye.z);
  const inp = w.input;
  h = mixWord(h, (inp.fireHeld ? 1 : 0) | (inp.adsHeld ? 2 : 0) | (inp.moveMask << 2));
  h = mixF(h, inp.nextShotMs);
  for (let i = 0; i < 4; i++) h = mixWord(h, w.rng.state[i]);
  const c = w.counters;
  h = mixWord(h, c.hits); h = mixWord(h, c.clusterHits); h = mixWord(h, c.crits); h = mixWord(h, c.kills);
  h = mixF(h, c.damage); h = mixWord(h, c.shots); h = mixWord(h, c.spawns); h = mixF(h, c.timeUntilKilled);
  h = mixWord(h, c.mouseInputs); h = mixWord(h, c.controllerInputs);
  h = mixWord(h, w.clip.remaining); h = mixF(h, w.clip.reloadUntilMs);
  h = mixWord(h, w.spawner.count);
  h = mixWord(h, (w.rtc.waiting ? 1 : 0) | (w.mode.endRequested ? 2 : 0));
  h = mixF(h, w.rtc.pauseMs); h = mixF(h, w.rtc.waitStartMs); h = mixF(h, w.dynamicValue);
  // issue 36 rules: mixed only in runs that use them (older runs keep their hashes)
  const d36 = w.drill;
  if (d36.dynamicTargetSettings.length > 1) h = mixF(h, w.dynamicValue2);
  if (d36.decoyShare > 0) h = mixWord(h, c.decoyHits ?? 0);
  const timed = d36.target.moving && (d36.movement === 'reactive' || d36.movement === 'strafe');
  const pend = w.spawner.pending;
  for (let i = 0; i < pend.n; i++) h = mixF(h, pend.a[i]);
  const C = w.c;
  const T = C.Transform;
  for (let l = 0; l < 2; l++) {
    const d = w.qTargets.dense; // pass 0: alive targets, pass 1: despawning ones (a stable order for hash and view)
    for (let i = 0, n = d.length; i < n; i++) {
      const e = d[i];
      const st = C.Target.state[e];
      if (st === NONE) continue;
      if (st !== (l === 0 ? ALIVE : DESPAWNING)) continue;
      h = mixWord(h, e); h = mixWord(h, st); h = mixWord(h, C.Target.index[e]);
      h = mixF(h, T.x[e]); h = mixF(h, T.y[e]); h = mixF(h, T.z[e]);
      h = mixF(h, C.Velocity.x[e]); h = mixF(h, C.Velocity.y[e]); h = mixF(h, C.Velocity.z[e]);
      h = mixF(h, C.Health.hp[e]); h = mixF(h, C.Lifetime.expireMs[e]);
      h = mixWord(h, C.Target.shotsLeft[e]); h = mixWord(h, C.Priority.is[e]);
      h = mixF(h, C.Target.radius[e]); h = mixF(h, C.Tag.value[e]); h = mixF(h, C.Orbit.phase[e]);
      if (st === DESPAWNING) { h = mixF(h, C.Despawn.atMs[e]); h = mixWord(h, C.Despawn.reason[e]); }
      if (timed) h = mixF(h, C.Motion.nextMs[e]);
      if (d36.decoyShare > 0) h = mixWord(h, C.Decoy.is[e]);
    }
  }
  const sys = w.systems;
  if (sys !== null) {
    for (let i = 0; i < sys.length; i++) {
      const s = sys[i];
      if (s.builtin >= 0) continue;
      h = mixPlugin(h, s.name);
      h = mixPlugin(h, w.plugins[s.name]);
    }
  }
  return h >>> 0;
}

/** Throws RangeError when an event of `cols[start, end)` lies outside tick `tick`'s window or
 * has a code above INPUT_CODE_LOOK_CONT (`DrillEngine.stepColumns`; a module function, see
 * forEachTargetOf). */
function checkColumnsWindow(tick: number, cols: InputColumns, start: number, end: number): void {
  const lo = tick * TICK_MS, hi = lo + TICK_MS;
  const ts = cols.t, code = cols.code;
  for (let i = start; i < end; i++) {
    const t = ts[i];
    if (!(t >= lo && t < hi)) {
      throw new RangeError(`input event t=${t} ms is outside tick ${tick} [${lo}, ${hi})`);
    }
    if (code[i] > INPUT_CODE_LOOK_CONT) throw new RangeError(`input event ${i}: unknown input code ${code[i]}`);
  }
}

/**
 * `DrillEngine.forEachTarget` of world `w`: fills `view` for each target to draw (alive ones
 * first, then despawning ones) and calls `cb`. A module function, not a closure of the engine:
 * its loop's optimised code is then shared by every engine (the server makes one per verified
 * run; issue 38 item 4).
 */
function forEachTargetOf(w: GameWorld, view: TargetView, facePlayer: boolean, cb: (t: TargetView) => void): void {
  const C = w.c;
  const T = C.Transform;
  const nowMs = w.tick * TICK_MS;
  for (let l = 0; l < 2; l++) {
    const d = w.qTargets.dense; // pass 0: alive targets, pass 1: despawning ones (a stable order for hash and view)
    for (let i = 0, n = d.length; i < n; i++) {
      const e = d[i];
      const st = C.Target.state[e];
      if (st === NONE) continue;
      if (l === 0 && st !== ALIVE) continue;
      if (l === 1 && st !== DESPAWNING) continue;
      view.eid = e;
      view.x = T.x[e]; view.y = T.y[e]; view.z = T.z[e];
      view.px = T.px[e]; view.py = T.py[e]; view.pz = T.pz[e];
      view.radius = C.Target.radius[e];
      view.health = C.Health.hp[e];
      view.maxHealth = C.Health.max[e];
      view.priority = C.Priority.is[e] === 1;
      const total = C.Lifetime.totalMs[e];
      if (total === Infinity) view.lifetimeLeft = 1;
      else {
        const left = (C.Lifetime.expireMs[e] - nowMs) / total;
        view.lifetimeLeft = left < 0 ? 0 : left > 1 ? 1 : left;
      }
      if (st === DESPAWNING) {
        const dur = C.Despawn.durationMs[e];
        const p = dur > 0 ? (nowMs - C.Despawn.atMs[e]) / dur : 1;
        view.despawn = p < 0 ? 0 : p > 1 ? 1 : p;
        view.removalReason = REMOVAL_REASONS[C.Despawn.reason[e]] as RemovalReason;
        view.despawnColour = C.Despawn.colour[e];
      } else {
        view.despawn = -1;
        view.removalReason = null;
        view.despawnColour = -1;
      }
      view.tag = C.Tag.value[e];
      view.decoy = C.Decoy.is[e] === 1;
      view.facing = facePlayer ? (atan2(w.eye.x - T.x[e], w.eye.z - T.z[e]) * 180) / Math.PI : 0;
      cb(view);
    }
  }
}

/**
 * Creates the drill engine of one run (contracts/engine.ts `DrillEngine`). The first targets are
 * placed at round time 0. `despawnAnimationMs` (default 200, holo) is how long a removed target
 * stays drawable for its despawn animation.
 *
 * Event windows: `step(events)` runs one tick and throws RangeError when an event's t is outside
 * [tick*TICK_MS, (tick+1)*TICK_MS) or not a finite number. `advanceTo(untilMs, events)` runs
 * every tick that ends at or before `untilMs`; `events` (sorted by t) are all consumed: those of
 * a run tick go to it, a late event (t before the current tick) goes to the current tick with t
 * clamped to its start, and events after the last run tick wait in an internal queue for the
 * next `step`/`advanceTo` call. The input log holds every event as applied (clamped copies), so
 * replaying the log through `step` or `advanceTo` reproduces the run.
 */
export function createDrillEngine(opts: DrillEngineOptions): DrillEngine {
  return createEngineAround(createGameWorld(opts), true);
}

/** Worlds of the engines made here, for the testing kit (testing.ts): the engine's contract
 * does not expose its world. */
const WORLDS = new WeakMap<DrillEngine, GameWorld>();

/** The world behind an engine made by `createDrillEngine` (for the testing kit and tools that
 * need read access: treat it as read-only outside the pipeline's systems). Throws TypeError for
 * any other object. */
export function worldOf(engine: DrillEngine): GameWorld {
  const w = WORLDS.get(engine);
  if (!w) throw new TypeError('worldOf: not an engine made by createDrillEngine');
  return w;
}

/**
 * The engine around world `w`. `fresh`: a new world (registered systems are installed and the
 * first targets placed at round time 0); false: a world already set up (a restored snapshot,
 * testing.ts), used as it is.
 */
export function createEngineAround(w: GameWorld, fresh: boolean): DrillEngine {
  if (fresh) {
    installSystems(w);
    spawnInitialTargets(w);
  }
  // events queued by advanceTo for later ticks: pending[head..] (a queue without splice garbage)
  const pending: InputEvent[] = [];
  let head = 0;
  const tickBuf: InputEvent[] = [];
  const compact = () => {
    if (head === pending.length) { pending.length = 0; head = 0; }
  };
  const view: TargetView = {
    eid: 0, x: 0, y: 0, z: 0, px: 0, py: 0, pz: 0, radius: 0, health: 0, maxHealth: 0,
    priority: false, lifetimeLeft: 1, despawn: -1, removalReason: null, despawnColour: -1, tag: 0,
    facing: 0, model: w.drill.target.model, grounded: w.drill.target.grounded,
  };
  const spark: SparkView = { eid: 0, index: 0, x: 0, y: 0, z: 0, size: 0, r: 0, g: 0, b: 0, progress: 0, crit: false };
  const facePlayer = w.drill.target.facePlayer;

  const stepChecked = (events: readonly InputEvent[], start: number, end: number) => {
    if (w.finished) return;
    if (w.recordLog) for (let i = start; i < end; i++) w.log.push(events[i]);
    runTick(w, events, start, end);
  };

  const engine: DrillEngine = {
    get drill() { return w.drill; },
    get seed() { return w.seed; },
    get tick() { return w.tick; },
    get durationTicks() { return w.durationTicks; },
    get finished() { return w.finished; },
    get yaw() { return w.yaw; },
    get pitch() { return w.pitch; },
    get eye() { return w.eye; },

    step(events: readonly InputEvent[]): void {
      if (w.finished) return;
      const lo = w.tick * TICK_MS, hi = lo + TICK_MS;
      for (let i = 0; i < events.length; i++) {
        const t = events[i].t;
        if (!(t >= lo && t < hi)) {
          throw new RangeError(`input event t=${t} ms is outside tick ${w.tick} [${lo}, ${hi})`);
        }
      }
      if (head < pending.length) {
        // events queued by advanceTo for this tick come first
        tickBuf.length = 0;
        while (head < pending.length && pending[head].t < hi) tickBuf.push(pending[head++]);
        compact();
        for (let i = 0; i < events.length; i++) tickBuf.push(events[i]);
        stepChecked(tickBuf, 0, tickBuf.length);
        return;
      }
      stepChecked(events, 0, events.length);
    },

    stepColumns(cols: InputColumns, start: number, end: number): void {
      if (w.finished) return;
      checkColumnsWindow(w.tick, cols, start, end);
      if (head < pending.length || w.recordLog) {
        // events queued by advanceTo, or an input log to keep: the object path
        const events: InputEvent[] = [];
        for (let i = start; i < end; i++) events.push(inputColumnEvent(cols, i));
        engine.step(events);
        return;
      }
      tickColumns(w, cols, start, end);
    },

    advanceTo(untilMs: number, events: readonly InputEvent[]): void {
      for (let i = 0; i < events.length; i++) {
        const e = events[i];
        if (!Number.isFinite(e.t)) throw new RangeError(`input event t=${e.t} ms is not finite`);
        pending.push(e);
      }
      while (!w.finished && (w.tick + 1) * TICK_MS <= untilMs) {
        const lo = w.tick * TICK_MS, hi = lo + TICK_MS;
        tickBuf.length = 0;
        while (head < pending.length && pending[head].t < hi) {
          const e = pending[head++];
          tickBuf.push(e.t < lo ? ({ ...e, t: lo } as InputEvent) : e);
        }
        compact();
        stepChecked(tickBuf, 0, tickBuf.length);
      }
      if (w.finished) { pending.length = 0; head = 0; }
    },

    forEachTarget(cb: (t: TargetView) => void): void {
      forEachTargetOf(w, view, facePlayer, cb);
    },

    drainEvents(): EngineEvent[] {
      const out = w.events;
      w.events = [];
      return out;
    },

    counters(): RunCounters {
      const c = w.counters;
      return { ...c, clip: { ...c.clip } };
    },

    bullets(): BulletRecord[] {
      return w.bullets;
    },

    stateHash(): number {
      return hashWorld(w);
    },

    inputLog(): readonly InputEvent[] {
      return w.log;
    },

    forEachSpark(cb: (s: SparkView) => void): void {
      if (!w.sparks) return;
      const C = w.c;
      const T = C.Transform;
      const D = C.Despawn;
      const nowMs = w.tick * TICK_MS;
      const d = w.qTargets.dense;
      let emitted = 0;
      for (let i = 0, n = d.length; i < n && emitted < MAX_PARTICLES; i++) {
        const e = d[i];
        if (C.Target.state[e] !== DESPAWNING || D.sparks[e] !== 1) continue;
        const dur = D.durationMs[e];
        let p = dur > 0 ? (nowMs - D.atMs[e]) / dur : 1;
        p = p < 0 ? 0 : p > 1 ? 1 : p;
        const elapsedS = (p * dur) / 1000;
        const crit = D.colour[e] === DESPAWN_COLOUR_INDEX_CRIT;
        const col = rampColour(crit ? CRIT_PARTICLE_RAMP : KILL_PARTICLE_RAMP, p);
        spark.eid = e; spark.progress = p; spark.crit = crit;
        spark.r = col[0]; spark.g = col[1]; spark.b = col[2];
        for (let k = 0; k <= SPARK_COUNT && emitted < MAX_PARTICLES; k++) {
          spark.index = k;
          if (k < SPARK_COUNT) {
            const dir = SPARK_DIRECTIONS[k];
            const dist = SPARK_SPEED * elapsedS;
            spark.x = T.x[e] + dir[0] * dist; spark.y = T.y[e] + dir[1] * dist; spark.z = T.z[e] + dir[2] * dist;
            spark.size = SPARK_SIZE * (1 - p);
          } else {
            spark.x = T.x[e]; spark.y = T.y[e]; spark.z = T.z[e];
            spark.size = C.Target.radius[e] * (1 + p);
          }
          emitted++;
          cb(spark);
        }
      }
    },

    get returnPauseMs() { return w.rtc.pauseMs; },
    get awaitingReturn() { return w.rtc.waiting; },
    get remainingMs() {
      const r = w.durationMs - w.tick * TICK_MS + w.rtc.pauseMs;
      return w.finished || r < 0 ? 0 : r;
    },
    get zoom() { return w.input.adsHeld && w.drill.ads.enabled ? w.drill.ads.zoom : 1; },
    get gameMode() { return w.mode.name; },
  };
  WORLDS.set(engine, w);
  return engine;
}

/** The world type, re-exported for tests and benchmarks that drive `createGameWorld` + `tick`
 * (pipeline.ts) directly; the engine itself does not expose its world. */
export type { GameWorld };
