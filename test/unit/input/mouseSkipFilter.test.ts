/**
 * Mouse-skip filter on a seeded synthetic 1 kHz human-like trace (benchmarks.md 'skip-filter':
 * moves of ±40 counts, flicks up to ±400, injected skips of ±300…720; goal ≥ 99 % of skips
 * rejected, ≤ 0.1 % of real samples changed). Exact counts are asserted for the fixed seed.
 */
import { filterTrace, MouseSkipFilter, mouseSkipFilterEnabled } from '../../../src/input/mouseSkipFilter';
import { syntheticTrace } from './syntheticTrace';

function score(seed: number, n: number) {
  const tr = syntheticTrace(seed, n);
  const rejected = filterTrace(tr.samples);
  let skips = 0, caught = 0, realChanged = 0, real = 0, maxReal = 0;
  for (let i = 0; i < n; i++) {
    if (tr.skip[i]) {
      skips++;
      if (rejected[i]) caught++;
    } else {
      real++;
      if (rejected[i]) realChanged++;
    }
    maxReal = Math.max(maxReal, Math.abs(tr.real[i][0]));
  }
  return { skips, caught, real, realChanged, maxReal };
}

describe('MouseSkipFilter on the synthetic 1 kHz trace', () => {
  test('seed 20261122, 200 000 reports: all 431 skips rejected, 0 real reports changed', () => {
    const s = score(20261122, 200_000);
    expect(s.maxReal).toBe(399); // the trace really contains ±400-count flicks
    expect(s).toEqual({ skips: 431, caught: 431, real: 199_569, realChanged: 0, maxReal: 399 });
    expect(s.caught / s.skips).toBeGreaterThanOrEqual(0.99);
    expect(s.realChanged / s.real).toBeLessThanOrEqual(0.001);
  });

  test.each([1, 2, 3])('seed %i, 100 000 reports: >= 99 %% rejected, <= 0.1 %% changed', (seed) => {
    const s = score(seed, 100_000);
    expect(s.skips).toBeGreaterThan(100);
    expect(s.caught / s.skips).toBeGreaterThanOrEqual(0.99);
    expect(s.realChanged / s.real).toBeLessThanOrEqual(0.001);
  });

  test('with the filter off (every sample applied) the skips reach the aim: the trace is a real test', () => {
    const tr = syntheticTrace(20261122, 200_000);
    let sumDelivered = 0, sumReal = 0;
    for (let i = 0; i < tr.samples.length; i++) { sumDelivered += tr.samples[i][0]; sumReal += tr.real[i][0]; }
    expect(sumDelivered).not.toBe(sumReal);
  });
});

describe('MouseSkipFilter rules', () => {
  test('a lone spike in steady motion is rejected; the motion around it is not', () => {
    const f = new MouseSkipFilter();
    const out: boolean[] = [];
    const xs = [30, 32, 31, 33, 30 + 500, 32, 31];
    xs.forEach((x, i) => out.push(f.isSkip(x, 0, i)));
    expect(out).toEqual([false, false, false, false, true, false, false]);
    expect(f.rejected).toBe(1);
    expect(f.total).toBe(7);
  });

  test('a spike on y alone, negative, is rejected', () => {
    const f = new MouseSkipFilter();
    expect([0, 1, 2].map((i) => f.isSkip(5, -3, i))).toEqual([false, false, false]);
    expect(f.isSkip(5, -3 - 640, 3)).toBe(true);
    expect(f.isSkip(5, -3, 4)).toBe(false);
  });

  test('at most two rejections in a row: a lasting change is accepted on the third sample', () => {
    const f = new MouseSkipFilter();
    f.isSkip(0, 0, 0);
    f.isSkip(0, 0, 1);
    expect([2, 3, 4, 5].map((t) => f.isSkip(350, 0, t))).toEqual([true, true, false, false]);
  });

  test('after a pause longer than 20 ms the first sample is accepted (synthetic input steps)', () => {
    const f = new MouseSkipFilter();
    f.isSkip(1, 0, 0);
    expect(f.isSkip(300, 0, 25)).toBe(false);
    expect(f.isSkip(300, 0, 26)).toBe(false);
    expect(f.isSkip(300, 0, 27)).toBe(false);
  });

  test('coalesced 60 Hz events of a fast real flick are not rejected', () => {
    const f = new MouseSkipFilter();
    // one event per 16.67 ms frame; a 150 ms flick peaking at 400 counts/ms → up to ~6600 per event
    const out: boolean[] = [];
    for (let k = 0; k < 40; k++) {
      const s = ((k % 10) + 0.5) / 10;
      const dx = Math.round(16.67 * 400 * 16 * s * s * (1 - s) * (1 - s));
      out.push(f.isSkip(dx, 0, k * 16.67));
    }
    expect(out.filter(Boolean)).toEqual([]);
  });

  test('reset forgets the history and the counters', () => {
    const f = new MouseSkipFilter();
    f.isSkip(0, 0, 0);
    f.isSkip(0, 0, 1);
    expect(f.isSkip(700, 0, 2)).toBe(true);
    f.reset();
    expect(f.rejected).toBe(0);
    expect(f.isSkip(700, 0, 3)).toBe(false); // first sample after reset: the reference
  });
});

describe('mouseSkipFilterEnabled (control option mouse_skip_filter)', () => {
  test('controls first, then the gameconfig, default true', () => {
    expect(mouseSkipFilterEnabled(null, null)).toBe(true);
    expect(mouseSkipFilterEnabled({}, {})).toBe(true);
    expect(mouseSkipFilterEnabled({ mouse_skip_filter: false }, { mouse_skip_filter: true })).toBe(false);
    expect(mouseSkipFilterEnabled(null, { mouse_skip_filter: false })).toBe(false);
    expect(mouseSkipFilterEnabled({ mouse_skip_filter: 'no' }, undefined)).toBe(true);
  });
});
