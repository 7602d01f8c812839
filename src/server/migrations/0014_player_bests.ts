/**
 * Migration 0014_player_bests (issue 38 item 5: boards for a million players). `player_bests`:
 * one row per player and drill with a positive RANKED best, kept by the database itself, so a
 * board read never groups every run of a drill again (src/server/leaderboard.ts reads it).
 *
 * Columns (the rules of src/server/leaderboard.ts's module comment, ranked runs with a positive
 * score only, whatever the run's recorded metric, as the grouped query did):
 * - `hi` / `hi_run_id`: the player's highest positive ranked score and the id of their EARLIEST
 *   ranked run with it (the board of a higher-is-better metric);
 * - `lo` / `lo_run_id`: their lowest positive ranked score and its earliest run (a
 *   lower-is-better metric, time_destroy);
 * - `listed`: 1 when the player is an account (`users.username` is not null), 0 for a guest.
 * Primary key (user_id, game_id); indexes (game_id, listed, hi desc, hi_run_id) and (game_id,
 * listed, lo, lo_run_id): board order, so a top N, a count of better players and the rows around
 * a player are index range scans. Rows go with the user (ON DELETE CASCADE).
 *
 * Kept equal to the grouped truth by TRIGGERS, in the transaction of the change whoever makes it
 * (storeRun, the operator's `npm run admin -- review`, registration, deletions, a test's SQL):
 * - after a run is inserted ranked, or its ranked / score / user_id / game_id change, or a ranked
 *   run is deleted: the player's row for that drill is recomputed from their ranked runs of it
 *   (an index range on performances (user_id, game_id, ranked): a handful of rows). On
 *   PostgreSQL the function first locks the user's row (`for no key update`) and computes in
 *   fresh statements, so two concurrent runs of one player cannot overwrite each other's best;
 *   SQLite has one writer at a time;
 * - after `users.username` changes (a guest registers: the row is upgraded in place), the
 *   player's rows get `listed`.
 * The backfill computes every row from `performances` in one pass (two window orders, grouped).
 */
import { sql, type Kysely, type Migration } from 'kysely';

/** The columns computed for one (user, drill): a SELECT over `performances` restricted by
 * `where` (SQL text; `p` is the performances alias), shared by the backfill and the triggers
 * (and migration 0016's replacement of `player_bests_refresh`). */
export function bestsSelect(where: string): string {
  return `select b.game_id, b.user_id, b.hi, b.hi_run_id, b.lo, b.lo_run_id, case when u.username is null then 0 else 1 end
    from (select game_id, user_id,
                 max(case when rh = 1 then score end) as hi, max(case when rh = 1 then id end) as hi_run_id,
                 max(case when rl = 1 then score end) as lo, max(case when rl = 1 then id end) as lo_run_id
          from (select game_id, user_id, score, id,
                       row_number() over (partition by game_id, user_id order by score desc, id asc) as rh,
                       row_number() over (partition by game_id, user_id order by score asc, id asc) as rl
                from performances p where p.ranked = 1 and p.score > 0 and ${where}) w
          group by game_id, user_id) b
    join users u on u.id = b.user_id`;
}

/** The column list of `player_bests` that `bestsSelect` fills, in its order. */
export const PLAYER_BESTS_COLUMNS = '(game_id, user_id, hi, hi_run_id, lo, lo_run_id, listed)';

/** PostgreSQL's `player_bests_refresh(uid, gid)` (CREATE OR REPLACE): locks the user's row, then
 * recomputes their one row of the drill. `lock`: SQL run right after the user's row lock
 * (migration 0016 adds its per-drill advisory lock; this migration: none). */
export function playerBestsRefreshPg(lock = ''): string {
  return `create or replace function player_bests_refresh(uid integer, gid integer) returns void language plpgsql as $$
          begin
            perform 1 from users where id = uid for no key update;${lock ? `\n            ${lock}` : ''}
            delete from player_bests where user_id = uid and game_id = gid;
            insert into player_bests ${PLAYER_BESTS_COLUMNS} ${bestsSelect('p.user_id = uid and p.game_id = gid')};
          end $$`;
}

/** SQLite trigger body: recompute the row of (user `u`, drill `g`) (`u`, `g`: NEW.x / OLD.x). */
function sqliteRefresh(u: string, g: string): string {
  return `delete from player_bests where user_id = ${u} and game_id = ${g};
    insert into player_bests ${PLAYER_BESTS_COLUMNS} ${bestsSelect(`p.user_id = ${u} and p.game_id = ${g}`)};`;
}

/** The migration: raw SQL per dialect for the triggers, Kysely for the table. */
export function playerBestsMigration(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('player_bests')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('game_id', 'integer', (c) => c.notNull())
        .addColumn('hi', 'double precision', (c) => c.notNull())
        .addColumn('hi_run_id', 'integer', (c) => c.notNull())
        .addColumn('lo', 'double precision', (c) => c.notNull())
        .addColumn('lo_run_id', 'integer', (c) => c.notNull())
        .addColumn('listed', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('player_bests_pk', ['user_id', 'game_id'])
        .execute();
      await sql.raw(`insert into player_bests ${PLAYER_BESTS_COLUMNS} ${bestsSelect('true')}`).execute(db);
      await sql.raw('create index player_bests_hi on player_bests (game_id, listed, hi desc, hi_run_id)').execute(db);
      await sql.raw('create index player_bests_lo on player_bests (game_id, listed, lo, lo_run_id)').execute(db);
      if (dialect === 'sqlite') {
        await sql.raw(`create trigger player_bests_insert after insert on performances when new.ranked = 1 begin
          ${sqliteRefresh('new.user_id', 'new.game_id')} end`).execute(db);
        await sql.raw(`create trigger player_bests_update after update of ranked, score, user_id, game_id on performances
          when old.ranked = 1 or new.ranked = 1 begin
          ${sqliteRefresh('old.user_id', 'old.game_id')}
          ${sqliteRefresh('new.user_id', 'new.game_id')} end`).execute(db);
        await sql.raw(`create trigger player_bests_delete after delete on performances when old.ranked = 1 begin
          ${sqliteRefresh('old.user_id', 'old.game_id')} end`).execute(db);
        await sql.raw(`create trigger player_bests_listed after update of username on users begin
          update player_bests set listed = case when new.username is null then 0 else 1 end where user_id = new.id; end`).execute(db);
      } else {
        await sql.raw(playerBestsRefreshPg()).execute(db);
        await sql.raw(`create or replace function player_bests_run() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' then
              if old.ranked = 1 then perform player_bests_refresh(old.user_id, old.game_id); end if;
            end if;
            if tg_op <> 'DELETE' then
              if new.ranked = 1 then perform player_bests_refresh(new.user_id, new.game_id); end if;
            end if;
            return null;
          end $$`).execute(db);
        await sql.raw(`create trigger player_bests_insert after insert on performances for each row
          when (new.ranked = 1) execute function player_bests_run()`).execute(db);
        await sql.raw(`create trigger player_bests_update after update of ranked, score, user_id, game_id on performances
          for each row when (old.ranked = 1 or new.ranked = 1) execute function player_bests_run()`).execute(db);
        await sql.raw(`create trigger player_bests_delete after delete on performances for each row
          when (old.ranked = 1) execute function player_bests_run()`).execute(db);
        await sql.raw(`create or replace function player_bests_listed() returns trigger language plpgsql as $$
          begin
            update player_bests set listed = case when new.username is null then 0 else 1 end where user_id = new.id;
            return null;
          end $$`).execute(db);
        await sql.raw(`create trigger player_bests_listed after update of username on users for each row
          when (old.username is distinct from new.username) execute function player_bests_listed()`).execute(db);
      }
    },
    async down(db: Kysely<any>) {
      for (const t of ['player_bests_insert', 'player_bests_update', 'player_bests_delete']) {
        await sql.raw(dialect === 'sqlite' ? `drop trigger if exists ${t}` : `drop trigger if exists ${t} on performances`).execute(db);
      }
      await sql.raw(dialect === 'sqlite' ? 'drop trigger if exists player_bests_listed' : 'drop trigger if exists player_bests_listed on users').execute(db);
      if (dialect === 'postgres') {
        for (const f of ['player_bests_run()', 'player_bests_listed()', 'player_bests_refresh(integer, integer)']) {
          await sql.raw(`drop function if exists ${f}`).execute(db);
        }
      }
      await db.schema.dropTable('player_bests').ifExists().execute();
    },
  };
}
