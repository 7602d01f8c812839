/**
 * Leaderboards (issue 15 item 3): per drill, RANKED runs only (issue 14: ticket + valid APKey +
 * verified replay, `performances.ranked = 1`), one row per player: their best.
 *
 * The rules, ONE definition used by the leaderboard page, the drill list, the run read and the
 * gameconfig answer (`best_score` / `leaderboard_rank`):
 * - a player's best = their highest ranked score on the drill, or, for a lower-is-better metric
 *   (time_destroy), their lowest POSITIVE one (0 = no kill, never a best) — `bestScoreQuery` in
 *   src/server/runs.ts computes the same for one player;
 * - rank = 1 + the number of players whose best is strictly better (standard competition
 *   ranking, "1224": equal bests share a rank);
 * - order: by best, then, among equal bests, the player who reached it FIRST (the lower id of
 *   their earliest run with that score) comes first; then by user id.
 */
import { sql, type Kysely } from 'kysely';
import type { PrimaryMetric } from '../contracts/constants';
import { lowerIsBetter } from '../metrics/objective';
import type { DB } from './db';

/** One row of a leaderboard. */
export interface LeaderboardEntry {
  /** 1 + players with a strictly better best */
  rank: number;
  user_id: number;
  /** display name: "Player #id" (accounts with names come with issue 13) */
  player: string;
  /** the player's best score by the drill's primary metric */
  score: number;
  /** id of the player's earliest run with that score */
  run_id: number;
  /** when that run was stored (ISO) */
  created_at: string;
  accuracy: number;
}

/** The player's display name on boards (until accounts carry names). */
export function playerName(userId: number): string {
  return `Player #${userId}`;
}

/**
 * Every player's best ranked score on `drillId` by `metric` (the rules in the module comment):
 * a subquery of rows `{ user_id, best }`.
 */
export function playerBestsQuery(db: Kysely<DB>, drillId: number, metric: PrimaryMetric) {
  const lower = lowerIsBetter(metric);
  let q = db
    .selectFrom('performances')
    .select((eb) => ['user_id', (lower ? eb.fn.min('score') : eb.fn.max('score')).as('best')])
    .where('game_id', '=', drillId)
    .where('ranked', '=', 1)
    .groupBy('user_id');
  if (lower) q = q.where('score', '>', 0);
  return q;
}

/**
 * The player's place on the drill's leaderboard given their best `best` (from `bestScore`):
 * 1 + the number of players whose best is strictly better. Null when `best` is null, or not a
 * best at all (a lower-is-better score <= 0).
 */
export async function leaderboardRank(
  db: Kysely<DB>, drillId: number, metric: PrimaryMetric, best: number | null,
): Promise<number | null> {
  if (best === null) return null;
  const lower = lowerIsBetter(metric);
  if (lower && best <= 0) return null;
  const row = await db
    .selectFrom(playerBestsQuery(db, drillId, metric).as('b'))
    .select((eb) => eb.fn.countAll().as('n'))
    .where('b.best', lower ? '<' : '>', best)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** Number of players on the drill's leaderboard. */
export async function leaderboardSize(db: Kysely<DB>, drillId: number, metric: PrimaryMetric): Promise<number> {
  const row = await db
    .selectFrom(playerBestsQuery(db, drillId, metric).as('b'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of the drill's leaderboard: `limit` rows from `offset` (0-based) in board order, and
 * the board's size. Ranks are computed over the whole board (a window function, in SQLite and
 * PostgreSQL alike).
 */
export async function loadLeaderboard(
  db: Kysely<DB>, drillId: number, metric: PrimaryMetric, limit: number, offset: number,
): Promise<{ total: number; entries: LeaderboardEntry[] }> {
  const lower = lowerIsBetter(metric);
  const dir = lower ? sql`asc` : sql`desc`;
  const bests = playerBestsQuery(db, drillId, metric);
  // the earliest ranked run of each player with their best score
  const firsts = db
    .selectFrom(bests.as('b'))
    .innerJoin('performances as p', (j) =>
      j.onRef('p.user_id', '=', 'b.user_id').onRef('p.score', '=', 'b.best'))
    .where('p.game_id', '=', drillId)
    .where('p.ranked', '=', 1)
    .select((eb) => ['b.user_id as user_id', 'b.best as best', eb.fn.min('p.id').as('run_id')])
    .groupBy(['b.user_id', 'b.best']);
  const rows = await db
    .selectFrom(firsts.as('f'))
    .innerJoin('performances as r', 'r.id', 'f.run_id')
    .select([
      'f.user_id', 'f.best', 'f.run_id', 'r.created_at', 'r.accuracy',
      sql<number>`rank() over (order by f.best ${dir})`.as('rank'),
      sql<number>`count(*) over ()`.as('total'),
    ])
    .orderBy(sql`f.best ${dir}`)
    .orderBy('f.run_id', 'asc')
    .orderBy('f.user_id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = rows.length > 0 ? Number(rows[0].total) : await leaderboardSize(db, drillId, metric);
  return {
    total,
    entries: rows.map((r) => ({
      rank: Number(r.rank),
      user_id: Number(r.user_id),
      player: playerName(Number(r.user_id)),
      score: Number(r.best),
      run_id: Number(r.run_id),
      created_at: String(r.created_at),
      accuracy: Number(r.accuracy),
    })),
  };
}
