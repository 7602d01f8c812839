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

/** The `player_bests` columns of a metric's board: `hi` / `hi_run_id` (higher is better) or
 * `lo` / `lo_run_id` (lower is better, time_destroy). */
function boardColumns(metric: PrimaryMetric): { best: 'hi' | 'lo'; run: 'hi_run_id' | 'lo_run_id'; lower: boolean } {
  const lower = lowerIsBetter(metric);
  return lower ? { best: 'lo', run: 'lo_run_id', lower } : { best: 'hi', run: 'hi_run_id', lower };
}

/**
 * Every listed player's best ranked score on `drillId` by `metric` (the rules in the module
 * comment: accounts only, positive bests): a subquery of rows `{ user_id, best, run_id }` over
 * `player_bests` (migration 0014_player_bests, kept equal to the grouped ranked runs by
 * triggers; `run_id`: the earliest run with that best).
 */
export function playerBestsQuery(db: Kysely<DB>, drillId: number, metric: PrimaryMetric) {
  const c = boardColumns(metric);
  return listedRows(db, drillId).select(['b.user_id as user_id', `b.${c.best} as best`, `b.${c.run} as run_id`]);
}

/** The drill's listed `player_bests` rows (alias `b`): the board every read below starts from. */
function listedRows(db: Kysely<DB>, drillId: number) {
  return db.selectFrom('player_bests as b').where('b.game_id', '=', drillId).where('b.listed', '=', 1);
}

/** The drill's `board_counts` rows of the metric's side (migration 0016_board_counts: listed
 * players per best, 0: `hi`, 1: `lo`), alias `c`: one primary-key range, O(distinct bests). */
function countRows(db: Kysely<DB>, drillId: number, metric: PrimaryMetric) {
  return db.selectFrom('board_counts as c').where('c.game_id', '=', drillId).where('c.side', '=', boardColumns(metric).lower ? 1 : 0);
}

/** Listed rows of the drill's board strictly better than `best`: a sum over the drill's
 * `board_counts` range of better bests (O(distinct bests), not O(players)). */
async function countBetter(db: Kysely<DB>, drillId: number, metric: PrimaryMetric, best: number): Promise<number> {
  const lower = boardColumns(metric).lower;
  const row = await countRows(db, drillId, metric)
    .select(sql<string | number | null>`sum(c.n)`.as('n'))
    .where('c.best', lower ? '<' : '>', best)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Listed rows with exactly `best` reached by an earlier run than `runId` (those ahead of it in
 * board order among its ties: an index range count within one tie group). */
async function countTiesBefore(db: Kysely<DB>, drillId: number, metric: PrimaryMetric, best: number, runId: number): Promise<number> {
  const c = boardColumns(metric);
  const row = await listedRows(db, drillId)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(`b.${c.best}`, '=', best)
    .where(`b.${c.run}`, '<', runId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
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
  return (await countBetter(db, drillId, metric, best)) + 1;
}

/** Number of players on the drill's leaderboard (listed accounts with a ranked best): the sum of
 * the drill's `board_counts` (O(distinct bests)). */
export async function leaderboardSize(db: Kysely<DB>, drillId: number, metric: PrimaryMetric): Promise<number> {
  const row = await countRows(db, drillId, metric)
    .select(sql<string | number | null>`sum(c.n)`.as('n'))
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
 * is an account (a guest is never listed; their rank is where the best would place). One query
 * over the drill's `board_counts` (migration 0016): O(distinct bests), not O(players).
 */
export async function leaderboardStanding(
  db: Kysely<DB>, drillId: number, metric: PrimaryMetric, best: number | null, registered: boolean,
): Promise<LeaderboardStanding> {
  const lower = lowerIsBetter(metric);
  const has = isBest(best);
  const b = has ? best : 0;
  // one range of the drill's board_counts (O(distinct bests)): the size, better and worse counts
  const better = lower ? sql<number>`coalesce(sum(case when c.best < ${b} then c.n else 0 end), 0)` : sql<number>`coalesce(sum(case when c.best > ${b} then c.n else 0 end), 0)`;
  const worse = lower ? sql<number>`coalesce(sum(case when c.best > ${b} then c.n else 0 end), 0)` : sql<number>`coalesce(sum(case when c.best < ${b} then c.n else 0 end), 0)`;
  const row = await countRows(db, drillId, metric)
    .select([sql<number>`coalesce(sum(c.n), 0)`.as('n'), better.as('better'), worse.as('worse')])
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

/** A place in a drill's board order (see `loadLeaderboard`): the key of a row, `best` and
 * `runId` (`performances.id` of the earliest run with that best; for a place BEFORE every row
 * with that best, as a guest's best would take, 0), and `pos`, the number of listed rows
 * before it (0-based position). */
export interface BoardAnchor {
  best: number;
  runId: number;
  pos: number;
}

/**
 * Where player `userId` is in the drill's board order, or null when they are not on the board
 * (a guest, or no positive ranked best): their row's key and its 0-based position (the count of
 * listed rows strictly better, plus their ties reached by an earlier run).
 */
export async function leaderboardAnchor(db: Kysely<DB>, drillId: number, metric: PrimaryMetric, userId: number): Promise<BoardAnchor | null> {
  const c = boardColumns(metric);
  const mine = await listedRows(db, drillId)
    .select([`b.${c.best} as best`, `b.${c.run} as run_id`])
    .where('b.user_id', '=', userId)
    .executeTakeFirst();
  if (!mine) return null;
  const best = Number(mine.best), runId = Number(mine.run_id);
  const pos = (await countBetter(db, drillId, metric, best)) + (await countTiesBefore(db, drillId, metric, best, runId));
  return { best, runId, pos };
}

/**
 * 0-based position of player `userId` in the drill's board order, or null when they are not on
 * the board (a guest, or no ranked run). See `leaderboardAnchor`.
 */
export async function leaderboardPosition(db: Kysely<DB>, drillId: number, metric: PrimaryMetric, userId: number): Promise<number | null> {
  return (await leaderboardAnchor(db, drillId, metric, userId))?.pos ?? null;
}

/** The first row (0-based) of a window of `limit` rows that has position `pos` in its middle
 * (never below 0). */
export function windowOffset(pos: number, limit: number): number {
  return Math.max(0, pos - Math.floor((limit - 1) / 2));
}

/** Board keys `{ user_id, best, run_id }` of `limit` rows in board order (or its reverse), from
 * `offset`, or from an anchor's key: at or after it (`atOrAfter`), or strictly before it going
 * back (`before`, rows in reverse board order). From an anchor: at most two index range scans
 * with LIMIT (keyset: the anchor's tie group, then the bests beyond it; an OFFSET only when the
 * caller pages without an anchor). */
async function boardKeys(
  db: Kysely<DB>, drillId: number, metric: PrimaryMetric, limit: number,
  from: { offset: number } | { before: BoardAnchor } | { atOrAfter: BoardAnchor },
): Promise<Array<{ user_id: number; best: number; run_id: number }>> {
  const c = boardColumns(metric);
  const best = sql.ref(`b.${c.best}`), run = sql.ref(`b.${c.run}`);
  const reverse = 'before' in from;
  const bestDir = c.lower !== reverse ? sql`asc` : sql`desc`;
  const runDir = reverse ? sql`desc` : sql`asc`;
  const ordered = (q: ReturnType<typeof playerBestsQuery>, n: number) => q.orderBy(sql`${best} ${bestDir}`).orderBy(sql`${run} ${runDir}`).limit(n);
  const keys = (rows: Array<{ user_id: unknown; best: unknown; run_id: unknown }>) =>
    rows.map((r) => ({ user_id: Number(r.user_id), best: Number(r.best), run_id: Number(r.run_id) }));
  if ('offset' in from) {
    let q = ordered(playerBestsQuery(db, drillId, metric), limit);
    if (from.offset > 0) q = q.offset(from.offset);
    return keys(await q.execute());
  }
  // from an anchor: first its tie group (the anchor's best, run ids on the anchor's side), then
  // the bests strictly beyond it; each an index range of (best, run id) with no filter
  const a = 'before' in from ? from.before : from.atOrAfter;
  const ties = await ordered(playerBestsQuery(db, drillId, metric).where(best, '=', a.best)
    .where(run, reverse ? '<' : '>=', a.runId), limit).execute();
  if (ties.length >= limit) return keys(ties);
  // beyond the tie group: better bests going back ('before'), worse ones going on
  const beyond = await ordered(playerBestsQuery(db, drillId, metric)
    .where(best, c.lower !== reverse ? '>' : '<', a.best), limit - ties.length).execute();
  return keys([...ties, ...beyond]);
}

/**
 * One page of the drill's leaderboard: `limit` rows from `offset` (0-based) in board order, and
 * the board's size. With `around` (an anchor at position `around.pos`, from `leaderboardAnchor`
 * or a guest's would-be place), the page is read by keyset from the anchor: the
 * `around.pos - offset` rows before it and the rest from it on (`offset` must be at most
 * `around.pos`; `windowOffset` gives the usual one), never an OFFSET into the board. Ranks are
 * those of the whole board (1 + listed players with a strictly better best): the page's first
 * row's from its position less its ties before the page, the others from their positions.
 * `viewerId` (the reader, if any) marks their own row `is_me`; `total`, when the caller already
 * counted the board (`leaderboardStanding`'s size), spares the count.
 */
export async function loadLeaderboard(
  db: Kysely<DB>, drillId: number, metric: PrimaryMetric, limit: number, offset: number, viewerId: number | null = null,
  opts: { around?: BoardAnchor; total?: number } = {},
): Promise<{ total: number; entries: LeaderboardEntry[] }> {
  const a = opts.around;
  let keys: Array<{ user_id: number; best: number; run_id: number }>;
  if (a) {
    if (offset > a.pos) throw new RangeError(`loadLeaderboard: offset ${offset} is after the anchor's position ${a.pos}`);
    const before = a.pos - offset;
    const head = before > 0 ? (await boardKeys(db, drillId, metric, before, { before: a })).reverse() : [];
    const tail = limit - head.length > 0 ? await boardKeys(db, drillId, metric, limit - head.length, { atOrAfter: a }) : [];
    keys = [...head, ...tail];
  } else {
    keys = await boardKeys(db, drillId, metric, limit, { offset });
  }
  const total = opts.total ?? (await leaderboardSize(db, drillId, metric));
  if (keys.length === 0) return { total, entries: [] };
  const runIds = keys.map((k) => k.run_id), userIds = keys.map((k) => k.user_id);
  const [runs, users] = await Promise.all([
    db.selectFrom('performances').select(['id', 'created_at', 'accuracy']).where('id', 'in', runIds).execute(),
    db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute(),
  ]);
  const runById = new Map(runs.map((r) => [Number(r.id), r]));
  const nameById = new Map(users.map((u) => [Number(u.id), u.username]));
  // rank of the first row: its position less the rows tied with it before the page
  const first = keys[0];
  let rank = offset + 1 - (offset > 0 ? await countTiesBefore(db, drillId, metric, first.best, first.run_id) : 0);
  const entries = keys.map((k, i) => {
    if (i > 0 && k.best !== keys[i - 1].best) rank = offset + i + 1;
    const r = runById.get(k.run_id);
    return {
      rank,
      user_id: k.user_id,
      player: String(nameById.get(k.user_id) ?? ''),
      score: k.best,
      run_id: k.run_id,
      created_at: String(r?.created_at ?? ''),
      accuracy: Number(r?.accuracy ?? 0),
      is_me: viewerId !== null && k.user_id === viewerId,
    };
  });
  return { total, entries };
}
