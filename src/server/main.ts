/**
 * Starts the server: `tsx src/server/main.ts` (npm run serve; npm start builds the client first).
 * Environment: PORT (default 8080), HOST (default 0.0.0.0), DATABASE_URL (PostgreSQL; when
 * unset, SQLite at DATABASE_FILE, default data/aimtrainer.sqlite), DIST_DIR (default dist),
 * DRILLS_DIR (the drill files seeded at start, default drills; a bad file stops start-up),
 * COOKIE_SECRET (optional), LOG_LEVEL (default info), HOST_ORIGINS (origins that may embed the
 * game in an iframe: comma-separated, or `*`; default none), TRUST_PROXY (optional: Fastify's
 * trustProxy, e.g. `true` or `127.0.0.1`, for the client address behind a reverse proxy),
 * MAX_CONNECTIONS (default 2048), STARTUP_DB_WAIT_S (default 30: how long start-up retries a
 * database that is not reachable yet), SHUTDOWN_DRAIN_MS (default 10000), RATE_LIMITS (`off`
 * turns the per-player / per-address rate limits off: for load tests, or behind a proxy that
 * limits; or `field=count` pairs replacing limits, src/server/limits.ts rateLimitsFromEnv),
 * REDIS_URL (optional, `redis://host:port`: the rate-limit counters live there, shared by every
 * server process naming it; unset, each process counts its own), BACK_PRESSURE (`off` turns
 * the 503 back-pressure off: for tests whose machine is too busy to keep the event loop under
 * its bound), SESSION_IDLE_DAYS (default 30) and SESSION_MAX_DAYS (default 90): how long a session
 * lives unused and at most (issue 39; a bad value stops start-up with a message naming it).
 *
 * Shutdown on SIGTERM / SIGINT: stop accepting connections, let in-flight requests finish (idle
 * keep-alive connections are closed; a request arriving on a busy one is answered 503), at most
 * SHUTDOWN_DRAIN_MS; then close the database and exit 0 (1 when the drain hit its bound and open
 * connections were cut).
 */
import type { BuildAppOptions } from './app';
import { buildWhenDatabaseIsUp, shutdown } from './lifecycle';
import { rateLimitsFromEnv } from './limits';
import { sessionLifetimeFromEnv } from './session';

function envNumber(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
}

function trustProxyFromEnv(): boolean | string | undefined {
  const v = process.env.TRUST_PROXY;
  if (!v) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return v;
}

/** Builds the app from the environment and listens; exits with code 1 if it cannot start. */
export function main(): void {
  const port = envNumber('PORT', 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const opts: BuildAppOptions = {
    databaseUrl: process.env.DATABASE_URL || undefined,
    databaseFile: process.env.DATABASE_FILE || 'data/aimtrainer.sqlite',
    distDir: process.env.DIST_DIR || 'dist',
    drillsDir: process.env.DRILLS_DIR || 'drills',
    hostOrigins: process.env.HOST_ORIGINS,
    logger: true,
    trustProxy: trustProxyFromEnv(),
    maxConnections: process.env.MAX_CONNECTIONS ? envNumber('MAX_CONNECTIONS', 2048) : undefined,
    rateLimits: rateLimitsFromEnv(process.env.RATE_LIMITS),
    redisUrl: process.env.REDIS_URL || undefined,
    pressure: process.env.BACK_PRESSURE === 'off' ? false : undefined,
    sessions: sessionLifetimeFromEnv(),
  };
  buildWhenDatabaseIsUp(opts, envNumber('STARTUP_DB_WAIT_S', 30))
    .then(async (app) => {
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        app.log.info(`${signal}: draining in-flight requests, then exiting`);
        shutdown(app, envNumber('SHUTDOWN_DRAIN_MS', 10_000)).then((code) => process.exit(code));
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
      await app.listen({ port, host });
    })
    .catch((err: unknown) => {
      console.error('The server could not start:', err);
      process.exit(1);
    });
}

main();
