/**
 * Insight beyond the anchors (issue 15 item 5): pure functions over what a run stores.
 * - Fitts' throughput (bits/s) from the run's kill segments;
 * - the shot map's bias and spread (degrees) from the per-shot offsets to the target's centre;
 * - trends of a player's scores on a drill (moving average, least-squares slope);
 * - display precision of the summary's numbers.
 * Every formula names its source; every angle is in degrees, every time in ms unless named.
 */

/** One kill segment of a run for Fitts' law: `[distanceDeg, widthDeg, movementMs]`:
 * the angular distance travelled in a straight line from the segment's start aim (round start
 * or the previous kill) to the aim of the killing shot (degrees), the target's angular diameter
 * seen from the eye at that shot (degrees), and the time from the segment's start to the
 * killing shot (ms). */
export type FittsSegment = readonly [distanceDeg: number, widthDeg: number, movementMs: number];

/**
 * Fitts' throughput of a run in bits/s, ISO 9241-9 style (ISO 9241-9:2000 Annex B; Soukoreff &
 * MacKenzie 2004, "Towards a standard for pointing device evaluation", IJHCS 61):
 *   IDe_i = log2(De_i / W_i + 1)    (Shannon formulation, bits)
 *   TP    = mean(IDe_i) / mean(MT_i)  (bits/s, MT in seconds)
 * where De_i is the angular distance actually travelled (the "effective" distance, not the
 * nominal one) and W_i the target's angular diameter, both in degrees so that drills with
 * different target sizes and distances compare. Segments with MT <= 0, W <= 0 or a non-finite
 * value are skipped. Null when no segment remains.
 * Example: one segment [30, 2, 500]: IDe = log2(16) = 4 bits, MT = 0.5 s, TP = 8 bits/s.
 */
export function fittsThroughput(segments: readonly FittsSegment[]): number | null {
  let idSum = 0, mtSum = 0, n = 0;
  for (const [d, w, mt] of segments) {
    if (!(Number.isFinite(d) && Number.isFinite(w) && Number.isFinite(mt)) || w <= 0 || mt <= 0 || d < 0) continue;
    idSum += Math.log2(d / w + 1);
    mtSum += mt / 1000;
    n++;
  }
  if (n === 0) return null;
  return idSum / n / (mtSum / n);
}

/** Angular diameter in degrees of a sphere of `radius` at `distance` (same units):
 * 2 * atan(radius / distance). 180 when the eye is inside it. */
export function angularDiameter(radius: number, distance: number): number {
  if (distance <= radius) return 180;
  return (2 * Math.atan(radius / distance) * 180) / Math.PI;
}

/** One shot relative to its target's centre: `[dx, dy]` in degrees, dx > 0 = right of the
 * centre (yaw), dy > 0 = above it (pitch). */
export type ShotOffset = readonly [dx: number, dy: number];

/** Result of `shotBias`: mean offset (the bias) and sample standard deviations (the spread),
 * degrees; `spread` = sqrt(sd_x^2 + sd_y^2). */
export interface ShotBias {
  n: number;
  bias_x: number;
  bias_y: number;
  sd_x: number;
  sd_y: number;
  spread: number;
}

/**
 * Mean bias and spread of a shot map: bias = mean of the offsets per axis; sd = sample standard
 * deviation per axis (divisor n - 1; 0 for one shot); spread = sqrt(sd_x^2 + sd_y^2) (the
 * radial standard deviation; cf. the bivariate endpoint spread of ISO 9241-9's effective
 * width). Null for no shots. Example: (1,0), (3,0): bias_x 2, sd_x sqrt(2), bias_y 0, sd_y 0.
 */
export function shotBias(offsets: readonly ShotOffset[]): ShotBias | null {
  const n = offsets.length;
  if (n === 0) return null;
  let sx = 0, sy = 0;
  for (const [x, y] of offsets) { sx += x; sy += y; }
  const mx = sx / n, my = sy / n;
  let vx = 0, vy = 0;
  for (const [x, y] of offsets) { vx += (x - mx) ** 2; vy += (y - my) ** 2; }
  const sdx = n > 1 ? Math.sqrt(vx / (n - 1)) : 0;
  const sdy = n > 1 ? Math.sqrt(vy / (n - 1)) : 0;
  return { n, bias_x: mx, bias_y: my, sd_x: sdx, sd_y: sdy, spread: Math.hypot(sdx, sdy) };
}

/** Trailing moving average: out[i] = mean of values[max(0, i - window + 1) .. i] (the first
 * points average what there is). `window` < 1 counts as 1. Example: [2, 4, 9], 2 -> [2, 3, 6.5]. */
export function movingAverage(values: readonly number[], window: number): number[] {
  const w = Math.max(1, Math.floor(window));
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i];
    if (i >= w) sum -= values[i - w];
    out.push(sum / Math.min(i + 1, w));
  }
  return out;
}

/**
 * `movingAverage` over a series with gaps (null: a run without a value, e.g. no kill on a
 * time_destroy drill): each point is the mean of the non-null values among the last `window`
 * runs (itself included), null when there is none.
 * Example: [10, null, 20], window 2 -> [10, 10, 20].
 */
export function movingAverageWithGaps(values: readonly (number | null)[], window: number): (number | null)[] {
  const w = Math.max(1, Math.floor(window));
  const out: (number | null)[] = [];
  for (let i = 0; i < values.length; i++) {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, i - w + 1); j <= i; j++) {
      const v = values[j];
      if (v !== null && Number.isFinite(v)) { sum += v; n++; }
    }
    out.push(n > 0 ? sum / n : null);
  }
  return out;
}

/** The trend of a series of scores: the slope of the least-squares line through (i, score_i)
 * in score units per run (positive = rising). 0 for fewer than two scores. */
export function trendSlope(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const mx = (n - 1) / 2;
  const my = values.reduce((a, b) => a + b, 0) / n;
  let num = 0, den = 0;
  for (let i = 0; i < n; i++) { num += (i - mx) * (values[i] - my); den += (i - mx) ** 2; }
  return num / den;
}

/** Dash shown for a value that does not exist (no kill yet, no reaction measured). */
export const NO_VALUE = '–';

/** A millisecond value as a whole number ('412.5' -> '413'); null, non-finite or (when
 * `zeroIsNone`, e.g. time_destroy with no kill) 0 -> the dash. */
export function formatMs(ms: number | null | undefined, zeroIsNone = false): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || (zeroIsNone && ms === 0)) return NO_VALUE;
  return String(Math.round(ms));
}

/** A number with at most `decimals` decimals, trailing zeros dropped (75.256 -> '75.26',
 * 100 -> '100'); null / non-finite -> the dash. */
export function formatDecimal(v: number | null | undefined, decimals = 2): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return NO_VALUE;
  const f = 10 ** decimals;
  const r = Math.round(v * f) / f;
  return String(Object.is(r, -0) ? 0 : r);
}

/** A signed change ('+3', '-12.5', '±0'), at most `decimals` decimals. */
export function formatChange(v: number, decimals = 2): string {
  const s = formatDecimal(v, decimals);
  if (s === '0') return '±0';
  return v > 0 ? `+${s}` : s;
}
