/**
 * The performance submission of a finished round: `{ gameData, bulletData, replay }` (spec
 * sections 3 and 7; `replay` is issue 3). gameData is built by the metrics module
 * (`buildGameData`, src/metrics/scoring.ts) from the engine and the run context the runtime knows
 * (viewport, fov, frame rate, source), with the per-shot analysis (`analyseRun`, one replay of
 * the input log, a few ms for a 60 s run); bulletData is `engine.bullets()`; replay is the
 * seed, engine settings and the input log in replayCodec's binary encoding (base64) that
 * reproduce the run, plus the live run's state
 * hashes sampled every REPLAY_HASH_EVERY ticks by `advanceSampled` (the frame loop's way of
 * advancing the engine), so the server and the tests can check a re-simulation tick-exactly.
 * Tests only: when `globalThis.__aimTickHashes` is an array, `advanceSampled` also writes the
 * live run's hash after EVERY tick into it (test/e2e/replay.test.ts); inert otherwise.
 */
import type { DrillEngine, EngineSettings, InputEvent } from '../contracts/engine';
import {
  REPLAY_ENGINE_VERSION, REPLAY_HASH_EVERY, REPLAY_LOG_B64_MAX_LENGTH, REPLAY_MAX_EVENTS, REPLAY_MAX_HASHES,
  type PerformanceSubmission, type ReplayData,
} from '../contracts/performance';
import { bytesToBase64, encodeReplayLogSteps } from '../contracts/replayCodec';
import { runSliced, runToEnd, type Steps } from '../contracts/slices';
import { TICK_MS } from '../contracts/constants';
import type { GameLoadOptions } from './types';
import { buildGameData } from '../metrics/scoring';
import { analyseRunSteps, type ShotAnalysis } from '../metrics/shotAnalysis';
import { runInsightSteps, type RunInsightData } from '../metrics/runInsight';
import { fpsPercentiles, mouseEventRate, type InputHealth } from '../metrics/inputHealth';
import { resolveFov } from './fov';
import { objectiveFor } from '../metrics/objectiveBySource';
import { drillSettingsOf } from '../metrics/settingsCompare';
import { despawnAnimationMsFor } from './targetVisual';

/** What the runtime knows about a finished round. */
export interface SubmissionInput {
  engine: DrillEngine;
  load: GameLoadOptions;
  settings: EngineSettings;
  /** CSS px of the game canvas */
  viewportWidth: number;
  viewportHeight: number;
  /** average frames per second over the round */
  frameRate: number;
  /** the player settings at round start / end (settingsSnapshot), for the server's comparison */
  settingsStart?: Record<string, unknown> | null;
  settingsEnd?: Record<string, unknown> | null;
  /** the engine's despawn animation length, ms (default: from load.options, as the controller
   * creates the engine) */
  despawnAnimationMs?: number;
  /** compute the per-shot analysis (default true) */
  analysis?: boolean;
  /** issue 15: durations (ms) of the round's rendered frames, for the input health's frame-rate
   * percentiles; absent = unknown */
  frameTimesMs?: readonly number[];
  /** issue 15: raw (unadjusted) pointer lock granted (true), plain lock (false), unknown (null) */
  rawInput?: boolean | null;
}

/** The input health of a run (src/metrics/inputHealth.ts) from its input log (mouse look
 * events: their times give the report rate; `rejected` ones were dropped by the mouse-skip
 * filter), the frame times and the pointer-lock kind. */
export function inputHealthOf(log: readonly InputEvent[], settings: EngineSettings, frameTimesMs: readonly number[] = [], rawInput: boolean | null = null): InputHealth {
  const times: number[] = [];
  let rejected = 0;
  for (const ev of log) {
    if (ev.type !== 'look' || (ev.device ?? settings.inputDevice ?? 'Mouse') !== 'Mouse') continue;
    times.push(ev.t);
    if (ev.rejected) rejected++;
  }
  const hz = mouseEventRate(times);
  const fps = fpsPercentiles(frameTimesMs);
  const r2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  return {
    mouse_hz: r2(hz), look_events: times.length, rejected_deltas: rejected, raw_input: rawInput,
    fps_p50: r2(fps.fps_p50), fps_p5: r2(fps.fps_p5), fps_p1: r2(fps.fps_p1),
  };
}

/** The run-relevant settings as a plain object for gameData.settings_start / settings_end:
 * the player's sensitivity, vertical sensitivity, invert, the fov the run uses (degrees, after
 * the drill's lock: resolveFov) and its type, and under `drill` the drill settings the round
 * runs with (src/metrics/settingsCompare.ts drillSettingsOf: what the server compares with its
 * own drill, spec section 5). */
export function settingsSnapshot(load: GameLoadOptions, settings: EngineSettings): Record<string, unknown> {
  const { fov, fovType } = resolveFov(load.drill, load.options);
  return {
    mouse_sensitivity: settings.sensitivity,
    mouse_sensitivity_y: settings.sensitivityY,
    mouse_inverse: settings.invertY ? 1 : 0,
    fov,
    fov_type: fovType,
    drill: drillSettingsOf(load.drill),
  };
}

/** State hashes of the live run, per engine: [i] = stateHash() after tick (i+1) x REPLAY_HASH_EVERY. */
const tickHashes = new WeakMap<DrillEngine, number[]>();

/**
 * `engine.advanceTo(untilMs, events)`, split at every multiple of REPLAY_HASH_EVERY ticks to
 * record the live run's `stateHash()` there (for `replay.tick_hashes_sample`). The simulation is
 * the same as one `advanceTo` call: every event is handed to the engine in the first call, the
 * engine queues those of later ticks itself. Cost: one hash per second of round time.
 */
export function advanceSampled(engine: DrillEngine, untilMs: number, events: readonly InputEvent[]): void {
  let list = tickHashes.get(engine);
  if (!list) {
    list = [];
    tickHashes.set(engine, list);
  }
  let evs = events;
  // tests only: with `globalThis.__aimTickHashes` set to an array, every tick's hash is recorded
  const debug = (globalThis as { __aimTickHashes?: number[] }).__aimTickHashes;
  if (Array.isArray(debug)) {
    while (!engine.finished && (engine.tick + 1) * TICK_MS <= untilMs) {
      engine.advanceTo((engine.tick + 1) * TICK_MS, evs);
      evs = [];
      debug[engine.tick - 1] = engine.stateHash();
      if (engine.tick % REPLAY_HASH_EVERY === 0) list[engine.tick / REPLAY_HASH_EVERY - 1] = debug[engine.tick - 1];
    }
  }
  for (;;) {
    const next = (Math.floor(engine.tick / REPLAY_HASH_EVERY) + 1) * REPLAY_HASH_EVERY;
    // (durationTicks is not a bound here: return-to-centre pauses lengthen the round)
    if (engine.finished || next * TICK_MS > untilMs) break;
    engine.advanceTo(next * TICK_MS, evs);
    evs = [];
    if (engine.tick !== next) break;
    list[next / REPLAY_HASH_EVERY - 1] = engine.stateHash();
  }
  engine.advanceTo(untilMs, evs);
}

/** The hashes `advanceSampled` recorded for `engine` (every one from the first sample on), or
 * undefined when there are none or some are missing (the engine was also advanced otherwise). */
export function sampledTickHashes(engine: DrillEngine): number[] | undefined {
  const list = tickHashes.get(engine);
  if (!list || list.length === 0 || list.length > REPLAY_MAX_HASHES) return undefined;
  for (let i = 0; i < list.length; i++) if (list[i] === undefined) return undefined;
  return list.slice();
}

/** The engine settings as a replay carries them: the ADS multiplier the engine used is made
 * explicit (the drill's `adsSens` comes from the player's gameconfig, the server's copy of the
 * drill does not have it). */
export function replaySettingsOf(engine: DrillEngine, s: EngineSettings): ReplayData['settings'] {
  const ads = s.adsSensitivity !== undefined && s.adsSensitivity > 0 ? s.adsSensitivity : engine.drill.adsSens;
  return {
    sensitivity: s.sensitivity,
    sensitivityY: s.sensitivityY,
    invertY: s.invertY,
    ...(s.inputDevice !== undefined ? { inputDevice: s.inputDevice } : {}),
    adsSensitivity: ads,
  };
}

/**
 * The `replay` object of a run (contracts/performance.ts `replaySchema`), its input log in the
 * compact binary encoding (`input_log_b64`, src/contracts/replayCodec.ts), or undefined when the
 * input log has more than REPLAY_MAX_EVENTS events or encodes longer than
 * REPLAY_LOG_B64_MAX_LENGTH (the run is then submitted unverifiable; no catalogue drill at 8 kHz
 * comes near either bound).
 */
export function buildReplay(engine: DrillEngine, settings: EngineSettings, despawnMs: number): ReplayData | undefined {
  return runToEnd(buildReplaySteps(engine, settings, despawnMs));
}

/** `buildReplay` in steps (the log's encoding pauses: replayCodec.ts encodeReplayLogSteps). */
export function* buildReplaySteps(engine: DrillEngine, settings: EngineSettings, despawnMs: number): Steps<ReplayData | undefined> {
  const log = engine.inputLog();
  if (log.length > REPLAY_MAX_EVENTS) return undefined;
  const bytes = yield* encodeReplayLogSteps(log);
  yield;
  const inputLogB64 = bytesToBase64(bytes);
  yield;
  if (inputLogB64.length > REPLAY_LOG_B64_MAX_LENGTH) return undefined;
  const hashes = sampledTickHashes(engine);
  yield;
  return {
    seed: engine.seed,
    settings: replaySettingsOf(engine, settings),
    input_log_b64: inputLogB64,
    engine_version: REPLAY_ENGINE_VERSION,
    despawn_ms: despawnMs,
    ...(hashes ? { tick_hashes_sample: hashes } : {}),
    final_hash: engine.stateHash(),
    ticks: engine.tick,
  };
}

/** Builds `{ gameData, bulletData, replay }` for the finished round of `input.engine`, at once. */
export function buildSubmission(input: SubmissionInput): PerformanceSubmission {
  return runToEnd(buildSubmissionSteps(input));
}

/**
 * `buildSubmission` in slices that leave the main thread free between them (issue 18 item 3:
 * the two replays of the analyses and the log's encoding took 30-200 ms in one task at the end
 * of a 60 s round at 1 kHz): resolves the same submission, bit for bit (the same generator runs).
 * The engine must not change until it resolves (the round is over: nothing steps it).
 */
export function buildSubmissionSliced(input: SubmissionInput): Promise<PerformanceSubmission> {
  return runSliced(buildSubmissionSteps(input));
}

/** `buildSubmission` in steps (contracts/slices.ts). */
export function* buildSubmissionSteps(input: SubmissionInput): Steps<PerformanceSubmission> {
  const { engine, load } = input;
  const { fov, fovType } = resolveFov(load.drill, load.options);
  // gameData.objective: the threshold of the objective that applies (spec section 9, by source
  // and context; the player's best from gameconfig for the best-score objective); the server
  // decides again with its own data
  const bestScore = typeof load.config.best_score === 'number' ? load.config.best_score : null;
  const threshold = objectiveFor(
    { objective: load.drill.objective, primaryMetric: load.drill.primaryMetric, thresholds: load.drill.thresholds ?? {}, tiers: load.drill.tiers ?? [] },
    load.source, load.context ?? null, bestScore,
  ).threshold;
  const despawnMs = input.despawnAnimationMs ?? despawnAnimationMsFor(load.options.visual?.target_despawn_animation);
  let analysis: ShotAnalysis | null = null;
  let insight: RunInsightData | null = null;
  if (input.analysis !== false) {
    const replayInput = {
      drill: engine.drill, seed: engine.seed, settings: input.settings, despawnAnimationMs: despawnMs,
      log: engine.inputLog(),
    };
    try {
      analysis = yield* analyseRunSteps(replayInput);
    } catch (e) {
      console.warn('shot analysis failed; submitting without it', e);
    }
    try {
      insight = yield* runInsightSteps(replayInput);
    } catch (e) {
      console.warn('run insight failed; submitting without it', e);
    }
  }
  const { gameData } = buildGameData(engine, {
    userId: typeof load.config.user_id === 'number' ? load.config.user_id : null,
    viewportWidth: input.viewportWidth,
    viewportHeight: input.viewportHeight,
    fov,
    fovType,
    sensitivity: input.settings.sensitivity,
    source: load.source,
    context: load.context ?? null,
    frameRate: input.frameRate,
    objective: typeof threshold === 'number' ? threshold : null,
    settingsStart: input.settingsStart ?? null,
    settingsEnd: input.settingsEnd ?? null,
    analysis,
  });
  const replay = yield* buildReplaySteps(engine, input.settings, despawnMs);
  // issue 15 item 5: what the insight metrics are computed from, server-side
  if (insight) Object.assign(gameData, insight);
  yield;
  gameData.input_health = inputHealthOf(engine.inputLog(), input.settings, input.frameTimesMs, input.rawInput ?? null);
  yield;
  return { gameData, bulletData: engine.bullets(), ...(replay ? { replay } : {}) };
}
