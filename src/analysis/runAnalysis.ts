/**
 * THE analysis of a run (issue 37 items 1-3; issue 38 item 1 builds on it): per-shot records,
 * the anatomy of every flick, the Fitts regression with ISO 9241-9 throughput, and tracking
 * quality, all from the trace of the re-simulated run (src/analysis/trace.ts). One module for
 * the coach (summary, weakness map) and for the plausibility check. Pure: no Babylon, no DOM,
 * no engine (it reads a finished trace). Cost linear in the run's length (one pass per figure
 * over a 4 ms grid and the ticks; test/bench/runAnalysisBench.ts).
 *
 * Definitions (sources: ../shared/reference/training.md "Analysis definitions"):
 * - aim speed: the aim's angular speed on a 4 ms grid (ANALYSIS_GRID_MS), positions linearly
 *   interpolated between look events (a pause longer than twice the median report interval
 *   holds the aim still until the next report), central differences over ±8 ms (two grid
 *   steps: a 125 Hz mouse reports every 8 ms), a [1 2 1]/4 smoothing;
 *   distances on the sphere's tangent plane: hypot(Δyaw·cos(pitch), Δpitch);
 * - a flick = the aim's movement to a target it kills: it starts at the previous kill (or the
 *   round's start) or at the target's spawn when later (`start`);
 * - reaction = start to movement onset, the first grid sample at or after `start` above
 *   ONSET_SPEED_DEG_S (8 °/s, ValTrainer coach spec) for three samples in a row (12 ms: a
 *   single count of tremor is no onset); null when the aim was already moving at
 *   `start`; `fresh` when the target appeared at or after the previous kill (a reaction to a
 *   new stimulus; a target already on screen is a planned switch);
 * - primary movement = onset to the end of the first submovement: the first sample after the
 *   speed peak below the onset speed, or a local speed minimum below half the peak (Meyer et
 *   al. 1988 submovement parsing); correction = primary end to the kill shot; dwell = the time
 *   the aim was on the target (within its angular radius) just before the kill shot;
 * - amplitude A = the aim at `start` (the last sample at or before it) to the target's centre
 *   at the shot; axis u = that direction;
 *   gain G = (A + s) / A with s the primary end point's signed error along u (> 1 overshoot);
 *   path efficiency = straight distance start → shot / the path travelled from onset;
 * - direction sector: 8 sectors of 45° centred on right (0), up-right (1), up (2), ... (7
 *   down-right), by u; distance bins: A < 10°, 10-25°, ≥ 25° (DISTANCE_BINS_DEG);
 * - Fitts (Fitts 1954, Shannon form MacKenzie 1992): ID = log2(A / W + 1), W = the target's
 *   angular diameter, MT = onset to the kill shot; least squares MT = a + b·ID; throughput
 *   (ISO 9241-9, MacKenzie's notes): We = 4.133·SD of the shots' end-point errors along u,
 *   IDe = log2(Ae / We + 1) with Ae the distance moved along u, TP = mean(IDe / MT), bits/s;
 * - tracking (ticks with a live target; the goal = the target nearest the aim): time on target
 *   % = ticks with the aim inside the goal / ticks with a goal; lag = the delay τ (0-500 ms)
 *   maximising the cross-correlation of aim and goal angular velocity (parabolic refinement);
 *   jitter = RMS of the 4 Hz high-passed velocity error (aim - goal) / the goal's mean speed
 *   (ValTrainer); direction-change reaction = from a reversal of the goal's velocity on its
 *   main axis to the first tick the aim's velocity has the new sign, mean ms.
 */
import { TICK_MS } from '../contracts/constants';
import type { RunTrace } from './trace';

/** Grid step of the aim speed, ms. */
export const ANALYSIS_GRID_MS = 4;
/** Movement onset speed, °/s (ValTrainer coach spec: about 8 °/s). */
export const ONSET_SPEED_DEG_S = 8;
/** Upper bounds of the first two distance bins, degrees (the third is everything above). */
export const DISTANCE_BINS_DEG = [10, 25] as const;
/** ISO 9241-9 effective width factor: We = 4.133 · SD (MacKenzie). */
export const EFFECTIVE_WIDTH_FACTOR = 4.133;
/** High-pass corner of the tracking jitter, Hz (ValTrainer). */
export const JITTER_HIGHPASS_HZ = 4;
/** Longest lag searched by the tracking cross-correlation, ms. */
export const MAX_LAG_MS = 500;

/** One shot: time (ms), hit / crit / kill, the shot's offset from the target's centre
 * (degrees; dx = yaw difference wrapped, > 0 right; dy = pitch difference, > 0 high): the
 * target hit, or for a miss the nearest live target; null offsets when no target was up. */
export interface ShotRecord {
  t: number;
  hit: boolean;
  crit: boolean;
  killed: boolean;
  dx: number | null;
  dy: number | null;
  /** a hit's target age: ms from the target's spawn (first drawn) to the shot; null on a miss */
  age: number | null;
}

/** The anatomy of one flick (see the module comment); times ms, angles degrees. */
export interface FlickRecord {
  /** flick start (previous kill or the target's spawn) and the kill shot, ms */
  start: number;
  shotT: number;
  fresh: boolean;
  reaction: number | null;
  onset: number;
  primaryMs: number;
  correctionMs: number;
  dwellMs: number;
  amplitude: number;
  width: number;
  gain: number;
  pathEfficiency: number;
  sector: number;
  distanceBin: number;
  /** signed end-point error of the shot along the axis, degrees */
  endError: number;
  /** peak speed °/s and peak acceleration °/s² of the movement (onset to shot) */
  peakSpeed: number;
  peakAccel: number;
  /** share of the primary movement's duration above 90 % of its peak speed (a bell-shaped
   * minimum-jerk profile: about 0.24; a constant-speed move: near 1) */
  plateauShare: number;
  /** largest single look event's displacement / the amplitude (a teleport: about 1) */
  maxStepShare: number;
}

/** Means of the flicks of one direction sector x distance bin (null when empty). */
export interface FlickCell {
  sector: number;
  distanceBin: number;
  n: number;
  reaction: number | null;
  primaryMs: number | null;
  correctionMs: number | null;
  dwellMs: number | null;
  gain: number | null;
  pathEfficiency: number | null;
}

/** Fitts regression and throughput (null when fewer than 3 flicks or no spread of ID). */
export interface FittsFit {
  n: number;
  a: number | null;
  b: number | null;
  r2: number | null;
  we: number | null;
  throughput: number | null;
}

/** Tracking quality (null figures when the run has nothing to track). */
export interface TrackingQuality {
  ticks: number;
  /** frames with the goal moving (the ones lag and jitter are measured on) */
  movingTicks: number;
  timeOnTargetPct: number | null;
  lagMs: number | null;
  jitter: number | null;
  directionChangeReactionMs: number | null;
  directionChanges: number;
}

/** Everything `analyseTrace` computes. */
export interface RunAnalysis {
  shots: ShotRecord[];
  flicks: FlickRecord[];
  /** 24 cells: index = sector · 3 + distanceBin */
  cells: FlickCell[];
  fitts: FittsFit;
  tracking: TrackingQuality;
  /** look-event intervals (ms) while moving, for input-timing figures: median and the
   * coefficient of variation (SD / mean) */
  reportIntervalMedianMs: number | null;
  reportIntervalCv: number | null;
}

/**
 * The weakness map's cell of a flick whose movement on the tangent plane is (`ax`, `ay`) degrees
 * (ax = yaw difference x cos(target pitch), > 0 right; ay = pitch difference, > 0 up): `sector`
 * 0..7 (FLICK_SECTORS: 45° sectors centred on right, up-right, up, ...; by atan2(ay, ax)) and
 * distance `bin` 0..2 (amplitude hypot(ax, ay) below 10°, below 25°, else; DISTANCE_BINS_DEG).
 * The one rule for `analyseTrace` and for drills that place targets in given cells
 * (src/analysis/weakSpotDrill.ts).
 */
export function flickCellOf(ax: number, ay: number): { sector: number; bin: number } {
  const A = hypot2(ax, ay);
  const ang = Math.atan2(ay, ax) / R;
  const sector = Math.floor((((ang + 22.5) % 360) + 360) % 360 / 45) % 8;
  const bin = A < DISTANCE_BINS_DEG[0] ? 0 : A < DISTANCE_BINS_DEG[1] ? 1 : 2;
  return { sector, bin };
}

/**
 * `Math.hypot(a, b)` to the last bit, without its cost: V8's builtin (src/builtins/math.tq
 * MathHypot: the largest absolute value `max`; Infinity if either is infinite, else NaN if
 * either is NaN, 0 if both are 0; else sqrt of the Kahan sum of (|x| / max)² times max) takes
 * its arguments as a list and allocates for every call. The same operations in the same order
 * give the same double (fuzzed against Math.hypot over 5 million pairs: finite, subnormal, huge,
 * ±0, ±Infinity and NaN; test/unit/analysis/hypot.test.ts). Numbers in, degrees or any unit out.
 */
export function hypot2(a: number, b: number): number {
  const x = Math.abs(a), y = Math.abs(b);
  if (x !== x || y !== y) return x === Infinity || y === Infinity ? Infinity : Number.NaN;
  const max = x > y ? x : y;
  if (max === Infinity) return Infinity;
  if (max === 0) return 0;
  const n0 = x / max, n1 = y / max;
  // Kahan summation as the builtin does it (sum and compensation start at 0)
  let sum = 0, comp = 0;
  let summand = n0 * n0 - comp;
  let pre = sum + summand;
  comp = (pre - sum) - summand;
  sum = pre;
  summand = n1 * n1 - comp;
  pre = sum + summand;
  sum = pre;
  return Math.sqrt(sum) * max;
}

/** Angle a - b wrapped to [-180, 180). */
function wrap(d: number): number {
  if (d >= -180 && d < 180) return d; // what the modulo and the checks below leave unchanged
  d %= 360;
  if (d >= 180) d -= 360; else if (d < -180) d += 360;
  return d;
}

const R = Math.PI / 180;

/** The target `eid`'s slot in frame f, or -1. */
function slotOf(tr: RunTrace, f: number, eid: number): number {
  if (f < 0 || f > tr.ticks) return -1;
  for (let j = tr.tgtOff[f]; j < tr.tgtOff[f + 1]; j++) if (tr.tgtEid[j] === eid) return j;
  return -1;
}

/** The frame a player sees at round time t (the last tick end at or before it), which is also
 * the state a shot during that tick is resolved against. */
function seenTick(t: number, ticks: number): number {
  return Math.min(ticks, Math.max(0, Math.floor(t / TICK_MS)));
}

/**
 * The k-th smallest (0-based) of `a` (numbers, no NaN or -0), by quickselect (Hoare's FIND,
 * 1961): the value `Float64Array.from(a).sort()[k]` gives, in linear expected time instead of
 * a sort. Reorders `a`. Throws RangeError when k is outside 0..a.length - 1.
 */
export function nthSmallest(a: Float64Array, k: number): number {
  if (!(k >= 0 && k < a.length)) throw new RangeError(`nthSmallest: k ${k} outside 0..${a.length - 1}`);
  let lo = 0, hi = a.length - 1;
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo, j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) { const t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    if (k <= j) hi = j; else if (k >= i) lo = i; else return a[k];
  }
  return a[k];
}

const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/**
 * Analyses a traced run (see the module comment). Never throws for a well-formed trace; figures
 * that need data the run lacks are null.
 */
export function analyseTrace(tr: RunTrace): RunAnalysis {
  const h = ANALYSIS_GRID_MS;
  const endT = tr.ticks * TICK_MS;
  const G = Math.max(2, Math.floor(endT / h) + 1);
  const Y = new Float64Array(G), P = new Float64Array(G), V = new Float64Array(G);

  // report intervals (look events) -> median, CV; the hold rule's gap (in a typed array, in
  // log order: the sums below add in that order; the median is the order statistic n >> 1)
  const intervals = new Float64Array(tr.aimT.length);
  let nInt = 0;
  let lastLook = -1;
  for (let i = 0; i < tr.aimT.length; i++) {
    if (!tr.look[i]) continue;
    if (lastLook >= 0) { const d = tr.aimT[i] - tr.aimT[lastLook]; if (d > 0 && d < 50) intervals[nInt++] = d; }
    lastLook = i;
  }
  let medInt: number | null = null, cv: number | null = null;
  if (nInt > 10) {
    medInt = nthSmallest(intervals.slice(0, nInt), nInt >> 1);
    let sum = 0;
    for (let i = 0; i < nInt; i++) sum += intervals[i];
    const m = sum / nInt;
    let sq = 0;
    for (let i = 0; i < nInt; i++) sq += (intervals[i] - m) * (intervals[i] - m);
    cv = Math.sqrt(sq / nInt) / m;
  }
  const gap = Math.min(16, Math.max(1, 2 * (medInt ?? 8)));

  // aim on the grid: interpolate between look samples (tick-end samples only anchor the start).
  // One loop without a closure: a double written to a variable a closure captures lives in a
  // heap box, one allocation per write (5 MB of garbage for a 60 s run at 1 kHz)
  {
    const aimT = tr.aimT, aimYaw = tr.aimYaw, aimPitch = tr.aimPitch, look = tr.look, nAim = aimT.length;
    let j = 0;
    let pt = 0, py = aimYaw.length ? aimYaw[0] : 0, pp = aimPitch.length ? aimPitch[0] : 0;
    // next look sample after j (the advance step, written out twice below)
    let nt = Infinity, ny = py, np = pp, nHold = Infinity;
    while (j < nAim && !look[j]) j++;
    if (j < nAim) { nt = aimT[j]; ny = aimYaw[j]; np = aimPitch[j]; nHold = Math.max(pt, nt - gap); j++; }
    else { nt = Infinity; }
    for (let i = 0; i < G; i++) {
      const t = i * h;
      while (t >= nt) {
        pt = nt; py = ny; pp = np;
        while (j < nAim && !look[j]) j++;
        if (j < nAim) { nt = aimT[j]; ny = aimYaw[j]; np = aimPitch[j]; nHold = Math.max(pt, nt - gap); j++; }
        else { nt = Infinity; }
      }
      if (nt === Infinity || t <= nHold) { Y[i] = py; P[i] = pp; }
      else { const f = (t - nHold) / (nt - nHold); Y[i] = py + (ny - py) * f; P[i] = pp + (np - pp) * f; }
    }
  }
  for (let i = 2; i < G - 2; i++) {
    const dy = (Y[i + 2] - Y[i - 2]) * Math.cos(P[i] * R), dp = P[i + 2] - P[i - 2];
    V[i] = (Math.sqrt(dy * dy + dp * dp) / (4 * h)) * 1000;
  }
  // [1 2 1] / 4 smoothing in place (keeping the previous raw value)
  {
    let prev = V[0];
    for (let i = 1; i < G - 1; i++) { const cur = V[i]; V[i] = (prev + 2 * cur + V[i + 1]) / 4; prev = cur; }
  }
  const gi = (t: number): number => Math.min(G - 1, Math.max(0, Math.round(t / h)));

  // spawn index -> (eid, ms)
  const spawnOf = new Map<number, number>();
  for (let i = 0; i < tr.spawnIndex.length; i++) spawnOf.set(tr.spawnIndex[i], i);

  // per-shot records
  const shots: ShotRecord[] = [];
  for (const s of tr.shots) {
    const k = seenTick(s.t, tr.ticks);
    let slot = -1;
    if (s.hit && s.target >= 0) {
      const si = spawnOf.get(s.target);
      if (si !== undefined) slot = slotOf(tr, k, tr.spawnEid[si]);
    }
    if (slot < 0 && k >= 0 && k <= tr.ticks) {
      let best = Infinity;
      for (let j = tr.tgtOff[k]; j < tr.tgtOff[k + 1]; j++) {
        const d = hypot2(wrap(tr.tgtYaw[j] - s.yaw) * Math.cos(s.pitch * R), tr.tgtPitch[j] - s.pitch);
        if (d < best) { best = d; slot = j; }
      }
    }
    shots.push({
      t: s.t, hit: s.hit, crit: s.crit, killed: s.killed,
      dx: slot >= 0 ? wrap(s.yaw - tr.tgtYaw[slot]) : null, dy: slot >= 0 ? s.pitch - tr.tgtPitch[slot] : null,
      age: s.hit && s.target >= 0 && spawnOf.has(s.target) ? s.t - tr.spawnMs[spawnOf.get(s.target) as number] : null,
    });
  }

  // flicks: one per kill shot
  const flicks: FlickRecord[] = [];
  let prevKill = 0;
  for (const s of tr.shots) {
    if (!s.killed) continue;
    const si = spawnOf.get(s.target);
    const kShot = seenTick(s.t, tr.ticks);
    const eid = si !== undefined ? tr.spawnEid[si] : -1;
    const slot = eid >= 0 ? slotOf(tr, kShot, eid) : -1;
    const spawnMs = si !== undefined ? tr.spawnMs[si] : 0;
    const start = Math.max(prevKill, spawnMs);
    const fresh = spawnMs >= prevKill;
    const shotT = s.t;
    prevKill = shotT;
    if (slot < 0 || shotT <= start) continue;
    const tYaw = tr.tgtYaw[slot], tPitch = tr.tgtPitch[slot], rad = tr.tgtRad[slot];
    const i0 = gi(start), iS = gi(shotT);
    let io = i0;
    const movingAtStart = V[i0] > ONSET_SPEED_DEG_S;
    // already moving (the end of another movement): the flick starts after that movement's
    // speed minimum
    if (movingAtStart) {
      while (io < iS && V[io] > ONSET_SPEED_DEG_S && !(V[io] <= V[io - 1] && V[io] < V[io + 1])) io++;
    }
    // onset: three samples in a row above the onset speed (a count of tremor is no onset)
    {
      while (io < iS && !(V[io] > ONSET_SPEED_DEG_S && V[Math.min(G - 1, io + 1)] > ONSET_SPEED_DEG_S && V[Math.min(G - 1, io + 2)] > ONSET_SPEED_DEG_S)) io++;
    }
    const onset = io * h;
    // primary end
    let peak = 0, ip = io, ie = iS;
    for (let i = io; i <= iS; i++) {
      if (V[i] > peak) { peak = V[i]; ip = i; }
      else if (i > ip && (V[i] < ONSET_SPEED_DEG_S || (V[i] <= V[i - 1] && i + 1 <= iS && V[i] < V[i + 1] && V[i] < 0.5 * peak))) { ie = i; break; }
    }
    // geometry (tangent plane at the target), from the aim at the flick's start (the last
    // sample at or before it: exact, not the grid)
    let js = 0;
    {
      let lo = 0, hi = tr.aimT.length;
      while (lo < hi) { const m = (lo + hi) >> 1; if (tr.aimT[m] <= start) lo = m + 1; else hi = m; }
      js = Math.max(0, lo - 1);
    }
    const sYaw = tr.aimYaw[js] ?? Y[io], sPitch = tr.aimPitch[js] ?? P[io];
    const cp = Math.cos(tPitch * R);
    const ax = wrap(tYaw - sYaw) * cp, ay = tPitch - sPitch;
    const A = hypot2(ax, ay);
    const ux = A > 0 ? ax / A : 1, uy = A > 0 ? ay / A : 0;
    const ex = wrap(Y[ie] - tYaw) * cp, ey = P[ie] - tPitch;
    const sErr = ex * ux + ey * uy;
    const cx = wrap(s.yaw - tYaw) * cp, cy = s.pitch - tPitch;
    const endError = cx * ux + cy * uy;
    let path = 0, peakAcc = 0;
    for (let i = io + 1; i <= iS; i++) {
      const dy = (Y[i] - Y[i - 1]) * cp, dp = P[i] - P[i - 1];
      path += Math.sqrt(dy * dy + dp * dp);
      const acc = Math.abs(V[i] - V[i - 1]) / h * 1000;
      if (acc > peakAcc) peakAcc = acc;
    }
    const straight = hypot2(wrap(s.yaw - sYaw) * cp, s.pitch - sPitch);
    let above = 0;
    for (let i = io; i <= ie; i++) if (V[i] >= 0.9 * peak) above++;
    // dwell: on target continuously before the shot (target as seen at each grid time)
    let id = iS;
    while (id > io) {
      const k = seenTick(id * h, tr.ticks);
      const sl = slotOf(tr, k, eid);
      if (sl < 0) break;
      if (hypot2(wrap(Y[id] - tr.tgtYaw[sl]) * Math.cos(tr.tgtPitch[sl] * R), P[id] - tr.tgtPitch[sl]) > tr.tgtRad[sl]) break;
      id--;
    }
    // largest single look event between the flick's start and the shot: hypot (slow) only
    // for a step whose squared length comes within 1e-9 of the largest so far (hypot and the
    // square root of the rounded sum of squares differ by a few ulps for steps far above 1e-150°,
    // so every other step is certainly shorter: the same maximum, bit for bit)
    let maxStep = 0;
    {
      let lo = 0, hi = tr.aimT.length;
      while (lo < hi) { const m = (lo + hi) >> 1; if (tr.aimT[m] <= start) lo = m + 1; else hi = m; }
      let maxSq = 0, floorSq = 0;
      let lastY = Number.NaN, lastP = Number.NaN, lastD = 0; // hypot of |dy|, |dp| computed last
      for (let i = Math.max(1, lo); i < tr.aimT.length && tr.aimT[i] <= shotT; i++) {
        if (!tr.look[i]) continue;
        const dy = (tr.aimYaw[i] - tr.aimYaw[i - 1]) * cp, dp = tr.aimPitch[i] - tr.aimPitch[i - 1];
        const sq = dy * dy + dp * dp;
        if (sq < floorSq) continue; // a NaN goes on to hypot, as before
        const ay = Math.abs(dy), ap = Math.abs(dp);
        // hypot depends on the absolute values only: a repeated step (hand jitter) is not redone
        const d = ay === lastY && ap === lastP ? lastD : hypot2(dy, dp);
        lastY = ay; lastP = ap; lastD = d;
        if (d > maxStep) maxStep = d;
        if (sq > maxSq) { maxSq = sq; floorSq = sq * (1 - 1e-9); }
      }
    }
    // a reaction counts only for a movement toward this target (its first 40 ms within 45°)
    const i40 = Math.min(iS, io + 10);
    const mx = wrap(Y[i40] - Y[io]) * cp, my = P[i40] - P[io];
    const toward = (mx * ux + my * uy) > 0.7 * hypot2(mx, my);
    const { sector, bin } = flickCellOf(ax, ay);
    flicks.push({
      start, shotT, fresh, reaction: movingAtStart || !toward ? null : onset - start, onset,
      primaryMs: (ie - io) * h, correctionMs: Math.max(0, shotT - ie * h), dwellMs: (iS - id) * h,
      amplitude: A, width: 2 * rad, gain: A > 0 ? (A + sErr) / A : 1,
      pathEfficiency: path > 0 ? Math.min(1, straight / path) : 1, sector, distanceBin: bin, endError,
      peakSpeed: peak, peakAccel: peakAcc, plateauShare: ie > io ? above / (ie - io + 1) : 1,
      maxStepShare: A > 0 ? Math.min(1, maxStep / A) : 0,
    });
  }

  // cells
  const cells: FlickCell[] = [];
  for (let sct = 0; sct < 8; sct++) {
    for (let b = 0; b < 3; b++) {
      const fs = flicks.filter((f) => f.sector === sct && f.distanceBin === b);
      cells.push({
        sector: sct, distanceBin: b, n: fs.length,
        reaction: mean(fs.filter((f) => f.reaction !== null).map((f) => f.reaction as number)),
        primaryMs: mean(fs.map((f) => f.primaryMs)), correctionMs: mean(fs.map((f) => f.correctionMs)),
        dwellMs: mean(fs.map((f) => f.dwellMs)), gain: mean(fs.map((f) => f.gain)),
        pathEfficiency: mean(fs.map((f) => f.pathEfficiency)),
      });
    }
  }

  return {
    shots, flicks, cells, fitts: fittsFit(flicks), tracking: trackingQuality(tr),
    reportIntervalMedianMs: medInt, reportIntervalCv: cv,
  };
}

/** Fitts regression and ISO 9241-9 throughput of `flicks` (see the module comment). */
export function fittsFit(flicks: readonly FlickRecord[]): FittsFit {
  const fs = flicks.filter((f) => f.amplitude > 0 && f.width > 0 && f.shotT > f.onset);
  const n = fs.length;
  if (n < 3) return { n, a: null, b: null, r2: null, we: null, throughput: null };
  let sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0, se = 0, see = 0;
  for (const f of fs) {
    const x = Math.log2(f.amplitude / f.width + 1), y = f.shotT - f.onset;
    sx += x; sy += y; sxx += x * x; sxy += x * y; syy += y * y;
    se += f.endError; see += f.endError * f.endError;
  }
  const vx = sxx - (sx * sx) / n, vy = syy - (sy * sy) / n, cxy = sxy - (sx * sy) / n;
  const b = vx > 1e-9 ? cxy / vx : null;
  const a = b !== null ? (sy - b * sx) / n : null;
  const r2 = b !== null && vy > 1e-9 ? (cxy * cxy) / (vx * vy) : null;
  const sd = Math.sqrt(Math.max(0, see / n - (se / n) ** 2) * (n / (n - 1)));
  const we = EFFECTIVE_WIDTH_FACTOR * sd;
  let tp = 0;
  for (const f of fs) {
    const ae = Math.max(0, f.amplitude + f.endError);
    tp += Math.log2(ae / Math.max(we, 1e-6) + 1) / ((f.shotT - f.onset) / 1000);
  }
  return { n, a, b, r2, we: we > 0 ? we : null, throughput: we > 0 ? tp / n : null };
}

/** Tracking quality of a traced run, on the tick grid (see the module comment). */
export function trackingQuality(tr: RunTrace): TrackingQuality {
  const n = tr.ticks + 1; // frames
  const goal = new Float64Array(n).fill(-1); // slot of the goal in frame f
  const aY = new Float64Array(n), aP = new Float64Array(n);
  // frame aim: the non-look samples (the start and every tick's end)
  for (let i = 0; i < tr.aimT.length; i++) {
    if (tr.look[i]) continue;
    const f = Math.round(tr.aimT[i] / TICK_MS);
    if (f >= 0 && f < n) { aY[f] = tr.aimYaw[i]; aP[f] = tr.aimPitch[i]; }
  }
  let withGoal = 0, onTarget = 0;
  for (let k = 0; k < n; k++) {
    let best = Infinity;
    for (let j = tr.tgtOff[k]; j < tr.tgtOff[k + 1]; j++) {
      const d = hypot2(wrap(tr.tgtYaw[j] - aY[k]) * Math.cos(tr.tgtPitch[j] * R), tr.tgtPitch[j] - aP[k]) - tr.tgtRad[j];
      if (d < best) { best = d; goal[k] = j; }
    }
    if (goal[k] >= 0) { withGoal++; if (best <= 0) onTarget++; }
  }
  // velocities (deg/s, tangent plane) where the goal is the same entity on k-1 and k
  const vtY = new Float64Array(n), vtP = new Float64Array(n), vaY = new Float64Array(n), vaP = new Float64Array(n);
  const ok = new Uint8Array(n);
  let speedSum = 0, speedN = 0;
  for (let k = 1; k < n; k++) {
    const j = goal[k];
    if (j < 0) continue;
    const jp = slotOf(tr, k - 1, tr.tgtEid[j]);
    if (jp < 0 || goal[k - 1] < 0 || tr.tgtEid[goal[k - 1]] !== tr.tgtEid[j]) continue;
    const c = Math.cos(tr.tgtPitch[j] * R);
    vtY[k] = (wrap(tr.tgtYaw[j] - tr.tgtYaw[jp]) * c) / TICK_MS * 1000;
    vtP[k] = (tr.tgtPitch[j] - tr.tgtPitch[jp]) / TICK_MS * 1000;
    vaY[k] = ((aY[k] - aY[k - 1]) * c) / TICK_MS * 1000;
    vaP[k] = (aP[k] - aP[k - 1]) / TICK_MS * 1000;
    const sp = hypot2(vtY[k], vtP[k]);
    if (sp > 1) { ok[k] = 1; speedSum += sp; speedN++; }
  }
  const out: TrackingQuality = {
    ticks: withGoal, movingTicks: speedN, timeOnTargetPct: withGoal ? (100 * onTarget) / withGoal : null, lagMs: null, jitter: null,
    directionChangeReactionMs: null, directionChanges: 0,
  };
  if (speedN < 32) return out;
  // lag by cross-correlation
  const maxLag = Math.round(MAX_LAG_MS / TICK_MS);
  const cc = new Float64Array(maxLag + 1);
  for (let L = 0; L <= maxLag; L++) {
    let s = 0;
    for (let k = 1; k + L < n; k++) if (ok[k] && ok[k + L]) s += vaY[k + L] * vtY[k] + vaP[k + L] * vtP[k];
    cc[L] = s;
  }
  let bl = 0;
  for (let L = 1; L <= maxLag; L++) if (cc[L] > cc[bl]) bl = L;
  let frac = 0;
  if (bl > 0 && bl < maxLag) {
    const den = cc[bl - 1] - 2 * cc[bl] + cc[bl + 1];
    if (den < 0) frac = (0.5 * (cc[bl - 1] - cc[bl + 1])) / den;
  }
  out.lagMs = cc[bl] > 0 ? (bl + frac) * TICK_MS : null;
  // jitter: 4 Hz high-pass of the velocity error
  const alpha = 1 - Math.exp(-2 * Math.PI * JITTER_HIGHPASS_HZ * (TICK_MS / 1000));
  let lY = 0, lP = 0, ss = 0, sn = 0, was = false;
  for (let k = 1; k < n; k++) {
    if (!ok[k]) { was = false; continue; }
    const eY = vaY[k] - vtY[k], eP = vaP[k] - vtP[k];
    if (!was) { lY = eY; lP = eP; was = true; continue; }
    lY += alpha * (eY - lY); lP += alpha * (eP - lP);
    const hY = eY - lY, hP = eP - lP;
    ss += hY * hY + hP * hP; sn++;
  }
  out.jitter = sn > 0 ? Math.sqrt(ss / sn) / (speedSum / speedN) : null;
  // reaction to direction changes on the goal's main axis
  let sy = 0, sp2 = 0;
  for (let k = 1; k < n; k++) if (ok[k]) { sy += Math.abs(vtY[k]); sp2 += Math.abs(vtP[k]); }
  const vt = sy >= sp2 ? vtY : vtP, va = sy >= sp2 ? vaY : vaP;
  const thr = (0.2 * Math.max(sy, sp2)) / speedN;
  const reacts: number[] = [];
  for (let k = 2; k < n; k++) {
    if (!ok[k] || !ok[k - 1] || Math.abs(vt[k]) < thr || Math.abs(vt[k - 1]) < thr || Math.sign(vt[k]) === Math.sign(vt[k - 1])) continue;
    out.directionChanges++;
    const sgn = Math.sign(vt[k]);
    for (let m = k; m < Math.min(n, k + Math.round(MAX_LAG_MS / TICK_MS)); m++) {
      if (!ok[m]) break;
      if (Math.sign(va[m]) === sgn && Math.abs(va[m]) > thr * 0.5) { reacts.push((m - k) * TICK_MS); break; }
    }
  }
  out.directionChangeReactionMs = mean(reacts);
  return out;
}
