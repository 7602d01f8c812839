/**
 * The pixels of a view that some points' convex hull can be drawn into, so that a depth clear
 * before the meshes drawn over the scene (rendering group 1: the weapon, its sight and the
 * muzzle flash) clears only those (effects/overlayDepthClear.ts: a scissored clear instead of the
 * whole 4x-multisampled depth buffer). Pure maths, no Babylon.
 */
import { ndcRect, type TexelRect } from './shadowMapRect';

/** Pixels added around the projected points' rectangle: the rasteriser's rounding and
 * anti-aliasing samples just outside a pixel centre, with room to spare (our choice). */
export const VIEW_RECT_MARGIN = 2;

/** Clip-space w at or below which a point counts as at or behind the eye: its projection is
 * unbounded, so the whole view must be cleared. */
const MIN_W = 1e-6;

/**
 * The pixels of viewport `vp` (pixels of the drawing buffer, x, y from the bottom-left as
 * `gl.viewport` and `gl.scissor` take them) that the convex hull of `points` (world metres)
 * can cover after the view-projection `m` (the 16 numbers of Babylon's row-vector Matrix,
 * Scene.getTransformMatrix().m; perspective): each point to NDC by x, y over w, the union of
 * those, grown by VIEW_RECT_MARGIN pixels and clipped to the viewport. A perspective projection
 * maps the hull of points in front of the eye onto the hull of their projections, so the
 * rectangle holds every pixel the hull can cover.
 * Returns 'all' when a point is at or behind the eye (w ≤ 1e-6), null when there are no points
 * or their rectangle misses the viewport.
 */
export function viewRectOfPoints(points: ArrayLike<{ readonly x: number; readonly y: number; readonly z: number }>,
  m: ArrayLike<number>, vp: TexelRect): TexelRect | 'all' | null {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const { x, y, z } = points[i];
    const w = x * m[3] + y * m[7] + z * m[11] + m[15];
    if (!(w > MIN_W)) return 'all';
    const nx = (x * m[0] + y * m[4] + z * m[8] + m[12]) / w;
    const ny = (x * m[1] + y * m[5] + z * m[9] + m[13]) / w;
    if (nx < x0) x0 = nx;
    if (nx > x1) x1 = nx;
    if (ny < y0) y0 = ny;
    if (ny > y1) y1 = ny;
  }
  if (!(x1 >= x0)) return null;
  return ndcRect(x0, y0, x1, y1, vp, VIEW_RECT_MARGIN);
}
