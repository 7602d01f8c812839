/**
 * Migration 0015_run_analyses (issue 37 item 1): the server's own analysis of every verified run.
 * `run_analyses`: one row per run whose replay re-simulated to the submitted stats, written in
 * the transaction that stores the run (src/server/runs.ts `storeRun`):
 * - `performance_id`: the run (deleted with it, and so with its account);
 * - `user_id`: the player (the weakness map reads a player's recent rows by this index without
 *   a join);
 * - `analysis`: JSON text of src/contracts/analysis.ts StoredRunAnalysis (per-shot records,
 *   per-flick records, the run's figures), computed by the verification worker on the
 *   re-simulated run (src/analysis/summary.ts `summariseAnalysis`);
 * - `created_at`: ISO-8601 UTC.
 * The summary and the weakness map read this table; the client's `shot_offsets`,
 * `fitts_segments` and `bulletData` are not used for a run that has a row here.
 */
import type { Kysely, Migration } from 'kysely';

/** The migration (dialect-neutral: integer and text columns, an index). */
export const runAnalysesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('run_analyses')
      .addColumn('performance_id', 'integer', (c) => c.primaryKey().references('performances.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('analysis', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('run_analyses_user').on('run_analyses').columns(['user_id', 'performance_id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('run_analyses').ifExists().execute();
  },
};
