import { analyseRun, angleBetween } from '../../../src/metrics/shotAnalysis';
import type { InputEvent } from '../../../src/contracts/engine';
import { TICK_MS, YAW_DEG_PER_COUNT } from '../../../src/contracts/constants';
import { drill, SETTINGS } from '../ecs/helpers';

const d = drill({
  num_targets: 1, duration: 1000, spawn_mode: 'Original',
  config: JSON.stringify({ spawnOrder: 'order', positions: [[3, 1.3, -10], [-3, 1.3, -10]] }),
});
const yawTo = (x: number) => (Math.atan2(x, 13.5) * 180) / Math.PI;

describe('angleBetween', () => {
  it('measures the angle between two aims in degrees', () => {
    expect(angleBetween(0, 0, 90, 0)).toBeCloseTo(90, 9);
    expect(angleBetween(10, 0, 10, 0)).toBe(0);
    expect(angleBetween(0, 0, 0, 45)).toBeCloseTo(45, 9);
  });
});

describe('analyseRun', () => {
  it('straight flicks: 100 % efficiency, 0 degree initial angle, reaction = idle time, late shots', () => {
    const y1 = yawTo(3), y2 = yawTo(-3);
    const log: InputEvent[] = [
      // tick 10: flick onto target 1 and click at once
      { type: 'look', t: 10 * TICK_MS + 1, dx: y1 / YAW_DEG_PER_COUNT, dy: 0 },
      { type: 'fire', t: 10 * TICK_MS + 2, down: true },
      { type: 'fire', t: 10 * TICK_MS + 3, down: false },
      // tick 20: flick onto target 2, click only at tick 30 (on target for 140.625 ms: late)
      { type: 'look', t: 20 * TICK_MS + 1, dx: (y2 - y1) / YAW_DEG_PER_COUNT, dy: 0 },
      { type: 'fire', t: 30 * TICK_MS + 2, down: true },
      { type: 'fire', t: 30 * TICK_MS + 3, down: false },
    ];
    const a = analyseRun({ drill: d, seed: 1, settings: SETTINGS, log });
    expect(a.mouse_travel_efficiency).toBe(100);
    expect(a.initial_move_angle).toBe(0);
    // reactions: 10 ticks from round start, 10 ticks after the first kill's tick end (tick 11 -> 20 = 9 ticks)
    expect(a.av_reaction_time).toBe(Math.round(((10 * TICK_MS + 9 * TICK_MS) / 2) * 100) / 100);
    expect(a.prct_late_shots).toBe(50);
    expect(a.av_late_shot_time).toBe(140.63); // 9 ticks = 140.625 ms, 2 decimals
    const counts = (Math.abs(y1) + Math.abs(y2 - y1)) / YAW_DEG_PER_COUNT;
    expect(a.mouse_pixel_speed).toBeCloseTo(counts / (2 * TICK_MS), 2);
  });

  it('returns nulls for a run without input', () => {
    expect(analyseRun({ drill: d, seed: 1, settings: SETTINGS, log: [] })).toEqual({
      mouse_travel_efficiency: null, mouse_pixel_speed: null, av_reaction_time: null,
      prct_late_shots: null, av_late_shot_time: null, initial_move_angle: null,
    });
  });
});

describe('analyseRun: reaction time counts the first movement TOWARD the target', () => {
  it('a movement away from the target does not end the reaction time', () => {
    const y1 = yawTo(3);
    const log: InputEvent[] = [
      // tick 4: 2 degrees to the LEFT (away from the target on the right)
      { type: 'look', t: 4 * TICK_MS + 1, dx: -2 / YAW_DEG_PER_COUNT, dy: 0 },
      // tick 12: flick onto the target and click
      { type: 'look', t: 12 * TICK_MS + 1, dx: (y1 + 2) / YAW_DEG_PER_COUNT, dy: 0 },
      { type: 'fire', t: 12 * TICK_MS + 2, down: true },
      { type: 'fire', t: 12 * TICK_MS + 3, down: false },
    ];
    const a = analyseRun({ drill: d, seed: 1, settings: SETTINGS, log });
    expect(a.av_reaction_time).toBe(12 * TICK_MS);
    // path: 2 degrees away + (y1 + 2) back; straight: y1
    expect(a.mouse_travel_efficiency).toBe(Math.round((y1 / (y1 + 4)) * 10000) / 100);
    // the first movement points away: 180 degrees off the straight line
    expect(a.initial_move_angle).toBe(180);
  });
});
