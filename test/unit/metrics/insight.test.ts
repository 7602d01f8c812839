/** Insight formulas (issue 15 item 5) against hand-computed values. */
import {
  angularDiameter, fittsThroughput, formatChange, formatDecimal, formatMs, movingAverage, NO_VALUE, shotBias, trendSlope,
} from '../../../src/metrics/insight';
import { fpsPercentiles, inputHealthVerdict, mouseEventRate, type InputHealth } from '../../../src/metrics/inputHealth';
import { runInsight, wrapDeg } from '../../../src/metrics/runInsight';
import { isOpenObjective, summaryOutcome } from '../../../src/metrics/objective';
import type { InputEvent } from '../../../src/contracts/engine';
import { TICK_MS, YAW_DEG_PER_COUNT } from '../../../src/contracts/constants';
import { drill, SETTINGS } from '../ecs/helpers';

describe('fittsThroughput (ISO 9241-9, Shannon IDe, bits/s)', () => {
  it('one segment: log2(30/2 + 1) = 4 bits in 0.5 s = 8 bits/s', () => {
    expect(fittsThroughput([[30, 2, 500]])).toBe(8);
  });
  it('several: mean IDe / mean MT', () => {
    // IDe: log2(7/1+1) = 3, log2(15/1+1) = 4 -> mean 3.5 bits; MT mean (250 + 750)/2 = 0.5 s -> 7 bits/s
    expect(fittsThroughput([[7, 1, 250], [15, 1, 750]])).toBe(7);
  });
  it('skips segments with no time or width; null when none is left', () => {
    expect(fittsThroughput([[30, 2, 0], [30, 0, 500]])).toBeNull();
    expect(fittsThroughput([])).toBeNull();
    expect(fittsThroughput([[30, 2, 0], [3, 1, 1000]])).toBe(2);
  });
  it('angular diameter: 2 atan(r / d)', () => {
    expect(angularDiameter(1, 1)).toBe(180);
    expect(angularDiameter(Math.tan(Math.PI / 180), 1)).toBeCloseTo(2, 12);
  });
});

describe('shotBias', () => {
  it('mean bias and sample standard deviation per axis', () => {
    // x: 1, 3 -> mean 2, sd sqrt(((1-2)^2 + (3-2)^2) / 1) = sqrt 2; y: -1, -1 -> -1, 0
    expect(shotBias([[1, -1], [3, -1]])).toEqual({ n: 2, bias_x: 2, bias_y: -1, sd_x: Math.SQRT2, sd_y: 0, spread: Math.SQRT2 });
  });
  it('spread is the radial sd; one shot has none; no shot is null', () => {
    // x: 0, 6 -> sd sqrt(18); y: 0, 8 -> sd sqrt(32); spread sqrt(50)
    expect(shotBias([[0, 0], [6, 8]])!.spread).toBeCloseTo(Math.sqrt(50), 12);
    expect(shotBias([[0.5, 0.25]])).toEqual({ n: 1, bias_x: 0.5, bias_y: 0.25, sd_x: 0, sd_y: 0, spread: 0 });
    expect(shotBias([])).toBeNull();
  });
});

describe('trends', () => {
  it('trailing moving average', () => {
    expect(movingAverage([2, 4, 9], 2)).toEqual([2, 3, 6.5]);
    expect(movingAverage([3, 6, 9, 12], 3)).toEqual([3, 4.5, 6, 9]);
    expect(movingAverage([5], 0)).toEqual([5]);
  });
  it('least-squares slope per run', () => {
    expect(trendSlope([1, 3, 5])).toBe(2);
    expect(trendSlope([4, 4])).toBe(0);
    expect(trendSlope([10, 6, 8])).toBe(-1); // x mean 1, y mean 8: (-1)(2) + (1)(0) over 2
    expect(trendSlope([7])).toBe(0);
  });
});

describe('precision', () => {
  it('ms as integers, a dash for nothing', () => {
    expect(formatMs(412.5)).toBe('413');
    expect(formatMs(12345.678)).toBe('12346');
    expect(formatMs(0, true)).toBe(NO_VALUE);
    expect(formatMs(0)).toBe('0');
    expect(formatMs(null)).toBe(NO_VALUE);
  });
  it('at most 2 decimals, trailing zeros dropped; signed changes', () => {
    expect(formatDecimal(75.256)).toBe('75.26');
    expect(formatDecimal(100)).toBe('100');
    expect(formatDecimal(33.3333, 1)).toBe('33.3');
    expect(formatDecimal(-0.001)).toBe('0');
    expect(formatDecimal(undefined)).toBe(NO_VALUE);
    expect(formatChange(3)).toBe('+3');
    expect(formatChange(-12.5)).toBe('-12.5');
    expect(formatChange(0.001)).toBe('±0');
  });
});

describe('input health', () => {
  it('mouse rate: 1000 / median gap inside movement bursts', () => {
    expect(mouseEventRate([0, 1, 2, 3, 100, 101])).toBe(1000);
    expect(mouseEventRate([0, 8, 16, 24, 32])).toBe(125);
    expect(mouseEventRate([0, 0.125, 0.25, 0.5])).toBe(8000); // gaps .125 .125 .25 -> median .125
    expect(mouseEventRate([0, 200])).toBeNull();
  });
  it('fps percentiles, nearest rank: nine 10 ms frames and one 50 ms', () => {
    expect(fpsPercentiles([10, 10, 10, 10, 50, 10, 10, 10, 10, 10])).toEqual({ fps_p50: 100, fps_p5: 20, fps_p1: 20 });
    expect(fpsPercentiles([])).toEqual({ fps_p50: null, fps_p5: null, fps_p1: null });
  });
  it('the verdict names what hurts the run', () => {
    const ok: InputHealth = { mouse_hz: 1000, look_events: 1000, rejected_deltas: 0, raw_input: true, fps_p50: 144, fps_p5: 120, fps_p1: 100 };
    expect(inputHealthVerdict(ok)).toEqual([]);
    expect(inputHealthVerdict({ ...ok, mouse_hz: 125, rejected_deltas: 30, raw_input: false, fps_p5: 45 }).map((i) => i.key))
      .toEqual(['low_mouse_rate', 'rejected', 'no_raw_input', 'low_fps']);
    // 5 rejected of 1000 = 0.5 %: under the 1 % bar
    expect(inputHealthVerdict({ ...ok, rejected_deltas: 5 })).toEqual([]);
    expect(inputHealthVerdict({ ...ok, raw_input: null, mouse_hz: null, fps_p5: null })).toEqual([]);
  });
});

describe('runInsight: a replayed run gives each shot\'s offset to the target centre and the Fitts segments', () => {
  const d = drill({
    num_targets: 1, duration: 1000, spawn_mode: 'Original',
    config: JSON.stringify({ spawnOrder: 'order', positions: [[3, 1.3, -10], [-3, 1.3, -10]] }),
  });
  const yawTo = (x: number) => (Math.atan2(x, 13.5) * 180) / Math.PI;
  it('a kill 0.5 degrees right of the centre, then a miss 4 degrees left of the next target', () => {
    const y1 = yawTo(3), y2 = yawTo(-3);
    const log: InputEvent[] = [
      { type: 'look', t: 10 * TICK_MS + 1, dx: (y1 + 0.5) / YAW_DEG_PER_COUNT, dy: 0 },
      { type: 'fire', t: 10 * TICK_MS + 2, down: true },
      { type: 'fire', t: 10 * TICK_MS + 3, down: false },
      { type: 'look', t: 20 * TICK_MS + 1, dx: (y2 - 4 - y1 - 0.5) / YAW_DEG_PER_COUNT, dy: 0 },
      { type: 'fire', t: 20 * TICK_MS + 2, down: true },
      { type: 'fire', t: 20 * TICK_MS + 3, down: false },
    ];
    const r = runInsight({ drill: d, seed: 1, settings: SETTINGS, log });
    expect(r.shot_offsets).toHaveLength(2);
    expect(r.shot_offsets[0][0]).toBeCloseTo(0.5, 2);
    expect(r.shot_offsets[0][1]).toBeCloseTo(0, 3);
    expect(r.shot_offsets[1][0]).toBeCloseTo(-4, 2);
    expect(r.fitts_segments).toHaveLength(1);
    const [D, W, MT] = r.fitts_segments[0];
    expect(D).toBeCloseTo(y1 + 0.5, 2);
    expect(W).toBeCloseTo(angularDiameter(0.35, Math.hypot(3, 13.5)), 2);
    expect(MT).toBeCloseTo(10 * TICK_MS + 2, 2);
  });
  it('wraps yaw differences to -180..180', () => {
    expect(wrapDeg(350)).toBe(-10);
    expect(wrapDeg(-190)).toBe(170);
    expect(wrapDeg(5)).toBe(5);
  });
});

describe('summaryOutcome: pass/fail agrees with the objective', () => {
  it('an open objective ("as many as you can") shows its tier, never a failure', () => {
    expect(isOpenObjective('Destroy as many targets as you can in 60 seconds.')).toBe(true);
    expect(isOpenObjective('Destroy at least one target.')).toBe(false);
    expect(summaryOutcome({ objective: 'Destroy as many targets as you can in 60 seconds.', passed: false, score: 40, tiers: [90], metric: 'targets_destroyed' }))
      .toEqual({ kind: 'tier', level: 0, tiers: 1, next: 90 });
    expect(summaryOutcome({ objective: 'Destroy as many targets as you can.', passed: true, score: 95, tiers: [60, 90], metric: 'targets_destroyed' }))
      .toEqual({ kind: 'tier', level: 2, tiers: 2, next: null });
  });
  it('a bar to reach: passed or failed as stored', () => {
    expect(summaryOutcome({ objective: 'Destroy at least one target.', passed: true, score: 1, tiers: [1], metric: 'targets_destroyed' }))
      .toEqual({ kind: 'passed' });
    expect(summaryOutcome({ objective: 'Destroy 50 targets in 45 seconds.', passed: false, score: 3, tiers: [50], metric: 'targets_destroyed' }))
      .toEqual({ kind: 'failed' });
  });
});

describe('inputHealthOf (what the client submits as gameData.input_health)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { inputHealthOf } = require('../../../src/game/submission') as typeof import('../../../src/game/submission');
  it('mouse look events give the rate; rejected ones are counted; controller look is not the mouse', () => {
    const log: InputEvent[] = [
      { type: 'look', t: 0, dx: 1, dy: 0, device: 'Mouse' },
      { type: 'look', t: 1, dx: 1, dy: 0, device: 'Mouse' },
      { type: 'look', t: 2, dx: 0, dy: 0, device: 'Mouse', rejected: { dx: 300, dy: 0 } },
      { type: 'look', t: 3, dx: 1, dy: 0 },
      { type: 'look', t: 3.5, dx: 1, dy: 0, device: 'Cont' },
      { type: 'fire', t: 4, down: true },
    ];
    expect(inputHealthOf(log, SETTINGS, [10, 10, 10, 10, 50, 10, 10, 10, 10, 10], false)).toEqual({
      mouse_hz: 1000, look_events: 4, rejected_deltas: 1, raw_input: false, fps_p50: 100, fps_p5: 20, fps_p1: 20,
    });
    expect(inputHealthOf([], SETTINGS)).toEqual({
      mouse_hz: null, look_events: 0, rejected_deltas: 0, raw_input: null, fps_p50: null, fps_p5: null, fps_p1: null,
    });
  });
});
