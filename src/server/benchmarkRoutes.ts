/**
 * Benchmarks with ranks (issue 36 item 3), registered by `registerApiRoutes`. Reads only.
 *
 * - `GET /api/v1/benchmarks` -> BenchmarksResponse: every season (src/contracts/benchmarks.ts)
 *   with its ranks, categories, subcategories, drills and thresholds. Public, cacheable.
 * - `GET /api/v1/benchmarks/:id/me` -> SeasonStanding: the reader's energies, ranks and next
 *   threshold per drill, computed here from their RANKED runs only (`bestScore`, the one
 *   definition of a best: src/server/runs.ts; a run that is unticketed, unverified or otherwise
 *   unranked never counts). Accounts only: a guest (or a reader with no session) gets 401
 *   `{ error: 'Not Logged In' }` (`requireAccount`, as every account-only route answers);
 *   404 `{ error: 'Benchmark season not found' }` for an unknown season.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { BENCHMARK_SEASONS, findSeason, seasonDrills, seasonStanding, type BenchmarkSeason, type SeasonStanding } from '../contracts/benchmarks';
import type { DB } from './db';
import { bestScore } from './runs';
import { requireAccount } from './session';

/** The error of an unknown season (404). */
export const SEASON_NOT_FOUND = 'Benchmark season not found';

/**
 * The standing of player `userId` in `season` from their ranked bests (one `bestScore` per
 * season drill, by the drill's metric).
 */
export async function playerSeasonStanding(db: Kysely<DB>, season: BenchmarkSeason, userId: number): Promise<SeasonStanding> {
  const bests = new Map<number, number | null>();
  for (const drill of seasonDrills(season)) bests.set(drill.drill_id, await bestScore(db, userId, drill.drill_id, drill.metric));
  return seasonStanding(season, bests);
}

/** Registers the routes of the module comment on `app`. */
export function registerBenchmarkRoutes(app: FastifyInstance, db: Kysely<DB>): void {
  const body = JSON.stringify({ seasons: BENCHMARK_SEASONS });
  app.get('/api/v1/benchmarks', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get<{ Params: { id: string } }>('/api/v1/benchmarks/:id/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const season = findSeason(request.params.id);
    if (!season) return reply.code(404).send({ error: SEASON_NOT_FOUND });
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    return playerSeasonStanding(db, season, user.id);
  });
}
