/**
 * Sessions (issue 13): the `aim_session` cookie carries an opaque random token (32 random bytes,
 * base64url, 43 characters); the server keeps the session in the `sessions` table under the
 * token's SHA-256 (so the table names no usable cookie), with its user, creation time, last use
 * and a revoked flag. Logout revokes it; register and login rotate it (the old one is revoked,
 * a new token is set). Cookies of the earlier format (a signed user id) name no session.
 *
 * Guests are created lazily: a read (the page, gameconfig, options, crosshairs, the latest run)
 * never inserts a user, it answers the defaults for a request without a valid session
 * (`peekSessionUser`); the first write (saving options or a crosshair, logging a drill start,
 * submitting a run) creates the guest user row and its session (`sessionUser`). All per-player
 * data hangs off that user id; registering upgrades the guest's row in place (same id), so the
 * guest's runs, settings and crosshairs stay with the account.
 *
 * The session is resolved once per request, in an `onRequest` hook (`loadSession`, registered
 * by the app before the rate limits, which key on it); `peekSessionUser`, `cookieUserId` and
 * `sessionUser` read that result.
 *
 * Retention: a guest with no runs and no saved settings is deleted GUEST_RETENTION_DAYS after it
 * was created (`deleteIdleGuests`, run periodically by the app); accounts are never deleted.
 * User ids are never reused (SQLite AUTOINCREMENT, PostgreSQL serial).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { nowIso, PreparedQuery, type DB } from './db';
import { NOT_LOGGED_IN } from '../contracts/auth';

/** Name of the session cookie. Its value is the opaque session token. */
export const SESSION_COOKIE = 'aim_session';

/** Cookie lifetime, and how long an unused session stays valid: one year, in seconds. */
export const SESSION_MAX_AGE_S = 365 * 24 * 3600;

/** A session's `last_seen` is written at most this often (ms): one write per hour of use. */
export const SESSION_TOUCH_MS = 3600 * 1000;

/** The shape of a session token: 32 bytes in base64url (no padding). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The secret of @fastify/cookie's signing (kept for signed cookies other than the session):
 * `explicit` when given, else `COOKIE_SECRET` from the environment, else a random 32-byte hex
 * secret generated once and kept in `server_meta`.
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

/** The player of this request: their user row's id, premium flag and account name (null for a
 * guest). */
export interface SessionUser {
  id: number;
  premium: boolean;
  username: string | null;
}

/** What `loadSession` found for a request: the session's row id (the token's hash) and user. */
interface LoadedSession {
  sessionId: string;
  user: SessionUser;
}

type SessionRequest = { aimSession?: LoadedSession | null; aimUser?: SessionUser };

/** SHA-256 (hex) of a session token: the `sessions.id` it is stored under. */
export function sessionIdOf(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The live session by id with its player: compiled once per database (db.ts PreparedQuery),
 * since it runs on every request that carries a session cookie. */
const SESSION_BY_ID = new PreparedQuery(
  'sessionById',
  (db, sessionId: string) => db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.last_seen', 'u.id', 'u.premium', 'u.username'])
    .where('s.id', '=', sessionId)
    .where('s.revoked', '=', 0),
  ['session-a'] as [string],
  ['session-b'] as [string],
);

/**
 * Resolves the request's session cookie (once; the result is kept on the request): a token of
 * the right shape naming a session that is not revoked, was used within SESSION_MAX_AGE_S and
 * whose user exists. Touches `last_seen` at most every SESSION_TOUCH_MS. Never creates anything.
 */
export async function loadSession(db: Kysely<DB>, request: FastifyRequest): Promise<LoadedSession | null> {
  const r = request as SessionRequest;
  if (r.aimSession !== undefined) return r.aimSession;
  const token = request.cookies?.[SESSION_COOKIE];
  let found: LoadedSession | null = null;
  if (token && TOKEN_SHAPE.test(token)) {
    const sessionId = sessionIdOf(token);
    const [row] = await SESSION_BY_ID.execute(db, sessionId);
    const now = Date.now();
    const lastSeen = row ? Date.parse(row.last_seen) : NaN;
    if (row && now - lastSeen < SESSION_MAX_AGE_S * 1000) {
      found = { sessionId, user: { id: row.id, premium: row.premium === 1, username: row.username ?? null } };
      if (now - lastSeen >= SESSION_TOUCH_MS) {
        await db.updateTable('sessions').set({ last_seen: new Date(now).toISOString() }).where('id', '=', sessionId).execute();
      }
    }
  }
  r.aimSession = found;
  return found;
}

/**
 * The player named by a valid session, or null (no cookie, unknown or revoked session). Never
 * creates a user or sets a cookie: for read-only answers such as the drill list.
 */
export async function peekSessionUser(db: Kysely<DB>, request: FastifyRequest): Promise<SessionUser | null> {
  const cached = (request as SessionRequest).aimUser;
  if (cached) return cached;
  return (await loadSession(db, request))?.user ?? null;
}

/**
 * The user id of the request's valid session as resolved by `loadSession` in the app's
 * `onRequest` hook, or null (no valid session, or not resolved yet). Synchronous, for the rate
 * limiter's keys and the hot gameconfig read.
 */
export function cookieUserId(request: FastifyRequest): number | null {
  const r = request as SessionRequest;
  return r.aimUser?.id ?? r.aimSession?.user.id ?? null;
}

/** Whether host apps on other origins may embed the game (HOST_ORIGINS set): buildApp sets it
 * on the server (`server.aimEmbeddable`). */
export function embeddable(request: FastifyRequest): boolean {
  return (request.server as unknown as { aimEmbeddable?: boolean }).aimEmbeddable === true;
}

/**
 * The session cookie's site rules. Standalone: SameSite=Lax, Secure on https (behind a proxy
 * with TRUST_PROXY, `request.protocol` follows X-Forwarded-Proto). When host apps may embed the
 * game (issue 12) and the request is https: SameSite=None; Secure; Partitioned (CHIPS), so the
 * game in a host's iframe on another site keeps its player (a Lax cookie is never sent in a
 * cross-site frame; browsers phasing out third-party cookies still keep partitioned ones: the
 * embedded player is one per host site). Writes stay safe from cross-site forms: they take JSON
 * bodies only (other content types answer 415) and a cross-origin JSON request needs a CORS
 * preflight, which this server never grants.
 */
export function sessionCookieScope(request: FastifyRequest): { sameSite: 'lax' | 'none'; secure: boolean; partitioned?: boolean } {
  const https = request.protocol === 'https';
  if (https && embeddable(request)) return { sameSite: 'none', secure: true, partitioned: true };
  return { sameSite: 'lax', secure: https };
}

/**
 * Starts a new session for `userId`: a fresh random token, its hash stored in `sessions`, the
 * cookie set on `reply` (HttpOnly, path /, one year, site rules by `sessionCookieScope`).
 * The request now counts as that user's.
 */
export async function startSession(db: Kysely<DB>, request: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url');
  const sessionId = sessionIdOf(token);
  const now = nowIso();
  await db.insertInto('sessions').values({ id: sessionId, user_id: user.id, created_at: now, last_seen: now, revoked: 0 }).execute();
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, path: '/', maxAge: SESSION_MAX_AGE_S, ...sessionCookieScope(request) });
  const r = request as SessionRequest;
  r.aimSession = { sessionId, user };
  r.aimUser = user;
}

/** Revokes the request's session, if it has one (logout, and before a login's new session). */
export async function revokeSession(db: Kysely<DB>, request: FastifyRequest): Promise<void> {
  const loaded = await loadSession(db, request);
  if (loaded) await db.updateTable('sessions').set({ revoked: 1 }).where('id', '=', loaded.sessionId).execute();
  const r = request as SessionRequest;
  r.aimSession = null;
  r.aimUser = undefined;
}

/** Logout: revokes the session and clears the cookie on `reply`. */
export async function endSession(db: Kysely<DB>, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await revokeSession(db, request);
  reply.clearCookie(SESSION_COOKIE, { path: '/', ...sessionCookieScope(request) });
}

/**
 * Get or create: the player of a write request. When the request has no valid session, inserts
 * a new guest user (premium false) and starts its session (sets the cookie on `reply`).
 * The result is cached on the request, so several calls create at most one user.
 */
export async function sessionUser(db: Kysely<DB>, request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
  const cached = (request as SessionRequest).aimUser;
  if (cached) return cached;
  let user = await peekSessionUser(db, request);
  if (!user) {
    const row = await db
      .insertInto('users')
      .values({ created_at: nowIso(), premium: 0 })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    user = { id: row.id, premium: false, username: null };
    await startSession(db, request, reply, user);
  }
  (request as SessionRequest).aimUser = user;
  return user;
}

/**
 * The player of a request that needs an account (spec section 6), or null after answering 401
 * `{ error: 'Not Logged In' }` (no session, or a guest's). The client then goes to
 * `/login?next=...`.
 */
export async function requireAccount(db: Kysely<DB>, request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
  const user = await peekSessionUser(db, request);
  if (user && user.username !== null) return user;
  await reply.code(401).send({ error: NOT_LOGGED_IN });
  return null;
}

/** Whether user `userId` has an account (a username), i.e. is not a guest: e.g. for who may
 * appear on leaderboards (`users.username is not null`). */
export async function isRegistered(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username != null;
}

/** Days after its creation that a guest with no runs and no saved settings is deleted. */
export const GUEST_RETENTION_DAYS = 30;

/** How often the app runs `deleteIdleGuests` (ms): every 6 hours, and once at start-up. */
export const GUEST_RETENTION_INTERVAL_MS = 6 * 3600 * 1000;

/**
 * Deletes the guests (premium = 0, no username) created more than `olderThanDays` days before `now` that have
 * no run (`performances`), no saved game options and no saved crosshair; their other rows
 * (drill_logs) go with them (ON DELETE CASCADE). Deletes in batches of `batchSize` so no
 * statement holds its locks long. Returns how many users were deleted. Safe to run from several
 * server processes at once.
 */
export async function deleteIdleGuests(
  db: Kysely<DB>,
  opts: { olderThanDays?: number; now?: Date; batchSize?: number } = {},
): Promise<number> {
  const days = opts.olderThanDays ?? GUEST_RETENTION_DAYS;
  const cutoff = new Date((opts.now ?? new Date()).getTime() - days * 86_400_000).toISOString();
  const batchSize = opts.batchSize ?? 1000;
  let total = 0;
  for (;;) {
    const idle = db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.premium', '=', 0)
      .where('u.username', 'is', null)
      .where('u.created_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('performances as p').select(sql<number>`1`.as('one')).whereRef('p.user_id', '=', 'u.id'),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('game_options as g').select(sql<number>`1`.as('one')).whereRef('g.user_id', '=', 'u.id'))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('crosshairs as c').select(sql<number>`1`.as('one')).whereRef('c.user_id', '=', 'u.id'))),
      )
      .orderBy('u.id')
      .limit(batchSize);
    const result = await db.deleteFrom('users').where('id', 'in', idle).executeTakeFirst();
    const n = Number(result.numDeletedRows);
    total += n;
    if (n < batchSize) return total;
  }
}
