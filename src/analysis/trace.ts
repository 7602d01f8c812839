/**
 * The trace of a re-simulated run (issue 37 item 1, issue 38 item 1): what the analysis
 * (src/analysis/runAnalysis.ts) and the plausibility check (src/analysis/plausibility.ts) read.
 * Recorded while the engine plays the run, tick by tick, by a `TraceRecorder` that the caller
 * feeds after each `engine.step(input)` (the server's re-simulation, src/server/replay.ts
 * `simulateReplay`, or `traceRun` below), so a run is simulated once for verification and
 * analysis together. No Babylon, no DOM: it runs in the page, in Node and in the server's
 * verification worker.
 *
 * What it holds (angles in degrees, engine convention: yaw grows to the right, pitch up; times
 * in ms of round time):
 * - aim samples: the aim after every look event (reconstructed from the tick's starting aim and
 *   the event's counts x degrees per count x the ADS multiplier, pitch clamped to ±89 as the
 *   engine does) and at every tick's end (the engine's own aim, exact);
 * - the live targets at every tick's end: entity id, yaw / pitch of the centre from the eye,
 *   angular radius asin(r / distance);
 * - spawns (spawn index, entity id, the round time it is first drawn: 0 for the targets the
 *   engine starts with, else the end of the tick that spawned it);
 * - shots: the engine's bullet records (exact shot time and aim, hit, crit, kill, target).
 * The engine must be created with `recordEvents: true` and `trackBullets: true`
 * (`TRACE_ENGINE_OPTIONS`); events are drained by the recorder.
 */
import type { DrillEngine, EngineSettings, InputEvent, TargetView } from '../contracts/engine';
import type { DrillConfig } from '../contracts/drillConfig';
import { TICK_MS, YAW_DEG_PER_COUNT } from '../contracts/constants';
import { createDrillEngine } from '../ecs/engine';
import {
  createInputColumns, writeInputColumns, INPUT_CODE_ADS, INPUT_CODE_LOOK, INPUT_CODE_LOOK_CONT, INPUT_CODE_LOOK_MOUSE,
  type InputColumns,
} from '../contracts/inputColumns';

/** Engine options a traced run needs (events for spawns, bullets for shots). */
export const TRACE_ENGINE_OPTIONS = { recordEvents: true, trackBullets: true } as const;

/** Pitch limit of the engine's aim, degrees (src/ecs/systems/inputSystem.ts). */
const PITCH_LIMIT = 89;
const D = 180 / Math.PI;

/** One shot of the run. */
export interface TraceShot {
  /** round time of the shot, ms */
  t: number;
  tick: number;
  yaw: number;
  pitch: number;
  hit: boolean;
  crit: boolean;
  killed: boolean;
  /** spawn index of the target hit, -1 on a miss */
  target: number;
}

/** A growable Float64Array. */
class F64 {
  a: Float64Array;
  n = 0;
  constructor(cap: number) { this.a = new Float64Array(cap); }
  push(v: number): void {
    if (this.n === this.a.length) { const b = new Float64Array(this.a.length * 2); b.set(this.a); this.a = b; }
    this.a[this.n++] = v;
  }
  view(): Float64Array { return this.a.subarray(0, this.n); }
  /** makes room for `cap` values (never shrinks) */
  reserve(cap: number): void {
    if (cap <= this.a.length) return;
    const b = new Float64Array(cap); b.set(this.a.subarray(0, this.n)); this.a = b;
  }
}

/** The recorded run (see the module comment). Arrays are exact-length views. */
export interface RunTrace {
  /** aim samples: time (ms), yaw, pitch (degrees); `look[i]` = 1 for a look event's sample,
   * 0 for a tick-end sample */
  aimT: Float64Array;
  aimYaw: Float64Array;
  aimPitch: Float64Array;
  look: Uint8Array;
  /** ticks recorded */
  ticks: number;
  /** live targets of frame f (f = 0: before the first tick; f = k + 1: at the end of tick k,
   * i.e. what a player sees at round time f·TICK_MS, and what a shot during tick f aims at):
   * indices tgtOff[f] .. tgtOff[f+1] of the arrays below (ticks + 1 frames) */
  tgtOff: Int32Array;
  tgtEid: Float64Array;
  tgtYaw: Float64Array;
  tgtPitch: Float64Array;
  /** angular radius, degrees */
  tgtRad: Float64Array;
  /** spawns in order: spawn index, entity id, round time first drawn (ms) */
  spawnIndex: Float64Array;
  spawnEid: Float64Array;
  spawnMs: Float64Array;
  shots: TraceShot[];
  /** the drill's weapon is automatic (tracking-style fire) */
  automatic: boolean;
  /** degrees per count of the run (x), for input figures */
  degPerCount: number;
}

/** Feeds a trace tick by tick: `begin(engine)` before the first step (it reads the aim and the
 * targets the engine starts with), `onTick(engine, cols, start, end)` right after each
 * `engine.stepColumns(cols, start, end)` (the input given to that step, as columns:
 * contracts/inputColumns.ts), `finish()` once at the end. onTick throws Error before begin. */
export interface TraceRecorder {
  begin(engine: DrillEngine): void;
  onTick(engine: DrillEngine, cols: InputColumns, start: number, end: number): void;
  finish(): RunTrace;
}

/** Sizes a recorder may reserve up front (`createTraceRecorder`): its arrays then grow only
 * past them (no copies on the way for a run of the expected length). */
export interface TraceSizeHint {
  /** input events of the run (the log's length) */
  events: number;
  /** ticks of the run (the drill's length in ticks) */
  ticks: number;
}

/** A recorder for a run of `drill` with `settings` (the replay's engine settings); `hint`
 * (optional) reserves room for a run of that size: aim samples events + ticks + 1, live-target
 * rows (ticks + 1) x the drill's target count (capped at 2^22 each). */
export function createTraceRecorder(drill: DrillConfig, settings: EngineSettings, hint?: TraceSizeHint): TraceRecorder {
  return new Recorder(drill, settings, hint);
}

/**
 * The recorder of `createTraceRecorder`. A class, its state in fields (issue 38 item 4): the
 * server makes a recorder per verified run, and a closure's captured variables cost the hot
 * per-event loop about three times as much as fields read into locals (V8 re-specialises code
 * per closure; measured on the 60 s bench run, BENCHMARKS.md "verify (4)").
 */
class Recorder implements TraceRecorder {
  private readonly drill: DrillConfig;
  private readonly dpcX: number;
  private readonly dpcY: number;
  private readonly adsMul: number;
  private readonly aimT: F64;
  private readonly aimYaw: F64;
  private readonly aimPitch: F64;
  private look: Uint8Array;
  private readonly tgtOff: number[] = [0];
  private readonly tgtEid: F64;
  private readonly tgtYaw: F64;
  private readonly tgtPitch: F64;
  private readonly tgtRad: F64;
  private readonly spawnIndex = new F64(256);
  private readonly spawnEid = new F64(256);
  private readonly spawnMs = new F64(256);
  private readonly shots: TraceShot[] = [];
  private yaw = 0;
  private pitch = 0;
  private ads = false;
  private bulletsSeen = 0;
  private ticks = 0;
  private begun = false;
  // the eye of the frame being recorded (read by onTarget)
  private eyeX = 0;
  private eyeY = 0;
  private eyeZ = 0;
  /** `onTarget` bound, for engine.forEachTarget */
  private readonly targetCb: (t: TargetView) => void;

  constructor(drill: DrillConfig, settings: EngineSettings, hint?: TraceSizeHint) {
    this.drill = drill;
    this.dpcX = settings.sensitivity * YAW_DEG_PER_COUNT;
    this.dpcY = (settings.sensitivityY ?? settings.sensitivity) * YAW_DEG_PER_COUNT * (settings.invertY ? -1 : 1);
    this.adsMul = settings.adsSensitivity !== undefined && settings.adsSensitivity > 0 ? settings.adsSensitivity : drill.adsSens;
    const cap = (n: number, min: number): number => (Number.isFinite(n) ? Math.min(1 << 22, Math.max(min, Math.ceil(n))) : min);
    const aimCap = hint ? cap(hint.events + hint.ticks + 1, 8192) : 8192;
    const tgtCap = hint ? cap((hint.ticks + 1) * Math.max(1, drill.numTargets), 4096) : 4096;
    this.aimT = new F64(aimCap); this.aimYaw = new F64(aimCap); this.aimPitch = new F64(aimCap);
    this.look = new Uint8Array(aimCap);
    this.tgtEid = new F64(tgtCap); this.tgtYaw = new F64(tgtCap); this.tgtPitch = new F64(tgtCap); this.tgtRad = new F64(tgtCap);
    this.targetCb = (t) => this.onTarget(t);
  }

  private sample(t: number, y: number, p: number, isLook: number): void {
    const aimT = this.aimT;
    if (aimT.n === this.look.length) { const b = new Uint8Array(this.look.length * 2); b.set(this.look); this.look = b; }
    this.look[aimT.n] = isLook;
    aimT.push(t); this.aimYaw.push(y); this.aimPitch.push(p);
  }

  /** grows the aim arrays (and `look`) to hold at least `need` samples */
  private reserve(need: number): void {
    const look = this.look;
    if (need <= look.length) return;
    let c = look.length;
    while (c < need) c *= 2;
    const b = new Uint8Array(c); b.set(look); this.look = b;
    this.aimT.reserve(c); this.aimYaw.reserve(c); this.aimPitch.reserve(c);
  }

  /** one live target of the frame, stored straight into the arrays (one F64.push call per value
   * would box each double it is passed) */
  private onTarget(t: TargetView): void {
    if (t.despawn >= 0) return;
    const vx = t.x - this.eyeX, vy = t.y - this.eyeY, vz = t.z - this.eyeZ;
    const len = Math.sqrt(vx * vx + vy * vy + vz * vz) || 1;
    const tgtEid = this.tgtEid, tgtYaw = this.tgtYaw, tgtPitch = this.tgtPitch, tgtRad = this.tgtRad;
    const n = tgtEid.n;
    if (n === tgtEid.a.length) { const c = 2 * n; tgtEid.reserve(c); tgtYaw.reserve(c); tgtPitch.reserve(c); tgtRad.reserve(c); }
    tgtEid.a[n] = t.eid;
    tgtYaw.a[n] = Math.atan2(vx, -vz) * D;
    tgtPitch.a[n] = Math.asin(Math.max(-1, Math.min(1, vy / len))) * D;
    tgtRad.a[n] = Math.asin(Math.min(1, t.radius / len)) * D;
    tgtEid.n = tgtYaw.n = tgtPitch.n = tgtRad.n = n + 1;
  }

  private recordTargets(engine: DrillEngine): void {
    const eye = engine.eye;
    this.eyeX = eye.x; this.eyeY = eye.y; this.eyeZ = eye.z;
    engine.forEachTarget(this.targetCb);
    this.tgtOff.push(this.tgtEid.n);
  }

  private drain(engine: DrillEngine, atMs: number | null): void {
    const evs = engine.drainEvents();
    for (let i = 0; i < evs.length; i++) {
      const e = evs[i];
      if (e.type === 'spawn') { this.spawnIndex.push(e.target); this.spawnEid.push(e.eid); this.spawnMs.push(atMs ?? (e.tick + 1) * TICK_MS); }
    }
  }

  begin(engine: DrillEngine): void {
    if (this.begun) throw new Error('trace recorder: begin called twice');
    this.begun = true;
    this.yaw = engine.yaw; this.pitch = engine.pitch;
    this.sample(engine.tick * TICK_MS, this.yaw, this.pitch, 0);
    this.drain(engine, engine.tick * TICK_MS); // targets placed when the engine was made
    this.recordTargets(engine);
  }

  onTick(engine: DrillEngine, cols: InputColumns, start: number, end: number): void {
    if (!this.begun) throw new Error('trace recorder: call begin(engine) before the first step');
    const k = engine.tick - 1; // the tick just run
    // room for this tick's samples (at most one per event and the tick's end), then plain
    // stores into the arrays; the aim and the settings in locals
    const aimT = this.aimT;
    this.reserve(aimT.n + (end - start) + 1);
    const tA = aimT.a, yA = this.aimYaw.a, pA = this.aimPitch.a, lA = this.look;
    const code = cols.code, ts = cols.t, as = cols.a, bs = cols.b;
    const dpcX = this.dpcX, dpcY = this.dpcY, adsMul = this.adsMul, adsEnabled = this.drill.ads.enabled;
    let n = aimT.n;
    let y = this.yaw, p = this.pitch, adsOn = this.ads;
    for (let i = start; i < end; i++) {
      const c = code[i];
      if (c === INPUT_CODE_ADS) adsOn = as[i] === 1 && adsEnabled;
      else if (c === INPUT_CODE_LOOK || c === INPUT_CODE_LOOK_MOUSE || c === INPUT_CODE_LOOK_CONT) {
        const m = adsOn ? adsMul : 1;
        y += as[i] * dpcX * m;
        p -= bs[i] * dpcY * m;
        if (p > PITCH_LIMIT) p = PITCH_LIMIT; else if (p < -PITCH_LIMIT) p = -PITCH_LIMIT;
        lA[n] = 1; tA[n] = ts[i]; yA[n] = y; pA[n] = p; n++;
      }
    }
    this.ads = adsOn;
    y = engine.yaw; p = engine.pitch;
    lA[n] = 0; tA[n] = (k + 1) * TICK_MS; yA[n] = y; pA[n] = p; n++;
    aimT.n = n; this.aimYaw.n = n; this.aimPitch.n = n;
    this.yaw = y; this.pitch = p;
    this.recordTargets(engine);
    this.drain(engine, null);
    const b = engine.bullets();
    const shots = this.shots;
    for (; this.bulletsSeen < b.length; this.bulletsSeen++) {
      const s = b[this.bulletsSeen];
      shots.push({ t: s.t_ms, tick: s.tick, yaw: s.yaw, pitch: s.pitch, hit: s.hit, crit: s.crit, killed: s.killed === true, target: s.target });
    }
    this.ticks = k + 1;
  }

  finish(): RunTrace {
    const n = this.aimT.n;
    return {
      aimT: this.aimT.view(), aimYaw: this.aimYaw.view(), aimPitch: this.aimPitch.view(), look: this.look.subarray(0, n),
      ticks: this.ticks, tgtOff: Int32Array.from(this.tgtOff), tgtEid: this.tgtEid.view(), tgtYaw: this.tgtYaw.view(),
      tgtPitch: this.tgtPitch.view(), tgtRad: this.tgtRad.view(), spawnIndex: this.spawnIndex.view(), spawnEid: this.spawnEid.view(),
      spawnMs: this.spawnMs.view(), shots: this.shots, automatic: this.drill.weapon.automatic, degPerCount: this.dpcX,
    };
  }
}

/** Options of `traceRun`: the engine's (drill, seed, settings, despawn length). */
export interface TraceRunOptions {
  drill: DrillConfig;
  seed: number;
  settings: EngineSettings;
  despawnAnimationMs?: number;
}

/**
 * Plays `log` (sorted by t) through a fresh engine to the round's end and returns the engine
 * and the run's trace. Throws RangeError for an event out of order, Error when the round runs
 * `maxExtraTicks` past its length.
 */
export function traceRun(opts: TraceRunOptions, log: readonly InputEvent[], maxExtraTicks = 64 * 600): { engine: DrillEngine; trace: RunTrace } {
  const engine = createDrillEngine({ ...opts, ...TRACE_ENGINE_OPTIONS, recordInputLog: false });
  const rec = createTraceRecorder(opts.drill, opts.settings, { events: log.length, ticks: engine.durationTicks });
  rec.begin(engine);
  // the log in columns once (contracts/inputColumns.ts): the engine and the recorder read them
  const cols = createInputColumns(log.length);
  writeInputColumns(log, 0, log.length, cols);
  const ts = cols.t;
  let li = 0;
  const max = engine.durationTicks + maxExtraTicks;
  while (!engine.finished) {
    if (engine.tick >= max) throw new Error(`traceRun: the round did not end within ${max} ticks`);
    const hi = (engine.tick + 1) * TICK_MS;
    const from = li;
    while (li < log.length && ts[li] < hi) li++;
    engine.stepColumns(cols, from, li);
    rec.onTick(engine, cols, from, li);
  }
  return { engine, trace: rec.finish() };
}
