/**
 * Draw order of a mesh's triangles (pure; no Babylon): nearest the eye first, so that where a
 * mesh's parts overlap on screen the nearer one is drawn first and the farther one's pixels fail
 * the depth test before they are shaded (the weapon, weaponView.ts).
 */

/**
 * `indices` (a triangle list: 3 vertex indices a triangle) reordered by the distance from `eye`
 * to each triangle's centroid, nearest first; `positions` are the vertices' x, y, z (metres, the
 * same space as `eye`). Each triangle keeps its three indices in their order (its winding), so
 * the same triangles are drawn. A trailing partial triangle is dropped. Ties keep their order.
 */
export function frontToBackIndices(indices: ArrayLike<number>, positions: ArrayLike<number>,
  eye: { x: number; y: number; z: number }): number[] {
  const n = Math.floor(indices.length / 3);
  const dist = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    let cx = 0, cy = 0, cz = 0;
    for (let k = 0; k < 3; k++) { const v = indices[t * 3 + k] * 3; cx += positions[v]; cy += positions[v + 1]; cz += positions[v + 2]; }
    dist[t] = Math.hypot(cx / 3 - eye.x, cy / 3 - eye.y, cz / 3 - eye.z);
  }
  const order = Array.from({ length: n }, (_, t) => t).sort((a, b) => dist[a] - dist[b] || a - b);
  const out: number[] = [];
  for (const t of order) out.push(indices[t * 3], indices[t * 3 + 1], indices[t * 3 + 2]);
  return out;
}
