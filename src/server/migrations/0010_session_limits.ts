/**
 * Migration 0010_session_limits (issue 39): what bounded, listable sessions and the account
 * retention need.
 * - `sessions.user_agent`: the browser's User-Agent when the session started (at most 256
 *   characters; null for sessions of before), shown on the account page as the device;
 * - `users.last_login_at`: the last login or registration (ISO-8601 UTC; null = none since this
 *   migration, the account retention then reads `created_at`);
 * - an index on `sessions.last_seen` for the deletion of stale sessions.
 */
import type { Kysely, Migration } from 'kysely';

/** The migration (dialect-neutral: text columns and an index). */
export const sessionLimitsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
    await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
    await db.schema.createIndex('sessions_last_seen').on('sessions').column('last_seen').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('sessions_last_seen').ifExists().execute();
    await db.schema.alterTable('users').dropColumn('last_login_at').execute();
    await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  },
};
