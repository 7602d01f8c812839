/**
 * Guest sessions: a signed cookie names the player's user id. A request without a valid cookie
 * (missing, bad signature, or naming a user that does not exist) gets a new guest user row and
 * a fresh cookie. All per-player data hangs off that user id.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso, type DB } from './db';

/** Name of the session cookie. Its value is the signed decimal user id. */
export const SESSION_COOKIE = 'aim_session';

/** Cookie lifetime: one year, in seconds. */
export const SESSION_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The secret that signs session cookies: `explicit` when given, else `COOKIE_SECRET` from the
 * environment, else a random 32-byte hex secret generated once and kept in `server_meta`, so
 * cookies stay valid across restarts on the same database.
 */
export async function resolveCookieSecret(db: Kysely<DB>, explicit?: string): Promise<string> {
  if (explicit) return explicit;
  if (process.env.COOKIE_SECRET) return process.env.COOKIE_SECRET;
  const found = await db.selectFrom('server_meta').select('value').where('key', '=', 'cookie_secret').executeTakeFirst();
  if (found) return found.value;
  const secret = crypto.randomBytes(32).toString('hex');
  await db
    .insertInto('server_meta')
    .values({ key: 'cookie_secret', value: secret })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await db.selectFrom('server_meta').select('value').where('key', '=', 'cookie_secret').executeTakeFirstOrThrow();
  return stored.value;
}

/** The player of this request: their user row's id and premium flag. */
export interface SessionUser {
  id: number;
  premium: boolean;
}

/**
 * The player named by a valid session cookie, or null (no cookie, bad signature, unknown user).
 * Never creates a user or sets a cookie: for read-only answers such as the drill list.
 */
export async function peekSessionUser(db: Kysely<DB>, request: FastifyRequest): Promise<SessionUser | null> {
  const cached = (request as { aimUser?: SessionUser }).aimUser;
  if (cached) return cached;
  const raw = request.cookies?.[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value || !/^\d{1,9}$/.test(unsigned.value)) return null;
  const row = await db.selectFrom('users').select(['id', 'premium']).where('id', '=', Number(unsigned.value)).executeTakeFirst();
  return row ? { id: row.id, premium: row.premium === 1 } : null;
}

/**
 * Returns the request's player. Reads and verifies the signed `aim_session` cookie; when it is
 * missing or invalid, or its user no longer exists, inserts a new guest user (premium false)
 * and sets the cookie on `reply` (httpOnly, sameSite lax, path /, one year; `secure` on https).
 * The result is cached on the request, so several calls create at most one user.
 */
export async function sessionUser(db: Kysely<DB>, request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
  const cached = (request as { aimUser?: SessionUser }).aimUser;
  if (cached) return cached;
  let user = await peekSessionUser(db, request);
  if (!user) {
    const row = await db
      .insertInto('users')
      .values({ created_at: nowIso(), premium: 0 })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    user = { id: row.id, premium: false };
    reply.setCookie(SESSION_COOKIE, String(user.id), {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: SESSION_MAX_AGE_S,
      secure: request.protocol === 'https',
    });
  }
  (request as { aimUser?: SessionUser }).aimUser = user;
  return user;
}
