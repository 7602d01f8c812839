import {
  objectiveFor, objectiveKindFor, passedApplied, topTier, type ObjectiveDrill,
} from '../../../src/metrics/objectiveBySource';

const kills: ObjectiveDrill = {
  objective: 'Destroy 40 targets in 60 seconds.',
  primaryMetric: 'targets_destroyed',
  thresholds: { targets_destroyed: 40, accuracy: 80 },
  tiers: [60, 40, 50],
};
const ttk: ObjectiveDrill = {
  objective: 'Kill each target in 500 ms or less.',
  primaryMetric: 'time_destroy',
  thresholds: { time_destroy: 500 },
  tiers: [500, 300, 400, 0],
};

describe('objectiveKindFor (spec section 9)', () => {
  it.each([
    ['workout', null, 'drill'],
    ['progression', null, 'drill'],
    ['Workout', 'assessment', 'drill'], // the first rule wins, case-insensitive
    ['benchmark', null, 'benchmark'],
    [' BENCHMARK ', null, 'benchmark'],
    ['drills', 'assessment', 'benchmark'],
    [null, 'Assessment', 'benchmark'],
    ['academy', null, 'best-score'],
    ['warmup', 'practice', 'best-score'],
    [null, null, 'best-score'],
    ['', '', 'best-score'],
    ['unknown', undefined, 'best-score'],
  ] as const)('source %p, context %p -> %s', (source, context, kind) => {
    expect(objectiveKindFor(source, context)).toBe(kind);
  });
});

describe('topTier', () => {
  it('is the highest tier for a higher-is-better metric, the lowest positive for time_destroy', () => {
    expect(topTier('targets_destroyed', [60, 40, 50])).toBe(60);
    expect(topTier('accuracy', [])).toBeNull();
    expect(topTier('time_destroy', [500, 300, 400, 0])).toBe(300);
    expect(topTier('time_destroy', [0])).toBeNull();
  });
});

describe('objectiveFor', () => {
  it("workout: the drill's objective text and threshold", () => {
    expect(objectiveFor(kills, 'workout', null, 55)).toEqual({
      kind: 'drill', metric: 'targets_destroyed', threshold: 40, text: 'Destroy 40 targets in 60 seconds.', tiers: [40, 50, 60],
    });
  });

  it('benchmark: the top tier; time_destroy: the lowest positive tier; no tiers: the threshold; neither: null', () => {
    expect(objectiveFor(kills, 'benchmark', null, 55)).toEqual({ kind: 'benchmark', metric: 'targets_destroyed', threshold: 60, text: '', tiers: [40, 50, 60] });
    expect(objectiveFor(ttk, null, 'assessment', null)).toMatchObject({ kind: 'benchmark', threshold: 300, tiers: [500, 400, 300, 0] });
    expect(objectiveFor({ ...kills, tiers: [] }, 'benchmark', null, null).threshold).toBe(40);
    expect(objectiveFor({ ...kills, tiers: [], thresholds: {} }, 'benchmark', null, null).threshold).toBeNull();
  });

  it('otherwise: the best score before the run is the bar; none (or a time_destroy best of 0) = null', () => {
    expect(objectiveFor(kills, 'drills', null, 55)).toEqual({ kind: 'best-score', metric: 'targets_destroyed', threshold: 55, text: '', tiers: [40, 50, 60] });
    expect(objectiveFor(kills, null, null, null).threshold).toBeNull();
    expect(objectiveFor(ttk, null, null, 412.5).threshold).toBe(412.5);
    expect(objectiveFor(ttk, null, null, 0).threshold).toBeNull();
  });
});

describe('passedApplied', () => {
  it("drill: the drill's threshold (at least; time_destroy at most, with a kill)", () => {
    const o = objectiveFor(kills, 'workout', null, 99);
    expect(passedApplied(o, 39, 39)).toBe(false);
    expect(passedApplied(o, 40, 40)).toBe(true);
    const t = objectiveFor(ttk, 'progression', null, null);
    expect(passedApplied(t, 500, 10)).toBe(true);
    expect(passedApplied(t, 500.01, 10)).toBe(false);
    expect(passedApplied(t, 0, 0)).toBe(false);
  });

  it('benchmark: only the top tier passes', () => {
    const o = objectiveFor(kills, 'benchmark', null, null);
    expect(passedApplied(o, 59, 59)).toBe(false);
    expect(passedApplied(o, 60, 60)).toBe(true);
    const t = objectiveFor(ttk, 'benchmark', null, null);
    expect(passedApplied(t, 300, 10)).toBe(true);
    expect(passedApplied(t, 301, 10)).toBe(false);
  });

  it('best-score: strictly better than the best; the first run sets it', () => {
    const o = objectiveFor(kills, null, null, 55);
    expect(passedApplied(o, 55, 55)).toBe(false);
    expect(passedApplied(o, 56, 56)).toBe(true);
    expect(passedApplied(objectiveFor(kills, null, null, null), 1, 1)).toBe(true);
    const t = objectiveFor(ttk, null, null, 412.5);
    expect(passedApplied(t, 412.5, 10)).toBe(false);
    expect(passedApplied(t, 412.49, 10)).toBe(true);
    expect(passedApplied(t, 0, 0)).toBe(false);
    expect(passedApplied(objectiveFor(ttk, null, null, null), 600, 10)).toBe(true);
    expect(passedApplied(objectiveFor(ttk, null, null, null), 0, 0)).toBe(false);
  });

  it('a run with no kill never passes, whatever the objective (issue 33 item 3)', () => {
    // the first run of a drill with no kill: no best to beat, and still no pass
    expect(passedApplied(objectiveFor(kills, null, null, null), 0, 0)).toBe(false);
    // an accuracy drill without a threshold: 100 % of no kill is no pass
    const acc = { ...kills, primaryMetric: 'accuracy' as const, thresholds: {} };
    expect(passedApplied(objectiveFor(acc, 'workout', null, null), 100, 0)).toBe(false);
    expect(passedApplied(objectiveFor(acc, 'workout', null, null), 100, 1)).toBe(true);
    expect(passedApplied(objectiveFor(kills, 'benchmark', null, null), 60, 0)).toBe(false);
  });
});
