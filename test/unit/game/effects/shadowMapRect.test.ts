/**
 * The shadow map's texels a redraw clears (src/game/effects/shadowMapRect.ts): every point of
 * every caster sphere, projected by a light's orthographic view-projection built here by hand
 * (row vectors, Babylon's layout), lands inside the rectangle, and the rectangle is no larger
 * than the spheres' extremes plus the margin. The pixels themselves are checked in Chromium
 * (test/e2e/visualEffects.test.ts: a killed target's shadow leaves the floor).
 */
import { MAP_RECT_MARGIN, shadowMapRect, unionRect } from '../../../../src/game/effects/shadowMapRect';

type V3 = [number, number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V3): V3 => { const l = Math.hypot(...a); return [a[0] / l, a[1] / l, a[2] / l]; };

/** A light at `eye` looking along `dir`, orthographic over ±half metres: p → NDC x, y as
 * ((p − eye) · right / half, (p − eye) · up / half), as a 16-number row-vector matrix. */
function orthoLight(eye: V3, dir: V3, half: number): number[] {
  const z = unit(dir);
  const x = unit(cross([0, 1, 0], z));
  const y = cross(z, x);
  const t = [-dot(x, eye), -dot(y, eye), -dot(z, eye)];
  return [
    x[0] / half, y[0] / half, z[0] / 100, 0,
    x[1] / half, y[1] / half, z[1] / 100, 0,
    x[2] / half, y[2] / half, z[2] / 100, 0,
    t[0] / half, t[1] / half, t[2] / 100, 1,
  ];
}

/** Texel of `p` through `m` in a `size`² map (x, y from the bottom-left). */
function texel(m: number[], p: V3, size: number): [number, number] {
  const nx = p[0] * m[0] + p[1] * m[4] + p[2] * m[8] + m[12];
  const ny = p[0] * m[1] + p[1] * m[5] + p[2] * m[9] + m[13];
  return [(nx * 0.5 + 0.5) * size, (ny * 0.5 + 0.5) * size];
}

const SUN: V3 = [-0.3, -0.8, -0.5];
const EYE: V3 = sub([0, 5, -10], [SUN[0] * 40, SUN[1] * 40, SUN[2] * 40]);

test.each([4096, 1024])('every point of each sphere projects inside the rectangle of a %p² map, and the rectangle is tight', (size) => {
  const m = orthoLight(EYE, SUN, 30);
  const spheres = [-4, 3, -12, 0.35, 2.5, 1.2, -14, 0.35, 0.5, 6, -11, 1.8];
  const r = shadowMapRect(spheres, m, size)!;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < spheres.length; i += 4) {
    for (let a = 0; a < 24; a++) {
      for (let b = 0; b <= 12; b++) {
        const th = (a / 24) * 2 * Math.PI, ph = (b / 12) * Math.PI;
        const p: V3 = [spheres[i] + spheres[i + 3] * Math.sin(ph) * Math.cos(th), spheres[i + 1] + spheres[i + 3] * Math.cos(ph), spheres[i + 2] + spheres[i + 3] * Math.sin(ph) * Math.sin(th)];
        const [tx, ty] = texel(m, p, size);
        minX = Math.min(minX, tx); maxX = Math.max(maxX, tx); minY = Math.min(minY, ty); maxY = Math.max(maxY, ty);
      }
    }
  }
  expect(r.x).toBeLessThanOrEqual(minX - MAP_RECT_MARGIN + 1e-9);
  expect(r.y).toBeLessThanOrEqual(minY - MAP_RECT_MARGIN + 1e-9);
  expect(r.x + r.w).toBeGreaterThanOrEqual(maxX + MAP_RECT_MARGIN - 1e-9);
  expect(r.y + r.h).toBeGreaterThanOrEqual(maxY + MAP_RECT_MARGIN - 1e-9);
  // tight: each edge is within the margin, a texel of rounding and the sampling's miss of the
  // sampled extremes (24 x 13 points a sphere miss a true extreme by at most 1 - cos 7.5°,
  // under 1 % of the radius; 4 % of the largest radius, 1.8 m, is allowed)
  const texelsPerMetre = size / 60; // the light's box is ±30 m
  const slack = 1 + MAP_RECT_MARGIN + 0.04 * 1.8 * texelsPerMetre;
  expect(minX - r.x).toBeLessThan(slack);
  expect(r.x + r.w - maxX).toBeLessThan(slack);
  expect(minY - r.y).toBeLessThan(slack);
  expect(r.y + r.h - maxY).toBeLessThan(slack);
  // three targets of 0.35-1.8 m on a 60 m map: a small part of the map is cleared
  expect(r.w * r.h).toBeLessThan(0.02 * size * size);
});

test('a rectangle is clipped to the map; no sphere, or none on the map, gives null', () => {
  const m = orthoLight(EYE, SUN, 30);
  expect(shadowMapRect([], m, 4096)).toBeNull();
  // a sphere far to the side of the light's box
  const side = unit(cross([0, 1, 0], unit(SUN)));
  const far: V3 = [side[0] * 200, 5 + side[1] * 200, -10 + side[2] * 200];
  expect(shadowMapRect([...far, 1], m, 4096)).toBeNull();
  // one straddling the box's edge: clipped at the map's last texel
  const edge: V3 = [side[0] * 30, 5 + side[1] * 30, -10 + side[2] * 30];
  const r = shadowMapRect([...edge, 1], m, 4096)!;
  expect(r.x + r.w).toBe(4096);
  expect(r.x).toBeGreaterThan(4096 - 200);
});

test('unionRect: the smallest rectangle holding both; null is the empty one', () => {
  const a = { x: 10, y: 20, w: 5, h: 5 };
  const b = { x: 100, y: 0, w: 10, h: 30 };
  expect(unionRect(a, b)).toEqual({ x: 10, y: 0, w: 100, h: 30 });
  expect(unionRect(null, b)).toBe(b);
  expect(unionRect(a, null)).toBe(a);
  expect(unionRect(null, null)).toBeNull();
});
