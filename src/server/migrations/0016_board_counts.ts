/**
 * Migration 0016_board_counts (issue 38 item 5: a million players). `board_counts`: how many
 * LISTED players (accounts) of a drill's board have each best, for both board orders, so a
 * board's size, a player's rank and their percentile are sums over the drill's distinct bests
 * instead of counts over its players (src/server/leaderboard.ts reads it).
 *
 * Columns: `game_id`, `side` (0: the `hi` column of `player_bests`, a higher-is-better board;
 * 1: the `lo` column, a lower-is-better board), `best` (a score in the metric's units), `n`
 * (count of listed `player_bests` rows of the drill with that best on that side, always > 0: a
 * row whose count reaches 0 is deleted). Primary key (game_id, side, best): the rows of one board
 * are one index range, in score order; index board_counts_sum (game_id, side, best, n) answers
 * the sums from the index alone. A read costs O(distinct bests of the drill): whole-number
 * scores (kills, hits) give at most a few thousand rows however many players there are.
 *
 * Kept by TRIGGERS on `player_bests` itself, in the transaction of the change (so whatever keeps
 * `player_bests`, migration 0014's triggers on runs and users, keeps these counts): a listed row
 * inserted adds 1 to its (hi) and (lo) counts, a listed row deleted (a refresh, a run deleted,
 * the user deleted by cascade) takes 1, an update (a guest registering: `listed` 0 -> 1) takes
 * the old row's and adds the new row's. On PostgreSQL, `player_bests_refresh` (0014's function,
 * replaced here with the same body plus one line) first takes a transaction-level advisory lock
 * on the drill (`pg_advisory_xact_lock(38005, game_id)`): refreshes of one drill then update
 * counter rows one transaction at a time, so two players' changes to the same counts never
 * deadlock (a transaction touches its counts in any order). SQLite has one writer at a time.
 * The backfill counts `player_bests` grouped (set-based, one statement per side).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { playerBestsRefreshPg } from './0014_player_bests';

/** Advisory lock namespace of the per-drill lock (issue 38 item 5). */
const LOCK_KEY = 38005;

/** The backfill: every board's counts from `player_bests`, both sides (SQL statements). Shared
 * with the million-player benchmark's set-based load (test/bench/million.ts). */
export const BOARD_COUNTS_BACKFILL = [
  'insert into board_counts (game_id, side, best, n) select game_id, 0, hi, count(*) from player_bests where listed = 1 group by game_id, hi',
  'insert into board_counts (game_id, side, best, n) select game_id, 1, lo, count(*) from player_bests where listed = 1 group by game_id, lo',
];

/** The index the reads' sums are answered from alone (PostgreSQL: an index-only scan, no heap
 * page per best): the primary key's columns and `n`. */
export const BOARD_COUNTS_SUM_INDEX = 'create index board_counts_sum on board_counts (game_id, side, best, n)';

/** SQLite: statements adding `d` (+1 / -1) to the counts of row `r` (`new` / `old`) when listed. */
function sqliteAdd(r: 'new' | 'old', d: 1 | -1): string {
  const one = (side: 0 | 1, col: 'hi' | 'lo') => `
    insert into board_counts (game_id, side, best, n) select ${r}.game_id, ${side}, ${r}.${col}, ${d} where ${r}.listed = 1
      on conflict (game_id, side, best) do update set n = n + ${d};
    delete from board_counts where ${r}.listed = 1 and game_id = ${r}.game_id and side = ${side} and best = ${r}.${col} and n <= 0;`;
  return one(0, 'hi') + one(1, 'lo');
}

/** The migration: the table and its backfill (Kysely / SQL), the triggers per dialect. */
export function boardCountsMigration(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('board_counts')
        .addColumn('game_id', 'integer', (c) => c.notNull())
        .addColumn('side', 'integer', (c) => c.notNull())
        .addColumn('best', 'double precision', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('board_counts_pk', ['game_id', 'side', 'best'])
        .execute();
      for (const s of BOARD_COUNTS_BACKFILL) await sql.raw(s).execute(db);
      await sql.raw(BOARD_COUNTS_SUM_INDEX).execute(db);
      if (dialect === 'sqlite') {
        await sql.raw(`create trigger board_counts_insert after insert on player_bests when new.listed = 1 begin
          ${sqliteAdd('new', 1)} end`).execute(db);
        await sql.raw(`create trigger board_counts_delete after delete on player_bests when old.listed = 1 begin
          ${sqliteAdd('old', -1)} end`).execute(db);
        await sql.raw(`create trigger board_counts_update after update on player_bests when old.listed = 1 or new.listed = 1 begin
          ${sqliteAdd('old', -1)} ${sqliteAdd('new', 1)} end`).execute(db);
      } else {
        await sql.raw(`create or replace function board_counts_add(gid integer, s integer, b double precision, d integer) returns void language plpgsql as $$
          begin
            insert into board_counts (game_id, side, best, n) values (gid, s, b, d)
              on conflict (game_id, side, best) do update set n = board_counts.n + d;
            if d < 0 then delete from board_counts where game_id = gid and side = s and best = b and n <= 0; end if;
          end $$`).execute(db);
        await sql.raw(`create or replace function board_counts_row() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' and old.listed = 1 then
              perform board_counts_add(old.game_id, 0, old.hi, -1);
              perform board_counts_add(old.game_id, 1, old.lo, -1);
            end if;
            if tg_op <> 'DELETE' and new.listed = 1 then
              perform board_counts_add(new.game_id, 0, new.hi, 1);
              perform board_counts_add(new.game_id, 1, new.lo, 1);
            end if;
            return null;
          end $$`).execute(db);
        await sql.raw(`create trigger board_counts_insert after insert on player_bests for each row
          when (new.listed = 1) execute function board_counts_row()`).execute(db);
        await sql.raw(`create trigger board_counts_delete after delete on player_bests for each row
          when (old.listed = 1) execute function board_counts_row()`).execute(db);
        await sql.raw(`create trigger board_counts_update after update on player_bests for each row
          when (old.listed = 1 or new.listed = 1) execute function board_counts_row()`).execute(db);
        await sql.raw(playerBestsRefreshPg(`perform pg_advisory_xact_lock(${LOCK_KEY}, gid);`)).execute(db);
      }
    },
    async down(db: Kysely<any>) {
      for (const t of ['board_counts_insert', 'board_counts_delete', 'board_counts_update']) {
        await sql.raw(dialect === 'sqlite' ? `drop trigger if exists ${t}` : `drop trigger if exists ${t} on player_bests`).execute(db);
      }
      if (dialect === 'postgres') {
        await sql.raw(playerBestsRefreshPg()).execute(db);
        for (const f of ['board_counts_row()', 'board_counts_add(integer, integer, double precision, integer)']) {
          await sql.raw(`drop function if exists ${f}`).execute(db);
        }
      }
      await db.schema.dropTable('board_counts').ifExists().execute();
    },
  };
}
