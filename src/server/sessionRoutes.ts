/**
 * A player's sessions and password (issue 39). Every route needs an account (401 'Not Logged
 * In' otherwise) and answers errors as `{ error }`.
 *
 * - `GET /api/v1/auth/sessions` -> SessionsResponse: the account's live sessions (not revoked,
 *   within their idle and absolute lifetimes), most recently used first, each with an opaque
 *   handle, the device read from its User-Agent, its start and last use, and which is this one.
 * - `POST /api/v1/auth/sessions/revoke {id}` -> SessionsResponse after revoking that session of
 *   the account (this one too: its cookie is then cleared); 404 for a handle that names no live
 *   session of the account.
 * - `POST /api/v1/auth/logout-everywhere {}` -> `{ success: true, revoked }`: every session of
 *   the account ends, this one included (its cookie is cleared).
 * - `POST /api/v1/auth/password {current_password, new_password}` -> PasswordChangeResponse:
 *   checks the current password (counted by the login limiter like a login), applies the
 *   account rules to the new one (400 with the rule's message; the same password again is 400),
 *   stores its hash, ends every other session and rotates this one (a new token). 401
 *   'Your current password is wrong.' for a wrong current password.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { credentialsError, usernameKey } from '../contracts/auth';
import {
  deviceLabel, passwordChangeSchema, revokeSessionSchema, SESSION_MESSAGES,
  type PasswordChangeBody, type PasswordChangeResponse, type RevokeSessionBody, type SessionInfo, type SessionsResponse,
} from '../contracts/sessions';
import type { DB } from './db';
import type { LoginLimiter } from './limits';
import { hashPassword, verifyPassword } from './passwords';
import {
  clearSessionCookie, currentSessionId, requireAccount, revokeSession, sessionAlive, sessionLifetime, startSession,
} from './session';

/** What the session routes need. */
export interface SessionRoutesContext {
  db: Kysely<DB>;
  /** the login limiter: a password change's current-password check counts like a login */
  loginLimit?: LoginLimiter;
}

/** The opaque handle of a session shown to its player: 16 hex characters of SHA-256 over its id
 * (the id is the token's hash; the handle gives neither back). */
export function sessionHandle(sessionId: string): string {
  return crypto.createHash('sha256').update(`handle:${sessionId}`).digest('hex').slice(0, 16);
}

/** The live sessions of `userId` as of `now` (ms), most recently used first, with their ids. */
async function liveSessions(db: Kysely<DB>, userId: number, life: ReturnType<typeof sessionLifetime>, now: number) {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked', '=', 0)
    .orderBy('last_seen', 'desc')
    .execute();
  return rows.filter((r) => sessionAlive(r.created_at, r.last_seen, now, life));
}

/** Registers the session and password routes on `app` (see the module comment). */
export function registerSessionRoutes(app: FastifyInstance, ctx: SessionRoutesContext): void {
  const { db } = ctx;

  const listFor = async (request: FastifyRequest, userId: number, currentId: string | null): Promise<SessionsResponse> => {
    const rows = await liveSessions(db, userId, sessionLifetime(request), Date.now());
    const sessions: SessionInfo[] = rows.map((r) => ({
      id: sessionHandle(r.id),
      device: deviceLabel(r.user_agent),
      created_at: r.created_at,
      last_seen: r.last_seen,
      current: r.id === currentId,
    }));
    return { sessions };
  };

  app.get('/api/v1/auth/sessions', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    return listFor(request, user.id, await currentSessionId(db, request));
  });

  app.post<{ Body: RevokeSessionBody }>('/api/v1/auth/sessions/revoke', { schema: { body: revokeSessionSchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    const currentId = await currentSessionId(db, request);
    const rows = await liveSessions(db, user.id, sessionLifetime(request), Date.now());
    const target = rows.find((r) => sessionHandle(r.id) === request.body.id);
    if (!target) return reply.code(404).send({ error: SESSION_MESSAGES.noSuchSession });
    if (target.id === currentId) {
      await revokeSession(db, request);
      clearSessionCookie(request, reply);
      return listFor(request, user.id, null);
    }
    await db.updateTable('sessions').set({ revoked: 1 }).where('id', '=', target.id).where('user_id', '=', user.id).execute();
    return listFor(request, user.id, currentId);
  });

  app.post('/api/v1/auth/logout-everywhere', async (request, reply) => {
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    const result = await db.updateTable('sessions').set({ revoked: 1 }).where('user_id', '=', user.id).where('revoked', '=', 0).executeTakeFirst();
    await revokeSession(db, request);
    clearSessionCookie(request, reply);
    return { success: true, revoked: Number(result.numUpdatedRows) };
  });

  app.post<{ Body: PasswordChangeBody }>('/api/v1/auth/password', { schema: { body: passwordChangeSchema } }, async (request, reply) => {
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    const { current_password, new_password } = request.body;
    const problem = credentialsError({ username: user.username!, password: new_password });
    if (problem) return reply.code(400).send({ error: problem });
    const limitKey = usernameKey(user.username!).slice(0, 64);
    await ctx.loginLimit?.before(request, reply, limitKey);
    const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
    if (!row?.password_hash || !(await verifyPassword(current_password, row.password_hash))) {
      ctx.loginLimit?.failed(request, limitKey);
      return reply.code(401).send({ error: SESSION_MESSAGES.wrongPassword });
    }
    ctx.loginLimit?.succeeded(request, limitKey);
    if (current_password === new_password) return reply.code(400).send({ error: SESSION_MESSAGES.samePassword });
    const hash = await hashPassword(new_password);
    await db.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
    // every session of the account ends (the others: whoever holds them is out), and this
    // browser gets a fresh one (rotation on a privilege change)
    const result = await db.updateTable('sessions').set({ revoked: 1 }).where('user_id', '=', user.id).where('revoked', '=', 0).executeTakeFirst();
    await revokeSession(db, request);
    await startSession(db, request, reply, user);
    const answer: PasswordChangeResponse = { success: true, revoked: Math.max(0, Number(result.numUpdatedRows) - 1) };
    return answer;
  });
}
