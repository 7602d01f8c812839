/**
 * Exactly-once submissions (issue 14 item 4, src/server/idempotency.ts) on a real SQLite file
 * and, when TEST_DATABASE_URL is set, on PostgreSQL (a database of its own, created and dropped
 * here):
 * - 20 concurrent submissions with one Idempotency-Key -> 1 row and 20 equal answers (status and
 *   body byte for byte);
 * - the unique constraint itself: a second storeRun with a taken key rejects with a unique
 *   violation and stores nothing (no read-then-write);
 * - no key: stored per request (older clients); the same key from another player is another run;
 *   a malformed key is a 400 { error }; the first answer survives a restart;
 * - counts above 2^31 - 1 are a 400, never a 500 (PostgreSQL `integer`);
 * - issue 38: 20 concurrent submissions of one TICKETED run with one key (several trials) all get
 *   the first answer, never the 409 "already submitted" of a request that read no key before the
 *   first committed and then found its ticket used (reproduced on PostgreSQL without the fix);
 *   the exact interleaving (the first answer commits between the key check and the ticket
 *   check) is staged through the route's clock on SQLite.
 */
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildBrowserApp as buildApp } from './helpers';
import { openDb, migrateToLatest } from '../../src/server/db';
import { findDrill } from '../../src/server/drills';
import { isUniqueViolation } from '../../src/server/idempotency';
import { checkSubmission, storeRun } from '../../src/server/runs';
import type { PerformanceSubmission } from '../../src/contracts/performance';
import { b64, Client, startTestServer, submission, type TestServer } from './helpers';

const KEY = 'run_0123456789abcdef-XYZ';

/** 20 concurrent posts of one submission with one key from one player; their answers. */
async function burst(send: (headers: Record<string, string>) => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: 20 }, () => send({ 'idempotency-key': KEY })));
}

/**
 * A fresh run ticket of drill 2033 and 20 concurrent submissions of one run under it with one
 * fresh key (`send` posts with the player's session); their answers. The first to commit uses
 * the ticket: a late one that read no key yet and then finds the ticket used must still answer
 * the first answer, not 409.
 */
async function ticketedBurst(send: (opts: InjectOptions) => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse[]> {
  const ticket = await send({ method: 'POST', url: '/api/v1/runs', payload: { drill_id: 2033 } });
  expect(ticket.statusCode).toBe(201);
  const payload = JSON.stringify({ ...submission(2033), run_id: ticket.json().run_id });
  const key = `race_${ticket.json().run_id}`.replace(/[^A-Za-z0-9_-]/g, '');
  // staggered by 0-4 event-loop turns, so that some requests read the key before the first
  // commits and the ticket after it (all at once, every read could come before that commit)
  const turns = (n: number) => new Promise<void>((resolve) => {
    const step = (k: number) => (k <= 0 ? resolve() : setImmediate(() => step(k - 1)));
    step(n);
  });
  return Promise.all(Array.from({ length: 20 }, async (_v, i) => {
    await turns(i % 5);
    return send({ method: 'POST', url: '/api/v1/performance', payload, headers: { 'idempotency-key': key, 'content-type': 'application/json' } });
  }));
}

function expectSameAnswers(answers: LightMyRequestResponse[]): void {
  expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
  const bodies = new Set(answers.map((a) => a.body));
  expect(bodies.size).toBe(1);
  // every answer but the first says it repeats the first one
  expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
}

describe('SQLite', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });
  const count = () => server.query<{ n: number }>('select count(*) as n from performances')[0].n;
  let client0: Client;
  beforeEach(() => {
    client0 = new Client(server);
  });

  test('20 concurrent submissions with one key: 1 row, 20 equal answers', async () => {
    const client = new Client(server);
    await client.post('/api/v1/runs', { drill_id: 2033 }); // the player's session (a write: a read creates no guest)
    const body = JSON.stringify(submission(2033));
    const answers = await burst((headers) =>
      client.request({ method: 'POST', url: '/api/v1/performance', payload: body, headers: { ...headers, 'content-type': 'application/json' } }),
    );
    expectSameAnswers(answers);
    expect(count()).toBe(1);
    expect(server.query('select k.key, k.status, k.performance_id = p.id as same_run, k.user_id = p.user_id as same_player from idempotency_keys k, performances p'))
      .toEqual([{ key: KEY, status: 201, same_run: 1, same_player: 1 }]);
    // later retries (the outbox after a lost answer) and a restart: still the first answer
    const later = await client.request({ method: 'POST', url: '/api/v1/performance', payload: body, headers: { 'idempotency-key': KEY, 'content-type': 'application/json' } });
    expect(later.body).toBe(answers[0].body);
    await server.restart();
    const afterRestart = await client.request({ method: 'POST', url: '/api/v1/performance', payload: body, headers: { 'idempotency-key': KEY, 'content-type': 'application/json' } });
    expect(afterRestart.statusCode).toBe(201);
    expect(afterRestart.body).toBe(answers[0].body);
    expect(count()).toBe(1);
  });

  test('a race on one TICKET and one key: every answer is the first one, never 409 (the key is re-checked on a refusal)', async () => {
    await server.close();
    server = await startTestServer({ rateLimits: false });
    client0 = new Client(server);
    for (let trial = 0; trial < 3; trial++) {
      const answers = await ticketedBurst((opts) => client0.request(opts));
      expectSameAnswers(answers);
    }
    expect(count()).toBe(3);
  });

  test('the first answer commits between the key check and the ticket check: the refusal re-reads the key and answers it', async () => {
    // The interleaving of the race, made exact: the route's clock (`now`, read by the ticket
    // check, after the key check) is where the concurrent first submission "commits" (its key
    // row written by another connection) and the ticket has expired meanwhile (410).
    let onCheck: (() => void) | null = null;
    let clock = Date.now();
    await server.close();
    server = await startTestServer({ runs: { now: () => { const f = onCheck; onCheck = null; f?.(); return clock; } } });
    const c = new Client(server);
    const other = await c.request({ method: 'POST', url: '/api/v1/performance', payload: submission(2033), headers: { 'idempotency-key': 'first_answer_1' } });
    expect(other.statusCode).toBe(201);
    const ticket = (await c.post('/api/v1/runs', { drill_id: 2033 })).json();
    const payload = JSON.stringify({ ...submission(2033), run_id: ticket.run_id });
    const send = () => c.request({ method: 'POST', url: '/api/v1/performance', payload, headers: { 'idempotency-key': KEY, 'content-type': 'application/json' } });
    onCheck = () => {
      server.exec(`insert into idempotency_keys (user_id, key, performance_id, status, response, created_at)
        select user_id, ?, performance_id, status, response, created_at from idempotency_keys where key = 'first_answer_1'`, KEY);
      clock += 10 * 3600 * 1000; // past the ticket's expiry: this check alone would answer 410
    };
    const res = await send();
    expect(onCheck).toBeNull(); // the clock was read by the ticket check
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(res.body).toBe(other.body);
    expect(count()).toBe(1);
    // without a first answer under that key, the same refusal stands
    const res2 = await c.request({ method: 'POST', url: '/api/v1/performance', payload, headers: { 'idempotency-key': 'another_key_2', 'content-type': 'application/json' } });
    expect(res2.statusCode).toBe(410);
  });

  test('the constraint, not a read: a second storeRun with the same key rejects and stores nothing', async () => {
    const open = openDb({ databaseFile: server.databaseFile });
    try {
      await migrateToLatest(open);
      const drill = (await findDrill(open.db, 2033))!;
      const { id: userId } = await open.db.insertInto('users').values({ created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
      const body = submission(2033) as unknown as PerformanceSubmission;
      const run = checkSubmission(body, drill);
      await storeRun(open.db, userId, drill, body, run, undefined, undefined, KEY);
      const second = await storeRun(open.db, userId, drill, body, run, undefined, undefined, KEY).then(() => null, (e: unknown) => e);
      expect(second).not.toBeNull();
      expect(isUniqueViolation(second)).toBe(true);
      expect(count()).toBe(1);
    } finally {
      await open.db.destroy();
    }
  });

  test('no key: one row per request; another player\'s same key: its own run', async () => {
    const a = new Client(server);
    const b = new Client(server);
    await a.get('/api/v1/gameconfig/2033');
    await b.get('/api/v1/gameconfig/2033');
    expect((await a.post('/api/v1/performance', submission(2033))).statusCode).toBe(201);
    expect((await a.post('/api/v1/performance', submission(2033))).statusCode).toBe(201);
    expect(count()).toBe(2);
    const ra = await a.request({ method: 'POST', url: '/api/v1/performance', payload: submission(2033), headers: { 'idempotency-key': KEY } });
    const rb = await b.request({ method: 'POST', url: '/api/v1/performance', payload: submission(2033), headers: { 'idempotency-key': KEY } });
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(ra.json().id).not.toBe(rb.json().id);
    expect(count()).toBe(4);
  });

  test.each([
    ['too short', 'abc1234'],
    ['a character outside [A-Za-z0-9_-]', 'abcdefgh.ijk'],
    ['too long', 'k'.repeat(129)],
    ['empty', ''],
  ])('a malformed key (%s) is a 400 { error } and stores nothing', async (_name, key) => {
    const res = await new Client(server).request({ method: 'POST', url: '/api/v1/performance', payload: submission(2033), headers: { 'idempotency-key': key } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Idempotency-Key/);
    expect(count()).toBe(0);
  });

  test('a refused submission is not recorded: the same request is refused again, the fixed one is stored', async () => {
    const client = new Client(server);
    const bad = await client.request({ method: 'POST', url: '/api/v1/performance', payload: submission(2033, { hits: 9, shots: 1 }), headers: { 'idempotency-key': KEY } });
    expect(bad.statusCode).toBe(400);
    const good = await client.request({ method: 'POST', url: '/api/v1/performance', payload: submission(2033), headers: { 'idempotency-key': KEY } });
    expect(good.statusCode).toBe(201);
    expect(count()).toBe(1);
  });

  test.each([
    ['hits', { hits: 2 ** 31, shots: 2 ** 31 }],
    ['shots', { shots: 2 ** 31 }],
    ['game_id', { game_id: 2 ** 31 }],
    ['viewport_width', { viewport_width: 2 ** 31 }],
    ['damage', { damage: 1e12 }],
    ['time_destroy', { time_destroy: 1e12 }],
  ])('gameData.%s beyond its maximum is a 400 { error }', async (_name, over) => {
    const res = await new Client(server).post('/api/v1/performance', submission(2033, over));
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  test('bulletData beyond BULLET_DATA_MAX_ITEMS is a 400', async () => {
    const bullets = Array.from({ length: 2401 }, (_v, i) => ({ tick: i, t_ms: i, hit: false, crit: false, yaw: 0, pitch: 0, target: -1 }));
    const res = await new Client(server).post('/api/v1/performance', submission(2033, { shots: 2401 }, bullets));
    expect(res.statusCode).toBe(400);
  });
});

const url = process.env.TEST_DATABASE_URL;
(url ? describe : describe.skip)('PostgreSQL (TEST_DATABASE_URL)', () => {
  const dbName = `aim_idem_${process.pid}`;
  let app: FastifyInstance;
  let dbUrl: string;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await admin((c) => c.query(`drop database if exists ${dbName}`));
    await admin((c) => c.query(`create database ${dbName}`));
    const u = new URL(url!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    app = await buildApp({ databaseUrl: dbUrl, distDir: '/nonexistent-dist', logger: false, cookieSecret: 'pg-idem-secret', pressure: false });
  });
  afterAll(async () => {
    await app?.close();
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  });

  test('20 concurrent submissions with one key: 1 row, 20 equal answers; counts above 2^31 - 1 are a 400', async () => {
    // the player's session: a write (a read creates no guest)
    const first = await app.inject({ method: 'POST', url: '/api/v1/runs', payload: { drill_id: 2033 } });
    const cookies = { aim_session: first.cookies.find((c) => c.name === 'aim_session')!.value };
    const payload = JSON.stringify(submission(2033, { targets_destroyed: b64(3) }));
    const answers = await burst((headers) =>
      app.inject({ method: 'POST', url: '/api/v1/performance', cookies, payload, headers: { ...headers, 'content-type': 'application/json' } }),
    );
    expectSameAnswers(answers);
    const rows = await admin(async () => {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      try {
        return (await c.query('select count(*)::int as n from performances')).rows[0].n as number;
      } finally {
        await c.end();
      }
    });
    expect(rows).toBe(1);
    const huge = await app.inject({ method: 'POST', url: '/api/v1/performance', cookies, payload: submission(2033, { hits: 2 ** 31, shots: 2 ** 31 }) });
    expect(huge.statusCode).toBe(400);
  });

  test('a race on one TICKET and one key (4 trials of 20): every answer is the first one, never 409', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/v1/runs', payload: { drill_id: 2033 } });
    const cookies = { aim_session: first.cookies.find((c) => c.name === 'aim_session')!.value };
    for (let trial = 0; trial < 4; trial++) { // 4 x 21 writes + the test above's: under the 120 writes a minute a player may make
      expectSameAnswers(await ticketedBurst((opts) => app.inject({ ...opts, cookies })));
    }
  });
});
