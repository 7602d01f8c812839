/**
 * Human plausibility of a run (issue 38 item 1), from the run analysis (src/analysis/runAnalysis.ts)
 * of the server's re-simulation: features no human can fake cheaply and no honest player
 * fails, each with a bound. A run outside any bound is held (stored, not ranked) with the
 * reasons; an operator approves or rejects it (`npm run admin -- review`).
 *
 * Features and bounds (README "Human plausibility"; sources in
 * ../shared/reference/training.md "Plausibility of human aim"; the margins were measured on the
 * synthetic human presets and scripted bots of src/sim/humanModel.ts over every catalogue
 * drill, test/bench/plausibilityBench.ts, BENCHMARKS.md):
 * 1. `reaction`: among flicks to targets that appeared after the previous kill (a reaction to
 *    a new stimulus; at least MIN_FRESH of them), the share with a reaction under
 *    REACTION_FLOOR_MS (120 ms: trained players' fastest sustained reactions; under ~100 ms is
 *    anticipation) must not exceed MAX_FAST_REACTION_SHARE.
 * 2. `movement-time` (drills without automatic fire): the median primary movement time of
 *    flicks of at least MIN_FLICK_DEG must be at least MIN_PRIMARY_MS (a human primary
 *    submovement lasts 100-300 ms; Meyer et al. 1988).
 * 3. `acceleration` (the same flicks): the median peak angular acceleration divided by the
 *    amplitude must not exceed MAX_ACCEL_PER_DEG (1/s²; a minimum-jerk move of duration T peaks
 *    at 5.77·A/T², so the bound is a movement of about 85 ms).
 * 4. `teleport`: the share of those flicks in which one input event carries more than half the
 *    amplitude must not exceed MAX_TELEPORT_SHARE.
 * 5. `fitts`: with at least MIN_FITTS flicks spread over ID (SD ≥ 0.3 bit), on a drill without
 *    automatic fire, the Fitts slope b must be at least MIN_FITTS_SLOPE ms/bit (mouse pointing:
 *    100-200 ms/bit; a script's movement time does not grow with difficulty). Supporting only:
 *    named when another reason holds the run, never alone.
 * 6. `input-timing`: with at least MIN_INTERVALS look-event intervals, the share at exactly the
 *    most common interval (on the recorder's 1/16 ms grid) must not exceed MAX_MODAL_SHARE (a
 *    mouse's reports jitter around its polling period; a script's are exact).
 * 7. `tracking-lag`: the mean reaction to the goal's direction changes (at least
 *    MIN_DIR_CHANGES) must be at least MIN_DIR_CHANGE_MS (visuomotor delay ~100 ms); and with at
 *    least MIN_TRACK_TICKS ticks of a moving goal, on it more than LAG_ON_TARGET_PCT % of the
 *    time, the aim's lag behind the goal's velocity at least MIN_TRACK_LAG_MS.
 * 8. `input-clock`: with at least MIN_INTERVALS look-event intervals, the share at the two most
 *    common exact intervals (same 1/16 ms grid) must not exceed MAX_TOP2_SHARE. A script that
 *    reports on its own clock while it moves and once per engine tick while it holds a slow
 *    target splits its intervals between two exact values (the constant-speed bot on drill 229,
 *    Switchtrack: 57 % at 15.625 ms, 33 % at 1 ms, so 90 % on two values while the modal share of
 *    feature 6 stays under 60 %); a mouse's reports jitter around its polling period over many
 *    grid steps. Bound measured on the synthetic humans and the bots: see MAX_TOP2_SHARE.
 */
import { analyseTrace, type RunAnalysis } from './runAnalysis';
import type { RunTrace } from './trace';

export const REACTION_FLOOR_MS = 120;
export const MIN_FRESH = 8;
export const MAX_FAST_REACTION_SHARE = 0.5;
export const MIN_FLICK_DEG = 3;
export const MIN_FLICKS = 10;
export const MIN_PRIMARY_MS = 40;
export const MAX_ACCEL_PER_DEG = 800;
export const MAX_TELEPORT_SHARE = 0.1;
export const MIN_FITTS = 20;
export const MIN_FITTS_SLOPE = 30;
export const MIN_INTERVALS = 500;
export const MAX_MODAL_SHARE = 0.6;
/** `input-clock` bound (share of look intervals at the two most common exact values, 1/16 ms
 * grid). Measured by test/bench/plausibilityBench.ts (PLAUS_SEEDS=2, 104 catalogue drills;
 * BENCHMARKS.md, 2026-11-28 paragraph of the plausibility section): the 832 synthetic human runs
 * reach at most 0.517 (elite presets at a ~1 ms polling period, jittered over the grid); the
 * constant-speed bot at least 0.826 (0.90 on drill 229), the instant bot at least 0.994. 0.7 sits
 * between them, nearer the middle (0.67) with a little more room on the human side. */
export const MAX_TOP2_SHARE = 0.7;
export const MIN_TRACK_TICKS = 640;
export const MIN_TRACK_LAG_MS = 30;
/** the lag bound applies when the aim is on the moving goal more than this share of the time */
export const LAG_ON_TARGET_PCT = 90;
export const MIN_DIR_CHANGES = 5;
export const MIN_DIR_CHANGE_MS = 45;

/** The measured features (null = not enough data for that feature). */
export interface PlausibilityFeatures {
  freshReactions: number;
  fastReactionShare: number | null;
  flicks: number;
  medianPrimaryMs: number | null;
  medianAccelPerDeg: number | null;
  teleportShare: number | null;
  fittsSlope: number | null;
  intervals: number;
  modalIntervalShare: number | null;
  /** share of look intervals at the two most common exact values (null under MIN_INTERVALS) */
  topTwoIntervalShare: number | null;
  trackingLagMs: number | null;
  directionChangeMs: number | null;
}

/** A reason a run is held: the feature's code and a sentence with the value and the bound. */
export interface PlausibilityReason {
  code: 'reaction' | 'movement-time' | 'acceleration' | 'teleport' | 'fitts' | 'input-timing' | 'input-clock' | 'tracking-lag';
  message: string;
}

/** Verdict of `judgePlausibility`. */
export interface Plausibility {
  plausible: boolean;
  reasons: PlausibilityReason[];
  features: PlausibilityFeatures;
}

const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The look-event intervals on the 1/16 ms grid (`lookIntervals`): how many, and the counts of
 * the two most common values. */
interface LookIntervals {
  n: number;
  modal: number;
  second: number;
}

/**
 * The intervals between consecutive look times (ms): of `times[i]` for every i, or, with `look`,
 * only those i with look[i] = 1 (the trace's aim samples: no separate array of look times).
 * Each rounded to the 1/16 ms grid; only those in (0, 50 ms] count; NaN (no finite look time
 * makes one) is a bin of its own.
 */
function lookIntervals(times: ArrayLike<number>, look: ArrayLike<number> | null): LookIntervals {
  const counts = new Int32Array(50 * 16 + 1); // by interval in 1/16 ms: 1 .. 800
  let nInt = 0;
  let nanCount = 0;
  let prev = 0, have = false;
  for (let i = 0; i < times.length; i++) {
    if (look !== null && !look[i]) continue;
    const ti = times[i];
    if (have) {
      const d = Math.round((ti - prev) * 16);
      if (!(d <= 0 || d > 50 * 16)) {
        if (d === d) counts[d]++; else nanCount++;
        nInt++;
      }
    }
    prev = ti; have = true;
  }
  // the two largest bins (the modal interval and the next)
  let modal = nanCount, second = 0;
  for (let d = 1; d < counts.length; d++) {
    const c = counts[d];
    if (c > modal) { second = modal; modal = c; } else if (c > second) second = c;
  }
  return { n: nInt, modal, second };
}

/**
 * The features of `a` (the analysis of the run) and `lookTimes` (round times of its look
 * events, ms, in order: the trace's samples with `look` = 1), and the verdict against the
 * bounds above. `automatic`: the drill fires automatically (the Fitts feature is skipped).
 */
export function judgePlausibility(a: RunAnalysis, lookTimes: ArrayLike<number>, automatic: boolean): Plausibility {
  return judge(a, lookIntervals(lookTimes, null), automatic);
}

function judge(a: RunAnalysis, li: LookIntervals, automatic: boolean): Plausibility {
  const fresh = a.flicks.filter((f) => f.fresh && f.reaction !== null).map((f) => f.reaction as number);
  const big = a.flicks.filter((f) => f.amplitude >= MIN_FLICK_DEG);
  const nInt = li.n, modal = li.modal, second = li.second;
  const fittsFlicks = a.flicks.filter((f) => f.amplitude > 0 && f.width > 0);
  let idSd = 0;
  if (fittsFlicks.length > 1) {
    const ids = fittsFlicks.map((f) => Math.log2(f.amplitude / f.width + 1));
    const m = ids.reduce((s, x) => s + x, 0) / ids.length;
    idSd = Math.sqrt(ids.reduce((s, x) => s + (x - m) ** 2, 0) / ids.length);
  }
  const features: PlausibilityFeatures = {
    freshReactions: fresh.length,
    fastReactionShare: fresh.length >= MIN_FRESH ? fresh.filter((r) => r < REACTION_FLOOR_MS).length / fresh.length : null,
    flicks: big.length,
    medianPrimaryMs: !automatic && big.length >= MIN_FLICKS ? median(big.map((f) => f.primaryMs)) : null,
    medianAccelPerDeg: !automatic && big.length >= MIN_FLICKS ? median(big.map((f) => f.peakAccel / f.amplitude)) : null,
    teleportShare: big.length >= MIN_FLICKS ? big.filter((f) => f.maxStepShare > 0.5).length / big.length : null,
    fittsSlope: !automatic && a.fitts.n >= MIN_FITTS && idSd >= 0.3 ? a.fitts.b : null,
    intervals: nInt,
    modalIntervalShare: nInt >= MIN_INTERVALS ? modal / nInt : null,
    topTwoIntervalShare: nInt >= MIN_INTERVALS ? (modal + second) / nInt : null,
    trackingLagMs: a.tracking.movingTicks >= MIN_TRACK_TICKS && (a.tracking.timeOnTargetPct ?? 0) > LAG_ON_TARGET_PCT ? a.tracking.lagMs : null,
    directionChangeMs: a.tracking.directionChanges >= MIN_DIR_CHANGES ? a.tracking.directionChangeReactionMs : null,
  };
  const reasons: PlausibilityReason[] = [];
  const f = features;
  const r1 = (x: number) => Math.round(x * 10) / 10;
  if (f.fastReactionShare !== null && f.fastReactionShare > MAX_FAST_REACTION_SHARE) {
    reasons.push({ code: 'reaction', message: `${Math.round(f.fastReactionShare * 100)} % of ${f.freshReactions} reactions to new targets under ${REACTION_FLOOR_MS} ms (at most ${MAX_FAST_REACTION_SHARE * 100} %)` });
  }
  if (f.medianPrimaryMs !== null && f.medianPrimaryMs < MIN_PRIMARY_MS) {
    reasons.push({ code: 'movement-time', message: `median flick ${r1(f.medianPrimaryMs)} ms (at least ${MIN_PRIMARY_MS} ms)` });
  }
  if (f.medianAccelPerDeg !== null && f.medianAccelPerDeg > MAX_ACCEL_PER_DEG) {
    reasons.push({ code: 'acceleration', message: `median peak acceleration ${Math.round(f.medianAccelPerDeg)} °/s² per degree of flick (at most ${MAX_ACCEL_PER_DEG})` });
  }
  if (f.teleportShare !== null && f.teleportShare > MAX_TELEPORT_SHARE) {
    reasons.push({ code: 'teleport', message: `${Math.round(f.teleportShare * 100)} % of flicks made by one input event (at most ${MAX_TELEPORT_SHARE * 100} %)` });
  }
  if (f.modalIntervalShare !== null && f.modalIntervalShare > MAX_MODAL_SHARE) {
    reasons.push({ code: 'input-timing', message: `${Math.round(f.modalIntervalShare * 100)} % of ${f.intervals} input intervals identical (at most ${MAX_MODAL_SHARE * 100} %)` });
  }
  if (f.topTwoIntervalShare !== null && f.topTwoIntervalShare > MAX_TOP2_SHARE) {
    reasons.push({ code: 'input-clock', message: `${Math.round(f.topTwoIntervalShare * 100)} % of ${f.intervals} input intervals at two exact values (at most ${Math.round(MAX_TOP2_SHARE * 100)} %)` });
  }
  if ((f.trackingLagMs !== null && f.trackingLagMs < MIN_TRACK_LAG_MS) || (f.directionChangeMs !== null && f.directionChangeMs < MIN_DIR_CHANGE_MS)) {
    reasons.push({ code: 'tracking-lag', message: `tracking lag ${f.trackingLagMs === null ? '-' : r1(f.trackingLagMs)} ms, direction-change reaction ${f.directionChangeMs === null ? '-' : r1(f.directionChangeMs)} ms (at least ${MIN_TRACK_LAG_MS} / ${MIN_DIR_CHANGE_MS} ms)` });
  }
  // the Fitts slope alone holds no run (a novice's corrections on tiny targets can hide the
  // law); it is named with the other reasons
  if (reasons.length > 0 && f.fittsSlope !== null && f.fittsSlope < MIN_FITTS_SLOPE) {
    reasons.push({ code: 'fitts', message: `movement time does not grow with difficulty: Fitts slope ${r1(f.fittsSlope)} ms/bit (at least ${MIN_FITTS_SLOPE})` });
  }
  return { plausible: reasons.length === 0, reasons, features };
}

/** The analysis and the plausibility verdict of a traced run (what the server's verification
 * computes once per re-simulated run). */
export function assessTrace(trace: RunTrace): { analysis: RunAnalysis; plausibility: Plausibility } {
  const analysis = analyseTrace(trace);
  // the look intervals straight from the aim samples (one pass, no array of look times)
  return { analysis, plausibility: judge(analysis, lookIntervals(trace.aimT, trace.look), trace.automatic) };
}
