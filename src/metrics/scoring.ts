/**
 * Run scoring and the `gameData` of the performance submission (spec sections 3 and 9).
 *
 * - accuracy % = clusterHits / shots x 100, rounded to 2 decimals, 0 when no shots.
 *   clusterHits counts shots, not targets: a shot that hits at least one target counts once,
 *   even if it hits several (our engine resolves a shot to the nearest target only, so today
 *   clusterHits equals the number of shots that hit).
 * - crit_hit % = crits / shots x 100, 2 decimals, 0 when no shots.
 * - time_destroy (average target life until killed) = timeUntilKilled / kills ms, 2 decimals,
 *   0 when no kills.
 * - input type: 'Cont' when controllerInputs > mouseInputs, else 'Mouse' (a tie is 'Mouse').
 * - score: the value of the drill's primary metric (metrics/objective.ts `scoreFor`).
 */
import type { DrillEngine, RunCounters } from '../contracts/engine';
import type { GameData } from '../contracts/performance';
import type { FovType } from '../contracts/gameOptions';
import { scoreFor, type MetricValues } from './objective';
import { DECOY_PENALTY_TARGETS } from '../contracts/drillConfig';

/** Rounds to 2 decimals (half away from zero, with an epsilon against binary round-off such
 * as 1.005 -> 1.01). */
export function round2(x: number): number {
  const s = x < 0 ? -1 : 1;
  return (s * Math.round(Math.abs(x) * 100 + 1e-7)) / 100;
}

/** Accuracy in % (0-100, 2 decimals): clusterHits / shots x 100; 0 when shots is 0. */
export function accuracy(clusterHits: number, shots: number): number {
  return shots > 0 ? round2((clusterHits / shots) * 100) : 0;
}

/** Critical-hit accuracy in % (2 decimals): crits / shots x 100; 0 when shots is 0. */
export function critAccuracy(crits: number, shots: number): number {
  return shots > 0 ? round2((crits / shots) * 100) : 0;
}

/** Average time from spawn to kill in ms (2 decimals): timeUntilKilled / kills; 0 when no kills. */
export function timeDestroy(timeUntilKilledMs: number, kills: number): number {
  return kills > 0 ? round2(timeUntilKilledMs / kills) : 0;
}

/** 'Cont' when controller inputs outnumber mouse inputs, else 'Mouse' (ties are 'Mouse'). */
export function inputType(controllerInputs: number, mouseInputs: number): 'Cont' | 'Mouse' {
  return controllerInputs > mouseInputs ? 'Cont' : 'Mouse';
}

/** The four summary metrics of a run from its counters (targets_destroyed = kills less
 * DECOY_PENALTY_TARGETS per decoy hit, at least 0: issue 36, a decoy hit costs score). */
export function metricValues(c: RunCounters): MetricValues {
  return {
    targets_destroyed: Math.max(0, c.kills - DECOY_PENALTY_TARGETS * (c.decoyHits ?? 0)),
    accuracy: accuracy(c.clusterHits, c.shots),
    time_destroy: timeDestroy(c.timeUntilKilled, c.kills),
    crit_hit: critAccuracy(c.crits, c.shots),
  };
}

/** base64 of a number's decimal string, e.g. 42 -> btoa('42') = 'NDI=' (spec section 3). */
export function encodeTargetsDestroyed(n: number): string {
  return btoa(String(n));
}

/** Inverse of `encodeTargetsDestroyed`; NaN when the string is not base64 of a number. */
export function decodeTargetsDestroyed(s: string): number {
  try {
    const d = atob(s);
    return /^-?\d+(\.\d+)?$/.test(d) ? Number(d) : NaN;
  } catch {
    return NaN;
  }
}

/** Run context of `buildGameData`: what the engine does not know. Sizes in CSS px, fov degrees. */
export interface RunContext {
  userId?: number | null;
  viewportWidth: number;
  viewportHeight: number;
  fov: number;
  fovType: FovType;
  /** product sensitivity of the run */
  sensitivity: number;
  /** drill source query parameter (spec section 9), null when none */
  source?: string | null;
  /** average rendered frames per second */
  frameRate: number;
  context?: string | null;
  taskId?: number | null;
  /** objective value the run was measured against (spec section 9 objective by source) */
  objective?: number | null;
  settingsStart?: Record<string, unknown> | null;
  settingsEnd?: Record<string, unknown> | null;
  /** the per-shot analysis of the run (metrics/shotAnalysis.ts `analyseRun`); its values are
   * used for the six analysis fields unless given one by one below */
  analysis?: import('./shotAnalysis').ShotAnalysis | null;
  /** extra per-shot metrics (premium), when computed */
  mouseTravelEfficiency?: number | null;
  mousePixelSpeed?: number | null;
  avReactionTime?: number | null;
  prctLateShots?: number | null;
  avLateShotTime?: number | null;
  initialMoveAngle?: number | null;
}

/** `gameData` plus the summary values and score of a run. */
export interface BuiltGameData {
  gameData: GameData;
  /** the summary metric values (plain numbers, targets_destroyed not encoded) */
  metrics: MetricValues;
  /** value of the drill's primary metric */
  score: number;
}

/**
 * Builds the `gameData` of the performance submission (contracts/performance.ts, spec section 3)
 * from a (normally finished) engine and the run context: accuracy / crit_hit / time_destroy by
 * the formulas above, targets_destroyed base64-encoded, timestamp = round time played in ms
 * (counters.totalTime), start_position = the drill's player start, seed = the engine's seed.
 */
export function buildGameData(engine: DrillEngine, ctx: RunContext): BuiltGameData {
  const c = engine.counters();
  const m = metricValues(c);
  const ps = engine.drill.playerStart;
  const gameData: GameData = {
    game_id: engine.drill.id,
    user_id: ctx.userId ?? null,
    accuracy: m.accuracy,
    time_destroy: m.time_destroy,
    crit_hit: m.crit_hit,
    targets_destroyed: encodeTargetsDestroyed(m.targets_destroyed),
    start_position: [ps[0], ps[1], ps[2]],
    timestamp: c.totalTime,
    mouse_sensitivity: ctx.sensitivity,
    viewport_width: Math.max(0, Math.round(ctx.viewportWidth)),
    viewport_height: Math.max(0, Math.round(ctx.viewportHeight)),
    settings_start: ctx.settingsStart ?? null,
    settings_end: ctx.settingsEnd ?? null,
    frame_rate: Math.max(0, round2(ctx.frameRate)),
    source: ctx.source ?? null,
    shots: c.shots,
    hits: c.hits,
    fov: ctx.fov,
    fov_type: ctx.fovType,
    input_type: inputType(c.controllerInputs, c.mouseInputs),
    damage: c.damage,
    context: ctx.context ?? null,
    task_id: ctx.taskId ?? null,
    objective: ctx.objective ?? null,
    mouse_travel_efficiency: ctx.mouseTravelEfficiency ?? ctx.analysis?.mouse_travel_efficiency ?? null,
    mouse_pixel_speed: ctx.mousePixelSpeed ?? ctx.analysis?.mouse_pixel_speed ?? null,
    av_reaction_time: ctx.avReactionTime ?? ctx.analysis?.av_reaction_time ?? null,
    prct_late_shots: ctx.prctLateShots ?? ctx.analysis?.prct_late_shots ?? null,
    av_late_shot_time: ctx.avLateShotTime ?? ctx.analysis?.av_late_shot_time ?? null,
    initial_move_angle: ctx.initialMoveAngle ?? ctx.analysis?.initial_move_angle ?? null,
    seed: engine.seed,
    // issue 36: decoy hits, for drills with decoys (the summary shows them)
    ...(engine.drill.decoyShare > 0 ? { decoy_hits: c.decoyHits ?? 0 } : {}),
  };
  return { gameData, metrics: m, score: scoreFor(engine.drill.primaryMetric, m) };
}
