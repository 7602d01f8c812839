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
  const tx0 = Math.max(0, Math.floor((x0 * 0.5 + 0.5) * size) - MAP_RECT_MARGIN);
  const ty0 = Math.max(0, Math.floor((y0 * 0.5 + 0.5) * size) - MAP_RECT_MARGIN);
  const tx1 = Math.min(size, Math.ceil((x1 * 0.5 + 0.5) * size) + MAP_RECT_MARGIN);
  const ty1 = Math.min(size, Math.ceil((y1 * 0.5 + 0.5) * size) + MAP_RECT_MARGIN);
  if (tx1 <= tx0 || ty1 <= ty0) return null;
  return { x: tx0, y: ty0, w: tx1 - tx0, h: ty1 - ty0 };
}

/** The smallest rectangle holding `a` and `b` (null: none). */
export function unionRect(a: TexelRect | null, b: TexelRect | null): TexelRect | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}
