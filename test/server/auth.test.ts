/**
 * Accounts (issue 13): register, login, logout, server-side sessions, the 'Not Logged In'
 * reply, guest data kept on register, login rate limits, the admin premium command.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES, NOT_LOGGED_IN } from '../../src/contracts/auth';
import { SESSION_COOKIE, sessionIdOf } from '../../src/server/session';
import { Client, startTestServer, submission, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: false, loginLimits: false });
});
afterAll(async () => {
  await server.close();
});

const creds = (username: string, password = 'correct horse battery') => ({ username, password });

describe('register', () => {
  test('creates an account, logs it in with an opaque HttpOnly Lax cookie, and /user/me names it', async () => {
    const c = new Client(server);
    expect((await c.get('/api/v1/user/me')).json()).toEqual({ id: null, username: null, premium: false });
    const res = await c.post('/api/v1/auth/register', creds('Alice_1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id: expect.any(Number), username: 'Alice_1', premium: false });
    const cookie = res.cookies.find((x) => x.name === SESSION_COOKIE) as Record<string, unknown> & { value: string };
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.value).not.toBe(server.app.signCookie(String(res.json().id))); // not the old signed id
    expect(cookie.value.startsWith(`${res.json().id}.`)).toBe(false);
    expect(cookie.httpOnly).toBe(true);
    expect(String(cookie.sameSite).toLowerCase()).toBe('lax');
    expect(cookie.secure).toBeFalsy(); // plain http
    // stored hashed, not as the token
    const rows = server.query<{ id: string; user_id: number; revoked: number }>('select id, user_id, revoked from sessions where user_id = ?', res.json().id);
    expect(rows).toEqual([{ id: sessionIdOf(cookie.value as string), user_id: res.json().id, revoked: 0 }]);
    expect((await c.get('/api/v1/user/me')).json()).toEqual({ id: res.json().id, username: 'Alice_1', premium: false });
    // the password is stored as a scrypt hash with its salt and parameters
    const [user] = server.query<{ password_hash: string }>('select password_hash from users where id = ?', res.json().id);
    expect(user.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(user.password_hash).not.toContain('correct horse');
  });

  test.each([
    ['ab', AUTH_MESSAGES.username],
    ['a'.repeat(25), AUTH_MESSAGES.username],
    ['has space', AUTH_MESSAGES.username],
    ['dot.name', AUTH_MESSAGES.username],
  ])('a bad username (%s) answers 400 with its rule', async (name, message) => {
    const res = await new Client(server).post('/api/v1/auth/register', creds(name));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  test('a password under 10 characters answers 400', async () => {
    const res = await new Client(server).post('/api/v1/auth/register', creds('shortpw', '123456789'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.passwordShort });
    expect((await new Client(server).post('/api/v1/auth/register', creds('longenough', '1234567890'))).statusCode).toBe(200);
  });

  test('a missing field or an extra one answers 400 JSON', async () => {
    const c = new Client(server);
    expect((await c.post('/api/v1/auth/register', { username: 'nopass' })).statusCode).toBe(400);
    expect((await c.post('/api/v1/auth/register', { ...creds('extra'), admin: true })).json().error).toMatch(/Invalid request/);
  });

  test('a name taken in another case answers 400', async () => {
    expect((await new Client(server).post('/api/v1/auth/register', creds('DupName'))).statusCode).toBe(200);
    const res = await new Client(server).post('/api/v1/auth/register', creds('dupname'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.taken });
    expect(server.query('select id from users where username_key = ?', 'dupname')).toHaveLength(1);
  });

  test("a guest who registers keeps their runs, settings and crosshairs (same user id)", async () => {
    const c = new Client(server);
    expect((await c.post('/gameoptions/edit', { controls: { mouse_sens: 2.5 } })).statusCode).toBe(200);
    expect((await c.post('/api/v2/user/crosshair', { enabled: true, config: {} })).statusCode).toBe(200);
    expect((await c.post('/api/v1/performance', submission(2033))).statusCode).toBeLessThan(300);
    const guestId = (await c.get('/api/v1/user/me')).json().id as number;
    const guestCookie = c.session;
    const res = await c.post('/api/v1/auth/register', creds('GuestTurned'));
    expect(res.json().id).toBe(guestId);
    expect(c.session).not.toBe(guestCookie); // rotated
    expect((await c.get('/gameoptions/edit')).json().controls.mouse_sens).toBe(2.5);
    expect((await c.get('/api/v2/user/crosshair')).json().enabled).toBe(true);
    expect((await c.get('/api/v1/performance/latest')).statusCode).toBe(200);
    // the guest's old cookie is revoked
    const old = await server.app.inject({ method: 'GET', url: '/api/v1/user/me', cookies: { [SESSION_COOKIE]: guestCookie! } });
    expect(old.json().id).toBeNull();
  });
});

describe('login and logout', () => {
  let userId: number;
  beforeAll(async () => {
    userId = (await new Client(server).post('/api/v1/auth/register', creds('Bob'))).json().id;
  });

  test('logs in case-insensitively; a wrong password or an unknown name answers 401', async () => {
    const c = new Client(server);
    const wrong = await c.post('/api/v1/auth/login', creds('bob', 'not the password'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: AUTH_MESSAGES.wrong });
    expect(c.session).toBeUndefined();
    const nobody = await c.post('/api/v1/auth/login', creds('nobody-here'));
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toEqual({ error: AUTH_MESSAGES.wrong });
    const ok = await c.post('/api/v1/auth/login', creds('BOB'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, id: userId, username: 'Bob', premium: false });
    expect((await c.get('/api/v1/user/me')).json().id).toBe(userId);
  });

  test('logout revokes the session: a stolen copy of the cookie is refused afterwards', async () => {
    const c = new Client(server);
    await c.post('/api/v1/auth/login', creds('Bob'));
    const stolen = c.session!;
    expect((await c.get('/api/v1/user/premium')).statusCode).toBe(200);
    const out = await c.post('/api/v1/auth/logout', {});
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((x) => x.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe('');
    const thief = await server.app.inject({ method: 'GET', url: '/api/v1/user/me', cookies: { [SESSION_COOKIE]: stolen } });
    expect(thief.json()).toEqual({ id: null, username: null, premium: false });
    const needs = await server.app.inject({ method: 'GET', url: '/api/v1/user/premium', cookies: { [SESSION_COOKIE]: stolen } });
    expect(needs.statusCode).toBe(401);
    // a write with the stolen cookie makes a new guest, never Bob
    const write = await server.app.inject({ method: 'POST', url: '/gameoptions/edit', cookies: { [SESSION_COOKIE]: stolen }, payload: { controls: { mouse_sens: 9 } } });
    expect(write.statusCode).toBe(200);
    expect(server.query<{ revoked: number }>('select revoked from sessions where id = ?', sessionIdOf(stolen))).toEqual([{ revoked: 1 }]);
    expect((await new Client(server).post('/api/v1/auth/login', creds('Bob'))).statusCode).toBe(200);
    const bobOptions = server.query<{ n: number }>("select count(*) as n from game_options where user_id = ?", userId);
    expect(bobOptions[0].n).toBe(0);
  });

  test("login rotates the session; logging in from a guest: the account's data wins, the guest is left", async () => {
    const c = new Client(server);
    await c.post('/gameoptions/edit', { controls: { mouse_sens: 7 } });
    const guest = (await c.get('/api/v1/user/me')).json().id as number;
    const before = c.session;
    await c.post('/api/v1/auth/login', creds('Bob'));
    expect(c.session).not.toBe(before);
    expect((await c.get('/api/v1/user/me')).json().id).toBe(userId);
    expect((await c.get('/gameoptions/edit')).json().controls.mouse_sens).not.toBe(7);
    expect(server.query('select id from users where id = ?', guest)).toHaveLength(1);
  });

  test('an old-format cookie (a signed user id) names no session', async () => {
    const signed = server.app.signCookie(String(userId));
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/user/me', cookies: { [SESSION_COOKIE]: signed } });
    expect(res.json().id).toBeNull();
  });
});

describe("'Not Logged In'", () => {
  test('an API call that needs an account answers 401 for no session and for a guest', async () => {
    const anon = await new Client(server).get('/api/v1/user/premium');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ error: NOT_LOGGED_IN });
    const guest = new Client(server);
    await guest.post('/api/v1/user/log-drill', { agame_id: 2033 });
    expect(guest.session).toBeDefined();
    const res = await guest.get('/api/v1/user/premium');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: NOT_LOGGED_IN });
    // guests keep playing: the game's own calls still work
    expect((await guest.get('/api/v1/gameconfig/2033')).statusCode).toBe(200);
  });

  test('GET /api/v1/user/showpreroll answers 0', async () => {
    const res = await new Client(server).get('/api/v1/user/showpreroll');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('0');
  });
});

describe('login rate limit (issue 39: no lockout of the owner)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      rateLimits: false,
      loginLimits: { perPair: 3, perAddress: 8, windowMs: 60_000, nameDelayAfter: 4, nameDelayBaseMs: 150, nameDelayMaxMs: 600, registerPerAddress: 100 },
    });
    await new Client(limited).post('/api/v1/auth/register', creds('Carol'));
    await new Client(limited).post('/api/v1/auth/register', creds('Dave'));
  });
  afterAll(async () => {
    await limited.close();
  });

  const from = (ip: string, body: unknown) =>
    limited.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body as object, remoteAddress: ip });

  test('per name and address: 3 failures stop that pair only; the owner from another address still logs in', async () => {
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.1', creds('carol', 'wrong password'))).statusCode).toBe(401);
    const blocked = await from('10.0.0.1', creds('Carol'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Too many login attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // the owner, elsewhere, with the right password: in
    expect((await from('10.0.0.2', creds('Carol'))).statusCode).toBe(200);
    // the guesser's address may still try another name (until the address limit)
    expect((await from('10.0.0.1', creds('Dave'))).statusCode).toBe(200);
  });

  test('per name from many addresses: a growing delay, never a lock; the right password still works', async () => {
    // 4 failures spread over 4 addresses: the name's delay starts
    for (let i = 0; i < 4; i++) expect((await from(`10.1.0.${i + 1}`, creds('dave', 'wrong password'))).statusCode).toBe(401);
    let t = Date.now();
    expect((await from('10.1.0.9', creds('dave', 'wrong password'))).statusCode).toBe(401);
    const first = Date.now() - t;
    t = Date.now();
    expect((await from('10.1.0.10', creds('dave', 'wrong password'))).statusCode).toBe(401);
    const second = Date.now() - t;
    expect(first).toBeGreaterThanOrEqual(140);
    expect(second).toBeGreaterThanOrEqual(290); // doubled
    t = Date.now();
    const owner = await from('10.1.0.11', creds('Dave'));
    expect(owner.statusCode).toBe(200); // not locked out
    expect(Date.now() - t).toBeGreaterThanOrEqual(590); // capped at nameDelayMaxMs (600)
  });

  test('per address: 8 attempts whatever the names, then 429', async () => {
    for (let i = 0; i < 8; i++) expect((await from('10.2.0.1', creds(`nobody${i}`, 'wrong password'))).statusCode).toBe(401);
    expect((await from('10.2.0.1', creds('Carol'))).statusCode).toBe(429);
  });
});

describe('registration limit (issue 39)', () => {
  test('5 accounts per address an hour, also with the rate limits off; another address is not affected; nothing stored when refused', async () => {
    const s = await startTestServer({ rateLimits: false });
    try {
      const reg = (ip: string, name: string) => s.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: creds(name), remoteAddress: ip });
      for (let i = 0; i < 5; i++) expect((await reg('10.3.0.1', `Reg${i}`)).statusCode).toBe(200);
      const refused = await reg('10.3.0.1', 'Reg5');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/Too many accounts registered from this address/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(s.query('select id from users where username_key = ?', 'reg5')).toEqual([]);
      expect((await reg('10.3.0.2', 'Reg5')).statusCode).toBe(200);
      // a bad or taken name costs no registration
      expect((await reg('10.3.0.2', 'x')).statusCode).toBe(400);
      expect((await reg('10.3.0.2', 'Reg0')).statusCode).toBe(400);
    } finally {
      await s.close();
    }
  });
});

describe('admin premium command', () => {
  test('`npm run admin -- premium NAME on|off` sets the flag the API reports', async () => {
    const c = new Client(server);
    await c.post('/api/v1/auth/register', creds('PremiumPat'));
    const run = (...args: string[]) =>
      execFileSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/admin.ts', ...args], {
        env: { ...process.env, DATABASE_FILE: server.databaseFile, DATABASE_URL: '' },
        encoding: 'utf8',
      });
    expect(run('premium', 'premiumpat', 'on')).toMatch(/PremiumPat: premium on/);
    expect((await c.get('/api/v1/user/me')).json().premium).toBe(true);
    expect((await c.get('/api/v1/user/premium')).json()).toEqual({ username: 'PremiumPat', premium: true });
    run('premium', 'PremiumPat', 'off');
    expect((await c.get('/api/v1/user/me')).json().premium).toBe(false);
    expect(() => run('premium', 'no-such-user', 'on')).toThrow(/No account named/);
  });
});

describe('cookie scope and host embeds', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta name="aim-host-origins" content="" /></head><body></body></html>');
    s = await startTestServer({ rateLimits: false, loginLimits: false, trustProxy: true, distDir: dist, hostOrigins: 'https://host.example' });
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('behind a TLS proxy (TRUST_PROXY) the login cookie is Secure; embeddable on https: SameSite=None; Partitioned', async () => {
    await new Client(s).post('/api/v1/auth/register', creds('ProxyUser'));
    const res = await s.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: creds('ProxyUser'), headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    // issue 39: on https the cookie carries the __Host- prefix (no sibling subdomain can plant it)
    expect(header).toMatch(/(^|, )__Host-aim_session=[A-Za-z0-9_-]{43};/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Domain=/i);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/Secure/);
    expect(header).toMatch(/SameSite=None/);
    expect(header).toMatch(/Partitioned/);
  });

  test('?ads=off turns ads off only for a page framed by an allowed host origin', async () => {
    const page = (referer?: string, url = '/?id=2033&ads=off') =>
      s.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(referer ? { referer } : {}) } });
    const meta = '<meta name="aim-ads" content="off" />';
    expect((await page('https://host.example/play')).body).toContain(meta);
    expect((await page('https://evil.example/')).body).not.toContain(meta);
    expect((await page()).body).not.toContain(meta);
    expect((await page('https://host.example/play', '/?id=2033')).body).not.toContain(meta);
  });
});
