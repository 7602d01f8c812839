/**
 * The pixels the depth clear before the weapon's rendering group covers
 * (src/game/effects/viewRect.ts, used by overlayDepthClear.ts): every point of a box in front
 * of the eye lands inside the rectangle, which is tight; a box reaching behind the eye asks for
 * the whole view; one outside the view gives null; the viewport's offset (a side view of the
 * multi-monitor mode) is respected. The projection is a pinhole camera: the expected pixels are
 * computed from the camera's basis and half-angle tangents, the function gets the same camera as
 * a row-vector view-projection matrix (Babylon's layout). In Chromium:
 * test/e2e/visualEffects.test.ts (the weapon's pixels lie inside the clear's rectangle).
 */
import { VIEW_RECT_MARGIN, viewRectOfPoints } from '../../../../src/game/effects/viewRect';

type V3 = [number, number, number];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** A camera at `eye` looking along −z (right +x, up +y), half-angle tangents tanH, tanV. */
const EYE: V3 = [0, 1.3, 3.5];
const R: V3 = [1, 0, 0], U: V3 = [0, 1, 0], F: V3 = [0, 0, -1];
const TAN_H = Math.tan((103 / 2) * Math.PI / 180), TAN_V = TAN_H * 720 / 1280;
const VP = { x: 0, y: 0, w: 1280, h: 720 };

/** The camera as a 16-number row-vector matrix: clip x = d·R / tanH, y = d·U / tanV, w = d·F. */
function viewProjection(): number[] {
  const e = (v: V3) => -dot(EYE, v);
  return [
    R[0] / TAN_H, U[0] / TAN_V, F[0], F[0],
    R[1] / TAN_H, U[1] / TAN_V, F[1], F[1],
    R[2] / TAN_H, U[2] / TAN_V, F[2], F[2],
    e(R) / TAN_H, e(U) / TAN_V, e(F), e(F),
  ];
}

/** Pixel of `p` (from the viewport's bottom-left) by the pinhole formula. */
function pixel(p: V3, vp = VP): [number, number] {
  const d: V3 = [p[0] - EYE[0], p[1] - EYE[1], p[2] - EYE[2]];
  const cz = dot(d, F);
  return [vp.x + (dot(d, R) / (cz * TAN_H) * 0.5 + 0.5) * vp.w, vp.y + (dot(d, U) / (cz * TAN_V) * 0.5 + 0.5) * vp.h];
}

const corners = (min: V3, max: V3) => {
  const out: Array<{ x: number; y: number; z: number }> = [];
  for (const x of [min[0], max[0]]) for (const y of [min[1], max[1]]) for (const z of [min[2], max[2]]) out.push({ x, y, z });
  return out;
};

/** A weapon-like box at the lower right, 0.4-0.8 m ahead of the eye, inside the view. */
const GUN_MIN: V3 = [0.1, 1.06, 2.7], GUN_MAX: V3 = [0.35, 1.2, 3.1];

test('every point of a box in front of the eye lands inside the rectangle, and the rectangle is tight', () => {
  const r = viewRectOfPoints(corners(GUN_MIN, GUN_MAX), viewProjection(), VP);
  if (r === 'all' || r === null) throw new Error(`expected a rectangle, got ${r}`);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const steps = 8;
  for (let i = 0; i <= steps; i++) for (let j = 0; j <= steps; j++) for (let k = 0; k <= steps; k++) {
    const p: V3 = [0, 1, 2].map((a) => GUN_MIN[a] + (GUN_MAX[a] - GUN_MIN[a]) * [i, j, k][a] / steps) as V3;
    const [px, py] = pixel(p);
    minX = Math.min(minX, px); maxX = Math.max(maxX, px); minY = Math.min(minY, py); maxY = Math.max(maxY, py);
  }
  expect(r.x).toBeLessThanOrEqual(minX - VIEW_RECT_MARGIN + 1e-9);
  expect(r.y).toBeLessThanOrEqual(minY - VIEW_RECT_MARGIN + 1e-9);
  expect(r.x + r.w).toBeGreaterThanOrEqual(maxX + VIEW_RECT_MARGIN - 1e-9);
  expect(r.y + r.h).toBeGreaterThanOrEqual(maxY + VIEW_RECT_MARGIN - 1e-9);
  // tight: the grid includes the corners, so each edge is within the margin and a pixel of rounding
  const slack = VIEW_RECT_MARGIN + 1;
  expect(minX - r.x).toBeLessThanOrEqual(slack);
  expect(r.x + r.w - maxX).toBeLessThanOrEqual(slack);
  expect(minY - r.y).toBeLessThanOrEqual(slack);
  expect(r.y + r.h - maxY).toBeLessThanOrEqual(slack);
  expect(minY).toBeGreaterThan(VIEW_RECT_MARGIN); // the box is inside the view: nothing was clipped
  expect(maxX).toBeLessThan(VP.w - VIEW_RECT_MARGIN);
  // at the lower right, and a fraction of the view
  expect(r.x).toBeGreaterThan(VP.w / 2);
  expect(r.y + r.h).toBeLessThan(VP.h / 2);
  expect(r.w * r.h).toBeLessThan(0.25 * VP.w * VP.h);
});

test('a box reaching the eye plane or behind it asks for the whole view', () => {
  expect(viewRectOfPoints(corners([0.1, 1.0, 3.3], [0.3, 1.2, 3.6]), viewProjection(), VP)).toBe('all');
  expect(viewRectOfPoints(corners([0.1, 1.0, 3.5], [0.3, 1.2, 3.7]), viewProjection(), VP)).toBe('all');
});

test('no points, or a box outside the view, give null; one straddling the edge is clipped to the viewport', () => {
  expect(viewRectOfPoints([], viewProjection(), VP)).toBeNull();
  // 10 m to the right at 2 m depth: far outside a 103° view
  expect(viewRectOfPoints(corners([10, 1, 1.4], [10.5, 1.5, 1.6]), viewProjection(), VP)).toBeNull();
  // straddling the right edge at 2 m depth (the edge is at x = 2 · tanH ≈ 2.52 m)
  const r = viewRectOfPoints(corners([2.3, 1.2, 1.4], [2.8, 1.4, 1.6]), viewProjection(), VP);
  if (r === 'all' || r === null) throw new Error(`expected a rectangle, got ${r}`);
  expect(r.x + r.w).toBe(VP.w);
  expect(r.x).toBeGreaterThan(VP.w - 200);
});

test('the viewport offset: the same box in a viewport starting at x 1280 lands 1280 px further right', () => {
  const vp2 = { x: 1280, y: 0, w: 1280, h: 720 };
  const a = viewRectOfPoints(corners(GUN_MIN, GUN_MAX), viewProjection(), VP);
  const b = viewRectOfPoints(corners(GUN_MIN, GUN_MAX), viewProjection(), vp2);
  if (a === 'all' || a === null || b === 'all' || b === null) throw new Error('expected rectangles');
  expect(b.x).toBe(a.x + 1280);
  expect(b.w).toBe(a.w);
  expect(b.y).toBe(a.y);
  expect(b.h).toBe(a.h);
  const [px] = pixel([GUN_MIN[0], GUN_MIN[1], GUN_MIN[2]], vp2);
  expect(b.x).toBeLessThanOrEqual(px);
});
