/**
 * Migration 0011_drill_browser (issue 36 item 2): community drills in the drill browser.
 * - `drills.published_at`: when its author published a player-made drill (ISO-8601 UTC); null =
 *   not published (every catalogue drill, and a player's drill until published or after
 *   unpublishing);
 * - `drills.hidden_at`: when reports from REPORTS_TO_HIDE distinct accounts hid it
 *   (src/contracts/drillBrowser.ts); null = shown. Only the operator command
 *   `npm run admin -- restore-drill <id>` clears it;
 * - `drill_reports`: one row per account and reported drill (primary key: one report each),
 *   deleted with the drill or the account;
 * - an index on `performances.game_id` for the browser's plays / players counts.
 */
import type { Kysely, Migration } from 'kysely';

/** The migration (dialect-neutral: text and integer columns, a composite primary key). */
export const drillBrowserMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('drills').addColumn('published_at', 'text').execute();
    await db.schema.alterTable('drills').addColumn('hidden_at', 'text').execute();
    await db.schema
      .createTable('drill_reports')
      .addColumn('drill_id', 'integer', (c) => c.notNull().references('drills.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('drill_reports_pk', ['drill_id', 'user_id'])
      .execute();
    await db.schema.createIndex('drill_reports_user').on('drill_reports').column('user_id').execute();
    await db.schema.createIndex('performances_game').on('performances').columns(['game_id', 'user_id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('performances_game').ifExists().execute();
    await db.schema.dropTable('drill_reports').ifExists().execute();
    await db.schema.alterTable('drills').dropColumn('hidden_at').execute();
    await db.schema.alterTable('drills').dropColumn('published_at').execute();
  },
};
