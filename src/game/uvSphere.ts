/**
 * The UV sphere of the sphere target (pure geometry, no Babylon: scripts/generate-assets/meshes.ts
 * writes it into assets/meshes/sphere.glb and the game builds the same mesh without a glTF
 * loader, builtInSphere.ts). One piece for both, so the sphere drawn is the same triangles
 * whichever way it came.
 */

/** Triangle soup: positions and normals (xyz, flat), triangle indices (counter-clockwise seen
 * from outside, as glTF). */
export interface Geo {
  p: number[];
  n: number[];
  i: number[];
}

/** Segments around of the sphere target's UV sphere (sphere.glb). */
export const SPHERE_TARGET_SEGMENTS = 24;
/** Rings pole to pole of the sphere target's UV sphere (sphere.glb). */
export const SPHERE_TARGET_RINGS = 16;

/**
 * A UV sphere of radius `r` (any unit; the targets' is the target radius) centred at
 * (cx, cy, cz): `seg` segments around, `rings` rings pole to pole; (seg + 1) × (rings + 1)
 * vertices (the seam duplicated), 2 × seg × (rings − 1) triangles (one per quad at the poles).
 */
export function uvSphere(r: number, cx: number, cy: number, cz: number, seg: number, rings: number): Geo {
  const g: Geo = { p: [], n: [], i: [] };
  for (let y = 0; y <= rings; y++) {
    const v = y / rings;
    const th = v * Math.PI;
    for (let x = 0; x <= seg; x++) {
      const ph = (x / seg) * Math.PI * 2;
      const nx = Math.sin(th) * Math.cos(ph), ny = Math.cos(th), nz = Math.sin(th) * Math.sin(ph);
      g.p.push(cx + r * nx, cy + r * ny, cz + r * nz);
      g.n.push(nx, ny, nz);
    }
  }
  for (let y = 0; y < rings; y++) {
    for (let x = 0; x < seg; x++) {
      const a = y * (seg + 1) + x, b = a + seg + 1;
      // counter-clockwise seen from outside
      if (y > 0) g.i.push(a, a + 1, b);
      if (y < rings - 1) g.i.push(a + 1, b + 1, b);
    }
  }
  return g;
}
