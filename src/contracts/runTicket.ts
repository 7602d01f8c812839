import type { FromSchema } from 'json-schema-to-ts';

/**
 * Run tickets (issue 14): `POST /api/v1/runs { drill_id }` -> 201 RunTicket. The server issues
 * the run's seed and a per-run secret; the submission of the run names the ticket (`run_id`,
 * top level of the performance body) and carries the header `APKey` = lowercase hex
 * HMAC-SHA256 of the exact body bytes under the hex-decoded secret. A ticket is accepted once,
 * by the player it was issued to, before `expires_at` (now + the drill's duration + 1 hour).
 */
export const runTicketRequestSchema = {
  type: 'object',
  required: ['drill_id'],
  properties: { drill_id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  additionalProperties: false,
} as const;
export type RunTicketRequest = FromSchema<typeof runTicketRequestSchema>;

/** Shape of a run id: 16 random bytes as base64url (22 characters). */
export const RUN_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';

/** The answer of `POST /api/v1/runs`. */
export const runTicketSchema = {
  $id: 'RunTicket',
  type: 'object',
  required: ['run_id', 'seed', 'drill_id', 'expires_at', 'secret'],
  properties: {
    run_id: { type: 'string', pattern: RUN_ID_PATTERN },
    /** the run's PRNG seed (uint32): the engine must use it */
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    drill_id: { type: 'integer' },
    /** ISO-8601 UTC time after which the ticket is refused (410) */
    expires_at: { type: 'string' },
    /** 32 random bytes as 64 lowercase hex characters: the key of the APKey HMAC */
    secret: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
  additionalProperties: false,
} as const;
export type RunTicket = FromSchema<typeof runTicketSchema>;

/** A ticket stays valid this long after the drill's own duration (pauses, a slow start), ms. */
export const RUN_TICKET_GRACE_MS = 60 * 60 * 1000;
