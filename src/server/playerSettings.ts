/**
 * Reading and writing one player's stored settings (game options, controls, crosshairs).
 */
import type { Kysely } from 'kysely';
import { CROSSHAIR_TYPES, defaultCrosshairConfig, type CrosshairSetting, type CrosshairType } from '../contracts/crosshair';
import type { ControlOptions, GameOptions } from '../contracts/gameOptions';
import { nowIso, type DB } from './db';
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

/** The player's `{ controls, game_options }`: saved ones merged over the defaults, clamped. */
export async function loadOptions(db: Kysely<DB>, userId: number): Promise<{ controls: ControlOptions; game_options: GameOptions }> {
  const row = await db.selectFrom('game_options').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return {
    controls: resolveControls(parseJson(row?.controls)),
    game_options: resolveGameOptions(parseJson(row?.game_options)),
  };
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
export async function loadCrosshair(db: Kysely<DB>, userId: number, type: CrosshairType): Promise<CrosshairSetting> {
  const row = await db
    .selectFrom('crosshairs')
    .select(['enabled', 'config'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
  if (!row) return { enabled: false, config: defaultCrosshairConfig() };
  return { enabled: row.enabled === 1, config: resolveCrosshairConfig(parseJson(row.config)) };
}

/** All four stored crosshair settings of the player (defaults where none is stored). */
export async function loadAllCrosshairs(db: Kysely<DB>, userId: number): Promise<Record<CrosshairType, CrosshairSetting>> {
  const rows = await db.selectFrom('crosshairs').select(['type', 'enabled', 'config']).where('user_id', '=', userId).execute();
  const out = {} as Record<CrosshairType, CrosshairSetting>;
  for (const type of CROSSHAIR_TYPES) {
    const row = rows.find((r) => r.type === type);
    out[type] = row
      ? { enabled: row.enabled === 1, config: resolveCrosshairConfig(parseJson(row.config)) }
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
