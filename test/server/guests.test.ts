/**
 * Lazy guests (issue 14 item 5): reads never insert a `users` row; the first write creates
 * exactly one guest and sets its cookie. Retention: `deleteIdleGuests` removes guests with no
 * runs and no saved settings after GUEST_RETENTION_DAYS, and a deleted guest's cookie never
 * names anyone again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteIdleGuests, GUEST_RETENTION_DAYS, SESSION_COOKIE } from '../../src/server/session';
import { Client, startTestServer, submission, type TestServer } from './helpers';

let server: TestServer;
let dist: string;
beforeEach(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  server = await startTestServer({ rateLimits: false, distDir: dist });
});
afterEach(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const users = () => server.query<{ n: number }>('select count(*) as n from users')[0].n;

const READS = [
  '/api/v1/gameconfig/134',
  '/api/v1/gameconfig/2033',
  '/api/v1/drills',
  '/gameoptions/edit',
  '/api/v2/user/crosshair',
  '/api/v2/user/hitmarker',
  '/api/v2/user/missmarker',
  '/api/v2/user/ads',
  '/api/v1/performance/latest',
  '/api/v1/performance/latest?game_id=134',
  '/api/v1/performance/1',
  '/api/v1/user/game-sensitivity-data/basic',
  '/',
  '/drills',
  '/healthz',
  '/readyz',
];

/**
 * Every GET route of the app, as full paths (`:param` and `*` left in), read from Fastify's
 * route tree (`printRoutes({ commonPrefix: false })`: one node a line, four columns a level, a
 * child's segment appended to its parent's path).
 */
function getRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^(.*?)(?:├── |└── )(.+?) \(([A-Z, ]+)\)\s*$/.exec(line);
    if (!m) continue;
    const depth = Math.round(m[1].length / 4);
    stack.length = depth;
    const full = (depth > 0 ? stack[depth - 1] : '') + m[2];
    stack[depth] = full;
    if (m[3].split(', ').includes('GET')) out.push(full);
  }
  return out;
}

/** Fills a route's parameters with values that reach the handler (an existing drill id, a
 * known sound type or texture name, a catalogue asset). */
function concrete(route: string): string[] {
  const fill = (r: string, param: string, values: string[]) => values.map((v) => r.replace(param, v));
  let urls = [route];
  urls = urls.flatMap((u) => (u.includes(':type') ? fill(u, ':type', ['crosshair', 'hitmarker', 'missmarker', 'ads', 'nope']) : [u]));
  urls = urls.flatMap((u) => (u.includes(':name') ? fill(u, ':name', ['grid', 'x']) : [u]));
  urls = urls.flatMap((u) => u.replace(/:[A-Za-z_]+/g, '2033')).flatMap((u) => (u.includes('*') ? fill(u, '*', ['sounds/none.mp3', 'x']) : [u]));
  return urls;
}

describe('lazy guests', () => {
  test('no GET route creates a guest: every one, cookieless (and with a forged cookie), 3 times', async () => {
    const routes = getRoutes(server.app.printRoutes({ commonPrefix: false }));
    // the tree names them all (a guard against a parse that finds nothing)
    for (const r of ['/api/v1/assets/sounds', '/api/v1/leaderboard/:drillId', '/api/v1/drills/:id/document', '/gameoptions/edit', '/']) {
      expect(routes).toContain(r);
    }
    expect(routes.length).toBeGreaterThanOrEqual(25);
    const urls = routes.flatMap(concrete);
    for (let i = 0; i < 3; i++) {
      for (const url of urls) {
        const cookies: Record<string, string> = i === 2 ? { [SESSION_COOKIE]: 'A'.repeat(43) } : {};
        const res = await server.app.inject({ method: 'GET', url, cookies });
        expect([url, res.statusCode < 500]).toEqual([url, true]);
        expect([url, res.cookies.filter((c) => c.name === SESSION_COOKIE)]).toEqual([url, []]);
      }
    }
    expect(users()).toBe(0);
    // the sounds read without a session: an empty list (it was a guest per request)
    expect((await server.app.inject('/api/v1/assets/sounds')).json()).toEqual({ data: [] });
    // with a session it still lists the player's sounds
    const c = new Client(server);
    expect((await c.post('/api/v1/assets/sounds', { sound_type: 'hitsound', url: 'https://example.com/hit.mp3' })).statusCode).toBe(200);
    expect(users()).toBe(1);
    expect((await c.get('/api/v1/assets/sounds')).json().data).toEqual([{ sound_type: 'hitsound', url: 'https://example.com/hit.mp3' }]);
  });

  test('50 cookieless GETs insert no user and set no cookie; they answer the defaults', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await new Client(server).get(READS[i % READS.length], { accept: i % 2 ? 'text/html' : 'application/json' });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.cookies).toEqual([]);
    }
    expect(users()).toBe(0);
    const c = new Client(server);
    const cfg = (await c.get('/api/v1/gameconfig/134')).json();
    expect(cfg).toMatchObject({ user_id: null, premium: false, best_score: null, mouse_sensitivity: 1, crosshair_config: null });
    expect((await c.get('/gameoptions/edit')).json().controls.mouse_sens).toBe(1);
    expect((await c.get('/api/v2/user/crosshair')).json()).toMatchObject({ enabled: false });
    const latest = await c.get('/api/v1/performance/latest');
    expect(latest.statusCode).toBe(404);
    expect(latest.json()).toEqual({ error: 'Run not found' });
  });

  test.each([
    ['POST /gameoptions/edit', '/gameoptions/edit', { controls: { mouse_sens: 2 } }],
    ['POST /api/v2/user/crosshair', '/api/v2/user/crosshair', { enabled: true, config: {} }],
    ['POST /api/v1/user/log-drill', '/api/v1/user/log-drill', { agame_id: 134 }],
    ['POST /api/v1/performance', '/api/v1/performance', submission(2033)],
  ])('the first write (%s) creates exactly one guest and sets its cookie; later requests reuse it', async (_name, url, body) => {
    const c = new Client(server);
    await c.get('/api/v1/gameconfig/134');
    const res = await c.post(url, body);
    expect(res.statusCode).toBeLessThan(300);
    expect(res.cookies.map((x) => x.name)).toEqual([SESSION_COOKIE]);
    expect(users()).toBe(1);
    await c.post(url, body);
    await c.post('/api/v2/user/ads', { enabled: false, config: {} });
    expect((await c.get('/api/v1/gameconfig/134')).json().user_id).toEqual(expect.any(Number));
    expect(users()).toBe(1);
  });

  test('a bad or forged cookie is ignored by reads (no guest), replaced by a write', async () => {
    const c = new Client(server);
    c.jar.set(SESSION_COOKIE, '1.forged');
    expect((await c.get('/api/v1/gameconfig/134')).json().user_id).toBeNull();
    expect(users()).toBe(0);
    const res = await c.post('/gameoptions/edit', { controls: { mouse_sens: 2 } });
    expect(res.statusCode).toBe(200);
    expect(c.session).not.toBe('1.forged');
    expect(users()).toBe(1);
  });
});

describe('guest retention', () => {
  const later = (days: number) => new Date(Date.now() + days * 86_400_000);

  test(`after ${GUEST_RETENTION_DAYS} days guests with no runs and no saved settings are deleted (in batches, with their rows); others stay; ids are not reused`, async () => {
    const { openDb } = await import('../../src/server/db');
    const clients = Array.from({ length: 5 }, () => new Client(server));
    for (const c of clients) await c.post('/api/v1/user/log-drill', { agame_id: 134 });
    const runner = new Client(server);
    await runner.post('/api/v1/performance', submission(2033));
    const optionsSaver = new Client(server);
    await optionsSaver.post('/gameoptions/edit', { controls: { mouse_sens: 2 } });
    const crosshairSaver = new Client(server);
    await crosshairSaver.post('/api/v2/user/hitmarker', { enabled: true, config: {} });
    server.exec('update users set premium = 1 where id = (select min(id) from users)'); // a premium user is kept
    expect(users()).toBe(8);
    const maxId = server.query<{ id: number }>('select max(id) as id from users')[0].id;

    const open = openDb({ databaseFile: server.databaseFile });
    try {
      expect(await deleteIdleGuests(open.db)).toBe(0); // all created just now
      expect(await deleteIdleGuests(open.db, { now: later(GUEST_RETENTION_DAYS - 1) })).toBe(0);
      expect(await deleteIdleGuests(open.db, { now: later(GUEST_RETENTION_DAYS + 1), batchSize: 2 })).toBe(4);
    } finally {
      await open.db.destroy();
    }
    expect(users()).toBe(4);
    expect(server.query('select count(*) as n from drill_logs')).toEqual([{ n: 1 }]); // the premium user's
    expect(server.query('select count(*) as n from performances')).toEqual([{ n: 1 }]);

    // a deleted guest's cookie names nobody: reads answer defaults, a write makes a NEW guest
    const gone = clients[4];
    expect((await gone.get('/api/v1/gameconfig/134')).json().user_id).toBeNull();
    await gone.post('/api/v1/user/log-drill', { agame_id: 134 });
    const newId = (await gone.get('/api/v1/gameconfig/134')).json().user_id;
    expect(newId).toBeGreaterThan(maxId);
  });
});
