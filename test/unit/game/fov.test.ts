import {
  cameraFovFor, horizontalFovDeg, horizontalFromVerticalDeg, resolveFov, verticalFromHorizontalDeg,
} from '../../../src/game/fov';

const R2D = 180 / Math.PI;

describe('fov conversion', () => {
  test("'h4:3' 90° is a vertical-fixed 73.74° at any aspect", () => {
    const f = cameraFovFor(90, 'h4:3');
    expect(f.mode).toBe('vertical');
    expect(f.radians * R2D).toBeCloseTo(73.7398, 4);
    // = 2·atan(3/4)
    expect(f.radians).toBeCloseTo(2 * Math.atan(0.75), 12);
  });

  test("'h4:3' 90° is 106.26° horizontal at 16:9 and 90° at 4:3", () => {
    expect(horizontalFovDeg(90, 'h4:3', 16 / 9)).toBeCloseTo(106.2602, 4);
    expect(horizontalFovDeg(90, 'h4:3', 4 / 3)).toBeCloseTo(90, 10);
  });

  test("'h' is horizontal-fixed, 'v' vertical-fixed, unknown → 'h'", () => {
    expect(cameraFovFor(103, 'h').mode).toBe('horizontal');
    expect(cameraFovFor(103, 'h').radians * R2D).toBeCloseTo(103, 12);
    expect(cameraFovFor(70, 'v').mode).toBe('vertical');
    expect(cameraFovFor(70, 'v').radians * R2D).toBeCloseTo(70, 12);
    expect(cameraFovFor(80, 'x').mode).toBe('horizontal');
    expect(horizontalFovDeg(103, 'h', 21 / 9)).toBeCloseTo(103, 12);
  });

  test('vertical ↔ horizontal are inverse', () => {
    const v = verticalFromHorizontalDeg(103, 16 / 9);
    expect(v).toBeCloseTo(70.5328, 3);
    expect(horizontalFromVerticalDeg(v, 16 / 9)).toBeCloseTo(103, 10);
  });

  test('resolveFov: player option first, drill next, clamped to minFov/maxFov', () => {
    const drill = { fov: 90, fovType: 'v' as const, extra: {} };
    expect(resolveFov(drill, { other: { fov: 110, fov_type: 'h4:3' } } as never)).toEqual({ fov: 110, fovType: 'h4:3' });
    expect(resolveFov(drill, null)).toEqual({ fov: 90, fovType: 'v' });
    expect(resolveFov(null, null)).toEqual({ fov: 103, fovType: 'h' });
    expect(resolveFov({ ...drill, extra: { minFov: 95, maxFov: 100 } }, { other: { fov: 120, fov_type: 'h' } } as never).fov).toBe(100);
    expect(resolveFov({ ...drill, extra: { minFov: 95 } }, null).fov).toBe(95);
  });
});
