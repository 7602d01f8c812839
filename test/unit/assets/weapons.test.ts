/**
 * The weapon models (issue 35 item 5): the generator (scripts/generate-assets/weapons.ts) writes
 * one glb per weapon model, the committed files are exactly its output, and each parses as
 * glTF 2.0 with a model of its own: distinct vertex counts, far more detail than the old
 * box-and-cylinder rifle (136 triangles), a length that fits the weapon, a muzzle node at
 * the barrel's end and a sight node on the iron-sighted ones (the glbs are read with a small
 * parser here). Also: which model a drill's
 * weapon_type draws, and the gun sound each one plays.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { WEAPON_MODELS, hasScope, weaponModelOf, type WeaponModel } from '../../../src/contracts/weaponModels';
import { WEAPON_MESH_URLS, weaponMeshUrl } from '../../../src/game/assetUrls';
import { GUN_SOUND_URLS, gunSoundUrl } from '../../../src/audio/soundCatalogue';

jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../../..');
const ROOT = path.join(REPO, 'assets');
const fileOf = (url: string): string => path.join(ROOT, url.replace(/^\/assets\//, ''));

interface GltfJson {
  asset: { version: string };
  nodes: Array<{ name: string; mesh?: number; translation?: number[] }>;
  meshes: Array<{ primitives: Array<{ attributes: Record<string, number>; indices: number }> }>;
  accessors: Array<{ count: number; min?: number[]; max?: number[] }>;
}
interface Stats { vertices: number; triangles: number; min: number[]; max: number[]; nodes: Map<string, number[] | null> }

/** Parses a glb (magic, version, length, JSON and BIN chunks) and returns its vertex and
 * triangle counts, the bounds of every mesh (metres, the POSITION accessors' min / max) and each
 * node's translation (null for mesh nodes). */
function statsOf(buf: Buffer): Stats {
  expect(buf.subarray(0, 4).toString('latin1')).toBe('glTF');
  expect(buf.readUInt32LE(4)).toBe(2);
  expect(buf.readUInt32LE(8)).toBe(buf.length);
  const jsonLen = buf.readUInt32LE(12);
  expect(buf.readUInt32LE(16)).toBe(0x4e4f534a); // 'JSON'
  const json = JSON.parse(buf.subarray(20, 20 + jsonLen).toString('utf8')) as GltfJson;
  expect(json.asset.version).toBe('2.0');
  expect(buf.readUInt32LE(20 + jsonLen + 4)).toBe(0x004e4942); // 'BIN\0'
  let vertices = 0, triangles = 0;
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  const nodes = new Map<string, number[] | null>();
  for (const node of json.nodes) {
    nodes.set(node.name, node.mesh === undefined ? (node.translation ?? [0, 0, 0]) : null);
    if (node.mesh === undefined) continue;
    for (const prim of json.meshes[node.mesh].primitives) {
      const pos = json.accessors[prim.attributes.POSITION];
      expect(json.accessors[prim.attributes.NORMAL].count).toBe(pos.count);
      vertices += pos.count;
      triangles += json.accessors[prim.indices].count / 3;
      for (let k = 0; k < 3; k++) { min[k] = Math.min(min[k], pos.min![k]); max[k] = Math.max(max[k], pos.max![k]); }
    }
  }
  return { vertices, triangles, min, max, nodes };
}

/** The generator's output now, per model (run in a child process with tsx: @gltf-transform is
 * ESM only, which this Jest setup cannot load). */
function generate(): Record<WeaponModel, Buffer> {
  const code = `import('./scripts/generate-assets/weapons.ts').then(async (w) => {
    const { NodeIO } = await import('@gltf-transform/core');
    const io = new NodeIO();
    const out = {};
    for (const [m, b] of Object.entries(w.WEAPON_BUILDERS)) out[m] = Buffer.from(await io.writeBinary(b())).toString('base64');
    process.stdout.write(JSON.stringify(out));
  })`;
  const out = JSON.parse(execFileSync('npx', ['tsx', '--eval', code], { cwd: REPO, encoding: 'utf8', maxBuffer: 16 << 20 })) as Record<string, string>;
  return Object.fromEntries(Object.entries(out).map(([m, b64]) => [m, Buffer.from(b64, 'base64')])) as Record<WeaponModel, Buffer>;
}

const parsed = new Map<string, { bytes: Buffer; stats: Stats }>();
let fresh: Record<WeaponModel, Buffer>;
beforeAll(() => {
  fresh = generate();
  for (const m of WEAPON_MODELS) {
    const bytes = fs.readFileSync(fileOf(WEAPON_MESH_URLS[m]));
    parsed.set(m, { bytes, stats: statsOf(bytes) });
  }
});

describe('weapon glbs', () => {
  test('one file per weapon model, each exactly what the generator writes now', () => {
    expect(Object.keys(fresh).sort()).toEqual([...WEAPON_MODELS].sort());
    for (const m of WEAPON_MODELS) {
      expect(WEAPON_MESH_URLS[m]).toBe(`/assets/meshes/weapon_${m}.glb`);
      expect(fresh[m].equals(parsed.get(m)!.bytes)).toBe(true);
    }
  });

  test.each(WEAPON_MODELS)('%s parses as glTF 2.0 with detail (> 300 triangles), a sane size and its parts', (m) => {
    const { bytes, stats } = parsed.get(m)!;
    expect(bytes.length).toBeGreaterThan(8 * 1024);
    expect(bytes.length).toBeLessThan(64 * 1024);
    expect(stats.triangles).toBeGreaterThan(300); // the old rifle: 8 boxes and a cylinder, 136
    const length = stats.max[2] - stats.min[2];
    const [lo, hi] = { pistol: [0.15, 0.3], rifle: [0.7, 1.05], sniper: [1.05, 1.5] }[m];
    expect(length).toBeGreaterThan(lo);
    expect(length).toBeLessThan(hi);
    // narrow (across x) and held at the grip: the origin lies inside the bounds
    expect(stats.max[0] - stats.min[0]).toBeLessThan(0.12);
    for (let k = 0; k < 3; k++) { expect(stats.min[k]).toBeLessThan(0); expect(stats.max[k]).toBeGreaterThan(0); }
    // the muzzle node at the barrel's front end (−z), within 1 cm
    const muzzle = stats.nodes.get('muzzle');
    expect(muzzle).toBeTruthy();
    expect(Math.abs(muzzle![2] - stats.min[2])).toBeLessThan(0.01);
    // iron sights (the dot's node) on the pistol and rifle; the sniper's sight is its scope
    expect(stats.nodes.has('sight')).toBe(!hasScope(m));
    expect([...stats.nodes.keys()].filter((n) => stats.nodes.get(n) === null).every((n) => ['metal', 'polymer', 'accent', 'lens'].includes(n))).toBe(true);
  });

  test('the three models differ: distinct vertex counts and lengths', () => {
    const counts = WEAPON_MODELS.map((m) => parsed.get(m)!.stats.vertices);
    expect(new Set(counts).size).toBe(3);
    const lengths = WEAPON_MODELS.map((m) => parsed.get(m)!.stats.max[2] - parsed.get(m)!.stats.min[2]);
    expect(lengths[0]).toBeLessThan(lengths[1]);
    expect(lengths[1]).toBeLessThan(lengths[2]);
  });
});

describe('weapon_type → model, mesh and gun sound', () => {
  test.each([
    ['pistol', 'pistol'], ['Rifle', 'rifle'], ['sniper', 'sniper'], ['AWP', 'sniper'], ['sniper rifle', 'sniper'],
    ['assault_rifle', 'rifle'], ['smg', 'rifle'], ['handgun', 'pistol'], ['railgun', 'pistol'], ['', 'pistol'], [null, 'pistol'], [undefined, 'pistol'],
  ] as const)('%p draws the %s', (type, model) => {
    expect(weaponModelOf(type)).toBe(model);
    expect(weaponMeshUrl(type)).toBe(`/assets/meshes/weapon_${model}.glb`);
    expect(gunSoundUrl(type)).toBe(`/assets/sounds/gun/${model}.ogg`);
  });

  test('each model has its own gun sound file (pistol shortest, sniper longest)', () => {
    const sizes = WEAPON_MODELS.map((m) => fs.statSync(fileOf(GUN_SOUND_URLS[m])).size);
    expect(new Set(Object.values(GUN_SOUND_URLS)).size).toBe(3);
    expect(sizes[0]).toBeLessThan(sizes[1]);
    expect(sizes[1]).toBeLessThan(sizes[2]);
  });

  test('only the sniper has a scope', () => {
    expect(WEAPON_MODELS.filter(hasScope)).toEqual(['sniper']);
  });
});
