/**
 * Guest sessions: a signed cookie names the player's user id. Guests are created lazily: a read
 * (the page, gameconfig, options, crosshairs, the latest run) never inserts a user, it answers
 * the defaults for a request without a valid cookie (`peekSessionUser`); the first write (saving
 * options or a crosshair, logging a drill start, submitting a run) creates the guest user row and
 * sets the cookie (`sessionUser`). All per-player data hangs off that user id.
 *
 * Retention: a guest with no runs and no saved settings is deleted GUEST_RETENTION_DAYS after it
 * was created (`deleteIdleGuests`, run periodically by the app). User ids are never reused (SQLite
 * AUTOINCREMENT, PostgreSQL serial), so a deleted guest's cookie names nobody: its next write
 * creates a new guest.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
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
  const id = cookieUserId(request);
  if (id === null) return null;
  const row = await db.selectFrom('users').select(['id', 'premium']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, premium: row.premium === 1 } : null;
}

/**
 * The user id named by a valid signed session cookie (not checked against the database: a
 * deleted user's id too), or null for no cookie or a bad one. Cached on the request (the rate
 * limiter keys on it before the route runs).
 */
export function cookieUserId(request: FastifyRequest): number | null {
  const r = request as { aimCookieUserId?: number | null };
  if (r.aimCookieUserId !== undefined) return r.aimCookieUserId;
  let id: number | null = null;
  const raw = request.cookies?.[SESSION_COOKIE];
  if (raw && raw.length <= 200) {
    // verifying the signature (an HMAC) is the cost of every request with a cookie; the verdict
    // on one exact cookie string never changes under one secret, so recent verdicts are kept
    const verdicts = verdictCache(request);
    const known = verdicts.get(raw);
    if (known !== undefined) {
      id = known;
    } else {
      const unsigned = request.unsignCookie(raw);
      if (unsigned.valid && unsigned.value && /^\d{1,9}$/.test(unsigned.value)) id = Number(unsigned.value);
      if (verdicts.size >= COOKIE_VERDICTS_KEPT) verdicts.delete(verdicts.keys().next().value as string);
      verdicts.set(raw, id);
    }
  }
  r.aimCookieUserId = id;
  return id;
}

/** Cookie verdicts kept per app (the oldest dropped first). */
const COOKIE_VERDICTS_KEPT = 10_000;
const verdictCaches = new WeakMap<object, Map<string, number | null>>();

/** The verdict cache of the app serving `request` (one per app: apps may have other secrets). */
function verdictCache(request: FastifyRequest): Map<string, number | null> {
  const server = request.server as object;
  let cache = verdictCaches.get(server);
  if (!cache) verdictCaches.set(server, (cache = new Map()));
  return cache;
}

/** Whether host apps on other origins may embed the game (HOST_ORIGINS set): buildApp sets it
 * on the server (`server.aimEmbeddable`). */
export function embeddable(request: FastifyRequest): boolean {
  return (request.server as unknown as { aimEmbeddable?: boolean }).aimEmbeddable === true;
}

/**
 * The session cookie's site rules. Standalone: SameSite=Lax, Secure on https. When host apps may
 * embed the game (issue 12) and the request is https: SameSite=None; Secure; Partitioned (CHIPS),
 * so the game in a host's iframe on another site keeps its player (a Lax cookie is never sent in
 * a cross-site frame; browsers phasing out third-party cookies still keep partitioned ones: the
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
 * Get or create: the player of a write request. Reads and verifies the signed `aim_session` cookie; when it is
 * missing or invalid, or its user no longer exists, inserts a new guest user (premium false)
 * and sets the cookie on `reply` (httpOnly, path /, one year; its site rules by
 * `sessionCookieScope`).
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
      path: '/',
      maxAge: SESSION_MAX_AGE_S,
      ...sessionCookieScope(request),
    });
  }
  (request as { aimUser?: SessionUser }).aimUser = user;
  return user;
}

/** Days after its creation that a guest with no runs and no saved settings is deleted. */
export const GUEST_RETENTION_DAYS = 30;

/** How often the app runs `deleteIdleGuests` (ms): every 6 hours, and once at start-up. */
export const GUEST_RETENTION_INTERVAL_MS = 6 * 3600 * 1000;

/**
 * Deletes the guests (premium = 0) created more than `olderThanDays` days before `now` that have
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
