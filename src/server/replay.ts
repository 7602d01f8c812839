/**
 * Server-side re-simulation of a submitted run (issue 3): the submission's `replay` (seed,
 * engine settings, input log: `input_log_b64`, the binary encoding of src/contracts/replayCodec.ts,
 * decoded by `replayInputLog`) is played through the same drill engine the browser ran
 * (`createDrillEngine`, src/ecs), on the server's stored copy of the drill
 * (`parseDrillConfig`), and the run's stats are compared with what the browser sent.
 *
 * verified:
 * - true:  every compared stat (targets_destroyed, hits, shots, accuracy, time_destroy, crit_hit,
 *          damage, decoy_hits) equals the re-simulation's, exactly;
 * - false: at least one differs, or the input log is not a valid log (events out of order, a
 *          log that does not decode, more than REPLAY_MAX_EVENTS events), or it holds more
 *          events than the drill's duration allows (`maxReplayEvents`);
 * - null:  nothing to check (no replay), or the replay cannot be checked here: another engine
 *          version (an older client recorded it with other rules, e.g. 'ecs-1' before the
 *          deterministic trigonometry of 'ecs-2': its log would not reproduce the run; the
 *          reason says "unverifiable: recorded with engine ..."), the stored drill no longer
 *          parses, or the round would run more than MAX_EXTRA_TICKS past its length
 *          (return-to-centre pauses).
 * The live run's sampled state hashes (`tick_hashes_sample`, `final_hash`) are compared too and
 * reported in `detail` (`reason` names the first differing sample), but they do not decide
 * `verified`: the stats are the claim being checked. Since engine 'ecs-2' the engine uses no
 * engine-dependent Math (src/ecs/detMath.ts), so a genuine run gives the same hashes in the
 * browser and here (test/e2e/replay.test.ts); a hash difference now points at a modified client
 * or log, and is reported, not judged.
 * Nothing is rejected: the run is stored either way, marked.
 */
import type { InputEvent } from '../contracts/engine';
import type { GameConfigResponse } from '../contracts/gameConfig';
import {
  replayInputLogColumns, REPLAY_ENGINE_HISTORY, REPLAY_ENGINE_VERSION, REPLAY_HASH_EVERY,
  type GameData, type ReplayData,
} from '../contracts/performance';
import { TICK_MS } from '../contracts/constants';
import type { ReplayLogColumns } from '../contracts/replayCodec';
import { createInputColumns, writeInputColumns, type InputColumns } from '../contracts/inputColumns';
import { parseDrillConfig } from '../drill/parseDrillConfig';
import { createDrillEngine } from '../ecs/engine';
import { buildGameData } from '../metrics/scoring';
import type { StoredDrill } from './drills';
import { decodeTargetsDestroyed } from './runs';
import { createTraceRecorder, TRACE_ENGINE_OPTIONS, type TraceRecorder } from '../analysis/trace';
import { assessTrace, type PlausibilityFeatures, type PlausibilityReason } from '../analysis/plausibility';
import { summariseAnalysis } from '../analysis/summary';
import type { StoredRunAnalysis } from '../contracts/analysis';

/** The stats a re-simulation is compared on (gameData names; targets_destroyed decoded). */
export const VERIFIED_STATS = ['targets_destroyed', 'hits', 'shots', 'accuracy', 'time_destroy', 'crit_hit', 'damage', 'decoy_hits'] as const;
export type VerifiedStat = (typeof VERIFIED_STATS)[number];

/** Outcome of `verifyReplay`. */
export interface ReplayVerification {
  verified: boolean | null;
  /** why it is false or null; for true, any hash remark (null when none) */
  reason: string | null;
  /** the stats that differ: name -> { sent, replayed } */
  mismatches: Partial<Record<VerifiedStat, { sent: number; replayed: number }>>;
  /** the re-simulated stats (absent when the run was not re-simulated) */
  replayed?: Record<VerifiedStat, number>;
  /** sampled state hashes compared / equal; index of the first differing sample (-1 = none) */
  hashesCompared: number;
  hashesEqual: number;
  firstHashMismatch: number;
  /** final state hash of the live run equals the re-simulation's (null when not sent) */
  finalHashEqual: boolean | null;
  /** ticks simulated */
  ticks: number;
  /** wall time of the re-simulation, ms */
  simMs: number;
  /** issue 38 item 1: the human plausibility of a verified run (src/analysis/plausibility.ts;
   * absent when the run was not verified true): plausible, the reasons it is not, the features */
  plausibility?: { plausible: boolean; reasons: PlausibilityReason[]; features: PlausibilityFeatures };
  /** wall time of the run's analysis, its stored form and the plausibility judgement, ms
   * (absent with plausibility) */
  analysisMs?: number;
  /** issue 37 item 1: the server's own analysis of a verified run (src/analysis/summary.ts
   * `summariseAnalysis` of the re-simulated run; absent when the run was not verified true).
   * The route stores it in `run_analyses`, not in the replay's detail. */
  analysis?: StoredRunAnalysis;
}

/** Result of `simulateReplay`: the finished engine and its sampled state hashes. */
export interface SimulatedRun {
  engine: ReturnType<typeof createDrillEngine>;
  /** stateHash() after tick (i+1) x REPLAY_HASH_EVERY */
  sampled: number[];
}

/** Most ticks a re-simulation may run beyond the drill's own length (return-to-centre pauses
 * lengthen a round): 10 minutes of round time. A replay that has not ended by then is left
 * unverified (null) instead of holding the server's event loop. */
export const MAX_EXTRA_TICKS = 64 * 600;

/** Most input events per second of round time a genuine replay can hold: an 8 kHz mouse
 * (the fastest polling rate sold) plus 1000 key / button / ADS events a second. */
export const REPLAY_EVENTS_PER_S_BOUND = 9000;
/** Round time allowed beyond the drill's duration when bounding a replay's events, ms
 * (return-to-centre pauses, the round's last tick): 60 s. */
export const REPLAY_EVENTS_SLACK_MS = 60_000;

/**
 * The most input events a genuine replay of a drill lasting `durationMs` can hold (issue 14):
 * REPLAY_EVENTS_PER_S_BOUND x (duration + REPLAY_EVENTS_SLACK_MS) / 1000, rounded up; e.g.
 * 612,000 for the 8 s drill 2033, 1,080,000 for a 60 s drill. A replay with more is impossible:
 * verified false, never ranked.
 */
export function maxReplayEvents(durationMs: number): number {
  return Math.ceil((REPLAY_EVENTS_PER_S_BOUND * (durationMs + REPLAY_EVENTS_SLACK_MS)) / 1000);
}

/** Thrown by `simulateReplay` when the round does not end within its tick budget. */
export class ReplayTooLongError extends Error {}

/** Thrown by `simulateReplay` when its time budget (`deadlineMs`, see `simulateReplay`) has
 * passed: the caller stores the run unverified ('timed out'). */
export class ReplayBudgetError extends Error {}

/** Ticks between two looks at the clock while a re-simulation runs under a deadline (64 = one
 * second of round time: one `performance.now()` per 64 ticks costs nothing measurable). */
export const BUDGET_CHECK_TICKS = 64;

/**
 * Plays `log` (events, or the columns of a decoded binary log: replayCodec.ts
 * `decodeReplayLogColumns`, the same run without an object per event: the engine's
 * `stepColumns` reads them in place) through a fresh engine
 * for the whole round (tick by tick; events are given to
 * the tick whose window holds them, so the log must be sorted by t, as the engine writes it),
 * recording the state hash every REPLAY_HASH_EVERY ticks, and feeding `recorder` (the run's
 * trace for the analysis, src/analysis/trace.ts) when given. Throws RangeError for an event out of
 * order (an event before the current tick), ReplayTooLongError when the round has not ended
 * after its initial length + `maxExtraTicks` ticks, ReplayBudgetError when `deadlineMs` (a
 * `performance.now()` reading, ms; default none) has passed: the clock is read every
 * BUDGET_CHECK_TICKS ticks and after the last.
 */
export function simulateReplay(
  drill: ReturnType<typeof parseDrillConfig>, replay: Pick<ReplayData, 'seed' | 'settings' | 'despawn_ms'>, log: readonly InputEvent[] | ReplayLogColumns,
  maxExtraTicks = MAX_EXTRA_TICKS, recorder?: TraceRecorder, deadlineMs = Number.POSITIVE_INFINITY,
): SimulatedRun {
  const engine = createDrillEngine({
    drill, seed: replay.seed, settings: replay.settings, despawnAnimationMs: replay.despawn_ms,
    recordEvents: false, recordInputLog: false, trackBullets: false, ...(recorder ? TRACE_ENGINE_OPTIONS : {}),
  });
  recorder?.begin(engine);
  const sampled: number[] = [];
  // the engine and the recorder read the log's columns in place, one tick's index window at a
  // time (no object per event); a log of event objects is written into columns once
  let cols: InputColumns, count: number;
  if (Array.isArray(log)) {
    const events = log as readonly InputEvent[];
    const c = createInputColumns(events.length);
    writeInputColumns(events, 0, events.length, c);
    cols = c; count = events.length;
  } else {
    cols = log as ReplayLogColumns; count = (log as ReplayLogColumns).length;
  }
  const ts = cols.t;
  let li = 0;
  const maxTicks = engine.durationTicks + maxExtraTicks;
  while (!engine.finished) {
    if (engine.tick >= maxTicks) throw new ReplayTooLongError(`the round did not end within ${maxTicks} ticks`);
    const hi = (engine.tick + 1) * TICK_MS;
    const from = li;
    while (li < count && ts[li] < hi) li++;
    engine.stepColumns(cols, from, li);
    recorder?.onTick(engine, cols, from, li);
    if (engine.tick % REPLAY_HASH_EVERY === 0) sampled.push(engine.stateHash());
    if (engine.tick % BUDGET_CHECK_TICKS === 0) checkDeadline(deadlineMs);
  }
  checkDeadline(deadlineMs);
  return { engine, sampled };
}

/** Throws ReplayBudgetError when `deadlineMs` (a performance.now() reading, ms) has passed. */
function checkDeadline(deadlineMs: number): void {
  if (deadlineMs !== Number.POSITIVE_INFINITY && performance.now() > deadlineMs) {
    throw new ReplayBudgetError('the re-simulation ran past its time budget');
  }
}

/** The reason of a verdict past its time budget (`budgetMs`, ms, when known). */
export function timedOutReason(budgetMs?: number): string {
  return `timed out: re-simulation exceeded ${budgetMs ?? 'its'}${budgetMs === undefined ? ' budget' : ' ms'}`;
}

function emptyResult(verified: boolean | null, reason: string, simMs = 0): ReplayVerification {
  return {
    verified, reason, mismatches: {}, hashesCompared: 0, hashesEqual: 0, firstHashMismatch: -1,
    finalHashEqual: null, ticks: 0, simMs,
  };
}

/**
 * The verdict on a replay recorded with another engine version than the server's
 * (REPLAY_ENGINE_VERSION): verified null, "unverifiable: recorded with ..." (its log would not
 * reproduce the run); null when `engineVersion` is the server's. The route asks this before
 * queueing (issue 38 item 4: such a replay takes no worker), `verifyReplay` again.
 */
export function engineVersionVerdict(engineVersion: string): ReplayVerification | null {
  if (engineVersion === REPLAY_ENGINE_VERSION) return null;
  const known = (REPLAY_ENGINE_HISTORY as readonly string[]).indexOf(engineVersion);
  const which = known < 0 ? 'an unknown engine' : known < REPLAY_ENGINE_HISTORY.length - 1 ? 'an older engine' : 'another engine';
  return emptyResult(null, `unverifiable: recorded with ${which} (${engineVersion}); the server runs ${REPLAY_ENGINE_VERSION}`);
}

/** Options of `verifyReplay`. */
export interface VerifyReplayOptions {
  /** the time budget's end, a `performance.now()` reading in ms (default none): past it the
   * verdict is verified null, "timed out: ..." (src/server/verifyPool.ts sets it when the
   * worker starts the task, so queue wait and worker start-up do not count) */
  deadlineMs?: number;
  /** the budget in ms, for the reason text only */
  budgetMs?: number;
}

/**
 * Re-simulates `replay` on `drill` and compares the result with `gameData` (see the module
 * comment). Never throws for bad replay content; synchronous (a 60 s run takes a few ms): the
 * server runs it in a worker thread (src/server/verifyPool.ts). Past `opts.deadlineMs` the
 * verdict is verified null, reason "timed out: re-simulation exceeded <budgetMs> ms".
 */
export function verifyReplay(drill: StoredDrill, gameData: GameData, replay: ReplayData, opts: VerifyReplayOptions = {}): ReplayVerification {
  const deadlineMs = opts.deadlineMs ?? Number.POSITIVE_INFINITY;
  const wrongEngine = engineVersionVerdict(replay.engine_version);
  if (wrongEngine) return wrongEngine;
  if (typeof gameData.seed === 'number' && gameData.seed !== replay.seed) {
    return emptyResult(false, `gameData.seed ${gameData.seed} differs from replay.seed ${replay.seed}`);
  }
  let config;
  try {
    config = parseDrillConfig(drill.fields as unknown as GameConfigResponse);
  } catch (e) {
    return emptyResult(null, `stored drill does not parse: ${(e as Error).message}`);
  }
  const t0 = performance.now();
  let sim: SimulatedRun;
  let recorder: TraceRecorder;
  try {
    // 'ecs-3': input_log_b64 (src/contracts/replayCodec.ts), else the tuple input_log
    const log = replayInputLogColumns(replay); // columns: no object per event (decoded once)
    const bound = maxReplayEvents(config.durationMs);
    if (log.length > bound) {
      return emptyResult(false, `impossible: ${log.length} input events, more than ${bound} for a ${config.durationMs} ms drill`);
    }
    recorder = createTraceRecorder(config, replay.settings, { events: log.length, ticks: Math.round(config.durationMs / TICK_MS) });
    sim = simulateReplay(config, replay, log, MAX_EXTRA_TICKS, recorder, deadlineMs);
  } catch (e) {
    if (e instanceof ReplayBudgetError) return emptyResult(null, timedOutReason(opts.budgetMs), performance.now() - t0);
    const unverifiable = e instanceof ReplayTooLongError;
    return emptyResult(unverifiable ? null : false, `input log cannot be replayed: ${(e as Error).message}`, performance.now() - t0);
  }
  const simMs = performance.now() - t0;
  const { engine, sampled } = sim;
  const gd = buildGameData(engine, {
    viewportWidth: 0, viewportHeight: 0, fov: config.fov, fovType: config.fovType, sensitivity: replay.settings.sensitivity,
    frameRate: 0,
  }).gameData;
  const replayed: Record<VerifiedStat, number> = {
    targets_destroyed: decodeTargetsDestroyed(gd.targets_destroyed) ?? -1,
    hits: gd.hits, shots: gd.shots, accuracy: gd.accuracy, time_destroy: gd.time_destroy, crit_hit: gd.crit_hit,
    damage: gd.damage, decoy_hits: gd.decoy_hits ?? 0,
  };
  const sent: Record<VerifiedStat, number> = {
    targets_destroyed: decodeTargetsDestroyed(gameData.targets_destroyed) ?? -1,
    hits: gameData.hits, shots: gameData.shots, accuracy: gameData.accuracy, time_destroy: gameData.time_destroy,
    crit_hit: gameData.crit_hit, damage: gameData.damage, decoy_hits: gameData.decoy_hits ?? 0,
  };
  const mismatches: ReplayVerification['mismatches'] = {};
  for (const k of VERIFIED_STATS) if (sent[k] !== replayed[k]) mismatches[k] = { sent: sent[k], replayed: replayed[k] };

  const live = replay.tick_hashes_sample ?? [];
  const n = Math.min(live.length, sampled.length);
  let equal = 0, first = -1;
  for (let i = 0; i < n; i++) {
    if (live[i] === sampled[i]) equal++;
    else if (first < 0) first = i;
  }
  if (first < 0 && live.length > sampled.length) first = sampled.length;
  const finalHashEqual = typeof replay.final_hash === 'number' ? replay.final_hash === engine.stateHash() : null;

  const bad = Object.keys(mismatches);
  // issue 38 item 1: the human plausibility of a verified run, from the same re-simulation
  let plausibility: ReplayVerification['plausibility'];
  let analysisMs: number | undefined;
  let analysis: StoredRunAnalysis | undefined;
  if (bad.length === 0) {
    const a0 = performance.now();
    const assessed = assessTrace(recorder.finish());
    const p = assessed.plausibility;
    plausibility = { plausible: p.plausible, reasons: p.reasons, features: p.features };
    // issue 37 item 1: the figures every analysis page shows come from here, not the client
    analysis = summariseAnalysis(assessed.analysis);
    analysisMs = performance.now() - a0;
  }
  const notes: string[] = [];
  if (bad.length > 0) notes.push(`stats differ: ${bad.join(', ')}`);
  if (first >= 0) notes.push(`state hash differs first at tick ${(first + 1) * REPLAY_HASH_EVERY}`);
  if (finalHashEqual === false) notes.push('final state hash differs');
  return {
    verified: bad.length === 0,
    reason: notes.length > 0 ? notes.join('; ') : null,
    mismatches,
    replayed,
    hashesCompared: Math.max(n, live.length),
    hashesEqual: equal,
    firstHashMismatch: first,
    finalHashEqual,
    ticks: engine.tick,
    simMs,
    ...(plausibility ? { plausibility, analysisMs } : {}),
    ...(analysis ? { analysis } : {}),
  };
}
