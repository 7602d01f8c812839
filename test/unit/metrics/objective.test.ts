import { objectiveBarStep, objectiveProgress, passedObjective, scoreFor, summaryOutcome } from '../../../src/metrics/objective';

describe('objective bar (spec section 4)', () => {
  it('level = thresholds met by the current score (higher is better), with progress to the next', () => {
    const t = [60, 20, 40]; // any order: sorted by difficulty
    expect(objectiveProgress(0, t, 'targets_destroyed')).toEqual({ level: 0, next: 20, fraction: 0 });
    expect(objectiveProgress(10, t, 'targets_destroyed')).toEqual({ level: 0, next: 20, fraction: 0.5 });
    expect(objectiveProgress(20, t, 'targets_destroyed')).toEqual({ level: 1, next: 40, fraction: 0 });
    expect(objectiveProgress(50, t, 'targets_destroyed')).toEqual({ level: 2, next: 60, fraction: 0.5 });
    expect(objectiveProgress(75, t, 'targets_destroyed')).toEqual({ level: 3, next: null, fraction: 1 });
    expect(objectiveProgress(5, [], 'accuracy')).toEqual({ level: 0, next: null, fraction: 0 });
  });

  it('time_destroy: lower is better, 0 (no kill yet) meets nothing', () => {
    const t = [500, 900];
    expect(objectiveProgress(0, t, 'time_destroy').level).toBe(0);
    expect(objectiveProgress(1000, t, 'time_destroy')).toEqual({ level: 0, next: 900, fraction: (1800 - 1000) / 900 });
    expect(objectiveProgress(900, t, 'time_destroy')).toEqual({ level: 1, next: 500, fraction: 0 });
    expect(objectiveProgress(450, t, 'time_destroy')).toEqual({ level: 2, next: null, fraction: 1 });
  });

  it('resets when the score drops below a reached threshold', () => {
    const t = [50, 80];
    let s = objectiveBarStep(0, 85, t, 'accuracy');
    expect(s).toMatchObject({ level: 2, levelUp: true, reset: false });
    s = objectiveBarStep(s.level, 79.5, t, 'accuracy');
    expect(s).toMatchObject({ level: 1, levelUp: false, reset: true });
    s = objectiveBarStep(s.level, 79.5, t, 'accuracy');
    expect(s).toMatchObject({ level: 1, levelUp: false, reset: false });
  });

  it('score follows the primary metric', () => {
    const v = { targets_destroyed: 12, accuracy: 80, time_destroy: 450, crit_hit: 10 };
    expect(scoreFor('targets_destroyed', v)).toBe(12);
    expect(scoreFor('time_destroy', v)).toBe(450);
    expect(passedObjective('time_destroy', 450, 500)).toBe(true);
    expect(passedObjective('accuracy', 80, 85)).toBe(false);
  });
});

describe('summaryOutcome by objective kind (issue 19)', () => {
  const open = 'Destroy as many targets as you can in 60 seconds.';
  test('benchmark with tiers: the tier reached; without tiers: passed / failed', () => {
    expect(summaryOutcome({ objective: 'Destroy 40.', passed: false, score: 52, tiers: [40, 50, 60], metric: 'targets_destroyed', kind: 'benchmark' }))
      .toEqual({ kind: 'tier', level: 2, tiers: 3, next: 60 });
    expect(summaryOutcome({ objective: open, passed: true, score: 52, tiers: [], metric: 'targets_destroyed', kind: 'benchmark' })).toEqual({ kind: 'passed' });
  });
  test('best-score: passed / failed even for an open drill objective; drill (or no kind): the open objective names its tier', () => {
    expect(summaryOutcome({ objective: open, passed: false, score: 52, tiers: [90], metric: 'targets_destroyed', kind: 'best-score' })).toEqual({ kind: 'failed' });
    expect(summaryOutcome({ objective: open, passed: false, score: 52, tiers: [90], metric: 'targets_destroyed', kind: 'drill' }))
      .toEqual({ kind: 'tier', level: 0, tiers: 1, next: 90 });
    expect(summaryOutcome({ objective: open, passed: false, score: 95, tiers: [90], metric: 'targets_destroyed' }))
      .toEqual({ kind: 'tier', level: 1, tiers: 1, next: null });
  });
});
