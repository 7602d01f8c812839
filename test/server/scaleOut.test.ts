/**
 * Scale-out (issue 14 item 7): two server instances on one PostgreSQL database, sharing nothing
 * but the database, give the same answers: a session cookie issued by one is valid on the other
 * (the cookie secret lives in the database), settings and runs saved through one are read
 * through the other, and starting both at once (migrations, catalogue seed, secret) is safe.
 *
 * Runs only when TEST_DATABASE_URL names a PostgreSQL server whose user may create databases
 * (.ci/run starts one); it works in a database of its own, created and dropped here, e.g.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:54329/aimtest npx jest test/server/scaleOut
 */
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildBrowserApp as buildApp } from './helpers';
import { injectTransport, postAcceptedRun, type RunPlayer } from './runHelper';

const baseUrl = process.env.TEST_DATABASE_URL;
const maybe = baseUrl ? describe : describe.skip;
if (!baseUrl) console.warn('scaleOut.test.ts skipped: TEST_DATABASE_URL is not set (a PostgreSQL server to create a database in)');

jest.setTimeout(60_000);

maybe('two server instances on one PostgreSQL', () => {
  const dbName = `aim_scale_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: baseUrl });
  let url: string;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(baseUrl!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    // no cookieSecret: each instance finds (or creates) the one kept in the database
    const build = () =>
      buildApp({ databaseUrl: url, distDir: '/nonexistent-dist', logger: false, rateLimits: false, pressure: false, guestRetention: false });
    [a, b] = await Promise.all([build(), build()]); // started at once: migrations and seeding race
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${dbName}`);
    await c.end();
  });

  test('a cookie from one works on the other; settings and runs saved on one are read on the other', async () => {
    if (process.env.COOKIE_SECRET) console.warn('COOKIE_SECRET is set: the database-kept secret is not what is shared here');
    const player: RunPlayer = {};
    const run = await postAcceptedRun(injectTransport(a), player, { targets: 4 });
    expect(run.statusCode).toBe(201);
    expect(player.cookie).toBeDefined();
    const cookies = { aim_session: player.cookie! };
    // an unticketed run is stored unranked (issue 14); rank it as a verified ticketed run is
    // (trustedRuns.test.ts), so the best score shows on both servers
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query('update performances set ranked = 1');
    await db.end();

    const onA = (await a.inject({ method: 'GET', url: '/api/v1/gameconfig/2033', cookies })).json();
    const onB = await b.inject({ method: 'GET', url: '/api/v1/gameconfig/2033', cookies });
    expect(onB.cookies).toEqual([]);
    expect(onB.json()).toEqual(onA);
    expect(onB.json()).toMatchObject({ user_id: expect.any(Number), best_score: 4 });

    expect((await a.inject({ method: 'POST', url: '/gameoptions/edit', cookies, payload: { controls: { mouse_sens: 3.25 } } })).statusCode).toBe(200);
    expect((await b.inject({ method: 'POST', url: '/api/v2/user/hitmarker', cookies, payload: { enabled: true, config: { alpha: 99 } } })).statusCode).toBe(200);
    for (const app of [a, b]) {
      expect((await app.inject({ method: 'GET', url: '/gameoptions/edit', cookies })).json().controls.mouse_sens).toBe(3.25);
      expect((await app.inject({ method: 'GET', url: '/api/v2/user/hitmarker', cookies })).json()).toMatchObject({ enabled: true, config: { alpha: 99 } });
      const stored = { ...(run.json as object), ranked: true, best_score: 4 }; // ranked above
      expect((await app.inject({ method: 'GET', url: `/api/v1/performance/${run.id}`, cookies })).json()).toMatchObject(stored);
      expect((await app.inject({ method: 'GET', url: '/api/v1/performance/latest', cookies })).json()).toMatchObject(stored);
    }
    const drills = await Promise.all([a, b].map((app) => app.inject({ method: 'GET', url: '/api/v1/drills', cookies })));
    expect(drills[1].json()).toEqual(drills[0].json());

    // runs posted alternately through both land in one history
    const more = [];
    for (let i = 0; i < 6; i++) more.push(await postAcceptedRun(injectTransport(i % 2 ? b : a), player, { targets: 10 + i }));
    expect(more.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const db2 = new pg.Client({ connectionString: url });
    await db2.connect();
    await db2.query('update performances set ranked = 1');
    await db2.end();
    expect((await a.inject({ method: 'GET', url: '/api/v1/gameconfig/2033', cookies })).json().best_score).toBe(15);
    expect((await b.inject({ method: 'GET', url: '/api/v1/performance/latest', cookies })).json().id).toBe(more[5].id);
  });

  test('one catalogue, one cookie secret, one users table', async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const secrets = await c.query("select count(*)::int as n from server_meta where key = 'cookie_secret'");
      expect(secrets.rows[0].n).toBe(1);
      const dup = await c.query('select id from drills group by id having count(*) > 1');
      expect(dup.rows).toEqual([]);
      const users = await c.query('select count(*)::int as n from users');
      expect(users.rows[0].n).toBe(1);
    } finally {
      await c.end();
    }
  });
});
