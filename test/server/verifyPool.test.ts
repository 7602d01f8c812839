/**
 * Verification that scales (issue 38 item 4), on real worker threads and a real SQLite file:
 * - the pool's size: one thread per core less one, at least one (`verifyThreadCount`, and the
 *   pool created with defaults on this machine);
 * - the time budget counts the worker's own time on a task only: a cold pool (the worker
 *   starts with tsx, about a second) with a queue of runs behind one thread verifies every run
 *   although most of them waited longer than the budget; a re-simulation that itself runs past
 *   the budget is stopped and stored unverified ('timed out'), never ranked;
 * - a replay recorded with another engine version is judged before queueing: stored unverified
 *   ("unverifiable: recorded with ..."), no worker asked (the pool's verify is never called).
 * Timing goals (runs/s, the run-length exponent) are benchmarks (`npm run bench -- verify`),
 * not tests.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { RunTicket } from '../../src/contracts/runTicket';
import type { DB } from '../../src/server/db';
import { drillFromRow } from '../../src/server/drills';
import { verifyReplay } from '../../src/server/replay';
import { createVerifyPool, hardLimitMs, verifyThreadCount, type VerifyPool } from '../../src/server/verifyPool';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { simulateHumanRun, HUMAN_PRESETS } from '../../src/sim/humanModel';
import { Client, startTestServer, type TestServer } from './helpers';

/** A genuine run of drill `id` played by the synthetic human with `seed` (ranked when signed). */
function humanRun(id: number, seed: number) {
  const r = simulateHumanRun(DRILL_CATALOGUE.find((d) => Number(d.id) === id)!, { seed, skill: HUMAN_PRESETS.skilled });
  return { gameData: r.gameData, bulletData: r.bulletData, replay: r.replay };
}

const apkeyOf = (body: string, secret: string) => crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex');

/** Posts `submission` for `ticket`, signed with its secret. */
function postSigned(client: Client, submission: object, ticket: RunTicket) {
  const body = JSON.stringify({ ...submission, run_id: ticket.run_id });
  return client.request({
    method: 'POST', url: '/api/v1/performance', payload: body,
    headers: { 'content-type': 'application/json', apkey: apkeyOf(body, ticket.secret) },
  });
}

async function ticketFor(client: Client, drillId = 2033): Promise<RunTicket> {
  const res = await client.post('/api/v1/runs', { drill_id: drillId });
  expect(res.statusCode).toBe(201);
  return res.json() as RunTicket;
}

describe('verification pool size', () => {
  test('one thread per core less one, at least one', () => {
    expect([1, 2, 3, 4, 8, 16, 64].map((n) => verifyThreadCount(n))).toEqual([1, 1, 2, 3, 7, 15, 63]);
    expect(verifyThreadCount(0)).toBe(1);
    expect(verifyThreadCount()).toBe(Math.max(1, os.availableParallelism() - 1));
  });

  test('a pool created with defaults has that many threads and a queue of 8 per thread', async () => {
    const pool = createVerifyPool();
    try {
      expect(pool.threads).toBe(Math.max(1, os.availableParallelism() - 1));
      expect(pool.maxQueue).toBe(pool.threads * 8);
    } finally {
      await pool.close();
    }
  });

  test('the hard limit leaves room for every task that can queue ahead', () => {
    // 1 thread, 8 queued: 8 budgets ahead + its own + a minute of start-up
    expect(hardLimitMs(10_000, 1, 8)).toBe(9 * 10_000 + 60_000);
    expect(hardLimitMs(10_000, 3, 24)).toBe(9 * 10_000 + 60_000);
  });
});

describe('the time budget counts the re-simulation only', () => {
  let server: TestServer;
  afterEach(async () => { await server?.close(); });

  test('queue wait and worker start-up do not count: a cold pool with a queue verifies every run', async () => {
    const budgetMs = 400;
    const pool = createVerifyPool({ threads: 1, budgetMs });
    try {
      server = await startTestServer({ runs: { verifyPool: pool } });
      const drill = drillFromRow(server.query<DB['drills']>('select * from drills where id = 2033')[0]);
      const subs = [11, 12, 13, 14, 15, 16, 17, 18].map((seed) => humanRun(2033, seed));
      // all handed over at once to a cold pool: the first waits for the worker to start, the
      // others for the runs ahead of them
      const t0 = performance.now();
      const verdicts = await Promise.all(subs.map(async (s) => {
        const v = await pool.verify({ drill, gameData: s.gameData as never, replay: s.replay as never });
        return { v, waitedMs: performance.now() - t0 };
      }));
      for (const { v } of verdicts) {
        expect(v.reason ?? '').not.toContain('timed out');
        expect(v.verified).toBe(true);
        expect(v.simMs).toBeLessThan(budgetMs);
      }
      // the premise: the last verdicts came later than the budget after hand-over, so a budget
      // counted from hand-over (the old rule) would have timed them out
      expect(Math.max(...verdicts.map((x) => x.waitedMs))).toBeGreaterThan(budgetMs);
    } finally {
      await pool.close();
    }
  });

  test('a re-simulation over its budget stops and is stored unverified (timed out), never ranked', async () => {
    const pool = createVerifyPool({ threads: 1, budgetMs: 1 });
    try {
      server = await startTestServer({ runs: { verifyPool: pool } });
      const client = new Client(server);
      // a 60 s run: its re-simulation takes far longer than 1 ms
      const ticket = await ticketFor(client, 134);
      const res = await postSigned(client, humanRun(134, ticket.seed), ticket);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ ranked: false, verified: null });
      const row = server.query<{ unranked_reason: string; detail: string }>(
        'select p.unranked_reason, r.detail from performances p join performance_replays r on r.performance_id = p.id',
      )[0];
      expect(row.unranked_reason).toContain('timed out: re-simulation exceeded 1 ms');
      // stopped early: the ticks it got through are not reported as a finished run
      expect(JSON.parse(row.detail)).toMatchObject({ ticks: 0, hashesCompared: 0 });
    } finally {
      await pool.close();
    }
  });

  test('verifyReplay: a deadline already past gives timed out; none gives the verdict', async () => {
    server = await startTestServer();
    const drill = drillFromRow(server.query<DB['drills']>('select * from drills where id = 2033')[0]);
    const s = humanRun(2033, 21);
    const late = verifyReplay(drill, s.gameData as never, s.replay as never, { deadlineMs: performance.now() - 1, budgetMs: 5 });
    expect(late).toMatchObject({ verified: null, reason: 'timed out: re-simulation exceeded 5 ms' });
    const free = verifyReplay(drill, s.gameData as never, s.replay as never);
    expect(free.verified).toBe(true);
    const roomy = verifyReplay(drill, s.gameData as never, s.replay as never, { deadlineMs: performance.now() + 60_000, budgetMs: 60_000 });
    expect(roomy.verified).toBe(true);
    expect(roomy.replayed).toEqual(free.replayed);
  });
});

describe('the engine version is checked before queueing', () => {
  let server: TestServer;
  const real = createVerifyPool({ threads: 1 });
  let calls = 0;
  // the real pool, counting the tasks handed to it
  const counting: VerifyPool = {
    threads: real.threads, maxQueue: real.maxQueue,
    verify: (task) => { calls++; return real.verify(task); },
    warm: () => real.warm(),
    close: () => real.close(),
  };
  beforeEach(async () => { calls = 0; server = await startTestServer({ runs: { verifyPool: counting } }); });
  afterEach(async () => { await server.close(); });
  afterAll(() => real.close());

  test.each([['ecs-1'], ['ecs-3'], ['ecs-0']])('a replay recorded with %s: stored unverified at once, no worker asked', async (version) => {
    const client = new Client(server);
    const ticket = await ticketFor(client);
    const sub = humanRun(2033, ticket.seed);
    sub.replay.engine_version = version;
    const res = await postSigned(client, sub, ticket);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ verified: null, ranked: false });
    expect(calls).toBe(0);
    const row = server.query<{ unranked_reason: string; detail: string; engine_version: string }>(
      'select p.unranked_reason, r.detail, r.engine_version from performances p join performance_replays r on r.performance_id = p.id',
    )[0];
    expect(row.engine_version).toBe(version);
    expect(JSON.parse(row.detail).reason).toMatch(new RegExp(`^unverifiable: recorded with an? \\w+ engine \\(${version}\\); the server runs ecs-`));
    expect(row.unranked_reason).toContain('unverifiable');
  });

  test('a replay of the server\'s engine version goes to the pool and is ranked', async () => {
    const client = new Client(server);
    const ticket = await ticketFor(client);
    const res = await postSigned(client, humanRun(2033, ticket.seed), ticket);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ verified: true, ranked: true });
    expect(calls).toBe(1);
  });
});
