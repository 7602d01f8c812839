import { frontToBackIndices } from '../../../../src/game/effects/triangleOrder';

describe('frontToBackIndices', () => {
  // three triangles at z = -3, -1 and -2 in front of an eye at the origin (looking along -z)
  const positions = [
    0, 0, -3, 1, 0, -3, 0, 1, -3, // vertices 0-2: far
    0, 0, -1, 1, 0, -1, 0, 1, -1, // 3-5: near
    0, 0, -2, 1, 0, -2, 0, 1, -2, // 6-8: middle
  ];
  const indices = [0, 1, 2, 5, 3, 4, 6, 8, 7];

  test('nearest triangle first, each keeping its indices in their order (its winding)', () => {
    expect(frontToBackIndices(indices, positions, { x: 0, y: 0, z: 0 })).toEqual([5, 3, 4, 6, 8, 7, 0, 1, 2]);
  });

  test('from an eye on the other side the order turns round', () => {
    expect(frontToBackIndices(indices, positions, { x: 0, y: 0, z: -10 })).toEqual([0, 1, 2, 6, 8, 7, 5, 3, 4]);
  });

  test('the same triangles come out: a shuffled mesh of 200 triangles keeps its multiset, sorted by distance', () => {
    const pos: number[] = [];
    const idx: number[] = [];
    let seed = 7;
    const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
    for (let i = 0; i < 150; i++) pos.push(rnd() * 4 - 2, rnd() * 4 - 2, -rnd() * 6);
    for (let t = 0; t < 200; t++) idx.push(Math.floor(rnd() * 150), Math.floor(rnd() * 150), Math.floor(rnd() * 150));
    const eye = { x: 0.3, y: -0.2, z: 1 };
    const out = frontToBackIndices(idx, pos, eye);
    const tris = (a: number[]) => Array.from({ length: a.length / 3 }, (_, t) => a.slice(t * 3, t * 3 + 3).join(','));
    expect([...tris(out)].sort()).toEqual([...tris(idx)].sort());
    const d = (t: number) => {
      let cx = 0, cy = 0, cz = 0;
      for (let k = 0; k < 3; k++) { const v = out[t * 3 + k] * 3; cx += pos[v]; cy += pos[v + 1]; cz += pos[v + 2]; }
      return Math.hypot(cx / 3 - eye.x, cy / 3 - eye.y, cz / 3 - eye.z);
    };
    for (let t = 1; t < 200; t++) expect(d(t)).toBeGreaterThanOrEqual(d(t - 1));
  });
});
