/**
 * Builds the target models and the weapon as glTF 2.0 binaries (.glb) with @gltf-transform/core:
 * - sphere.glb: a unit sphere (radius 1 = the target radius; the view scales each instance by
 *   its radius);
 * - humanoid.glb: nodes 'head' and 'body' built from THE shape table of
 *   src/ecs/targetModels.ts (TARGET_MODEL_SHAPES), so the drawn head is exactly the engine's
 *   head crit zone; units of the target radius;
 * - plate.glb: node 'body', a steel plate (a disc facing +z) with a bevelled rim;
 * - bot.glb: nodes 'head' (the crit sphere) and 'body' (the body capsule);
 * - weapon_{pistol,rifle,sniper}.glb: the weapon models of drill field weapon_type
 *   (weapons.ts; metres, barrel along −z, grip at the origin).
 * Every drill's `target_model` (src/contracts/drillConfig.ts TARGET_MODELS) has a file.
 * Right-handed, y up (as glTF and the game's scene). Positions, normals, uint16 indices.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Document, NodeIO, type Material } from '@gltf-transform/core';
import { TARGET_MODEL_SHAPES, type ModelCapsule } from '../../src/ecs/targetModels';
import { TARGET_MODELS } from '../../src/contracts/drillConfig';
import { WEAPON_MODELS } from '../../src/contracts/weaponModels';
import { WEAPON_BUILDERS } from './weapons';
import { SPHERE_TARGET_RINGS, SPHERE_TARGET_SEGMENTS, uvSphere, type Geo } from '../../src/game/uvSphere';

export type { Geo } from '../../src/game/uvSphere';

export const geo = (): Geo => ({ p: [], n: [], i: [] });

/** Appends `b` to `a` (indices offset). */
export function merge(a: Geo, b: Geo): Geo {
  const o = a.p.length / 3;
  a.p.push(...b.p);
  a.n.push(...b.n);
  a.i.push(...b.i.map((k) => k + o));
  return a;
}

/** A UV sphere of radius `r` at (cx, cy, cz) (src/game/uvSphere.ts: the game builds the sphere
 * target from the same function). */
const sphere = uvSphere;

/** A vertical capsule (segment y0..y1, radius r) at x = cx, z = cz: two hemispheres and a tube. */
function capsule(c: ModelCapsule, cx: number, cz: number, seg: number): Geo {
  const g = geo();
  const half = 4; // rings per hemisphere
  const rows: Array<{ y: number; ny: number; rr: number }> = [];
  for (let k = 0; k <= half; k++) {
    const th = (k / half) * (Math.PI / 2);
    rows.push({ y: c.y1 + c.radius * Math.cos(th), ny: Math.cos(th), rr: Math.sin(th) });
  }
  for (let k = 0; k <= half; k++) {
    const th = Math.PI / 2 + (k / half) * (Math.PI / 2);
    rows.push({ y: c.y0 + c.radius * Math.cos(th), ny: Math.cos(th), rr: Math.sin(th) });
  }
  for (const row of rows) {
    for (let x = 0; x <= seg; x++) {
      const ph = (x / seg) * Math.PI * 2;
      const nx = row.rr * Math.cos(ph), nz = row.rr * Math.sin(ph);
      g.p.push(cx + c.radius * nx, row.y, cz + c.radius * nz);
      g.n.push(nx, row.ny, nz);
    }
  }
  for (let y = 0; y < rows.length - 1; y++) {
    for (let x = 0; x < seg; x++) {
      const a = y * (seg + 1) + x, b = a + seg + 1;
      g.i.push(a, a + 1, b, a + 1, b + 1, b);
    }
  }
  return g;
}

/** An axis-aligned box from (x0,y0,z0) to (x1,y1,z1) with flat normals. */
export function box(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): Geo {
  const g = geo();
  const faces: Array<[number[], number[][]]> = [
    [[1, 0, 0], [[x1, y0, z1], [x1, y0, z0], [x1, y1, z0], [x1, y1, z1]]],
    [[-1, 0, 0], [[x0, y0, z0], [x0, y0, z1], [x0, y1, z1], [x0, y1, z0]]],
    [[0, 1, 0], [[x0, y1, z1], [x1, y1, z1], [x1, y1, z0], [x0, y1, z0]]],
    [[0, -1, 0], [[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]]],
    [[0, 0, 1], [[x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]]],
    [[0, 0, -1], [[x1, y0, z0], [x0, y0, z0], [x0, y1, z0], [x1, y1, z0]]],
  ];
  for (const [n, quad] of faces) {
    const o = g.p.length / 3;
    for (const v of quad) { g.p.push(...v); g.n.push(...n); }
    g.i.push(o, o + 1, o + 2, o, o + 2, o + 3);
  }
  return g;
}

/** A cylinder along z from z0 to z1 (radius r, centre x/y), capped, flat-shaded caps. */
export function cylinderZ(r: number, cx: number, cy: number, z0: number, z1: number, seg: number): Geo {
  const g = geo();
  for (let x = 0; x <= seg; x++) {
    const ph = (x / seg) * Math.PI * 2;
    const nx = Math.cos(ph), ny = Math.sin(ph);
    g.p.push(cx + r * nx, cy + r * ny, z0, cx + r * nx, cy + r * ny, z1);
    g.n.push(nx, ny, 0, nx, ny, 0);
  }
  for (let x = 0; x < seg; x++) {
    const a = 2 * x;
    g.i.push(a, a + 2, a + 1, a + 1, a + 2, a + 3);
  }
  for (const [z, nz] of [[z0, -1], [z1, 1]] as const) {
    const c = g.p.length / 3;
    g.p.push(cx, cy, z); g.n.push(0, 0, nz);
    for (let x = 0; x <= seg; x++) {
      const ph = (x / seg) * Math.PI * 2;
      g.p.push(cx + r * Math.cos(ph), cy + r * Math.sin(ph), z); g.n.push(0, 0, nz);
    }
    for (let x = 0; x < seg; x++) {
      if (nz > 0) g.i.push(c, c + 1 + x, c + 2 + x);
      else g.i.push(c, c + 2 + x, c + 1 + x);
    }
  }
  return g;
}

/** Adds a node named `name` with one primitive of `g` and `material` to the document's scene. */
export function addNode(doc: Document, name: string, g: Geo, material: Material): void {
  const buf = doc.getRoot().listBuffers()[0] ?? doc.createBuffer();
  const pos = doc.createAccessor(`${name}_pos`).setType('VEC3').setArray(new Float32Array(g.p)).setBuffer(buf);
  const nrm = doc.createAccessor(`${name}_nrm`).setType('VEC3').setArray(new Float32Array(g.n)).setBuffer(buf);
  if (g.p.length / 3 > 65535) throw new Error(`${name}: too many vertices for uint16 indices`);
  const idx = doc.createAccessor(`${name}_idx`).setType('SCALAR').setArray(new Uint16Array(g.i)).setBuffer(buf);
  const prim = doc.createPrimitive().setAttribute('POSITION', pos).setAttribute('NORMAL', nrm).setIndices(idx).setMaterial(material);
  const mesh = doc.createMesh(name).addPrimitive(prim);
  const node = doc.createNode(name).setMesh(mesh);
  const scene = doc.getRoot().getDefaultScene() ?? doc.createScene('scene');
  doc.getRoot().setDefaultScene(scene);
  scene.addChild(node);
}

/** A document with one buffer and the asset generator string. */
export function newDoc(): Document {
  const doc = new Document();
  doc.createBuffer('data');
  doc.getRoot().getAsset().generator = 'aim-trainer scripts/generate-assets/meshes.ts';
  return doc;
}

/** White, slightly rough material: the view multiplies it by the per-instance target colour. */
function targetMaterial(doc: Document, name: string, tint: [number, number, number, number], roughness = 0.5): Material {
  return doc.createMaterial(name).setBaseColorFactor(tint).setMetallicFactor(0).setRoughnessFactor(roughness);
}

/** The sphere model: one node 'body', a unit sphere. */
export function buildSphere(): Document {
  const doc = newDoc();
  const s = TARGET_MODEL_SHAPES.sphere.body;
  addNode(doc, 'body', sphere(s.radius, 0, s.y, 0, SPHERE_TARGET_SEGMENTS, SPHERE_TARGET_RINGS), targetMaterial(doc, 'target', [1, 1, 1, 1]));
  return doc;
}

/** The humanoid model: node 'head' (the crit zone sphere) and node 'body' (torso, legs, arms). */
export function buildHumanoid(): Document {
  const doc = newDoc();
  const h = TARGET_MODEL_SHAPES.humanoid;
  addNode(doc, 'head', sphere(h.head.radius, 0, h.head.y, 0, 16, 12), targetMaterial(doc, 'head', [1, 1, 1, 1]));
  const body = capsule(h.torso, 0, 0, 12);
  merge(body, capsule(h.legs, -h.legX, 0, 8));
  merge(body, capsule(h.legs, h.legX, 0, 8));
  merge(body, capsule(h.arms, -h.armX, 0, 8));
  merge(body, capsule(h.arms, h.armX, 0, 8));
  addNode(doc, 'body', body, targetMaterial(doc, 'body', [0.8, 0.8, 0.8, 1]));
  return doc;
}

/** A disc facing +z (radius r, half thickness hd, centre at the origin): front and back faces
 * and the rim, `seg` segments around. */
function disc(r: number, hd: number, seg: number): Geo {
  const g = geo();
  for (const [z, nz] of [[hd, 1], [-hd, -1]] as const) {
    const c = g.p.length / 3;
    g.p.push(0, 0, z); g.n.push(0, 0, nz);
    for (let x = 0; x <= seg; x++) {
      const ph = (x / seg) * Math.PI * 2;
      g.p.push(r * Math.cos(ph), r * Math.sin(ph), z); g.n.push(0, 0, nz);
    }
    for (let x = 0; x < seg; x++) {
      if (nz > 0) g.i.push(c, c + 1 + x, c + 2 + x);
      else g.i.push(c, c + 2 + x, c + 1 + x);
    }
  }
  const o = g.p.length / 3;
  for (let x = 0; x <= seg; x++) {
    const ph = (x / seg) * Math.PI * 2;
    const nx = Math.cos(ph), ny = Math.sin(ph);
    g.p.push(r * nx, r * ny, -hd, r * nx, r * ny, hd);
    g.n.push(nx, ny, 0, nx, ny, 0);
  }
  for (let x = 0; x < seg; x++) {
    const a = o + 2 * x;
    g.i.push(a, a + 2, a + 1, a + 1, a + 2, a + 3);
  }
  return g;
}

/** The plate model: one node 'body', the table's disc (no crit zone). */
export function buildPlate(): Document {
  const doc = newDoc();
  const d = TARGET_MODEL_SHAPES.plate.disc;
  addNode(doc, 'body', disc(d.radius, d.halfDepth, 40), targetMaterial(doc, 'plate', [1, 1, 1, 1], 0.3));
  return doc;
}

/** The bot model: node 'head' (the crit sphere) and node 'body' (the body capsule). */
export function buildBot(): Document {
  const doc = newDoc();
  const b = TARGET_MODEL_SHAPES.bot;
  addNode(doc, 'head', sphere(b.head.radius, 0, b.head.y, 0, 20, 14), targetMaterial(doc, 'head', [1, 1, 1, 1]));
  addNode(doc, 'body', capsule(b.body, 0, 0, 20), targetMaterial(doc, 'body', [0.8, 0.8, 0.8, 1]));
  return doc;
}

/** Writes sphere.glb, humanoid.glb, plate.glb, bot.glb (one file per TARGET_MODELS entry) and
 * the weapons' weapon_{model}.glb (one per WEAPON_MODELS entry, weapons.ts) into `outDir`
 * (assets/meshes). Throws if a target or weapon model has no builder. Returns the file names. */
export async function generateMeshes(outDir: string): Promise<string[]> {
  fs.mkdirSync(outDir, { recursive: true });
  const io = new NodeIO();
  const builders: Record<string, () => Document> = { sphere: buildSphere, humanoid: buildHumanoid, plate: buildPlate, bot: buildBot };
  for (const m of TARGET_MODELS) if (!builders[m]) throw new Error(`no mesh builder for target model ${m}`);
  for (const w of WEAPON_MODELS) {
    if (!WEAPON_BUILDERS[w]) throw new Error(`no mesh builder for weapon model ${w}`);
    builders[`weapon_${w}`] = WEAPON_BUILDERS[w];
  }
  const out: string[] = [];
  for (const [name, build] of Object.entries(builders)) {
    const bytes = await io.writeBinary(build());
    const file = path.join(outDir, `${name}.glb`);
    fs.writeFileSync(file, bytes);
    out.push(`${name}.glb`);
    process.stdout.write(`  meshes/${name}.glb: ${bytes.length} bytes\n`);
  }
  return out;
}
