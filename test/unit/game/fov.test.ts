import {
  cameraFovFor, clampFov, fovLockAxis, horizontalFovDeg, resolveFov, verticalFovDeg,
} from '../../../src/game/fov';
import { convertFov, toVerticalFov } from '../../../src/sensitivity/fov';

const R2D = 180 / Math.PI;
const A16_9 = 16 / 9;
const A16_10 = 16 / 10;
const A21_9 = 21 / 9;

describe('fov lock axis (spec section 9: vertical at 16:9 or narrower, else horizontal)', () => {
  test('16:9 (and 1280×720) and 16:10 lock vertical, 21:9 locks horizontal', () => {
    expect(fovLockAxis(A16_9)).toBe('vertical');
    expect(fovLockAxis(1280 / 720)).toBe('vertical');
    expect(fovLockAxis(1920 / 1080)).toBe('vertical');
    expect(fovLockAxis(A16_10)).toBe('vertical');
    expect(fovLockAxis(4 / 3)).toBe('vertical');
    expect(fovLockAxis(A21_9)).toBe('horizontal');
    expect(fovLockAxis(2560 / 1080)).toBe('horizontal');
    expect(fovLockAxis(Number.NaN)).toBe('vertical'); // unknown aspect → 16:9
  });

  test('at 16:9 the view shows exactly the player fov, for every type', () => {
    expect(horizontalFovDeg(103, 'h', A16_9)).toBeCloseTo(103, 10);
    expect(verticalFovDeg(70, 'v', A16_9)).toBeCloseTo(70, 10);
    expect(horizontalFovDeg(90, 'h4:3', A16_9)).toBeCloseTo(106.2602, 4); // sensitivity.md §3
    const c = cameraFovFor(103, 'h', A16_9);
    expect(c.mode).toBe('vertical');
    expect(c.radians * R2D).toBeCloseTo(toVerticalFov(103, 'h', A16_9), 12);
    expect(c.radians * R2D).toBeCloseTo(70.5328, 3);
  });

  test('16:10 keeps the 16:9 vertical fov (narrower view, less width)', () => {
    const c = cameraFovFor(103, 'h', A16_10);
    expect(c.mode).toBe('vertical');
    expect(c.radians * R2D).toBeCloseTo(70.5328, 3);
    expect(verticalFovDeg(103, 'h', A16_10)).toBeCloseTo(verticalFovDeg(103, 'h', A16_9), 10);
    expect(horizontalFovDeg(103, 'h', A16_10)).toBeLessThan(103);
    expect(horizontalFovDeg(103, 'h', A16_10)).toBeCloseTo(convertFov(70.53284, 'v', 'h', A16_10), 3);
  });

  test('21:9 keeps the 16:9 horizontal fov (wider view, less height)', () => {
    const c = cameraFovFor(103, 'h', A21_9);
    expect(c.mode).toBe('horizontal');
    expect(c.radians * R2D).toBeCloseTo(103, 10);
    expect(horizontalFovDeg(103, 'h', A21_9)).toBeCloseTo(103, 10);
    expect(verticalFovDeg(103, 'h', A21_9)).toBeLessThan(verticalFovDeg(103, 'h', A16_9));
    // 'v' and 'h4:3' are converted to horizontal at 16:9 (shared conversions)
    expect(cameraFovFor(70, 'v', A21_9).radians * R2D).toBeCloseTo(convertFov(70, 'v', 'h', A16_9), 10);
    expect(cameraFovFor(90, 'h4:3', A21_9).radians * R2D).toBeCloseTo(106.2602, 4);
  });

  test("unknown types are 'h'; a fov outside (0, 180) falls back to 103", () => {
    expect(cameraFovFor(103, 'x', A21_9).radians * R2D).toBeCloseTo(103, 10);
    expect(cameraFovFor(Number.NaN, 'h', A21_9).radians * R2D).toBeCloseTo(103, 10);
  });
});

describe('resolveFov', () => {
  test('player option first, drill next, default 103 h', () => {
    const drill = { fov: 90, fovType: 'v' as const, extra: {} };
    expect(resolveFov(drill, { other: { fov: 110, fov_type: 'h4:3' } } as never)).toEqual({ fov: 110, fovType: 'h4:3' });
    expect(resolveFov(drill, null)).toEqual({ fov: 90, fovType: 'v' });
    expect(resolveFov(null, null)).toEqual({ fov: 103, fovType: 'h' });
  });

  test('clamped to 40-140 (spec section 5)', () => {
    expect(clampFov(20)).toBe(40);
    expect(clampFov(170)).toBe(140);
    expect(clampFov(103.25)).toBe(103.25);
    expect(resolveFov(null, { other: { fov: 30, fov_type: 'h' } } as never).fov).toBe(40);
    expect(resolveFov(null, { other: { fov: 150, fov_type: 'v' } } as never)).toEqual({ fov: 140, fovType: 'v' });
  });

  test('a drill locks the fov to its minFov / maxFov', () => {
    const drill = { fov: 90, fovType: 'v' as const, extra: {} };
    expect(resolveFov({ ...drill, extra: { minFov: 95, maxFov: 100 } }, { other: { fov: 120, fov_type: 'h' } } as never).fov).toBe(100);
    expect(resolveFov({ ...drill, extra: { minFov: 95, maxFov: 100 } }, { other: { fov: 60, fov_type: 'h' } } as never).fov).toBe(95);
    expect(resolveFov({ ...drill, extra: { minFov: 95 } }, null).fov).toBe(95);
    expect(resolveFov({ ...drill, extra: { maxFov: 80 } }, null).fov).toBe(80);
  });
});
