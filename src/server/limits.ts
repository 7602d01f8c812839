/**
 * Bounded work (issue 14 item 5): every limit the server puts on one request, one connection and
 * one client, in one place (docs/operating.md's "Limits" table lists them). `buildApp` applies them:
 * - the HTTP server's timeouts and connection limits (`httpServerOptions`, `maxConnections`);
 * - body size (a small default, larger per route: `BODY_LIMITS`) and JSON nesting depth
 *   (`boundedJsonParser`, refusing deeper bodies with 400 before `JSON.parse` runs);
 * - rate limits per player (the signed session cookie) and per address (`registerRateLimits`,
 *   @fastify/rate-limit), reads and writes counted separately; login attempts per name and
 *   address pair, per address, a growing delay per name, and registrations per address
 *   (`registerLoginLimits`);
 * - back-pressure (`registerUnderPressure`, @fastify/under-pressure): 503 with Retry-After
 *   while the event loop lags or the heap is nearly full.
 * Every refusal is a JSON `{ error }` answer (the app's error handler).
 */
import { stripBomText } from './bom';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import fastifyUnderPressure from '@fastify/under-pressure';
import { Redis } from 'ioredis';
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

/**
 * The RATE_LIMITS environment variable: unset or empty = the defaults; `off` = no rate limits;
 * otherwise comma-separated `field=count` pairs of RateLimits replacing the defaults, e.g.
 * `addressAll=30,windowMs=10000` (for a load test or a scale-out test). Throws an Error naming
 * the part for an unknown field or a value that is not a whole number >= 1.
 */
export function rateLimitsFromEnv(value: string | undefined): Partial<RateLimits> | false | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (value.trim() === 'off') return false;
  const out: Partial<RateLimits> = {};
  for (const part of value.split(',')) {
    const [key, raw] = part.split('=').map((x) => x.trim());
    if (!(key in DEFAULT_RATE_LIMITS)) throw new Error(`RATE_LIMITS: unknown limit "${key}" (one of ${Object.keys(DEFAULT_RATE_LIMITS).join(', ')}, or "off")`);
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`RATE_LIMITS: "${part.trim()}" needs a whole number >= 1`);
    out[key as keyof RateLimits] = n;
  }
  return out;
}

/**
 * Login attempts (issue 13, reworked by issue 39 after OWASP's authentication cheat sheet: an
 * attacker must not be able to lock the owner out). Three counters, each over `windowMs`:
 * - per (name, address) pair: after `perPair` failed logins of a name from one address (an IPv6
 *   address by its /64), that pair answers 429 until the window ends. Only the guesser's pair
 *   is stopped; the owner, from another address, is not;
 * - per address: `perAddress` attempts (any name, failed or not), then 429;
 * - per name alone, from every address together: never a hard lock. After `nameDelayAfter`
 *   failures, each further attempt on the name is answered only after a delay that doubles with
 *   every failure (`nameDelayBaseMs`, 2x, ... up to `nameDelayMaxMs`), whatever the password:
 *   a botnet spreading guesses over many addresses is slowed, the owner still logs in (slowly).
 * A successful login clears its pair's failures. Registration: at most `registerPerAddress`
 * accounts per address every `registerWindowMs` (the scrypt hash is the expensive part; counted
 * before hashing), also with the general rate limits off.
 */
export interface LoginLimits {
  /** window of the login counters, ms */
  windowMs: number;
  /** failed logins per (name, address) pair before 429 */
  perPair: number;
  /** login attempts per address before 429 */
  perAddress: number;
  /** failed logins of a name (all addresses) before its attempts are delayed */
  nameDelayAfter: number;
  /** the first delay, ms (doubled per further failure) */
  nameDelayBaseMs: number;
  /** the longest delay, ms */
  nameDelayMaxMs: number;
  /** accounts registered per address in `registerWindowMs` */
  registerPerAddress: number;
  /** window of the registration counter, ms */
  registerWindowMs: number;
}

/** 10 failures per name and address, 50 attempts per address every 15 minutes; a name with 10
 * failures from anywhere gets 0.5 s, 1 s, 2 s ... at most 8 s per attempt; 5 registrations per
 * address an hour. A person who mistypes is not stopped; one address guesses at most ~1000
 * passwords a day per name, and many addresses together at most ~1 every 8 s per name. */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowMs: 15 * 60_000,
  perPair: 10,
  perAddress: 50,
  nameDelayAfter: 10,
  nameDelayBaseMs: 500,
  nameDelayMaxMs: 8000,
  registerPerAddress: 5,
  registerWindowMs: 3600_000,
};

/** The login and registration limiter of the account routes (`registerLoginLimits`). */
export interface LoginLimiter {
  /** Before checking a password for `accountKey` (the lower-cased name): throws HttpError 429
   * (with Retry-After on `reply`) over the pair or address limit; waits the name's delay. */
  before(request: FastifyRequest, reply: FastifyReply, accountKey: string): Promise<void>;
  /** The password was wrong (or the name unknown): counts a failure for the pair and the name. */
  failed(request: FastifyRequest, accountKey: string): void;
  /** The password was right: clears the pair's failures (the name's stay until the window ends). */
  succeeded(request: FastifyRequest, accountKey: string): void;
  /** Before hashing a new account's password: throws HttpError 429 over the address's
   * registrations, else counts this one. */
  registration(request: FastifyRequest, reply: FastifyReply): void;
}

/** Counters of events per key over a fixed window (in-process memory, at most `maxKeys` keys:
 * the oldest are dropped first). */
export class WindowCounter {
  private readonly counts = new Map<string, { n: number; resetAt: number }>();
  constructor(private readonly windowMs: number, private readonly maxKeys = 100_000, private readonly now: () => number = Date.now) {}

  /** The count of `key` in its current window (0 when none or expired). */
  get(key: string): number {
    const e = this.counts.get(key);
    if (!e || e.resetAt <= this.now()) return 0;
    return e.n;
  }

  /** Seconds until `key`'s window ends (at least 1). */
  retryAfterS(key: string): number {
    const e = this.counts.get(key);
    return Math.max(1, Math.ceil(((e?.resetAt ?? this.now()) - this.now()) / 1000));
  }

  /** Counts one event for `key`; returns the new count. */
  add(key: string): number {
    const t = this.now();
    let e = this.counts.get(key);
    if (!e || e.resetAt <= t) {
      this.counts.delete(key);
      if (this.counts.size >= this.maxKeys) this.counts.delete(this.counts.keys().next().value as string);
      e = { n: 0, resetAt: t + this.windowMs };
      this.counts.set(key, e);
    }
    return ++e.n;
  }

  /** Forgets `key`. */
  clear(key: string): void {
    this.counts.delete(key);
  }
}

/** The delay before answering an attempt on a name that has `failures` failures (ms). */
export function nameDelayMs(failures: number, limits: Pick<LoginLimits, 'nameDelayAfter' | 'nameDelayBaseMs' | 'nameDelayMaxMs'>): number {
  if (failures < limits.nameDelayAfter) return 0;
  const doublings = Math.min(30, failures - limits.nameDelayAfter);
  return Math.min(limits.nameDelayMaxMs, limits.nameDelayBaseMs * 2 ** doublings);
}

/**
 * The login limiter (see LoginLimits; in-process memory like the other limits: each server
 * process counts its own). Works with the general rate limits off (RATE_LIMITS=off).
 */
export async function registerLoginLimits(app: FastifyInstance, limits: LoginLimits): Promise<LoginLimiter> {
  void app;
  const pairs = new WindowCounter(limits.windowMs);
  const addresses = new WindowCounter(limits.windowMs);
  const names = new WindowCounter(limits.windowMs);
  const registrations = new WindowCounter(limits.registerWindowMs);
  const address = (request: FastifyRequest) => normalizeIP(request.ip, 64);
  const pairKey = (request: FastifyRequest, accountKey: string) => `${accountKey}\n${address(request)}`;
  const refuse = (reply: FastifyReply, seconds: number, message: string): never => {
    reply.header('retry-after', seconds);
    throw new HttpError(429, message, 'AIM_LOGIN_LIMITED');
  };
  return {
    async before(request, reply, accountKey) {
      const ip = address(request);
      if (addresses.get(ip) >= limits.perAddress) refuse(reply, addresses.retryAfterS(ip), `Too many login attempts: retry in ${addresses.retryAfterS(ip)} s.`);
      const pair = pairKey(request, accountKey);
      if (pairs.get(pair) >= limits.perPair) refuse(reply, pairs.retryAfterS(pair), `Too many login attempts: retry in ${pairs.retryAfterS(pair)} s.`);
      addresses.add(ip);
      const delay = nameDelayMs(names.get(accountKey), limits);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    },
    failed(request, accountKey) {
      pairs.add(pairKey(request, accountKey));
      names.add(accountKey);
    },
    succeeded(request, accountKey) {
      pairs.clear(pairKey(request, accountKey));
    },
    registration(request, reply) {
      const ip = address(request);
      if (registrations.get(ip) >= limits.registerPerAddress) {
        const s = registrations.retryAfterS(ip);
        refuse(reply, s, `Too many accounts registered from this address: retry in ${Math.ceil(s / 60)} min.`);
      }
      registrations.add(ip);
    },
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
  for (let i = 0, n = text.length; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // skip the string to its closing quote with the native indexOf (a replay's base64 log is
      // ~100 KB of one string): a quote closes it unless an odd run of backslashes precedes it
      // (a backslash escapes the next character, so a run pairs up from its start)
      let q = i;
      for (;;) {
        q = text.indexOf('"', q + 1);
        if (q < 0) return false; // the string never closes: nothing after it counts
        let b = q - 1;
        while (b > i && text.charCodeAt(b) === 0x5c /* \ */) b--;
        if ((q - 1 - b) % 2 === 0) break;
      }
      i = q;
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
 * Rate limits (@fastify/rate-limit). Where the counters live (issue 38 item 5): with
 * `redisUrl` (the server's REDIS_URL) in Redis (the plugin's RedisStore over an ioredis client,
 * keys `aim-rl:<limit>:<player or address>`), so every server process sharing that Redis
 * enforces ONE limit; without it in this process's memory (each process counts its own). A Redis
 * that cannot be reached lets requests through (the plugin's `skipOnError`; each failure is
 * logged) rather than refusing every player; the client is closed with the app.
 * Every request counts against its address (`request.ip`: the peer, or X-Forwarded-For with
 * `trustProxy`; an IPv6 address by its /64, IPv4-mapped ones as IPv4); a request with a valid session (resolved by `loadSession` before this hook) also counts against its player. Writes
 * also count against the write limits. Over a limit: 429 `{ error }` with Retry-After.
 * Must be registered after @fastify/cookie and the app's `loadSession` hook.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits, redisUrl?: string): Promise<void> {
  if (!app.hasDecorator('createRateLimit')) {
    let redis: Redis | undefined;
    if (redisUrl) {
      // one connection per process; commands wait (queue) while it connects, and fail after
      // 2 retries when Redis is down so that a request is never held for long
      redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2_000, enableOfflineQueue: true, lazyConnect: false });
      redis.on('error', (err: Error) => app.log.warn({ err }, 'rate limits: Redis is unreachable; requests pass unlimited until it is back'));
      const client = redis;
      app.addHook('onClose', async () => {
        await client.quit().catch(() => client.disconnect());
      });
    }
    await app.register(fastifyRateLimit, {
      global: false, cache: 50_000, timeWindow: limits.windowMs,
      ...(redis ? { redis, nameSpace: 'aim-rl:', skipOnError: true } : {}),
    });
  }
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
