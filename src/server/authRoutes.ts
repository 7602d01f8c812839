/**
 * Accounts (issue 13, spec sections 2 and 6): register, log in, log out, who am I, and the
 * account-only premium status. Every error answers `{ error: string }`.
 *
 * - `POST /api/v1/auth/register {username, password}` -> AuthResponse. From a guest session the
 *   guest's row becomes the account (same user id: its runs, settings and crosshairs stay);
 *   without a session, or from another account's session, a new user is made. The session is
 *   rotated (old one revoked, new cookie). 400 with the rule's message (src/contracts/auth.ts)
 *   for a bad name or password, or a name taken (compared case-insensitively); 429 over the
 *   registrations of an address (src/server/limits.ts LoginLimits).
 * - `POST /api/v1/auth/login {username, password}` -> AuthResponse; 401 'Wrong username or
 *   password.'; 429 over the login limits (per name and address pair, per address; a name with
 *   many failures is answered after a growing delay, never locked: src/server/limits.ts). The
 *   session is rotated. Logging in from a guest session: the account's data wins, the guest (and whatever
 *   it saved) is left behind, unreachable once its session is revoked (deleted later by the
 *   guest retention if it has no runs or settings).
 * - `POST /api/v1/auth/logout` -> `{ success: true }`: the session is revoked (the cookie, even
 *   a stolen copy, names nobody afterwards) and the cookie cleared.
 * - `GET /api/v1/user/me` -> MeResponse (`id: null` without a session).
 * - `GET /api/v1/user/premium` (needs an account) -> `{ username, premium }` | 401 'Not Logged In'.
 * - `GET /api/v1/user/showpreroll` -> `0` (spec section 7: the pre-roll ad path is disabled).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AUTH_MESSAGES, credentialsError, credentialsSchema, usernameKey, type AuthResponse, type Credentials, type MeResponse } from '../contracts/auth';
import { nowIso, type DB } from './db';
import { hashPassword, verifyNobody, verifyPassword } from './passwords';
import { endSession, peekSessionUser, requireAccount, revokeSession, startSession, type SessionUser } from './session';
import { HttpError, type LoginLimiter } from './limits';

/** What the account routes need. */
export interface AuthRoutesContext {
  db: Kysely<DB>;
  /** the login and registration limiter (`registerLoginLimits`); none = unlimited */
  loginLimit?: LoginLimiter;
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err?.message ?? '');
}

function authAnswer(user: SessionUser): AuthResponse {
  return { success: true, id: user.id, username: user.username, premium: user.premium };
}

/** Registers the account routes on `app` (see the module comment). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AuthRoutesContext): void {
  const { db } = ctx;
  const bodyOpts = { schema: { body: credentialsSchema } };

  app.post<{ Body: Credentials }>('/api/v1/auth/register', bodyOpts, async (request, reply) => {
    const { username, password } = request.body;
    const problem = credentialsError(request.body);
    if (problem) return reply.code(400).send({ error: problem });
    const key = usernameKey(username);
    if (await db.selectFrom('users').select('id').where('username_key', '=', key).executeTakeFirst()) {
      return reply.code(400).send({ error: AUTH_MESSAGES.taken });
    }
    ctx.loginLimit?.registration(request, reply);
    const hash = await hashPassword(password);
    const current = await peekSessionUser(db, request);
    let user: SessionUser;
    try {
      if (current && current.username === null) {
        // the guest becomes the account: same row, so its runs, settings and crosshairs stay
        const upgraded = await db
          .updateTable('users')
          .set({ username, username_key: key, password_hash: hash, last_login_at: nowIso() })
          .where('id', '=', current.id)
          .where('username', 'is', null)
          .executeTakeFirst();
        if (Number(upgraded.numUpdatedRows) !== 1) throw new HttpError(409, 'Your session changed meanwhile: try again.', 'AIM_REGISTER_RACE');
        user = { ...current, username };
      } else {
        const row = await db
          .insertInto('users')
          .values({ created_at: nowIso(), premium: 0, username, username_key: key, password_hash: hash, last_login_at: nowIso() })
          .returning(['id'])
          .executeTakeFirstOrThrow();
        user = { id: row.id, premium: false, username };
      }
    } catch (e) {
      if (isUniqueViolation(e)) return reply.code(400).send({ error: AUTH_MESSAGES.taken });
      throw e;
    }
    await revokeSession(db, request);
    await startSession(db, request, reply, user);
    return authAnswer(user);
  });

  app.post<{ Body: Credentials }>('/api/v1/auth/login', bodyOpts, async (request, reply) => {
    const { username, password } = request.body;
    const key = usernameKey(username);
    const limitKey = key.slice(0, 64);
    await ctx.loginLimit?.before(request, reply, limitKey);
    const row = await db
      .selectFrom('users')
      .select(['id', 'premium', 'username', 'password_hash'])
      .where('username_key', '=', key)
      .executeTakeFirst();
    const ok = row?.password_hash ? await verifyPassword(password, row.password_hash) : await verifyNobody(password);
    if (!row || !ok) {
      ctx.loginLimit?.failed(request, limitKey);
      return reply.code(401).send({ error: AUTH_MESSAGES.wrong });
    }
    ctx.loginLimit?.succeeded(request, limitKey);
    await db.updateTable('users').set({ last_login_at: nowIso() }).where('id', '=', row.id).execute();
    const user: SessionUser = { id: row.id, premium: row.premium === 1, username: row.username };
    await revokeSession(db, request);
    await startSession(db, request, reply, user);
    return authAnswer(user);
  });

  app.post('/api/v1/auth/logout', async (request, reply) => {
    await endSession(db, request, reply);
    return { success: true };
  });

  app.get('/api/v1/user/me', async (request, reply): Promise<MeResponse> => {
    reply.header('cache-control', 'no-store');
    const user = await peekSessionUser(db, request);
    return { id: user?.id ?? null, username: user?.username ?? null, premium: user?.premium ?? false };
  });

  app.get('/api/v1/user/premium', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    return { username: user.username, premium: user.premium };
  });

  app.get('/api/v1/user/showpreroll', async (_request, reply) => reply.type('application/json; charset=utf-8').send('0'));
}
