import {
  BAR_GLOW_MS, BAR_INTERPOLATION_MS, BarSmoother, barSize, healthBarShown, lifetimeBarShown,
} from '../../../src/game/barModel';

describe('target bar visibility (spec section 9)', () => {
  test('the health bar is hidden for health 1 and for 9000 or more', () => {
    expect(healthBarShown(1)).toBe(false);
    expect(healthBarShown(2)).toBe(true);
    expect(healthBarShown(8999)).toBe(true);
    expect(healthBarShown(9000)).toBe(false);
    expect(healthBarShown(20000)).toBe(false);
    expect(healthBarShown(40, false)).toBe(false); // hud.show_target_health_bar off
  });

  test('the lifetime bar is hidden at 30000 ms or more and for targets without a lifetime', () => {
    expect(lifetimeBarShown(800)).toBe(true);
    expect(lifetimeBarShown(29999)).toBe(true);
    expect(lifetimeBarShown(30000)).toBe(false);
    expect(lifetimeBarShown(Infinity)).toBe(false);
    expect(lifetimeBarShown(1500, false)).toBe(false); // hud.show_target_lifetime_bar off
  });

  test('status_bar_size scales the bars, clamped to 0.6-1.4', () => {
    expect(barSize(0.5, 1.4).width).toBeCloseTo(1.05, 10);
    expect(barSize(0.5, 0.7).width).toBeCloseTo(0.525, 10);
    expect(barSize(0.5, 5).width).toBeCloseTo(1.05, 10);
    expect(barSize(0.5, 0.1).width).toBeCloseTo(0.45, 10);
    expect(barSize(0.5, null).width).toBeCloseTo(1.05, 10); // default 1.4
    expect(barSize(0.5, 1).height).toBeCloseTo(0.75 * 0.16, 10);
  });
});

describe('BarSmoother: interpolation 100 ms, glow 500 ms (spec section 9)', () => {
  const out = { fill: 0, glow: 0 };
  test('a first value is drawn at once with no glow', () => {
    const s = new BarSmoother();
    expect(s.sample(3, 1, 1000, out)).toEqual({ fill: 1, glow: 0 });
  });

  test('a drop reaches the new value linearly over 100 ms and glows for 500 ms', () => {
    const s = new BarSmoother();
    s.sample(7, 1, 0, out);
    expect(s.sample(7, 0.5, 1000, out)).toEqual({ fill: 1, glow: 1 });
    expect(s.sample(7, 0.5, 1000 + BAR_INTERPOLATION_MS / 2, out).fill).toBeCloseTo(0.75, 6);
    expect(out.glow).toBeCloseTo(1 - 50 / BAR_GLOW_MS, 6);
    expect(s.sample(7, 0.5, 1000 + BAR_INTERPOLATION_MS, out).fill).toBe(0.5);
    expect(s.sample(7, 0.5, 1000 + 250, out).glow).toBeCloseTo(0.5, 6);
    expect(s.sample(7, 0.5, 1000 + BAR_GLOW_MS, out).glow).toBe(0);
  });

  test('a settled bar (unchanged past its interpolation and glow) is its value, and a later drop still animates from it', () => {
    const s = new BarSmoother();
    s.sample(4, 1, 0, out);
    s.sample(4, 0.5, 10, out); // drop at 10: glows until 510
    expect(s.sample(4, 0.5, 509, out).glow).toBeGreaterThan(0);
    for (const t of [510, 600, 5000]) expect(s.sample(4, 0.5, t, out)).toEqual({ fill: 0.5, glow: 0 });
    expect(s.sample(4, 0.25, 6000, out)).toEqual({ fill: 0.5, glow: 1 });
    expect(s.sample(4, 0.25, 6000 + BAR_INTERPOLATION_MS / 2, out).fill).toBeCloseTo(0.375, 6);
  });

  test('a change mid-way starts from what is drawn; a rise (regeneration) does not glow', () => {
    const s = new BarSmoother();
    s.sample(1, 1, 0, out);
    s.sample(1, 0.5, 100, out); // drop at 100
    s.sample(1, 0.5, 150, out); // drawn 0.75
    expect(s.sample(1, 0.25, 150, out).fill).toBeCloseTo(0.75, 6);
    expect(s.sample(1, 0.25, 200, out).fill).toBeCloseTo(0.5, 6);
    const r = new BarSmoother();
    r.sample(2, 0.5, 0, out);
    expect(r.sample(2, 0.6, 1000, out).glow).toBe(0);
  });

  test('reset: a new target on a reused entity id is drawn at its value at once', () => {
    const s = new BarSmoother();
    s.sample(5, 1, 0, out);
    s.sample(5, 0.2, 10, out);
    s.reset(5);
    expect(s.sample(5, 1, 20, out)).toEqual({ fill: 1, glow: 0 });
  });

  test('a fraction a float32 cannot hold (2/3 after one hit on 3 hit points) settles: no endless glow', () => {
    const s = new BarSmoother();
    s.sample(9, 1, 0, out);
    s.sample(9, 2 / 3, 100, out); // the hit
    // past the glow the bar is its exact value and glows no more, frame after frame
    for (const t of [700, 716, 733, 2000]) expect(s.sample(9, 2 / 3, t, out)).toEqual({ fill: 2 / 3, glow: 0 });
  });

  test('entity ids beyond the first capacity grow the state', () => {
    const s = new BarSmoother();
    expect(s.sample(5000, 0.3, 0, out).fill).toBeCloseTo(0.3, 6);
  });
});
