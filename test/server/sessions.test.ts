/**
 * Issue 39 item 2 through app.inject on a real SQLite file: session lifetimes (idle 30 days,
 * absolute 90 days, configurable), the account's session list (device from the User-Agent,
 * last use), revoking one, logging out everywhere, and a password change that ends the other
 * sessions and rotates this one. Also the account retention (item 4) and ended sessions' cleanup.
 */
import { openDb } from '../../src/server/db';
import { SESSION_COOKIE, sessionIdOf, sessionLifetimeFromEnv } from '../../src/server/session';
import { deleteDormantAccounts, deleteEndedSessions } from '../../src/server/accountRetention';
import { deviceLabel } from '../../src/contracts/sessions';
import { Client, startTestServer, submission, type TestServer } from './helpers';

const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: false, loginLimits: false });
});
afterAll(async () => {
  await server.close();
});

const creds = (username: string, password = 'correct horse battery') => ({ username, password });

/** A client whose requests carry `ua` as their User-Agent. */
class Browser extends Client {
  constructor(s: TestServer, readonly ua: string) {
    super(s);
  }
  override request(opts: Parameters<Client['request']>[0]) {
    return super.request({ ...opts, headers: { 'user-agent': this.ua, ...((opts.headers ?? {}) as Record<string, string>) } });
  }
}

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

describe('lifetimes', () => {
  test('a session unused for 30 days ends; one used every day still ends 90 days after it started', async () => {
    const c = new Client(server);
    const id = (await c.post('/api/v1/auth/register', creds('Idle_1'))).json().id as number;
    const sid = sessionIdOf(c.session!);
    expect((await c.get('/api/v1/user/me')).json().id).toBe(id);
    server.exec('update sessions set last_seen = ? where id = ?', daysAgo(29.9), sid);
    expect((await c.get('/api/v1/user/me')).json().id).toBe(id); // 29.9 days idle: alive, and touched
    expect(Date.parse(server.query<{ last_seen: string }>('select last_seen from sessions where id = ?', sid)[0].last_seen)).toBeGreaterThan(Date.now() - 60_000);
    server.exec('update sessions set last_seen = ? where id = ?', daysAgo(30.1), sid);
    expect((await c.get('/api/v1/user/me')).json().id).toBeNull();
    // absolute: started 90+ days ago, used a minute ago
    const d = new Client(server);
    await d.post('/api/v1/auth/register', creds('Abs_1'));
    const dsid = sessionIdOf(d.session!);
    server.exec('update sessions set created_at = ?, last_seen = ? where id = ?', daysAgo(89.9), daysAgo(0.01), dsid);
    expect((await d.get('/api/v1/user/me')).json().username).toBe('Abs_1');
    server.exec('update sessions set created_at = ?, last_seen = ? where id = ?', daysAgo(90.1), daysAgo(0.01), dsid);
    expect((await d.get('/api/v1/user/me')).json().id).toBeNull();
    expect((await d.request({ method: 'GET', url: '/api/v1/user/premium' })).statusCode).toBe(401);
  });

  test('the cookie lasts the absolute lifetime; lifetimes are configurable', async () => {
    const s = await startTestServer({ rateLimits: false, loginLimits: false, sessions: { idleDays: 1, absoluteDays: 2 } });
    try {
      const c = new Client(s);
      const res = await c.post('/api/v1/auth/register', creds('Short_1'));
      const cookie = res.cookies.find((x) => x.name === SESSION_COOKIE)!;
      expect(cookie.maxAge).toBe(2 * 86_400);
      s.exec('update sessions set last_seen = ?', daysAgo(1.1));
      expect((await c.get('/api/v1/user/me')).json().id).toBeNull();
    } finally {
      await s.close();
    }
    const def = new Client(server);
    const res = await def.post('/api/v1/auth/register', creds('Default_1'));
    expect(res.cookies.find((x) => x.name === SESSION_COOKIE)!.maxAge).toBe(90 * 86_400);
  });

  test('SESSION_IDLE_DAYS / SESSION_MAX_DAYS: defaults, values, and a clear error for a bad one', () => {
    expect(sessionLifetimeFromEnv({})).toEqual({ idleDays: 30, absoluteDays: 90 });
    expect(sessionLifetimeFromEnv({ SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '14' })).toEqual({ idleDays: 7, absoluteDays: 14 });
    expect(sessionLifetimeFromEnv({ SESSION_IDLE_DAYS: '60', SESSION_MAX_DAYS: '20' })).toEqual({ idleDays: 20, absoluteDays: 20 });
    expect(() => sessionLifetimeFromEnv({ SESSION_MAX_DAYS: 'forever' })).toThrow("SESSION_MAX_DAYS: 'forever' is not a positive number of days.");
    expect(() => sessionLifetimeFromEnv({ SESSION_IDLE_DAYS: '-1' })).toThrow(/SESSION_IDLE_DAYS/);
  });
});

describe('the session list', () => {
  test('lists the live sessions with device and last use; revoke one; log out everywhere', async () => {
    const a = new Browser(server, FIREFOX_WIN);
    await a.post('/api/v1/auth/register', creds('Multi_1'));
    const b = new Browser(server, CHROME_ANDROID);
    expect((await b.post('/api/v1/auth/login', creds('Multi_1'))).statusCode).toBe(200);
    const c = new Browser(server, SAFARI_MAC);
    expect((await c.post('/api/v1/auth/login', creds('Multi_1'))).statusCode).toBe(200);
    const listed = await a.get('/api/v1/auth/sessions');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const sessions = listed.json().sessions as { id: string; device: string; current: boolean; last_seen: string; created_at: string }[];
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Firefox on Windows', 'Safari on macOS']);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Firefox on Windows']);
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f]{16}$/);
      expect(s.id).not.toBe(sessionIdOf(a.session!).slice(0, 16));
      expect(Date.parse(s.last_seen)).toBeGreaterThan(Date.now() - 60_000);
    }
    // revoke b's from a
    const bHandle = sessions.find((s) => s.device === 'Chrome on Android')!.id;
    const revoked = await a.post('/api/v1/auth/sessions/revoke', { id: bHandle });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().sessions.map((s: { device: string }) => s.device).sort()).toEqual(['Firefox on Windows', 'Safari on macOS']);
    expect((await b.get('/api/v1/user/me')).json().id).toBeNull();
    expect((await c.get('/api/v1/user/me')).json().username).toBe('Multi_1');
    // the same handle again, or another account's handle: 404
    expect((await a.post('/api/v1/auth/sessions/revoke', { id: bHandle })).statusCode).toBe(404);
    const other = new Client(server);
    await other.post('/api/v1/auth/register', creds('Other_1'));
    const otherHandle = (await other.get('/api/v1/auth/sessions')).json().sessions[0].id as string;
    const cross = await a.post('/api/v1/auth/sessions/revoke', { id: otherHandle });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ error: 'No such session of yours.' });
    expect((await other.get('/api/v1/user/me')).json().username).toBe('Other_1');
    // bad bodies
    expect((await a.post('/api/v1/auth/sessions/revoke', {})).statusCode).toBe(400);
    expect((await a.post('/api/v1/auth/sessions/revoke', { id: 'x'.repeat(65) })).statusCode).toBe(400);
    // log out everywhere: a and c both out, a's cookie cleared
    const all = await a.post('/api/v1/auth/logout-everywhere', {});
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ success: true, revoked: 2 });
    expect(all.cookies.find((x) => x.name === SESSION_COOKIE)?.value).toBe('');
    expect((await c.get('/api/v1/user/me')).json().id).toBeNull();
    const uid = (await other.get('/api/v1/user/me')).json().id;
    expect(uid).not.toBeNull(); // other accounts untouched
  });

  test('revoking this browser\'s own session logs it out', async () => {
    const a = new Client(server);
    await a.post('/api/v1/auth/register', creds('Self_1'));
    const mine = (await a.get('/api/v1/auth/sessions')).json().sessions[0];
    expect(mine.current).toBe(true);
    const res = await a.post('/api/v1/auth/sessions/revoke', { id: mine.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessions).toEqual([]);
    expect((await a.get('/api/v1/user/me')).json().id).toBeNull();
  });

  test('needs an account: a guest or no session gets 401 Not Logged In', async () => {
    const g = new Client(server);
    expect((await g.get('/api/v1/auth/sessions')).json()).toEqual({ error: 'Not Logged In' });
    await g.post('/gameoptions/edit', { controls: { mouse_sens: 2 } }); // now a guest
    expect((await g.get('/api/v1/auth/sessions')).statusCode).toBe(401);
    expect((await g.post('/api/v1/auth/logout-everywhere', {})).statusCode).toBe(401);
    expect((await g.post('/api/v1/auth/password', { current_password: 'x', new_password: 'yyyyyyyyyyyy' })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  test('checks the current password and the rules; ends the other sessions, rotates this one; the new password logs in', async () => {
    const a = new Client(server);
    const id = (await a.post('/api/v1/auth/register', creds('Pw_1'))).json().id as number;
    const b = new Client(server);
    await b.post('/api/v1/auth/login', creds('Pw_1'));
    const before = a.session!;
    const wrong = await a.post('/api/v1/auth/password', { current_password: 'not my password', new_password: 'a brand new secret' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Your current password is wrong.' });
    const short = await a.post('/api/v1/auth/password', { current_password: 'correct horse battery', new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 10 characters.');
    const same = await a.post('/api/v1/auth/password', { current_password: 'correct horse battery', new_password: 'correct horse battery' });
    expect(same.statusCode).toBe(400);
    expect((await a.post('/api/v1/auth/password', { current_password: 'correct horse battery' })).statusCode).toBe(400);
    expect((await b.get('/api/v1/user/me')).json().id).toBe(id); // nothing changed so far
    const ok = await a.post('/api/v1/auth/password', { current_password: 'correct horse battery', new_password: 'a brand new secret' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, revoked: 1 });
    expect(a.session).not.toBe(before); // rotated
    expect((await a.get('/api/v1/user/me')).json().id).toBe(id);
    expect((await b.get('/api/v1/user/me')).json().id).toBeNull(); // the other session ended
    const stale = await server.app.inject({ method: 'GET', url: '/api/v1/user/me', cookies: { [SESSION_COOKIE]: before } });
    expect(stale.json().id).toBeNull(); // the old token of this browser too
    expect((await new Client(server).post('/api/v1/auth/login', creds('Pw_1'))).statusCode).toBe(401);
    expect((await new Client(server).post('/api/v1/auth/login', creds('Pw_1', 'a brand new secret'))).statusCode).toBe(200);
  });
});

describe('device labels', () => {
  test.each([
    [FIREFOX_WIN, 'Firefox on Windows'],
    [CHROME_ANDROID, 'Chrome on Android'],
    [SAFARI_MAC, 'Safari on macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['curl/8.5.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s -> %s', (ua, want) => {
    expect(deviceLabel(ua)).toBe(want);
  });
});

describe('retention (issue 39 item 4)', () => {
  test('accounts with no run and no login for a year are deleted; others stay; ended sessions are cleaned up', async () => {
    const s = await startTestServer({ rateLimits: false, loginLimits: false });
    const open = openDb({ databaseFile: s.databaseFile });
    try {
      const make = async (name: string) => {
        const c = new Client(s);
        const id = (await c.post('/api/v1/auth/register', creds(name))).json().id as number;
        return { c, id };
      };
      const dormant = await make('Dormant_1');
      const withRun = await make('Runner_1');
      expect((await withRun.c.post('/api/v1/performance', submission(2033))).statusCode).toBeLessThan(300);
      const recentLogin = await make('Recent_1');
      const premium = await make('Premium_1');
      const recentUse = await make('Used_1');
      const old = daysAgo(400);
      for (const u of [dormant, withRun, recentLogin, premium, recentUse]) {
        s.exec('update users set created_at = ?, last_login_at = ? where id = ?', old, old, u.id);
        s.exec('update sessions set created_at = ?, last_seen = ? where user_id = ?', old, old, u.id);
      }
      s.exec('update users set last_login_at = ? where id = ?', daysAgo(100), recentLogin.id);
      s.exec('update users set premium = 1 where id = ?', premium.id);
      s.exec('update sessions set last_seen = ? where user_id = ?', daysAgo(200), recentUse.id);
      expect(await deleteDormantAccounts(open.db, { now: new Date(Date.now() - 40 * 86_400_000) })).toBe(0); // 360 days then
      expect(await deleteDormantAccounts(open.db)).toBe(1);
      const left = s.query<{ username: string }>('select username from users where username is not null order by id').map((r) => r.username);
      expect(left).toEqual(['Runner_1', 'Recent_1', 'Premium_1', 'Used_1']);
      expect(s.query('select id from sessions where user_id = ?', dormant.id)).toEqual([]);
      // the name is free again
      expect((await new Client(s).post('/api/v1/auth/register', creds('Dormant_1'))).statusCode).toBe(200);
      // ended sessions: the 400-day-old ones go, live ones stay
      const live = s.query<{ n: number }>('select count(*) as n from sessions where last_seen > ?', daysAgo(1))[0].n;
      expect(await deleteEndedSessions(open.db, { idleDays: 30, absoluteDays: 90 })).toBeGreaterThanOrEqual(4);
      expect(s.query<{ n: number }>('select count(*) as n from sessions')[0].n).toBe(live);
    } finally {
      await open.db.destroy();
      await s.close();
    }
  });
});
