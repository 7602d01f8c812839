import fs from 'node:fs';
import path from 'node:path';
import { Client, b64, startTestServer, submission, type TestServer } from './helpers';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

describe('restart on the same database file', () => {
  test('keeps players, runs, settings and crosshairs, and the old cookie still names the player', async () => {
    server = await startTestServer();
    const c = new Client(server);
    const posted = (await c.post('/api/v1/performance', submission(2033, { targets_destroyed: b64(6), hits: 6, shots: 8, accuracy: 75 }))).json();
    server.exec('update performances set ranked = 1'); // as a verified ticketed run is (trustedRuns.test.ts)
    const run = (await c.get(`/api/v1/performance/${posted.id}`)).json();
    const first = (await c.get('/api/v1/gameconfig/2033')).json();
    expect(first.user_id).toEqual(expect.any(Number));
    await c.post('/gameoptions/edit', { controls: { mouse_sens: 3.3 } });
    await c.post('/api/v2/user/missmarker', { enabled: true, config: { outline: 4 } });
    await c.post('/api/v1/user/log-drill', { agame_id: 2033 });

    await server.restart();

    const again = await c.get('/api/v1/gameconfig/2033');
    expect(again.cookies).toEqual([]); // no new guest: the cookie is still valid
    const cfg = again.json();
    expect(cfg.user_id).toBe(first.user_id);
    expect(cfg.best_score).toBe(6);
    expect(cfg.mouse_sensitivity).toBe(3.3);
    expect(cfg.missmarker_config.outline).toBe(4);
    expect((await c.get(`/api/v1/performance/${run.id}`)).json()).toMatchObject(run); // + the run read's extras (issue 15)
    expect(server.query('select count(*) as n from users')).toEqual([{ n: 1 }]);
    expect(server.query('select count(*) as n from drill_logs')).toEqual([{ n: 1 }]);
    expect(server.query('pragma journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    // the catalogue seed is an upsert: no duplicates after a second start
    expect(server.query('select id from drills order by id')).toEqual(
      server.query('select distinct id from drills order by id'),
    );
  });
});

describe('routing, errors and headers', () => {
  beforeEach(async () => {
    server = await startTestServer();
  });

  test('an unknown /api route is 404 JSON', async () => {
    const res = await new Client(server).get('/api/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'Not found: GET /api/v1/nope' });
    const post = await new Client(server).post('/api/v3/anything', { a: 1 });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: 'Not found: POST /api/v3/anything' });
  });

  test('without a built client, / answers 503 telling to run npm run build', async () => {
    const res = await new Client(server).get('/', { accept: 'text/html' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/npm run build/);
  });

  test('the CSP allows the app and nothing more', async () => {
    const res = await new Client(server).get('/api/v1/drills');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' https:"); // custom sounds of the player's own (https)
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  test('a POST that is not JSON is a 415 JSON error (issue 39: text/plain too)', async () => {
    const text = await new Client(server).request({ method: 'POST', url: '/api/v1/user/log-drill', payload: 'agame_id=134', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: 'Writes take a JSON body (Content-Type: application/json).' });
    const form = await new Client(server).request({ method: 'POST', url: '/api/v1/user/log-drill', payload: 'agame_id=134', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    expect(typeof form.json().error).toBe('string');
    expect(server.query('select * from drill_logs')).toEqual([]);
  });

  test('an empty JSON body is 400 JSON', async () => {
    const res = await new Client(server).postRaw('/api/v1/user/log-drill', '');
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });
});

describe('serving the built client', () => {
  beforeEach(async () => {
    const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'aim-dist-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Aim</title><div id="root"></div>');
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1);');
    server = await startTestServer({ distDir: dir });
  });

  test.each(['/', '/app', '/app/', '/?id=2033', '/drills', '/app/?x=1', '/maximum-fps', '/mouse-skip-fix', '/mouse-skip-fix/'])('%s sends index.html and creates no guest', async (url) => {
    const c = new Client(server);
    const res = await c.get(url, { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('<!doctype html><title>Aim</title><div id="root"></div>');
    expect(c.session).toBeUndefined();
    expect(server.query('select count(*) as n from users')).toEqual([{ n: 0 }]);
  });

  test('/gameoptions/edit sends the page to a browser and JSON to fetch', async () => {
    const c = new Client(server);
    const page = await c.get('/gameoptions/edit', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const json = await c.get('/gameoptions/edit', { accept: '*/*' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json()).sort()).toEqual(['controls', 'game_options']);
  });

  test('static files are served; a missing one is 404', async () => {
    const c = new Client(server);
    const js = await c.get('/assets/app.js');
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1);');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect((await c.get('/assets/missing.js')).statusCode).toBe(404);
    expect((await c.get('/api/v1/unknown')).json()).toEqual({ error: 'Not found: GET /api/v1/unknown' });
  });
});
