/**
 * A database that can restart (issue 14 item 6), on a throwaway PostgreSQL cluster of its own
 * (test/server/pgCluster.ts): under a steady load of run submissions and reads, PostgreSQL is
 * killed (`pg_ctl stop -m immediate`, like a crash) and started again. The server must not crash
 * (the pool's idle clients fail while it is down), must answer 503 'Database unavailable' (never
 * 500) while it is down, /readyz 503 then 200, recover by itself, and every run it acknowledged
 * (2xx) must be in the database afterwards. Skipped, with the reason, where PostgreSQL's server
 * binaries are not installed.
 */
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildBrowserApp as buildApp } from './helpers';
import { pgClusterUnavailable, startPgCluster, type PgCluster } from './pgCluster';
import { injectTransport, postAcceptedRun, type RunPlayer } from './runHelper';

const unavailable = pgClusterUnavailable();
const maybe = unavailable ? describe.skip : describe;
if (unavailable) console.warn(`pgRestart.test.ts skipped: ${unavailable}`);

jest.setTimeout(90_000);

maybe('PostgreSQL restarted under load', () => {
  let cluster: PgCluster;
  let app: FastifyInstance;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    app = await buildApp({
      databaseUrl: cluster.url, distDir: '/nonexistent-dist', logger: false, cookieSecret: 'restart-test',
      rateLimits: false, pressure: false, guestRetention: false,
    });
    // the pool's listener logs by default; here only count (see openDb's onPoolError)
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await cluster?.destroy();
  });

  test('503 while down, no crash, recovers by itself, no acknowledged run lost', async () => {
    const transport = injectTransport(app);
    const players: RunPlayer[] = Array.from({ length: 4 }, () => ({}));
    const acked: { id: number; targets: number; player: number }[] = [];
    const statuses = new Map<number, number>();
    const errorsSeen = new Set<string>();
    let phase: 'up' | 'down' | 'back' = 'up';
    const down503: number[] = [];
    let stop = false;
    let seq = 0;

    const worker = async (p: number) => {
      while (!stop) {
        const targets = (seq++ % 50) + 1;
        const r = await postAcceptedRun(transport, players[p], { targets });
        statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
        if (r.statusCode >= 200 && r.statusCode < 300) acked.push({ id: r.id!, targets, player: p });
        else errorsSeen.add(`${r.statusCode} ${JSON.stringify(r.json)}`);
        if (phase === 'down' && r.statusCode === 503) down503.push(1);
        const read = await app.inject({ method: 'GET', url: '/api/v1/gameconfig/2033', cookies: players[p].cookie ? { aim_session: players[p].cookie! } : {} });
        statuses.set(read.statusCode, (statuses.get(read.statusCode) ?? 0) + 1);
        if (read.statusCode >= 400) errorsSeen.add(`${read.statusCode} ${read.body.slice(0, 100)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const workers = players.map((_, p) => worker(p));

    // runs acknowledged while the database is up (waited for: two test files at a time on 2
    // cores once acknowledged only 5 in a fixed 1.5 s)
    for (const until = Date.now() + 30_000; acked.length <= 10 && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
    const before = acked.length;
    expect(before).toBeGreaterThan(10);

    // crash the database while the pool holds idle connections and requests are in flight
    phase = 'down';
    await cluster.stop('immediate');
    await new Promise((r) => setTimeout(r, 2000));
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: 'Database unavailable' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const during = await app.inject({ method: 'POST', url: '/gameoptions/edit', payload: { controls: { mouse_sens: 2 } } });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ error: 'Database unavailable' });
    expect(during.headers['retry-after']).toBe('5');
    expect(down503.length).toBeGreaterThan(0);

    // back up: the server recovers by itself
    phase = 'back';
    await cluster.start();
    const backAt = acked.length;
    const deadline = Date.now() + 30_000;
    while (acked.length < backAt + 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    stop = true;
    await Promise.all(workers);
    expect(acked.length).toBeGreaterThanOrEqual(backAt + 20);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // only 2xx and 503: never a 500, never a dropped answer
    const codes = [...statuses.keys()].sort();
    expect(codes.filter((c) => c !== 200 && c !== 201 && c !== 503)).toEqual([]);
    for (const e of errorsSeen) expect(e).toMatch(/^503 .*Database unavailable/);

    // every acknowledged run is stored, as acknowledged
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number; targets_destroyed: number }>(
        'select id, targets_destroyed from performances where id = any($1::int[])',
        [acked.map((a) => a.id)],
      );
      const stored = new Map(rows.map((r) => [r.id, r.targets_destroyed]));
      const lost = acked.filter((a) => stored.get(a.id) !== a.targets);
      expect(lost).toEqual([]);
      expect(new Set(acked.map((a) => a.id)).size).toBe(acked.length);
    } finally {
      await client.end();
    }
    console.log(`pgRestart: ${acked.length} runs acknowledged (${before} before the crash), statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  });
});
