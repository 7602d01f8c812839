/**
 * The weakness map (issue 37 item 4), registered by `registerApiRoutes`. A read: it creates no
 * guest.
 * - GET /api/v1/analysis/weakness?runs=N[&game_id=D] -> WeaknessMap (src/contracts/analysis.ts)
 *   of the session's player: their last N (1-WEAKNESS_MAX_RUNS, default WEAKNESS_DEFAULT_RUNS)
 *   runs that have the server's analysis (`run_analyses`, from the verified replay; migration
 *   0015_run_analyses), of drill D when given; 400 for a bad or unknown parameter; an empty map
 *   (runs 0) without a session or without analysed runs. Computed by src/analysis/summary.ts
 *   `weaknessMap` from the stored flicks: nothing the client sent is read.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { WEAKNESS_DEFAULT_RUNS, WEAKNESS_MAX_RUNS, type StoredFlick, type StoredRunAnalysis, type WeaknessMap } from '../contracts/analysis';
import { weaknessMap } from '../analysis/summary';
import type { DB } from './db';
import { peekSessionUser } from './session';
import { intParam } from './statsRoutes';

/**
 * The weakness map of `userId`'s last `runs` analysed runs (of drill `gameId` when given), newest
 * first; see the module comment. Rows whose analysis does not parse are skipped.
 */
export async function loadWeaknessMap(db: Kysely<DB>, userId: number, runs: number, gameId?: number): Promise<WeaknessMap> {
  let q = db.selectFrom('run_analyses').select(['run_analyses.analysis']).where('run_analyses.user_id', '=', userId);
  if (gameId !== undefined) {
    q = q.innerJoin('performances', 'performances.id', 'run_analyses.performance_id').where('performances.game_id', '=', gameId);
  }
  const rows = await q.orderBy('run_analyses.performance_id', 'desc').limit(runs).execute();
  const flicks: StoredFlick[][] = [];
  for (const r of rows) {
    try {
      const a = JSON.parse(r.analysis) as StoredRunAnalysis;
      if (Array.isArray(a.flicks)) flicks.push(a.flicks);
    } catch {
      // a row that does not parse adds nothing
    }
  }
  return weaknessMap(flicks);
}

/** Registers the route of the module comment. */
export function registerAnalysisRoutes(app: FastifyInstance, db: Kysely<DB>): void {
  app.get<{ Querystring: Record<string, unknown> }>('/api/v1/analysis/weakness', async (request, reply) => {
    const extra = Object.keys(request.query).find((k) => k !== 'runs' && k !== 'game_id');
    if (extra !== undefined) return reply.code(400).send({ error: `Unknown query parameter '${extra}'.` });
    const runs = intParam(request.query.runs, 'runs', 1, WEAKNESS_MAX_RUNS, WEAKNESS_DEFAULT_RUNS);
    if (typeof runs === 'string') return reply.code(400).send({ error: runs });
    const gameId = intParam(request.query.game_id, 'game_id', 1, 2147483647, 0);
    if (typeof gameId === 'string') return reply.code(400).send({ error: gameId });
    reply.header('cache-control', 'no-store');
    const user = await peekSessionUser(db, request);
    if (!user) return weaknessMap([]);
    return loadWeaknessMap(db, user.id, runs, gameId === 0 ? undefined : gameId);
  });
}
