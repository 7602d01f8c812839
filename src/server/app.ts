/**
 * The Fastify application: JSON API (spec section 7), guest sessions, the built client.
 * `buildApp` opens and migrates the database, seeds the drill catalogue and returns the app
 * (not listening: tests use `app.inject()`, `main.ts` calls `listen`). `app.close()` closes
 * the database too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import { isDbUnavailableError, migrateToLatest, openDb, pingDb } from './db';
import { DrillCache, seedCatalogue } from './drills';
import { registerCustomDrillRoutes } from './customDrillRoutes';
import { loadDrillFolder } from '../drill/drillFiles';
import { DEFAULT_SESSION_LIFETIME, deleteIdleGuests, GUEST_RETENTION_DAYS, GUEST_RETENTION_INTERVAL_MS, loadSession, resolveCookieSecret, type SessionLifetime } from './session';
import { ACCOUNT_RETENTION_DAYS, deleteDormantAccounts, deleteEndedSessions } from './accountRetention';
import { registerSessionRoutes } from './sessionRoutes';
import { registerAuthRoutes } from './authRoutes';
import { registerWriteGuard } from './writeGuard';
import { adsOffForRequest, pageWithAds } from './ads';
import { isFile, registerApiRoutes, type ApiContext } from './apiRoutes';
import { registerAssetRoutes } from './assetRoutes';
import { compressBytes, pickEncoding } from './compression';
import { gamePreloadTags, pageWithPreloads } from './preload';
import { pageFor } from '../contracts/pageFor';
import { HELP_PAGE_URLS } from '../contracts/helpPages';
import { HOST_ORIGINS_META, parseHostOrigins, type HostOrigins } from '../contracts/hostMessages';
import {
  CONNECTION_LIMITS, DEFAULT_RATE_LIMITS, defaultPressureLimits, HttpError, httpServerOptions, registerBoundedJsonParser,
  registerRateLimits, registerUnderPressure, type ConnectionLimits, type PressureLimits, type RateLimits,
  DEFAULT_LOGIN_LIMITS, registerLoginLimits, UNLIMITED_URLS, type LoginLimits,
} from './limits';

/** Options of `buildApp`. Relative paths are resolved against `process.cwd()`. */
export interface BuildAppOptions {
  /** SQLite file (default `data/aimtrainer.sqlite`); its directory is created. */
  databaseFile?: string;
  /** PostgreSQL connection URL; when set, used instead of SQLite. */
  databaseUrl?: string;
  /** The built client (default `dist`). */
  distDir?: string;
  /** The drill files seeded into the database at start (default `drills`; a bad file refuses
   * start-up with DrillFileError naming the file, field and reason). */
  drillsDir?: string;
  /** Fastify request logging (default false). */
  logger?: boolean;
  /** Secret signing the session cookie (default: COOKIE_SECRET env, else one kept in the DB). */
  cookieSecret?: string;
  /** Origins of the host web apps that may embed the game in an iframe (issue 12): the
   * `HOST_ORIGINS` syntax (comma-separated origins, or `*` for any) or parsed. Default none:
   * only the game's own origin may frame it. */
  hostOrigins?: string | HostOrigins;
  /** Run routes: re-simulation pool options, the ticket clock (src/server/runRoutes.ts). */
  runs?: ApiContext['runs'];
  /** Playlists served besides the built-in ones (tests: a short playlist of test drills). */
  playlists?: ApiContext['playlists'];
  /** Rate limits (default DEFAULT_RATE_LIMITS; fields given replace the defaults); false = none. */
  rateLimits?: Partial<RateLimits> | false;
  /** Login attempt limits (issue 13; default DEFAULT_LOGIN_LIMITS, also when `rateLimits` is
   * false); false = none. */
  loginLimits?: Partial<LoginLimits> | false;
  /** Back-pressure thresholds (default `defaultPressureLimits`); false = none. */
  pressure?: Partial<PressureLimits> | false;
  /** Idle-guest deletion (default: GUEST_RETENTION_DAYS, every GUEST_RETENTION_INTERVAL_MS and
   * once at start); false = not scheduled (tests call `deleteIdleGuests`). */
  guestRetention?: { days?: number; intervalMs?: number } | false;
  /** Session lifetimes (issue 39; default DEFAULT_SESSION_LIFETIME: 30 days idle, 90 absolute). */
  sessions?: Partial<SessionLifetime>;
  /** Deletion of dormant accounts (issue 39: no run, no login for `days`, default
   * ACCOUNT_RETENTION_DAYS) and of ended sessions, on the guest retention's schedule; false = not
   * scheduled. */
  accountRetention?: { days?: number } | false;
  /** Fastify `trustProxy` (default false): behind a reverse proxy, the client address (rate
   * limits) comes from X-Forwarded-For. */
  trustProxy?: boolean | string;
  /** Open connections at most (default CONNECTION_LIMITS.maxConnections). */
  maxConnections?: number;
  /** Timeouts and connection limits replacing CONNECTION_LIMITS' (tests use short ones). */
  connectionLimits?: Partial<ConnectionLimits>;
}

/** The JSON answer of a request the database could not serve (503, with Retry-After). */
export const DB_UNAVAILABLE = 'Database unavailable';

/** `GET /readyz` gives the database this long to answer `select 1`. */
export const READY_TIMEOUT_MS = 1000;

/** Content-Security-Policy of every answer: what the one-page app needs and nothing more. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  // https: so a player's custom sounds (https URLs of their own, spec section 8; fetched and
  // decoded by Web Audio, src/audio/customSounds.ts) can load; plain http stays refused
  connectSrc: ["'self'", 'https:'],
  workerSrc: ["'self'", 'blob:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * The security headers that depend on the allowed host origins (issue 12): CSP `frame-ancestors`
 * ('self' plus the host origins, or `*`) and `X-Frame-Options` (SAMEORIGIN when no other origin
 * may frame the game; left out otherwise, since it cannot name another origin and CSP
 * frame-ancestors takes precedence in every current browser). Everything else stays as strict.
 * Referrer-Policy is strict-origin-when-cross-origin so that the game page learns the same-site
 * page a player came from (Quit returns there, spec section 2) while other sites get the origin only.
 */
export function helmetOptions(hostOrigins: HostOrigins) {
  const framers = hostOrigins === '*' ? ['*'] : ["'self'", ...hostOrigins];
  return {
    contentSecurityPolicy: { useDefaults: true, directives: { ...CSP_DIRECTIVES, frameAncestors: framers } },
    xFrameOptions: hostOrigins !== '*' && hostOrigins.length === 0 ? { action: 'sameorigin' as const } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
}

/**
 * The security headers of `helmetOptions(hostOrigins)`, computed ONCE by running helmet's
 * middleware against a recording response: { lower-case header name: value }. Our directives are
 * static (no nonces, nothing per request), so every answer gets the same set; @fastify/helmet
 * rebuilt it (and re-parsed the CSP) on every request, about 40 µs each (BENCHMARKS.md, server).
 * Throws when helmet does not finish synchronously (it would need the request).
 */
export function securityHeaders(hostOrigins: HostOrigins): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) { headers[name.toLowerCase()] = String(value); },
    removeHeader(name: string) { delete headers[name.toLowerCase()]; },
    getHeader(name: string) { return headers[name.toLowerCase()]; },
  };
  let done = false;
  let failure: unknown = null;
  helmet(helmetOptions(hostOrigins))({} as never, res as never, (err?: unknown) => { done = true; failure = err ?? null; });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** index.html with the allowed host origins written into its `<meta name="aim-host-origins">`
 * (read by src/host/hostBridge.ts). */
export function pageWithHostOrigins(html: string, hostOrigins: HostOrigins): string {
  const content = hostOrigins === '*' ? '*' : hostOrigins.join(',');
  const tag = new RegExp(`<meta name="${HOST_ORIGINS_META}" content="[^"]*"\\s*/?>`);
  return html.replace(tag, `<meta name="${HOST_ORIGINS_META}" content="${content.replace(/[^A-Za-z0-9:/.,*\-\[\]]/g, '')}" />`);
}

/** Paths served to other origins on purpose (issue 12): the host SDK, loaded by host pages as a
 * cross-origin module script. They get CORS `*` and Cross-Origin-Resource-Policy cross-origin. */
export const PUBLIC_CROSS_ORIGIN_PREFIX = '/sdk/';

/** Whether `url` (a request URL under PUBLIC_CROSS_ORIGIN_PREFIX) names a real file of the SDK
 * folder of `distDir`: its decoded path is already normal (no `..`, `.`, `//` or backslash) and
 * the file exists. */
export function isSdkFile(distDir: string, url: string): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0]);
  } catch {
    return false;
  }
  if (!pathname.startsWith(PUBLIC_CROSS_ORIGIN_PREFIX) || pathname.includes('\\') || pathname.includes('\0')) return false;
  if (path.posix.normalize(pathname) !== pathname || pathname.includes('//')) return false;
  return isFile(path.join(distDir, pathname));
}

/**
 * Builds the server. Opens the database (PostgreSQL when `databaseUrl`, else SQLite), runs the
 * migrations, upserts the drill catalogue, and registers helmet (CSP), signed cookies, the API
 * and the static client. Rejects if the database cannot be opened or migrated.
 *
 * Errors: every error answer is JSON `{ error: string }`: 400 for bad JSON, a body nested too
 * deeply or one that fails its schema, 404 for unknown routes, 413 for a body over its route's
 * limit, 429 over a rate limit and 503 under back-pressure (both with Retry-After), 503
 * 'Database unavailable' while the database cannot be reached (the server keeps running and
 * recovers by itself when it is back), 500 (logged) for anything unexpected.
 *
 * Probes: `GET /healthz` (the process answers; no database) and `GET /readyz` (the database
 * answers `select 1` within READY_TIMEOUT_MS, and the server is not shutting down; else 503).
 */
export async function buildApp(opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const hostOrigins: HostOrigins =
    typeof opts.hostOrigins === 'string' || opts.hostOrigins === undefined ? parseHostOrigins(opts.hostOrigins) : opts.hostOrigins;
  let log: FastifyBaseLogger | undefined;
  // the drill files first: a bad one refuses start-up before the database is touched
  const catalogue = loadDrillFolder(opts.drillsDir);
  const open = openDb({
    databaseFile: opts.databaseFile,
    databaseUrl: opts.databaseUrl,
    onPoolError: (err) => log?.warn({ err: err.message }, 'PostgreSQL: an idle connection failed and was dropped; the next query reconnects'),
  });
  try {
    await migrateToLatest(open);
    await seedCatalogue(open.db, catalogue);
    const secret = await resolveCookieSecret(open.db, opts.cookieSecret);
    const app = Fastify({
      logger: opts.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
      // timeouts, keep-alive, requests per socket, the default body limit (src/server/limits.ts)
      ...httpServerOptions(opts.connectionLimits),
      trustProxy: opts.trustProxy ?? false,
      // strict body checks: no type coercion, extra properties are rejected, not stripped
      ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    });
    log = app.log;
    app.server.maxConnections = opts.maxConnections ?? opts.connectionLimits?.maxConnections ?? CONNECTION_LIMITS.maxConnections;
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // while draining, answers close their connection, so the drain ends with the last one
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
    let retentionTimer: NodeJS.Timeout | undefined;
    app.addHook('onClose', async () => {
      clearInterval(retentionTimer);
      await open.db.destroy();
    });
    registerBoundedJsonParser(app);

    // helmet's headers, computed once (securityHeaders), on every answer; a route may still
    // override one (the SDK's Cross-Origin-Resource-Policy). HSTS only over https (issue 39: a
    // browser ignores it on http, and a plain-http local server must not claim it)
    const { 'strict-transport-security': hsts, ...security } = securityHeaders(hostOrigins);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(security);
      if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
      done();
    });
    // writes only from the game's own pages, with JSON bodies (issue 39, src/server/writeGuard.ts)
    registerWriteGuard(app, hostOrigins);
    // the session cookie's site rules follow (src/server/session.ts sessionCookieScope)
    app.decorate('aimEmbeddable', hostOrigins === '*' || hostOrigins.length > 0);
    app.decorate('aimSessionLifetime', { ...DEFAULT_SESSION_LIFETIME, ...(opts.sessions ?? {}) });
    await app.register(fastifyCookie, { secret });
    if (opts.pressure !== false) {
      const heapLimit = v8.getHeapStatistics().heap_size_limit;
      await registerUnderPressure(app, { ...defaultPressureLimits(heapLimit), ...(opts.pressure ?? {}) });
    }
    // the session (issue 13: an opaque token naming a `sessions` row) is resolved once per
    // request, before the rate limits that key on its player (src/server/session.ts)
    app.addHook('onRequest', async (request) => {
      if (!UNLIMITED_URLS.has(request.url.split('?')[0])) await loadSession(open.db, request);
    });
    if (opts.rateLimits !== false) {
      await registerRateLimits(app, { ...DEFAULT_RATE_LIMITS, ...(opts.rateLimits ?? {}) });
    }
    const loginLimit = opts.loginLimits === false ? undefined : await registerLoginLimits(app, { ...DEFAULT_LOGIN_LIMITS, ...(opts.loginLimits ?? {}) });

    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err.validation) {
        return reply.code(400).send({ error: `Invalid request: ${err.message}` });
      }
      if (isDbUnavailableError(err)) {
        request.log.warn({ err: err.message }, 'database unavailable');
        return reply.code(503).header('retry-after', 5).send({ error: DB_UNAVAILABLE });
      }
      if (err instanceof HttpError && err.statusCode === 503) {
        return reply.code(503).send({ error: err.message });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message =
          err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
            ? 'Invalid JSON body.'
            : err.message || 'Bad request';
        return reply.code(status).send({ error: message });
      }
      request.log.error(err);
      return reply.code(500).send({ error: 'Internal server error' });
    });
    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    });

    const distDir = path.resolve(process.cwd(), opts.distDir ?? 'dist');
    const indexFile = path.join(distDir, 'index.html');
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isFile(indexFile)) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The game client is not built yet: run `npm run build` (or `npm start`), then reload.');
      }
      // no guest is created for a page (issue 14): the first write creates it
      let html = pageWithAds(
        pageWithHostOrigins(await fs.promises.readFile(indexFile, 'utf8'), hostOrigins),
        adsOffForRequest(request, hostOrigins),
      );
      // the game page fetches its game chunk and first shaders with the entry (issue 18)
      if (pageFor(request.url.split('?')[0]) === 'game') html = pageWithPreloads(html, gamePreloadTags(distDir));
      // revalidated on every load (no-cache + ETag), compressed by Accept-Encoding
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const etag = `"${crypto.createHash('sha1').update(html).digest('base64url')}${encoding ? `-${encoding}` : ''}"`;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag).header('vary', 'Accept-Encoding');
      const inm = request.headers['if-none-match'];
      if (typeof inm === 'string' && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(compressBytes(Buffer.from(html, 'utf8'), encoding));
    };

    // the host SDK is for other origins' pages (a cross-origin module script): CORS and CORP open,
    // on the SDK's real files only (issue 39: not `/sdk/..%2f<file>`, which names another file)
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith(PUBLIC_CROSS_ORIGIN_PREFIX) && reply.statusCode < 400 && isSdkFile(distDir, request.url)) {
        reply.header('access-control-allow-origin', '*');
        reply.header('cross-origin-resource-policy', 'cross-origin');
        reply.header('cache-control', 'no-cache');
        // TypeScript declarations are text (the mime table says .ts is an MPEG stream)
        if (request.url.split('?')[0].endsWith('.d.ts')) reply.header('content-type', 'text/plain; charset=utf-8');
      }
      return payload;
    });

    // probes: no rate limit, no back-pressure refusal (src/server/limits.ts UNLIMITED_URLS)
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_request, reply) => {
      if (closing) return reply.code(503).send({ error: 'Shutting down' });
      if (!(await pingDb(open.db, READY_TIMEOUT_MS))) return reply.code(503).header('retry-after', 5).send({ error: DB_UNAVAILABLE });
      return { status: 'ready' };
    });

    const drillCache = new DrillCache(open.db);
    registerApiRoutes(app, { db: open.db, sendPage, runs: opts.runs, drills: drillCache, playlists: opts.playlists });
    registerCustomDrillRoutes(app, { db: open.db, drills: drillCache }); // players' drills, issue 17 (customDrillRoutes.ts)
    registerAuthRoutes(app, { db: open.db, loginLimit }); // accounts, /api/v1/user/me (authRoutes.ts)
    registerSessionRoutes(app, { db: open.db, loginLimit }); // sessions list / revoke, password (sessionRoutes.ts)
    registerAssetRoutes(app, { db: open.db, distDir }); // /assets/*, /api/v1/assets/* (assetRoutes.ts)
    const helpUrls = Object.values(HELP_PAGE_URLS).flatMap((u) => [u, `${u}/`]);
    for (const url of ['/', '/app', '/app/', '/drills', '/drills/', '/login', '/login/', '/plus', '/plus/', ...helpUrls]) app.get(url, sendPage);

    if (fs.existsSync(distDir)) {
      await app.register(fastifyStatic, { root: distDir, prefix: '/', index: false, wildcard: true });
    }

    if (opts.guestRetention !== false) {
      const days = opts.guestRetention?.days ?? GUEST_RETENTION_DAYS;
      const sweep = () => {
        deleteIdleGuests(open.db, { olderThanDays: days }).then(
          (n) => n > 0 && app.log.info({ deleted: n, days }, 'idle guests deleted'),
          (err: unknown) => app.log.warn({ err }, 'idle guest deletion failed; retried at the next interval'),
        );
      };
      const accountDays = opts.accountRetention === false ? null : (opts.accountRetention?.days ?? ACCOUNT_RETENTION_DAYS);
      const life = { ...DEFAULT_SESSION_LIFETIME, ...(opts.sessions ?? {}) };
      const sweepAccounts = () => {
        if (accountDays === null) return;
        deleteDormantAccounts(open.db, { olderThanDays: accountDays }).then(
          (n) => n > 0 && app.log.info({ deleted: n, days: accountDays }, 'dormant accounts deleted'),
          (err: unknown) => app.log.warn({ err }, 'dormant account deletion failed; retried at the next interval'),
        );
        deleteEndedSessions(open.db, life).catch((err: unknown) => app.log.warn({ err }, 'ended session deletion failed'));
      };
      retentionTimer = setInterval(() => {
        sweep();
        sweepAccounts();
      }, opts.guestRetention?.intervalMs ?? GUEST_RETENTION_INTERVAL_MS);
      retentionTimer.unref();
      app.addHook('onReady', async () => {
        sweep();
        sweepAccounts();
      });
    }
    return app;
  } catch (e) {
    await open.db.destroy().catch(() => undefined);
    throw e;
  }
}
