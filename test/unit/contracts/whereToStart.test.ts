/**
 * "Where to start" (issue 36 item 6): the weakest category from a standing and the assessment's
 * recommendation, against values computed by hand from SEASON_1's thresholds.
 */
import { SEASON_1, seasonStanding } from '../../../src/contracts/benchmarks';
import { FIXED_PLAYLISTS } from '../../../src/contracts/playlists';
import { ASSESSMENT_PLAYLIST_ID, categoryEnergies, recommendAfterAssessment, weakestCategory } from '../../../src/contracts/whereToStart';

test('the assessment is a built-in playlist of one benchmark drill per category, and every category has a playlist of its id', () => {
  const a = FIXED_PLAYLISTS.find((p) => p.id === ASSESSMENT_PLAYLIST_ID)!;
  expect(a.drills).toEqual(SEASON_1.categories.map((c) => c.subcategories[0].drills[0].drill_id));
  for (const c of SEASON_1.categories) expect(FIXED_PLAYLISTS.some((p) => p.id === c.id)).toBe(true);
});

test('weakestCategory: null without any score; else the category with the lowest mean subcategory energy', () => {
  expect(weakestCategory(seasonStanding(SEASON_1, new Map()))).toBeNull();
  // 134 at its rank-3 threshold (54): energy 300 -> static 300, clicking (300 + 0 + 0) / 3 = 100;
  // 143 at 42 (rank 4): 400 -> tracking 133.3; 147 at 24 (rank 3): 300 -> switching 100.
  // clicking and switching tie at 100: the first in season order (clicking) is the weakest
  const s = seasonStanding(SEASON_1, new Map([[134, 54], [143, 42], [147, 24]]));
  expect(categoryEnergies(s).map((c) => c.energy)).toEqual([100, 133.3, 100]);
  expect(weakestCategory(s)?.category).toBe('clicking');
  // a second clicking subcategory (137 at 30: rank 3, 300) lifts clicking to 200: switching is weakest
  const s2 = seasonStanding(SEASON_1, new Map([[134, 54], [137, 30], [143, 42], [147, 24]]));
  expect(weakestCategory(s2)).toEqual({ category: 'switching', name: 'Switching', energy: 100 });
});

test('recommendAfterAssessment: the category of the lowest-energy result; drills outside the season are ignored', () => {
  // 134: 63 -> rank 4 (400); 143: 30 -> rank 2 (200); 147: 28 -> rank 4 (400)
  expect(recommendAfterAssessment([{ drillId: 134, score: 63 }, { drillId: 143, score: 30 }, { drillId: 147, score: 28 }]))
    .toEqual({ category: 'tracking', name: 'Tracking', energy: 200 });
  expect(recommendAfterAssessment([{ drillId: 2033, score: 5 }])).toBeNull();
});
