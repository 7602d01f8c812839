/**
 * Benchmark energies and ranks (issue 36 item 3) against values computed by hand from the
 * Voltaic S5 rules (src/contracts/benchmarks.ts module comment).
 */
import {
  BENCHMARK_RANKS, ENERGY_CAP, SEASON_1, drillEnergy, harmonicMean, rankOfEnergy, rankOfScore, seasonDrills, seasonStanding,
  thresholdsFromObjective,
} from '../../../src/contracts/benchmarks';
import fs from 'node:fs';
import path from 'node:path';

// Gridshot Classic (134): thresholds 36, 45, ..., 135 (9 apart); fake ranks at 27 (0 energy)
// and 144 (1300 energy)
const GRID = [36, 45, 54, 63, 72, 81, 90, 99, 108, 117, 126, 135];

describe('drillEnergy', () => {
  test.each([
    // score, energy by hand
    [null, 0], // no score
    [10, 0], // below the fake rank
    [27, 0], // on the fake rank (0 energy)
    [30, (3 / 9) * 100], // between the fake rank and Iron: 33.3
    [36, 100], // Iron exactly
    [40, 100 + (4 / 9) * 100], // 144.4
    [90, 700], // Jade
    [94.5, 750], // half way Jade -> Master
    [130, 1100 + (4 / 9) * 100], // 1144.4
    [135, 1200], // Celestial
    [140, 1200], // above the top: the fake rank would give 1255.6, capped at 1200
    [1000, 1200], // far above: capped
  ])('score %p -> %p energy', (score, energy) => {
    expect(drillEnergy(score, GRID)).toBeCloseTo(energy, 6);
  });
  test('uneven steps interpolate within their own step', () => {
    // thresholds 10, 20, 50: fake lower 0 (0 energy); 35 is half way 20 -> 50
    expect(drillEnergy(35, [10, 20, 50])).toBeCloseTo(250, 6);
    expect(drillEnergy(5, [10, 20, 50])).toBeCloseTo(50, 6);
  });
  test('fewer than 2 thresholds throws', () => {
    expect(() => drillEnergy(5, [1])).toThrow(RangeError);
  });
});

describe('ranks', () => {
  test('12 ranks 100 energy apart, Novice 100-400, Intermediate 500-800, Advanced 900-1200', () => {
    expect(BENCHMARK_RANKS.map((r) => r.energy)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200]);
    expect(BENCHMARK_RANKS.map((r) => r.band[0]).join('')).toBe('nnnniiiiaaaa');
    expect(ENERGY_CAP).toBe(1200);
  });
  test('rankOfEnergy and rankOfScore', () => {
    expect([0, 99.9, 100, 450, 1199, 1200].map(rankOfEnergy)).toEqual([0, 0, 1, 4, 11, 12]);
    expect([null, 35, 36, 90, 134, 135, 500].map((s) => rankOfScore(s, GRID))).toEqual([0, 0, 1, 7, 11, 12, 12]);
  });
  test('harmonic mean; 0 with a zero', () => {
    expect(harmonicMean([400, 400, 100])).toBeCloseTo(200, 9);
    expect(harmonicMean([500, 0, 900])).toBe(0);
    expect(harmonicMean([])).toBe(0);
  });
});

describe('SEASON_1', () => {
  test('3 categories x 3 subcategories x 2 drills, each a catalogue drill 134-166 with increasing thresholds from its objective', () => {
    expect(SEASON_1.categories.map((c) => c.id)).toEqual(['clicking', 'tracking', 'switching']);
    for (const c of SEASON_1.categories) {
      expect(c.subcategories).toHaveLength(3);
      for (const s of c.subcategories) expect(s.drills).toHaveLength(2);
    }
    const drills = seasonDrills(SEASON_1);
    expect(new Set(drills.map((x) => x.drill_id)).size).toBe(18);
    for (const x of drills) {
      expect(x.drill_id).toBeGreaterThanOrEqual(134);
      expect(x.drill_id).toBeLessThanOrEqual(166);
      const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../drills', `${x.drill_id}.json`), 'utf8'));
      expect(file.name).toBe(x.name);
      expect(file.primary_metric ?? 'targets_destroyed').toBe(x.metric);
      // the season's thresholds are frozen at its start (a later tier calibration of the drill
      // files does not move a running season): 0.4x .. 1.5x of the objective it started from,
      // whose 1.0x is the 7th threshold
      expect(typeof file[`${x.metric}_score`]).toBe('number');
      expect(x.thresholds).toEqual(thresholdsFromObjective(x.thresholds[6], x.metric));
      for (let i = 1; i < x.thresholds.length; i++) expect(x.thresholds[i]).toBeGreaterThan(x.thresholds[i - 1]);
    }
  });
});

describe('seasonStanding (hand-computed table)', () => {
  // bests per drill; energies by hand from each drill's thresholds
  const bests = new Map<number, number | null>([
    [134, 94.5], // Gridshot: Jade 90 -> Master 99: 750
    [136, 64], //   Sixshot: Gold 60 -> Plat 68 (8): 400 + 4/8*100 = 450  => static = 750
    [137, 100], //  Microflick: above Celestial 75, capped: 1200      => flicking = 1200
    [151, null], // Oscillation Flicks: not played
    [135, 30], //   Gridshot Precision: Iron 28 -> Bronze 35: 100 + 2/7*100 = 128.6
    [155, null], //                                                   => precision = 128
    [143, 48], //   Smooth Tracking: Plat 48: 500                     => smooth = 500
    [161, 45], //   Orbit: Gold 42 -> Plat 48: 450
    [144, 55], //   Strafe Track: Jade 55: 700                        => strafe = 700
    [145, null],
    [146, 40.5], // Air Track: Diamond 40.5: 600                      => reactive = 600
    [162, 20], //   Depth: fake 16.5 -> Iron 22: 3.5/5.5*100 = 63.6
    [147, 32], //   Target Switch: Plat 32: 500                       => speed = 500
    [150, null],
    [148, 23], //   180 Switch: Bronze 23: 200
    [159, 35], //   Strafe and Shoot: Gold 35: 400                    => evasive = 400
    [149, 12], //   Priority Switch: Iron 12: 100                     => stability = 100
    [157, 10], //   Ordered Sequence: fake 24 -> 0 energy
  ]);
  const s = seasonStanding(SEASON_1, bests);
  const energy = (id: number) => s.drills.find((x) => x.drill_id === id)!.energy;

  test('drill energies', () => {
    expect([energy(134), energy(136), energy(137), energy(151), energy(135), energy(162), energy(157)]).toEqual([750, 450, 1200, 0, 128.6, 63.6, 0]);
  });
  test('subcategories take their best drill, truncated', () => {
    expect(s.subcategories.map((x) => [x.id, x.energy, x.rank])).toEqual([
      ['static', 750, 7], ['flicking', 1200, 12], ['precision', 128, 1],
      ['smooth', 500, 5], ['strafe', 700, 7], ['reactive', 600, 6],
      ['speed', 500, 5], ['evasive', 400, 4], ['stability', 100, 1],
    ]);
  });
  test('overall = trunc(harmonic mean) of the 9 subcategories; complete rank 0 (a drill with no score)', () => {
    const hm = 9 / (1 / 750 + 1 / 1200 + 1 / 128 + 1 / 500 + 1 / 700 + 1 / 600 + 1 / 500 + 1 / 400 + 1 / 100);
    expect(Math.trunc(hm)).toBe(304); // by hand: 9 / 0.029574 = 304.3
    expect(s.energy).toBe(304);
    expect(s.energy_rank).toBe(3);
    expect(s.complete_rank).toBe(0);
    expect([s.rank, s.rank_name]).toEqual([3, 'Silver']);
  });
  test('next threshold and progress per drill', () => {
    const d136 = s.drills.find((x) => x.drill_id === 136)!;
    expect(d136.rank).toBe(4);
    expect(d136.next).toEqual({ rank: 5, threshold: 68 });
    expect(d136.progress).toBe(0.5);
    const d137 = s.drills.find((x) => x.drill_id === 137)!;
    expect([d137.rank, d137.next, d137.progress]).toEqual([12, null, 1]);
    const d151 = s.drills.find((x) => x.drill_id === 151)!;
    expect([d151.best, d151.rank, d151.next, d151.progress]).toEqual([null, 0, { rank: 1, threshold: 24 }, 0]);
  });
  test('a subcategory with no score makes the overall energy 0', () => {
    const some = new Map(bests);
    some.set(149, null);
    some.set(157, null);
    const t = seasonStanding(SEASON_1, some);
    expect(t.subcategories.find((x) => x.id === 'stability')!.energy).toBe(0);
    expect([t.energy, t.rank, t.rank_name]).toEqual([0, 0, null]);
  });
  test('the complete rank counts: every drill at Platinum gives energy 499 (floating harmonic mean, truncated) yet rank Platinum', () => {
    // every drill exactly at its Gold threshold: 400 energy everywhere, complete Gold
    const gold = new Map<number, number | null>();
    for (const x of seasonDrills(SEASON_1)) gold.set(x.drill_id, x.thresholds[3]);
    const g = seasonStanding(SEASON_1, gold);
    expect([g.energy, g.energy_rank, g.complete_rank, g.rank]).toEqual([400, 4, 4, 4]);
    // every drill exactly at Platinum: 9 subcategories of 500; 9 / (9 / 500) is 499.99999999999994
    // in floating point, truncated to 499 (energy rank Gold); the complete rank is Platinum
    const plat = new Map<number, number | null>();
    for (const x of seasonDrills(SEASON_1)) plat.set(x.drill_id, x.thresholds[4]);
    const p = seasonStanding(SEASON_1, plat);
    expect([p.energy, p.energy_rank, p.complete_rank, p.rank, p.rank_name]).toEqual([499, 4, 5, 5, 'Platinum']);
    // one drill per subcategory at Gold, the other at Iron: subcategories keep 400, the complete
    // rank is Iron, the energy rank wins
    const mixed = new Map(gold);
    for (const c of SEASON_1.categories) for (const sc of c.subcategories) mixed.set(sc.drills[1].drill_id, sc.drills[1].thresholds[0]);
    const m = seasonStanding(SEASON_1, mixed);
    expect([m.energy, m.complete_rank, m.rank]).toEqual([400, 1, 4]);
  });
});
