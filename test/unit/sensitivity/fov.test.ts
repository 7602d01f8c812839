import {
  ASPECT_16_9, FOV_TYPES, armaFovTopToVerticalFov, convertFov, fromVerticalFov, toVerticalFov,
  verticalFovToArmaFovTop,
} from '../../../src/sensitivity/fov';
import type { FovType } from '../../../src/sensitivity/fov';

const round2 = (x: number): string => x.toFixed(2);

describe('FOV conversions: published check values (sensitivity.md §3)', () => {
  test('90 at h4:3 = 73.74 vertical = 106.26 horizontal at 16:9', () => {
    expect(round2(toVerticalFov(90, 'h4:3', ASPECT_16_9))).toBe('73.74');
    expect(round2(convertFov(90, 'h4:3', 'v', ASPECT_16_9))).toBe('73.74');
    expect(round2(convertFov(90, 'h4:3', 'h', ASPECT_16_9))).toBe('106.26');
    expect(round2(convertFov(106.26, 'h', 'h4:3', ASPECT_16_9))).toBe('90.00');
  });

  test('103 horizontal at 16:9 = 70.53 vertical = 86.63 at h4:3', () => {
    expect(round2(toVerticalFov(103, 'h', ASPECT_16_9))).toBe('70.53');
    expect(round2(convertFov(103, 'h', 'h4:3', ASPECT_16_9))).toBe('86.63');
  });

  test('70 vertical = 102.45 horizontal at 16:9', () => {
    expect(round2(fromVerticalFov(70, 'h', ASPECT_16_9))).toBe('102.45');
    expect(round2(convertFov(70, 'v', 'h', 16 / 9))).toBe('102.45');
  });

  test('h4:3 does not depend on the aspect; it equals h at 4:3', () => {
    for (const a of [4 / 3, 16 / 10, 16 / 9, 21 / 9, 32 / 9]) {
      expect(toVerticalFov(90, 'h4:3', a)).toBeCloseTo(toVerticalFov(90, 'h', 4 / 3), 12);
    }
    expect(convertFov(90, 'h4:3', 'h', 4 / 3)).toBeCloseTo(90, 12);
    // at 21:9 the real horizontal grows (Hor+)
    expect(convertFov(90, 'h4:3', 'h', 21 / 9)).toBeGreaterThan(convertFov(90, 'h4:3', 'h', 16 / 9));
  });

  test('v is the identity for toVerticalFov / fromVerticalFov; equal types return the input', () => {
    expect(toVerticalFov(73.5, 'v', 2)).toBe(73.5);
    expect(fromVerticalFov(73.5, 'v', 2)).toBe(73.5);
    expect(convertFov(103, 'h', 'h', 16 / 9)).toBe(103);
  });

  test('every type pair round-trips at several aspects', () => {
    for (const a of [1, 4 / 3, 16 / 10, 16 / 9, 21 / 9]) {
      for (const from of FOV_TYPES) {
        for (const to of FOV_TYPES) {
          for (const fov of [40, 73.74, 90, 103, 140]) {
            const there = convertFov(fov, from, to, a);
            const back = convertFov(there, to, from, a);
            expect(Math.abs(back - fov)).toBeLessThan(1e-10);
          }
        }
      }
    }
  });

  test('toVerticalFov and fromVerticalFov are inverse', () => {
    for (const t of FOV_TYPES) {
      for (const v of [30, 58.72, 70.53, 110]) {
        expect(toVerticalFov(fromVerticalFov(v, t, 16 / 9), t, 16 / 9)).toBeCloseTo(v, 10);
      }
    }
  });

  test('wider aspect: horizontal grows, vertical of a fixed horizontal shrinks', () => {
    expect(fromVerticalFov(60, 'h', 2)).toBeGreaterThan(fromVerticalFov(60, 'h', 1.5));
    expect(toVerticalFov(100, 'h', 2)).toBeLessThan(toVerticalFov(100, 'h', 1.5));
  });

  test('RangeError for non-finite or out-of-range (0, 180) angles, bad aspect, unknown type', () => {
    for (const bad of [NaN, Infinity, -Infinity, 0, 180, -10, 181]) {
      expect(() => toVerticalFov(bad, 'h', 16 / 9)).toThrow(RangeError);
      expect(() => fromVerticalFov(bad, 'h', 16 / 9)).toThrow(RangeError);
      expect(() => convertFov(bad, 'v', 'h', 16 / 9)).toThrow(RangeError);
      expect(() => convertFov(bad, 'v', 'v', 16 / 9)).toThrow(RangeError);
    }
    for (const badAspect of [0, -1, NaN, Infinity]) {
      expect(() => toVerticalFov(90, 'h', badAspect)).toThrow(RangeError);
      expect(() => convertFov(90, 'h4:3', 'h', badAspect)).toThrow(RangeError);
    }
    expect(() => toVerticalFov(90, 'x' as FovType, 16 / 9)).toThrow(RangeError);
    expect(() => convertFov(90, 'h', 'diag' as FovType, 16 / 9)).toThrow(RangeError);
    // a horizontal FOV near 180 can exceed nothing: results stay inside (0, 180)
    expect(convertFov(179.9, 'v', 'h', 32 / 9)).toBeLessThan(180);
    expect(convertFov(0.1, 'h', 'v', 32 / 9)).toBeGreaterThan(0);
  });

  test('Arma fovTop = tan(vfov/2): default 0.75 -> 73.74 vertical, 106.26 horizontal at 16:9 (S20)', () => {
    const v = armaFovTopToVerticalFov(0.75);
    expect(round2(v)).toBe('73.74');
    expect(round2(fromVerticalFov(v, 'h', 16 / 9))).toBe('106.26');
    expect(verticalFovToArmaFovTop(v)).toBeCloseTo(0.75, 14);
    expect(() => armaFovTopToVerticalFov(0)).toThrow(RangeError);
    expect(() => armaFovTopToVerticalFov(NaN)).toThrow(RangeError);
    expect(() => verticalFovToArmaFovTop(180)).toThrow(RangeError);
  });
});
