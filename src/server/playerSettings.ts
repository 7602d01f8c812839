/**
 * Reading and writing one player's stored settings (game options, controls, crosshairs).
 */
import { mirrorFov } from '../contracts/settingsRules';
import type { Kysely } from 'kysely';
import { CROSSHAIR_TYPES, defaultCrosshairConfig, type CrosshairConfig, type CrosshairSetting, type CrosshairType } from '../contracts/crosshair';
import type { ControlOptions, GameOptions } from '../contracts/gameOptions';
import { nowIso, PreparedQuery, type DB } from './db';
import { bestOfExtremes, bestScoreQuery } from './runs';
import type { PrimaryMetric } from '../contracts/constants';
import { resolveControls, resolveCrosshairConfig, resolveGameOptions } from './settings';

/** Parses stored JSON text; a corrupt document counts as absent (null). */
function parseJson(text: string | undefined | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Resolving a stored document (parse, merge over the defaults, clamp) costs far more than reading
 * it; the same stored text always resolves to the same document. So resolved documents are kept
 * per kind, keyed by their stored text, most recently used last, at most RESOLVED_CACHE_SIZE each.
 * They are shared, so they are deeply frozen: read them, or copy before changing (mergeDeep and
 * the resolve functions copy).
 */
const RESOLVED_CACHE_SIZE = 256;
const resolvedCaches = new Map<string, Map<string, unknown>>();

function resolveCached<T>(kind: string, text: string | null | undefined, resolve: (saved: unknown) => T): T {
  const key = text ?? '';
  let cache = resolvedCaches.get(kind);
  if (!cache) resolvedCaches.set(kind, (cache = new Map()));
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    value = deepFreeze(resolve(parseJson(text)));
    if (cache.size >= RESOLVED_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  } else {
    cache.delete(key);
  }
  cache.set(key, value);
  return value;
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/** Stored controls text -> full controls (defaults for null / corrupt). */
export const controlsOf = (text: string | null | undefined): ControlOptions => resolveCached('controls', text, resolveControls);
/** Stored game options text -> full game options (defaults for null / corrupt). */
export const gameOptionsOf = (text: string | null | undefined): GameOptions => resolveCached('game_options', text, resolveGameOptions);
/** Stored crosshair config text -> full crosshair config (defaults for null / corrupt). */
export const crosshairConfigOf = (text: string | null | undefined): CrosshairConfig => resolveCached('crosshair', text, resolveCrosshairConfig);

/** The player's `{ controls, game_options }`: saved ones merged over the defaults, clamped.
 * `userId` null (a cookieless reader) gives the defaults without a query. */
export async function loadOptions(db: Kysely<DB>, userId: number | null): Promise<{ controls: ControlOptions; game_options: GameOptions }> {
  const row = userId === null ? undefined : await db.selectFrom('game_options').selectAll().where('user_id', '=', userId).executeTakeFirst();
  // one FOV: other.fov mirrors controls.fov (src/contracts/settingsRules.ts), also for documents stored before
  return mirrorFov(controlsOf(row?.controls), gameOptionsOf(row?.game_options));
}

/** Stores the player's full controls and game options (insert or replace). */
export async function saveOptions(db: Kysely<DB>, userId: number, controls: ControlOptions, gameOptions: GameOptions): Promise<void> {
  const values = { controls: JSON.stringify(controls), game_options: JSON.stringify(gameOptions), updated_at: nowIso() };
  await db
    .insertInto('game_options')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** The player's stored setting of `type`, or `{ enabled: false, config: defaultCrosshairConfig() }`. */
export async function loadCrosshair(db: Kysely<DB>, userId: number | null, type: CrosshairType): Promise<CrosshairSetting> {
  if (userId === null) return { enabled: false, config: defaultCrosshairConfig() };
  const row = await db
    .selectFrom('crosshairs')
    .select(['enabled', 'config'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
  if (!row) return { enabled: false, config: defaultCrosshairConfig() };
  return { enabled: row.enabled === 1, config: crosshairConfigOf(row.config) };
}

/** All four stored crosshair settings of the player (defaults where none is stored). */
export async function loadAllCrosshairs(db: Kysely<DB>, userId: number): Promise<Record<CrosshairType, CrosshairSetting>> {
  const rows = await db.selectFrom('crosshairs').select(['type', 'enabled', 'config']).where('user_id', '=', userId).execute();
  const out = {} as Record<CrosshairType, CrosshairSetting>;
  for (const type of CROSSHAIR_TYPES) {
    const row = rows.find((r) => r.type === type);
    out[type] = row
      ? { enabled: row.enabled === 1, config: crosshairConfigOf(row.config) }
      : { enabled: false, config: defaultCrosshairConfig() };
  }
  return out;
}

/** Stores the player's setting of `type` (insert or replace). `setting` must already be clamped. */
export async function saveCrosshair(db: Kysely<DB>, userId: number, type: CrosshairType, setting: CrosshairSetting): Promise<void> {
  const values = { enabled: setting.enabled ? 1 : 0, config: JSON.stringify(setting.config), updated_at: nowIso() };
  await db
    .insertInto('crosshairs')
    .values({ user_id: userId, type, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet(values))
    .execute();
}

/** What gameconfig needs of one player, read in one query. */
export interface PlayerView {
  user: { id: number; premium: boolean };
  /** the player's best score on the drill asked for (`bestScore`); null when none */
  best: number | null;
  controls: ControlOptions;
  game_options: GameOptions;
  crosshairs: Record<CrosshairType, CrosshairSetting>;
}

/**
 * The player `userId` (null when there is no such user) with their controls, game options and
 * four crosshair settings (defaults where none is saved), in ONE query: the user row left-joined
 * with their game_options row and one crosshairs row per type.
 */
/** The player-view query: the user row left-joined with their game_options row and one
 * crosshairs row per type; compiled once per database (src/server/db.ts PreparedQuery). */
const PLAYER_VIEW = new PreparedQuery(
  'player view',
  (db, userId: number, drillId: number) => {
    const [a, b, c, d] = CROSSHAIR_TYPES;
    return db
      .selectFrom('users as u')
      .leftJoin('game_options as g', 'g.user_id', 'u.id')
      .leftJoin('crosshairs as x0', (j) => j.onRef('x0.user_id', '=', 'u.id').on('x0.type', '=', a))
      .leftJoin('crosshairs as x1', (j) => j.onRef('x1.user_id', '=', 'u.id').on('x1.type', '=', b))
      .leftJoin('crosshairs as x2', (j) => j.onRef('x2.user_id', '=', 'u.id').on('x2.type', '=', c))
      .leftJoin('crosshairs as x3', (j) => j.onRef('x3.user_id', '=', 'u.id').on('x3.type', '=', d))
      // an aggregate: always exactly one row
      .crossJoin(bestScoreQuery(db, userId, drillId).as('best'))
      .select([
        'u.id', 'u.premium', 'g.controls', 'g.game_options',
        'x0.enabled as e0', 'x0.config as c0', 'x1.enabled as e1', 'x1.config as c1',
        'x2.enabled as e2', 'x2.config as c2', 'x3.enabled as e3', 'x3.config as c3',
        'best.hi', 'best.lo_positive',
      ])
      .where('u.id', '=', userId);
  },
  [-9301, -9302],
  [-9401, -9402],
);

type PlayerViewRow = {
  id: number; premium: number; controls: string | null; game_options: string | null;
  e0: number | null; c0: string | null; e1: number | null; c1: string | null;
  e2: number | null; c2: string | null; e3: number | null; c3: string | null;
  hi: unknown; lo_positive: unknown;
};

const DEFAULT_CROSSHAIR_SETTING: CrosshairSetting = deepFreeze({ enabled: false, config: defaultCrosshairConfig() });

/**
 * The player `userId` (null when there is no such user) with their controls, game options, four
 * crosshair settings (defaults where none is saved) and best score on `drill`, in ONE query: the
 * user row left-joined with their game_options row and one crosshairs row per type, cross-joined
 * with `bestScoreQuery` (the same definition `bestScore` runs); compiled once per database (the
 * hot read of gameconfig). The documents are shared and frozen (see `resolveCached`).
 */
export async function loadPlayerView(db: Kysely<DB>, userId: number, drill: { id: number; metric: PrimaryMetric }): Promise<PlayerView | null> {
  const [row] = (await PLAYER_VIEW.execute(db, userId, drill.id)) as PlayerViewRow[];
  if (!row) return null;
  const [a, b, c, d] = CROSSHAIR_TYPES;
  const setting = (enabled: number | null, config: string | null): CrosshairSetting =>
    enabled === null ? DEFAULT_CROSSHAIR_SETTING : { enabled: Number(enabled) === 1, config: crosshairConfigOf(config) };
  return {
    user: { id: Number(row.id), premium: Number(row.premium) === 1 },
    best: bestOfExtremes(drill.metric, row),
    controls: controlsOf(row.controls),
    game_options: gameOptionsOf(row.game_options),
    crosshairs: {
      [a]: setting(row.e0, row.c0), [b]: setting(row.e1, row.c1), [c]: setting(row.e2, row.c2), [d]: setting(row.e3, row.c3),
    } as Record<CrosshairType, CrosshairSetting>,
  };
}

let defaultView: PlayerView | undefined;

/** The view of a reader with no player (no session cookie): every default, user id 0. Shared
 * and frozen. */
export function defaultPlayerView(): PlayerView {
  defaultView ??= deepFreeze({
    user: { id: 0, premium: false },
    best: null,
    controls: controlsOf(null),
    game_options: gameOptionsOf(null),
    crosshairs: Object.fromEntries(CROSSHAIR_TYPES.map((t) => [t, DEFAULT_CROSSHAIR_SETTING])) as Record<CrosshairType, CrosshairSetting>,
  });
  return defaultView;
}
