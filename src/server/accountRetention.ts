/**
 * Retention of accounts and sessions (issue 39):
 * - an account (a user with a username) that is not premium, has no run (`performances`), made
 *   no drill in the editor, and has had no login, registration or session use for
 *   ACCOUNT_RETENTION_DAYS (one year) is deleted with its rows (settings, crosshairs, sounds,
 *   sessions, tickets: ON DELETE CASCADE). Its name becomes free again; its id is never reused;
 * - sessions that ended (revoked, or past their idle or absolute lifetime) are deleted, so the
 *   table holds live sessions and the last day's ended ones only.
 * Both run on the guest retention's schedule (buildApp); safe from several processes at once.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from './db';
import type { SessionLifetime } from './session';

/** Days without a run, a login or a session's use after which an account is deleted. */
export const ACCOUNT_RETENTION_DAYS = 365;

/**
 * Deletes the dormant accounts (see the module comment) as of `now`: no run ever, no drill
 * authored, not premium, and `last_login_at` (else `created_at`) and every session's `last_seen`
 * older than `olderThanDays` days. In batches of `batchSize`. Returns how many were deleted.
 */
export async function deleteDormantAccounts(
  db: Kysely<DB>,
  opts: { olderThanDays?: number; now?: Date; batchSize?: number } = {},
): Promise<number> {
  const days = opts.olderThanDays ?? ACCOUNT_RETENTION_DAYS;
  const cutoff = new Date((opts.now ?? new Date()).getTime() - days * 86_400_000).toISOString();
  const batchSize = opts.batchSize ?? 1000;
  let total = 0;
  for (;;) {
    const dormant = db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.username', 'is not', null)
      .where('u.premium', '=', 0)
      .where(({ eb, fn }) => eb(fn.coalesce('u.last_login_at', 'u.created_at'), '<', cutoff))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('performances as p').select(sql<number>`1`.as('one')).whereRef('p.user_id', '=', 'u.id'))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('drills as d').select(sql<number>`1`.as('one')).whereRef('d.author_id', '=', 'u.id'))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sessions as s').select(sql<number>`1`.as('one')).whereRef('s.user_id', '=', 'u.id').where('s.last_seen', '>=', cutoff),
          ),
        ),
      )
      .orderBy('u.id')
      .limit(batchSize);
    const result = await db.deleteFrom('users').where('id', 'in', dormant).executeTakeFirst();
    const n = Number(result.numDeletedRows);
    total += n;
    if (n < batchSize) return total;
  }
}

/**
 * Deletes the sessions that ended at least a day before `now`: revoked ones last used before
 * then, and ones past their idle (`last_seen`) or absolute (`created_at`) lifetime. Returns how
 * many were deleted.
 */
export async function deleteEndedSessions(db: Kysely<DB>, life: SessionLifetime, now: Date = new Date()): Promise<number> {
  const t = now.getTime();
  const dayAgo = new Date(t - 86_400_000).toISOString();
  const idleCut = new Date(t - life.idleDays * 86_400_000 - 86_400_000).toISOString();
  const absCut = new Date(t - life.absoluteDays * 86_400_000 - 86_400_000).toISOString();
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb.and([eb('revoked', '=', 1), eb('last_seen', '<', dayAgo)]),
        eb('last_seen', '<', idleCut),
        eb('created_at', '<', absCut),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
