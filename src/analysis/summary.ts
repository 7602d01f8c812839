/**
 * From a run's analysis (src/analysis/runAnalysis.ts) to what is stored and served (issue 37
 * items 1 and 4; shapes in src/contracts/analysis.ts):
 * - `summariseAnalysis`: the per-shot and per-flick records and the run's figures. The server
 *   runs it in the verification worker on the re-simulated run; a page may run the same
 *   function on its own replay as a preview (same module, same numbers for an honest run).
 * - `shotMapOf`: the summary's shot map (bias, spread) from the stored shot records;
 * - `weaknessMap`: the weakness map of a player's recent runs from their stored flicks;
 * - `gateFigures`: the figures a viewer may see (premium: path efficiency, full shot time).
 * Pure: no Babylon, no DOM, no engine, no database.
 */
import type { RunAnalysis } from './runAnalysis';
import {
  WEAKNESS_MIN_FLICKS, WEAKNESS_MIN_REL, type FlickCellFigures, type RunAnalysisFigures, type StoredFlick, type StoredRunAnalysis,
  type StoredShot, type WeaknessMap,
} from '../contracts/analysis';
import { shotBias } from '../metrics/insight';

/** Version of the stored analysis (StoredRunAnalysis.v). */
export const ANALYSIS_VERSION = 1;

// `+ 0` turns -0 into 0 (JSON writes -0 as 0: stored and served figures must equal a preview's)
const r2 = (v: number | null): number | null => (v === null || !Number.isFinite(v) ? null : Math.round(v * 100) / 100 + 0);
const r3 = (v: number): number => Math.round(v * 1000) / 1000 + 0;
const meanOf = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/** Flick indices of StoredFlick. */
const F = { start: 0, shot: 1, sector: 2, bin: 3, amp: 4, width: 5, reaction: 6, primary: 7, correction: 8, dwell: 9, gain: 10, eff: 11 } as const;

/** The means of `flicks` as one cell's figures (sector / bin given). */
function cellOf(sector: number, bin: number, flicks: readonly StoredFlick[]): FlickCellFigures {
  const reactions = flicks.filter((f) => f[F.reaction] !== null).map((f) => f[F.reaction] as number);
  return {
    sector, bin, n: flicks.length,
    time_ms: r2(meanOf(flicks.map((f) => f[F.shot] - f[F.start]))),
    reaction_ms: r2(meanOf(reactions)),
    primary_ms: r2(meanOf(flicks.map((f) => f[F.primary]))),
    correction_ms: r2(meanOf(flicks.map((f) => f[F.correction]))),
    dwell_ms: r2(meanOf(flicks.map((f) => f[F.dwell]))),
    gain: r2(meanOf(flicks.map((f) => f[F.gain]))),
    path_efficiency: r2(meanOf(flicks.map((f) => f[F.eff]))),
  };
}

/**
 * The stored form of a run's analysis: shots [t, flags, dx, dy] and flicks (StoredFlick) rounded
 * to 3 decimals, and the figures (means rounded to 2 decimals): flick anatomy means over every
 * flick, overshoot share (gain > 1), the Fitts fit and ISO throughput, tracking quality, the 24
 * direction x distance cells, and the full shot time (mean target age of the hits, ms). Cost:
 * linear in shots + flicks.
 */
export function summariseAnalysis(a: RunAnalysis): StoredRunAnalysis {
  const shots: StoredShot[] = a.shots.map((s) => [
    r3(s.t), (s.hit ? 1 : 0) | (s.crit ? 2 : 0) | (s.killed ? 4 : 0), s.dx === null ? null : r3(s.dx), s.dy === null ? null : r3(s.dy),
  ]);
  const flicks: StoredFlick[] = a.flicks.map((f) => [
    r3(f.start), r3(f.shotT), f.sector, f.distanceBin, r3(f.amplitude), r3(f.width), f.reaction === null ? null : r3(f.reaction),
    r3(f.primaryMs), r3(f.correctionMs), r3(f.dwellMs), r3(f.gain), r3(f.pathEfficiency),
  ]);
  const bySlot: StoredFlick[][] = Array.from({ length: 24 }, () => []);
  for (const f of flicks) bySlot[f[F.sector] * 3 + f[F.bin]].push(f);
  const all = cellOf(0, 0, flicks);
  const ages = a.shots.filter((s) => s.hit && s.age !== null).map((s) => s.age as number);
  const figures: RunAnalysisFigures = {
    shots: a.shots.length,
    kills: a.shots.filter((s) => s.killed).length,
    flick: {
      n: flicks.length, reaction_ms: all.reaction_ms, primary_ms: all.primary_ms, correction_ms: all.correction_ms,
      dwell_ms: all.dwell_ms, gain: all.gain, path_efficiency: all.path_efficiency,
      overshoot_pct: flicks.length ? r2((100 * flicks.filter((f) => f[F.gain] > 1).length) / flicks.length) : null,
    },
    fitts: { n: a.fitts.n, a: r2(a.fitts.a), b: r2(a.fitts.b), r2: r2(a.fitts.r2), we: r2(a.fitts.we), throughput: r2(a.fitts.throughput) },
    tracking: {
      ticks: a.tracking.ticks, time_on_target_pct: r2(a.tracking.timeOnTargetPct), lag_ms: r2(a.tracking.lagMs),
      jitter: r2(a.tracking.jitter), direction_change_ms: r2(a.tracking.directionChangeReactionMs),
      direction_changes: a.tracking.directionChanges,
    },
    cells: bySlot.map((fs, i) => cellOf(Math.floor(i / 3), i % 3, fs)),
    full_shot_time: r2(meanOf(ages)),
  };
  return { v: ANALYSIS_VERSION, figures, shots, flicks };
}

/** The shot map of stored shots (dx, dy of the shots with a target up; the first `maxPoints`
 * drawn, every one in the bias and spread: src/metrics/insight.ts shotBias); null when none. */
export function shotMapOf(shots: readonly StoredShot[], maxPoints: number): {
  points: number[][]; n: number; bias_x: number; bias_y: number; sd_x: number; sd_y: number; spread: number;
} | null {
  const offsets: [number, number][] = [];
  for (const s of shots) if (s[2] !== null && s[3] !== null) offsets.push([s[2], s[3]]);
  const b = shotBias(offsets);
  if (!b) return null;
  return {
    points: offsets.slice(0, maxPoints).map(([x, y]) => [x, y]), n: b.n,
    bias_x: r2(b.bias_x) as number, bias_y: r2(b.bias_y) as number, sd_x: r2(b.sd_x) as number, sd_y: r2(b.sd_y) as number,
    spread: r2(b.spread) as number,
  };
}

/** The figures `premium` may see: for a free viewer path efficiency and full shot time are null
 * (spec section 3: full shot time and path efficiency are premium; README "Run analysis"). */
export function gateFigures(f: RunAnalysisFigures, premium: boolean): RunAnalysisFigures {
  if (premium) return f;
  return {
    ...f,
    flick: { ...f.flick, path_efficiency: null },
    cells: f.cells.map((c) => ({ ...c, path_efficiency: null })),
    full_shot_time: null,
  };
}

/**
 * The weakness map of `runs` (each run's stored flicks, newest first or in any order): the flicks
 * pooled by direction sector x distance bin; each cell's mean flick time (start to kill shot, ms)
 * against the player's own mean flick time at that distance (`rel` = cell / bin mean - 1, only
 * for cells with at least WEAKNESS_MIN_FLICKS flicks: a long flick is slower than a short one by
 * Fitts' law, so each distance is its own baseline); the weakest: the one or two compared cells
 * with the largest rel, at least WEAKNESS_MIN_REL, slowest first.
 */
export function weaknessMap(runs: ReadonlyArray<readonly StoredFlick[]>): WeaknessMap {
  const sum = new Float64Array(24), cnt = new Int32Array(24);
  const bSum = [0, 0, 0], bCnt = [0, 0, 0];
  let flicks = 0;
  for (const run of runs) {
    for (const f of run) {
      const i = f[F.sector] * 3 + f[F.bin], t = f[F.shot] - f[F.start];
      if (!(i >= 0 && i < 24) || !Number.isFinite(t)) continue;
      sum[i] += t; cnt[i]++; bSum[f[F.bin]] += t; bCnt[f[F.bin]]++; flicks++;
    }
  }
  const binMeans = bSum.map((s, b) => (bCnt[b] ? s / bCnt[b] : null));
  const cells = Array.from({ length: 24 }, (_, i) => {
    const bin = i % 3, m = binMeans[bin];
    const time = cnt[i] ? sum[i] / cnt[i] : null;
    const rel = time !== null && m !== null && m > 0 && cnt[i] >= WEAKNESS_MIN_FLICKS ? time / m - 1 : null;
    return { sector: Math.floor(i / 3), bin, n: cnt[i], time_ms: r2(time), rel: rel === null ? null : Math.round(rel * 1000) / 1000 + 0 };
  });
  const weakest = cells
    .filter((c) => c.rel !== null && c.rel >= WEAKNESS_MIN_REL)
    .sort((x, y) => (y.rel as number) - (x.rel as number))
    .slice(0, 2)
    .map((c) => ({ sector: c.sector, bin: c.bin, n: c.n, time_ms: c.time_ms as number, rel: c.rel as number }));
  return { runs: runs.length, flicks, bin_means_ms: binMeans.map(r2), cells, weakest };
}
