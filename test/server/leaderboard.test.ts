/**
 * Leaderboards, progress and the run read's premium gating (issue 15). Runs are submitted
 * through the API (unticketed: stored unranked) and ranked in the database as a verified
 * ticketed run is (test/server/trustedRuns.test.ts covers how a run gets ranked).
 */
import { runSummarySchema } from '../../src/contracts/performance';
import { Client, b64, schemaErrors, startTestServer, submission, type TestServer } from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

/** Submits a run of drill 2033 with `kills` targets; ranks it unless `ranked` is false. */
async function play(client: Client, kills: number, ranked = true, drill = 2033, over: Record<string, unknown> = {}): Promise<number> {
  const res = await client.post('/api/v1/performance', submission(drill, { targets_destroyed: b64(kills), ...over }));
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  if (ranked) server.exec('update performances set ranked = 1 where id = ?', id);
  return id;
}

async function userId(client: Client): Promise<number> {
  return (await client.get('/api/v1/gameconfig/2033')).json().user_id;
}

/** Makes `client`'s player (already created by a write) an account named `name`, as registering
 * does (the row is upgraded in place: same id, same runs). */
async function account(client: Client, name: string): Promise<number> {
  const id = await userId(client);
  server.exec('update users set username = ? where id = ?', name, id);
  return id;
}

/** A new account named `name` with one run of `kills` on drill 2033 (ranked unless told). */
async function accountWith(name: string, kills: number, ranked = true): Promise<Client> {
  const c = new Client(server);
  await play(c, kills, ranked);
  await account(c, name);
  return c;
}

describe('GET /api/v1/leaderboard/:drillId', () => {
  test('unverified (unranked) runs never appear; one row per player, their best; ties share a rank, earlier first', async () => {
    const a = new Client(server), b = new Client(server), c = new Client(server), d = new Client(server);
    await play(a, 5);
    await play(a, 9); // a's best: 9
    await play(a, 50, false); // unranked: ignored
    const bRun = await play(b, 7); // b reaches 7 first
    await play(b, 7); // again: the earlier run names b's row
    await play(c, 7); // c ties b, later
    await play(d, 99, false); // only unranked runs: not on the board
    const [ua, ub, uc, ud] = [await account(a, 'alice'), await account(b, 'bob'), await account(c, 'carol'), await account(d, 'dave')];

    const res = await a.get('/api/v1/leaderboard/2033');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ drill_id: 2033, primary_metric: 'targets_destroyed', lower_is_better: false, total: 3, limit: 20, offset: 0 });
    expect(body.entries.map((e: { user_id: number; score: number; rank: number; player: string }) => [e.user_id, e.player, e.score, e.rank])).toEqual([
      [ua, 'alice', 9, 1],
      [ub, 'bob', 7, 2],
      [uc, 'carol', 7, 2],
    ]);
    expect(body.entries[1].run_id).toBe(bRun);
    expect(body.entries.some((e: { user_id: number }) => e.user_id === ud)).toBe(false);
    // (You) on the reader's own row only
    expect(body.entries.map((e: { is_me: boolean }) => e.is_me)).toEqual([true, false, false]);
    // a beats both others (100 %)
    expect(body.me).toEqual({ rank: 1, best: 9, percentile: 100, listed: true });
    // c's own view: tie with b, rank 2; only c's row is c's although b has the same score
    const cView = (await c.get('/api/v1/leaderboard/2033')).json();
    expect(cView.me).toEqual({ rank: 2, best: 7, percentile: 0, listed: true });
    expect(cView.entries.map((e: { is_me: boolean }) => e.is_me)).toEqual([false, false, true]);
    expect((await d.get('/api/v1/leaderboard/2033')).json().me).toEqual({ rank: null, best: null, percentile: null, listed: false });
    // the same rules in gameconfig and the drill list
    const cfg = (await c.get('/api/v1/gameconfig/2033')).json();
    expect([cfg.best_score, cfg.leaderboard_rank]).toEqual([7, 2]);
    const listed = (await c.get('/api/v1/drills')).json().find((x: { id: number }) => x.id === 2033);
    expect([listed.best_score, listed.leaderboard_rank]).toEqual([7, 2]);
  });

  test('guests are never listed: they keep their runs and see where their best would place', async () => {
    await accountWith('alice', 9);
    await accountWith('bob', 4);
    await accountWith('carol', 2);
    const guest = new Client(server);
    const guestRun = await play(guest, 5); // ranked (verified), but a guest's
    const gid = await userId(guest);
    const other = new Client(server);
    await play(other, 50); // a guest with the top score: not listed either

    const body = (await guest.get('/api/v1/leaderboard/2033')).json();
    expect(body.total).toBe(3);
    expect(body.entries.map((e: { player: string }) => e.player)).toEqual(['alice', 'bob', 'carol']);
    expect(body.entries.some((e: { user_id: number }) => e.user_id === gid)).toBe(false);
    // the guest's 5 would place second, better than bob and carol (2 of the 3 listed)
    expect(body.me).toEqual({ rank: 2, best: 5, percentile: 66.7, listed: false });
    // their run is kept, with the same standing in the summary
    const run = (await guest.get(`/api/v1/performance/${guestRun}`)).json();
    expect(run).toMatchObject({ ranked: true, leaderboard_rank: 2, leaderboard_size: 3, leaderboard_percentile: 66.7, leaderboard_listed: false });
    // registering lists them with the same runs (the row is upgraded in place)
    await account(guest, 'gina');
    const after = (await guest.get('/api/v1/leaderboard/2033')).json();
    expect(after.total).toBe(4);
    expect(after.entries.map((e: { player: string; is_me: boolean }) => [e.player, e.is_me])).toEqual([
      ['alice', false], ['gina', true], ['bob', false], ['carol', false],
    ]);
    expect(after.me).toEqual({ rank: 2, best: 5, percentile: 66.7, listed: true });
    const run2 = (await guest.get(`/api/v1/performance/${guestRun}`)).json();
    expect(run2).toMatchObject({ leaderboard_rank: 2, leaderboard_size: 4, leaderboard_percentile: 66.7, leaderboard_listed: true });
  });

  test('around=me: the window of limit rows with the reader in the middle; a guest: around where they would place', async () => {
    const scores = [20, 19, 18, 17, 16, 15, 14, 13, 12, 11];
    const clients: Client[] = [];
    for (const [i, s] of scores.entries()) clients.push(await accountWith(`p${i}`, s));
    const me = clients[6]; // score 14, rank 7, position 6
    const body = (await me.get('/api/v1/leaderboard/2033?limit=3&around=me')).json();
    expect(body).toMatchObject({ offset: 5, limit: 3, total: 10 });
    expect(body.entries.map((e: { score: number; is_me: boolean }) => [e.score, e.is_me])).toEqual([[15, false], [14, true], [13, false]]);
    expect(body.me).toEqual({ rank: 7, best: 14, percentile: 33.3, listed: true });
    // near the top the window starts at 0
    const top = (await clients[0].get('/api/v1/leaderboard/2033?limit=5&around=me')).json();
    expect(top.offset).toBe(0);
    expect(top.entries[0].is_me).toBe(true);
    // near the bottom: the reader is in the window (the window is cut by the board's end)
    const last = (await clients[9].get('/api/v1/leaderboard/2033?limit=4&around=me')).json();
    expect(last.offset).toBe(8);
    expect(last.entries.map((e: { score: number }) => e.score)).toEqual([12, 11]);
    // a guest with 16 -> would be rank 5 (position 4): the window around it
    const guest = new Client(server);
    await play(guest, 16);
    const g = (await guest.get('/api/v1/leaderboard/2033?limit=3&around=me')).json();
    expect(g.me).toEqual({ rank: 5, best: 16, percentile: 50, listed: false });
    expect(g.offset).toBe(3);
    expect(g.entries.map((e: { score: number }) => e.score)).toEqual([17, 16, 15]);
    expect(g.entries.every((e: { is_me: boolean }) => !e.is_me)).toBe(true);
    // no session, or no best: the top page
    const anon = (await server.app.inject('/api/v1/leaderboard/2033?limit=3&around=me')).json();
    expect(anon).toMatchObject({ offset: 0, me: null });
    expect(anon.entries.map((e: { score: number }) => e.score)).toEqual([20, 19, 18]);
    // a user who exists yet has no ranked run: the top page as well
    const fresh = new Client(server);
    await play(fresh, 30, false);
    expect((await fresh.get('/api/v1/leaderboard/2033?limit=3&around=me')).json()).toMatchObject({ offset: 0, me: { rank: null } });
  });

  test('pagination: limit and offset page through the board in order, total counts every player', async () => {
    const scores = [3, 8, 5, 8, 1];
    for (const [i, s] of scores.entries()) await accountWith(`p${i}`, s);
    const page1 = (await server.app.inject('/api/v1/leaderboard/2033?limit=2&offset=0')).json();
    const page2 = (await server.app.inject('/api/v1/leaderboard/2033?limit=2&offset=2')).json();
    const page3 = (await server.app.inject('/api/v1/leaderboard/2033?limit=2&offset=4')).json();
    expect(page1.total).toBe(5);
    const all = [...page1.entries, ...page2.entries, ...page3.entries];
    expect(all.map((e: { score: number }) => e.score)).toEqual([8, 8, 5, 3, 1]);
    expect(all.map((e: { rank: number }) => e.rank)).toEqual([1, 1, 3, 4, 5]);
    expect(page3.entries).toHaveLength(1);
    const beyond = (await server.app.inject('/api/v1/leaderboard/2033?offset=10')).json();
    expect(beyond).toMatchObject({ total: 5, entries: [] });
    expect(page1.me).toBeNull(); // no session
  });

  test('a lower-is-better metric ranks the lowest positive time first; 0 (no kill) is never a best', async () => {
    server.exec(
      `insert into drills (id, name, game_type_description, objective, category, fields) values (9001, 'Speed', '', 'Be quick.', 'test', ?)`,
      JSON.stringify({ primary_metric: 'time_destroy', duration: 8000, num_targets: 1, config: '{}' }),
    );
    const a = new Client(server), b = new Client(server), c = new Client(server);
    await play(a, 3, true, 9001, { time_destroy: 400 });
    await play(b, 3, true, 9001, { time_destroy: 350 });
    await play(c, 0, true, 9001, { time_destroy: 0 });
    await account(a, 'alice');
    await account(b, 'bob');
    await account(c, 'carol');
    const body = (await a.get('/api/v1/leaderboard/9001')).json();
    expect(body.lower_is_better).toBe(true);
    expect(body.entries.map((e: { score: number; rank: number }) => [e.score, e.rank])).toEqual([[350, 1], [400, 2]]);
    expect(body.me).toEqual({ rank: 2, best: 400, percentile: 0, listed: true });
  });

  test('a run with no kill (score 0) is never a place on a board, for a higher-is-better metric too', async () => {
    const a = await accountWith('alice', 4);
    const zero = await accountWith('zed', 0);
    const body = (await a.get('/api/v1/leaderboard/2033')).json();
    expect(body.entries.map((e: { player: string }) => e.player)).toEqual(['alice']);
    expect(body.total).toBe(1);
    const mine = (await zero.get('/api/v1/leaderboard/2033')).json();
    expect(mine.me).toMatchObject({ rank: null, listed: false });
    expect((await zero.get('/api/v1/gameconfig/2033')).json()).toMatchObject({ best_score: 0, leaderboard_rank: null });
  });

  test.each([
    ['/api/v1/leaderboard/abc', 400, 'This drill has an invalid id.'],
    ['/api/v1/leaderboard/2033?limit=0', 400, 'limit must be a whole number from 1 to 100.'],
    ['/api/v1/leaderboard/2033?limit=101', 400, 'limit must be a whole number from 1 to 100.'],
    ['/api/v1/leaderboard/2033?limit=-1', 400, 'limit must be a whole number from 1 to 100.'],
    ['/api/v1/leaderboard/2033?limit=ten', 400, 'limit must be a whole number from 1 to 100.'],
    ['/api/v1/leaderboard/2033?offset=1.5', 400, 'offset must be a whole number from 0 to 1000000.'],
    ['/api/v1/leaderboard/2033?offset=1&offset=2', 400, 'offset must be a whole number from 0 to 1000000.'],
    ['/api/v1/leaderboard/2033?sort=asc', 400, "Unknown query parameter 'sort'."],
    ['/api/v1/leaderboard/2033?around=you', 400, "around must be 'me'."],
    ['/api/v1/leaderboard/2033?around=me&offset=0', 400, 'Give offset or around, not both.'],
    ['/api/v1/leaderboard/424242', 404, 'Drill not found'],
  ])('%s -> %i %s', async (url, status, error) => {
    const res = await server.app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error });
  });
});

describe('GET /api/v1/progress', () => {
  test('lists every drill played with its runs, best, trend and the total time trained', async () => {
    const a = new Client(server);
    await play(a, 2);
    await play(a, 4);
    await play(a, 10, true, 134);
    const body = (await a.get('/api/v1/progress')).json();
    expect(body.total_runs).toBe(3);
    expect(body.total_time_ms).toBe(2 * 8000 + 60000);
    expect(body.drills.map((d: { drill_id: number }) => d.drill_id)).toEqual([134, 2033]);
    const d2033 = body.drills[1];
    expect(d2033).toMatchObject({ runs: 2, best: 4, last_score: 4, trend: 2, time_ms: 16000 });
    expect(d2033.scores.map((s: { score: number }) => s.score)).toEqual([2, 4]);
    expect(body.recent.map((r: { drill_id: number }) => r.drill_id)).toEqual([134, 2033, 2033]);
    const hist = (await a.get('/api/v1/progress/2033')).json();
    expect(hist.runs.map((r: { score: number }) => r.score)).toEqual([2, 4]);
    expect(hist.best).toBe(4);
    expect((await a.get('/api/v1/progress/2033?limit=0')).statusCode).toBe(400);
    // without a session: empty
    expect((await server.app.inject('/api/v1/progress')).json()).toEqual({ total_runs: 0, total_time_ms: 0, drills: [], recent: [] });
  });
});

describe('the run read (GET /api/v1/performance/:id): premium gating, best, rank, insight', () => {
  const insight = {
    av_reaction_time: 250,
    mouse_travel_efficiency: 87.5,
    initial_move_angle: 12.25,
    mouse_pixel_speed: 1.5,
    prct_late_shots: 25,
    av_late_shot_time: 140,
    shot_offsets: [[1, 0], [3, 0]],
    fitts_segments: [[30, 2, 500]],
    input_health: { mouse_hz: 125, look_events: 100, rejected_deltas: 0, raw_input: false, fps_p50: 120, fps_p5: 90, fps_p1: 80 },
  };

  test('a non-premium viewer gets no premium metric and premium_locked; a premium one gets the four', async () => {
    const a = new Client(server);
    await play(a, 2);
    const bullets = [
      { tick: 10, t_ms: 156.25, hit: true, crit: false, killed: true, yaw: 1, pitch: 0, target: 0, damage: 1, target_age_ms: 300 },
      { tick: 40, t_ms: 625, hit: true, crit: false, killed: true, yaw: 3, pitch: 0, target: 1, damage: 1, target_age_ms: 500 },
      { tick: 50, t_ms: 700, hit: false, crit: false, yaw: 3, pitch: 0, target: -1 },
    ];
    const res = await a.post('/api/v1/performance', {
      ...submission(2033, { targets_destroyed: b64(2), hits: 2, shots: 3, ...insight }), bulletData: bullets,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    server.exec('update performances set ranked = 1 where id = ?', id);

    const free = (await a.get(`/api/v1/performance/${id}`)).json();
    expect(schemaErrors(runSummarySchema, free)).toBe('');
    expect(free.premium_locked).toBe(true);
    for (const k of ['full_shot_time', 'mouse_travel_efficiency', 'initial_move_angle', 'mouse_pixel_speed', 'prct_late_shots', 'av_late_shot_time']) {
      expect(free).not.toHaveProperty(k);
    }
    expect(free.av_reaction_time).toBe(250); // for everyone
    // a guest: not listed; their best would place first on the (empty) board
    expect(free).toMatchObject({ previous_best: 2, best_score: 2, leaderboard_rank: 1, leaderboard_size: 0, leaderboard_percentile: null, leaderboard_listed: false, tiers: [1] });
    expect(free.objective).toBe('Destroy at least one target.');
    // insight: TP = log2(30/2 + 1) / 0.5 s = 8 bits/s; bias (2, 0), sd_x sqrt(2)
    expect(free.throughput).toBe(8);
    expect(free.shot_map).toEqual({ points: [[1, 0], [3, 0]], n: 2, bias_x: 2, bias_y: 0, sd_x: 1.41, sd_y: 0, spread: 1.41 });
    expect(free.input_health.issues.map((i: { key: string }) => i.key)).toEqual(['low_mouse_rate', 'no_raw_input']);
    expect((await a.get('/api/v1/performance/latest')).json().premium_locked).toBe(true);

    server.exec('update users set premium = 1 where id = ?', await userId(a));
    const paid = (await a.get(`/api/v1/performance/${id}`)).json();
    expect(schemaErrors(runSummarySchema, paid)).toBe('');
    expect(paid).not.toHaveProperty('premium_locked');
    expect(paid).toMatchObject({
      full_shot_time: 400, mouse_travel_efficiency: 87.5, initial_move_angle: 12.25, mouse_pixel_speed: 1.5,
      prct_late_shots: 25, av_late_shot_time: 140,
    });
    expect((await a.get('/api/v1/performance/latest')).json().full_shot_time).toBe(400);
  });

  test('a submission with a bad insight field is a 400 with a clear error', async () => {
    const a = new Client(server);
    const res = await a.post('/api/v1/performance', submission(2033, { shot_offsets: [[500, 0]] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/shot_offsets/);
    const res2 = await a.post('/api/v1/performance', submission(2033, { input_health: { mouse_hz: 1000 } }));
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error).toMatch(/input_health/);
  });
});
