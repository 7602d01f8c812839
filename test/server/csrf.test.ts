/**
 * Issue 39 item 3 through app.inject on a real SQLite file: every state-changing route (found
 * by reading src/server, so a new one cannot be left out) refuses what another site can make a
 * browser send: a form post, a text/plain post, a body-less no-cors request or beacon, a JSON
 * write with no Origin, a foreign or same-site Origin, `Origin: null`, an HOST_ORIGINS origin on
 * an account route. The database is unchanged after each. The same requests from the game's own
 * page (Sec-Fetch-Site: same-origin, or an older browser's same Origin) go through. Also item
 * 5's headers: HSTS on https only, the SDK's CORS on its real files only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { CROSS_ORIGIN_WRITE, JSON_ONLY } from '../../src/server/writeGuard';
import { WEAK_SPOT_DRILL_PATH, WEAK_SPOT_NOT_ENOUGH_DATA } from '../../src/contracts/analysis';
import { Client, startTestServer, submission, type TestServer } from './helpers';

const HOST = 'https://host.example';
const PASSWORD = 'correct horse battery';

let server: TestServer;
let victim: Client;
let drillId: number;
let otherDrillId: number;
let handle: string;
let playlistId: string;

/** Every write route registered in src/server: `METHOD url-pattern`. */
/** The route paths src/server names by a constant (the scan reads the name). */
const PATH_CONSTANTS: Record<string, string> = { GAME_OPTIONS_PATH: '/gameoptions/edit', WEAK_SPOT_DRILL_PATH };

function writeRoutesInSource(): string[] {
  const dir = path.resolve('src/server');
  const found: string[] = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of text.matchAll(/app\.(post|put|delete|patch)(?:<[^(]*?>)?\(\s*([A-Z_]+|'[^']+')/g)) {
      const url = m[2].startsWith("'") ? m[2].slice(1, -1) : PATH_CONSTANTS[m[2]] ?? m[2];
      found.push(`${m[1].toUpperCase()} ${url}`);
    }
  }
  return found.sort();
}

/** Each write route with a valid body and the URL it is called at. */
function writes(): { route: string; url: string; payload: unknown }[] {
  return [
    { route: 'POST /api/v1/auth/register', url: '/api/v1/auth/register', payload: { username: 'Newcomer', password: PASSWORD } },
    { route: 'POST /api/v1/auth/login', url: '/api/v1/auth/login', payload: { username: 'Victim', password: PASSWORD } },
    { route: 'POST /api/v1/auth/logout', url: '/api/v1/auth/logout', payload: {} },
    { route: 'POST /api/v1/auth/logout-everywhere', url: '/api/v1/auth/logout-everywhere', payload: {} },
    { route: 'POST /api/v1/auth/password', url: '/api/v1/auth/password', payload: { current_password: PASSWORD, new_password: 'attacker chosen secret' } },
    { route: 'POST /api/v1/auth/sessions/revoke', url: '/api/v1/auth/sessions/revoke', payload: { id: handle } },
    { route: 'POST /api/v1/user/log-drill', url: '/api/v1/user/log-drill', payload: { agame_id: 2033 } },
    { route: 'POST /api/v1/runs', url: '/api/v1/runs', payload: { drill_id: 2033 } },
    { route: 'POST /api/v1/performance', url: '/api/v1/performance', payload: submission(2033) },
    { route: 'POST /gameoptions/edit', url: '/gameoptions/edit', payload: { controls: { mouse_sens: 7.5 } } },
    { route: 'POST /api/v2/user/:type', url: '/api/v2/user/crosshair', payload: { enabled: true, config: {} } },
    { route: 'POST /api/v1/assets/sounds', url: '/api/v1/assets/sounds', payload: { sound_type: 'gun', url: 'https://evil.example.com/a.ogg' } },
    { route: 'DELETE /api/v1/assets/sounds/:sound_type', url: '/api/v1/assets/sounds/hitsound', payload: {} },
    { route: 'POST /api/v1/drills', url: '/api/v1/drills', payload: null },
    { route: 'PUT /api/v1/drills/:id', url: '/api/v1/drills/ID', payload: null },
    { route: 'POST /api/v1/drills/:id/publish', url: '/api/v1/drills/ID/publish', payload: {} },
    { route: 'POST /api/v1/drills/:id/unpublish', url: '/api/v1/drills/ID/unpublish', payload: {} },
    { route: 'POST /api/v1/drills/:id/report', url: '/api/v1/drills/OTHER/report', payload: { reason: 'spam' } },
    // issue 36 item 4: an account's playlists
    { route: 'POST /api/v1/playlists', url: '/api/v1/playlists', payload: { name: 'Attacker list', drills: [2033] } },
    { route: 'PUT /api/v1/playlists/:id', url: '/api/v1/playlists/PLAYLIST', payload: { name: 'Renamed by attacker', drills: [2033] } },
    { route: 'DELETE /api/v1/playlists/:id', url: '/api/v1/playlists/PLAYLIST', payload: {} },
    // issue 37 item 5: Train this (a drill and a playlist saved for the account)
    { route: `POST ${WEAK_SPOT_DRILL_PATH}`, url: WEAK_SPOT_DRILL_PATH, payload: {} },
  ];
}

/** Everything the database holds, table by table (the migrations' bookkeeping aside). */
function snapshot(): string {
  const tables = server.query<{ name: string }>("select name from sqlite_master where type = 'table' and name not like 'kysely_%' and name not like 'sqlite_%' order by name");
  return JSON.stringify(tables.map(({ name }) => [name, server.query(`select * from "${name}"`)]));
}

let drillDoc: Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer({ rateLimits: false, loginLimits: false, hostOrigins: HOST });
  victim = new Client(server);
  expect((await victim.post('/api/v1/auth/register', { username: 'Victim', password: PASSWORD })).statusCode).toBe(200);
  const second = new Client(server);
  expect((await second.post('/api/v1/auth/login', { username: 'Victim', password: PASSWORD })).statusCode).toBe(200);
  handle = (await victim.get('/api/v1/auth/sessions')).json().sessions.find((s: { current: boolean }) => !s.current).id;
  expect((await victim.post('/api/v1/assets/sounds', { sound_type: 'hitsound', url: 'https://sounds.example.com/hit.ogg' })).statusCode).toBe(200);
  drillDoc = (await victim.get('/api/v1/drills/2033/document')).json().document;
  const made = await victim.post('/api/v1/drills', { ...drillDoc, name: 'Victim drill' });
  expect(made.statusCode).toBe(201);
  drillId = made.json().id;
  // issue 36: a drill another account published, for the victim to report
  const maker = new Client(server);
  expect((await maker.post('/api/v1/auth/register', { username: 'Maker', password: PASSWORD })).statusCode).toBe(200);
  otherDrillId = (await maker.post('/api/v1/drills', { ...drillDoc, name: 'Maker drill' })).json().id;
  expect((await maker.post(`/api/v1/drills/${otherDrillId}/publish`, {})).statusCode).toBe(200);
  // issue 36 item 4: the victim's playlist
  const list = await victim.post('/api/v1/playlists', { name: 'Victim list', drills: [2033, 2033] });
  expect(list.statusCode).toBe(201);
  playlistId = list.json().id;
});
afterAll(async () => {
  await server.close();
});

const bodyOf = (w: { payload: unknown; route: string }) =>
  w.payload ?? { ...drillDoc, name: w.route.startsWith('PUT') ? 'Renamed by attacker' : 'Attacker drill' };
const urlOf = (w: { url: string }) => w.url.replace('PLAYLIST', playlistId).replace('OTHER', String(otherDrillId)).replace('ID', String(drillId));
const methodOf = (w: { route: string }) => w.route.split(' ')[0] as InjectOptions['method'];

/** A request as another site makes the victim's browser send it (the victim's cookie rides along). */
function attack(w: ReturnType<typeof writes>[number], technique: string): InjectOptions {
  const json = JSON.stringify(bodyOf(w));
  const base = { method: methodOf(w), url: urlOf(w), cookies: Object.fromEntries(victim.jar) };
  const cross = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  const sameSite = { origin: 'http://localhost:8081', 'sec-fetch-site': 'same-site' };
  switch (technique) {
    case 'cross-site form':
      return { ...base, payload: 'username=x&password=y', headers: { ...cross, 'content-type': 'application/x-www-form-urlencoded' } };
    case 'cross-site multipart form':
      return { ...base, payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n', headers: { ...cross, 'content-type': 'multipart/form-data; boundary=b' } };
    case 'cross-site text/plain with a JSON body':
      return { ...base, payload: json, headers: { ...cross, 'content-type': 'text/plain' } };
    case 'same-site no-cors text/plain':
      return { ...base, payload: json, headers: { ...sameSite, 'content-type': 'text/plain;charset=UTF-8' } };
    case 'same-site beacon (no body)':
      return { ...base, headers: sameSite };
    case 'JSON without Origin or Sec-Fetch-Site':
      return { ...base, payload: json, headers: { 'content-type': 'application/json' } };
    case 'JSON from a foreign Origin (no Sec-Fetch-Site)':
      return { ...base, payload: json, headers: { origin: 'https://evil.example', 'content-type': 'application/json' } };
    case 'JSON from a same-site Origin':
      return { ...base, payload: json, headers: { ...sameSite, 'content-type': 'application/json' } };
    case 'JSON with Origin: null':
      return { ...base, payload: json, headers: { origin: 'null', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' } };
    case 'same-origin form':
      return { ...base, payload: 'a=1', headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' } };
    case 'same-origin text/plain':
      return { ...base, payload: json, headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain' } };
    case 'same-origin without a body':
      return { ...base, headers: { 'sec-fetch-site': 'same-origin' } };
    default:
      throw new Error(technique);
  }
}

const FORBIDDEN = [
  'cross-site form', 'cross-site multipart form', 'cross-site text/plain with a JSON body', 'same-site no-cors text/plain',
  'same-site beacon (no body)', 'JSON without Origin or Sec-Fetch-Site', 'JSON from a foreign Origin (no Sec-Fetch-Site)',
  'JSON from a same-site Origin', 'JSON with Origin: null',
];
const NOT_JSON = ['same-origin form', 'same-origin text/plain', 'same-origin without a body'];

test('the list of write routes covers every state-changing route of src/server', () => {
  expect(writes().map((w) => w.route).sort()).toEqual(writeRoutesInSource());
});

describe.each(writes().map((w) => [w.route, w] as const))('%s', (_route, w) => {
  test.each(FORBIDDEN)('%s: 403, database unchanged', async (technique) => {
    const before = snapshot();
    const res = await server.rawInject(attack(w, technique));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: CROSS_ORIGIN_WRITE });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(snapshot()).toBe(before);
  });

  test.each(NOT_JSON)('%s: 415, database unchanged', async (technique) => {
    const before = snapshot();
    const res = await server.rawInject(attack(w, technique));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: JSON_ONLY });
    expect(snapshot()).toBe(before);
  });
});

test('a HOST_ORIGINS origin may call the game routes but no account route; `*` trusts no origin for writes', async () => {
  const host = (w: ReturnType<typeof writes>[number]) =>
    server.rawInject({ method: methodOf(w), url: urlOf(w), cookies: Object.fromEntries(victim.jar), payload: JSON.stringify(bodyOf(w)), headers: { origin: HOST, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' } });
  for (const w of writes().filter((x) => x.route.includes('/auth/') || x.route.includes('/drills') || x.route.includes('/analysis/'))) {
    const before = snapshot();
    expect((await host(w)).statusCode).toBe(403);
    expect(snapshot()).toBe(before);
  }
  const logged = await host(writes().find((w) => w.route.endsWith('log-drill'))!);
  expect(logged.statusCode).toBe(200);
  const any = await startTestServer({ rateLimits: false, loginLimits: false, hostOrigins: '*' });
  try {
    const res = await any.rawInject({ method: 'POST', url: '/api/v1/user/log-drill', payload: { agame_id: 2033 }, headers: { origin: 'https://evil.example', 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(403);
    expect(any.query('select * from users')).toEqual([]);
  } finally {
    await any.close();
  }
});

test('the game\'s own page gets through: Sec-Fetch-Site same-origin, or (an older browser) its own Origin', async () => {
  const own = await server.rawInject({ method: 'POST', url: '/gameoptions/edit', cookies: Object.fromEntries(victim.jar), payload: { controls: { mouse_sens: 3.5 } }, headers: { 'sec-fetch-site': 'same-origin' } });
  expect(own.statusCode).toBe(200);
  const older = await server.rawInject({ method: 'POST', url: '/gameoptions/edit', cookies: Object.fromEntries(victim.jar), payload: { controls: { mouse_sens: 3.75 } }, headers: { origin: 'http://localhost' } });
  expect(older.statusCode).toBe(200);
  expect(older.json().controls.mouse_sens).toBe(3.75);
  // every route, in an order that keeps the victim logged in until the end
  const last = ['/auth/password', '/auth/logout-everywhere', '/auth/logout', '/auth/register'];
  const rank = (w: { route: string }) => last.findIndex((x) => w.route.endsWith(x));
  for (const w of [...writes()].sort((a, b) => rank(a) - rank(b))) {
    const res = await victim.request({ method: methodOf(w), url: urlOf(w), payload: bodyOf(w) as object, headers: { 'sec-fetch-site': 'same-origin' } });
    // (Train this answers the victim, who has no analysed runs, with its own refusal: the guard
    // let the write through to the route)
    const refusedByRoute = w.url === WEAK_SPOT_DRILL_PATH && res.statusCode === 409 && res.json().code === WEAK_SPOT_NOT_ENOUGH_DATA;
    expect([w.route, res.statusCode < 400 || refusedByRoute]).toEqual([w.route, true]);
  }
});

describe('transport headers (issue 39 item 5)', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-dist-'));
    fs.mkdirSync(path.join(dist, 'sdk'));
    fs.writeFileSync(path.join(dist, 'sdk', 'host.js'), 'export const sdk = 1;');
    fs.writeFileSync(path.join(dist, 'secret.js'), 'export const notSdk = 1;');
    s = await startTestServer({ rateLimits: false, loginLimits: false, trustProxy: '127.0.0.1', distDir: dist });
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('HSTS only over https', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    const https = await s.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  test('CORS * on the SDK\'s real files only, not on /sdk/..%2f<file>', async () => {
    const real = await s.app.inject({ method: 'GET', url: '/sdk/host.js' });
    expect(real.statusCode).toBe(200);
    expect(real.headers['access-control-allow-origin']).toBe('*');
    for (const url of ['/sdk/..%2fsecret.js', '/sdk/%2e%2e/secret.js', '/sdk/..%5csecret.js', '/sdk//host.js']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect([url, res.headers['access-control-allow-origin']]).toEqual([url, undefined]);
      expect([url, res.headers['cross-origin-resource-policy']]).not.toEqual([url, 'cross-origin']);
    }
  });
});
