/**
 * The game's assets over HTTP (spec section 7, issue 10):
 * - GET /assets/{path}: files of the top-level `assets/` folder (sounds, meshes, images), else
 *   of the built client's `dist/assets/` (Vite's hashed bundles). Content type by extension
 *   (audio/ogg, model/gltf-binary, image/png, ...), a strong ETag (SHA-1 of the bytes) with
 *   If-None-Match → 304, and Cache-Control: `no-cache` for assets/ (stable names, revalidated
 *   by ETag on every use), `public, max-age=31536000, immutable` for the hashed bundles.
 *   Text files (compression.ts isCompressible, at least COMPRESS_MIN_BYTES) are answered
 *   `content-encoding: br` or `gzip` by the request's Accept-Encoding (br first), from the
 *   build's precompressed `.br` / `.gz` siblings, with `vary: Accept-Encoding` and an ETag per
 *   coding (`"<sha1>-br"`); identity when neither is accepted (issue 18 item 1).
 *   A path with '..' or '.' segments, a backslash or a NUL (also percent-encoded, e.g.
 *   `..%2f`), or one that resolves (symlinks included) outside both folders is refused with
 *   403 `{ error }`; a missing file is 404 `{ error }`.
 * - GET /api/v1/assets/sounds -> { data: [{ sound_type, url }] }: the player's custom sounds.
 * - POST /api/v1/assets/sounds { sound_type, url } -> { success: true, data }: registers (or
 *   replaces) the player's sound of that type. The url must be a same-origin `/assets/…` file
 *   that exists, or an https URL; either way its path must end in an audio extension
 *   (contracts/assets.ts customSoundUrlError); a same-origin file must be at most
 *   CUSTOM_SOUND_MAX_BYTES. 400 `{ error }` otherwise.
 * - DELETE /api/v1/assets/sounds/{sound_type} -> { success: true, data }.
 * - GET /api/v1/assets/textures/{name} -> { success: true, error: null, name, url, width, height }
 *   for a room texture `assets/images/textures/{name}.png`; 404 { success: false, error, name }
 *   for an unknown one; 400 { success: false, error, name } for a malformed name.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CUSTOM_SOUND_MAX_BYTES, CUSTOM_SOUND_TYPES, customSoundBodySchema, customSoundUrlError, TEXTURE_NAME,
  type CustomSoundRecord, type TextureResponse,
} from '../contracts/assets';
import { nowIso, type DB } from './db';
import { peekSessionUser, sessionUser } from './session';
import { COMPRESS_MIN_BYTES, compressedVariant, isCompressible, pickEncoding } from './compression';

/** Media types by file extension (lower case, with the dot). */
export const ASSET_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.ogg': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Options of registerAssetRoutes. */
export interface AssetRoutesOptions {
  db: Kysely<DB>;
  /** the built client (its `assets/` subfolder holds Vite's bundles) */
  distDir: string;
  /** the game's asset folder (default: `assets` under process.cwd()) */
  assetsDir?: string;
}

/** Whether a decoded request path (relative, '/'-separated) is acceptable at all: no empty,
 * '.' or '..' segment, no backslash, no NUL or other control character, not absolute. */
export function isSafeAssetPath(rel: string): boolean {
  if (rel.length === 0 || rel.length > 512) return false;
  if (/[\\\u0000-\u001f]/.test(rel)) return false;
  if (rel.startsWith('/')) return false;
  return rel.split('/').every((seg) => seg.length > 0 && seg !== '.' && seg !== '..');
}

interface CachedTag { size: number; mtimeMs: number; etag: string }

/** Registers /assets/* and the asset API (see the file comment). */
export function registerAssetRoutes(app: FastifyInstance, opts: AssetRoutesOptions): void {
  const { db } = opts;
  const assetsDir = path.resolve(process.cwd(), opts.assetsDir ?? 'assets');
  const bundleDir = path.resolve(opts.distDir, 'assets');
  const roots: Array<{ dir: string; cache: string }> = [
    { dir: assetsDir, cache: 'no-cache' },
    { dir: bundleDir, cache: 'public, max-age=31536000, immutable' },
  ];
  const etags = new Map<string, CachedTag>();

  /** The real path of `rel` under `root` when it is a file inside it (symlinks resolved), else null. */
  const resolveIn = (root: string, rel: string): { file: string; stat: fs.Stats } | null => {
    let realRoot: string;
    try {
      realRoot = fs.realpathSync(root);
    } catch {
      return null;
    }
    const full = path.resolve(realRoot, rel);
    if (!full.startsWith(realRoot + path.sep)) return null;
    try {
      const real = fs.realpathSync(full);
      if (!real.startsWith(realRoot + path.sep)) return null;
      const stat = fs.statSync(real);
      return stat.isFile() ? { file: real, stat } : null;
    } catch {
      return null;
    }
  };

  const etagOf = (file: string, stat: fs.Stats): string => {
    const c = etags.get(file);
    if (c && c.size === stat.size && c.mtimeMs === stat.mtimeMs) return c.etag;
    const etag = `"${crypto.createHash('sha1').update(fs.readFileSync(file)).digest('base64url')}"`;
    etags.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, etag });
    return etag;
  };

  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) => {
    const raw = request.params['*'] ?? '';
    let rel: string;
    try {
      rel = decodeURIComponent(raw); // a second decode: `..%252f` must not slip through either
    } catch {
      return reply.code(400).send({ error: 'Malformed asset path' });
    }
    if (!isSafeAssetPath(raw) || !isSafeAssetPath(rel)) {
      return reply.code(403).send({ error: 'Forbidden: the path is outside assets/' });
    }
    for (const root of roots) {
      const hit = resolveIn(root.dir, raw);
      if (!hit) continue;
      const etag = etagOf(hit.file, hit.stat);
      const type = ASSET_CONTENT_TYPES[path.extname(hit.file).toLowerCase()] ?? 'application/octet-stream';
      const ext = path.extname(hit.file).toLowerCase();
      const compressible = isCompressible(ext) && hit.stat.size >= COMPRESS_MIN_BYTES;
      const encoding = compressible ? pickEncoding(request.headers['accept-encoding']) : null;
      // each coding is its own representation: its own strong ETag
      const tag = encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
      reply.header('etag', tag).header('cache-control', root.cache).header('last-modified', hit.stat.mtime.toUTCString());
      reply.header('x-content-type-options', 'nosniff');
      if (compressible) reply.header('vary', 'Accept-Encoding');
      const inm = request.headers['if-none-match'];
      if (typeof inm === 'string' && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === tag)) {
        return reply.code(304).send();
      }
      reply.type(type);
      if (encoding) {
        const bytes = compressedVariant(hit.file, hit.stat, encoding);
        return reply.header('content-encoding', encoding).header('content-length', bytes.length).send(bytes);
      }
      reply.header('content-length', hit.stat.size);
      return reply.send(fs.createReadStream(hit.file));
    }
    return reply.code(404).send({ error: `Not found: GET /assets/${raw}` });
  });

  const listSounds = async (userId: number): Promise<CustomSoundRecord[]> => {
    const rows = await db
      .selectFrom('custom_sounds')
      .select(['sound_type', 'url'])
      .where('user_id', '=', userId)
      .orderBy('sound_type')
      .execute();
    return rows.map((r) => ({ sound_type: r.sound_type, url: r.url }));
  };

  // GET /api/v1/assets/sounds -> { data: [{ sound_type, url }] } (a read: creates no guest;
  // without a session the list is empty, issue 38)
  app.get('/api/v1/assets/sounds', async (request) => {
    const user = await peekSessionUser(db, request);
    return { data: user ? await listSounds(user.id) : [] };
  });

  // POST /api/v1/assets/sounds { sound_type, url } -> { success: true, data }
  app.post<{ Body: CustomSoundRecord }>(
    '/api/v1/assets/sounds',
    { schema: { body: customSoundBodySchema } },
    async (request, reply) => {
      const { sound_type, url } = request.body;
      const bad = customSoundUrlError(url);
      if (bad) return reply.code(400).send({ error: bad });
      if (url.startsWith('/')) {
        const p = url.split(/[?#]/)[0];
        if (!p.startsWith('/assets/')) return reply.code(400).send({ error: 'a same-origin sound must be a file under /assets/' });
        let rel: string;
        try {
          rel = decodeURIComponent(p.slice('/assets/'.length));
        } catch {
          return reply.code(400).send({ error: 'url is not valid percent-encoding' });
        }
        const hit = isSafeAssetPath(rel) ? resolveIn(assetsDir, rel) : null;
        if (!hit) return reply.code(400).send({ error: `no such sound file: ${p}` });
        if (hit.stat.size > CUSTOM_SOUND_MAX_BYTES) {
          return reply.code(400).send({ error: `the sound file is larger than ${CUSTOM_SOUND_MAX_BYTES} bytes` });
        }
      }
      const user = await sessionUser(db, request, reply);
      await db
        .insertInto('custom_sounds')
        .values({ user_id: user.id, sound_type, url, updated_at: nowIso() })
        .onConflict((oc) => oc.columns(['user_id', 'sound_type']).doUpdateSet({ url, updated_at: nowIso() }))
        .execute();
      return { success: true, data: await listSounds(user.id) };
    },
  );

  // DELETE /api/v1/assets/sounds/:sound_type -> { success: true, data }
  app.delete<{ Params: { sound_type: string } }>('/api/v1/assets/sounds/:sound_type', async (request, reply) => {
    const { sound_type } = request.params;
    if (!(CUSTOM_SOUND_TYPES as readonly string[]).includes(sound_type)) {
      return reply.code(400).send({ error: `unknown sound type (accepted: ${CUSTOM_SOUND_TYPES.join(', ')})` });
    }
    const user = await sessionUser(db, request, reply);
    await db.deleteFrom('custom_sounds').where('user_id', '=', user.id).where('sound_type', '=', sound_type).execute();
    return { success: true, data: await listSounds(user.id) };
  });

  // GET /api/v1/assets/textures/:name -> TextureResponse
  app.get<{ Params: { name: string } }>('/api/v1/assets/textures/:name', async (request, reply: FastifyReply) => {
    const { name } = request.params;
    if (!TEXTURE_NAME.test(name)) {
      const body: TextureResponse = { success: false, error: 'Invalid texture name (a-z, 0-9, - and _, 1-64 characters)', name };
      return reply.code(400).send(body);
    }
    const hit = resolveIn(path.join(assetsDir, 'images', 'textures'), `${name}.png`);
    if (!hit) {
      const body: TextureResponse = { success: false, error: `Texture not found: ${name}`, name };
      return reply.code(404).send(body);
    }
    const size = pngSize(hit.file);
    const body: TextureResponse = {
      success: true, error: null, name, url: `/assets/images/textures/${name}.png`, width: size.width, height: size.height,
    };
    return body;
  });
}

/** Width and height of a PNG file from its IHDR chunk (bytes 16-23). Throws if not a PNG. */
export function pngSize(file: string): { width: number; height: number } {
  const fd = fs.openSync(file, 'r');
  try {
    const b = Buffer.alloc(24);
    fs.readSync(fd, b, 0, 24, 0);
    if (b.readUInt32BE(0) !== 0x89504e47) throw new Error(`${file} is not a PNG`);
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  } finally {
    fs.closeSync(fd);
  }
}
