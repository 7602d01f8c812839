/**
 * The texels of a shadow map that casters can be drawn into, so that a redraw clears only those
 * (effects/shadows.ts: a scissored clear instead of the whole 4096² map). Pure maths, no Babylon.
 */

/** A rectangle of texels of a square map, as `gl.scissor` takes it: x, y from the bottom-left
 * texel (row 0 is NDC y = −1), width and height in texels. */
export interface TexelRect { x: number; y: number; w: number; h: number }

/** Texels added around each sphere's rectangle in shadowMapRect: the rasteriser's rounding and
 * the bias, with room to spare (our choice). */
export const MAP_RECT_MARGIN = 2;

/**
 * The texels of a `size`² shadow map that `spheres` (casterSpheres: x, y, z, radius in metres)
 * can be drawn into: for each sphere, its centre through the light's view-projection `m`
 * (the 16 numbers of Babylon's row-vector Matrix, ShadowGenerator.getTransformMatrix().m;
 * orthographic, so w = 1) to NDC,
 * and the radius scaled by the NDC length of a world metre along the map's x and y (the norms of
 * the transform's first two columns); the union of those boxes, grown by MAP_RECT_MARGIN texels
 * and clipped to the map. Null when there is no sphere or none reaches the map.
 */
export function shadowMapRect(spheres: ArrayLike<number>, m: ArrayLike<number>, size: number): TexelRect | null {
  const sx = Math.hypot(m[0], m[4], m[8]);
  const sy = Math.hypot(m[1], m[5], m[9]);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i + 3 < spheres.length; i += 4) {
    const x = spheres[i], y = spheres[i + 1], z = spheres[i + 2], r = spheres[i + 3];
    const nx = x * m[0] + y * m[4] + z * m[8] + m[12];
    const ny = x * m[1] + y * m[5] + z * m[9] + m[13];
    x0 = Math.min(x0, nx - r * sx); x1 = Math.max(x1, nx + r * sx);
    y0 = Math.min(y0, ny - r * sy); y1 = Math.max(y1, ny + r * sy);
  }
  if (!(x1 >= x0)) return null;
  return ndcRect(x0, y0, x1, y1, { x: 0, y: 0, w: size, h: size }, MAP_RECT_MARGIN);
}

/**
 * The texels (pixels) of viewport `vp` (x, y from the bottom-left, as `gl.scissor` takes them)
 * that the NDC box [x0, x1] × [y0, y1] covers, each edge rounded outward and grown by `margin`,
 * clipped to the viewport; null when nothing of it is on the viewport.
 */
function ndcRect(x0: number, y0: number, x1: number, y1: number, vp: TexelRect, margin: number): TexelRect | null {
  const px0 = Math.max(vp.x, Math.floor(vp.x + (x0 * 0.5 + 0.5) * vp.w) - margin);
  const py0 = Math.max(vp.y, Math.floor(vp.y + (y0 * 0.5 + 0.5) * vp.h) - margin);
  const px1 = Math.min(vp.x + vp.w, Math.ceil(vp.x + (x1 * 0.5 + 0.5) * vp.w) + margin);
  const py1 = Math.min(vp.y + vp.h, Math.ceil(vp.y + (y1 * 0.5 + 0.5) * vp.h) + margin);
  if (px1 <= px0 || py1 <= py0) return null;
  return { x: px0, y: py0, w: px1 - px0, h: py1 - py0 };
}

/** The smallest rectangle holding `a` and `b` (null: none). */
export function unionRect(a: TexelRect | null, b: TexelRect | null): TexelRect | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}
