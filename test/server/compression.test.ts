/**
 * Compressed, cached bundles (issue 18 item 1) through app.inject() on a fake build: a hashed
 * bundle under dist/assets (with and without the build's precompressed siblings), a manifest
 * naming a game chunk, and index.html.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pickEncoding } from '../../src/server/compression';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let dist: string;
/** a text bundle (about 20 KB of script) */
const bundleText = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2; // a line of script\n`).join('');

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'aim-compress-'));
  dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), bundleText);
  // a bundle with the build's precompressed siblings (vite.config.ts precompressPlugin)
  fs.writeFileSync(path.join(dist, 'assets', 'game-EfGh5678.js'), bundleText.replace(/value/g, 'game'));
  fs.writeFileSync(path.join(dist, 'assets', 'game-EfGh5678.js.br'), zlib.brotliCompressSync(bundleText.replace(/value/g, 'game')));
  fs.writeFileSync(path.join(dist, 'assets', 'game-EfGh5678.js.gz'), zlib.gzipSync(bundleText.replace(/value/g, 'game')));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="aim-host-origins" content="" /><title>t</title></head><body><div id="root"></div>' +
      '<script type="module" src="/assets/index-AbCd1234.js"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-AbCd1234.js', isEntry: true, dynamicImports: ['src/game/boot.ts'] },
      'src/game/boot.ts': { file: 'assets/game-EfGh5678.js', isDynamicEntry: true },
    }),
  );
  server = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('pickEncoding', () => {
  test.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
  ])('%j -> %s', (header, want) => {
    expect(pickEncoding(header)).toBe(want);
  });
  test('no header -> identity', () => {
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('hashed bundles', () => {
  test.each(['index-AbCd1234.js', 'game-EfGh5678.js'])('%s: br for "br, gzip", gzip for gzip, identity otherwise; immutable for a year', async (name) => {
    const original = fs.readFileSync(path.join(dist, 'assets', name));
    const br = await get(`/assets/${name}`, { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(original.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await get(`/assets/${name}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Array<Record<string, string>>) {
      const plain = await get(`/assets/${name}`, headers);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.rawPayload.equals(original)).toBe(true);
    }
    // one ETag per coding; each revalidates only its own
    expect(new Set([br.headers.etag, gz.headers.etag]).size).toBe(2);
    const again = await get(`/assets/${name}`, { 'accept-encoding': 'br, gzip', 'if-none-match': br.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const other = await get(`/assets/${name}`, { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag as string });
    expect(other.statusCode).toBe(200);
  });

  test('the precompressed sibling is what is sent when present', async () => {
    const res = await get('/assets/game-EfGh5678.js', { 'accept-encoding': 'br' });
    expect(res.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets', 'game-EfGh5678.js.br')))).toBe(true);
  });
});

describe('index.html', () => {
  test('revalidated (no-cache + ETag, 304 on If-None-Match), compressed, with the game chunk preloaded on the game page only', async () => {
    const br = await get('/?id=134', { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/game-EfGh5678.js" />');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    const etag = br.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/);
    expect((await get('/?id=134', { 'accept-encoding': 'br, gzip', 'if-none-match': etag })).statusCode).toBe(304);

    const plain = await get('/?id=134');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(html);

    const drills = await get('/drills');
    expect(drills.statusCode).toBe(200);
    expect(drills.body).not.toContain('modulepreload');
  });
});
