/** The tier calibration (src/sim/tierCalibration.ts, scripts/calibrate-tiers.ts): stable for a
 * seed, the documented mapping of presets to thresholds and tiers. Runs on shortened drills. */
import { DRILL_CATALOGUE } from '../../../src/drill/catalogue';
import type { CatalogueDrill } from '../../../src/contracts/drillSchema';
import {
  calibrateDrill, median, monotoneTiers, objectiveWith, roundThreshold, CALIBRATION_PRESETS,
} from '../../../src/sim/tierCalibration';

/** A catalogue drill cut to `ms` (the calibration of a full drill takes seconds). */
const short = (id: number, ms: number): CatalogueDrill => ({ ...DRILL_CATALOGUE.find((d) => d.id === id)!, duration: ms });

describe('tier calibration', () => {
  const drills = [short(134, 6000), short(205, 6000)]; // Gridshot; Motionshot (semi-auto on moving targets)

  it('gives the same table twice for the same seeds', () => {
    for (const d of drills) {
      const a = calibrateDrill(d, [7, 8]);
      const b = calibrateDrill(d, [7, 8]);
      expect(b).toEqual(a);
    }
  });

  it("sets the thresholds from the average preset's medians and the tiers from novice to elite, strictly rising", () => {
    const c = calibrateDrill(drills[0], [7, 8]);
    const avg = c.medians.average;
    expect(c.thresholds.targets_destroyed_score).toBe(Math.max(1, Math.floor(avg.targets_destroyed)));
    expect(c.thresholds.accuracy_score).toBe(Math.floor(avg.accuracy));
    expect(c.thresholds.time_destroy_score).toBe(Math.ceil(avg.time_destroy / 10) * 10);
    expect(c.primaryMetric).toBe('targets_destroyed');
    expect(c.tiers.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < c.tiers.length; i++) expect(c.tiers[i]).toBeGreaterThan(c.tiers[i - 1]);
    // the elite player clears more targets than the novice on Gridshot
    expect(c.medians.elite.targets_destroyed).toBeGreaterThan(c.medians.novice.targets_destroyed);
    expect(Object.keys(c.medians)).toEqual([...CALIBRATION_PRESETS]);
  });

  it('rounds and orders as documented', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(() => median([])).toThrow(RangeError);
    expect(roundThreshold('time_destroy', 401)).toBe(410);
    expect(roundThreshold('accuracy', 79.99)).toBe(79);
    expect(monotoneTiers('targets_destroyed', [10, 20, 18, 30])).toEqual([10, 20, 21, 30]);
    expect(monotoneTiers('time_destroy', [900, 700, 705, 500])).toEqual([900, 700, 690, 500]);
    expect(monotoneTiers('accuracy', [97, 99.5, 99.9, 100])).toEqual([97, 99, 100]);
  });

  it('puts the calibrated numbers into objective lines that name one', () => {
    const c = calibrateDrill(drills[0], [7]);
    expect(objectiveWith('Destroy 60 targets in 60 seconds.', c)).toBe(`Destroy ${c.thresholds.targets_destroyed_score} targets in 60 seconds.`);
    expect(objectiveWith('Reach 80 % accuracy.', c)).toBe(`Reach ${c.thresholds.accuracy_score} % accuracy.`);
    expect(objectiveWith('Destroy as many targets as you can in 60 seconds.', c)).toBe('Destroy as many targets as you can in 60 seconds.');
    // crit_hit drills: head shots, core shots, critical hits
    const crit = { ...c, thresholds: { ...c.thresholds, crit_hit_score: 42 } };
    for (const what of ['head shots', 'core shots', 'critical hits']) {
      expect(objectiveWith(`Land at least 7 % ${what}.`, crit)).toBe(`Land at least 42 % ${what}.`);
    }
    expect(objectiveWith('Land at least 7 % core shots.', c)).toBe('Land at least 7 % core shots.');
  });
});
