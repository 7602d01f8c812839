/**
 * Minimal PNG decoder for the e2e screenshot checks (node:zlib only): 8-bit RGB or RGBA,
 * non-interlaced (what Chromium's screenshots are), plus pixel counting helpers over a region.
 * Throws on any other PNG kind.
 */
import zlib from 'node:zlib';

// Math's functions held in module constants: under Jest each test file runs in a vm context,
// where every lookup of a global (`Math`) goes through the context's interceptor, about 0.7 µs
// each on this machine (3 M `Math.abs` calls took 2 s under Jest, 65 ms in plain Node). The
// per-pixel loops below made a 1280x720 decode take 3-7 s; with these they take ~0.1 s.
const { abs, max, min } = Math;

/** Decoded RGBA pixels, row-major, 4 bytes each. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A rectangle in pixels: [x0, x1) × [y0, y1). */
export interface Region { x0: number; y0: number; x1: number; y1: number }

/** Decodes `png`. */
export function decodePng(png: Buffer): Pixels {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let off = 8;
  let width = 0, height = 0, colourType = 0;
  const idat: Buffer[] = [];
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const body = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      colourType = body[9];
      if (depth !== 8 || (colourType !== 2 && colourType !== 6) || body[12] !== 0) {
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colourType}, interlace ${body[12]})`);
      }
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    off += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const bpp = colourType === 6 ? 4 : 3;
  const stride = width * bpp;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const line = new Uint8Array(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? line[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      let v = line[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c;
        const pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[i] = v & 255;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = line[x * bpp]; out[o + 1] = line[x * bpp + 1]; out[o + 2] = line[x * bpp + 2];
      out[o + 3] = bpp === 4 ? line[x * bpp + 3] : 255;
    }
    prev = line;
  }
  return { width, height, data: out };
}

/** Number of pixels in `r` of `p` for which `pred(r, g, b)` holds. */
export function countPixels(p: Pixels, r: Region, pred: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  const y1 = min(p.height, r.y1), x1 = min(p.width, r.x1);
  for (let y = max(0, r.y0); y < y1; y++) {
    for (let x = max(0, r.x0); x < x1; x++) {
      const o = (y * p.width + x) * 4;
      if (pred(p.data[o], p.data[o + 1], p.data[o + 2])) n++;
    }
  }
  return n;
}

/** Number of pixels in `r` whose largest channel difference between `a` and `b` exceeds `tol`. */
export function countDiff(a: Pixels, b: Pixels, r: Region, tol = 24): number {
  let n = 0;
  const y1 = min(a.height, r.y1), x1 = min(a.width, r.x1);
  for (let y = max(0, r.y0); y < y1; y++) {
    for (let x = max(0, r.x0); x < x1; x++) {
      const o = (y * a.width + x) * 4;
      const d = max(abs(a.data[o] - b.data[o]), abs(a.data[o + 1] - b.data[o + 1]), abs(a.data[o + 2] - b.data[o + 2]));
      if (d > tol) n++;
    }
  }
  return n;
}

/** Rec. 601 luma of an 8-bit RGB pixel (0-255). */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}
