/**
 * Tier calibration of catalogue drills (issue 36 item 1: "Tier thresholds are calibrated the
 * same way for every drill by a documented synthetic player model"). Every drill is played by
 * the synthetic human of src/sim/humanModel.ts (`simulateHumanRun`: ex-Gaussian reactions,
 * Fitts-law submovements, smooth pursuit) at the four skill presets, on the same seeds, through
 * the real engine; on drills where crits matter (crit_dmg_multiplier > 1 or crits scored) the
 * model aims at the targets' crit zone (a head, a drawn core), else at their centre. The
 * medians of each preset's runs give the drill's numbers:
 *
 * - the objective thresholds (`targets_destroyed_score`, `accuracy_score`,
 *   `time_destroy_score`, and `crit_hit_score` when crit_hit is the primary metric) = the
 *   **average** preset's median: an average player passes about half the time;
 * - the objective bar's tiers (`config.tiers`, the primary metric, in the order a player reaches
 *   them) = the medians of **novice, average, skilled, elite**, made strictly monotone (a
 *   stronger preset's tier is at least one unit beyond the previous one: +1 target, +1 %,
 *   -10 ms), since on adaptive drills a stronger player meets harder targets and may score no
 *   better.
 *
 * Rounding: targets and % down to whole numbers (floor), times up to 10 ms (a threshold is
 * never above what the median run reached). Seeds: CALIBRATION_SEEDS, the same for every drill
 * (the engine's seed and the model's, `simulateHumanRun(drill, { seed, skill })`).
 * Deterministic: the same drills and seeds give the same table (tested).
 */
import type { CatalogueDrill } from '../contracts/drillSchema';
import type { PrimaryMetric } from '../contracts/constants';
import { HUMAN_PRESETS, simulateHumanRun, type HumanPresetName } from './humanModel';

/** The seeds every drill is played with (one run per seed and preset). */
export const CALIBRATION_SEEDS: readonly number[] = [101, 202, 303];

/** The presets, weakest first: their medians are the tiers in this order. */
export const CALIBRATION_PRESETS: readonly HumanPresetName[] = ['novice', 'average', 'skilled', 'elite'];

/** The preset whose median sets the objective thresholds. */
export const THRESHOLD_PRESET: HumanPresetName = 'average';

/** Medians of one preset's runs on a drill (targets, %, ms). */
export interface PresetMedians {
  targets_destroyed: number;
  accuracy: number;
  time_destroy: number;
  crit_hit: number;
}

/** The calibration of one drill. */
export interface DrillCalibration {
  id: number;
  name: string;
  family: string | null;
  difficulty: string | null;
  primaryMetric: PrimaryMetric;
  /** medians per preset */
  medians: Record<HumanPresetName, PresetMedians>;
  /** the objective thresholds written into the drill (null: the metric has none, e.g. a
   * time_destroy of 0 when the median run killed nothing) */
  thresholds: { targets_destroyed_score: number; accuracy_score: number; time_destroy_score: number | null; crit_hit_score: number | null };
  /** config.tiers: the primary metric's bars, novice to elite, in the order reached */
  tiers: number[];
}

/** Median of `xs` (mean of the middle two for an even count). Throws RangeError when empty. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new RangeError('median of no values');
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Whether lower values of `metric` are better (time_destroy). */
const lowerIsBetter = (metric: PrimaryMetric): boolean => metric === 'time_destroy';

/** A threshold value of `metric` from a median: floor for counts and %, ceil to 10 ms for times. */
export function roundThreshold(metric: PrimaryMetric, v: number): number {
  if (metric === 'time_destroy') return Math.ceil(v / 10) * 10;
  return Math.floor(v);
}

/** Tiers from the presets' rounded medians, made strictly monotone in the better direction
 * (+1 for counts and %, -10 ms for times, never below 10 ms). */
export function monotoneTiers(metric: PrimaryMetric, values: readonly number[]): number[] {
  const out: number[] = [];
  for (const v0 of values) {
    let v = roundThreshold(metric, v0);
    const prev = out[out.length - 1];
    if (prev !== undefined) {
      if (lowerIsBetter(metric)) { if (v > prev - 10) v = prev - 10; } else if (v < prev + 1) v = prev + 1;
    }
    if (lowerIsBetter(metric) && v < 10) v = 10;
    if (metric !== 'time_destroy' && metric !== 'targets_destroyed' && v > 100) v = 100;
    out.push(v);
  }
  // a capped % or floored time can repeat: keep the strictly monotone prefix's last value once
  return out.filter((v, i) => i === 0 || v !== out[i - 1]);
}

/**
 * Plays `drill` with every preset of CALIBRATION_PRESETS on every seed of `seeds` (default
 * CALIBRATION_SEEDS) and answers its calibration (see the module comment). Throws what
 * simulateHumanRun throws (a drill that does not parse or never ends).
 */
export function calibrateDrill(drill: CatalogueDrill, seeds: readonly number[] = CALIBRATION_SEEDS): DrillCalibration {
  const medians = {} as Record<HumanPresetName, PresetMedians>;
  let primary: PrimaryMetric = 'targets_destroyed';
  for (const p of CALIBRATION_PRESETS) {
    const runs = seeds.map((seed) => simulateHumanRun(drill, { seed, skill: HUMAN_PRESETS[p] }).metrics);
    primary = runs[0].primaryMetric;
    medians[p] = {
      targets_destroyed: median(runs.map((r) => r.targets_destroyed)),
      accuracy: median(runs.map((r) => r.accuracy)),
      time_destroy: median(runs.map((r) => r.time_destroy)),
      crit_hit: median(runs.map((r) => r.crit_hit)),
    };
  }
  return calibrationFromMedians(drill, primary, medians);
}

/**
 * The thresholds and tiers of a drill from its presets' medians (the rule of the module
 * comment; `calibrateDrill` plays the runs, the script's `--merge` recomputes from saved
 * medians). Counts and % tiers start at 1 at least (a tier of 0 would be reached by doing
 * nothing; a preset may land no crits at all, e.g. on strafing heads).
 */
export function calibrationFromMedians(
  drill: { id: number; name: string; family: string | null; difficulty: string | null }, primary: PrimaryMetric,
  medians: Record<HumanPresetName, PresetMedians>,
): DrillCalibration {
  const avg = medians[THRESHOLD_PRESET];
  const thresholds = {
    targets_destroyed_score: Math.max(1, roundThreshold('targets_destroyed', avg.targets_destroyed)),
    accuracy_score: Math.max(1, roundThreshold('accuracy', avg.accuracy)),
    time_destroy_score: avg.time_destroy > 0 ? roundThreshold('time_destroy', avg.time_destroy) : null,
    crit_hit_score: primary === 'crit_hit' ? Math.max(1, roundThreshold('crit_hit', avg.crit_hit)) : null,
  };
  const raw = CALIBRATION_PRESETS.map((p) => medians[p][primary]);
  if (primary !== 'time_destroy' && raw[0] < 1) raw[0] = 1;
  const tiers = monotoneTiers(primary, raw);
  return { id: drill.id, name: drill.name, family: drill.family, difficulty: drill.difficulty, primaryMetric: primary, medians, thresholds, tiers };
}

/**
 * The objective line with the calibrated numbers put in where it names one ("Destroy 60
 * targets", "Reach 80 % accuracy", "under 500 ms", "at least 20 % head shots" / "core shots" /
 * "critical hits"); other lines are
 * returned unchanged.
 */
export function objectiveWith(text: string, c: DrillCalibration): string {
  const t = c.thresholds;
  let s = text.replace(/^Destroy \d+ targets/, `Destroy ${t.targets_destroyed_score} targets`);
  s = s.replace(/Reach \d+ % accuracy/, `Reach ${t.accuracy_score} % accuracy`);
  if (t.time_destroy_score !== null) s = s.replace(/under \d+ ms/, `under ${t.time_destroy_score} ms`);
  if (t.crit_hit_score !== null) s = s.replace(/at least \d+ % (head shots|core shots|critical hits)/, `at least ${t.crit_hit_score} % $1`);
  return s;
}
