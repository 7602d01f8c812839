/**
 * Benchmark `million` (issue 38 item 5): PostgreSQL with 1,000,000 players and 10,000,000 runs,
 * and the reads players make, through the server's own code, p99 goal 20 ms each.
 *
 * `BENCH_DATABASE_URL=postgres://... npm run bench -- million`. The database must be a
 * throwaway one: empty (it is seeded), or one this benchmark seeded before (reused as it is;
 * `MILLION_RESEED=1` refuses instead of reusing nothing, see below). Never part of `npm test`.
 *
 * Seed (SQL `generate_series`, set-based, one statement per million runs, logged with timings;
 * see `seed`): the schema by the server's migrations up to 0013, the drill catalogue
 * (`seedCatalogue`), the secondary indexes of `users` and `performances` dropped, then
 * - 1,000,000 users, 80 % accounts (`username` p<id>), 20 % guests;
 * - 10 runs per player over 3 favourite drills each; a drill's favourite-ness is Zipf-like over
 *   the catalogue in id order (rank r = floor(101^u), u uniform: P(r = 1) = ln 2 / ln 101 =
 *   15 %), so the most popular drill has about 400,000 players and the tail a few thousand;
 * - scores: whole numbers 20-999 (many ties, as kills are) or, for a lower-is-better drill
 *   (time_destroy), 200-2000 ms with one decimal; 2 % score 0; 90 % of runs ranked;
 * loaded with foreign-key triggers skipped (`session_replication_role = replica`, superuser),
 * then the dropped indexes re-created from their own definitions, the remaining migrations
 * (0014_player_bests and 0016_board_counts fill their tables set-based from the loaded runs and
 * create their indexes and triggers: timed) and `VACUUM ANALYZE`. Every table is logged, and
 * what the reads meet is exactly what the migrations make. Runs are inserted by SQL, not
 * through the API (the API is the other benchmarks' subject; 10 M submissions would take hours).
 *
 * Reads (each MILLION_ITER times, default 200, over sampled players of the most popular drill,
 * accounts and guests; after 20 warm-up reads), timed around the call:
 * - `top 20`: `loadLeaderboard(db, drill, metric, 20, 0)` (the board's first page with its size);
 * - `rank + percentile`: `bestScore` + `leaderboardStanding` (the run summary's and the board's
 *   `me`);
 * - `around=me` (route): `GET /api/v1/leaderboard/:drill?around=me` through the app
 *   (`buildApp` on the same database, `app.inject` with the player's session cookie: the
 *   player's rank, percentile and the window of 20 rows around them);
 * - `progress` (route): `GET /api/v1/progress` and `GET /api/v1/progress/:drill`;
 * - `benchmark ranks`: `playerSeasonStanding` for every season, and the route
 *   `GET /api/v1/benchmarks/:season/me`;
 * also the top 20 of a mid-popularity drill and of a lower-is-better drill. Each read's row also
 * gives its server-side cost: the SELECTs of EXPLAIN_ITER sampled calls (captured from `pg`)
 * re-run under EXPLAIN (ANALYZE, BUFFERS), their summed "Execution Time" (p50 / max), any Seq
 * Scan met, and the 1-minute load average; the plans go to MILLION_PLANS (default
 * $TMPDIR/million-plans.txt). The PostgreSQL version, settings and table sizes are printed.
 * Every function here exists with the same signature before and after issue 38 item 5, so the
 * same file measures both (MILLION_ITER=5 for the grouped queries of before).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import { buildApp } from '../../src/server/app';
import { migrations, migrateToLatest, openDb, type DB, type OpenDb } from '../../src/server/db';
import { seedCatalogue, findDrill, primaryMetricOf } from '../../src/server/drills';
import { loadLeaderboard, leaderboardStanding } from '../../src/server/leaderboard';
import { bestScore } from '../../src/server/runs';
import { playerSeasonStanding } from '../../src/server/benchmarkRoutes';
import { BENCHMARK_SEASONS } from '../../src/contracts/benchmarks';
import { lowerIsBetter } from '../../src/metrics/objective';
import { row } from './harness';

const PLAYERS = Number(process.env.MILLION_PLAYERS ?? 1_000_000);
const RUNS_PER_PLAYER = 10;
const ITER = Number(process.env.MILLION_ITER ?? 200);
const WARM = Math.min(20, ITER);
const GOAL_MS = 20;
/** Sampled reads re-run under EXPLAIN ANALYZE per read. */
const EXPLAIN_ITER = 5;

/** p50 / p99 / max / mean of `xs` (ms). */
function stats(xs: number[]): { p50: number; p99: number; max: number; mean: number } {
  const s = xs.slice().sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { p50: at(0.5), p99: at(0.99), max: s[s.length - 1], mean: s.reduce((a, b) => a + b, 0) / s.length };
}

async function timed<T>(label: string, f: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const r = await f();
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return r;
}

/** The secondary indexes of `tables` (not those backing a primary key or unique constraint):
 * `{ name, def }` with `def` the CREATE INDEX statement (pg_get_indexdef). */
async function secondaryIndexes(db: Kysely<DB>, tables: string[]): Promise<Array<{ name: string; def: string }>> {
  const r = await sql<{ name: string; def: string }>`
    select ic.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class t on t.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
    where t.relname = any(${sql.val(tables)}::text[])
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by ic.relname`.execute(db);
  return r.rows;
}

/** Seeds the database (module comment) unless it already holds this benchmark's players.
 * Bulk load, set-based: the migrations up to 0013 (no trigger on runs yet), the secondary
 * indexes of `users` and `performances` dropped, the rows inserted by `generate_series` with
 * foreign-key triggers skipped (`session_replication_role = replica`, the rows are consistent
 * by construction; needs a superuser, else the checks run), the same indexes re-created from
 * their definitions, then the remaining migrations: 0014 fills `player_bests` and 0016
 * `board_counts` set-based from the loaded runs (their backfills) and create their triggers and
 * indexes, exactly as on a live server. Logged tables throughout (no UNLOGGED). */
async function seed(open: OpenDb): Promise<void> {
  const db = open.db;
  const has = await sql<{ n: string }>`select count(*) as n from information_schema.tables where table_name = 'users'`.execute(db);
  if (Number(has.rows[0].n) > 0) {
    const n = await sql<{ n: string }>`select count(*) as n from users`.execute(db);
    if (Number(n.rows[0].n) === PLAYERS) {
      console.log(`(reusing the seeded database: ${PLAYERS} players)\n`);
      return;
    }
    throw new Error('BENCH_DATABASE_URL names a database that is neither empty nor seeded by this benchmark');
  }
  console.log('seeding:');
  const t0 = performance.now();
  const provider: MigrationProvider = { getMigrations: async () => migrations(open.dialect) };
  const migrator = new Migrator({ db, provider });
  const { error } = await migrator.migrateTo('0013_playlists');
  if (error) throw error;
  await seedCatalogue(db);
  const drills = await db.selectFrom('drills').selectAll().orderBy('id').execute();
  const ids: number[] = [], metrics: string[] = [];
  for (const d of drills) {
    const stored = await findDrill(db, d.id);
    ids.push(d.id);
    metrics.push(primaryMetricOf(stored!));
  }
  const nDrills = ids.length;
  const indexes = await secondaryIndexes(db, ['users', 'performances']);
  for (const ix of indexes) await sql.raw(`drop index ${ix.name}`).execute(db);
  console.log(`  dropped ${indexes.length} secondary indexes for the load: ${indexes.map((i) => i.name).join(', ')}`);
  let replica = true;
  try {
    await sql`set session_replication_role = replica`.execute(db);
  } catch {
    replica = false;
    console.log('  (not a superuser: foreign-key checks run during the load)');
  }
  await timed(`${PLAYERS} users`, () => sql`
    insert into users (id, created_at, premium, username, username_key)
    select g, '2026-01-01T00:00:00.000Z', 0,
           case when g % 10 < 8 then 'p' || g end, case when g % 10 < 8 then 'p' || g end
    from generate_series(1, ${PLAYERS}::int) g`.execute(db));
  await sql`select setval('users_id_seq', ${PLAYERS}::int)`.execute(db);
  // uniform in [0, 1) from a hash of a bigint
  const u = (x: ReturnType<typeof sql>) => sql`((hashint8(${x}) & 2147483647)::float8 / 2147483648.0)`;
  const step = 100_000; // players per statement (1 M runs)
  const tRuns = performance.now();
  for (let from = 1; from <= PLAYERS; from += step) {
    const to = Math.min(PLAYERS, from + step - 1);
    await timed(`runs of players ${from}-${to}`, () => sql`
      insert into performances (user_id, game_id, targets_destroyed, hits, shots, accuracy, time_destroy, crit_hit, damage,
        input_type, score, passed, primary_metric, threshold, game_data, bullet_data, created_at, ranked, unranked_reason)
      select s.uid, s.gid, 0, 0, 0, 0.5 + 0.5 * s.v, 0, 0, 0, 'mouse',
             case when s.z < 0.02 then 0
                  when s.metric = 'time_destroy' then round((200 + 1800 * s.v)::numeric, 1)::float8
                  else floor(20 + 980 * s.v) end,
             0, s.metric, null, '{}', '[]',
             to_char(timestamp '2026-01-01' + (s.uid * 10 + s.j) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             case when s.z >= 0.1 then 1 else 0 end, case when s.z >= 0.1 then null else 'bench: unranked' end
      from (
        select x.uid, x.j, (${sql.val(ids)}::int[])[x.r] as gid, (${sql.val(metrics)}::text[])[x.r] as metric, x.v, x.z
        from (
          select uid, j,
                 least(${nDrills}::int, floor(exp(${u(sql`uid::bigint * 7 + j % 3`)} * ln(${nDrills + 1}::float8)))::int) as r,
                 ${u(sql`uid::bigint * 1000003 + j`)} as v, ${u(sql`uid::bigint * 31 + j + 999`)} as z
          from generate_series(${from}::int, ${to}::int) uid, generate_series(0, ${RUNS_PER_PLAYER - 1}) j
        ) x
      ) s`.execute(db));
  }
  console.log(`  all ${PLAYERS * RUNS_PER_PLAYER} runs: ${((performance.now() - tRuns) / 1000).toFixed(1)} s`);
  if (replica) await sql`set session_replication_role = origin`.execute(db);
  for (const ix of indexes) await timed(`index ${ix.name}`, () => sql.raw(ix.def).execute(db));
  await timed('migrations 0014-0016 (player_bests and board_counts backfills, their indexes and triggers)', () => migrateToLatest(open));
  await timed('vacuum analyze', () => sql`vacuum analyze`.execute(db));
  const after = new Set((await secondaryIndexes(db, ['users', 'performances'])).map((x) => x.name));
  const missing = indexes.filter((ix) => !after.has(ix.name)).map((ix) => ix.name);
  if (missing.length > 0) throw new Error(`seed: indexes not re-created: ${missing.join(', ')}`);
  console.log(`  seed total: ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}

/** The SELECT statements (text, parameters) sent by this process's `pg` clients while `capture`
 * is set: the bench's and the app's pools both use `pg.Client`, whose `query` is wrapped below
 * (benchmark only) so each read's statements can be re-run under EXPLAIN (ANALYZE, BUFFERS). */
let capture: Array<{ text: string; values: unknown[] }> | null = null;
const pgQuery = pg.Client.prototype.query;
(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (this: pg.Client, ...a: unknown[]) {
  if (capture && typeof a[0] === 'string' && /^\s*(select|with)\b/i.test(a[0])) capture.push({ text: a[0], values: Array.isArray(a[1]) ? a[1] : [] });
  return (pgQuery as (...b: unknown[]) => unknown).apply(this, a);
};

/** Server-side cost of one read: `f(i)` for EXPLAIN_ITER sampled players, each of its SELECTs
 * re-run under EXPLAIN (ANALYZE, BUFFERS) on `client`; returns the statements per read, the
 * median and max of the summed "Execution Time" (ms), and the scans over a whole table (Seq
 * Scan nodes) seen; appends the first read's plans to `plans`. */
async function explainRead(client: pg.Client, label: string, f: (i: number) => Promise<unknown>, plans: string[]) {
  const sums: number[] = [];
  const seq = new Set<string>();
  let statements = 0;
  for (let i = 0; i < EXPLAIN_ITER; i++) {
    capture = [];
    await f(i);
    const qs = capture;
    capture = null;
    statements = qs.length;
    let sum = 0;
    for (const q of qs) {
      const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values as unknown[]);
      const lines = r.rows.map((x: Record<string, string>) => x['QUERY PLAN']);
      for (const l of lines) {
        const m = /Execution Time: ([\d.]+) ms/.exec(l);
        if (m) sum += Number(m[1]);
        const s = /Seq Scan on (\w+)/.exec(l);
        if (s) seq.add(s[1]);
      }
      if (i === 0) plans.push(`### ${label}\n${q.text}\n-- ${JSON.stringify(q.values)}\n${lines.join('\n')}\n`);
    }
    sums.push(sum);
  }
  const s = stats(sums);
  return { statements, p50: s.p50, max: s.max, seq: [...seq] };
}

/** Times `f(i)` ITER times after WARM warm-up calls (client side, around the call), then its
 * server-side cost by EXPLAIN (`explainRead`); prints one markdown row with the 1-minute load
 * average at the end. */
async function measure(
  client: pg.Client, plans: string[], label: string, f: (i: number) => Promise<unknown>,
): Promise<Array<string | number>> {
  for (let i = 0; i < WARM; i++) await f(i);
  const xs: number[] = [];
  for (let i = 0; i < ITER; i++) {
    const t = performance.now();
    await f(i);
    xs.push(performance.now() - t);
  }
  const s = stats(xs);
  const load = os.loadavg()[0];
  const e = await explainRead(client, label, f, plans);
  const r = [label, ITER, s.mean.toFixed(2), s.p50.toFixed(2), s.p99.toFixed(2), s.max.toFixed(2),
    `${e.p50.toFixed(2)} / ${e.max.toFixed(2)} (${e.statements})`, e.seq.length ? e.seq.join(', ') : 'none', load.toFixed(1),
    s.p99 <= GOAL_MS ? 'met' : 'NOT MET'];
  console.log(row(r));
  return r;
}

/** Runs the benchmark (module comment); prints a markdown table. */
export async function millionBench(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('## million: skipped (set BENCH_DATABASE_URL to a throwaway PostgreSQL database)\n');
    return;
  }
  // the seed's statements run for minutes: its own connection, without the server's statement timeout
  const seedDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  try {
    await sql`set statement_timeout = 0`.execute(seedDb);
    await seed({ db: seedDb, dialect: 'postgres' });
  } finally {
    await seedDb.destroy();
  }
  const open = openDb({ databaseUrl: url });
  const db = open.db;
  const app = await buildApp({ databaseUrl: url, logger: false, rateLimits: false, loginLimits: false, pressure: false, guestRetention: false, accountRetention: false });
  try {
    await migrateToLatest(open);
    const pop = await sql<{ game_id: number; n: string }>`
      select game_id, count(*) as n from performances group by game_id order by count(*) desc`.execute(db);
    const top = Number(pop.rows[0].game_id);
    const mid = Number(pop.rows[Math.floor(pop.rows.length / 2)].game_id);
    const metricOf = async (id: number) => primaryMetricOf((await findDrill(db, id))!);
    const topMetric = await metricOf(top), midMetric = await metricOf(mid);
    let lowDrill: number | null = null;
    for (const r of pop.rows) if (lowDrill === null && lowerIsBetter(await metricOf(Number(r.game_id)))) lowDrill = Number(r.game_id);
    const players = await sql<{ n: string }>`select count(distinct user_id) as n from performances where game_id = ${top} and ranked = 1`.execute(db);
    // sampled players of the top drill (accounts and guests), each with a session cookie
    const sample = await sql<{ user_id: number; username: string | null }>`
      select distinct p.user_id, u.username from performances p join users u on u.id = p.user_id
      where p.game_id = ${top} and p.user_id % 4999 = 17 limit 200`.execute(db);
    const cookies: string[] = [];
    const now = new Date().toISOString();
    for (const p of sample.rows) {
      const token = crypto.createHash('sha256').update(`million-bench-${p.user_id}`).digest('base64url');
      const id = crypto.createHash('sha256').update(token).digest('hex');
      await sql`insert into sessions (id, user_id, created_at, last_seen, revoked) values (${id}, ${p.user_id}, ${now}, ${now}, 0)
        on conflict (id) do update set last_seen = ${now}, created_at = ${now}`.execute(db);
      cookies.push(`aim_session=${token}`);
    }
    const users = sample.rows.map((r) => ({ id: Number(r.user_id), registered: r.username !== null }));
    const version = await sql<{ v: string }>`select version() as v`.execute(db);
    const settings = await sql<{ name: string; setting: string; unit: string | null }>`
      select name, setting, unit from pg_settings where name = any(${sql.val(['shared_buffers', 'work_mem', 'maintenance_work_mem', 'effective_cache_size', 'random_page_cost', 'max_wal_size', 'jit', 'max_parallel_workers_per_gather'])}::text[]) order by name`.execute(db);
    const sizes = await sql<{ name: string; size: string }>`
      select relname as name, pg_size_pretty(pg_total_relation_size(oid)) as size from pg_class
      where relname = any(${sql.val(['users', 'performances', 'player_bests', 'board_counts'])}::text[]) order by relname`.execute(db);
    console.log(`${version.rows[0].v}\nsettings: ${settings.rows.map((x) => `${x.name}=${x.setting}${x.unit ?? ''}`).join(', ')}\nsizes (with indexes): ${sizes.rows.map((x) => `${x.name} ${x.size}`).join(', ')}\n`);
    const explainClient = new pg.Client({ connectionString: url });
    await explainClient.connect();
    const plans: string[] = [];
    const m = (label: string, f: (i: number) => Promise<unknown>) => measure(explainClient, plans, label, f);
    console.log(`## million: ${PLAYERS} players, ${PLAYERS * RUNS_PER_PLAYER} runs; top drill ${top} (${topMetric}, ${players.rows[0].n} players with a ranked run), mid drill ${mid}, lower-is-better drill ${lowDrill ?? '-'}; ${users.length} sampled players (${users.filter((x) => !x.registered).length} guests), ${ITER} reads each after ${WARM} warm-up\n`);
    console.log(row(['read', 'n', 'mean ms', 'p50 ms', 'p99 ms', 'max ms', `EXPLAIN ANALYZE ms p50 / max of ${EXPLAIN_ITER} (statements)`, 'seq scans', 'load avg', `p99 <= ${GOAL_MS} ms`]));
    console.log(row(Array(10).fill('---')));
    const pick = <T>(xs: T[], i: number) => xs[i % xs.length];
    const get = async (url: string, cookie?: string) => {
      const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    await m(`top 20, drill ${top} (loadLeaderboard)`, () => loadLeaderboard(db, top, topMetric, 20, 0));
    await m(`top 20, drill ${mid} (loadLeaderboard)`, () => loadLeaderboard(db, mid, midMetric, 20, 0));
    if (lowDrill !== null) {
      const lm = await metricOf(lowDrill);
      await m(`top 20, drill ${lowDrill} (${lm}, loadLeaderboard)`, () => loadLeaderboard(db, lowDrill, lm, 20, 0));
    }
    await m('top 20 (route, no session)', () => get(`/api/v1/leaderboard/${top}`));
    await m('rank + percentile (bestScore + leaderboardStanding)', async (i) => {
      const p = pick(users, i);
      const best = await bestScore(db, p.id, top, topMetric);
      return leaderboardStanding(db, top, topMetric, best, p.registered);
    });
    await m('around=me (route: rank, percentile, 20 rows around)', (i) => get(`/api/v1/leaderboard/${top}?around=me`, pick(cookies, i)));
    await m('progress (route /api/v1/progress)', (i) => get('/api/v1/progress', pick(cookies, i)));
    await m(`progress of a drill (route /api/v1/progress/${top})`, (i) => get(`/api/v1/progress/${top}`, pick(cookies, i)));
    await m('benchmark ranks (playerSeasonStanding, every season)', async (i) => {
      const p = pick(users, i);
      for (const s of BENCHMARK_SEASONS) await playerSeasonStanding(db, s, p.id);
    });
    const accounts = cookies.filter((_, i) => users[i].registered);
    await m(`benchmark ranks (route /api/v1/benchmarks/${BENCHMARK_SEASONS[0].id}/me)`, (i) => get(`/api/v1/benchmarks/${BENCHMARK_SEASONS[0].id}/me`, pick(accounts, i)));
    const out = process.env.MILLION_PLANS ?? path.join(os.tmpdir(), 'million-plans.txt');
    fs.writeFileSync(out, plans.join('\n'));
    console.log(`\n(the plans of each read's first sampled call: ${out})\n`);
    await explainClient.end();
  } finally {
    await app.close();
    await db.destroy();
  }
}
