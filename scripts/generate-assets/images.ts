/**
 * Draws the game's images as PNGs (own tiny RGBA writer over node:zlib, no dependency):
 * particle.png (soft round particle), hex_particle.png, ramp_kill.png (4 colours) and
 * ramp_crit.png (7 colours) from the engine's particle ramps (src/ecs/despawnAnimation.ts),
 * status_bar.png (rounded bar shape), bullet_hole.png (decal) and the sky box faces
 * skybox/skybox_{px,nx,py,ny,pz,nz}.png (Babylon CubeTexture's default extension names).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { CRIT_PARTICLE_RAMP, KILL_PARTICLE_RAMP } from '../../src/ecs/despawnAnimation';

/** An RGBA image, 8 bits per channel, rows top to bottom. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), Buffer.from(data)]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** PNG bytes (colour type 6, 8 bit, filter 0 on every row, zlib level 9) of `img`. */
export function encodePng(img: Rgba): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const stride = img.width * 4;
  const raw = Buffer.alloc((stride + 1) * img.height);
  for (let y = 0; y < img.height; y++) {
    raw[y * (stride + 1)] = 0;
    raw.set(img.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** An image whose pixel (x, y) is `f(u, v)` with u, v the pixel centre in 0..1; `f` returns
 * [r, g, b, a] in 0..1. */
function draw(width: number, height: number, f: (u: number, v: number) => [number, number, number, number]): Rgba {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const px = f((x + 0.5) / width, (y + 0.5) / height);
      const o = (y * width + x) * 4;
      for (let k = 0; k < 4; k++) data[o + k] = Math.round(Math.max(0, Math.min(1, px[k])) * 255);
    }
  }
  return { width, height, data };
}

const smooth = (e0: number, e1: number, x: number): number => {
  const t = Math.max(0, Math.min(1, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/** Soft round particle: white, alpha a smooth falloff with a bright core. */
export const particle = (): Rgba => draw(64, 64, (u, v) => {
  const d = Math.hypot(u - 0.5, v - 0.5) * 2;
  const a = (1 - smooth(0, 1, d)) ** 1.5 + 0.6 * (1 - smooth(0, 0.25, d));
  return [1, 1, 1, Math.min(1, a)];
});

/** Hexagon particle: white flat-topped hexagon with a soft rim glow. */
export const hexParticle = (): Rgba => draw(64, 64, (u, v) => {
  const x = Math.abs(u - 0.5) * 2, y = Math.abs(v - 0.5) * 2;
  // flat-topped regular hexagon, circumradius 1: max of the top/bottom edge and the slanted
  // edges' distances (h = 1 on the outline at the apothem 0.866)
  const h = Math.max(y / 0.866, x + y * 0.577);
  const inside = 1 - smooth(0.82, 0.9, h);
  const rim = smooth(0.6, 0.85, h) * inside;
  return [1, 1, 1, 0.35 * inside + 0.65 * rim];
});

/** A colour ramp strip: one 16-pixel band per colour, 4 rows (linear 0..1 colours). */
function ramp(colours: ReadonlyArray<readonly number[]>): Rgba {
  const w = colours.length * 16;
  return draw(w, 4, (u) => {
    const c = colours[Math.min(colours.length - 1, Math.floor(u * colours.length))];
    return [c[0], c[1], c[2], 1];
  });
}

/** The 4-colour kill ramp. */
export const rampKill = (): Rgba => ramp(KILL_PARTICLE_RAMP);
/** The 7-colour critical ramp. */
export const rampCrit = (): Rgba => ramp(CRIT_PARTICLE_RAMP);

/** Status bar shape: a white rounded bar (capsule ends) with a 1 px darker rim, 128 × 16. */
export const statusBar = (): Rgba => draw(128, 16, (u, v) => {
  const x = u * 128, y = v * 16;
  const r = 7.5;
  const cx = Math.max(r + 0.5, Math.min(127.5 - r, x));
  const d = Math.hypot(x - cx, y - 8) - r; // < 0 inside
  const a = 1 - smooth(-0.5, 0.5, d);
  const rim = smooth(-2, -0.5, d);
  const g = 1 - 0.35 * rim;
  return [g, g, g, a];
});

/** Bullet-hole decal: dark core, a scorched ring, a few radial cracks; transparent outside. */
export const bulletHole = (): Rgba => draw(64, 64, (u, v) => {
  const dx = u - 0.5, dy = v - 0.5;
  const d = Math.hypot(dx, dy) * 2;
  const ang = Math.atan2(dy, dx);
  const crack = Math.max(0, Math.cos(ang * 5 + 0.7)) ** 24 * (1 - smooth(0.3, 0.85, d));
  const core = 1 - smooth(0.16, 0.22, d);
  const scorch = (1 - smooth(0.2, 0.7, d)) * 0.6;
  const a = Math.min(1, core + scorch + crack * 0.8);
  const shade = 0.05 + 0.15 * (1 - core);
  return [shade, shade * 0.95, shade * 0.9, a];
});

/** Sky box face `face` (px, nx, py, ny, pz, nz): a vertical gradient from a light horizon to
 * a deep blue zenith (the sides), the zenith colour (py), a dark ground (ny); 128 × 128. */
export function skyFace(face: 'px' | 'nx' | 'py' | 'ny' | 'pz' | 'nz'): Rgba {
  const zenith = [0.12, 0.22, 0.42], horizon = [0.62, 0.72, 0.82], ground = [0.16, 0.17, 0.19];
  return draw(128, 128, (u, v) => {
    let c: number[];
    if (face === 'py') {
      const d = Math.max(Math.abs(u - 0.5), Math.abs(v - 0.5)) * 2; // 1 at the edges (horizon side)
      c = zenith.map((z, k) => z + (horizon[k] - z) * 0.35 * d * d);
    } else if (face === 'ny') {
      c = ground;
    } else {
      const t = v < 0.5 ? 1 - v * 2 : 0; // 1 at the top edge, 0 at the horizon
      const below = v >= 0.5 ? (v - 0.5) * 2 : 0;
      c = horizon.map((h, k) => h + (zenith[k] - h) * Math.pow(t, 0.8) + (ground[k] - h) * Math.min(1, below * 3));
    }
    return [c[0], c[1], c[2], 1];
  });
}

/** Room textures for `texture.custom_textures_type` = Image (GET /api/v1/assets/textures/{name}):
 * tileable 128 × 128 greys (the view tints them with the wall colour). */
export function roomTexture(name: 'grid' | 'concrete' | 'tiles'): Rgba {
  const r = (x: number, y: number): number => {
    // value noise hash, tileable on 128
    let h = ((x & 127) * 374761393 + (y & 127) * 668265263) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  };
  return draw(128, 128, (u, v) => {
    const x = Math.floor(u * 128), y = Math.floor(v * 128);
    let g: number;
    if (name === 'grid') {
      const line = x % 32 === 0 || y % 32 === 0 ? 1 : x % 8 === 0 || y % 8 === 0 ? 0.5 : 0;
      g = 0.78 + 0.22 * line;
    } else if (name === 'concrete') {
      const coarse = (r(x >> 3, y >> 3) + r((x >> 3) + 1, y >> 3) + r(x >> 3, (y >> 3) + 1)) / 3;
      g = 0.72 + 0.12 * coarse + 0.1 * r(x, y);
    } else {
      const gx = x % 32, gy = y % 32;
      const grout = gx < 2 || gy < 2;
      g = grout ? 0.6 : 0.9 + 0.06 * r(x >> 5, y >> 5) + 0.03 * r(x, y);
    }
    return [g, g, g, 1];
  });
}

/** Names of the room textures (assets/images/textures/{name}.png). */
export const ROOM_TEXTURES = ['grid', 'concrete', 'tiles'] as const;

/** Writes every image into `outDir` (assets/images). Returns the written paths relative to it. */
export function generateImages(outDir: string): string[] {
  const files: Record<string, Rgba> = {
    'particle.png': particle(),
    'hex_particle.png': hexParticle(),
    'ramp_kill.png': rampKill(),
    'ramp_crit.png': rampCrit(),
    'status_bar.png': statusBar(),
    'bullet_hole.png': bulletHole(),
  };
  for (const f of ['px', 'nx', 'py', 'ny', 'pz', 'nz'] as const) files[`skybox/skybox_${f}.png`] = skyFace(f);
  for (const t of ROOM_TEXTURES) files[`textures/${t}.png`] = roomTexture(t);
  const out: string[] = [];
  for (const [rel, img] of Object.entries(files)) {
    const file = path.join(outDir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const bytes = encodePng(img);
    fs.writeFileSync(file, bytes);
    out.push(rel);
    process.stdout.write(`  images/${rel}: ${img.width}x${img.height}, ${bytes.length} bytes\n`);
  }
  return out;
}
