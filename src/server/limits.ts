/**
 * Bounded work (issue 14 item 5): every limit the server puts on one request, one connection and
 * one client, in one place (the README's "Limits" table lists them). `buildApp` applies them:
 * - the HTTP server's timeouts and connection limits (`httpServerOptions`, `maxConnections`);
 * - body size (a small default, larger per route: `BODY_LIMITS`) and JSON nesting depth
 *   (`boundedJsonParser`, refusing deeper bodies with 400 before `JSON.parse` runs);
 * - rate limits per player (the signed session cookie) and per address (`registerRateLimits`,
 *   @fastify/rate-limit), reads and writes counted separately; login attempts per account
 *   and per address (`registerLoginLimits`);
 * - back-pressure (`registerUnderPressure`, @fastify/under-pressure): 503 with Retry-After
 *   while the event loop lags or the heap is nearly full.
 * Every refusal is a JSON `{ error }` answer (the app's error handler).
 */
import { stripBomText } from './bom';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import fastifyUnderPressure from '@fastify/under-pressure';
import { parse as secureJsonParse } from 'secure-json-parse';
import { cookieUserId } from './session';

/** Body size limits, bytes. The submission route (`POST /api/v1/performance`) sets its own. */
export const BODY_LIMITS = {
  /** every route without its own limit */
  default: 64 * 1024,
  /** POST /api/v1/user/log-drill `{ agame_id }` */
  logDrill: 4 * 1024,
  /** POST /gameoptions/edit: a full document is about 1.9 KiB, 10 KiB with every string at its
   * 256-character maximum */
  gameOptions: 32 * 1024,
  /** POST /api/v2/user/:type: a full crosshair setting is about 0.4 KiB */
  crosshair: 8 * 1024,
  /** POST/PUT /api/v1/drills (issue 17, the drill editor): a drill document is about 1 KiB */
  customDrill: 16 * 1024,
} as const;

/** Deepest JSON nesting accepted in a request body (objects and arrays); deeper is 400. */
export const MAX_JSON_DEPTH = 64;

/** Timeouts and connection limits of the HTTP server. */
export const CONNECTION_LIMITS = {
  /** the whole request (headers and body) must arrive within this, else 408 */
  requestTimeoutMs: 30_000,
  /** the request headers must arrive within this, else 408 */
  headersTimeoutMs: 10_000,
  /** how often Node checks the two timeouts above (its default is 30 s) */
  connectionsCheckingIntervalMs: 2_000,
  /** a socket with no traffic at all for this long is closed */
  socketIdleTimeoutMs: 60_000,
  /** an idle keep-alive connection is closed after this */
  keepAliveTimeoutMs: 10_000,
  /** a keep-alive connection is closed after this many requests (0 = unlimited) */
  maxRequestsPerSocket: 1000,
  /** open connections at most (`server.maxConnections`); more are refused at accept */
  maxConnections: 2048,
} as const;
export type ConnectionLimits = { -readonly [K in keyof typeof CONNECTION_LIMITS]: number };

/** Rate limits: requests per window, per key. Reads are every GET/HEAD; writes everything else. */
export interface RateLimits {
  /** window, ms */
  windowMs: number;
  /** per player (a valid signed session cookie): all requests, and writes */
  playerAll: number;
  playerWrites: number;
  /** per address (IPv4, or the IPv6 /64): all requests, and writes */
  addressAll: number;
  addressWrites: number;
}

/** Generous for play (a page load is ~10-30 requests, a drill 2-3 writes a minute; a settings
 * editor saves on change), strict enough that one client cannot keep the server busy. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowMs: 60_000,
  playerAll: 600,
  playerWrites: 120,
  addressAll: 1800,
  addressWrites: 360,
};

/** Login attempts (issue 13): per account (the lower-cased name tried) and per address, in a
 * window; over either, `POST /api/v1/auth/login` answers 429 without checking the password. */
export interface LoginLimits {
  /** window, ms */
  windowMs: number;
  perAccount: number;
  perAddress: number;
}

/** 10 tries per name and 50 per address every 15 minutes: a person who mistypes is not stopped,
 * guessing a password online is (at most ~1000 guesses a day per name). */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowMs: 15 * 60_000, perAccount: 10, perAddress: 50 };

/** Counts one login attempt for `accountKey` (the lower-cased name) from the request's address;
 * throws HttpError 429 (with Retry-After on `reply`) over a limit. */
export type LoginLimitCheck = (request: FastifyRequest, reply: FastifyReply, accountKey: string) => Promise<void>;

/**
 * The login limiter (@fastify/rate-limit's `createRateLimit`, in-process memory like the other
 * limits). Registers the rate-limit plugin if the app has not yet. Works with the general rate
 * limits off (RATE_LIMITS=off): guessing passwords stays limited.
 */
export async function registerLoginLimits(app: FastifyInstance, limits: LoginLimits): Promise<LoginLimitCheck> {
  if (!app.hasDecorator('createRateLimit')) await app.register(fastifyRateLimit, { global: false, cache: 50_000, timeWindow: limits.windowMs });
  const byAccount = app.createRateLimit({
    max: limits.perAccount,
    timeWindow: limits.windowMs,
    keyGenerator: (req: FastifyRequest) => `la:${(req as { aimLoginKey?: string }).aimLoginKey ?? ''}`,
  });
  const byAddress = app.createRateLimit({ max: limits.perAddress, timeWindow: limits.windowMs, keyGenerator: (req: FastifyRequest) => `lip:${normalizeIP(req.ip, 64)}` });
  return async (request, reply, accountKey) => {
    (request as { aimLoginKey?: string }).aimLoginKey = accountKey;
    for (const check of [byAddress, byAccount]) {
      const r = await check(request);
      if (!r.isAllowed && r.isExceeded) {
        reply.header('retry-after', r.ttlInSeconds);
        throw new HttpError(429, `Too many login attempts: retry in ${r.ttlInSeconds} s.`, 'AIM_LOGIN_LIMITED');
      }
    }
  };
}

/** Back-pressure thresholds (@fastify/under-pressure); 0 disables a check. */
export interface PressureLimits {
  /** mean event-loop delay over a sample, ms */
  maxEventLoopDelayMs: number;
  /** V8 heap used, bytes */
  maxHeapUsedBytes: number;
  /** event-loop utilisation 0..1 */
  maxEventLoopUtilization: number;
  /** sampling interval, ms */
  sampleIntervalMs: number;
  /** Retry-After of a 503, seconds */
  retryAfterS: number;
}

/** Defaults: 1 s mean event-loop delay, 90 % of the V8 heap limit; utilisation not checked (a
 * busy but responsive server is not refused). */
export function defaultPressureLimits(heapLimitBytes: number): PressureLimits {
  return {
    maxEventLoopDelayMs: 1000,
    maxHeapUsedBytes: Math.floor(heapLimitBytes * 0.9),
    maxEventLoopUtilization: 0,
    sampleIntervalMs: 1000,
    retryAfterS: 5,
  };
}

/** The Fastify constructor options that bound connections and requests. */
export interface HttpServerOptions {
  bodyLimit: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  maxRequestsPerSocket: number;
  requestTimeout: number;
  http: { headersTimeout: number; connectionsCheckingInterval: number };
  return503OnClosing: boolean;
}

/** The Fastify constructor options that bound connections and requests (CONNECTION_LIMITS with
 * `overrides`, BODY_LIMITS.default). */
export function httpServerOptions(overrides: Partial<ConnectionLimits> = {}): HttpServerOptions {
  const c = { ...CONNECTION_LIMITS, ...overrides };
  return {
    bodyLimit: BODY_LIMITS.default,
    connectionTimeout: c.socketIdleTimeoutMs,
    keepAliveTimeout: c.keepAliveTimeoutMs,
    maxRequestsPerSocket: c.maxRequestsPerSocket,
    requestTimeout: c.requestTimeoutMs,
    http: { headersTimeout: c.headersTimeoutMs, connectionsCheckingInterval: c.connectionsCheckingIntervalMs },
    return503OnClosing: true,
  };
}

/** An error with an HTTP status; the app's error handler answers it as `{ error: message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'AIM_HTTP_ERROR',
  ) {
    super(message);
  }
}

/**
 * The nesting depth of the JSON text `text` exceeds `maxDepth`? Counts `{` and `[` outside
 * strings in one pass; stops at the first level too deep. Linear, no allocation: it runs before
 * `JSON.parse`, so a deeply nested body costs a scan, not a parse (nor a stack overflow).
 */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0, n = text.length; i < n; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's `application/json` parser with one that strips a leading UTF-8 byte-order
 * mark (src/server/bom.ts), refuses bodies nested deeper than
 * `maxDepth` (400 'JSON body nested too deeply') before parsing, then parses like Fastify's own
 * (secure-json-parse: `__proto__` and `constructor.prototype` keys are refused; empty or broken
 * JSON is 400). Body size limits are unchanged (the route's `bodyLimit`, else the app's).
 */
export function registerBoundedJsonParser(app: FastifyInstance, maxDepth = MAX_JSON_DEPTH): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = stripBomText(body as string); // issue 38: a leading byte-order mark is no JSON error
    if (text.length === 0) {
      done(new HttpError(400, 'Body cannot be empty when content-type is set to application/json', 'FST_ERR_CTP_EMPTY_JSON_BODY'), undefined);
      return;
    }
    if (jsonDepthExceeds(text, maxDepth)) {
      done(new HttpError(400, `JSON body nested too deeply (more than ${maxDepth} levels).`, 'AIM_JSON_TOO_DEEP'), undefined);
      return;
    }
    try {
      done(null, secureJsonParse(text, null, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new HttpError(400, 'Invalid JSON body.', 'FST_ERR_CTP_INVALID_JSON_BODY'), undefined);
    }
  });
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes that no limit applies to (health probes). */
export const UNLIMITED_URLS = new Set(['/healthz', '/readyz']);

/**
 * Rate limits (@fastify/rate-limit, in-process memory: each server process counts its own).
 * Every request counts against its address (`request.ip`: the peer, or X-Forwarded-For with
 * `trustProxy`; an IPv6 address by its /64, IPv4-mapped ones as IPv4); a request with a valid session (resolved by `loadSession` before this hook) also counts against its player. Writes
 * also count against the write limits. Over a limit: 429 `{ error }` with Retry-After.
 * Must be registered after @fastify/cookie and the app's `loadSession` hook.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits): Promise<void> {
  if (!app.hasDecorator('createRateLimit')) await app.register(fastifyRateLimit, { global: false, cache: 50_000, timeWindow: limits.windowMs });
  const make = (max: number, prefix: string, byPlayer: boolean) =>
    app.createRateLimit({
      max,
      timeWindow: limits.windowMs,
      keyGenerator: (req: FastifyRequest) => (byPlayer ? `${prefix}${cookieUserId(req)}` : `${prefix}${normalizeIP(req.ip, 64)}`),
    });
  const addressAll = make(limits.addressAll, 'a:', false);
  const addressWrites = make(limits.addressWrites, 'aw:', false);
  const playerAll = make(limits.playerAll, 'p:', true);
  const playerWrites = make(limits.playerWrites, 'pw:', true);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (UNLIMITED_URLS.has(request.routeOptions.url ?? '')) return;
    const write = !READ_METHODS.has(request.method);
    const player = cookieUserId(request) !== null;
    const checks = [addressAll];
    if (write) checks.push(addressWrites);
    if (player) checks.push(playerAll);
    if (player && write) checks.push(playerWrites);
    for (const check of checks) {
      const r = await check(request);
      if (!r.isAllowed && r.isExceeded) {
        reply.header('retry-after', r.ttlInSeconds);
        throw new HttpError(429, `Too many requests: retry in ${r.ttlInSeconds} s.`, 'AIM_RATE_LIMITED');
      }
    }
  });
}

/**
 * Back-pressure (@fastify/under-pressure): while the sampled event-loop delay, heap use or
 * event-loop utilisation is over its threshold, every request but the health probes answers
 * 503 `{ error: 'Server busy, retry later.' }` with Retry-After.
 */
export async function registerUnderPressure(app: FastifyInstance, limits: PressureLimits): Promise<void> {
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    maxEventLoopUtilization: limits.maxEventLoopUtilization,
    sampleInterval: limits.sampleIntervalMs,
    retryAfter: limits.retryAfterS,
    pressureHandler: (request: FastifyRequest, reply: FastifyReply) => {
      if (UNLIMITED_URLS.has(request.routeOptions.url ?? '')) return undefined;
      reply.header('retry-after', limits.retryAfterS);
      return Promise.reject(new HttpError(503, 'Server busy, retry later.', 'AIM_UNDER_PRESSURE'));
    },
  });
}
