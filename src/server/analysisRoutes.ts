/**
 * The weakness map (issue 37 item 4), registered by `registerApiRoutes`. A read: it creates no
 * guest.
 * - GET /api/v1/analysis/weakness?runs=N[&game_id=D] -> WeaknessMap (src/contracts/analysis.ts)
 *   of the session's player: their last N (1-WEAKNESS_MAX_RUNS, default WEAKNESS_DEFAULT_RUNS)
 *   runs that have the server's analysis (`run_analyses`, from the verified replay; migration
 *   0015_run_analyses), of drill D when given; 400 for a bad or unknown parameter; an empty map
 *   (runs 0) without a session or without analysed runs. Computed by src/analysis/summary.ts
 *   `weaknessMap` from the stored flicks: nothing the client sent is read.
 * - POST /api/v1/analysis/weak-spot-drill (body `{}`) -> 201 WeakSpotDrillAnswer: "Train this"
 *   (issue 37 item 5). Reads the session player's OWN weakness map here (the last
 *   WEAKNESS_DEFAULT_RUNS analysed runs; a map sent by the client would never be used), makes the
 *   weak-spot drill of src/analysis/weakSpotDrill.ts, saves it as the account's own drill (as the
 *   drill editor's `POST /api/v1/drills` does: src/server/customDrillRoutes.ts
 *   `createCustomDrill`, the same checks and the same per-account maximum) and a playlist with
 *   it (the weak-spot drill, WEAK_SPOT_COMPANION_DRILL when the catalogue has it, the weak-spot
 *   drill again; src/server/playlistRoutes.ts `insertPlaylist`). Errors `{ error }`: 401 'Not
 *   Logged In' for a guest or no session (saving needs an account); 409 `{ error, code:
 *   'not_enough_data' }` when the map has no compared cell slower than the player's mean (too
 *   few analysed runs); 409 at the account's drill maximum; 400 for a body other than `{}`. A
 *   write: CSRF guard and rate limits as every write (src/server/writeGuard.ts, limits.ts). Each
 *   call makes a new drill and playlist (the page sends one call per click and disables the
 *   button meanwhile).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  WEAKNESS_DEFAULT_RUNS, WEAKNESS_MAX_RUNS, WEAK_SPOT_DRILL_PATH, WEAK_SPOT_NOT_ENOUGH_DATA, type StoredFlick, type StoredRunAnalysis,
  type WeakSpotDrillAnswer, type WeaknessMap,
} from '../contracts/analysis';
import { playlistPath } from '../contracts/playlists';
import { weaknessMap } from '../analysis/summary';
import { WEAK_SPOT_COMPANION_DRILL, WeakSpotError, weakSpotDrill, weakSpotPlaylist } from '../analysis/weakSpotDrill';
import type { DB } from './db';
import { peekSessionUser, requireAccount } from './session';
import { intParam } from './statsRoutes';
import { createCustomDrill } from './customDrillRoutes';
import { insertPlaylist } from './playlistRoutes';

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

/** The body `POST /api/v1/analysis/weak-spot-drill` takes: an empty object. */
const weakSpotBodySchema = { type: 'object', additionalProperties: false, properties: {} } as const;

/** Registers the routes of the module comment; `now` is the clock of the playlist's times. */
export function registerAnalysisRoutes(app: FastifyInstance, db: Kysely<DB>, now: () => Date = () => new Date()): void {
  app.post(WEAK_SPOT_DRILL_PATH, { schema: { body: weakSpotBodySchema } }, async (request, reply) => {
    const user = await requireAccount(db, request, reply);
    if (!user) return reply;
    const map = await loadWeaknessMap(db, user.id, WEAKNESS_DEFAULT_RUNS);
    let plan: ReturnType<typeof weakSpotDrill>;
    try {
      plan = weakSpotDrill(map);
    } catch (e) {
      if (e instanceof WeakSpotError) return reply.code(409).send({ error: e.message, code: WEAK_SPOT_NOT_ENOUGH_DATA });
      throw e;
    }
    const made = await createCustomDrill(db, user.id, plan.drill);
    if (made.status !== 201) {
      // the generated document failing the drill check is the server's bug, not the player's
      if (made.status === 400) throw new Error(`weak-spot drill refused by the drill check: ${made.body.error}`);
      return reply.code(made.status).send(made.body);
    }
    const companion = await db.selectFrom('drills').select('id')
      .where('id', '=', WEAK_SPOT_COMPANION_DRILL).where('author_id', 'is', null).executeTakeFirst();
    const row = await insertPlaylist(db, user.id, weakSpotPlaylist(plan, made.id, companion ? companion.id : null), now());
    const answer: WeakSpotDrillAnswer = {
      drill_id: made.id,
      name: made.drill.name,
      cells: plan.cells.map((c) => ({ sector: c.sector, bin: c.bin, rel: c.rel })),
      playlist_id: row.id,
      playlist_url: playlistPath(row.id),
    };
    return reply.code(201).send(answer);
  });

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
