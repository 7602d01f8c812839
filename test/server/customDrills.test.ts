/**
 * Player-made drills (issue 17 item 4): POST/PUT /api/v1/drills, GET /api/v1/drills/mine and
 * /api/v1/drills/:id/document on a real SQLite file (and on PostgreSQL when TEST_DATABASE_URL
 * names a throwaway database, like test/server/postgres.test.ts).
 */
import pg from 'pg';
import { NOT_LOGGED_IN } from '../../src/contracts/auth';
import { CUSTOM_DRILL_MIN_ID } from '../../src/drill/customDrill';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { parseDrillConfig } from '../../src/drill/parseDrillConfig';
import { buildBrowserApp as buildApp } from './helpers';
import { MAX_DRILLS_PER_AUTHOR } from '../../src/server/customDrillRoutes';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestServer, submission, b64, type TestServer } from './helpers';

/** A client of `app()` with its own cookie jar (`app` is a getter: SQLite or PostgreSQL). */
class Jar {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: () => FastifyInstance) {}
  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await this.app().inject({ ...opts, cookies: Object.fromEntries(this.cookies) });
    for (const c of res.cookies as { name: string; value: string }[]) this.cookies.set(c.name, c.value);
    return res;
  }
  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  put(url: string, payload: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
}

let accounts = 0;
/** A registered player (a fresh name each time). */
async function account(app: () => FastifyInstance): Promise<Jar> {
  const jar = new Jar(app);
  const res = await jar.post('/api/v1/auth/register', { username: `maker_${++accounts}_${Date.now() % 100000}`, password: 'correct horse battery' });
  expect(res.statusCode).toBe(200);
  return jar;
}

/** The document of drill `id` as the editor starts from it. */
async function documentOf(jar: Jar, id: number): Promise<Record<string, unknown>> {
  const res = await jar.get(`/api/v1/drills/${id}/document`);
  expect(res.statusCode).toBe(200);
  return res.json().document;
}

function suite(name: string, app: () => FastifyInstance) {
  describe(name, () => {
    test('a valid document saves under a new id >= CUSTOM_DRILL_MIN_ID, plays at /gameconfig/N, and its author lists it', async () => {
      const author = await account(app);
      const base = await documentOf(author, 2033);
      const doc = { ...base, name: 'My drill', duration: 5000, target_size: 0.9, game_type_description: 'Big <b>targets</b> & fast' };
      const res = await author.post('/api/v1/drills', doc);
      expect(res.statusCode).toBe(201);
      const { id, url, drill } = res.json();
      expect(id).toBeGreaterThanOrEqual(CUSTOM_DRILL_MIN_ID);
      expect(url).toBe(`/?id=${id}`);
      expect(drill).toMatchObject({ id, name: 'My drill', duration: 5000 });

      // a second save gets the next id
      const second = await author.post('/api/v1/drills', { ...doc, name: 'My drill 2' });
      expect(second.statusCode).toBe(201);
      expect(second.json().id).toBe(id + 1);

      // the game page's config is the saved drill, and the engine parses it
      const cfg = await author.get(`/api/v1/gameconfig/${id}`);
      expect(cfg.statusCode).toBe(200);
      const body = cfg.json();
      expect(body).toMatchObject({ id, name: 'My drill', duration: 5000, target_size: 0.9, spawn_mode: base.spawn_mode });
      // the player's description is text: escaped, never markup
      expect(body.game_type_description).toBe('<p>Big &lt;b&gt;targets&lt;/b&gt; &amp; fast</p>');
      const parsed = parseDrillConfig(body);
      expect(parsed.durationMs).toBe(5000);

      // the author's list, newest first; nobody else's list has it; the catalogue list neither
      const mine = (await author.get('/api/v1/drills/mine')).json().drills.map((d: { id: number }) => d.id);
      expect(mine.slice(0, 2)).toEqual([id + 1, id]);
      const other = await account(app);
      expect((await other.get('/api/v1/drills/mine')).json().drills).toEqual([]);
      const catalogue = (await other.get('/api/v1/drills')).json().map((d: { id: number }) => d.id);
      expect(catalogue).not.toContain(id);
      expect(catalogue).toContain(2033);
      // ... but anyone can play it and open it in the editor
      expect((await other.get(`/api/v1/gameconfig/${id}`)).statusCode).toBe(200);
      const opened = (await other.get(`/api/v1/drills/${id}/document`)).json();
      expect(opened.mine).toBe(false);
      expect((await author.get(`/api/v1/drills/${id}/document`)).json().mine).toBe(true);

      // a run of it is stored like any run, under its id
      const run = await author.post('/api/v1/performance', submission(id, { targets_destroyed: b64(2), hits: 2, shots: 2, accuracy: 100, timestamp: 5000 }));
      expect(run.statusCode).toBe(201);
      expect(run.json()).toMatchObject({ game_id: id, drill_name: 'My drill', targets_destroyed: 2 });
    });

    test('the body id cannot choose the id, nor overwrite a catalogue drill', async () => {
      const author = await account(app);
      const base = await documentOf(author, 134);
      const res = await author.post('/api/v1/drills', { ...base, id: 134, name: 'Not Gridshot' });
      expect(res.statusCode).toBe(201);
      expect(res.json().id).toBeGreaterThanOrEqual(CUSTOM_DRILL_MIN_ID);
      expect((await author.get('/api/v1/gameconfig/134')).json().name).toBe('Gridshot Classic');
      // the catalogue's ids all stay below the custom range
      expect(Math.max(...DRILL_CATALOGUE.map((d) => Number(d.id)))).toBeLessThan(CUSTOM_DRILL_MIN_ID);
      // PUT of a catalogue drill: not found (not a player's drill)
      expect((await author.put('/api/v1/drills/134', base)).statusCode).toBe(404);
    });

    test.each([
      ['a number out of range', { target_size: 1000 }, 'target_size'],
      ['a negative duration', { duration: -5 }, 'duration'],
      ['a wrong type', { num_targets: 'three' }, 'num_targets'],
      ['an unknown spawn mode', { spawn_mode: 'Everywhere' }, 'spawn_mode'],
      ['an empty name', { name: '' }, 'name'],
      ['a missing required field', { num_targets: undefined }, 'num_targets'],
      ['an unknown field', { wallhack: true }, 'wallhack'],
      ['an unknown config key', { config: { nope: 1 } }, 'config.nope'],
      ['a text over its maximum length', { objective: 'x'.repeat(201) }, 'objective'],
      ['a combination the engine cannot run (grow without lifetime)', { target_grow_mode: 'grow', target_lifetime: null }, 'target_grow_mode'],
    ])('%s answers 400 naming the field', async (_what, over, field) => {
      const author = await account(app);
      const doc: Record<string, unknown> = { ...(await documentOf(author, 2033)), ...over };
      for (const [k, v] of Object.entries(over)) if (v === undefined) delete doc[k];
      const before = (await author.get('/api/v1/drills/mine')).json().drills.length;
      const res = await author.post('/api/v1/drills', doc);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(body.error).toMatch(/^Invalid drill: /);
      expect((await author.get('/api/v1/drills/mine')).json().drills.length).toBe(before);
    });

    test('a body that is not an object, or not JSON, answers 400', async () => {
      const author = await account(app);
      expect((await author.post('/api/v1/drills', [1, 2])).statusCode).toBe(400);
      const raw = await author.request({ method: 'POST', url: '/api/v1/drills', payload: '{"name":', headers: { 'content-type': 'application/json' } });
      expect(raw.statusCode).toBe(400);
    });

    test('a body over the limit answers 413', async () => {
      const author = await account(app);
      const doc = { ...(await documentOf(author, 2033)), objective: 'x'.repeat(20 * 1024) };
      expect((await author.post('/api/v1/drills', doc)).statusCode).toBe(413);
    });

    test('saving needs an account: no session or a guest gets 401 Not Logged In', async () => {
      const nobody = new Jar(app);
      const doc = await documentOf(nobody, 2033);
      const res = await nobody.post('/api/v1/drills', doc);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: NOT_LOGGED_IN });
      // a guest (made by a write) is not an account either
      const guest = new Jar(app);
      expect((await guest.post('/gameoptions/edit', { controls: { fov: 100 } })).statusCode).toBe(200);
      expect((await guest.post('/api/v1/drills', doc)).statusCode).toBe(401);
      expect((await guest.get('/api/v1/drills/mine')).json()).toEqual({ drills: [] });
    });

    test('only the author edits a drill, and only while it has no runs', async () => {
      const author = await account(app);
      const base = await documentOf(author, 2033);
      const id = (await author.post('/api/v1/drills', { ...base, name: 'Before' })).json().id;
      // warm the gameconfig cache, then edit: the next read sees the edit at once
      expect((await author.get(`/api/v1/gameconfig/${id}`)).json().name).toBe('Before');
      const other = await account(app);
      const stolen = await other.put(`/api/v1/drills/${id}`, { ...base, name: 'Stolen' });
      expect(stolen.statusCode).toBe(403);
      expect((await new Jar(app).put(`/api/v1/drills/${id}`, { ...base, name: 'Anon' })).statusCode).toBe(401);
      const bad = await author.put(`/api/v1/drills/${id}`, { ...base, num_targets: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('num_targets');
      const ok = await author.put(`/api/v1/drills/${id}`, { ...base, name: 'After', duration: 4000 });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ id, drill: { name: 'After', duration: 4000 } });
      expect((await author.get(`/api/v1/gameconfig/${id}`)).json()).toMatchObject({ name: 'After', duration: 4000 });
      expect((await other.get(`/api/v1/gameconfig/${id}`)).json().name).toBe('After');
      // once a run is stored, the drill is fixed
      expect((await other.post('/api/v1/performance', submission(id, { timestamp: 4000 }))).statusCode).toBe(201);
      const late = await author.put(`/api/v1/drills/${id}`, { ...base, name: 'Too late' });
      expect(late.statusCode).toBe(409);
      expect((await author.get(`/api/v1/gameconfig/${id}`)).json().name).toBe('After');
      expect((await author.put('/api/v1/drills/abc', base)).statusCode).toBe(400);
      expect((await author.put('/api/v1/drills/999999999', base)).statusCode).toBe(404);
    });

    test('the document route: 404 for a missing drill, 400 for a bad id; a catalogue drill comes whole', async () => {
      const jar = new Jar(app);
      expect((await jar.get('/api/v1/drills/99999999/document')).statusCode).toBe(404);
      expect((await jar.get('/api/v1/drills/1x/document')).statusCode).toBe(400);
      const res = (await jar.get('/api/v1/drills/2033/document')).json();
      expect(res).toMatchObject({ id: 2033, mine: false, document: { name: 'Test Drill', duration: 8000, num_targets: 2, category: 'test' } });
      expect(res.document).not.toHaveProperty('user_id');
    });
  });
}

describe('SQLite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: false, loginLimits: false });
  });
  afterAll(async () => {
    await server.close();
  });
  suite('custom drills', () => server.app);

  test(`an account keeps at most MAX_DRILLS_PER_AUTHOR (${MAX_DRILLS_PER_AUTHOR}) drills`, async () => {
    const author = await account(() => server.app);
    const userId = (await author.get('/api/v1/user/me')).json().id;
    const base = await documentOf(author, 2033);
    for (let i = 0; i < MAX_DRILLS_PER_AUTHOR; i++) {
      server.exec("insert into drills (id, name, game_type_description, objective, category, fields, author_id, created_at) values (?, 'x', '', '', 'custom', '{}', ?, '2026-01-01T00:00:00Z')", 500_000 + i, userId);
    }
    const res = await author.post('/api/v1/drills', base);
    expect(res.statusCode).toBe(409);
    // the new ids continue after the highest one, whoever made it
    const other = await account(() => server.app);
    expect((await other.post('/api/v1/drills', base)).json().id).toBe(500_000 + MAX_DRILLS_PER_AUTHOR);
  });

  test('the migration added author_id and created_at; catalogue rows have null', () => {
    const rows = server.query<{ author_id: number | null; created_at: string | null }>('select author_id, created_at from drills where id = 2033');
    expect(rows).toEqual([{ author_id: null, created_at: null }]);
  });
});

/** On PostgreSQL when TEST_DATABASE_URL names a server: a database of this file's own
 * (aim_custom_drills_test, created afresh) so it never races test/server/postgres.test.ts. */
const pgUrl = process.env.TEST_DATABASE_URL;
(pgUrl ? describe : describe.skip)('PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS aim_custom_drills_test');
    await admin.query('CREATE DATABASE aim_custom_drills_test');
    await admin.end();
    const u = new URL(pgUrl!);
    u.pathname = '/aim_custom_drills_test';
    app = await buildApp({ databaseUrl: u.toString(), distDir: '/nonexistent-dist', logger: false, cookieSecret: 'pg-test-secret', rateLimits: false, loginLimits: false, pressure: false, guestRetention: false });
  });
  afterAll(async () => {
    await app?.close();
  });
  suite('custom drills', () => app);
});
