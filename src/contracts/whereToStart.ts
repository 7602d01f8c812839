/**
 * "Where to start" (issue 36 item 6): what a player should train next, from the benchmark
 * energies (src/contracts/benchmarks.ts, the Voltaic S5 energy rules).
 * - A first visit (no run yet) gets the 3-drill assessment playlist (`assessment`, one benchmark
 *   drill per category); its summary recommends the playlist of the category whose drill scored
 *   the lowest energy (`recommendAfterAssessment`).
 * - A player with a standing (`GET /api/v1/benchmarks/{id}/me`) gets "train your weakest
 *   category": the category with the lowest energy (`weakestCategory`), whose built-in playlist
 *   has the category's id (src/contracts/playlists.ts FIXED_PLAYLISTS).
 * A category's energy is the mean of its subcategories' energies (each the best of its drills,
 * as the season's rules give it), so one strong drill does not hide a weak subcategory.
 */
import { SEASON_1, drillEnergy, type BenchmarkCategory, type BenchmarkSeason, type SeasonStanding } from './benchmarks';

/** The assessment playlist's id. */
export const ASSESSMENT_PLAYLIST_ID = 'assessment';

/** A category's energy: its name and id (also the id of its built-in playlist). */
export interface CategoryEnergy {
  category: BenchmarkCategory['id'];
  name: string;
  /** mean of the subcategory energies, 0-ENERGY_CAP, one decimal */
  energy: number;
}

/** Every category's energy in `standing` (season order); a subcategory missing from the
 * standing counts 0. */
export function categoryEnergies(standing: SeasonStanding, season: BenchmarkSeason = SEASON_1): CategoryEnergy[] {
  return season.categories.map((c) => {
    const subs = c.subcategories.map((s) => standing.subcategories.find((x) => x.id === s.id && x.category === c.id)?.energy ?? 0);
    const mean = subs.reduce((a, b) => a + b, 0) / Math.max(1, subs.length);
    return { category: c.id, name: c.name, energy: Math.round(mean * 10) / 10 };
  });
}

/** The category to train: the lowest energy (the first in season order on a tie); null when the
 * player has no benchmark score at all (every energy 0: the assessment comes first). */
export function weakestCategory(standing: SeasonStanding, season: BenchmarkSeason = SEASON_1): CategoryEnergy | null {
  if (!standing.drills.some((d) => d.best !== null)) return null;
  return categoryEnergies(standing, season).reduce((lo, c) => (c.energy < lo.energy ? c : lo));
}

/** The category to train after the assessment: the category of the result whose score has the
 * lowest energy by its benchmark drill's thresholds (results of drills outside `season` are
 * ignored; null when none is in it). `results`: drill id and score of each run. */
export function recommendAfterAssessment(results: ReadonlyArray<{ drillId: number; score: number }>, season: BenchmarkSeason = SEASON_1): CategoryEnergy | null {
  let best: CategoryEnergy | null = null;
  for (const r of results) {
    for (const c of season.categories) {
      const drill = c.subcategories.flatMap((s) => s.drills).find((d) => d.drill_id === r.drillId);
      if (!drill) continue;
      const energy = Math.round(drillEnergy(r.score, drill.thresholds) * 10) / 10;
      if (!best || energy < best.energy) best = { category: c.id, name: c.name, energy };
    }
  }
  return best;
}
