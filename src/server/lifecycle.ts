/**
 * Start-up and shutdown of the server process (src/server/main.ts): waiting for a database that
 * is not up yet, and a bounded graceful drain.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { isDbUnavailableError } from './db';

/** `buildApp`, retried while the database is unreachable, for at most `waitS` seconds. */
export async function buildWhenDatabaseIsUp(opts: BuildAppOptions, waitS: number): Promise<FastifyInstance> {
  const deadline = Date.now() + waitS * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await buildApp(opts);
    } catch (err) {
      if (!isDbUnavailableError(err) || Date.now() > deadline) throw err;
      console.error(`The database is not reachable yet (${(err as Error).message}); retrying (attempt ${attempt}).`);
      await new Promise((r) => setTimeout(r, Math.min(5000, 250 * 2 ** attempt)));
    }
  }
}

/**
 * Stops `app` gracefully: `app.close()` (stop accepting, drain in-flight requests, close the
 * database) bounded by `drainMs`; past the bound the remaining connections are cut. Resolves
 * the exit code: 0 drained, 1 cut or failed.
 */
export async function shutdown(app: FastifyInstance, drainMs: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), drainMs);
  });
  try {
    const closed = app.close().then(() => 'closed' as const);
    const result = await Promise.race([closed, bound]);
    if (result === 'closed') return 0;
    app.log.warn(`shutdown: requests still running after ${drainMs} ms; closing their connections`);
    app.server.closeAllConnections();
    await Promise.race([closed, new Promise((r) => setTimeout(r, 2000))]);
    return 1;
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    return 1;
  } finally {
    clearTimeout(timer);
  }
}
