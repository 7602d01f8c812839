/**
 * The run routes (spec section 7; issues 3 and 14), registered by `registerApiRoutes`:
 * - POST /api/v1/user/log-drill  {agame_id} -> { success: true } | 404
 * - POST /api/v1/runs            {drill_id} -> 201 RunTicket { run_id, seed, drill_id, expires_at,
 *                                  secret } | 404 unknown drill (creates the guest: a write)
 * - POST /api/v1/performance     {gameData, bulletData, replay?, run_id?} + header APKey
 *                                  -> 201 RunSummary (with `ranked`) | 400 | 403 | 404 | 409 | 410 | 503
 * - GET  /api/v1/performance/latest [?game_id] -> RunSummary | 404
 * - GET  /api/v1/performance/:id -> RunSummary (own runs only) | 400 | 404
 *
 * A submission is ranked (counts for best_score and rankings) only with all of: a ticket of
 * this player for this drill, unused and unexpired; a valid APKey (HMAC-SHA256 of the exact
 * body bytes under the ticket's secret, compared in constant time); a replay with the ticket's
 * seed that the server re-simulated (in a worker thread, src/server/verifyPool.ts) to the same
 * stats. Refused (nothing stored): unknown ticket 404, another player's 403, another drill's
 * 400, expired 410, already used 409, verification queue full 503 (the ticket stays unused).
 * Stored but never ranked: no `run_id` (the client got no ticket), no APKey (its module failed
 * to load), a WRONG APKey (stored, not refused: a refusal would make the outbox drop a run
 * that may be a client bug; the run still never counts), no replay, another seed, stats that
 * differ, an impossible number of events, a re-simulation that timed out.
 */
import { enrichRunSummary } from './runReport';
import { Transform, pipeline } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { logDrillBodySchema, type LogDrillBody } from '../contracts/gameConfig';
import {
  PERFORMANCE_BODY_LIMIT, performanceSubmissionSchema, type PerformanceSubmission, type ReplayData,
} from '../contracts/performance';
import {
  findIdempotentAnswer, IDEMPOTENT_REPLAYED_HEADER, IdempotencyKeyError, idempotencyKeyOf, isUniqueViolation, type IdempotentAnswer,
} from './idempotency';
import { runTicketRequestSchema, type RunTicketRequest } from '../contracts/runTicket';
import { nowIso, type DB } from './db';
import { findDrill } from './drills';
import { peekSessionUser, sessionUser } from './session';
import { BODY_LIMITS } from './limits';
import { stripBomBytes } from './bom';
import {
  checkSubmission, loadLatestRunSummary, loadRunSummary, storeRun, SubmissionError, type RunStanding, type StoredVerification,
} from './runs';
import { checkApkey, checkTicket, findTicket, issueTicket, TicketConsumedError, type StoredTicket } from './tickets';
import { createVerifyPool, VerifyPoolBusyError, type VerifyPool, type VerifyPoolOptions } from './verifyPool';
import type { ReplayVerification } from './replay';

const DIGITS = /^\d+$/;

/** What the run routes need. */
export interface RunRoutesContext {
  db: Kysely<DB>;
  /** the re-simulation pool (default: one created here, closed with the app) */
  verifyPool?: VerifyPool;
  /** options of the pool created here */
  verifyPoolOptions?: VerifyPoolOptions;
  /** the clock of ticket expiry, ms (tests) */
  now?: () => number;
}

/** The request's exact body bytes, kept by the route's preParsing tee (for the APKey). */
const rawBodyOf = (request: FastifyRequest): Buffer | undefined => (request as { aimRawBody?: Buffer }).aimRawBody;

/** Sends a stored first answer again (src/server/idempotency.ts): same status, same body bytes. */
function sendIdempotentAnswer(reply: FastifyReply, first: IdempotentAnswer): FastifyReply {
  return reply.code(first.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(first.body);
}

/** Registers the run routes on `app` (see the module comment). */
export function registerRunRoutes(app: FastifyInstance, ctx: RunRoutesContext): void {
  const { db } = ctx;
  const now = ctx.now ?? Date.now;
  const pool = ctx.verifyPool ?? createVerifyPool(ctx.verifyPoolOptions);
  if (!ctx.verifyPool) app.addHook('onClose', async () => pool.close());

  // POST /api/v1/user/log-drill { agame_id } -> { success: true }
  app.post<{ Body: LogDrillBody }>(
    '/api/v1/user/log-drill',
    { schema: { body: logDrillBodySchema }, bodyLimit: BODY_LIMITS.logDrill },
    async (request, reply) => {
      const drill = await findDrill(db, request.body.agame_id);
      if (!drill) return reply.code(404).send({ error: 'Drill not found' });
      const user = await sessionUser(db, request, reply);
      await db.insertInto('drill_logs').values({ user_id: user.id, drill_id: drill.id, created_at: nowIso() }).execute();
      return { success: true };
    },
  );

  // POST /api/v1/runs { drill_id } -> 201 RunTicket
  app.post<{ Body: RunTicketRequest }>(
    '/api/v1/runs',
    { schema: { body: runTicketRequestSchema }, bodyLimit: 1024 },
    async (request, reply) => {
      const drill = await findDrill(db, request.body.drill_id);
      if (!drill) return reply.code(404).send({ error: 'Drill not found' });
      const user = await sessionUser(db, request, reply);
      const ticket = await issueTicket(db, user.id, drill, now());
      pool.warm(); // its submission will need a worker
      return reply.code(201).header('cache-control', 'no-store').send(ticket);
    },
  );

  // POST /api/v1/performance { gameData, bulletData, replay?, run_id? } -> 201 RunSummary
  app.post<{ Body: PerformanceSubmission }>(
    '/api/v1/performance',
    {
      schema: { body: performanceSubmissionSchema },
      // 1 MiB: about 2x the longest catalogue drill's submission at 8 kHz (measured; contracts/
      // performance.ts PERFORMANCE_BODY_LIMIT); larger bodies get 413
      bodyLimit: PERFORMANCE_BODY_LIMIT,
      // keep the exact body bytes for the APKey while the JSON parser reads them
      preParsing: async (request, _reply, payload) => {
        const chunks: Buffer[] = [];
        const tee = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            chunks.push(chunk);
            cb(null, chunk);
          },
          flush(cb) {
            (request as { aimRawBody?: Buffer }).aimRawBody = Buffer.concat(chunks);
            cb();
          },
        });
        pipeline(payload, tee, () => undefined);
        return tee;
      },
    },
    async (request, reply) => {
      const body = request.body;
      // exactly once (issue 14 item 4): the same Idempotency-Key from the same player gets the
      // first answer again, before anything else is checked (a resend after a lost answer must
      // not be refused as "ticket already used")
      let idemKey: string | null;
      try {
        idemKey = idempotencyKeyOf(request);
      } catch (e) {
        if (e instanceof IdempotencyKeyError) return reply.code(400).send({ error: e.message });
        throw e;
      }
      if (idemKey !== null) {
        const owner = await sessionUser(db, request, reply);
        const first = await findIdempotentAnswer(db, owner.id, idemKey);
        if (first) return sendIdempotentAnswer(reply, first);
      }
      const drill = await findDrill(db, body.gameData.game_id);
      if (!drill) return reply.code(404).send({ error: 'Drill not found' });
      let run;
      try {
        run = checkSubmission(body, drill);
      } catch (e) {
        if (e instanceof SubmissionError) return reply.code(e.statusCode).send({ error: e.message });
        throw e;
      }
      const user = await sessionUser(db, request, reply);

      // the ticket: refused outright when it cannot be used
      const runId = typeof body.run_id === 'string' ? body.run_id : null;
      let ticket: StoredTicket | null = null;
      if (runId !== null) {
        ticket = await findTicket(db, runId);
        const refusal = checkTicket(ticket, user.id, drill.id, now());
        if (refusal) {
          // issue 38: under a race the first submission with this key may have committed after
          // the key was checked above (it used the ticket: 409, or the ticket expired since: 410);
          // the key is checked again, so a retry always gets the first answer
          const first = idemKey !== null ? await findIdempotentAnswer(db, user.id, idemKey) : null;
          if (first) return sendIdempotentAnswer(reply, first);
          return reply.code(refusal.status).send({ error: refusal.error });
        }
      }
      const raw = rawBodyOf(request);
      // issue 38: a leading UTF-8 byte-order mark is stripped before re-simulation; the APKey
      // may sign the bytes with or without it (src/server/bom.ts)
      const json = raw ? stripBomBytes(raw) : raw;
      let apkey = ticket ? checkApkey(request.headers.apkey, ticket.secret, raw) : null;
      if (ticket && apkey === 'invalid' && json !== raw) apkey = checkApkey(request.headers.apkey, ticket.secret, json);

      // the replay: re-simulated in a worker, unless its seed is not the ticket's
      let verification: StoredVerification | undefined;
      const replay = body.replay as ReplayData | undefined;
      if (replay) {
        let v: ReplayVerification;
        if (ticket && replay.seed !== ticket.seed) {
          v = {
            verified: false, reason: `replay.seed ${replay.seed} is not the run ticket's seed ${ticket.seed}`, mismatches: {},
            hashesCompared: 0, hashesEqual: 0, firstHashMismatch: -1, finalHashEqual: null, ticks: 0, simMs: 0,
          };
        } else {
          try {
            v = await pool.verify(json ? { drill, body: json } : { drill, gameData: body.gameData, replay });
          } catch (e) {
            if (e instanceof VerifyPoolBusyError) return reply.code(503).header('retry-after', '5').send({ error: e.message });
            throw e;
          }
        }
        const { verified, ...detail } = v;
        verification = { verified, engineVersion: replay.engine_version, detail, replay };
        if (verified === false) request.log.warn({ drill: drill.id, reason: v.reason }, 'replay does not match the submitted run');
        else if (verified === null) request.log.info({ drill: drill.id, reason: v.reason }, 'replay stored unverified');
      }

      const standing = { ...rankRun(ticket, apkey, verification), ticketCheckedAt: new Date(now()).toISOString() };
      try {
        const summary = await storeRun(db, user.id, drill, body, run, verification, standing, idemKey ?? undefined);
        return reply.code(201).send(summary);
      } catch (e) {
        // a concurrent submission with the same key committed first (its key row or its ticket
        // won): answer as it did
        if (idemKey !== null && (e instanceof TicketConsumedError || isUniqueViolation(e))) {
          const first = await findIdempotentAnswer(db, user.id, idemKey);
          if (first) return sendIdempotentAnswer(reply, first);
        }
        if (e instanceof TicketConsumedError) return reply.code(e.status).send({ error: e.message });
        if (runId !== null && isUniqueViolation(e)) return reply.code(409).send({ error: 'This run has already been submitted.' });
        throw e;
      }
    },
  );

  // GET /api/v1/performance/latest[?game_id=N] -> RunSummary of the player's most recent run
  app.get<{ Querystring: { game_id?: string } }>('/api/v1/performance/latest', async (request, reply) => {
    const gameId = request.query.game_id;
    if (gameId !== undefined && !DIGITS.test(gameId)) return reply.code(400).send({ error: 'This drill has an invalid id.' });
    const user = await peekSessionUser(db, request); // a read creates no guest (issue 14)
    if (!user) return reply.code(404).send({ error: 'Run not found' });
    const summary = await loadLatestRunSummary(db, user.id, gameId === undefined ? undefined : Number(gameId));
    if (!summary) return reply.code(404).send({ error: 'Run not found' });
    return enrichRunSummary(db, summary, user); // issue 15: rank, best, insight, premium gating
  });

  // GET /api/v1/performance/:id -> RunSummary of the player's own run
  app.get<{ Params: { id: string } }>('/api/v1/performance/:id', async (request, reply) => {
    const { id } = request.params;
    if (!DIGITS.test(id)) return reply.code(400).send({ error: 'This run has an invalid id.' });
    const user = await peekSessionUser(db, request); // a read creates no guest (issue 14)
    if (!user) return reply.code(404).send({ error: 'Run not found' });
    const summary = await loadRunSummary(db, user.id, Number(id));
    if (!summary) return reply.code(404).send({ error: 'Run not found' });
    return enrichRunSummary(db, summary, user); // issue 15: rank, best, insight, premium gating
  });
}

/**
 * Whether a run counts (issue 14): ranked only with a usable ticket (checked before), a valid
 * APKey and a replay verified true (re-simulated with the ticket's seed to the same stats) that
 * the plausibility check passed (issue 38 item 1: else held, `held: plausibility`, with the
 * reasons); otherwise the first reason it does not.
 */
export function rankRun(
  ticket: StoredTicket | null, apkey: 'valid' | 'missing' | 'invalid' | null, verification: StoredVerification | undefined,
): RunStanding {
  const runId = ticket?.id ?? null;
  const no = (unrankedReason: string): RunStanding => ({ runId, ranked: false, unrankedReason });
  if (!ticket) return no('no run ticket');
  if (apkey === 'missing') return no('no APKey');
  if (apkey !== 'valid') return no('wrong APKey');
  if (!verification) return no('no replay');
  if (verification.verified !== true) {
    const reason = (verification.detail as { reason?: unknown })?.reason;
    return no(`replay ${verification.verified === false ? 'does not match' : 'unverified'}${typeof reason === 'string' ? `: ${reason}` : ''}`);
  }
  // issue 38 item 1: a verified run no human could play is held (stored, not ranked) for review
  const plaus = (verification.detail as { plausibility?: { plausible?: unknown; reasons?: unknown } } | null)?.plausibility;
  if (plaus && plaus.plausible === false) {
    const reasons = Array.isArray(plaus.reasons) ? (plaus.reasons as Array<{ code: string; message: string }>) : [];
    return { runId, ranked: false, unrankedReason: 'held: plausibility', held: { reason: 'plausibility', reasons } };
  }
  return { runId, ranked: true, unrankedReason: null };
}
