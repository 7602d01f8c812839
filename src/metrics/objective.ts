/**
 * Objective and pass/fail of a run (spec sections 3, 4 and 9), and the objective bar.
 * Score follows the drill's primary metric (default targets_destroyed). A run passes when the
 * score reaches the drill's threshold for that metric (`{metric}_score`); for time_destroy,
 * lower is better, so it passes at or below the threshold. A drill with no threshold for its
 * primary metric counts every run as passed.
 */
import type { PrimaryMetric } from '../contracts/constants';
import type { ObjectiveKind } from './objectiveBySource';

/** The four summary metrics of a run: targets destroyed (count), accuracy (%), time_destroy
 * (ms), crit_hit (%). */
export interface MetricValues {
  targets_destroyed: number;
  accuracy: number;
  time_destroy: number;
  crit_hit: number;
}

/** The run's score: the value of the drill's primary metric. */
export function scoreFor(metric: PrimaryMetric, values: MetricValues): number {
  return values[metric];
}

/** True when `metric` improves as it falls (time_destroy, in ms). */
export function lowerIsBetter(metric: PrimaryMetric): boolean {
  return metric === 'time_destroy';
}

/** Whether `score` meets `threshold` for `metric`; null threshold = passed. */
export function passedObjective(metric: PrimaryMetric, score: number, threshold: number | null): boolean {
  if (threshold === null || threshold === undefined) return true;
  return lowerIsBetter(metric) ? score > 0 && score <= threshold : score >= threshold;
}

/** A score as a chart plots it: null (a gap) where the metric has no value without a kill
 * (time_destroy of 0 ms means "no kill", not an instant kill: issue 33 item 3), else the score. */
export function chartScore(metric: PrimaryMetric, score: number): number | null {
  return lowerIsBetter(metric) && !(score > 0) ? null : score;
}

/** The better of two scores for `metric` (best-score tracking); null when both are null. */
export function betterScore(metric: PrimaryMetric, a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  if (lowerIsBetter(metric)) {
    if (a <= 0) return b;
    if (b <= 0) return a;
    return Math.min(a, b);
  }
  return Math.max(a, b);
}

/** Result of `objectiveProgress`: the objective bar's state for one score. */
export interface ObjectiveProgress {
  /** thresholds met so far (0..thresholds.length): the colour index of the bar */
  level: number;
  /** the next threshold to reach, null when all are met (or there are none) */
  next: number | null;
  /** 0..1 progress from the previous threshold (or 0 / the first threshold's far side) toward
   * `next`; 1 when all are met */
  fraction: number;
}

/**
 * The objective bar (spec section 4: "Objective bar: colour changes as thresholds are met and
 * resets if the score drops"). `thresholds` are the drill's tiers of its primary metric
 * (DrillConfig.tiers; any order: they are sorted by difficulty, ascending for higher-is-better
 * metrics, descending for time_destroy where lower is better). The level is the number of
 * thresholds the CURRENT score meets (passedObjective), so it falls again, i.e. the bar's colour
 * resets, as soon as the score drops below a threshold it had reached; a time_destroy score of 0
 * (no kill yet) meets nothing.
 */
export function objectiveProgress(score: number, thresholds: readonly number[], metric: PrimaryMetric): ObjectiveProgress {
  const low = lowerIsBetter(metric);
  const t = [...thresholds].sort((a, b) => (low ? b - a : a - b));
  let level = 0;
  while (level < t.length && passedObjective(metric, score, t[level])) level++;
  if (level >= t.length) return { level, next: null, fraction: t.length > 0 ? 1 : 0 };
  const next = t[level];
  let fraction: number;
  if (low) {
    // lower is better: from 2 x next (or the previous tier) down to next
    const from = level > 0 ? t[level - 1] : 2 * next;
    fraction = score <= 0 ? 0 : (from - score) / (from - next);
  } else {
    const from = level > 0 ? t[level - 1] : 0;
    fraction = next === from ? 0 : (score - from) / (next - from);
  }
  fraction = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
  return { level, next, fraction };
}

/**
 * One update of a running objective bar: the new progress and whether its colour reset (the
 * level fell below `prevLevel` because the score dropped, spec section 4) or rose.
 */
export function objectiveBarStep(prevLevel: number, score: number, thresholds: readonly number[], metric: PrimaryMetric):
  ObjectiveProgress & { reset: boolean; levelUp: boolean } {
  const p = objectiveProgress(score, thresholds, metric);
  return { ...p, reset: p.level < prevLevel, levelUp: p.level > prevLevel };
}

/** True when a drill's objective text sets no bar to miss ("Destroy as many targets as you can
 * in 60 seconds."): the run is judged by its tier (the objective bar), not passed or failed. */
export function isOpenObjective(text: string | null | undefined): boolean {
  return typeof text === 'string' && /\bas (many|much|fast|quickly|long)\b.*\bas you can\b/i.test(text);
}

/** What the drill summary says about a run (issue 15): 'passed' / 'failed' against the
 * objective's bar, or, for an open objective (`isOpenObjective`), the tier reached: `level`
 * thresholds met of `tiers` (`objectiveProgress`), `next` the next one (null: all met). */
export type SummaryOutcome =
  | { kind: 'passed' }
  | { kind: 'failed' }
  | { kind: 'tier'; level: number; tiers: number; next: number | null };

/** The summary's verdict on a run (see SummaryOutcome); `passed` as the server stored it.
 * `kind` is the objective the server judged the run by (issue 19, src/metrics/objectiveBySource.ts;
 * absent for older runs = 'drill'): the tier reached for an open drill objective, or for a
 * benchmark of a drill with tiers; else passed / failed (for 'best-score': beat the best or not). */
export function summaryOutcome(r: {
  objective?: string | null; passed: boolean; score: number; tiers: readonly number[]; metric: PrimaryMetric; kind?: ObjectiveKind;
}): SummaryOutcome {
  const kind = r.kind ?? 'drill';
  if ((kind === 'drill' && isOpenObjective(r.objective)) || (kind === 'benchmark' && r.tiers.length > 0)) {
    const p = objectiveProgress(r.score, r.tiers, r.metric);
    return { kind: 'tier', level: p.level, tiers: r.tiers.length, next: p.next };
  }
  return r.passed ? { kind: 'passed' } : { kind: 'failed' };
}
