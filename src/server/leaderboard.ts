/**
 * Leaderboards (issue 15 item 3): per drill, RANKED runs only (issue 14: ticket + valid APKey +
 * verified replay, `performances.ranked = 1`), one row per player: their best.
 *
 * The rules, ONE definition used by the leaderboard page, the drill list, the run read and the
 * gameconfig answer (`best_score` / `leaderboard_rank`):
 * - a player's best = their highest ranked score on the drill, or, for a lower-is-better metric
 *   (time_destroy), their lowest POSITIVE one — `bestScoreQuery` in src/server/runs.ts computes
 *   the same for one player; only a POSITIVE best is on a board or has a rank, whatever the
 *   metric (a score of 0 or below is a run with no kill or no hit: never a place, as the summary
 *   shows no rank for it);
 * - rank = 1 + the number of players whose best is strictly better (standard competition
 *   ranking, "1224": equal bests share a rank);
 * - order: by best, then, among equal bests, the player who reached it FIRST (the lower id of
 *   their earliest run with that score) comes first; then by user id.
 * - only ACCOUNTS are on a board (issue 38 item 2: `users.username is not null`), listed by their
 *   username. A guest keeps their runs (and their best, `bestScore`) and is told where that best
 *   WOULD place: the same count of listed players with a strictly better best.
 * - percentile: the share of the OTHER listed players whose best is strictly worse than the
 *   player's, in % with one decimal ("better than 87.5 % of players"); null without a best or
 *   when nobody else is listed.
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
  /** the account's username */
  player: string;
  /** the player's best score by the drill's primary metric */
  score: number;
  /** id of the player's earliest run with that score */
  run_id: number;
  /** when that run was stored (ISO) */
  created_at: string;
  accuracy: number;
  /** true on the reader's own row only */
  is_me: boolean;
}

/**
 * Every listed player's best ranked score on `drillId` by `metric` (the rules in the module
 * comment: accounts only): a subquery of rows `{ user_id, best }`.
 */
export function playerBestsQuery(db: Kysely<DB>, drillId: number, metric: PrimaryMetric) {
  const lower = lowerIsBetter(metric);
  const q = db
    .selectFrom('performances as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select((eb) => ['p.user_id as user_id', (lower ? eb.fn.min('p.score') : eb.fn.max('p.score')).as('best')])
    .where('p.game_id', '=', drillId)
    .where('p.ranked', '=', 1)
    .where('u.username', 'is not', null)
    .where('p.score', '>', 0)
    .groupBy('p.user_id');
  return q;
}

/** Whether `best` is a place-worthy best at all: a positive score (module comment), whatever
 * the metric. */
function isBest(best: number | null): best is number {
  return best !== null && best > 0;
}

/**
 * The player's place on the drill's leaderboard given their best `best` (from `bestScore`):
 * 1 + the number of listed players whose best is strictly better (for a guest: where that best
 * would place). Null when `best` is null, or not a best at all (a lower-is-better score <= 0).
 */
export async function leaderboardRank(
  db: Kysely<DB>, drillId: number, metric: PrimaryMetric, best: number | null,
): Promise<number | null> {
  if (!isBest(best)) return null;
  const lower = lowerIsBetter(metric);
  const row = await db
    .selectFrom(playerBestsQuery(db, drillId, metric).as('b'))
    .select((eb) => eb.fn.countAll().as('n'))
    .where('b.best', lower ? '<' : '>', best)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** Number of players on the drill's leaderboard (listed accounts with a ranked best). */
export async function leaderboardSize(db: Kysely<DB>, drillId: number, metric: PrimaryMetric): Promise<number> {
  const row = await db
    .selectFrom(playerBestsQuery(db, drillId, metric).as('b'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Where a best stands on a board: see `leaderboardStanding`. */
export interface LeaderboardStanding {
  /** 1 + listed players with a strictly better best; null without a best */
  rank: number | null;
  /** the board's size (listed players) */
  size: number;
  /** % of the other listed players with a strictly worse best (one decimal); null without a
   * best or when nobody else is listed */
  percentile: number | null;
  /** whether the player is on the board (an account with a ranked best) */
  listed: boolean;
}

/** The percentile of the module comment: 100 x `worse` / `others`, one decimal; null when
 * `others` is 0. */
export function percentileOf(worse: number, others: number): number | null {
  if (others <= 0) return null;
  return Math.round((1000 * worse) / others) / 10;
}

/**
 * Rank, board size, percentile and listing of player `userId` whose best is `best` (from
 * `bestScore`; null: none) on the drill's board, in one query. `registered`: whether the player
 * is an account (a guest is never listed; their rank is where the best would place).
 */
export async function leaderboardStanding(
  db: Kysely<DB>, drillId: number, metric: PrimaryMetric, best: number | null, registered: boolean,
): Promise<LeaderboardStanding> {
  const lower = lowerIsBetter(metric);
  const has = isBest(best);
  const b = has ? best : 0;
  const better = lower ? sql<number>`coalesce(sum(case when b.best < ${b} then 1 else 0 end), 0)` : sql<number>`coalesce(sum(case when b.best > ${b} then 1 else 0 end), 0)`;
  const worse = lower ? sql<number>`coalesce(sum(case when b.best > ${b} then 1 else 0 end), 0)` : sql<number>`coalesce(sum(case when b.best < ${b} then 1 else 0 end), 0)`;
  const row = await db
    .selectFrom(playerBestsQuery(db, drillId, metric).as('b'))
    .select((eb) => [eb.fn.countAll().as('n'), better.as('better'), worse.as('worse')])
    .executeTakeFirst();
  const size = Number(row?.n ?? 0);
  if (!has) return { rank: null, size, percentile: null, listed: false };
  const listed = registered;
  const others = listed ? size - 1 : size;
  return {
    rank: Number(row?.better ?? 0) + 1,
    size,
    percentile: percentileOf(Number(row?.worse ?? 0), others),
    listed,
  };
}

/**
 * The whole board in order, as a subquery: one row per listed player with `user_id`, `player`
 * (username), `best`, `run_id` (their earliest run with that score), `created_at`, `accuracy`,
 * `rank` (window rank), `pos` (0-based position in board order) and `total` (board size).
 */
function boardQuery(db: Kysely<DB>, drillId: number, metric: PrimaryMetric) {
  const dir = lowerIsBetter(metric) ? sql`asc` : sql`desc`;
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
  return db
    .selectFrom(firsts.as('f'))
    .innerJoin('performances as r', 'r.id', 'f.run_id')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select([
      'f.user_id as user_id', 'f.best as best', 'f.run_id as run_id', 'r.created_at as created_at', 'r.accuracy as accuracy',
      'u.username as player',
      sql<number>`rank() over (order by f.best ${dir})`.as('rank'),
      sql<number>`row_number() over (order by f.best ${dir}, f.run_id asc, f.user_id asc) - 1`.as('pos'),
      sql<number>`count(*) over ()`.as('total'),
    ]);
}

/**
 * 0-based position of player `userId` in the drill's board order, or null when they are not on
 * the board (a guest, or no ranked run).
 */
export async function leaderboardPosition(db: Kysely<DB>, drillId: number, metric: PrimaryMetric, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom(boardQuery(db, drillId, metric).as('x'))
    .select('x.pos')
    .where('x.user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.pos) : null;
}

/** The first row (0-based) of a window of `limit` rows that has position `pos` in its middle
 * (never below 0). */
export function windowOffset(pos: number, limit: number): number {
  return Math.max(0, pos - Math.floor((limit - 1) / 2));
}

/**
 * One page of the drill's leaderboard: `limit` rows from `offset` (0-based) in board order, and
 * the board's size. Ranks are computed over the whole board (a window function, in SQLite and
 * PostgreSQL alike). `viewerId` (the reader, if any) marks their own row `is_me`.
 */
export async function loadLeaderboard(
  db: Kysely<DB>, drillId: number, metric: PrimaryMetric, limit: number, offset: number, viewerId: number | null = null,
): Promise<{ total: number; entries: LeaderboardEntry[] }> {
  const rows = await db
    .selectFrom(boardQuery(db, drillId, metric).as('x'))
    .selectAll('x')
    .orderBy('x.pos', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = rows.length > 0 ? Number(rows[0].total) : await leaderboardSize(db, drillId, metric);
  return {
    total,
    entries: rows.map((r) => ({
      rank: Number(r.rank),
      user_id: Number(r.user_id),
      player: String(r.player),
      score: Number(r.best),
      run_id: Number(r.run_id),
      created_at: String(r.created_at),
      accuracy: Number(r.accuracy),
      is_me: viewerId !== null && Number(r.user_id) === viewerId,
    })),
  };
}
