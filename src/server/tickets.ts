/**
 * Run tickets (issue 14): the server, not the client, chooses a run's seed. `POST /api/v1/runs`
 * issues a ticket (run id, seed, drill, expiry, per-run secret); the run's submission names it
 * (`run_id`) and is signed with the secret (`APKey` header: lowercase hex HMAC-SHA256 of the
 * exact body bytes, checked here in constant time). A ticket is accepted once, by the player it
 * was issued to, before it expires; consuming it is one conditional UPDATE inside the
 * transaction that stores the run (`consumeTicket`), never a read-then-write.
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { DRILL_DEFAULTS } from '../contracts/constants';
import type { GameConfigResponse } from '../contracts/gameConfig';
import { RUN_TICKET_GRACE_MS, type RunTicket } from '../contracts/runTicket';
import { parseDrillConfig } from '../drill/parseDrillConfig';
import type { DB } from './db';
import type { StoredDrill } from './drills';

/** A stored ticket, as read back (seed as a number). */
export interface StoredTicket {
  id: string;
  user_id: number;
  drill_id: number;
  seed: number;
  secret: string;
  expires_at: string;
  used_at: string | null;
  performance_id: number | null;
}

/** The drill's round length in ms (its parsed `duration`; the spec default when it does not
 * parse). */
export function drillDurationMs(drill: StoredDrill): number {
  try {
    return parseDrillConfig(drill.fields as unknown as GameConfigResponse).durationMs;
  } catch {
    return DRILL_DEFAULTS.durationMs;
  }
}

/** An unused ticket is deleted this long after it expired (until then it answers 410, after it
 * 404), ms: one day. */
export const RUN_TICKET_RETENTION_MS = 24 * 3600 * 1000;

/**
 * Issues a ticket for `userId` on `drill`: run id = 16 random bytes base64url, seed = a random
 * uint32, secret = 32 random bytes hex, expires_at = now + the drill's duration +
 * RUN_TICKET_GRACE_MS (1 hour). Inserts the `run_tickets` row and returns the RunTicket answer;
 * deletes unused tickets that expired more than RUN_TICKET_RETENTION_MS ago (retention).
 */
export async function issueTicket(db: Kysely<DB>, userId: number, drill: StoredDrill, now = Date.now()): Promise<RunTicket> {
  const ticket: RunTicket = {
    run_id: crypto.randomBytes(16).toString('base64url'),
    seed: crypto.randomBytes(4).readUInt32LE(0),
    drill_id: drill.id,
    expires_at: new Date(now + drillDurationMs(drill) + RUN_TICKET_GRACE_MS).toISOString(),
    secret: crypto.randomBytes(32).toString('hex'),
  };
  await db
    .insertInto('run_tickets')
    .values({
      id: ticket.run_id, user_id: userId, drill_id: drill.id, seed: ticket.seed, secret: ticket.secret,
      expires_at: ticket.expires_at, created_at: new Date(now).toISOString(), used_at: null, performance_id: null,
    })
    .execute();
  await db
    .deleteFrom('run_tickets')
    .where('used_at', 'is', null)
    .where('expires_at', '<', new Date(now - RUN_TICKET_RETENTION_MS).toISOString())
    .execute();
  return ticket;
}

/** The ticket `runId`, or null when there is none. */
export async function findTicket(db: Kysely<DB> | Transaction<DB>, runId: string): Promise<StoredTicket | null> {
  const row = await db.selectFrom('run_tickets').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id, user_id: row.user_id, drill_id: row.drill_id, seed: Number(row.seed), secret: row.secret,
    expires_at: row.expires_at, used_at: row.used_at, performance_id: row.performance_id,
  };
}

/** Why a submission's ticket is refused: the HTTP status and the `{ error }` text. */
export interface TicketRefusal {
  status: 400 | 403 | 404 | 409 | 410;
  error: string;
}

/**
 * Checks `ticket` (null = unknown `run_id`) for a submission by `userId` of drill `gameId`:
 * 404 unknown, 403 another player's, 400 another drill's, 410 expired (at `now`), 409 already
 * used. Null when it may be used (the final, atomic check is `consumeTicket`).
 */
export function checkTicket(ticket: StoredTicket | null, userId: number, gameId: number, now = Date.now()): TicketRefusal | null {
  if (!ticket) return { status: 404, error: 'Run not found: this run_id was not issued by the server.' };
  if (ticket.user_id !== userId) return { status: 403, error: 'This run was issued to another player.' };
  if (ticket.drill_id !== gameId) return { status: 400, error: `This run was issued for drill ${ticket.drill_id}, not drill ${gameId}.` };
  if (!(Date.parse(ticket.expires_at) > now)) return { status: 410, error: 'This run has expired.' };
  if (ticket.used_at !== null) return { status: 409, error: 'This run has already been submitted.' };
  return null;
}

/** Outcome of the APKey check. */
export type ApkeyStatus = 'valid' | 'missing' | 'invalid';

/** The expected APKey of `body` (the exact request bytes) under the hex secret: 32 bytes. */
export function expectedApkey(secretHex: string, body: Uint8Array): Buffer {
  return crypto.createHmac('sha256', Buffer.from(secretHex, 'hex')).update(body).digest();
}

/**
 * Checks the `APKey` header against `body` under `secretHex`: 'missing' when there is no
 * header (the client's module failed to load), 'invalid' when it is not 64 hex characters or
 * differs (compared with crypto.timingSafeEqual), 'valid' otherwise.
 */
export function checkApkey(header: string | string[] | undefined, secretHex: string, body: Uint8Array | undefined): ApkeyStatus {
  if (header === undefined || header === '') return 'missing';
  if (typeof header !== 'string' || !/^[0-9a-fA-F]{64}$/.test(header) || !body) return 'invalid';
  const sent = Buffer.from(header, 'hex');
  return crypto.timingSafeEqual(sent, expectedApkey(secretHex, body)) ? 'valid' : 'invalid';
}

/** Thrown inside the storing transaction when the ticket was consumed (or expired) meanwhile:
 * the transaction rolls back and the route answers `status`. */
export class TicketConsumedError extends Error {
  constructor(readonly status: 409 | 410 = 409, message = 'This run has already been submitted.') {
    super(message);
  }
}

/**
 * Marks ticket `runId` used by run `performanceId`, atomically: one
 * `UPDATE run_tickets SET used_at, performance_id WHERE id = ? AND used_at IS NULL AND
 * expires_at > now` (`nowIso`: the route's clock). When no row changed it throws
 * TicketConsumedError, 409 when a concurrent submission used it, 410 when it expired meanwhile,
 * which rolls back the caller's transaction.
 */
export async function consumeTicket(trx: Transaction<DB>, runId: string, performanceId: number, nowIso: string): Promise<void> {
  const res = await trx
    .updateTable('run_tickets')
    .set({ used_at: nowIso, performance_id: performanceId })
    .where('id', '=', runId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return;
  const t = await findTicket(trx, runId);
  if (t && t.used_at === null) throw new TicketConsumedError(410, 'This run has expired.');
  throw new TicketConsumedError();
}
