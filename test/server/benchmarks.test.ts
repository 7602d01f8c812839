/**
 * Benchmarks (issue 36 item 3) on a real SQLite file: the season list, the reader's standing
 * from RANKED runs only, accounts only (401 'Not Logged In' for guests), 404 for a season that
 * does not exist. Runs are submitted through the API (unticketed: stored unranked) and ranked in
 * the database as a verified ticketed run is (test/server/leaderboard.test.ts does the same).
 */
import { SEASON_1, seasonDrills } from '../../src/contracts/benchmarks';
import { Client, b64, startTestServer, submission, type TestServer } from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

/** Submits a run of `drill` (kills, accuracy %); ranks it unless `ranked` is false. */
async function play(c: Client, drill: number, kills: number, accuracy = 75, ranked = true): Promise<number> {
  const res = await c.post('/api/v1/performance', submission(drill, { targets_destroyed: b64(kills), accuracy }));
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  if (ranked) server.exec('update performances set ranked = 1 where id = ?', id);
  return id;
}

async function registered(name: string): Promise<Client> {
  const c = new Client(server);
  const res = await c.post('/api/v1/auth/register', { username: name, password: 'correct horse battery' });
  expect(res.statusCode).toBe(200);
  return c;
}

test('GET /api/v1/benchmarks lists the season: 3 categories x 3 subcategories x 2 drills with 12 thresholds each', async () => {
  const res = await new Client(server).get('/api/v1/benchmarks');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.seasons).toHaveLength(1);
  const s = body.seasons[0];
  expect(s.id).toBe('season-1');
  expect(s.ranks.map((r: { name: string; energy: number }) => `${r.name}:${r.energy}`).slice(0, 2)).toEqual(['Iron:100', 'Bronze:200']);
  expect(s.categories.map((c: { id: string }) => c.id)).toEqual(['clicking', 'tracking', 'switching']);
  const drills = s.categories.flatMap((c: { subcategories: { drills: { drill_id: number; thresholds: number[] }[] }[] }) => c.subcategories.flatMap((x) => x.drills));
  expect(drills).toHaveLength(18);
  expect(drills[0]).toEqual({ drill_id: 134, name: 'Gridshot Classic', metric: 'targets_destroyed', thresholds: [36, 45, 54, 63, 72, 81, 90, 99, 108, 117, 126, 135] });
  // every season drill exists in the catalogue the server seeded
  for (const d of drills) expect((await new Client(server).get(`/api/v1/gameconfig/${d.drill_id}`)).statusCode).toBe(200);
});

test("GET /api/v1/benchmarks/:id/me: 401 'Not Logged In' for a guest and without a session; 404 for an unknown season", async () => {
  expect((await new Client(server).get('/api/v1/benchmarks/season-1/me')).json()).toEqual({ error: 'Not Logged In' });
  const guest = new Client(server);
  await play(guest, 134, 100); // a guest with a ranked run is still a guest
  const res = await guest.get('/api/v1/benchmarks/season-1/me');
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ error: 'Not Logged In' });
  const a = await registered('bench_a');
  const missing = await a.get('/api/v1/benchmarks/season-9/me');
  expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'Benchmark season not found' }]);
});

test('the standing counts ranked runs only, the best per drill, with energies, ranks and the next threshold', async () => {
  const a = await registered('bench_b');
  await play(a, 134, 80); // ranked 80
  await play(a, 134, 94); // ranked 94: Jade 90 -> Master 99: 700 + 4/9*100 = 744.4
  await play(a, 134, 130, 75, false); // unranked 130: ignored
  await play(a, 143, 10, 54); // Smooth Tracking by accuracy 54 %: Diamond, 600
  await play(a, 137, 500); // Microflick far above Celestial: capped at 1200
  const res = await a.get('/api/v1/benchmarks/season-1/me');
  expect(res.statusCode).toBe(200);
  const me = res.json();
  const drill = (id: number) => me.drills.find((d: { drill_id: number }) => d.drill_id === id);
  expect(drill(134)).toEqual({ drill_id: 134, best: 94, energy: 744.4, rank: 7, next: { rank: 8, threshold: 99 }, progress: 0.444 });
  expect(drill(143)).toMatchObject({ best: 54, energy: 600, rank: 6, next: { rank: 7, threshold: 60 }, progress: 0 });
  expect(drill(137)).toMatchObject({ best: 500, energy: 1200, rank: 12, next: null, progress: 1 });
  expect(drill(151)).toMatchObject({ best: null, energy: 0, rank: 0, next: { rank: 1, threshold: 24 } });
  expect(me.subcategories.slice(0, 4).map((s: { id: string; energy: number }) => [s.id, s.energy])).toEqual([
    ['static', 744], ['flicking', 1200], ['precision', 0], ['smooth', 600],
  ]);
  // subcategories without a score: overall 0, unranked
  expect([me.energy, me.rank, me.rank_name, me.complete_rank]).toEqual([0, 0, null, 0]);
});

test('a full season: the overall rank is the harmonic mean of the subcategories', async () => {
  const a = await registered('bench_c');
  // every drill at its Gold threshold: 400 everywhere
  for (const d of seasonDrills(SEASON_1)) {
    const gold = d.thresholds[3];
    if (d.metric === 'accuracy') await play(a, d.drill_id, 5, gold);
    else await play(a, d.drill_id, gold);
  }
  const me = (await a.get('/api/v1/benchmarks/season-1/me')).json();
  expect(me.subcategories.every((s: { energy: number }) => s.energy === 400)).toBe(true);
  expect([me.energy, me.energy_rank, me.complete_rank, me.rank, me.rank_name]).toEqual([400, 4, 4, 4, 'Gold']);
  // another account sees its own (empty) standing, not this one
  const b = await registered('bench_d');
  expect((await b.get('/api/v1/benchmarks/season-1/me')).json().drills.every((d: { best: null }) => d.best === null)).toBe(true);
});
