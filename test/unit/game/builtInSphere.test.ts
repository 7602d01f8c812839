/**
 * The sphere target built in (issue 33 item 5: no glTF loader before "Click to start" for sphere
 * drills) draws the triangles of assets/meshes/sphere.glb: uvSphere.ts with the sphere target's
 * segments and rings and the shape table's radius gives, as float32, the glb's positions and
 * normals and the same triangle indices; only the sphere model (and unknown models, which fall
 * back to it) is built in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isBuiltInSphere, MESH_URLS, meshUrlFor } from '../../../src/game/assetUrls';
import { SPHERE_TARGET_RINGS, SPHERE_TARGET_SEGMENTS, uvSphere } from '../../../src/game/uvSphere';
import { TARGET_MODEL_SHAPES } from '../../../src/ecs/targetModels';

/** The first primitive of node `name` in a .glb: positions, normals, indices (glTF 2.0 binary:
 * 12-byte header, a JSON chunk, a BIN chunk; accessors read with their byte offsets and their
 * buffer view's byte stride). */
function readGlbPrimitive(file: string, name: string): { p: Float32Array; n: Float32Array; i: number[] } {
  const buf = fs.readFileSync(file);
  expect(buf.readUInt32LE(0)).toBe(0x46546c67); // 'glTF'
  const jsonLen = buf.readUInt32LE(12);
  const json = JSON.parse(buf.subarray(20, 20 + jsonLen).toString('utf8'));
  const binStart = 20 + jsonLen + 8;
  const node = json.nodes.find((x: { name?: string }) => x.name === name);
  const prim = json.meshes[node.mesh].primitives[0];
  const read = (idx: number): number[] => {
    const acc = json.accessors[idx];
    const view = json.bufferViews[acc.bufferView];
    const start = binStart + (view.byteOffset ?? 0) + (acc.byteOffset ?? 0);
    const comps = ({ SCALAR: 1, VEC3: 3 } as Record<string, number>)[acc.type];
    const size = acc.componentType === 5123 ? 2 : 4;
    const stride = view.byteStride ?? comps * size; // interleaved attributes (the generator's)
    const out: number[] = [];
    for (let e = 0; e < acc.count; e++) {
      for (let c = 0; c < comps; c++) {
        const at = start + e * stride + c * size;
        if (acc.componentType === 5126) out.push(buf.readFloatLE(at));
        else if (acc.componentType === 5123) out.push(buf.readUInt16LE(at));
        else out.push(buf.readUInt32LE(at));
      }
    }
    return out;
  };
  return { p: Float32Array.from(read(prim.attributes.POSITION)), n: Float32Array.from(read(prim.attributes.NORMAL)), i: read(prim.indices) };
}

test('the built-in sphere is sphere.glb\'s mesh: same positions, normals and triangles', () => {
  const glb = readGlbPrimitive(path.resolve('assets/meshes/sphere.glb'), 'body');
  const s = TARGET_MODEL_SHAPES.sphere.body;
  const g = uvSphere(s.radius, 0, s.y, 0, SPHERE_TARGET_SEGMENTS, SPHERE_TARGET_RINGS);
  expect(g.p.length).toBe((SPHERE_TARGET_SEGMENTS + 1) * (SPHERE_TARGET_RINGS + 1) * 3);
  // as float32 (what both hand to the GPU), equal value for value (0 and -0 alike)
  const maxDiff = (a: number[], b: Float32Array): number => {
    expect(a.length).toBe(b.length);
    const f = Float32Array.from(a);
    return f.reduce((m, v, k) => Math.max(m, Math.abs(v - b[k])), 0);
  };
  expect(maxDiff(g.p, glb.p)).toBe(0);
  expect(maxDiff(g.n, glb.n)).toBe(0);
  expect(g.i).toEqual(glb.i);
  // the unit sphere of the hit test's shape table: every vertex at radius 1 from the centre
  for (let k = 0; k < g.p.length; k += 3) expect(Math.hypot(g.p[k], g.p[k + 1] - s.y, g.p[k + 2])).toBeCloseTo(s.radius, 6);
});

test('only the sphere model (and unknown models, which fall back to it) is built in', () => {
  expect(isBuiltInSphere(meshUrlFor('sphere'))).toBe(true);
  expect(isBuiltInSphere(meshUrlFor(undefined))).toBe(true);
  expect(isBuiltInSphere(meshUrlFor('no-such-model'))).toBe(true);
  for (const model of ['humanoid', 'plate', 'bot'] as const) expect(isBuiltInSphere(meshUrlFor(model))).toBe(false);
  expect(isBuiltInSphere(MESH_URLS.humanoid)).toBe(false);
});
