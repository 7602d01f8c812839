/**
 * Migration 0012_plausibility_holds (issue 38 item 1): runs held for human plausibility.
 * - `performances.held`: why a verified run is held instead of ranked ('plausibility'; null =
 *   not held). A held run is stored with `ranked` = 0, so the boards (src/server/leaderboard.ts,
 *   which read `ranked` = 1) and best scores skip it until an operator approves it;
 * - `performances.held_reasons`: JSON text of the reasons (src/analysis/plausibility.ts
 *   PlausibilityReason[]: code and sentence);
 * - `performances.held_review`: the operator's decision ('approved' | 'rejected'; null =
 *   pending) and `held_reviewed_at` (ISO-8601 UTC), set by `npm run admin -- review`;
 * - an index on `held` for the review list.
 */
import type { Kysely, Migration } from 'kysely';

/** The migration (dialect-neutral: text columns and an index). */
export const plausibilityHoldsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('performances').addColumn('held', 'text').execute();
    await db.schema.alterTable('performances').addColumn('held_reasons', 'text').execute();
    await db.schema.alterTable('performances').addColumn('held_review', 'text').execute();
    await db.schema.alterTable('performances').addColumn('held_reviewed_at', 'text').execute();
    await db.schema.createIndex('performances_held').on('performances').column('held').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('performances_held').ifExists().execute();
    for (const c of ['held_reviewed_at', 'held_review', 'held_reasons', 'held']) {
      await db.schema.alterTable('performances').dropColumn(c).execute();
    }
  },
};
