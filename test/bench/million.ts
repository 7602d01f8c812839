/**
 * Benchmark `million` (issue 38 item 5): PostgreSQL with 1,000,000 players and 10,000,000 runs,
 * and the reads players make, through the server's own code, p99 goal 20 ms each.
 *
 * `BENCH_DATABASE_URL=postgres://... npm run bench -- million`. The database must be a
 * throwaway one: empty (it is seeded), or one this benchmark seeded before (reused as it is;
 * `MILLION_RESEED=1` refuses instead of reusing nothing, see below). Never part of `npm test`.
 *
 * Seed (SQL `generate_series`, one statement per million runs, logged with timings): the schema
 * by the server's migrations up to 0013, the drill catalogue (`seedCatalogue`), then
 * - 1,000,000 users, 80 % accounts (`username` p<id>), 20 % guests;
 * - 10 runs per player over 3 favourite drills each; a drill's favourite-ness is Zipf-like over
 *   the catalogue in id order (rank r = floor(101^u), u uniform: P(r = 1) = ln 2 / ln 101 =
 *   15 %), so the most popular drill has about 400,000 players and the tail a few thousand;
 * - scores: whole numbers 20-999 (many ties, as kills are) or, for a lower-is-better drill
 *   (time_destroy), 200-2000 ms with one decimal; 2 % score 0; 90 % of runs ranked;
 * then the remaining migrations (0014_player_bests backfills from these runs: timed) and
 * `VACUUM ANALYZE`. Runs are inserted by SQL, not through the API (the API is the other
 * benchmarks' subject; 10 M submissions would take hours).
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
 * also the top 20 of a mid-popularity drill and of a lower-is-better drill.
 * Every function here exists with the same signature before and after issue 38 item 5, so the
 * same file measures both (MILLION_ITER=5 for the grouped queries of before).
 */
import crypto from 'node:crypto';
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

/** Seeds the database (module comment) unless it already holds this benchmark's players. */
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
  await timed(`${PLAYERS} users`, () => sql`
    insert into users (id, created_at, premium, username, username_key)
    select g, '2026-01-01T00:00:00.000Z', 0,
           case when g % 10 < 8 then 'p' || g end, case when g % 10 < 8 then 'p' || g end
    from generate_series(1, ${PLAYERS}::int) g`.execute(db));
  await sql`select setval('users_id_seq', ${PLAYERS}::int)`.execute(db);
  // uniform in [0, 1) from a hash of a bigint
  const u = (x: ReturnType<typeof sql>) => sql`((hashint8(${x}) & 2147483647)::float8 / 2147483648.0)`;
  const step = 100_000; // players per statement (1 M runs)
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
  await timed('migration 0014 (player_bests backfill) and the rest', () => migrateToLatest(open));
  await timed('vacuum analyze', () => sql`vacuum analyze`.execute(db));
}

async function measure(label: string, f: (i: number) => Promise<unknown>): Promise<Array<string | number>> {
  for (let i = 0; i < WARM; i++) await f(i);
  const xs: number[] = [];
  for (let i = 0; i < ITER; i++) {
    const t = performance.now();
    await f(i);
    xs.push(performance.now() - t);
  }
  const s = stats(xs);
  const r = [label, ITER, s.mean.toFixed(2), s.p50.toFixed(2), s.p99.toFixed(2), s.max.toFixed(2), s.p99 <= GOAL_MS ? 'met' : 'NOT MET'];
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
    console.log(`## million: ${PLAYERS} players, ${PLAYERS * RUNS_PER_PLAYER} runs; top drill ${top} (${topMetric}, ${players.rows[0].n} players with a ranked run), mid drill ${mid}, lower-is-better drill ${lowDrill ?? '-'}; ${users.length} sampled players (${users.filter((x) => !x.registered).length} guests), ${ITER} reads each after ${WARM} warm-up\n`);
    console.log(row(['read', 'n', 'mean ms', 'p50 ms', 'p99 ms', 'max ms', `p99 <= ${GOAL_MS} ms`]));
    console.log(row(Array(7).fill('---')));
    const pick = <T>(xs: T[], i: number) => xs[i % xs.length];
    const get = async (url: string, cookie?: string) => {
      const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    await measure(`top 20, drill ${top} (loadLeaderboard)`, () => loadLeaderboard(db, top, topMetric, 20, 0));
    await measure(`top 20, drill ${mid} (loadLeaderboard)`, () => loadLeaderboard(db, mid, midMetric, 20, 0));
    if (lowDrill !== null) {
      const m = await metricOf(lowDrill);
      await measure(`top 20, drill ${lowDrill} (${m}, loadLeaderboard)`, () => loadLeaderboard(db, lowDrill, m, 20, 0));
    }
    await measure('top 20 (route, no session)', () => get(`/api/v1/leaderboard/${top}`));
    await measure('rank + percentile (bestScore + leaderboardStanding)', async (i) => {
      const p = pick(users, i);
      const best = await bestScore(db, p.id, top, topMetric);
      return leaderboardStanding(db, top, topMetric, best, p.registered);
    });
    await measure('around=me (route: rank, percentile, 20 rows around)', (i) => get(`/api/v1/leaderboard/${top}?around=me`, pick(cookies, i)));
    await measure('progress (route /api/v1/progress)', (i) => get('/api/v1/progress', pick(cookies, i)));
    await measure(`progress of a drill (route /api/v1/progress/${top})`, (i) => get(`/api/v1/progress/${top}`, pick(cookies, i)));
    await measure('benchmark ranks (playerSeasonStanding, every season)', async (i) => {
      const p = pick(users, i);
      for (const s of BENCHMARK_SEASONS) await playerSeasonStanding(db, s, p.id);
    });
    const accounts = cookies.filter((_, i) => users[i].registered);
    await measure(`benchmark ranks (route /api/v1/benchmarks/${BENCHMARK_SEASONS[0].id}/me)`, (i) => get(`/api/v1/benchmarks/${BENCHMARK_SEASONS[0].id}/me`, pick(accounts, i)));
    console.log('');
  } finally {
    await app.close();
    await db.destroy();
  }
}
