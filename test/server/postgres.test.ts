/**
 * The same API on PostgreSQL. Runs only when TEST_DATABASE_URL names an empty, throwaway
 * database (its tables are dropped first), e.g.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:54329/aimtest npx jest test/server/postgres
 */
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { runSummarySchema } from '../../src/contracts/performance';
import { gameConfigResponseSchema } from '../../src/contracts/gameConfig';
import { b64, schemaErrors, submission } from './helpers';

const url = process.env.TEST_DATABASE_URL;
const maybe = url ? describe : describe.skip;

maybe('PostgreSQL', () => {
  let app: FastifyInstance;
  const build = () => buildApp({ databaseUrl: url, distDir: '/nonexistent-dist', logger: false, cookieSecret: 'pg-test-secret' });

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'drop table if exists server_meta, crosshairs, game_options, performance_replays, performances, drill_logs, drills, users, kysely_migration, kysely_migration_lock cascade',
    );
    await client.end();
    app = await build();
  });
  afterAll(async () => {
    await app?.close();
  });

  test('gameconfig, submission, run summary, settings and a restart', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/gameconfig/2033' });
    expect(first.statusCode).toBe(200);
    expect(schemaErrors(gameConfigResponseSchema, first.json())).toBe('');
    expect(first.json().best_score).toBeNull();
    expect(first.json().user_id).toBeNull(); // a read creates no guest
    expect(first.cookies).toEqual([]);

    const posted = await app.inject({ method: 'POST', url: '/api/v1/performance', payload: submission(2033, { targets_destroyed: b64(4), hits: 4, shots: 4, accuracy: 100 }) });
    expect(posted.statusCode).toBe(201);
    const cookie = posted.cookies.find((c) => c.name === 'aim_session')!;
    const cookies = { aim_session: cookie.value };
    const userId = (await app.inject({ method: 'GET', url: '/api/v1/gameconfig/2033', cookies })).json().user_id;
    expect(userId).toEqual(expect.any(Number));
    const summary = posted.json();
    expect(schemaErrors(runSummarySchema, summary)).toBe('');
    expect(summary).toMatchObject({ targets_destroyed: 4, accuracy: 100, time_destroy: 512.5, score: 4, passed: true, best_score: 4, threshold: 1 });

    const bad = await app.inject({ method: 'POST', url: '/api/v1/performance', cookies, payload: submission(2033, { hits: 9, shots: 1 }) });
    expect(bad.statusCode).toBe(400);

    const saved = await app.inject({ method: 'POST', url: '/gameoptions/edit', cookies, payload: { controls: { mouse_sens: 50 } } });
    expect(saved.json().controls.mouse_sens).toBe(10);
    const xhair = await app.inject({ method: 'POST', url: '/api/v2/user/crosshair', cookies, payload: { enabled: true, config: { crosshair: { len: 30 } } } });
    expect(xhair.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/v1/user/log-drill', cookies, payload: { agame_id: 2033 } })).json()).toEqual({ success: true });

    await app.close();
    app = await build();
    const again = await app.inject({ method: 'GET', url: '/api/v1/gameconfig/2033', cookies });
    expect(again.cookies).toEqual([]);
    expect(again.json()).toMatchObject({ user_id: userId, best_score: 4, mouse_sensitivity: 10 });
    expect(again.json().crosshair_config.crosshair.len).toBe(20);
    expect((await app.inject({ method: 'GET', url: `/api/v1/performance/${summary.id}`, cookies })).json()).toEqual(summary);
    expect((await app.inject({ method: 'GET', url: `/api/v1/performance/${summary.id}` })).statusCode).toBe(404);
  });
});
