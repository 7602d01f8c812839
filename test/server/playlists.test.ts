/**
 * Built-in playlists (issue 36 item 4, first part) on a real SQLite file: the fixed playlists'
 * drills exist, the warm-up is 10 minutes, the daily playlist is the same all day and changes
 * with the day (seeded), and the answers' shapes.
 */
import { DAILY_LENGTH, FIXED_PLAYLISTS } from '../../src/contracts/playlists';
import { dailyPlaylist, fnv1a32 } from '../../src/server/playlistRoutes';
import { Client, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

test('fnv1a32 matches the FNV spec test vectors', () => {
  expect(fnv1a32('')).toBe(0x811c9dc5);
  expect(fnv1a32('a')).toBe(0xe40c292c);
  expect(fnv1a32('foobar')).toBe(0xbf9cf968);
});

test('dailyPlaylist: the same day gives the same drills whatever the pool order; other days differ', () => {
  const pool = Array.from({ length: 30 }, (_, i) => 134 + i);
  const a = dailyPlaylist('2026-11-27', pool);
  expect(a.drills).toHaveLength(DAILY_LENGTH);
  expect(new Set(a.drills).size).toBe(DAILY_LENGTH);
  expect(dailyPlaylist('2026-11-27', [...pool].reverse()).drills).toEqual(a.drills);
  const week = ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'].map((d) => dailyPlaylist(d, pool).drills.join());
  expect(week.filter((w) => w === a.drills.join())).toEqual([]);
  expect(new Set(week).size).toBe(week.length);
  expect(dailyPlaylist('2026-11-27', [5, 6]).drills.sort()).toEqual([5, 6]);
});

test('GET /api/v1/playlists: the fixed ones (the assessment included) and today\'s daily, with their drills; the warm-up is 10 minutes', async () => {
  const c = new Client(server);
  const res = await c.get('/api/v1/playlists');
  expect(res.statusCode).toBe(200);
  const { playlists } = res.json();
  const today = new Date().toISOString().slice(0, 10);
  expect(playlists.map((p: { id: string }) => p.id)).toEqual(['warm-up', 'clicking', 'tracking', 'switching', 'assessment', `daily-${today}`]);
  for (const [i, p] of FIXED_PLAYLISTS.entries()) {
    // every drill of the data is in the catalogue (none dropped)
    expect(playlists[i].drills.map((d: { id: number }) => d.id)).toEqual(p.drills);
  }
  expect(playlists[0].duration_ms).toBe(10 * 60_000);
  expect(playlists[0].drills[0]).toEqual({ id: 134, name: 'Gridshot Classic', duration: 60000 });
  expect(playlists[5].drills).toHaveLength(DAILY_LENGTH);
});

test('GET /api/v1/playlists/:id: a built-in, daily (today) and daily-YYYY-MM-DD; 404 otherwise', async () => {
  const c = new Client(server);
  expect((await c.get('/api/v1/playlists/tracking')).json().drills.map((d: { id: number }) => d.id)).toEqual([143, 161, 144, 145, 146, 162]);
  const today = (await c.get('/api/v1/playlists/daily')).json();
  expect(today.id).toBe(`daily-${new Date().toISOString().slice(0, 10)}`);
  expect((await c.get(`/api/v1/playlists/${today.id}`)).json()).toEqual(today);
  const other = (await c.get('/api/v1/playlists/daily-2026-01-02')).json();
  expect(other.drills).toHaveLength(DAILY_LENGTH);
  expect((await c.get('/api/v1/playlists/daily-2026-01-02')).json()).toEqual(other);
  for (const bad of ['nope', 'daily-2026-02-30', 'daily-26-1-2']) {
    const r = await c.get(`/api/v1/playlists/${bad}`);
    expect([bad, r.statusCode, r.json()]).toEqual([bad, 404, { error: 'Playlist not found' }]);
  }
});

describe('accounts\' playlists (issue 36 item 4): create, edit, share by link, delete', () => {
  const PASSWORD = 'correct horse battery';
  const put = (c: Client, url: string, payload: unknown) => c.request({ method: 'PUT', url, payload: payload as never });
  const del = (c: Client, url: string) => c.request({ method: 'DELETE', url, payload: {} });

  test('an account creates a playlist, lists it, edits it; anyone reads it by its link; only the owner changes or deletes it', async () => {
    const owner = new Client(server);
    expect((await owner.post('/api/v1/auth/register', { username: 'Lister', password: PASSWORD })).statusCode).toBe(200);
    const made = await owner.post('/api/v1/playlists', { name: 'My warm-up', description: 'Mine.', drills: [2033, 134, 2033] });
    expect(made.statusCode).toBe(201);
    const list = made.json();
    expect(list.id).toMatch(/^p-[a-z0-9]{10}$/);
    expect(list).toMatchObject({ name: 'My warm-up', description: 'Mine.', builtin: false, owner: 'Lister', mine: true });
    expect(list.drills.map((d: { id: number }) => d.id)).toEqual([2033, 134, 2033]);
    expect(list.duration_ms).toBe(list.drills.reduce((s: number, d: { duration: number }) => s + d.duration, 0));

    // the list names it after the built-ins, for its owner only
    const mine = (await owner.get('/api/v1/playlists')).json().playlists;
    expect(mine.at(-1).id).toBe(list.id);
    const guest = new Client(server);
    const theirs = (await guest.get('/api/v1/playlists')).json().playlists;
    expect(theirs.some((p: { id: string }) => p.id === list.id)).toBe(false);
    // shared by link: a guest reads it, not as its owner
    const shared = await guest.get(`/api/v1/playlists/${list.id}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ id: list.id, name: 'My warm-up', mine: false, owner: 'Lister' });

    // edits: the owner's apply; a guest gets 401, another account 403, and nothing changes
    const edited = await put(owner, `/api/v1/playlists/${list.id}`, { name: 'Renamed', drills: [134] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().drills.map((d: { id: number }) => d.id)).toEqual([134]);
    expect(edited.json().description).toBe('');
    expect((await put(guest, `/api/v1/playlists/${list.id}`, { name: 'Hijack', drills: [134] })).statusCode).toBe(401);
    const other = new Client(server);
    expect((await other.post('/api/v1/auth/register', { username: 'Other', password: PASSWORD })).statusCode).toBe(200);
    expect((await put(other, `/api/v1/playlists/${list.id}`, { name: 'Hijack', drills: [134] })).statusCode).toBe(403);
    expect((await del(other, `/api/v1/playlists/${list.id}`)).statusCode).toBe(403);
    expect((await guest.get(`/api/v1/playlists/${list.id}`)).json().name).toBe('Renamed');

    // bad bodies: 400, nothing stored
    expect((await owner.post('/api/v1/playlists', { name: '', drills: [134] })).statusCode).toBe(400);
    expect((await owner.post('/api/v1/playlists', { name: 'Empty', drills: [] })).statusCode).toBe(400);
    expect((await owner.post('/api/v1/playlists', { name: 'Too long', drills: Array(31).fill(134) })).statusCode).toBe(400);
    const unknown = await owner.post('/api/v1/playlists', { name: 'Unknown', drills: [134, 999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/Drill 999999/);
    // a guest cannot create one
    expect((await guest.post('/api/v1/playlists', { name: 'Guest', drills: [134] })).statusCode).toBe(401);
    expect((await owner.get('/api/v1/playlists')).json().playlists.filter((p: { builtin: boolean }) => !p.builtin)).toHaveLength(1);

    // delete: gone for everyone
    expect((await del(owner, `/api/v1/playlists/${list.id}`)).json()).toEqual({ deleted: true });
    expect((await guest.get(`/api/v1/playlists/${list.id}`)).statusCode).toBe(404);
    expect((await del(owner, `/api/v1/playlists/${list.id}`)).statusCode).toBe(404);
  });
});
