/**
 * Migration 0013_playlists (issue 36 item 4): playlists made by accounts. `playlists`: one row
 * per playlist, its id the share link's (`/?playlist=<id>`, PLAYLIST_ID_PATTERN of
 * src/contracts/playlists.ts), its owner (deleted with the account), name, description, drill
 * ids in play order (a JSON array of integers) and when it was created / last edited (ISO-8601
 * UTC).
 */
import type { Kysely, Migration } from 'kysely';

/** The migration (dialect-neutral: text and integer columns). */
export const playlistsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('playlists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('drills', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('playlists_user').on('playlists').column('user_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('playlists').ifExists().execute();
  },
};
