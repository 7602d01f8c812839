/**
 * Benchmarks with ranks (issue 36 item 3): the season definition (data) and the rules that turn a
 * player's best scores into energies and ranks. One module for the server (which computes a
 * player's standing from RANKED runs: src/server/benchmarkRoutes.ts) and the client (which shows
 * the grid: src/ui/BenchmarkPage.tsx).
 *
 * The rules are Voltaic's Season 5 energy system (source: the public Voltaic S5 benchmark
 * spreadsheets as re-implemented by the open-source `kovaaks-rank-calculator`
 * (src/rankUtils.ts, src/rankCalculations.ts) and the `energy-calculation` package's
 * energy_tutorial.md; summarised in docs/players.md "Benchmarks"):
 *
 * - A drill has thresholds t_1 < ... < t_N, one per rank; rank k is worth E_k = 100 * k energy
 *   (BENCHMARK_RANKS: Iron 100 ... Celestial 1200; Novice 100-400, Intermediate 500-800,
 *   Advanced 900-1200).
 * - Two fake ranks extend the table: one below the first at t_0 = t_1 - (t_2 - t_1) with energy
 *   0, one above the last at t_N+1 = t_N + (t_N - t_N-1) with energy 100 * (N + 1).
 * - A drill's energy for its best score s: find the last extended threshold t_i <= s, then
 *   energy = E_i + (s - t_i) / (t_i+1 - t_i) * (E_i+1 - E_i) (linear interpolation; above the
 *   fake top rank the last step's slope continues). Below t_0 the energy is 0; the result is
 *   capped at ENERGY_CAP (the top rank's energy, 1200). No score: 0.
 * - A subcategory's energy = trunc(the best of its drills' energies).
 * - The overall energy = trunc(harmonic mean of the subcategory energies), or 0 when any
 *   subcategory has energy 0 (a harmonic mean is undefined with a zero).
 * - The energy rank = the highest rank k with E_k <= energy (0: unranked).
 * - The "complete" rank = the highest rank k whose threshold every drill of the season reaches
 *   (best >= t_k). The player's rank is the higher of the energy rank and the complete rank.
 */

/** One rank of the ladder: its 1-based index, name, band and energy (E_k = 100 k). */
export interface BenchmarkRank {
  /** 1-based index into the thresholds of every drill */
  index: number;
  name: string;
  /** Novice, Intermediate or Advanced */
  band: 'novice' | 'intermediate' | 'advanced';
  /** energy of the rank (100 apart) */
  energy: number;
}

/** Energy between two ranks (Voltaic S5). */
export const RANK_ENERGY_STEP = 100;

const RANK_NAMES = ['Iron', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Jade', 'Master', 'Grandmaster', 'Nova', 'Astra', 'Celestial'] as const;

/** The ranks, lowest first (Voltaic S5 names and energies: 100 ... 1200). */
export const BENCHMARK_RANKS: readonly BenchmarkRank[] = RANK_NAMES.map((name, i) => ({
  index: i + 1,
  name,
  band: i < 4 ? 'novice' : i < 8 ? 'intermediate' : 'advanced',
  energy: (i + 1) * RANK_ENERGY_STEP,
}));

/** The most energy a drill (and so a subcategory and the overall energy) can give: the top
 * rank's (Voltaic S5 caps Advanced at 1200). */
export const ENERGY_CAP = BENCHMARK_RANKS[BENCHMARK_RANKS.length - 1].energy;

/** One drill of a benchmark: a catalogue drill id and its score threshold per rank (in the
 * drill's primary metric's unit: targets for targets_destroyed, % for accuracy; higher is
 * better), one per BENCHMARK_RANKS entry, strictly increasing. */
export interface BenchmarkDrill {
  drill_id: number;
  name: string;
  /** the drill's primary metric (every season drill is higher-is-better) */
  metric: 'targets_destroyed' | 'accuracy';
  thresholds: number[];
}

/** A subcategory: two drills; its energy is its best drill's. */
export interface BenchmarkSubcategory {
  id: string;
  name: string;
  drills: BenchmarkDrill[];
}

/** A category (clicking, tracking, switching) of three subcategories. */
export interface BenchmarkCategory {
  id: 'clicking' | 'tracking' | 'switching';
  name: string;
  subcategories: BenchmarkSubcategory[];
}

/** A benchmark season: 3 categories x 3 subcategories x 2 drills. */
export interface BenchmarkSeason {
  id: string;
  name: string;
  ranks: readonly BenchmarkRank[];
  categories: BenchmarkCategory[];
}

/** Thresholds of a drill whose objective (its `{metric}_score`, the Jade rank) is `t`: the
 * ranks at 0.4 t ... 1.5 t in steps of 0.1 t; counts rounded to whole targets, accuracy to
 * 0.1 %. How the season below was written (the numbers are data; this documents them). */
export function thresholdsFromObjective(t: number, metric: BenchmarkDrill['metric']): number[] {
  return BENCHMARK_RANKS.map((_, i) => {
    const v = (t * (4 + i)) / 10;
    return metric === 'accuracy' ? Math.round(v * 10) / 10 : Math.round(v);
  });
}

const d = (drill_id: number, name: string, metric: BenchmarkDrill['metric'], thresholds: number[]): BenchmarkDrill => ({ drill_id, name, metric, thresholds });

/**
 * Season 1, from catalogue drills 134-166. Thresholds: `thresholdsFromObjective` of each drill's
 * objective score (the drill file's `{primary_metric}_score`) at the season's start, written out
 * here as data and frozen: a later tier calibration of the drill files (scripts/calibrate-tiers.ts)
 * does not move a running season's ranks.
 */
export const SEASON_1: BenchmarkSeason = {
  id: 'season-1',
  name: 'Season 1',
  ranks: BENCHMARK_RANKS,
  categories: [
    {
      id: 'clicking',
      name: 'Clicking',
      subcategories: [
        { id: 'static', name: 'Static', drills: [
          d(134, 'Gridshot Classic', 'targets_destroyed', [36, 45, 54, 63, 72, 81, 90, 99, 108, 117, 126, 135]),
          d(136, 'Sixshot', 'targets_destroyed', [34, 43, 51, 60, 68, 77, 85, 94, 102, 111, 119, 128]),
        ] },
        { id: 'flicking', name: 'Flicking', drills: [
          d(137, 'Microflick', 'targets_destroyed', [20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75]),
          d(151, 'Oscillation Flicks', 'targets_destroyed', [24, 30, 36, 42, 48, 54, 60, 66, 72, 78, 84, 90]),
        ] },
        { id: 'precision', name: 'Precision', drills: [
          d(135, 'Gridshot Precision', 'targets_destroyed', [28, 35, 42, 49, 56, 63, 70, 77, 84, 91, 98, 105]),
          d(155, 'Shrinking Precision', 'targets_destroyed', [28, 35, 42, 49, 56, 63, 70, 77, 84, 91, 98, 105]),
        ] },
      ],
    },
    {
      id: 'tracking',
      name: 'Tracking',
      subcategories: [
        { id: 'smooth', name: 'Smooth', drills: [
          d(143, 'Smooth Tracking', 'accuracy', [24, 30, 36, 42, 48, 54, 60, 66, 72, 78, 84, 90]),
          d(161, 'Orbit Tracking', 'accuracy', [24, 30, 36, 42, 48, 54, 60, 66, 72, 78, 84, 90]),
        ] },
        { id: 'strafe', name: 'Strafe', drills: [
          d(144, 'Strafe Track', 'accuracy', [22, 27.5, 33, 38.5, 44, 49.5, 55, 60.5, 66, 71.5, 77, 82.5]),
          d(145, 'Vertical Track', 'accuracy', [24, 30, 36, 42, 48, 54, 60, 66, 72, 78, 84, 90]),
        ] },
        { id: 'reactive', name: 'Reactive', drills: [
          d(146, 'Air Track 3D', 'accuracy', [18, 22.5, 27, 31.5, 36, 40.5, 45, 49.5, 54, 58.5, 63, 67.5]),
          d(162, 'Depth Tracking', 'accuracy', [22, 27.5, 33, 38.5, 44, 49.5, 55, 60.5, 66, 71.5, 77, 82.5]),
        ] },
      ],
    },
    {
      id: 'switching',
      name: 'Switching',
      subcategories: [
        { id: 'speed', name: 'Speed', drills: [
          d(147, 'Target Switch', 'targets_destroyed', [16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60]),
          d(150, 'Timed Multi-Click', 'targets_destroyed', [28, 35, 42, 49, 56, 63, 70, 77, 84, 91, 98, 105]),
        ] },
        { id: 'evasive', name: 'Evasive', drills: [
          d(148, '180 Switch', 'targets_destroyed', [18, 23, 27, 32, 36, 41, 45, 50, 54, 59, 63, 68]),
          d(159, 'Strafe and Shoot', 'targets_destroyed', [20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75]),
        ] },
        { id: 'stability', name: 'Stability', drills: [
          d(149, 'Priority Switch', 'targets_destroyed', [12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45]),
          d(157, 'Ordered Sequence', 'targets_destroyed', [32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120]),
        ] },
      ],
    },
  ],
};

/** Every season, newest first. */
export const BENCHMARK_SEASONS: readonly BenchmarkSeason[] = [SEASON_1];

/** The season `id`, or undefined. */
export function findSeason(id: string): BenchmarkSeason | undefined {
  return BENCHMARK_SEASONS.find((s) => s.id === id);
}

/** Every drill of `season`, in grid order. */
export function seasonDrills(season: BenchmarkSeason): BenchmarkDrill[] {
  return season.categories.flatMap((c) => c.subcategories.flatMap((s) => s.drills));
}

/**
 * A drill's energy for best score `score` (null: no score, 0 energy) under `thresholds`
 * (strictly increasing, at least 2), by the module comment's interpolation between the
 * extended thresholds (fake ranks below and above), at least 0 and at most ENERGY_CAP. Not
 * rounded. Throws RangeError for fewer than 2 thresholds.
 */
export function drillEnergy(score: number | null, thresholds: readonly number[]): number {
  const n = thresholds.length;
  if (n < 2) throw new RangeError('A benchmark drill needs at least 2 thresholds.');
  if (score === null || !Number.isFinite(score)) return 0;
  const x = [thresholds[0] - (thresholds[1] - thresholds[0]), ...thresholds, thresholds[n - 1] + (thresholds[n - 1] - thresholds[n - 2])];
  const e = x.map((_, i) => i * RANK_ENERGY_STEP);
  if (score <= x[0]) return 0;
  let i = x.length - 1;
  while (i > 0 && x[i] > score) i--;
  // above the fake top rank the last step's slope continues (then the cap applies)
  const j = Math.min(i, x.length - 2);
  const energy = e[j] + ((score - x[j]) / (x[j + 1] - x[j])) * (e[j + 1] - e[j]);
  return Math.max(0, Math.min(ENERGY_CAP, energy));
}

/** The rank index (1-based into BENCHMARK_RANKS) that `energy` reaches: the highest k with
 * 100 k <= energy; 0 = unranked. */
export function rankOfEnergy(energy: number): number {
  return Math.max(0, Math.min(BENCHMARK_RANKS.length, Math.floor(energy / RANK_ENERGY_STEP + 1e-9)));
}

/** The rank index a score reaches on a drill by its thresholds alone (highest k with
 * best >= t_k; 0 = none; null score = 0). */
export function rankOfScore(score: number | null, thresholds: readonly number[]): number {
  if (score === null) return 0;
  let k = 0;
  while (k < thresholds.length && score >= thresholds[k]) k++;
  return k;
}

/** Harmonic mean of `values`: n / sum(1 / v); 0 when any value is 0 or there are none. */
export function harmonicMean(values: readonly number[]): number {
  if (values.length === 0 || values.some((v) => !(v > 0))) return 0;
  return values.length / values.reduce((s, v) => s + 1 / v, 0);
}

/** A drill's standing in `/api/v1/benchmarks/{id}/me`. */
export interface DrillStanding {
  drill_id: number;
  /** the player's best ranked score (null: none) */
  best: number | null;
  /** energy, one decimal (0 without a score) */
  energy: number;
  /** rank index reached by the score's thresholds (0 = none) */
  rank: number;
  /** the next rank's index and threshold (null at the top) */
  next: { rank: number; threshold: number } | null;
  /** 0-1: the way from the current rank's threshold (0 when unranked) to the next one */
  progress: number;
}

/** A subcategory's standing. */
export interface SubcategoryStanding {
  id: string;
  category: string;
  /** trunc(best drill energy) */
  energy: number;
  rank: number;
}

/** A player's standing in a season: what `/api/v1/benchmarks/{id}/me` answers. */
export interface SeasonStanding {
  season_id: string;
  drills: DrillStanding[];
  subcategories: SubcategoryStanding[];
  /** trunc(harmonic mean of the subcategory energies); 0 when any is 0 */
  energy: number;
  /** rank of the energy */
  energy_rank: number;
  /** the complete rank: every drill at or above that rank's threshold */
  complete_rank: number;
  /** max(energy_rank, complete_rank); 0 = unranked */
  rank: number;
  /** the rank's name, null when unranked */
  rank_name: string | null;
}

/**
 * The standing in `season` of a player whose best score per drill id is `bests` (a drill
 * missing from the map, or null, has no score), by the module comment's rules.
 */
export function seasonStanding(season: BenchmarkSeason, bests: ReadonlyMap<number, number | null>): SeasonStanding {
  const drills: DrillStanding[] = [];
  const subcategories: SubcategoryStanding[] = [];
  let complete = season.ranks.length;
  for (const c of season.categories) {
    for (const s of c.subcategories) {
      let top = 0;
      for (const dr of s.drills) {
        const best = bests.get(dr.drill_id) ?? null;
        const energy = drillEnergy(best, dr.thresholds);
        top = Math.max(top, energy);
        const rank = rankOfScore(best, dr.thresholds);
        complete = Math.min(complete, rank);
        const next = rank < dr.thresholds.length ? { rank: rank + 1, threshold: dr.thresholds[rank] } : null;
        const from = rank === 0 ? 0 : dr.thresholds[rank - 1];
        const progress = next === null ? 1 : best === null ? 0 : Math.max(0, Math.min(1, (best - from) / (next.threshold - from)));
        drills.push({ drill_id: dr.drill_id, best, energy: Math.round(energy * 10) / 10, rank, next, progress: Math.round(progress * 1000) / 1000 });
      }
      const energy = Math.trunc(top);
      subcategories.push({ id: s.id, category: c.id, energy, rank: rankOfEnergy(energy) });
    }
  }
  const energy = Math.trunc(harmonicMean(subcategories.map((s) => s.energy)));
  const energyRank = rankOfEnergy(energy);
  const rank = Math.max(energyRank, complete);
  return {
    season_id: season.id,
    drills,
    subcategories,
    energy,
    energy_rank: energyRank,
    complete_rank: complete,
    rank,
    rank_name: rank === 0 ? null : season.ranks[rank - 1].name,
  };
}

/** `GET /api/v1/benchmarks`: every season with its categories, drills and thresholds. */
export interface BenchmarksResponse {
  seasons: BenchmarkSeason[];
}

/** The season drill (and its season) that drill `drillId` belongs to, the newest season first;
 * undefined when it is in none (the summary, leaderboard and progress pages show a benchmark
 * rank only for those). */
export function benchmarkDrillOf(drillId: number): { season: BenchmarkSeason; drill: BenchmarkDrill } | undefined {
  for (const season of BENCHMARK_SEASONS) {
    const drill = seasonDrills(season).find((x) => x.drill_id === drillId);
    if (drill) return { season, drill };
  }
  return undefined;
}
