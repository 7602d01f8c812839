/**
 * The committed assets (issue 10): every sound, mesh and image the game names exists, decodes
 * (Ogg pages with valid CRCs and a Vorbis identification header; glb magic, chunks and a full
 * glTF parse; PNG signature, IHDR and inflated pixel data), and is listed in assets/README.md;
 * the humanoid mesh's head is exactly the engine's head crit zone.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { allSoundUrls, SOUNDS } from '../../../src/audio/soundCatalogue';
import { TARGET_MODELS } from '../../../src/contracts/drillConfig';
import { HUMANOID_HEAD_OFFSET, HUMANOID_HEAD_RADIUS, TARGET_MODEL_SHAPES } from '../../../src/ecs/targetModels';
import { DRILL_CATALOGUE } from '../../../src/drill/catalogue';
import { MESH_URLS, IMAGE_URLS, SKYBOX_URL_BASE, WEAPON_MESH_URLS } from '../../../src/game/assetUrls';

const ROOT = path.resolve(__dirname, '../../../assets');
const fileOf = (url: string): string => path.join(ROOT, url.replace(/^\/assets\//, ''));

function listFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(p, base) : [path.relative(base, p).split(path.sep).join('/')];
  });
}

// ---- Ogg ------------------------------------------------------------------------------
const OGG_CRC = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    t[i] = r >>> 0;
  }
  return t;
})();
function oggCrc(b: Buffer): number {
  let c = 0;
  for (let i = 0; i < b.length; i++) c = ((c << 8) ^ OGG_CRC[((c >>> 24) ^ b[i]) & 255]) >>> 0;
  return c >>> 0;
}

/** Walks every Ogg page (checking capture pattern and CRC) and returns the Vorbis
 * identification header's fields and the last granule position. */
function parseOgg(buf: Buffer): { channels: number; rate: number; granule: number; pages: number } {
  let off = 0, pages = 0, granule = 0;
  let ident: Buffer | null = null;
  while (off < buf.length) {
    expect(buf.subarray(off, off + 4).toString('latin1')).toBe('OggS');
    expect(buf[off + 4]).toBe(0); // version
    const nseg = buf[off + 26];
    const lacing = buf.subarray(off + 27, off + 27 + nseg);
    const bodyLen = lacing.reduce((a, b) => a + b, 0);
    const len = 27 + nseg + bodyLen;
    const page = Buffer.from(buf.subarray(off, off + len));
    const crc = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    expect(oggCrc(page)).toBe(crc);
    if (pages === 0) {
      expect(buf[off + 5] & 2).toBe(2); // beginning of stream
      ident = buf.subarray(off + 27 + nseg, off + 27 + nseg + lacing[0]);
    }
    const g = Number(buf.readBigInt64LE(off + 6));
    if (g > 0) granule = g;
    off += len;
    pages++;
  }
  expect(off).toBe(buf.length);
  if (!ident) throw new Error('no pages');
  expect(ident[0]).toBe(1);
  expect(ident.subarray(1, 7).toString('latin1')).toBe('vorbis');
  return { channels: ident[11], rate: ident.readUInt32LE(12), granule, pages };
}

describe('sounds', () => {
  const urls = allSoundUrls();

  test('the catalogue names every sound of spec section 7 and the six hit sounds', () => {
    expect(Object.keys(SOUNDS).sort()).toEqual(
      ['blocked', 'countdown', 'crit', 'death', 'despawn', 'gun', 'hover', 'menu_close', 'menu_open', 'reload1', 'reload2', 'reward', 'spawn', 'steps', 'switch'],
    );
    for (const h of ['default', 'clap', 'pong', 'pop', 'tap', 'thud']) expect(urls).toContain(`/assets/sounds/hitsound/${h}.ogg`);
  });

  test.each(allSoundUrls())('%s is a valid mono 44.1 kHz Ogg Vorbis file under 40 KiB', (url) => {
    const buf = fs.readFileSync(fileOf(url));
    expect(buf.length).toBeLessThan(40 * 1024);
    const ogg = parseOgg(buf);
    expect(ogg.channels).toBe(1);
    expect(ogg.rate).toBe(44100);
    const seconds = ogg.granule / ogg.rate;
    expect(seconds).toBeGreaterThan(0.04);
    expect(seconds).toBeLessThan(5);
  });

  test('the loops are whole beats: steps 1 s, countdown music 4 s (sample exact)', () => {
    expect(parseOgg(fs.readFileSync(fileOf(SOUNDS.steps.url))).granule).toBe(44100);
    expect(parseOgg(fs.readFileSync(fileOf(SOUNDS.countdown.url))).granule).toBe(4 * 44100);
    expect(SOUNDS.steps.loop && SOUNDS.countdown.loop).toBe(true);
  });
});

// ---- glb ------------------------------------------------------------------------------
interface GltfJson {
  asset: { version: string };
  nodes: Array<{ name: string; mesh?: number }>;
  meshes: Array<{ primitives: Array<{ attributes: Record<string, number>; indices?: number }> }>;
  accessors: Array<{ bufferView: number; byteOffset?: number; componentType: number; count: number; type: string; min?: number[]; max?: number[] }>;
  bufferViews: Array<{ buffer: number; byteOffset?: number; byteLength: number; byteStride?: number }>;
  buffers: Array<{ byteLength: number }>;
}

/** Parses a glb: magic, version, length, the JSON chunk and the BIN chunk. */
function parseGlb(buf: Buffer): { json: GltfJson; bin: Buffer } {
  expect(buf.subarray(0, 4).toString('latin1')).toBe('glTF');
  expect(buf.readUInt32LE(4)).toBe(2);
  expect(buf.readUInt32LE(8)).toBe(buf.length);
  const jsonLen = buf.readUInt32LE(12);
  expect(buf.readUInt32LE(16)).toBe(0x4e4f534a); // 'JSON'
  const json = JSON.parse(buf.subarray(20, 20 + jsonLen).toString('utf8')) as GltfJson;
  const binOff = 20 + jsonLen;
  const binLen = buf.readUInt32LE(binOff);
  expect(buf.readUInt32LE(binOff + 4)).toBe(0x004e4942); // 'BIN\0'
  const bin = buf.subarray(binOff + 8, binOff + 8 + binLen);
  expect(bin.length).toBe(binLen);
  expect(json.buffers[0].byteLength).toBeLessThanOrEqual(binLen);
  return { json, bin };
}

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };

/** The numbers of accessor `i` (float32, uint16 or uint32 components), range-checked. */
function readAccessor(g: { json: GltfJson; bin: Buffer }, i: number): number[] {
  const a = g.json.accessors[i];
  const v = g.json.bufferViews[a.bufferView];
  const comps = COMPONENTS[a.type];
  const size = a.componentType === 5126 || a.componentType === 5125 ? 4 : a.componentType === 5123 ? 2 : 0;
  expect(size).toBeGreaterThan(0);
  const stride = v.byteStride ?? comps * size; // interleaved views have a byteStride
  const start = (v.byteOffset ?? 0) + (a.byteOffset ?? 0);
  expect(start + (a.count - 1) * stride + comps * size).toBeLessThanOrEqual((v.byteOffset ?? 0) + v.byteLength);
  const out: number[] = [];
  for (let e = 0; e < a.count; e++) {
    for (let k = 0; k < comps; k++) {
      const o = start + e * stride + k * size;
      out.push(a.componentType === 5126 ? g.bin.readFloatLE(o) : a.componentType === 5125 ? g.bin.readUInt32LE(o) : g.bin.readUInt16LE(o));
    }
  }
  if (a.min && a.max) {
    for (let k = 0; k < comps; k++) {
      const col = out.filter((_, i) => i % comps === k);
      expect(Math.min(...col)).toBeCloseTo(a.min[k], 5);
      expect(Math.max(...col)).toBeCloseTo(a.max[k], 5);
    }
  }
  return out;
}

/** Per named node: bounds of its POSITIONs and the largest distance from the origin; checks
 * normals are unit length and indices are in range. */
async function nodeBounds(file: string): Promise<Map<string, { min: number[]; max: number[]; maxR: number }>> {
  const g = parseGlb(fs.readFileSync(file));
  const out = new Map<string, { min: number[]; max: number[]; maxR: number }>();
  for (const node of g.json.nodes) {
    if (node.mesh === undefined) continue;
    const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
    let maxR = 0;
    for (const prim of g.json.meshes[node.mesh].primitives) {
      const pos = readAccessor(g, prim.attributes.POSITION);
      const nrm = readAccessor(g, prim.attributes.NORMAL);
      expect(nrm.length).toBe(pos.length);
      for (let i = 0; i < pos.length; i += 3) {
        for (let k = 0; k < 3; k++) { min[k] = Math.min(min[k], pos[i + k]); max[k] = Math.max(max[k], pos[i + k]); }
        maxR = Math.max(maxR, Math.hypot(pos[i], pos[i + 1], pos[i + 2]));
        expect(Math.hypot(nrm[i], nrm[i + 1], nrm[i + 2])).toBeCloseTo(1, 4);
      }
      const idx = readAccessor(g, prim.indices!);
      expect(idx.length % 3).toBe(0);
      expect(Math.max(...idx)).toBeLessThan(pos.length / 3);
    }
    out.set(node.name, { min, max, maxR });
  }
  return out;
}

describe('meshes', () => {
  test('every target_model the drill catalogue uses (and every accepted model) has a glb, and the weapon', () => {
    const used = new Set(DRILL_CATALOGUE.map((d) => (d as { target_model?: string }).target_model ?? 'sphere'));
    for (const m of [...used, ...TARGET_MODELS]) expect(fs.existsSync(fileOf(MESH_URLS[m as keyof typeof MESH_URLS]))).toBe(true);
    for (const url of Object.values(WEAPON_MESH_URLS)) expect(fs.existsSync(fileOf(url))).toBe(true);
  });

  test.each([...Object.values(MESH_URLS), ...Object.values(WEAPON_MESH_URLS)])('%s: glb magic, JSON chunk, BIN chunk and a full glTF 2.0 parse', async (url) => {
    const buf = fs.readFileSync(fileOf(url));
    const { json } = parseGlb(buf);
    expect(json.asset.version).toBe('2.0');
    expect(json.nodes.length).toBeGreaterThan(0);
    expect((await nodeBounds(fileOf(url))).size).toBe(json.nodes.filter((n) => n.mesh !== undefined).length);
    expect(buf.length).toBeLessThan(64 * 1024); // low-poly
  });

  test('sphere.glb is the unit sphere (radius 1 = the target radius)', async () => {
    const b = (await nodeBounds(fileOf(MESH_URLS.sphere))).get('body')!;
    expect(b.maxR).toBeCloseTo(1, 5);
    expect(b.min[1]).toBeCloseTo(-1, 5);
    expect(b.max[1]).toBeCloseTo(1, 5);
  });

  test("humanoid.glb's head node is exactly the engine's head crit sphere, and the body stays inside the hit sphere", async () => {
    const nodes = await nodeBounds(fileOf(MESH_URLS.humanoid));
    expect([...nodes.keys()].sort()).toEqual(['body', 'head']);
    const head = nodes.get('head')!;
    expect(head.max[1]).toBeCloseTo(HUMANOID_HEAD_OFFSET + HUMANOID_HEAD_RADIUS, 5);
    expect(head.min[1]).toBeCloseTo(HUMANOID_HEAD_OFFSET - HUMANOID_HEAD_RADIUS, 5);
    expect((head.max[1] + head.min[1]) / 2).toBeCloseTo(TARGET_MODEL_SHAPES.humanoid.head.y, 5);
    // the widest ring of a 16-segment sphere is exact at the x axis
    expect(head.max[0]).toBeCloseTo(HUMANOID_HEAD_RADIUS, 5);
    expect(head.maxR).toBeLessThanOrEqual(1 + 1e-6);
    const body = nodes.get('body')!;
    expect(body.maxR).toBeLessThanOrEqual(1 + 1e-6);
    expect(body.max[1]).toBeLessThan(HUMANOID_HEAD_OFFSET); // the body is below the head's centre
  });
});

// ---- PNG ------------------------------------------------------------------------------
function decodePng(buf: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  let off = 8;
  let width = 0, height = 0;
  const idat: Buffer[] = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.subarray(off + 4, off + 8).toString('latin1');
    const data = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      expect(data[9]).toBe(6);
    } else if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  const pixels = zlib.inflateSync(Buffer.concat(idat));
  expect(pixels.length).toBe(height * (width * 4 + 1));
  return { width, height, pixels };
}

describe('images', () => {
  const urls = [...Object.values(IMAGE_URLS), ...['px', 'nx', 'py', 'ny', 'pz', 'nz'].map((f) => `${SKYBOX_URL_BASE}_${f}.png`)];
  test.each(urls)('%s is a decodable RGBA PNG', (url) => {
    const { width, height } = decodePng(fs.readFileSync(fileOf(url)));
    expect(width).toBeGreaterThan(0);
    expect(height).toBeGreaterThan(0);
  });

  test('the colour ramps have 4 (kills) and 7 (criticals) colour bands', () => {
    const bands = (url: string) => {
      const { width, pixels } = decodePng(fs.readFileSync(fileOf(url)));
      const row = pixels.subarray(1, 1 + width * 4);
      const colours = new Set<string>();
      for (let x = 0; x < width; x++) colours.add(row.subarray(x * 4, x * 4 + 4).toString('hex'));
      return colours.size;
    };
    expect(bands(IMAGE_URLS.rampKill)).toBe(4);
    expect(bands(IMAGE_URLS.rampCrit)).toBe(7);
  });
});

describe('assets/README.md', () => {
  test('lists every file under assets/ with a source and a licence, and lists no missing file', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const files = listFiles(ROOT).filter((f) => f !== 'README.md');
    expect(files.length).toBeGreaterThan(30);
    for (const f of files) {
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${f}\` |`));
      expect(row).toBeDefined();
      expect(row).toMatch(/generated by `scripts\/generate-assets\/\w+\.ts`/);
      expect(row).toMatch(/CC0/);
    }
    const listed = [...readme.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(files.sort());
  });
});
