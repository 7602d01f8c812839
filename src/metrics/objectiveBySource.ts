/**
 * Objective by source (spec section 9, issue 19 item 3): which objective a run is judged by.
 *
 *   "workout and progression use the drill's objective; benchmark or an assessment context uses
 *    the benchmark in-game objective; otherwise the best-score objective."
 *
 * The rules are checked in that order (a workout run with an assessment context keeps the
 * drill's objective). `source` is the game page's `source` query parameter (gameData.source),
 * `context` gameData.context (the page's `context` query parameter); both compare trimmed and
 * case-insensitively. The three objectives (our definitions, the spec names them only):
 *
 * - 'drill': the drill's own objective: its text (`objective`) and its threshold of the primary
 *   metric (`{metric}_score`, DrillConfig.thresholds; null = no bar, every run passes). Pass =
 *   `passedObjective` (time_destroy passes at or below the threshold, with a kill).
 * - 'benchmark': the benchmark in-game objective: reach the drill's TOP tier, i.e. the hardest
 *   of its objective tiers (DrillConfig.tiers: the highest for a higher-is-better metric, the
 *   lowest positive one for time_destroy); a drill without tiers falls back to its threshold,
 *   and with neither every run passes. The summary shows the tier reached.
 * - 'best-score': beat your personal best: the threshold is the player's best (ranked) score on
 *   the drill BEFORE this run; pass = strictly better (higher; for time_destroy lower and above
 *   0). With no best yet the run passes and sets it.
 * - Whatever the kind, a run with no kill never passes (`passedApplied`).
 *
 * The same functions decide on the client (pre-game card, gameData.objective) and on the server
 * (src/server/runs.ts stores `objective_kind`, `threshold` and `passed`; the client's value is
 * never trusted).
 */
import type { PrimaryMetric } from '../contracts/constants';
import { lowerIsBetter, passedObjective } from './objective';

/** The kind of objective a run is judged by (see the module comment). */
export type ObjectiveKind = 'drill' | 'benchmark' | 'best-score';
/** Every ObjectiveKind, in the order of the spec's rule. */
export const OBJECTIVE_KINDS: readonly ObjectiveKind[] = ['drill', 'benchmark', 'best-score'];

/** Sources whose runs use the drill's objective (spec section 9). */
export const DRILL_OBJECTIVE_SOURCES = ['workout', 'progression'] as const;
/** The source whose runs use the benchmark objective (spec section 9). */
export const BENCHMARK_SOURCE = 'benchmark';
/** The `context` value that makes a run an assessment (benchmark objective). */
export const ASSESSMENT_CONTEXT = 'assessment';

const norm = (v: string | null | undefined): string => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** The objective kind for a run opened from `source` with `context` (either may be null). */
export function objectiveKindFor(source: string | null | undefined, context: string | null | undefined): ObjectiveKind {
  const s = norm(source);
  if ((DRILL_OBJECTIVE_SOURCES as readonly string[]).includes(s)) return 'drill';
  if (s === BENCHMARK_SOURCE || norm(context) === ASSESSMENT_CONTEXT) return 'benchmark';
  return 'best-score';
}

/** What `objectiveFor` needs of the drill (DrillConfig's fields of the same names). */
export interface ObjectiveDrill {
  /** the drill's objective text */
  objective: string;
  primaryMetric: PrimaryMetric;
  /** the drill's `{metric}_score` thresholds (null = none) */
  thresholds: Partial<Record<PrimaryMetric, number | null>>;
  /** the objective tiers of the primary metric, any order (DrillConfig.tiers) */
  tiers: readonly number[];
}

/** The objective that applies to a run. */
export interface AppliedObjective {
  kind: ObjectiveKind;
  metric: PrimaryMetric;
  /** the score to reach, in the metric's unit (count, %, ms): at least it, or for time_destroy at
   * most it; for 'best-score' the best to beat. null: no bar (every run passes; for
   * 'best-score': no best yet, the run sets it) */
  threshold: number | null;
  /** 'drill': the drill's objective text; '' for the other kinds (the UI words them) */
  text: string;
  /** the drill's tiers (for the benchmark's tier line), hardest last */
  tiers: number[];
}

/** The hardest tier of `tiers` for `metric` (highest, or lowest positive for time_destroy);
 * null when there is none. */
export function topTier(metric: PrimaryMetric, tiers: readonly number[]): number | null {
  const ok = tiers.filter((t) => Number.isFinite(t) && (!lowerIsBetter(metric) || t > 0));
  if (ok.length === 0) return null;
  return lowerIsBetter(metric) ? Math.min(...ok) : Math.max(...ok);
}

/**
 * The objective of a run of `drill` opened from `source` with `context` (see the module
 * comment). `previousBest` is the player's best score on the drill before this run (null: none),
 * used by 'best-score' only.
 */
export function objectiveFor(
  drill: ObjectiveDrill, source: string | null | undefined, context: string | null | undefined, previousBest: number | null,
): AppliedObjective {
  const kind = objectiveKindFor(source, context);
  const metric = drill.primaryMetric;
  const low = lowerIsBetter(metric);
  const tiers = drill.tiers.filter((t) => Number.isFinite(t)).sort((a, b) => (low ? b - a : a - b));
  const drillThreshold = drill.thresholds[metric];
  const own = typeof drillThreshold === 'number' && Number.isFinite(drillThreshold) ? drillThreshold : null;
  switch (kind) {
    case 'drill':
      return { kind, metric, threshold: own, text: drill.objective ?? '', tiers };
    case 'benchmark':
      return { kind, metric, threshold: topTier(metric, tiers) ?? own, text: '', tiers };
    default: {
      const best = typeof previousBest === 'number' && Number.isFinite(previousBest) && (!low || previousBest > 0) ? previousBest : null;
      return { kind, metric, threshold: best, text: '', tiers };
    }
  }
}

/** Whether a run with `score` and `kills` (targets destroyed) meets the applied objective `obj`
 * (see the module comment). A run with no kill never passes, whatever the objective (issue 33
 * item 3: a first run with 0 kills read "Level passed"). */
export function passedApplied(obj: Pick<AppliedObjective, 'kind' | 'metric' | 'threshold'>, score: number, kills: number): boolean {
  if (!(kills > 0)) return false;
  if (obj.kind !== 'best-score') return passedObjective(obj.metric, score, obj.threshold);
  const low = lowerIsBetter(obj.metric);
  if (obj.threshold === null) return low ? score > 0 : true;
  return low ? score > 0 && score < obj.threshold : score > obj.threshold;
}
