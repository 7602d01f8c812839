/**
 * The JSON API of spec section 7: gameconfig, drill list, log-drill, performance, game options
 * and crosshair settings. Every error answers `{ error: string }`.
 *
 * Guests (issue 14): the GET routes never create a user (`peekSessionUser` / `cookieUserId`):
 * without a valid session cookie they answer the defaults (gameconfig `user_id: null`, default
 * settings; no run: 404). The write routes call `sessionUser`, which creates the guest and sets
 * its cookie on the first write.
 */
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { CROSSHAIR_TYPES, crosshairSettingBodySchema, type CrosshairType } from '../contracts/crosshair';
import { GAME_OPTIONS_PATH, gameOptionsEditBodySchema } from '../contracts/gameOptions';
import type { DB } from './db';
import { DrillCache, PLAYER_KEYS } from './drills';
import { cookieUserId, peekSessionUser, sessionUser } from './session';
import { BODY_LIMITS } from './limits';
import { leaderboardRank } from './runs';
import { registerRunRoutes, type RunRoutesContext } from './runRoutes';
import { registerStatsRoutes } from './statsRoutes';
import { registerBenchmarkRoutes } from './benchmarkRoutes';
import { registerPlaylistRoutes } from './playlistRoutes';
import type { BuiltinPlaylist } from '../contracts/playlists';
import { listDrills, registerCommunityDrillRoutes } from './communityDrills';
import { parseDrillQuery } from '../contracts/drillBrowser';
import { defaultPlayerView, loadCrosshair, loadOptions, loadPlayerView, saveCrosshair, saveOptions, type PlayerView } from './playerSettings';
import { mergeDeep } from '../contracts/merge';
import { resolveCrosshairConfig, resolveOptionsEdit } from './settings';
import { bindingsProblem, fovProblem, gameOptionsProblem, type FovBody } from '../contracts/settingsRules';
import { settingsSchemaErrorFormatter } from './schemaErrors';
import { SENSITIVITY_DATA_PATH } from '../contracts/sensitivityData';
import { sensitivityGameData } from './sensitivityData';

/** What the API routes need: the database and the page sender (for content negotiation). */
export interface ApiContext {
  db: Kysely<DB>;
  /** options of the run routes (re-simulation pool, clock) */
  runs?: Omit<RunRoutesContext, 'db'>;
  /** Sends the one-page app's index.html (or 503 when not built). */
  sendPage(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  /** the gameconfig read cache (shared with the drill editor's routes, which tell it of an
   * edited drill); default a new one */
  drills?: DrillCache;
  /** playlists served besides the built-in ones, by id (tests: a short playlist of test
   * drills); default none */
  playlists?: readonly BuiltinPlaylist[];
}

const DIGITS = /^\d+$/;

/**
 * Registers every API route on `app` (all answers JSON; errors `{ error: string }`):
 * - GET  /api/v1/drills[?q=&family=&...]  -> DrillBrowserItem[] (src/contracts/drillBrowser.ts: id, name, category,
 *        objective, game_type_description, duration, best_score, leaderboard_rank, primary_metric, family, difficulty,
 *        room, weapon, plays, players, author, ...); POST /api/v1/drills/:id/publish|unpublish|report:
 *        src/server/communityDrills.ts
 * - GET  /api/v1/leaderboard/:drillId, /api/v1/progress[/:drillId]: src/server/statsRoutes.ts
 * - GET  /api/v1/benchmarks, /api/v1/benchmarks/:id/me: src/server/benchmarkRoutes.ts
 * - GET  /api/v1/playlists, /api/v1/playlists/:id: src/server/playlistRoutes.ts
 * - GET  /api/v1/gameconfig/:id          -> GameConfigResponse | 400 invalid id | 404 'Drill not found'
 * - the run routes of src/server/runRoutes.ts: POST /api/v1/user/log-drill, POST /api/v1/runs,
 *   POST /api/v1/performance, GET /api/v1/performance/latest, GET /api/v1/performance/:id
 * - GET  /gameoptions/edit               -> { controls, game_options } (index.html for Accept text/html)
 * - POST /gameoptions/edit               {game_options?, controls?} -> { success: true, controls, game_options }
 * - GET  /api/v1/user/game-sensitivity-data/basic -> [{ slug, name, fovType, hfov, vfov, affectedByFov,
 *        ingameMultiplier, style, yaw, offset, fovScale, defaultFov, confidence, references, source, note }]
 *        (contract: src/contracts/sensitivityData.ts)
 * - GET  /api/v2/user/:type              -> { enabled, config } | 404 unknown type
 * - POST /api/v2/user/:type              {enabled, config} -> { success: true, enabled, config } | 400 | 404
 */
export function registerApiRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db } = ctx;

  // GET /api/v1/drills[?q=&family=&difficulty=&duration=&weapon=&room=&sort=&source=] ->
  // DrillBrowserItem[] (issue 36 item 2, src/server/communityDrills.ts). Without a query: the
  // catalogue by id; best_score / leaderboard_rank are the reader's (null without a session).
  app.get<{ Querystring: Record<string, unknown> }>('/api/v1/drills', async (request, reply) => {
    const parsed = parseDrillQuery(request.query ?? {});
    if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
    const user = await peekSessionUser(db, request);
    return listDrills(db, parsed.query, user);
  });
  // publish / unpublish / report a player-made drill (issue 36 item 2)
  registerCommunityDrillRoutes(app, db);

  // GET /api/v1/gameconfig/:id -> GameConfigResponse (drill fields + player settings).
  // The hot read (issue 14 item 6): the drill comes parsed and pre-serialised from the cache;
  // the player, their options, crosshairs and best score in one query (none without a session
  // cookie: the defaults); the answer is the drill's JSON plus the player's.
  const drills = ctx.drills ?? new DrillCache(db);
  app.get<{ Params: { id: string } }>('/api/v1/gameconfig/:id', async (request, reply) => {
    const { id } = request.params;
    if (!DIGITS.test(id)) return reply.code(400).send({ error: 'This drill has an invalid id.' });
    const cached = id.length <= 10 ? await drills.get(Number(id)) : null;
    if (!cached) return reply.code(404).send({ error: 'Drill not found' });
    const userId = cookieUserId(request);
    const view = userId === null ? null : await loadPlayerView(db, userId, { id: cached.drill.id, metric: cached.metric });
    const rank = view ? await leaderboardRank(db, cached.drill.id, cached.metric, view.best) : null;
    const playerJson = view ? JSON.stringify(playerFields(view, rank)) : (defaultPlayerJson ??= JSON.stringify(playerFields(null)));
    const open = cached.fieldsJsonOpen;
    const body = (open.length > 1 ? `${open},` : open) + playerJson.slice(1);
    return reply.type('application/json; charset=utf-8').send(body);
  });
  let defaultPlayerJson: string | undefined;

  /** The player's part of a gameconfig answer (PLAYER_KEYS); `view` null = a cookieless reader. */
  function playerFields(view: PlayerView | null, rank: number | null = null): Record<(typeof PLAYER_KEYS)[number], unknown> {
    const { user, controls, game_options, crosshairs } = view ?? defaultPlayerView();
    const tex = game_options.texture;
    const cfg = (t: CrosshairType) => (crosshairs[t].enabled ? crosshairs[t].config : null);
    return {
      user_id: view ? user.id : null,
      premium: user.premium,
      best_score: view ? view.best : null,
      leaderboard_rank: rank,
      user_target_colour: tex.target_colour,
      user_wall_colour: tex.wall_colour,
      user_line_colour: tex.line_colour,
      user_texture: tex.custom_textures_type === 'Image' ? tex.custom_textures_name : null,
      mouse_sensitivity: controls.mouse_sens,
      mouse_sensitivity_y: controls.mouse_sens_y,
      mouse_inverse: controls.mouse_inverse,
      mouse_dpi: controls.mouse_dpi,
      sens_profile_id: controls.sens_profile_id,
      ads_sens: controls.ads_sens,
      fov: controls.fov,
      fov_type: controls.fov_type,
      crosshair_config: cfg('crosshair'),
      hitmarker_config: cfg('hitmarker'),
      missmarker_config: cfg('missmarker'),
      ads_config: cfg('ads'),
    };
  }

  // log-drill, runs (tickets), performance (submit, latest, by id): src/server/runRoutes.ts
  registerRunRoutes(app, { db, ...ctx.runs });
  // issue 15: leaderboards and the player's progress (src/server/statsRoutes.ts)
  registerStatsRoutes(app, db);
  // issue 36 item 3: benchmark seasons and the reader's energies and ranks
  registerBenchmarkRoutes(app, db);
  // issue 36 item 4 (first part): the built-in playlists
  registerPlaylistRoutes(app, db, undefined, ctx.playlists);

  // GET /gameoptions/edit -> { controls, game_options } (or the page, for a browser navigation)
  app.get(GAME_OPTIONS_PATH, async (request, reply) => {
    if (acceptsHtml(request)) return ctx.sendPage(request, reply);
    const user = await peekSessionUser(db, request);
    return loadOptions(db, user?.id ?? null);
  });

  // POST /gameoptions/edit { game_options?, controls? } -> { success, controls, game_options }
  app.post<{ Body: { game_options?: unknown; controls?: unknown } }>(
    GAME_OPTIONS_PATH,
    { schema: { body: gameOptionsEditBodySchema }, bodyLimit: BODY_LIMITS.gameOptions, schemaErrorFormatter: settingsSchemaErrorFormatter },
    async (request, reply) => {
      // one FOV (src/contracts/settingsRules.ts): two that disagree are refused; other.fov alone sets it
      const fovError = fovProblem(request.body as FovBody);
      if (fovError) return reply.code(400).send({ error: fovError });
      // a known theme; max FPS only from the desktop client (issue 33 item 7)
      const optionsError = gameOptionsProblem((request.body as { game_options?: unknown }).game_options, request.headers['user-agent']);
      if (optionsError) return reply.code(400).send({ error: optionsError });
      const user = await sessionUser(db, request, reply);
      const stored = await loadOptions(db, user.id);
      const resolved = resolveOptionsEdit(stored, request.body as FovBody & { controls?: object; game_options?: object });
      const bindingsError = bindingsProblem(resolved.game_options.control.bindings);
      if (bindingsError) return reply.code(400).send({ error: bindingsError });
      await saveOptions(db, user.id, resolved.controls, resolved.game_options);
      return { success: true, ...resolved };
    },
  );

  // GET /api/v1/user/game-sensitivity-data/basic -> the sensitivity game table (no session needed)
  const sensitivityData = sensitivityGameData();
  app.get(SENSITIVITY_DATA_PATH, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return sensitivityData;
  });

  // GET /api/v2/user/:type -> { enabled, config }
  app.get<{ Params: { type: string } }>('/api/v2/user/:type', async (request, reply) => {
    const type = crosshairType(request.params.type);
    if (!type) return reply.code(404).send({ error: `Unknown setting type '${request.params.type}'` });
    const user = await peekSessionUser(db, request);
    return loadCrosshair(db, user?.id ?? null, type);
  });

  // POST /api/v2/user/:type { enabled, config } -> { success: true, enabled, config } (clamped)
  app.post<{ Params: { type: string }; Body: { enabled: boolean; config: unknown } }>(
    '/api/v2/user/:type',
    {
      schema: { body: crosshairSettingBodySchema },
      bodyLimit: BODY_LIMITS.crosshair,
      schemaErrorFormatter: settingsSchemaErrorFormatter,
      // an unknown type is a 404 even with a bad body
      preValidation: async (request, reply) => {
        if (!crosshairType(request.params.type)) {
          return reply.code(404).send({ error: `Unknown setting type '${request.params.type}'` });
        }
      },
    },
    async (request, reply) => {
      const type = crosshairType(request.params.type) as CrosshairType;
      const user = await sessionUser(db, request, reply);
      const setting = { enabled: request.body.enabled, config: resolveCrosshairConfig(request.body.config) };
      await saveCrosshair(db, user.id, type, setting);
      return { success: true, ...setting };
    },
  );
}

function crosshairType(t: string): CrosshairType | null {
  return (CROSSHAIR_TYPES as readonly string[]).includes(t) ? (t as CrosshairType) : null;
}

/** True when the request's Accept header lists text/html (a browser navigation). */
export function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/** True when `file` exists and is a regular file. */
export function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
