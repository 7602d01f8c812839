/**
 * Database access for the server: Kysely over SQLite (better-sqlite3, the embedded default) or
 * PostgreSQL (pg, when a connection URL is given). The same typed queries run on both.
 *
 * Portable column conventions (so both dialects return the same JS values):
 * - ids and counts are `integer` (JS number); booleans are `integer` 0/1;
 * - measurements are `double precision` (JS number);
 * - timestamps are ISO-8601 UTC strings (`text`), written by the server;
 * - JSON documents are `text` holding `JSON.stringify` output.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { CompiledQuery, Compilable, Generated, Migration, MigrationProvider, Transaction } from 'kysely';
import { sessionLimitsMigration } from './migrations/0010_session_limits';
import { drillBrowserMigration } from './migrations/0011_drill_browser';
import { plausibilityHoldsMigration } from './migrations/0012_plausibility_holds';
import { playlistsMigration } from './migrations/0013_playlists';
import { playerBestsMigration } from './migrations/0014_player_bests';
import { runAnalysesMigration } from './migrations/0015_run_analyses';
import { boardCountsMigration } from './migrations/0016_board_counts';

/** `users`: one row per player (guests included). `premium` 0/1. */
export interface UsersTable {
  id: Generated<number>;
  created_at: string;
  premium: Generated<number>;
  /** issue 13 (migration 0007_accounts): the account name as registered; null = a guest */
  username: Generated<string | null>;
  /** lower-cased `username`, unique (names are unique case-insensitively); null = a guest */
  username_key: Generated<string | null>;
  /** `scrypt$N$r$p$salt$hash` (src/server/passwords.ts); null = a guest */
  password_hash: Generated<string | null>;
  /** issue 39 (migration 0010_session_limits): last login or registration; null = none since */
  last_login_at: Generated<string | null>;
}

/**
 * `sessions` (issue 13, migration 0007_accounts): server-side sessions. The cookie carries an
 * opaque random token (32 bytes, base64url); `id` is its SHA-256 (hex), so a copy of the table
 * names no usable cookie. `revoked` 0/1 (logout, login rotation).
 */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  last_seen: string;
  revoked: Generated<number>;
  /** issue 39 (migration 0010_session_limits): the User-Agent it started with; null = unknown */
  user_agent: Generated<string | null>;
}

/** `drills`: the drill catalogue. `fields` is JSON of the rest of the catalogue entry. */
export interface DrillsTable {
  id: number;
  name: string;
  game_type_description: string;
  objective: string;
  category: string;
  fields: string;
  /** issue 17 (migration 0008_custom_drills): the account that made this drill in the drill
   * editor (src/server/customDrillRoutes.ts); null = a catalogue drill */
  author_id: number | null;
  /** issue 17: when a player's drill was saved (ISO-8601 UTC); null = a catalogue drill */
  created_at: string | null;
  /** issue 36 (migration 0011_drill_browser): when its author published it to the drill
   * browser; null = not published */
  published_at?: string | null;
  /** issue 36: when reports hid it (REPORTS_TO_HIDE); null = shown */
  hidden_at?: string | null;
}

/** `playlists` (issue 36 item 4, migration 0013_playlists): an account's playlist. */
export interface PlaylistsTable {
  /** the share link's id (PLAYLIST_ID_PATTERN) */
  id: string;
  user_id: number;
  name: string;
  description: string;
  /** drill ids in play order, a JSON array of integers */
  drills: string;
  /** ISO-8601 UTC */
  created_at: string;
  updated_at: string;
}

/**
 * `player_bests` (issue 38 item 5, migration 0014_player_bests): one row per player and drill
 * with a positive ranked best, kept by triggers (the migration's comment); read by
 * src/server/leaderboard.ts. Scores in the drill metric's units, run ids are `performances.id`.
 */
export interface PlayerBestsTable {
  user_id: number;
  game_id: number;
  /** highest positive ranked score, and the id of the earliest ranked run with it */
  hi: number;
  hi_run_id: number;
  /** lowest positive ranked score (a lower-is-better metric's best), and its earliest run */
  lo: number;
  lo_run_id: number;
  /** 1 = an account (on the boards), 0 = a guest */
  listed: number;
}

/**
 * `board_counts` (issue 38 item 5, migration 0016_board_counts): per drill, side (0: `hi`, 1:
 * `lo`) and best, the count of LISTED `player_bests` rows with that best (> 0), kept by
 * triggers on `player_bests`; a board's size, rank and percentile are sums over it.
 */
export interface BoardCountsTable {
  game_id: number;
  /** 0: the `hi` board (higher is better), 1: the `lo` board (lower is better) */
  side: number;
  /** a best score, in the drill metric's units */
  best: number;
  /** listed players with that best on that side */
  n: number;
}

/** `drill_reports` (issue 36, migration 0011_drill_browser): one report per account and drill. */
export interface DrillReportsTable {
  drill_id: number;
  user_id: number;
  /** the reporter's words ('' when none) */
  reason: string;
  created_at: string;
}

/** `drill_logs`: one row per drill start (`POST /api/v1/user/log-drill`). */
export interface DrillLogsTable {
  id: Generated<number>;
  user_id: number;
  drill_id: number;
  created_at: string;
}

/** `performances`: one row per submitted run. `passed` 0/1; game_data/bullet_data JSON text. */
export interface PerformancesTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  targets_destroyed: number;
  hits: number;
  shots: number;
  accuracy: number;
  time_destroy: number;
  crit_hit: number;
  damage: number;
  input_type: string;
  score: number;
  passed: number;
  /** the drill's primary metric when the run was scored */
  primary_metric: string;
  /** the drill's objective threshold for that metric when the run was scored; null = none */
  threshold: number | null;
  game_data: string;
  bullet_data: string;
  created_at: string;
  /** issue 14 (migration 0004): the run ticket this run consumed (unique; null = none) */
  run_id: string | null;
  /** issue 14: 1 = counts for best_score / rankings (valid ticket, valid APKey, verified
   * replay with the ticket's seed), 0 = stored only; rows older than 0004 are 0 */
  ranked: Generated<number>;
  /** issue 14: why the run is not ranked (null when ranked) */
  unranked_reason: string | null;
  /** issue 19 item 3 (migration 0009_run_objective): the objective the run was judged by,
   * src/metrics/objectiveBySource.ts ObjectiveKind ('drill' | 'benchmark' | 'best-score');
   * null for rows stored before it (judged by the drill's threshold) */
  objective_kind?: string | null;
  /** issue 19 item 4 (migration 0009_run_objective): the server's comparison of
   * gameData.settings_start with the drill, JSON text of SettingsDifference[]
   * (src/metrics/settingsCompare.ts); null for rows stored before it */
  settings_differences?: string | null;
  /** issue 38 item 1 (migration 0012_plausibility_holds): 'plausibility' when the verified run
   * is held (stored, not ranked) for human plausibility; null = not held */
  held?: string | null;
  /** JSON text of the hold's reasons (src/analysis/plausibility.ts PlausibilityReason[]) */
  held_reasons?: string | null;
  /** the operator's review: 'approved' | 'rejected'; null = pending */
  held_review?: string | null;
  held_reviewed_at?: string | null;
}

/**
 * `run_tickets` (issue 14, migration 0004): one row per run the server issued
 * (`POST /api/v1/runs`). `id` is 16 random bytes base64url; `seed` the run's uint32 seed;
 * `secret` 32 random bytes hex (the APKey HMAC key); `expires_at` ISO time (now + the drill's
 * duration + 1 hour). `used_at` / `performance_id` are set, once, by the transaction storing the
 * run (`update ... where used_at is null`).
 */
export interface RunTicketsTable {
  id: string;
  user_id: number;
  drill_id: number;
  seed: number | string;
  secret: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
  performance_id: number | null;
}

/**
 * `performance_replays`: one row per submitted run that carried a `replay` (issue 3), added by
 * migration 0002 (a table of its own, so `performances` rows keep their columns).
 * `verified`: 1 = the server's re-simulation matched the submitted stats, 0 = it did not,
 * NULL = the replay could not be checked (other engine version, drill no longer parses).
 * A run without a replay has no row here: its verified flag reads as NULL.
 * `replay` is the submitted replay object (JSON text), kept for later re-checks;
 * `detail` is JSON of the comparison (mismatching stats, hash comparison, simulation ms).
 */
export interface PerformanceReplaysTable {
  performance_id: number;
  verified: number | null;
  engine_version: string;
  detail: string;
  replay: string;
  created_at: string;
}

/** `run_analyses` (issue 37 item 1, migration 0015_run_analyses): the server's analysis of a
 * verified run; `analysis` is JSON text of src/contracts/analysis.ts StoredRunAnalysis. */
export interface RunAnalysesTable {
  performance_id: number;
  user_id: number;
  analysis: string;
  created_at: string;
}

/**
 * `idempotency_keys` (migration 0005, issue 14 item 4): the first answer to a
 * `POST /api/v1/performance` that carried an `Idempotency-Key`, per player and key. The primary
 * key (user_id, key) is what makes a submission exactly-once under concurrency: the row is
 * inserted in the same transaction as the run, so a second transaction with the same key fails
 * on the constraint and rolls its run back (src/server/idempotency.ts). `status` and `response`
 * (the JSON body, verbatim) are sent again for every later request with that key.
 */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  performance_id: number;
  status: number;
  response: string;
  created_at: string;
}

/** `game_options`: one row per player; both documents are JSON text. */
export interface GameOptionsTable {
  user_id: number;
  game_options: string;
  controls: string;
  updated_at: string;
}

/** `crosshairs`: one row per player and type (crosshair|hitmarker|missmarker|ads). */
export interface CrosshairsTable {
  user_id: number;
  type: string;
  enabled: number;
  config: string;
  updated_at: string;
}

/** `server_meta`: key/value settings of the server itself (e.g. the generated cookie secret). */
export interface ServerMetaTable {
  key: string;
  value: string;
}

/** `custom_sounds` (migration 0006_assets): a player's own sound URL per sound type
 * (spec section 3 custom sound record; src/contracts/assets.ts). */
export interface CustomSoundsTable {
  user_id: number;
  sound_type: string;
  url: string;
  updated_at: string;
}

/** The whole schema, as Kysely sees it. */
export interface DB {
  custom_sounds: CustomSoundsTable;
  users: UsersTable;
  sessions: SessionsTable;
  drills: DrillsTable;
  drill_reports: DrillReportsTable;
  playlists: PlaylistsTable;
  drill_logs: DrillLogsTable;
  performances: PerformancesTable;
  player_bests: PlayerBestsTable;
  board_counts: BoardCountsTable;
  performance_replays: PerformanceReplaysTable;
  run_analyses: RunAnalysesTable;
  run_tickets: RunTicketsTable;
  idempotency_keys: IdempotencyKeysTable;
  game_options: GameOptionsTable;
  crosshairs: CrosshairsTable;
  server_meta: ServerMetaTable;
}

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the Kysely instance and which dialect it speaks. */
export interface OpenDb {
  db: Kysely<DB>;
  dialect: Dialect;
}

/** The PostgreSQL pool's settings. */
export const PG_POOL = {
  /** connections per server process */
  max: 10,
  connectionTimeoutMs: 5000,
  idleTimeoutMs: 30_000,
  statementTimeoutMs: 15_000,
} as const;

function defaultPoolErrorLog(err: Error): void {
  console.error(`PostgreSQL pool: an idle connection failed (${err.message}); it was dropped.`);
}

/**
 * Opens the database. `databaseUrl` (a `postgres://` URL) selects PostgreSQL; otherwise the
 * SQLite file `databaseFile` is opened (its directory is created), in WAL mode with
 * `synchronous=FULL` (an acknowledged commit survives a power loss) and `foreign_keys=ON`.
 * Does not migrate: call `migrateToLatest` next. Throws if the file cannot be opened.
 */
export function openDb(opts: { databaseFile?: string; databaseUrl?: string; onPoolError?: (err: Error) => void }): OpenDb {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: PG_POOL.max,
      // a request waits at most this long for a connection (a free one, or a new one while the
      // server is down or unreachable) before failing with 503 'Database unavailable'
      connectionTimeoutMillis: PG_POOL.connectionTimeoutMs,
      idleTimeoutMillis: PG_POOL.idleTimeoutMs,
      // a statement running longer is cancelled by PostgreSQL
      statement_timeout: PG_POOL.statementTimeoutMs,
      keepAlive: true,
    });
    // An idle client whose connection breaks (PostgreSQL restarted, network cut) makes the pool
    // emit 'error'; without a listener that kills the process. The pool has already dropped the
    // client: the next query opens a new connection, so the server recovers by itself.
    pool.on('error', (err) => (opts.onPoolError ?? defaultPoolErrorLog)(err));
    // A checked-out client (between the statements of a transaction, say) has no pool listener:
    // its 'error' would be unhandled. Its query fails on its own (mapped to 503) and the pool
    // discards the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = path.resolve(process.cwd(), opts.databaseFile ?? 'data/aimtrainer.sqlite');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
}

/** Prepared statements kept per SQL text (most recently used last). */
const STATEMENT_CACHE_SIZE = 256;

/**
 * `sqlite` as Kysely's SqliteDialect sees it, with prepared statements reused: Kysely prepares
 * every query it runs, and preparing costs more than running a small query (issue 14: a third
 * of a gameconfig read). A statement is reused only through Kysely's one SQLite connection,
 * which runs one query at a time (`all` / `run` are synchronous), so reuse is safe; SQLite
 * re-prepares a statement by itself after a schema change.
 */
function withStatementCache(sqlite: Database.Database): { prepare(sql: string): Database.Statement; close(): void } {
  const cache = new Map<string, Database.Statement>();
  return {
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, stmt);
      return stmt;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

/** The in-code migrations, in order. `dialect` picks the auto-increment id type. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    '0001_initial': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('users')
          .addColumn('id', idColumn, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('premium', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('drills')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('game_type_description', 'text', (c) => c.notNull())
          .addColumn('objective', 'text', (c) => c.notNull())
          .addColumn('category', 'text', (c) => c.notNull())
          .addColumn('fields', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('drill_logs')
          .addColumn('id', idColumn, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('drill_id', 'integer', (c) => c.notNull().references('drills.id'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('drill_logs_user').on('drill_logs').columns(['user_id', 'drill_id']).execute();
        await db.schema
          .createTable('performances')
          .addColumn('id', idColumn, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('game_id', 'integer', (c) => c.notNull().references('drills.id'))
          .addColumn('targets_destroyed', 'integer', (c) => c.notNull())
          .addColumn('hits', 'integer', (c) => c.notNull())
          .addColumn('shots', 'integer', (c) => c.notNull())
          .addColumn('accuracy', 'double precision', (c) => c.notNull())
          .addColumn('time_destroy', 'double precision', (c) => c.notNull())
          .addColumn('crit_hit', 'double precision', (c) => c.notNull())
          .addColumn('damage', 'double precision', (c) => c.notNull())
          .addColumn('input_type', 'text', (c) => c.notNull())
          .addColumn('score', 'double precision', (c) => c.notNull())
          .addColumn('passed', 'integer', (c) => c.notNull())
          .addColumn('primary_metric', 'text', (c) => c.notNull())
          .addColumn('threshold', 'double precision')
          .addColumn('game_data', 'text', (c) => c.notNull())
          .addColumn('bullet_data', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('performances_user_game')
          .on('performances')
          .columns(['user_id', 'game_id'])
          .execute();
        await db.schema
          .createTable('game_options')
          .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('game_options', 'text', (c) => c.notNull())
          .addColumn('controls', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('crosshairs')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('enabled', 'integer', (c) => c.notNull())
          .addColumn('config', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('crosshairs_pk', ['user_id', 'type'])
          .execute();
        await db.schema
          .createTable('server_meta')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<any>) {
        for (const t of ['server_meta', 'crosshairs', 'game_options', 'performances', 'drill_logs', 'drills', 'users']) {
          await db.schema.dropTable(t).ifExists().execute();
        }
      },
    },
    // issue 3: the server's re-simulation verdict of a submitted replay, one row per run
    '0002_performance_replays': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('performance_replays')
          .addColumn('performance_id', 'integer', (c) => c.primaryKey().references('performances.id').onDelete('cascade'))
          .addColumn('verified', 'integer')
          .addColumn('engine_version', 'text', (c) => c.notNull())
          .addColumn('detail', 'text', (c) => c.notNull())
          .addColumn('replay', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('performance_replays').ifExists().execute();
      },
    },
    // issue 14: the guest retention job looks guests up by creation time
    '0003_hardening': {
      async up(db: Kysely<any>) {
        await db.schema.createIndex('users_created_at').on('users').columns(['created_at']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('users_created_at').ifExists().execute();
      },
    },
    // issue 14: server-issued run tickets; verified-only ranking
    '0004_run_tickets': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('run_tickets')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('drill_id', 'integer', (c) => c.notNull().references('drills.id'))
          .addColumn('seed', 'bigint', (c) => c.notNull())
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .addColumn('performance_id', 'integer', (c) => c.references('performances.id').onDelete('set null'))
          .execute();
        await db.schema.createIndex('run_tickets_performance').on('run_tickets').column('performance_id').unique().execute();
        await db.schema.createIndex('run_tickets_expires').on('run_tickets').column('expires_at').execute();
        await db.schema
          .alterTable('performances')
          .addColumn('run_id', 'text', (c) => c.references('run_tickets.id').onDelete('set null'))
          .execute();
        await db.schema.alterTable('performances').addColumn('ranked', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('performances').addColumn('unranked_reason', 'text').execute();
        await db.schema.createIndex('performances_run_id').on('performances').column('run_id').unique().execute();
        await db.schema
          .createIndex('performances_ranked')
          .on('performances')
          .columns(['user_id', 'game_id', 'ranked'])
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('performances_ranked').ifExists().execute();
        await db.schema.dropIndex('performances_run_id').ifExists().execute();
        await db.schema.alterTable('performances').dropColumn('unranked_reason').execute();
        await db.schema.alterTable('performances').dropColumn('ranked').execute();
        await db.schema.alterTable('performances').dropColumn('run_id').execute();
        await db.schema.dropTable('run_tickets').ifExists().execute();
      },
    },
    // issue 14 item 4: exactly-once submissions (Idempotency-Key), see IdempotencyKeysTable
    '0005_idempotency': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('idempotency_keys')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('performance_id', 'integer', (c) => c.notNull().references('performances.id').onDelete('cascade'))
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('response', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
          .execute();
        await db.schema.createIndex('idempotency_keys_performance').on('idempotency_keys').column('performance_id').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('idempotency_keys').ifExists().execute();
      },
    },
    // issue 10: a player's custom sound URLs (GET/POST /api/v1/assets/sounds)
    '0006_assets': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('custom_sounds')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('sound_type', 'text', (c) => c.notNull())
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('custom_sounds_pk', ['user_id', 'sound_type'])
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('custom_sounds').ifExists().execute();
      },
    },
    // issue 13: accounts (username, password hash) and server-side sessions
    '0007_accounts': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('users').addColumn('username', 'text').execute();
        await db.schema.alterTable('users').addColumn('username_key', 'text').execute();
        await db.schema.alterTable('users').addColumn('password_hash', 'text').execute();
        await db.schema.createIndex('users_username_key').unique().on('users').column('username_key').execute();
        await db.schema
          .createTable('sessions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('last_seen', 'text', (c) => c.notNull())
          .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('sessions').ifExists().execute();
        await db.schema.dropIndex('users_username_key').ifExists().execute();
        for (const c of ['password_hash', 'username_key', 'username']) await db.schema.alterTable('users').dropColumn(c).execute();
      },
    },
    // issue 17: drills made by players in the drill editor (src/server/customDrillRoutes.ts):
    // the author (an account; null = a catalogue drill) and when it was saved
    '0008_custom_drills': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('drills').addColumn('author_id', 'integer', (c) => c.references('users.id')).execute();
        await db.schema.alterTable('drills').addColumn('created_at', 'text').execute();
        await db.schema.createIndex('drills_author').on('drills').column('author_id').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('drills_author').ifExists().execute();
        await db.schema.alterTable('drills').dropColumn('created_at').execute();
        await db.schema.alterTable('drills').dropColumn('author_id').execute();
      },
    },
    // issue 19 items 3 and 4: the objective a run was judged by, and its settings' differences
    // from the drill (both decided by the server when the run is stored)
    '0009_run_objective': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('performances').addColumn('objective_kind', 'text').execute();
        await db.schema.alterTable('performances').addColumn('settings_differences', 'text').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.alterTable('performances').dropColumn('settings_differences').execute();
        await db.schema.alterTable('performances').dropColumn('objective_kind').execute();
      },
    },
    '0010_session_limits': sessionLimitsMigration, // issue 39 (src/server/migrations/)
    '0011_drill_browser': drillBrowserMigration, // issue 36 item 2 (src/server/migrations/)
    '0012_plausibility_holds': plausibilityHoldsMigration, // issue 38 item 1 (src/server/migrations/)
    '0013_playlists': playlistsMigration, // issue 36 item 4 (src/server/migrations/)
    '0014_player_bests': playerBestsMigration(dialect), // issue 38 item 5 (src/server/migrations/)
    '0015_run_analyses': runAnalysesMigration, // issue 37 item 1 (src/server/migrations/)
    '0016_board_counts': boardCountsMigration(dialect), // issue 38 item 5 (src/server/migrations/)
  };
}

/**
 * Runs every pending in-code migration (Kysely `Migrator`, no folder scanning).
 * Throws the migration error if one fails (the failed migration is rolled back).
 */
export async function migrateToLatest(open: OpenDb): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(open.dialect) };
  const migrator = new Migrator({ db: open.db, provider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Current time as the ISO-8601 UTC string stored in `created_at` columns. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Error codes of a database that cannot answer now (rather than a bad query): node's socket
 * errors, PostgreSQL's connection-exception / shutdown / too-many-connections SQLSTATEs, and
 * SQLite's busy / locked. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH',
  '08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300',
  'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT',
]);

/** Messages of pg / pg-pool errors that carry no code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Connection ended',
];

/**
 * True when `err` says the database cannot be reached or is restarting (the request may succeed
 * later: 503), as opposed to a bug or a bad query (500). Looks through `cause` and
 * AggregateError members (node's connect errors to several addresses).
 */
export function isDbUnavailableError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDbUnavailableError(x, depth + 1))) return true;
  return isDbUnavailableError(e.cause, depth + 1);
}

/**
 * Checks that the database answers `select 1` within `timeoutMs`. Resolves true or false, never
 * rejects (`GET /readyz`).
 */
export async function pingDb(db: Kysely<DB>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ping = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A query compiled once per database and run with new argument values (issue 14: building and
 * compiling a Kysely query costs more than running a small one on SQLite). `build` must give the
 * same SQL text whatever its arguments, and its arguments must be the only values that vary:
 * on first use it is compiled twice, with the sentinel argument values `a` and `b`, and must
 * give the same SQL with parameters equal everywhere except where the arguments go (else it
 * throws, naming the query). Each argument must appear as a parameter (once or more). Transactions
 * compile each time (they are short-lived Kysely instances).
 */
export class PreparedQuery<A extends readonly (string | number)[], R> {
  private readonly compiledBy = new WeakMap<object, { compiled: CompiledQuery<R>; slots: number[][] }>();

  constructor(
    private readonly name: string,
    private readonly build: (db: Kysely<DB> | Transaction<DB>, ...args: A) => Compilable<R>,
    private readonly a: A,
    private readonly b: A,
  ) {}

  private prepare(db: Kysely<DB>): { compiled: CompiledQuery<R>; slots: number[][] } {
    let p = this.compiledBy.get(db);
    if (p) return p;
    const ca = this.build(db, ...this.a).compile();
    const cb = this.build(db, ...this.b).compile();
    // where each argument goes (it may appear more than once)
    const slots = this.a.map((v) => ca.parameters.flatMap((x, i) => (x === v ? [i] : [])));
    const taken = new Set(slots.flat());
    const ok =
      ca.sql === cb.sql &&
      ca.parameters.length === cb.parameters.length &&
      taken.size === slots.flat().length &&
      slots.every((at, i) => at.length > 0 && at.every((k) => cb.parameters[k] === this.b[i])) &&
      ca.parameters.every((v, i) => taken.has(i) || v === cb.parameters[i]);
    if (!ok) throw new Error(`PreparedQuery ${this.name}: its SQL or parameters vary with more than its arguments`);
    p = { compiled: ca, slots };
    this.compiledBy.set(db, p);
    return p;
  }

  /** Runs the query with `args`; resolves its rows. */
  async execute(db: Kysely<DB> | Transaction<DB>, ...args: A): Promise<R[]> {
    if (db.isTransaction) return (await db.executeQuery(this.build(db, ...args))).rows;
    const { compiled, slots } = this.prepare(db);
    const parameters = compiled.parameters.slice();
    slots.forEach((at, i) => at.forEach((k) => (parameters[k] = args[i])));
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  }
}
