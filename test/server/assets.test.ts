/**
 * The server's asset serving and asset API (src/server/assetRoutes.ts) through app.inject() on
 * a real SQLite file, serving the repository's real `assets/` folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildBrowserApp as buildApp } from './helpers';
import { Client, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('GET /assets/...', () => {
  test('serves a hit sound as audio/ogg with an ETag, cache headers and the file bytes; 304 on If-None-Match', async () => {
    const c = new Client(server);
    const res = await c.get('/assets/sounds/hitsound/clap.ogg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/ogg');
    expect(res.rawPayload.equals(fs.readFileSync(path.resolve('assets/sounds/hitsound/clap.ogg')))).toBe(true);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('OggS');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers['cache-control']).toBe('no-cache'); // revalidated by ETag (issue 18)
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const again = await c.get('/assets/sounds/hitsound/clap.ogg', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await c.get('/assets/sounds/hitsound/pop.ogg', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  test.each([
    ['/assets/meshes/humanoid.glb', 'model/gltf-binary'],
    ['/assets/images/particle.png', 'image/png'],
    ['/assets/images/skybox/skybox_px.png', 'image/png'],
  ])('%s has content type %s', async (url, type) => {
    const res = await new Client(server).get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
  });

  test('HEAD answers the headers without a body', async () => {
    const res = await server.app.inject({ method: 'HEAD', url: '/assets/sounds/gun.ogg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/ogg');
    expect(res.body).toBe('');
  });

  test.each([
    '/assets/..%2fpackage.json',
    '/assets/..%2F..%2Fpackage.json',
    '/assets/sounds/..%2f..%2fpackage.json',
    '/assets/%2e%2e/package.json',
    '/assets/%2e%2e%2fpackage.json',
    '/assets/..%252fpackage.json',
    '/assets/..%5cpackage.json',
    '/assets/sounds%5c..%5c..%5cpackage.json',
    '/assets/%2fetc%2fpasswd',
    '/assets/sounds/%00.ogg',
  ])('refuses %s (403, JSON error, nothing outside assets/ leaks)', async (url) => {
    const res = await new Client(server).get(url);
    expect([400, 403, 404]).toContain(res.statusCode);
    expect(res.statusCode).not.toBe(200);
    expect(typeof res.json().error).toBe('string');
    expect(res.body).not.toContain('"dependencies"');
  });

  test('the literal ../ form never reaches a file outside either', async () => {
    for (const url of ['/assets/../package.json', '/assets/sounds/../../package.json']) {
      const res = await new Client(server).get(url);
      expect(res.body).not.toContain('"dependencies"');
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  test('a missing asset is 404 with a JSON error', async () => {
    const res = await new Client(server).get('/assets/sounds/nope.ogg');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found: GET /assets/sounds/nope.ogg' });
  });
});

describe('custom sounds: GET / POST / DELETE /api/v1/assets/sounds', () => {
  test('a player registers, lists, replaces and deletes their own sounds; another player sees none', async () => {
    const a = new Client(server);
    const b = new Client(server);
    expect((await a.get('/api/v1/assets/sounds')).json()).toEqual({ data: [] });
    const r1 = await a.post('/api/v1/assets/sounds', { sound_type: 'hitsound', url: '/assets/sounds/hitsound/pop.ogg' });
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toEqual({ success: true, data: [{ sound_type: 'hitsound', url: '/assets/sounds/hitsound/pop.ogg' }] });
    await a.post('/api/v1/assets/sounds', { sound_type: 'gun', url: 'https://sounds.example.com/shot.mp3' });
    await a.post('/api/v1/assets/sounds', { sound_type: 'hitsound', url: '/assets/sounds/hitsound/tap.ogg' });
    expect((await a.get('/api/v1/assets/sounds')).json()).toEqual({
      data: [
        { sound_type: 'gun', url: 'https://sounds.example.com/shot.mp3' },
        { sound_type: 'hitsound', url: '/assets/sounds/hitsound/tap.ogg' },
      ],
    });
    expect((await b.get('/api/v1/assets/sounds')).json()).toEqual({ data: [] });
    const del = await a.request({ method: 'DELETE', url: '/api/v1/assets/sounds/gun' });
    expect(del.json()).toEqual({ success: true, data: [{ sound_type: 'hitsound', url: '/assets/sounds/hitsound/tap.ogg' }] });
  });

  test.each([
    [{ sound_type: 'hitsound', url: 'http://insecure.example.com/a.ogg' }, /https/],
    [{ sound_type: 'hitsound', url: '//evil.example.com/a.ogg' }, /https/],
    [{ sound_type: 'hitsound', url: 'javascript:alert(1)//.ogg' }, /https/],
    [{ sound_type: 'hitsound', url: 'https://user:pw@example.com/a.ogg' }, /credentials/],
    [{ sound_type: 'hitsound', url: 'https://example.com/a.exe' }, /audio file/],
    [{ sound_type: 'hitsound', url: '/assets/sounds/missing.ogg' }, /no such sound file/],
    [{ sound_type: 'hitsound', url: '/assets/../package.json.ogg' }, /no such sound file/],
    [{ sound_type: 'hitsound', url: '/api/v1/drills.ogg' }, /under \/assets\//],
    [{ sound_type: 'hitsound', url: '/assets/images/particle.png' }, /audio file/],
    [{ sound_type: 'laser', url: '/assets/sounds/gun.ogg' }, /Invalid request/],
    [{ sound_type: 'gun' }, /Invalid request/],
    [{ sound_type: 'gun', url: 'https://example.com/' + 'a'.repeat(3000) + '.ogg' }, /Invalid request/],
    [{ sound_type: 'gun', url: '/assets/sounds/gun.ogg', extra: 1 }, /Invalid request/],
  ])('rejects %j with 400 %p', async (body, message) => {
    const res = await new Client(server).post('/api/v1/assets/sounds', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
  });

  test('DELETE of an unknown type is 400', async () => {
    const res = await new Client(server).request({ method: 'DELETE', url: '/api/v1/assets/sounds/laser' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });
});

describe('GET /api/v1/assets/textures/:name', () => {
  test('a known texture answers success with its url and size', async () => {
    const res = await new Client(server).get('/api/v1/assets/textures/grid');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, error: null, name: 'grid', url: '/assets/images/textures/grid.png', width: 128, height: 128 });
    expect((await new Client(server).get('/assets/images/textures/grid.png')).statusCode).toBe(200);
  });

  test('an unknown texture answers success false with the error (404); a malformed name 400', async () => {
    const res = await new Client(server).get('/api/v1/assets/textures/marble');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Texture not found: marble', name: 'marble' });
    const bad = await new Client(server).get('/api/v1/assets/textures/..%2f..%2fpackage');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });
});

/**
 * The custom sound records on PostgreSQL (migration 0006_assets), when TEST_DATABASE_URL names
 * a server: a database of this file's own (aim_assets_test, created afresh) so it never races
 * test/server/postgres.test.ts on the shared one.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
(pgUrl ? describe : describe.skip)('custom sounds on PostgreSQL', () => {
  let app: FastifyInstance;
  let dbUrl: string;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS aim_assets_test');
    await admin.query('CREATE DATABASE aim_assets_test');
    await admin.end();
    const u = new URL(pgUrl!);
    u.pathname = '/aim_assets_test';
    dbUrl = u.toString();
    app = await buildApp({ databaseUrl: dbUrl, distDir: '/nonexistent-dist', logger: false, cookieSecret: 'pg-assets-secret', pressure: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  test('register, replace, list and delete', async () => {
    // a GET creates no guest (issue 38 item 3): the first write does
    const first = await app.inject({ method: 'GET', url: '/api/v1/assets/sounds' });
    expect(first.json()).toEqual({ data: [] });
    expect(first.cookies.find((c) => c.name === 'aim_session')).toBeUndefined();
    const created = await app.inject({ method: 'POST', url: '/api/v1/assets/sounds', payload: { sound_type: 'hitsound', url: '/assets/sounds/hitsound/pop.ogg' } });
    expect(created.statusCode).toBe(200);
    const cookies = { aim_session: created.cookies.find((c) => c.name === 'aim_session')!.value };
    const post = (url: string) => app.inject({ method: 'POST', url: '/api/v1/assets/sounds', cookies, payload: { sound_type: 'hitsound', url } });
    expect((await post('https://cdn.example.com/x.ogg')).json()).toEqual({ success: true, data: [{ sound_type: 'hitsound', url: 'https://cdn.example.com/x.ogg' }] });
    const del = await app.inject({ method: 'DELETE', url: '/api/v1/assets/sounds/hitsound', cookies });
    expect(del.json()).toEqual({ success: true, data: [] });
  });
});
