/**
 * Content negotiation for compressed text assets (issue 18 item 1).
 *
 * - `pickEncoding(acceptEncoding)`: 'br' when the request accepts brotli, else 'gzip' when it
 *   accepts gzip, else null (identity). `q=0` refuses an encoding (RFC 9110 section 12.5.3);
 *   `*` accepts both.
 * - `isCompressible(ext)`: the text types worth compressing (scripts, styles, JSON, source maps,
 *   SVG, glTF JSON, markdown, plain text, HTML, WebAssembly).
 * - `compressedVariant(file, stat, encoding)`: the bytes of `file` in that encoding, from the
 *   build's precompressed sibling (`file.br` / `file.gz`, written by the Vite plugin
 *   `precompressPlugin` in vite.config.ts) when it is at least as new as the file, else
 *   compressed once in memory (brotli quality 5, gzip level 6) and cached by path, size and
 *   mtime (at most COMPRESSED_CACHE_MAX_BYTES held; the oldest entries are dropped first).
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

/** A content coding this server answers with. */
export type ContentEncoding = 'br' | 'gzip';

/** File extensions (lower case, with the dot) of text assets served compressed. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js', '.mjs', '.css', '.json', '.map', '.svg', '.gltf', '.md', '.txt', '.html', '.wasm',
]);

/** Files smaller than this (bytes) are sent as they are: the coding would save too little. */
export const COMPRESS_MIN_BYTES = 512;

/** The most bytes of compressed variants cached in memory (compressed on the fly). */
export const COMPRESSED_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** Whether files with this extension (lower case, with the dot) are served compressed. */
export function isCompressible(ext: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(ext);
}

/**
 * The coding to answer with for an `Accept-Encoding` header value: 'br' before 'gzip' (smaller
 * for the same text), null for identity. Tokens are case-insensitive; a `q` of 0 refuses one.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Compresses bytes in memory (brotli quality 5 with the text hint, gzip level 6). */
export function compressBytes(bytes: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'br') {
    return zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  return zlib.gzipSync(bytes, { level: 6 });
}

interface CacheEntry { size: number; mtimeMs: number; bytes: Buffer }
const cache = new Map<string, CacheEntry>();
let cachedBytes = 0;

/**
 * The bytes of `file` (whose stat is `stat`) in `encoding`: the precompressed sibling written
 * at build when it is not older than the file, else compressed here and cached (see the file
 * comment). Throws what fs throws when the file cannot be read.
 */
export function compressedVariant(file: string, stat: fs.Stats, encoding: ContentEncoding): Buffer {
  const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  try {
    const s = fs.statSync(sibling);
    if (s.isFile() && s.mtimeMs >= stat.mtimeMs) return fs.readFileSync(sibling);
  } catch {
    /* no precompressed sibling */
  }
  const key = `${encoding}:${file}`;
  const hit = cache.get(key);
  if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs) return hit.bytes;
  const bytes = compressBytes(fs.readFileSync(file), encoding);
  if (hit) {
    cache.delete(key);
    cachedBytes -= hit.bytes.length;
  }
  cache.set(key, { size: stat.size, mtimeMs: stat.mtimeMs, bytes });
  cachedBytes += bytes.length;
  for (const [k, v] of cache) {
    if (cachedBytes <= COMPRESSED_CACHE_MAX_BYTES) break;
    cache.delete(k);
    cachedBytes -= v.bytes.length;
  }
  return bytes;
}
