/**
 * Operator commands (issue 13), on the server's database (the same configuration as the server:
 * DATABASE_URL for PostgreSQL, else the SQLite file DATABASE_FILE, default
 * data/aimtrainer.sqlite). Migrates the database first.
 *
 *   npm run admin -- premium <username> on|off   sets the account's premium flag
 *   npm run admin -- restore-drill <id>          shows again a community drill that reports hid
 *                                                (issue 36: REPORTS_TO_HIDE, src/contracts/
 *                                                drillBrowser.ts); its reports are cleared
 *
 * The name is matched case-insensitively. Exit status 0 on success, 1 with a message on stderr
 * for an unknown account or a bad command, 2 for usage.
 */
import { migrateToLatest, openDb } from '../src/server/db';
import { usernameKey } from '../src/contracts/auth';
import { restoreDrill } from '../src/server/communityDrills';

const USAGE = 'usage: npm run admin -- premium <username> on|off\n       npm run admin -- restore-drill <id>';

async function main(args: string[]): Promise<number> {
  const [command, name, value] = args;
  const restore = command === 'restore-drill' && /^\d{1,10}$/.test(name ?? '') && value === undefined;
  if (!restore && (command !== 'premium' || !name || (value !== 'on' && value !== 'off'))) {
    console.error(USAGE);
    return 2;
  }
  const open = openDb({ databaseUrl: process.env.DATABASE_URL || undefined, databaseFile: process.env.DATABASE_FILE || 'data/aimtrainer.sqlite' });
  try {
    await migrateToLatest(open);
    if (restore) {
      const done = await restoreDrill(open.db, Number(name));
      if (!done) {
        console.error(`No drill ${name}.`);
        return 1;
      }
      console.log(`${name} ${done.name}: ${done.wasHidden ? 'restored' : 'was not hidden'}; its reports are cleared`);
      return 0;
    }
    const user = await open.db.selectFrom('users').select(['id', 'username']).where('username_key', '=', usernameKey(name)).executeTakeFirst();
    if (!user) {
      console.error(`No account named '${name}'.`);
      return 1;
    }
    await open.db.updateTable('users').set({ premium: value === 'on' ? 1 : 0 }).where('id', '=', user.id).execute();
    console.log(`${user.username}: premium ${value}`);
    return 0;
  } finally {
    await open.db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
