/**
 * The sensitivity finder (issue 37 item 6): a blind A/B protocol over cm/360, and the fit that
 * recommends one with its uncertainty. Pure: no DOM, no Babylon, no bitecs; the only randomness
 * is the seeded stream of src/ecs/rng.ts (never Math.random), so a seed gives one schedule.
 *
 * Protocol ({@link planSession}): `levels` cm/360 values log-spaced over
 * [centre / span, centre × span] (default 5 levels, span 1.4, i.e. about ±40 % of the player's
 * current cm/360), each played `repeats` times (default 2) as short rounds of one drill. The order
 * is a randomised complete block design: every block of `levels` rounds holds each level once, in
 * an order shuffled by the seed (Fisher-Yates), so warm-up and fatigue fall on every level alike
 * and the player cannot guess a round's sensitivity from its place. This is the blind A/B idea of
 * ValTrainer's Sens Finder (reference/training.md "Sensitivity finding").
 *
 * Fit ({@link fitSession}): ordinary least squares of the round score on x = ln(cm/360 / centre)
 * and x² (a second-order response surface, Box & Wilson 1951), with a linear term in the round
 * index when there are enough rounds (it takes up a steady warm-up or fatigue trend that would
 * otherwise tilt the curve). With y = a + b·x + c·x² (+ d·round), the best cm/360 is the vertex
 * x* = −b / (2c), which is a maximum only when c < 0. Its confidence interval is Fieller's
 * interval for the ratio of two regression coefficients (Fieller 1954; the standard interval for
 * the optimum of a quadratic response, e.g. Draper & Smith, "Applied Regression Analysis", 3rd
 * ed. §12.4): the x for which the slope b + 2c·x is not significantly different from 0 at level
 * `confidence`, i.e. the roots of
 *   (b + 2c·x)² − t² · (V_bb + 4x·V_bc + 4x²·V_cc) = 0,
 * with V the coefficients' covariance (s² (XᵀX)⁻¹, s² = RSS / (n − p)) and t Student's quantile
 * for n − p degrees of freedom. The interval is bounded only when c is itself significant
 * (c² > t²·V_cc); otherwise the data do not show a peak and the fit is 'inconclusive'.
 */
import { createRng } from '../ecs/rng';

/** Options of {@link planSession}. */
export interface FinderPlanOptions {
  /** number of distinct cm/360 values tested (≥ 3: a quadratic needs three); default 5 */
  levels?: number;
  /** times each value is played (≥ 1); default 2 */
  repeats?: number;
  /** the highest value is centre × span and the lowest centre / span (> 1); default 1.4 (±40 %) */
  span?: number;
}

/** One round of a finder session. */
export interface FinderRound {
  /** 0-based place in the session */
  index: number;
  /** which of the plan's `levels` (0 = the lowest cm/360) */
  level: number;
  /** the round's cm/360 (centimetres of mouse travel per 360° turn) */
  cm360: number;
}

/** A planned finder session: the blinded schedule and what made it. */
export interface FinderPlan {
  seed: number;
  /** the player's cm/360 the levels are spread around (cm) */
  centreCm360: number;
  span: number;
  /** the tested cm/360 values, ascending (cm) */
  levels: number[];
  repeats: number;
  /** the rounds in play order (levels × repeats of them) */
  rounds: FinderRound[];
}

/** Default number of levels, repeats and span of a session (5 × 2 = 10 rounds, ±40 %). */
export const FINDER_DEFAULTS = { levels: 5, repeats: 2, span: 1.4 } as const;

function checkInt(x: number, min: number, max: number, what: string): void {
  if (!Number.isInteger(x) || x < min || x > max) throw new RangeError(`${what} must be an integer in ${min}-${max}, got ${String(x)}`);
}

/**
 * Plans a blinded finder session around `centreCm360` (see the file comment for the design).
 * Levels: centre × span^(2i/(levels−1) − 1), i = 0 … levels−1 (log-spaced, symmetric in ln).
 * @param seed any number (reduced to uint32 by the rng); the same seed gives the same order
 * @param centreCm360 the player's current cm/360 (cm), finite and > 0
 * @throws RangeError for a bad centre, levels outside 3-15, repeats outside 1-10, span not in (1, 4]
 */
export function planSession(seed: number, centreCm360: number, opts: FinderPlanOptions = {}): FinderPlan {
  const levels = opts.levels ?? FINDER_DEFAULTS.levels;
  const repeats = opts.repeats ?? FINDER_DEFAULTS.repeats;
  const span = opts.span ?? FINDER_DEFAULTS.span;
  if (!(typeof centreCm360 === 'number' && Number.isFinite(centreCm360) && centreCm360 > 0)) {
    throw new RangeError(`centre cm/360 must be a finite number > 0, got ${String(centreCm360)}`);
  }
  checkInt(levels, 3, 15, 'levels');
  checkInt(repeats, 1, 10, 'repeats');
  if (!(Number.isFinite(span) && span > 1 && span <= 4)) throw new RangeError(`span must be in (1, 4], got ${String(span)}`);
  const values = Array.from({ length: levels }, (_, i) => centreCm360 * span ** ((2 * i) / (levels - 1) - 1));
  const rng = createRng(seed);
  const rounds: FinderRound[] = [];
  for (let r = 0; r < repeats; r++) {
    const block = Array.from({ length: levels }, (_, i) => i);
    for (let i = levels - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [block[i], block[j]] = [block[j], block[i]];
    }
    for (const level of block) rounds.push({ index: rounds.length, level, cm360: values[level] });
  }
  return { seed, centreCm360, span, levels: values, repeats, rounds };
}

/** One played round: its cm/360 and the drill's score (higher is better). */
export interface FinderResult {
  cm360: number;
  score: number;
  /** 0-based place in the session (for the trend term); default: its place in the array */
  index?: number;
}

/** How far the fit can be trusted. 'good': a peak inside the tested range, its interval inside
 * it too; 'wide': a peak inside the range but its interval reaches past it (play more rounds);
 * 'inconclusive': no significant interior maximum (flat, a valley, or the best lies outside
 * the tested range: test again centred on `bestTestedCm360`). */
export type FitQuality = 'good' | 'wide' | 'inconclusive';

/** What {@link fitSession} found. All cm/360 in centimetres. */
export interface FinderFit {
  quality: FitQuality;
  /** the recommended cm/360: the fitted peak, or for 'inconclusive' the best tested level */
  bestCm360: number;
  /** the interval at `confidence` (cm); null when unbounded ('inconclusive') */
  low: number | null;
  high: number | null;
  /** the interval's confidence level, e.g. 0.95 */
  confidence: number;
  /** the tested level with the highest mean score (cm) */
  bestTestedCm360: number;
  /** the fitted curve: score at x = ln(cm/360 / centre) is a + b·x + c·x² (+ trend·round);
   * null when it could not be fitted */
  curve: { centreCm360: number; a: number; b: number; c: number; trend: number } | null;
  /** number of rounds fitted */
  n: number;
  /** why the fit is inconclusive, when it is */
  reason?: 'too-few-rounds' | 'too-few-levels' | 'no-peak' | 'peak-outside-range';
}

/** Options of {@link fitSession}. */
export interface FitOptions {
  /** two-sided confidence of the interval: 0.95 (default) or 0.68 */
  confidence?: 0.95 | 0.68;
  /** fit a linear trend in the round index (default: when there are at least 8 rounds) */
  trend?: boolean;
}

// Student's t quantiles, two-sided 95 % (t_{0.975}) and 68.27 % (t_{0.8413}), df = 1 … 30
// (standard tables, e.g. NIST/SEMATECH e-Handbook §1.3.6.7.2); beyond 30 the normal quantile
// with the first Cornish-Fisher term z + (z³ + z) / (4 df).
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];
const T841 = [1.837, 1.321, 1.197, 1.142, 1.111, 1.091, 1.077, 1.067, 1.059, 1.053, 1.048, 1.043, 1.04, 1.037, 1.034,
  1.032, 1.03, 1.029, 1.027, 1.026, 1.025, 1.024, 1.023, 1.022, 1.021, 1.02, 1.02, 1.019, 1.018, 1.018];

/** Student's t quantile for a two-sided `confidence` (0.95 or 0.68) at `df` ≥ 1 degrees of freedom. */
export function tQuantile(confidence: 0.95 | 0.68, df: number): number {
  if (!(Number.isInteger(df) && df >= 1)) throw new RangeError(`df must be an integer ≥ 1, got ${String(df)}`);
  const table = confidence === 0.95 ? T975 : T841;
  if (df <= table.length) return table[df - 1];
  const z = confidence === 0.95 ? 1.959964 : 1.0;
  return z + (z ** 3 + z) / (4 * df);
}

/** Inverts a symmetric positive-definite matrix (row-major n×n) by Gauss-Jordan elimination with
 * partial pivoting; null when it is singular. */
function invert(m: number[][]): number[][] | null {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[piv][col])) piv = r;
    if (Math.abs(a[piv][col]) < 1e-12) return null;
    [a[col], a[piv]] = [a[piv], a[col]];
    const p = a[col][col];
    for (let j = 0; j < 2 * n; j++) a[col][j] /= p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r][col];
      if (f !== 0) for (let j = 0; j < 2 * n; j++) a[r][j] -= f * a[col][j];
    }
  }
  return a.map((row) => row.slice(n));
}

/** Ordinary least squares: coefficients, their covariance s²(XᵀX)⁻¹ and the residual df; null
 * when XᵀX is singular or there is no residual degree of freedom. */
function ols(X: number[][], y: number[]): { beta: number[]; cov: number[][]; df: number; s2: number } | null {
  const n = X.length;
  const p = X[0].length;
  const df = n - p;
  if (df < 1) return null;
  const xtx = Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => X.reduce((s, row) => s + row[i] * row[j], 0)));
  const inv = invert(xtx);
  if (!inv) return null;
  const xty = Array.from({ length: p }, (_, i) => X.reduce((s, row, k) => s + row[i] * y[k], 0));
  const beta = inv.map((row) => row.reduce((s, v, j) => s + v * xty[j], 0));
  const rss = X.reduce((s, row, k) => s + (y[k] - row.reduce((t, v, j) => t + v * beta[j], 0)) ** 2, 0);
  const s2 = rss / df;
  return { beta, cov: inv.map((row) => row.map((v) => v * s2)), df, s2 };
}

/**
 * Fits a finder session's results (see the file comment for the method) and recommends a
 * cm/360 with its interval at `confidence`. Rounds with a non-finite score or cm/360 ≤ 0 are
 * dropped. The centre of x is the geometric mean of the tested cm/360 values.
 * Never throws for data; 'inconclusive' (with the best tested level as `bestCm360`) when the
 * curve has no significant interior maximum.
 * @throws RangeError for an unknown confidence
 */
export function fitSession(results: readonly FinderResult[], opts: FitOptions = {}): FinderFit {
  const confidence = opts.confidence ?? 0.95;
  if (confidence !== 0.95 && confidence !== 0.68) throw new RangeError(`confidence must be 0.95 or 0.68, got ${String(confidence)}`);
  const rows = results
    .map((r, i) => ({ cm: r.cm360, score: r.score, index: r.index ?? i }))
    .filter((r) => Number.isFinite(r.cm) && r.cm > 0 && Number.isFinite(r.score));
  const byLevel = new Map<number, number[]>();
  for (const r of rows) {
    const key = Number(r.cm.toPrecision(9));
    byLevel.set(key, [...(byLevel.get(key) ?? []), r.score]);
  }
  let bestTestedCm360 = NaN;
  let bestMean = -Infinity;
  for (const [cm, scores] of byLevel) {
    const mean = scores.reduce((s, v) => s + v, 0) / scores.length;
    if (mean > bestMean) [bestMean, bestTestedCm360] = [mean, cm];
  }
  const n = rows.length;
  const inconclusive = (reason: NonNullable<FinderFit['reason']>, curve: FinderFit['curve'] = null): FinderFit => ({
    quality: 'inconclusive', bestCm360: bestTestedCm360, low: null, high: null, confidence, bestTestedCm360, curve, n, reason,
  });
  if (byLevel.size < 3) return inconclusive('too-few-levels');
  const useTrend = opts.trend ?? n >= 8;
  if (n < (useTrend ? 5 : 4)) return inconclusive('too-few-rounds');

  const logs = [...byLevel.keys()].map((cm) => Math.log(cm));
  const centre = Math.exp(logs.reduce((s, v) => s + v, 0) / logs.length);
  const xMin = Math.min(...logs) - Math.log(centre);
  const xMax = Math.max(...logs) - Math.log(centre);
  const meanIndex = rows.reduce((s, r) => s + r.index, 0) / n;
  const X = rows.map((r) => {
    const x = Math.log(r.cm / centre);
    return useTrend ? [1, x, x * x, r.index - meanIndex] : [1, x, x * x];
  });
  const fit = ols(X, rows.map((r) => r.score));
  if (!fit) return inconclusive('too-few-rounds');
  const [a, b, c] = fit.beta;
  const curve = { centreCm360: centre, a, b, c, trend: useTrend ? fit.beta[3] : 0 };
  if (!(c < 0)) return inconclusive('no-peak', curve);
  const vertex = -b / (2 * c);
  if (vertex < xMin || vertex > xMax) return inconclusive('peak-outside-range', curve);

  // Fieller: A x² + B x + C ≤ 0 with A = 4(c² − t²V_cc), B = 4(bc − t²V_bc), C = b² − t²V_bb
  const t = tQuantile(confidence, fit.df);
  const t2 = t * t;
  const Vbb = fit.cov[1][1];
  const Vbc = fit.cov[1][2];
  const Vcc = fit.cov[2][2];
  const A = 4 * (c * c - t2 * Vcc);
  const B = 4 * (b * c - t2 * Vbc);
  const C = b * b - t2 * Vbb;
  const disc = B * B - 4 * A * C;
  if (!(A > 0) || !(disc >= 0)) return inconclusive('no-peak', curve);
  const sq = Math.sqrt(disc);
  const lo = (-B - sq) / (2 * A);
  const hi = (-B + sq) / (2 * A);
  const inside = lo >= xMin && hi <= xMax;
  return {
    quality: inside ? 'good' : 'wide',
    bestCm360: centre * Math.exp(vertex),
    low: centre * Math.exp(lo),
    high: centre * Math.exp(hi),
    confidence,
    bestTestedCm360,
    curve,
    n,
  };
}

/** The fitted score at `cm360` (cm) of a fit's curve, at the session's mean round (trend 0). */
export function curveScore(curve: NonNullable<FinderFit['curve']>, cm360: number): number {
  const x = Math.log(cm360 / curve.centreCm360);
  return curve.a + curve.b * x + curve.c * x * x;
}
