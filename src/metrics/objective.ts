/**
 * Objective and pass/fail of a run (spec sections 3 and 9).
 * Score follows the drill's primary metric (default targets_destroyed). A run passes when the
 * score reaches the drill's threshold for that metric (`{metric}_score`); for time_destroy,
 * lower is better, so it passes at or below the threshold. A drill with no threshold for its
 * primary metric counts every run as passed.
 */
import type { PrimaryMetric } from '../contracts/constants';

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
