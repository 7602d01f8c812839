/**
 * Exactly-once run submissions (issue 14 item 4): the `Idempotency-Key` request header of
 * `POST /api/v1/performance`.
 *
 * Rules:
 * - The key is 8 to 128 characters of [A-Za-z0-9_-] (IDEMPOTENCY_KEY_PATTERN); the client's outbox
 *   sends a crypto-random one per run (src/net/outbox.ts). Another value is a 400 `{ error }`.
 * - The same key from the same player returns the FIRST answer: the same status and the same
 *   JSON body, byte for byte (stored in `idempotency_keys`, src/server/db.ts), with the header
 *   `Idempotent-Replayed: true`, and stores nothing more. Keys are per player: another player's
 *   identical key is another submission.
 * - Under concurrency this rests on the table's primary key (user_id, key), not on a
 *   read-then-write: the key row is inserted in the run's own transaction (`storeRun`), so of two
 *   concurrent submissions with one key exactly one commits; the other fails on the constraint,
 *   its run rolls back, and it answers with the committed first answer. Works the same on SQLite
 *   (transactions are serialised) and PostgreSQL (the second insert waits for the first
 *   transaction, then fails with 23505).
 * - A refusal that a concurrent first submission can cause (its ticket now used, 409, or expired,
 *   410; the key row or ticket lost in the transaction) re-reads the key before answering: a
 *   retry that read no key before the first one committed still gets the first answer
 *   (issue 38).
 * - Only stored runs (201) are recorded: a refused submission (400, 404, 413) stored nothing, and
 *   the same request gets the same refusal again.
 * - No key (older clients): the run is stored as before, once per request.
 * - A different body with an already used key still gets the first answer (the key names the
 *   run, the body is not compared).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { nowIso, type DB } from './db';

/** The header (lower case, as Node gives it). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The header set on an answer that repeats the first one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** A valid key: 8 to 128 characters of A-Z, a-z, 0-9, '_' and '-'. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** Thrown by `idempotencyKeyOf` for a malformed header; `message` is the `{ error }` text. */
export class IdempotencyKeyError extends Error {}

/**
 * The request's Idempotency-Key, or null when it has none. Throws IdempotencyKeyError when the
 * header is repeated or does not match IDEMPOTENCY_KEY_PATTERN.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw new IdempotencyKeyError('The Idempotency-Key header must be 8 to 128 characters of A-Z, a-z, 0-9, _ and -.');
  }
  return raw;
}

/** A stored first answer: HTTP status and the JSON body text as it was sent. */
export interface IdempotentAnswer {
  status: number;
  body: string;
}

/** The first answer to player `userId`'s key `key`, or null when there is none yet. */
export async function findIdempotentAnswer(db: Kysely<DB> | Transaction<DB>, userId: number, key: string): Promise<IdempotentAnswer | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['status', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { status: Number(row.status), body: row.response } : null;
}

/**
 * Records the answer `body` (JSON-able; stored as `JSON.stringify(body)`, what Fastify sends for
 * it) with `status` under (userId, key), inside the transaction `trx` that stored run
 * `performanceId`. Rejects with the database's unique violation when the key is taken
 * (`isUniqueViolation`), which rolls the whole transaction back.
 */
export async function recordIdempotentAnswer(
  trx: Transaction<DB>, userId: number, key: string, performanceId: number, status: number, body: unknown,
): Promise<void> {
  await trx.insertInto('idempotency_keys').values({
    user_id: userId, key, performance_id: performanceId, status, response: JSON.stringify(body), created_at: nowIso(),
  }).execute();
}

/** True for a unique / primary key violation: SQLite (better-sqlite3 `SQLITE_CONSTRAINT_PRIMARYKEY`
 * or `_UNIQUE`) or PostgreSQL (SQLSTATE 23505). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
