/**
 * The room's baked lighting (src/game/roomLighting.ts) against Babylon 9's StandardMaterial
 * formulas written out independently here: hemispheric mix(ground, sky, N·L/2 + 1/2), Lambert for
 * the sun, clamp(lights · diffuse + ambient). The pixels themselves are checked in Chromium
 * (test/e2e/room.test.ts).
 */
import { bakedFaceColour, bakedVertexColours, hemiTerm, roomLights, shadowFootprint, sunTerm, type Vec3 } from '../../../src/game/roomLighting';
import { ROOM } from '../../../src/game/room';

const norm = (v: Vec3): Vec3 => { const l = Math.hypot(...v); return [v[0] / l, v[1] / l, v[2] / l]; };

/** Babylon's two lights on a flat face, computed channel by channel. */
function reference(brightness: number, n: Vec3, diffuse: Vec3, ambient: Vec3): number[] {
  const hd = norm([0, 1, 0.3]);
  const sd = norm([-0.3, -0.8, -0.5]);
  const u = norm(n);
  const t = (u[0] * hd[0] + u[1] * hd[1] + u[2] * hd[2]) * 0.5 + 0.5;
  const ground = [0.35, 0.35, 0.4];
  const ndl = Math.max(0, -(u[0] * sd[0] + u[1] * sd[1] + u[2] * sd[2]));
  return [0, 1, 2].map((c) => {
    const hemi = (ground[c] * (1 - t) + t) * 0.75 * brightness;
    const sun = ndl * 0.45 * brightness;
    return Math.min(1, Math.max(0, (hemi + sun) * diffuse[c] + ambient[c]));
  });
}

const FACES: Vec3[] = [[0, 0, 1], [0, 0, -1], [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0]];

test.each([0.5, 1, 1.2])('every face of the room at brightness %p gets the colour the two lights drew', (b) => {
  const lights = roomLights(b);
  const wall: Vec3 = [0.2, 0.22, 0.27];
  const amb: Vec3 = [0.07, 0.077, 0.0945];
  const colours = FACES.map((n) => bakedFaceColour(lights, n, wall, amb));
  FACES.forEach((n, i) => reference(b, n, wall, amb).forEach((v, c) => expect(colours[i][c]).toBeCloseTo(v, 10)));
  // faces facing different ways differ (the box is not one flat colour)
  expect(new Set(colours.map((c) => c.map((x) => x.toFixed(4)).join())).size).toBeGreaterThanOrEqual(5);
});

test('brightness scales the lights, not the ambient term', () => {
  const wall: Vec3 = [0.3, 0.3, 0.3];
  const dim = bakedFaceColour(roomLights(0.5), [0, 0, 1], wall, [0, 0, 0]);
  const bright = bakedFaceColour(roomLights(1), [0, 0, 1], wall, [0, 0, 0]);
  for (let c = 0; c < 3; c++) expect(bright[c]).toBeCloseTo(dim[c] * 2, 10);
  const withAmbient = bakedFaceColour(roomLights(0.5), [0, 0, 1], wall, [0.1, 0.1, 0.1]);
  for (let c = 0; c < 3; c++) expect(withAmbient[c]).toBeCloseTo(dim[c] + 0.1, 10);
});

test('the floor without the sun plus the sun term is the floor with it (the shadow receiver adds the sun)', () => {
  const lights = roomLights(1);
  const d: Vec3 = [0.16, 0.18, 0.2];
  const a: Vec3 = [0.06, 0.06, 0.07];
  const without = bakedFaceColour(lights, [0, 1, 0], d, a, false);
  const withSun = bakedFaceColour(lights, [0, 1, 0], d, a, true);
  const s = sunTerm(lights, [0, 1, 0]);
  expect(s).toBeGreaterThan(0);
  for (let c = 0; c < 3; c++) expect(withSun[c]).toBeCloseTo(without[c] + s * d[c], 10);
  // faces the sun cannot reach get no sun term
  expect(sunTerm(lights, [0, -1, 0])).toBe(0);
  expect(sunTerm(lights, [-1, 0, 0])).toBe(0);
  expect(sunTerm(lights, [1, 0, 0])).toBeGreaterThan(0);
});

test('colours are clamped to 1 and directions need not be unit length; a zero direction throws', () => {
  const lights = roomLights(1.2);
  expect(bakedFaceColour(lights, [0, 5, 0], [1, 1, 1], [0.5, 0.5, 0.5])).toEqual([1, 1, 1]);
  expect(hemiTerm(lights, [0, 3, 0.9])).toEqual(hemiTerm(lights, [0, 1, 0.3]));
  expect(() => bakedFaceColour(lights, [0, 0, 0], [1, 1, 1], [0, 0, 0])).toThrow(/zero-length/);
});

test('bakedVertexColours: each vertex gets its normal\'s bakedFaceColour, alpha 1', () => {
  const lights = roomLights(1);
  const normals = [0, 1, 0, 1, 0, 0, 0, 0, 2, -0.3, -0.2, 0.9];
  const diffuse = [0.2, 0.21, 0.24] as const, ambient = [0.05, 0.05, 0.06] as const;
  const c = bakedVertexColours(lights, normals, diffuse, ambient);
  expect(c.length).toBe(16);
  for (let i = 0; i < 4; i++) {
    const want = bakedFaceColour(lights, [normals[i * 3], normals[i * 3 + 1], normals[i * 3 + 2]], diffuse, ambient);
    for (let k = 0; k < 3; k++) expect(c[i * 4 + k]).toBeCloseTo(want[k], 6);
    expect(c[i * 4 + 3]).toBe(1);
  }
  // a face toward the sky is lit more than one facing away from the sun
  expect(c[0]).toBeGreaterThan(c[4 * 3]);
});

describe('shadowFootprint: where on the floor the targets\' shadows can fall', () => {
  const SUN: Vec3 = [-0.3, -0.8, -0.5];
  /** Marches from the sphere's surface points along the sun to the floor (y = 0): every point
   * of the sphere's shadow must lie in the rectangle. */
  function shadowPoints(x: number, y: number, z: number, r: number): Array<[number, number]> {
    const l = Math.hypot(...SUN);
    const d = SUN.map((v) => v / l);
    const out: Array<[number, number]> = [];
    for (let a = 0; a < 24; a++) {
      for (let b = 0; b <= 12; b++) {
        const th = (a / 24) * 2 * Math.PI, ph = (b / 12) * Math.PI;
        const p = [x + r * Math.sin(ph) * Math.cos(th), y + r * Math.cos(ph), z + r * Math.sin(ph) * Math.sin(th)];
        const k = -p[1] / d[1];
        out.push([p[0] + d[0] * k, p[2] + d[2] * k]);
      }
    }
    return out;
  }

  test('every point of every sphere\'s shadow is inside, and the rectangle is tight (within the margin)', () => {
    const spheres = [1, 1.5, -12, 0.35, -4, 4, -14, 0.6, 3, 0.6, -10, 0.2];
    const rect = shadowFootprint(spheres, 3, SUN, 0, ROOM, 0)!;
    expect(rect).not.toBeNull();
    const pts = [shadowPoints(1, 1.5, -12, 0.35), shadowPoints(-4, 4, -14, 0.6), shadowPoints(3, 0.6, -10, 0.2)].flat();
    for (const [x, z] of pts) {
      expect(x).toBeGreaterThanOrEqual(rect.minX - 1e-9);
      expect(x).toBeLessThanOrEqual(rect.maxX + 1e-9);
      expect(z).toBeGreaterThanOrEqual(rect.minZ - 1e-9);
      expect(z).toBeLessThanOrEqual(rect.maxZ + 1e-9);
    }
    // tight: the bound reaches at most radius / |d.y| (≈ 1.21 r here) past the shadow points
    const xs = pts.map((p) => p[0]), zs = pts.map((p) => p[1]);
    expect(Math.min(...xs) - rect.minX).toBeLessThan(0.6 * 1.22);
    expect(rect.maxZ - Math.max(...zs)).toBeLessThan(0.6 * 1.22);
    // a high target throws its shadow further along the sun (−x, −z): the rectangle follows
    const high = shadowFootprint([0, 8, -12, 0.5], 1, SUN, 0, ROOM, 0)!;
    const low = shadowFootprint([0, 1, -12, 0.5], 1, SUN, 0, ROOM, 0)!;
    expect(high.maxZ).toBeLessThan(low.minZ);
    expect(high.maxX).toBeLessThan(low.maxX);
  });

  test('the margin grows it, the room clips it; no sphere (or none over the floor) gives null; a sun from below throws', () => {
    const a = shadowFootprint([0, 2, -12, 0.5], 1, SUN, 0, ROOM, 0)!;
    const b = shadowFootprint([0, 2, -12, 0.5], 1, SUN, 0, ROOM, 0.5)!;
    expect(b.minX).toBeCloseTo(a.minX - 0.5, 10);
    expect(b.maxZ).toBeCloseTo(a.maxZ + 0.5, 10);
    const clipped = shadowFootprint([-23.9, 11, -23.5, 1], 1, SUN, 0, ROOM, 0.5)!;
    expect(clipped).toBeNull(); // its shadow lands beyond the far-left corner: on no floor
    const edge = shadowFootprint([-23, 1, -10, 1], 1, SUN, 0, ROOM, 0.5)!;
    expect(edge.minX).toBe(ROOM.minX);
    expect(shadowFootprint([], 0, SUN, 0, ROOM, 0.5)).toBeNull();
    expect(() => shadowFootprint([0, 1, 0, 1], 1, [0, 1, 0], 0, ROOM, 0)).toThrow(/point down/);
  });
});
