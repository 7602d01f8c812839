/**
 * Sessions (issue 13): the session cookie carries an opaque random token (32 random bytes,
 * base64url, 43 characters); the server keeps the session in the `sessions` table under the
 * token's SHA-256 (so the table names no usable cookie), with its user, creation time, last use,
 * User-Agent and a revoked flag. Logout revokes it; register, login and a password change rotate
 * it (the old one is revoked, a new token is set). Cookies of the earlier format (a signed user
 * id) name no session.
 *
 * Lifetimes (issue 39): a session ends after `idleDays` without use (default 30) and
 * `absoluteDays` after it started however much it is used (default 90); both are the app's
 * `sessions` option (SESSION_IDLE_DAYS / SESSION_MAX_DAYS in the environment). The cookie is
 * named `__Host-aim_session` on https (directly, or behind a proxy with TRUST_PROXY): a sibling
 * subdomain cannot plant it (Secure, Path=/, no Domain); plain http keeps `aim_session` for
 * local play. A request reads only the name of its own scheme.
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
 * was created (`deleteIdleGuests`, run periodically by the app); dormant accounts and ended
 * sessions are deleted by src/server/accountRetention.ts (issue 39).
 * User ids are never reused (SQLite AUTOINCREMENT, PostgreSQL serial).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { nowIso, PreparedQuery, type DB } from './db';
import { NOT_LOGGED_IN } from '../contracts/auth';

/** Name of the session cookie on plain http. Its value is the opaque session token. */
export const SESSION_COOKIE = 'aim_session';

/** Name of the session cookie on https (issue 39): the `__Host-` prefix makes browsers refuse it
 * unless it is Secure, has Path=/ and no Domain, so no other host can set it. */
export const SECURE_SESSION_COOKIE = '__Host-aim_session';

/** How long sessions live (issue 39). */
export interface SessionLifetime {
  /** days without use after which a session ends */
  idleDays: number;
  /** days after its start after which a session ends, however much it is used */
  absoluteDays: number;
}

/** Defaults: 30 days idle, 90 days absolute. */
export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleDays: 30, absoluteDays: 90 };

/**
 * The session lifetime from the environment: SESSION_IDLE_DAYS and SESSION_MAX_DAYS (positive
 * numbers of days; the idle one at most the absolute one), defaults DEFAULT_SESSION_LIFETIME.
 * Throws Error naming the variable for a value that is not a positive number.
 */
export function sessionLifetimeFromEnv(env: Record<string, string | undefined> = process.env): SessionLifetime {
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}: '${raw}' is not a positive number of days.`);
    return n;
  };
  const absoluteDays = read('SESSION_MAX_DAYS', DEFAULT_SESSION_LIFETIME.absoluteDays);
  const idleDays = Math.min(read('SESSION_IDLE_DAYS', DEFAULT_SESSION_LIFETIME.idleDays), absoluteDays);
  return { idleDays, absoluteDays };
}

/** The lifetime the app was built with (`server.aimSessionLifetime`), else the defaults. */
export function sessionLifetime(request: FastifyRequest): SessionLifetime {
  return (request.server as unknown as { aimSessionLifetime?: SessionLifetime }).aimSessionLifetime ?? DEFAULT_SESSION_LIFETIME;
}

/** Whether a session that started at `createdAt` and was last used at `lastSeen` (ISO strings)
 * is still alive at `now` (ms) under `life`. */
export function sessionAlive(createdAt: string, lastSeen: string, now: number, life: SessionLifetime): boolean {
  const created = Date.parse(createdAt);
  const seen = Date.parse(lastSeen);
  return now - seen < life.idleDays * 86_400_000 && now - created < life.absoluteDays * 86_400_000;
}

/** Whether the request came over https (directly, or per X-Forwarded-Proto from a trusted proxy). */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The session cookie's name for this request: `__Host-aim_session` on https, else `aim_session`. */
export function sessionCookieName(request: FastifyRequest): string {
  return isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The longest a User-Agent is kept, characters. */
export const USER_AGENT_MAX = 256;

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
    .select(['s.created_at', 's.last_seen', 'u.id', 'u.premium', 'u.username'])
    .where('s.id', '=', sessionId)
    .where('s.revoked', '=', 0),
  ['session-a'] as [string],
  ['session-b'] as [string],
);

/**
 * Resolves the request's session cookie (`sessionCookieName`; once, the result is kept on the
 * request): a token of the right shape naming a session that is not revoked, is within its
 * idle and absolute lifetimes (`sessionLifetime`) and whose user exists. Touches `last_seen` at most every SESSION_TOUCH_MS. Never creates anything.
 */
export async function loadSession(db: Kysely<DB>, request: FastifyRequest): Promise<LoadedSession | null> {
  const r = request as SessionRequest;
  if (r.aimSession !== undefined) return r.aimSession;
  const token = request.cookies?.[sessionCookieName(request)];
  let found: LoadedSession | null = null;
  if (token && TOKEN_SHAPE.test(token)) {
    const sessionId = sessionIdOf(token);
    const [row] = await SESSION_BY_ID.execute(db, sessionId);
    const now = Date.now();
    const lastSeen = row ? Date.parse(row.last_seen) : NaN;
    if (row && sessionAlive(row.created_at, row.last_seen, now, sessionLifetime(request))) {
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
 * embedded player is one per host site). Writes stay safe from other sites: every write must
 * come from the game's own origin (Sec-Fetch-Site / Origin) with a JSON body
 * (src/server/writeGuard.ts, issue 39).
 */
export function sessionCookieScope(request: FastifyRequest): { sameSite: 'lax' | 'none'; secure: boolean; partitioned?: boolean } {
  const https = isHttps(request);
  if (https && embeddable(request)) return { sameSite: 'none', secure: true, partitioned: true };
  return { sameSite: 'lax', secure: https };
}

/**
 * Starts a new session for `userId`: a fresh random token, its hash stored in `sessions` with
 * the request's User-Agent (first USER_AGENT_MAX characters), the cookie set on `reply`
 * (`sessionCookieName`, HttpOnly, path /, lasting the absolute lifetime, site rules by
 * `sessionCookieScope`). The request now counts as that user's.
 */
export async function startSession(db: Kysely<DB>, request: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url');
  const sessionId = sessionIdOf(token);
  const now = nowIso();
  const ua = request.headers['user-agent'];
  const userAgent = typeof ua === 'string' && ua ? ua.slice(0, USER_AGENT_MAX) : null;
  await db.insertInto('sessions').values({ id: sessionId, user_id: user.id, created_at: now, last_seen: now, revoked: 0, user_agent: userAgent }).execute();
  const maxAge = Math.floor(sessionLifetime(request).absoluteDays * 86_400);
  reply.setCookie(sessionCookieName(request), token, { httpOnly: true, path: '/', maxAge, ...sessionCookieScope(request) });
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
  clearSessionCookie(request, reply);
}

/** Clears this scheme's session cookie on `reply`. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(request), { path: '/', ...sessionCookieScope(request) });
}

/** The id (`sessions.id`) of the request's live session, or null. */
export async function currentSessionId(db: Kysely<DB>, request: FastifyRequest): Promise<string | null> {
  return (await loadSession(db, request))?.sessionId ?? null;
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
