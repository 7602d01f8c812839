/**
 * The dynamic crosshair's spread (src/game/crosshairSpread.ts): shots push the arms out by a
 * step up to a cap and recover linearly; walking adds spread proportional to the speed measured
 * over windows of ≥ 50 ms; nothing for a drill without player movement; reset / resume.
 */
import {
  CrosshairSpreadModel, FIRING_SPREAD_MAX_PX, FIRING_SPREAD_RECOVERY_PX_PER_S, FIRING_SPREAD_STEP_PX,
  MOVEMENT_SPREAD_MAX_PX, shotsOf,
} from '../../../src/game/crosshairSpread';
import { crosshairGeometry } from '../../../src/game/crosshairGeometry';
import { defaultCrosshairConfig } from '../../../src/contracts/crosshair';

const still = { x: 0, y: 1.3, z: 3.5 };

describe('firing spread', () => {
  test('each shot adds the step; capped; recovers linearly with time', () => {
    const m = new CrosshairSpreadModel(0);
    expect(m.frame(0, 0, still).firingPx).toBe(0);
    expect(m.frame(10, 1, still).firingPx).toBe(FIRING_SPREAD_STEP_PX); // 4
    // 50 ms later: 4 − 40 px/s · 0.05 s = 2, then a shot: 6
    expect(m.frame(60, 1, still).firingPx).toBe(FIRING_SPREAD_STEP_PX - FIRING_SPREAD_RECOVERY_PX_PER_S * 0.05 + FIRING_SPREAD_STEP_PX);
    expect(m.frame(61, 5, still).firingPx).toBe(FIRING_SPREAD_MAX_PX);
    expect(m.frame(161, 0, still).firingPx).toBe(FIRING_SPREAD_MAX_PX - 4); // 100 ms: −4 px
    expect(m.frame(2000, 0, still).firingPx).toBe(0); // never below 0
  });

  test('a held automatic weapon (20 shots/s, one per 50 ms) stays near the cap', () => {
    const m = new CrosshairSpreadModel(0);
    let last = 0;
    for (let t = 0; t <= 1000; t += 50) last = m.frame(t, 1, still).firingPx;
    expect(last).toBeGreaterThanOrEqual(FIRING_SPREAD_MAX_PX - 2);
  });

  test('reset clears; resume keeps the spread but does not count the paused time as recovery', () => {
    const m = new CrosshairSpreadModel(0);
    m.frame(0, 0, still);
    m.frame(1, 3, still); // 12
    m.resume();
    expect(m.frame(60_000, 0, still).firingPx).toBe(FIRING_SPREAD_MAX_PX);
    m.reset();
    expect(m.frame(60_001, 0, still).firingPx).toBe(0);
  });
});

describe('movement spread', () => {
  test('proportional to the walking speed over ≥ 50 ms windows, full at the drill speed', () => {
    const m = new CrosshairSpreadModel(4); // 4 m/s
    expect(m.frame(0, 0, still).movementPx).toBe(0);
    // 2 m/s for 60 ms: 0.12 m; window 60 ms → half speed → half the spread
    expect(m.frame(20, 0, { ...still, x: 0.04 }).movementPx).toBe(0); // window not full yet
    expect(m.frame(60, 0, { ...still, x: 0.12 }).movementPx).toBe(MOVEMENT_SPREAD_MAX_PX / 2);
    // faster than the drill speed: capped
    expect(m.frame(110, 0, { ...still, x: 0.12 + 0.5 }).movementPx).toBe(MOVEMENT_SPREAD_MAX_PX);
    // standing still for a window: back to 0
    expect(m.frame(170, 0, { ...still, x: 0.62 }).movementPx).toBe(0);
  });

  test('a drill without player movement never spreads for movement', () => {
    const m = new CrosshairSpreadModel(0);
    m.frame(0, 0, still);
    expect(m.frame(100, 0, { ...still, x: 10 }).movementPx).toBe(0);
  });
});

test('shotsOf counts hit and miss events only', () => {
  expect(shotsOf([{ type: 'spawn' }, { type: 'hit' }, { type: 'miss' }, { type: 'removed' }, { type: 'hit' }])).toBe(3);
});

test('the spread moves the arms of a crosshair with firing_inaccuracy on, not of one without', () => {
  const on = defaultCrosshairConfig();
  on.crosshair.firing_inaccuracy = true;
  const off = defaultCrosshairConfig();
  const right = (g: ReturnType<typeof crosshairGeometry>) => g.rects[0].x;
  expect(right(crosshairGeometry(on, { firingPx: 6 }))).toBe(on.crosshair.gap + 6);
  expect(right(crosshairGeometry(off, { firingPx: 6 }))).toBe(off.crosshair.gap);
});
