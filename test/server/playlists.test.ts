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

test('GET /api/v1/playlists: the four fixed ones and today\'s daily, with their drills; the warm-up is 10 minutes', async () => {
  const c = new Client(server);
  const res = await c.get('/api/v1/playlists');
  expect(res.statusCode).toBe(200);
  const { playlists } = res.json();
  const today = new Date().toISOString().slice(0, 10);
  expect(playlists.map((p: { id: string }) => p.id)).toEqual(['warm-up', 'clicking', 'tracking', 'switching', `daily-${today}`]);
  for (const [i, p] of FIXED_PLAYLISTS.entries()) {
    // every drill of the data is in the catalogue (none dropped)
    expect(playlists[i].drills.map((d: { id: number }) => d.id)).toEqual(p.drills);
  }
  expect(playlists[0].duration_ms).toBe(10 * 60_000);
  expect(playlists[0].drills[0]).toEqual({ id: 134, name: 'Gridshot Classic', duration: 60000 });
  expect(playlists[4].drills).toHaveLength(DAILY_LENGTH);
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
