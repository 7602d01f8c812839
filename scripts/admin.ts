/**
 * Operator commands (issue 13), on the server's database (the same configuration as the server:
 * DATABASE_URL for PostgreSQL, else the SQLite file DATABASE_FILE, default
 * data/aimtrainer.sqlite). Migrates the database first.
 *
 *   npm run admin -- premium <username> on|off   sets the account's premium flag
 *   npm run admin -- restore-drill <id>          shows again a community drill that reports hid
 *                                                (issue 36: REPORTS_TO_HIDE, src/contracts/
 *                                                drillBrowser.ts); its reports are cleared
 *   npm run admin -- review [--all]              lists the runs held for human plausibility
 *                                                (issue 38; pending ones, or every one)
 *   npm run admin -- review approve <run id>     ranks a held run (its board and best score
 *                                                count it from now on)
 *   npm run admin -- review reject <run id>      keeps it unranked for good
 *
 * The name is matched case-insensitively. Exit status 0 on success, 1 with a message on stderr
 * for an unknown account or a bad command, 2 for usage.
 */
import { migrateToLatest, openDb, type OpenDb } from '../src/server/db';
import { usernameKey } from '../src/contracts/auth';
import { restoreDrill } from '../src/server/communityDrills';

const USAGE = 'usage: npm run admin -- premium <username> on|off | restore-drill <id> | review [--all] | review approve|reject <run id>';

/** `review`: lists held runs, or approves / rejects one (see the module comment). */
async function review(open: OpenDb, args: string[]): Promise<number> {
  const db = open.db;
  const [action, idText] = args;
  if (action === undefined || action === '--all') {
    let q = db.selectFrom('performances').innerJoin('users', 'users.id', 'performances.user_id')
      .select(['performances.id', 'performances.game_id', 'performances.score', 'performances.created_at', 'performances.held_reasons',
        'performances.held_review', 'users.username', 'users.id as user_id'])
      .where('performances.held', '=', 'plausibility');
    if (action !== '--all') q = q.where('performances.held_review', 'is', null);
    const rows = await q.orderBy('performances.id').execute();
    if (rows.length === 0) { console.log(action === '--all' ? 'No held runs.' : 'No held runs waiting for review.'); return 0; }
    for (const r of rows) {
      let reasons: Array<{ message?: string }> = [];
      try { reasons = JSON.parse(r.held_reasons ?? '[]') as Array<{ message?: string }>; } catch { /* shown empty */ }
      const who = r.username ?? `guest #${r.user_id}`;
      console.log(`run ${r.id}  drill ${r.game_id}  score ${r.score}  ${who}  ${r.created_at}  ${r.held_review ?? 'pending'}`);
      for (const x of reasons) console.log(`    - ${x.message ?? ''}`);
    }
    return 0;
  }
  if ((action !== 'approve' && action !== 'reject') || !idText || !/^\d+$/.test(idText)) {
    console.error(USAGE);
    return 2;
  }
  const id = Number(idText);
  const row = await db.selectFrom('performances').select(['id', 'held', 'held_review']).where('id', '=', id).executeTakeFirst();
  if (!row || row.held !== 'plausibility') {
    console.error(`Run ${id} is not held.`);
    return 1;
  }
  const at = new Date().toISOString();
  if (action === 'approve') {
    await db.updateTable('performances').set({ ranked: 1, unranked_reason: null, held_review: 'approved', held_reviewed_at: at }).where('id', '=', id).execute();
    console.log(`run ${id}: approved, ranked`);
  } else {
    await db.updateTable('performances').set({ ranked: 0, unranked_reason: 'held: plausibility (rejected)', held_review: 'rejected', held_reviewed_at: at }).where('id', '=', id).execute();
    console.log(`run ${id}: rejected, not ranked`);
  }
  return 0;
}

async function main(args: string[]): Promise<number> {
  const [command, name, value] = args;
  const restore = command === 'restore-drill' && /^\d{1,10}$/.test(name ?? '') && value === undefined;
  if (!restore && command !== 'review' && (command !== 'premium' || !name || (value !== 'on' && value !== 'off'))) {
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
    if (command === 'review') return await review(open, args.slice(1));
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
