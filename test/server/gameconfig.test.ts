import { gameConfigResponseSchema } from '../../src/contracts/gameConfig';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { SESSION_COOKIE } from '../../src/server/session';
import { Client, schemaErrors, startTestServer, submission, b64, type TestServer } from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

describe('GET /api/v1/gameconfig/:id', () => {
  test('answers the drill fields merged with the player defaults to a cookieless reader, creating no guest', async () => {
    const client = new Client(server);
    const res = await client.get('/api/v1/gameconfig/2033');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.cookies).toEqual([]);
    expect(server.query('select count(*) as n from users')).toEqual([{ n: 0 }]);

    const body = res.json();
    expect(schemaErrors(gameConfigResponseSchema, body)).toBe('');

    const { category, ...drill } = DRILL_CATALOGUE.find((d) => d.id === 2033)!;
    expect(category).toBe('test');
    const expected = {
      ...drill,
      user_id: null as number | null,
      premium: false,
      best_score: null,
      leaderboard_rank: null,
      user_target_colour: '#ff4b3e',
      user_wall_colour: '#202329',
      user_line_colour: '#474d59',
      user_texture: null,
      mouse_sensitivity: 1,
      mouse_sensitivity_y: null,
      mouse_inverse: 0,
      mouse_dpi: null,
      sens_profile_id: null,
      ads_sens: 1,
      fov: 103,
      fov_type: 'h',
      crosshair_config: null,
      hitmarker_config: null,
      missmarker_config: null,
      ads_config: null,
    };
    expect(body).toEqual(expected);
    expect(body.category).toBeUndefined();
    expect(JSON.parse(body.config)).toEqual(JSON.parse(drill.config as string));

    // the first write creates the guest and sets the cookie; gameconfig then names the player
    const saved = await client.post('/api/v1/user/log-drill', { agame_id: 2033 });
    const cookie = saved.cookies.find((c) => c.name === SESSION_COOKIE) as Record<string, unknown> | undefined;
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    const users = server.query<{ id: number; premium: number }>('select id, premium from users');
    expect(users).toEqual([{ id: expect.any(Number), premium: 0 }]);
    const again = await client.get('/api/v1/gameconfig/2033');
    expect(again.cookies).toEqual([]);
    expect(again.json()).toEqual({ ...expected, user_id: users[0].id });
  });

  test('the same cookie keeps the same player; best_score is null, then the best run after submissions', async () => {
    const client = new Client(server);
    await client.post('/gameoptions/edit', { controls: { mouse_sens: 2 } });
    const first = (await client.get('/api/v1/gameconfig/2033')).json();
    expect(first.user_id).toEqual(expect.any(Number));
    expect(first.best_score).toBeNull();

    expect((await client.post('/api/v1/performance', submission(2033, { targets_destroyed: b64(5) }))).statusCode).toBe(201);
    expect((await client.post('/api/v1/performance', submission(2033, { targets_destroyed: b64(7) }))).statusCode).toBe(201);
    expect((await client.post('/api/v1/performance', submission(2033, { targets_destroyed: b64(2) }))).statusCode).toBe(201);
    // runs without a ticket are never ranked (issue 14): none counts yet
    expect((await client.get('/api/v1/gameconfig/2033')).json().best_score).toBeNull();
    server.exec('update performances set ranked = 1'); // as verified ticketed runs are (trustedRuns.test.ts)

    const after = (await client.get('/api/v1/gameconfig/2033')).json();
    expect(after.user_id).toBe(first.user_id);
    expect(after.best_score).toBe(7);
    // another drill has no best yet
    expect((await client.get('/api/v1/gameconfig/134')).json().best_score).toBeNull();
    expect(server.query('select count(*) as n from users')).toEqual([{ n: 1 }]);
  });

  test('uses the player saved controls, colours and enabled crosshair configs', async () => {
    const client = new Client(server);
    await client.post('/gameoptions/edit', {
      controls: { mouse_sens: 2.5, mouse_sens_y: 3, mouse_inverse: 1, mouse_dpi: 800, sens_profile_id: 7, ads_sens: 0.8, fov: 90, fov_type: 'v' },
      game_options: { texture: { target_colour: '#00ff00', wall_colour: '#111111', line_colour: '#222222', custom_textures_type: 'Image', custom_textures_name: 'grid' } },
    });
    await client.post('/api/v2/user/hitmarker', { enabled: true, config: { alpha: 100 } });
    await client.post('/api/v2/user/ads', { enabled: false, config: { alpha: 50 } });
    const body = (await client.get('/api/v1/gameconfig/134')).json();
    expect(schemaErrors(gameConfigResponseSchema, body)).toBe('');
    expect(body).toMatchObject({
      id: 134,
      mouse_sensitivity: 2.5,
      mouse_sensitivity_y: 3,
      mouse_inverse: 1,
      mouse_dpi: 800,
      sens_profile_id: 7,
      ads_sens: 0.8,
      fov: 90,
      fov_type: 'v',
      user_target_colour: '#00ff00',
      user_wall_colour: '#111111',
      user_line_colour: '#222222',
      user_texture: 'grid',
      crosshair_config: null,
      missmarker_config: null,
      ads_config: null,
    });
    expect(body.hitmarker_config.alpha).toBe(100);
    expect(body.hitmarker_config.dot).toEqual({ enabled: true, size: 4 });
  });

  test('every catalogue drill answers a schema-valid gameconfig with its own fields', async () => {
    const client = new Client(server);
    for (const entry of DRILL_CATALOGUE) {
      const res = await client.get(`/api/v1/gameconfig/${entry.id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(schemaErrors(gameConfigResponseSchema, body)).toBe('');
      expect(body).toMatchObject({ id: entry.id, name: entry.name, config: entry.config, duration: entry.duration, spawn_mode: entry.spawn_mode });
    }
  });

  test('an unknown drill is 404 with a JSON error', async () => {
    const res = await new Client(server).get('/api/v1/gameconfig/999999');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'Drill not found' });
    // far beyond any integer column: still a plain 404
    expect((await new Client(server).get('/api/v1/gameconfig/99999999999999999999')).statusCode).toBe(404);
  });

  test.each(['abc', '12a', '-5', '1.5', '%20'])('a non-digit id %p is 400', async (id) => {
    const res = await new Client(server).get(`/api/v1/gameconfig/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'This drill has an invalid id.' });
  });
});

describe('GET /api/v1/drills', () => {
  const expected = () =>
    [...DRILL_CATALOGUE]
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((d) => ({
        id: d.id, name: d.name, category: d.category, objective: d.objective,
        game_type_description: d.game_type_description, duration: d.duration, best_score: null as number | null,
        // issue 15: the player's rank by the leaderboard's rules, and the metric it ranks by
        leaderboard_rank: null as number | null, primary_metric: d.primary_metric ?? 'targets_destroyed',
        // the drill browser's fields (issue 36: src/contracts/drillBrowser.ts)
        family: d.family, difficulty: d.difficulty,
      }));
  /** The list as answered: each entry carries at least `expected()`'s fields (the browser adds
   * plays, players, author, ...: test/server/drillBrowser.test.ts). */
  const like = (list: ReturnType<typeof expected>) => list.map((e) => expect.objectContaining(e) as unknown);

  test('lists the seeded catalogue without creating a guest', async () => {
    const res = await new Client(server).get('/api/v1/drills');
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toEqual([]);
    expect(res.json()).toEqual(like(expected()));
    expect(server.query('select count(*) as n from users')).toEqual([{ n: 0 }]);
  });

  test("carries the player's best score per drill", async () => {
    const c = new Client(server);
    await c.post('/api/v1/performance', submission(2033, { targets_destroyed: b64(4), hits: 4 }));
    expect((await c.get('/api/v1/drills')).json()).toEqual(like(expected())); // not ranked (no ticket): no best
    server.exec('update performances set ranked = 1'); // as verified ticketed runs are (trustedRuns.test.ts)
    const list = expected();
    list.find((d) => d.id === 2033)!.best_score = 4;
    list.find((d) => d.id === 2033)!.leaderboard_rank = 1;
    expect((await c.get('/api/v1/drills')).json()).toEqual(like(list));
    expect((await new Client(server).get('/api/v1/drills')).json()).toEqual(like(expected()));
  });
});

describe('POST /api/v1/user/log-drill', () => {
  test('stores a drill_logs row for the player', async () => {
    const client = new Client(server);
    const res = await client.post('/api/v1/user/log-drill', { agame_id: 134 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const userId = (await client.get('/api/v1/gameconfig/134')).json().user_id;
    const rows = server.query<{ user_id: number; drill_id: number; created_at: string }>('select user_id, drill_id, created_at from drill_logs');
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBe(userId);
    expect(rows[0].drill_id).toBe(134);
    expect(Number.isNaN(Date.parse(rows[0].created_at))).toBe(false);
  });

  test('an unknown drill is 404 and stores nothing', async () => {
    const res = await new Client(server).post('/api/v1/user/log-drill', { agame_id: 4242 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Drill not found' });
    expect(server.query('select * from drill_logs')).toEqual([]);
  });

  test.each([[{}], [{ agame_id: '134' }], [{ agame_id: 0 }], [{ agame_id: 134, extra: 1 }]])(
    'an invalid body %p is 400 and stores nothing',
    async (body) => {
      const res = await new Client(server).post('/api/v1/user/log-drill', body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(server.query('select * from drill_logs')).toEqual([]);
    },
  );
});
