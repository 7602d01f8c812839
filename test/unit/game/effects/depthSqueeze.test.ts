/**
 * The depth squeeze of the meshes drawn over the scene (depthSqueeze.ts, nearDepth.ts): with the
 * game's camera (CAMERA_NEAR 0.1 m, CAMERA_FAR 1000 m) every squeezed point (the weapon, 0.15-0.8 m
 * from the eye) is nearer in the depth buffer than any point of the room or a target beyond
 * nearDepthFloorM, and the squeezed points keep their order with depth steps to spare.
 */
import { NEAR_DEPTH_SHARE, nearDepthFloorM, squeezedClipZ } from '../../../../src/game/effects/depthSqueeze';
import { CAMERA_FAR, CAMERA_NEAR } from '../../../../src/contracts/constants';

const n = CAMERA_NEAR, f = CAMERA_FAR;

/** Clip-space z and w of a point `d` metres ahead, by the OpenGL perspective projection. */
function clip(d: number, halfRange = false): { z: number; w: number } {
  return halfRange
    ? { z: (f / (f - n)) * d - (f * n) / (f - n), w: d }
    : { z: ((f + n) / (f - n)) * d - (2 * f * n) / (f - n), w: d };
}

/** The depth buffer's value (0 near … 1 far) of clip z, w; `squeeze` applies squeezedClipZ. */
function depth(d: number, squeeze: boolean, halfRange = false): number {
  const c = clip(d, halfRange);
  const z = squeeze ? squeezedClipZ(c.z, c.w, halfRange) : c.z;
  return halfRange ? z / c.w : (z / c.w + 1) / 2;
}

/** Distances from `a` to `b` metres on a geometric scale, `k` of them. */
function spread(a: number, b: number, k: number): number[] {
  return Array.from({ length: k }, (_, i) => a * Math.pow(b / a, i / (k - 1)));
}

test('everything beyond the floor, 1.01 x the near plane, is behind every squeezed point', () => {
  const floor = nearDepthFloorM(n, f);
  expect(floor).toBeGreaterThan(n);
  expect(floor).toBeLessThan(1.011 * n);
  // the floor is where the unsqueezed depth meets the squeezed range's far end
  expect(depth(floor, false)).toBeCloseTo(NEAR_DEPTH_SHARE, 9);
  const farthestSqueezed = Math.max(...spread(n, f, 200).map((d) => depth(d, true)));
  expect(farthestSqueezed).toBeLessThanOrEqual(NEAR_DEPTH_SHARE + 1e-12);
  for (const room of spread(floor * 1.0001, f, 400)) expect(depth(room, false)).toBeGreaterThan(farthestSqueezed);
  // just inside the floor a point is not guaranteed behind (the rule has a bound, not a margin)
  expect(depth(n * 1.005, false)).toBeLessThan(depth(0.8, true));
});

test('the weapon (0.15-0.8 m) keeps its depth order, at least 25 steps of a 24-bit buffer a millimetre', () => {
  const steps = 2 ** 24;
  const ds = spread(0.15, 0.8, 300);
  for (let i = 1; i < ds.length; i++) expect(depth(ds[i], true)).toBeGreaterThan(depth(ds[i - 1], true));
  for (const d of [0.15, 0.3, 0.5, 0.8]) {
    const perMm = (depth(d + 0.001, true) - depth(d, true)) * steps;
    expect(perMm).toBeGreaterThan(25);
  }
  // the sight dot, 6 mm in front of the post at about 0.45 m, stays in front after quantising
  expect(Math.floor(depth(0.444, true) * steps)).toBeLessThan(Math.floor(depth(0.45, true) * steps));
});

test('half-range depth (NDC z in [0, 1]): the same rule', () => {
  const far = Math.max(...spread(n, f, 100).map((d) => depth(d, true, true)));
  expect(far).toBeLessThanOrEqual(NEAR_DEPTH_SHARE + 1e-12);
  expect(depth(0.3, true, true)).toBeCloseTo(NEAR_DEPTH_SHARE * depth(0.3, false, true), 12);
  expect(depth(0.11, false, true)).toBeGreaterThan(far);
});
