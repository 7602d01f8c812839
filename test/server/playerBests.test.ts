/**
 * `player_bests` (migration 0014_player_bests, issue 38 item 5) stays equal to the grouped truth
 * (every player's positive ranked runs per drill, computed here in JS from `performances`) after
 * runs are stored ranked and unranked, held runs approved and rejected, guests registered, runs
 * and users deleted; and the board read by keyset around a player (`loadLeaderboard` with an
 * anchor) equals the OFFSET page and the board computed in JS. On a real SQLite file, and on
 * PostgreSQL when TEST_DATABASE_URL names an empty, throwaway database.
 */
import pg from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest, openDb, type DB, type OpenDb } from '../../src/server/db';
import { seedCatalogue } from '../../src/server/drills';
import { leaderboardAnchor, leaderboardStanding, loadLeaderboard, windowOffset } from '../../src/server/leaderboard';

const HI = 2033; // a catalogue drill; its board read by the higher-is-better metric below
const LO = 134;

/** Seeded LCG in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

async function insertRun(db: Kysely<DB>, userId: number, gameId: number, score: number, ranked: number): Promise<number> {
  const row = await db.insertInto('performances').values({
    user_id: userId, game_id: gameId, targets_destroyed: 0, hits: 0, shots: 0, accuracy: 0.5, time_destroy: 0, crit_hit: 0, damage: 0,
    input_type: 'mouse', score, passed: 0, primary_metric: 'targets_destroyed', threshold: null, game_data: '{}', bullet_data: '[]',
    created_at: new Date().toISOString(), ranked, unranked_reason: ranked ? null : 'test',
  }).returning(['id']).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The truth: rows { user_id, game_id, hi, hi_run_id, lo, lo_run_id, listed } from the runs. */
async function truth(db: Kysely<DB>): Promise<string[]> {
  const runs = await db.selectFrom('performances as p').innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'p.game_id', 'p.score', 'p.ranked', 'u.username']).orderBy('p.id').execute();
  const m = new Map<string, { hi: number; hiRun: number; lo: number; loRun: number; listed: number }>();
  for (const r of runs) {
    const score = Number(r.score);
    if (Number(r.ranked) !== 1 || score <= 0) continue;
    const k = `${r.user_id}/${r.game_id}`;
    const e = m.get(k);
    const id = Number(r.id);
    if (!e) { m.set(k, { hi: score, hiRun: id, lo: score, loRun: id, listed: r.username === null ? 0 : 1 }); continue; }
    if (score > e.hi) { e.hi = score; e.hiRun = id; }
    if (score < e.lo) { e.lo = score; e.loRun = id; }
  }
  return [...m].map(([k, e]) => `${k} ${e.hi}@${e.hiRun} ${e.lo}@${e.loRun} ${e.listed}`).sort();
}

/** `board_counts` (migration 0016) from the truth: `game/side best n` for listed players. */
async function countsTruth(db: Kysely<DB>): Promise<string[]> {
  const m = new Map<string, number>();
  for (const line of await truth(db)) {
    const [k, hi, lo, listed] = line.split(' ');
    if (listed !== '1') continue;
    const game = k.split('/')[1];
    for (const key of [`${game}/0 ${hi.split('@')[0]}`, `${game}/1 ${lo.split('@')[0]}`]) m.set(key, (m.get(key) ?? 0) + 1);
  }
  return [...m].map(([k, n]) => `${k} ${n}`).sort();
}

async function storedCounts(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('board_counts').selectAll().execute();
  return rows.map((r) => `${r.game_id}/${r.side} ${Number(r.best)} ${Number(r.n)}`).sort();
}

/** player_bests and board_counts both equal the truth computed from the runs. */
async function expectConsistent(db: Kysely<DB>): Promise<void> {
  expect(await stored(db)).toEqual(await truth(db));
  expect(await storedCounts(db)).toEqual(await countsTruth(db));
}

async function stored(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('player_bests').selectAll().execute();
  return rows.map((r) => `${r.user_id}/${r.game_id} ${Number(r.hi)}@${r.hi_run_id} ${Number(r.lo)}@${r.lo_run_id} ${r.listed}`).sort();
}

function scenarios(open: () => Promise<OpenDb>, close: (o: OpenDb) => Promise<void>) {
  let o: OpenDb;
  beforeEach(async () => { o = await open(); });
  afterEach(async () => { await close(o); });

  test('player_bests and board_counts equal the grouped ranked runs after runs, approvals, rejections, registrations and deletions', async () => {
    const db = o.db;
    const r = rng(38);
    const users: number[] = [];
    for (let i = 0; i < 24; i++) {
      const u = await db.insertInto('users').values({ created_at: new Date().toISOString(), premium: 0, username: i % 3 === 0 ? null : `pb${i}` })
        .returning(['id']).executeTakeFirstOrThrow();
      users.push(Number(u.id));
    }
    const runs: number[] = [];
    for (let i = 0; i < 240; i++) {
      const score = r() < 0.1 ? 0 : Math.floor(r() * 12) + 1; // many ties
      runs.push(await insertRun(db, users[Math.floor(r() * users.length)], r() < 0.5 ? HI : LO, score, r() < 0.6 ? 1 : 0));
    }
    await expectConsistent(db);
    expect((await stored(db)).length).toBeGreaterThan(20);
    // approvals (held -> ranked) and rejections (ranked -> not), as `npm run admin -- review` writes them
    for (const id of runs.filter((_, i) => i % 7 === 0)) await db.updateTable('performances').set({ ranked: 1, unranked_reason: null }).where('id', '=', id).execute();
    for (const id of runs.filter((_, i) => i % 11 === 0)) await db.updateTable('performances').set({ ranked: 0, unranked_reason: 'rejected' }).where('id', '=', id).execute();
    await expectConsistent(db);
    // guests register (the row is upgraded in place), an account's name changes
    await db.updateTable('users').set({ username: 'late0' }).where('id', '=', users[0]).execute();
    await db.updateTable('users').set({ username: 'late3' }).where('id', '=', users[3]).execute();
    await db.updateTable('users').set({ username: 'renamed1' }).where('id', '=', users[1]).execute();
    await expectConsistent(db);
    // runs and users deleted
    await db.deleteFrom('performances').where('id', 'in', runs.filter((_, i) => i % 5 === 1)).execute();
    await db.deleteFrom('users').where('id', 'in', [users[2], users[4], users[5]]).execute();
    await expectConsistent(db);
    expect((await db.selectFrom('player_bests').select('user_id').where('user_id', 'in', [users[2], users[4], users[5]]).execute()).length).toBe(0);
    // a new best later than an equal one keeps the earlier run's place
    const uid = users[7];
    const a = await insertRun(db, uid, HI, 500, 1);
    await insertRun(db, uid, HI, 500, 1);
    const row = await db.selectFrom('player_bests').selectAll().where('user_id', '=', uid).where('game_id', '=', HI).executeTakeFirstOrThrow();
    expect([Number(row.hi), row.hi_run_id]).toEqual([500, a]);
    await expectConsistent(db);
  });

  test('board_counts: each change moves the counts, and size, rank and percentile read them', async () => {
    const db = o.db;
    const mk = async (name: string | null) => Number((await db.insertInto('users').values({ created_at: new Date().toISOString(), premium: 0, username: name })
      .returning(['id']).executeTakeFirstOrThrow()).id);
    const counts = async () => Object.fromEntries((await db.selectFrom('board_counts').selectAll().where('game_id', '=', HI).where('side', '=', 0).execute())
      .map((r) => [Number(r.best), Number(r.n)]));
    const standing = (best: number | null, registered = true) => leaderboardStanding(db, HI, 'targets_destroyed', best, registered);
    const a = await mk('ca'), b = await mk('cb'), guest = await mk(null);
    // insert: ranked runs count, unranked and zero scores do not
    await insertRun(db, a, HI, 10, 1);
    await insertRun(db, b, HI, 10, 1);
    const held = await insertRun(db, b, HI, 30, 0);
    await insertRun(db, a, HI, 0, 1);
    await insertRun(db, guest, HI, 20, 1);
    expect(await counts()).toEqual({ 10: 2 });
    expect(await standing(10)).toEqual({ rank: 1, size: 2, percentile: 0, listed: true });
    expect(await standing(20, false)).toEqual({ rank: 1, size: 2, percentile: 100, listed: false });
    // approve: b's held 30 becomes their best
    await db.updateTable('performances').set({ ranked: 1, unranked_reason: null }).where('id', '=', held).execute();
    expect(await counts()).toEqual({ 10: 1, 30: 1 });
    expect(await standing(10)).toEqual({ rank: 2, size: 2, percentile: 0, listed: true });
    expect(await standing(30)).toEqual({ rank: 1, size: 2, percentile: 100, listed: true });
    // reject: back to 10
    await db.updateTable('performances').set({ ranked: 0, unranked_reason: 'rejected' }).where('id', '=', held).execute();
    expect(await counts()).toEqual({ 10: 2 });
    // guest registering: listed, counted
    await db.updateTable('users').set({ username: 'cguest' }).where('id', '=', guest).execute();
    expect(await counts()).toEqual({ 10: 2, 20: 1 });
    expect(await standing(10)).toEqual({ rank: 2, size: 3, percentile: 0, listed: true });
    expect(await standing(20)).toEqual({ rank: 1, size: 3, percentile: 100, listed: true });
    // delete: b's only ranked run of HI gone
    await db.deleteFrom('performances').where('user_id', '=', b).where('game_id', '=', HI).where('ranked', '=', 1).execute();
    expect(await counts()).toEqual({ 10: 1, 20: 1 });
    // user deleted (cascade): their counts go with them, no zero rows left
    await db.deleteFrom('users').where('id', '=', a).execute();
    expect(await counts()).toEqual({ 20: 1 });
    expect(await db.selectFrom('board_counts').select('n').where('n', '<=', 0).execute()).toEqual([]);
    expect(await standing(20)).toEqual({ rank: 1, size: 1, percentile: null, listed: true });
    await expectConsistent(db);
  });

  test('the window around a player by keyset equals the OFFSET page and the board computed from the runs', async () => {
    const db = o.db;
    const r = rng(7);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const u = await db.insertInto('users').values({ created_at: new Date().toISOString(), premium: 0, username: i % 4 === 0 ? null : `w${i}` })
        .returning(['id']).executeTakeFirstOrThrow();
      ids.push(Number(u.id));
      for (let k = 0; k < 3; k++) await insertRun(db, Number(u.id), HI, Math.floor(r() * 8) + 1, r() < 0.8 ? 1 : 0);
    }
    for (const metric of ['targets_destroyed', 'time_destroy'] as const) {
      const lower = metric === 'time_destroy';
      // the board from the truth: listed players, best, earliest run with it, in order
      const board = (await truth(db)).map((line) => line.split(' ')).filter((f) => f[0].endsWith(`/${HI}`) && f[3] === '1').map((f) => {
        const [best, run] = (lower ? f[2] : f[1]).split('@').map(Number);
        return { user_id: Number(f[0].split('/')[0]), best, run };
      }).sort((x, y) => (lower ? x.best - y.best : y.best - x.best) || x.run - y.run);
      const full = await loadLeaderboard(db, HI, metric, 100, 0);
      expect(full.total).toBe(board.length);
      expect(full.entries.map((e) => [e.user_id, e.score, e.run_id])).toEqual(board.map((b) => [b.user_id, b.best, b.run]));
      expect(full.entries.map((e) => e.rank)).toEqual(board.map((b) => 1 + board.filter((x) => (lower ? x.best < b.best : x.best > b.best)).length));
      for (const limit of [1, 5, 20]) {
        for (const uid of ids) {
          const anchor = await leaderboardAnchor(db, HI, metric, uid);
          const pos = board.findIndex((b) => b.user_id === uid);
          if (limit === 1 && pos >= 0) {
            const me = board[pos].best;
            const better = board.filter((x) => (lower ? x.best < me : x.best > me)).length;
            const worse = board.filter((x) => (lower ? x.best > me : x.best < me)).length;
            expect(await leaderboardStanding(db, HI, metric, me, true)).toEqual({
              rank: better + 1, size: board.length, percentile: board.length > 1 ? Math.round((1000 * worse) / (board.length - 1)) / 10 : null, listed: true,
            });
          }
          expect(anchor?.pos ?? -1).toBe(pos);
          if (!anchor) continue;
          const offset = windowOffset(anchor.pos, limit);
          const keyset = await loadLeaderboard(db, HI, metric, limit, offset, uid, { around: anchor });
          const paged = await loadLeaderboard(db, HI, metric, limit, offset, uid);
          expect(keyset).toEqual(paged);
          expect(keyset.entries).toEqual(full.entries.slice(offset, offset + limit).map((e) => ({ ...e, is_me: e.user_id === uid })));
        }
      }
      // a guest's would-be place: before the ties of its best
      const guestBest = board[Math.floor(board.length / 2)].best;
      const st = await leaderboardStanding(db, HI, metric, guestBest, false);
      const around = { best: guestBest, runId: 0, pos: st.rank! - 1 };
      const offset = windowOffset(around.pos, 5);
      expect(await loadLeaderboard(db, HI, metric, 5, offset, null, { around })).toEqual(await loadLeaderboard(db, HI, metric, 5, offset, null));
    }
  });
}

describe('player_bests on SQLite', () => {
  scenarios(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-bests-'));
    const open = openDb({ databaseFile: path.join(dir, 'test.sqlite') });
    await migrateToLatest(open);
    await seedCatalogue(open.db);
    (open as OpenDb & { dir?: string }).dir = dir;
    return open;
  }, async (open) => {
    await open.db.destroy();
    fs.rmSync((open as OpenDb & { dir?: string }).dir!, { recursive: true, force: true });
  });
});

/** On PostgreSQL when TEST_DATABASE_URL names a server: a database of this file's own
 * (aim_player_bests_test, created afresh for each scenario) so it never races
 * test/server/postgres.test.ts, which uses TEST_DATABASE_URL's database (test files may run at once). */
const url = process.env.TEST_DATABASE_URL;
(url ? describe : describe.skip)('player_bests on PostgreSQL', () => {
  scenarios(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS aim_player_bests_test');
    await admin.query('CREATE DATABASE aim_player_bests_test');
    await admin.end();
    const own = new URL(url!);
    own.pathname = '/aim_player_bests_test';
    const open = openDb({ databaseUrl: own.toString() });
    await migrateToLatest(open);
    await seedCatalogue(open.db);
    return open;
  }, async (open) => { await open.db.destroy(); });
});
