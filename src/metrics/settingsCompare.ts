/**
 * Settings compared at start (spec section 5, issue 19 item 4): "Settings are compared at start,
 * ignoring position, floor, tier, game-mode and audio fields."
 *
 * The client records the settings of the round's start in gameData.settings_start
 * (src/game/submission.ts `settingsSnapshot`): the player's look settings (mouse_sensitivity,
 * mouse_sensitivity_y, mouse_inverse, `fov` in degrees of `fov_type`, after the drill's lock)
 * and, under `drill`, the drill settings the round ran with (`drillSettingsOf`, the fields of
 * COMPARED_DRILL_FIELDS). `compareSettingsWithDrill` compares them with the drill's expectations:
 *
 * - 'fov_lock': `fov` (degrees) must lie within the drill's fov lock (config minFov / maxFov,
 *   DrillConfig.fovLock, spec section 5), compared as the game clamps it (src/game/fov.ts
 *   resolveFov): the number as it is, whatever its `fov_type`, so a run of an honest client
 *   never differs here. (`drillFovType` is parsed but no part of the game reads it yet; the lock
 *   is not converted between fov types.) A tolerance of 0.01 degree (the fov step, spec
 *   section 5) absorbs float noise.
 * - 'drill_changed': each field of COMPARED_DRILL_FIELDS under settings_start.drill must equal
 *   the drill's own value (numbers within 1e-9 relative).
 *
 * Never compared (the spec's ignore list; IGNORED_SETTINGS_GROUPS): position fields (positions,
 * position_mode / position_min_dist / position_max_dist, player start, offset, initialPos,
 * return position), floor, tiers, game mode (gameMode, initialSpawnAreaIndex) and audio. Keys
 * for them in settings_start are ignored; so is any key not listed. A field settings_start does
 * not carry (an older client) is not compared; a settings_start that is not an object gives no
 * differences (nothing was recorded).
 *
 * The server recomputes the differences from the stored settings_start and its own copy of the
 * drill (src/server/runs.ts) and stores them with the run; the summary shows them.
 */
import type { DrillConfig } from '../contracts/drillConfig';
import type { FovType } from '../contracts/gameOptions';

/** The spec's ignored groups (section 5), for the docs and the tests. */
export const IGNORED_SETTINGS_GROUPS = ['position', 'floor', 'tier', 'game-mode', 'audio'] as const;

/** A drill setting's value as it travels in JSON (non-finite numbers become null). */
export type SettingValue = number | string | boolean | null;

/**
 * The drill settings compared at start: name in settings_start.drill -> its value in the
 * DrillConfig (units in the names: ms, m, m/s, shots/s, degrees). None of them is a position,
 * floor, tier, game-mode or audio field.
 */
export const COMPARED_DRILL_FIELDS: Readonly<Record<string, (d: DrillConfig) => unknown>> = {
  duration_ms: (d) => d.durationMs,
  num_targets: (d) => d.numTargets,
  spawn_mode: (d) => d.spawnMode,
  spawn_order: (d) => d.spawnOrder,
  target_health: (d) => d.target.health,
  target_speed: (d) => d.target.speed,
  target_size: (d) => d.target.size,
  target_lifetime_ms: (d) => d.target.lifetimeMs,
  target_moving: (d) => d.target.moving,
  target_model: (d) => d.target.model,
  target_grow_mode: (d) => d.target.growMode,
  movement: (d) => d.movement,
  shots_per_target: (d) => d.shotsPerTarget,
  time_between_targets_ms: (d) => d.timeBetweenTargetsMs,
  weapon_automatic: (d) => d.weapon.automatic,
  weapon_fire_rate: (d) => d.weapon.fireRate,
  clip_size: (d) => d.weapon.clipSize,
  crit_dmg_multiplier: (d) => d.critDmgMultiplier,
  player_movement_speed: (d) => d.playerMovementSpeed,
  primary_metric: (d) => d.primaryMetric,
  ads_zoom: (d) => (d.ads.enabled ? d.ads.zoom : null),
  min_fov: (d) => d.fovLock.minFov,
  max_fov: (d) => d.fovLock.maxFov,
  max_fps: (d) => d.maxFps,
};

const asValue = (v: unknown): SettingValue => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  return null;
};

/** The drill settings of `drill` that settings_start.drill records (COMPARED_DRILL_FIELDS;
 * Infinity, e.g. an unlimited target lifetime, becomes null). */
export function drillSettingsOf(drill: DrillConfig): Record<string, SettingValue> {
  const out: Record<string, SettingValue> = {};
  for (const [k, get] of Object.entries(COMPARED_DRILL_FIELDS)) out[k] = asValue(get(drill));
  return out;
}

/** One setting the run started with that differs from the drill's expectation. */
export interface SettingsDifference {
  /** 'fov', or the settings_start.drill field name */
  field: string;
  /** 'fov_lock': `expected` is the lock {min, max} (degrees, a bound may be null) with the
   * run's `fov_type`; 'drill_changed': the drill's value */
  reason: 'fov_lock' | 'drill_changed';
  expected: SettingValue | { min: number | null; max: number | null; fov_type: FovType };
  /** the value the run started with (for 'fov_lock': its fov in degrees) */
  actual: SettingValue;
}

const FOV_TOLERANCE_DEG = 0.01;
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const asFovType = (v: unknown): FovType | null => (v === 'h' || v === 'v' || v === 'h4:3' ? v : null);

function sameValue(a: SettingValue, b: SettingValue): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  return a === b;
}

/**
 * The differences between `settingsStart` (gameData.settings_start) and what `drill` expects
 * (see the module comment), fov first, then the drill fields in COMPARED_DRILL_FIELDS order.
 * [] when they agree, or when nothing was recorded. Never throws.
 */
export function compareSettingsWithDrill(settingsStart: unknown, drill: DrillConfig): SettingsDifference[] {
  if (!isRecord(settingsStart)) return [];
  const out: SettingsDifference[] = [];

  const { minFov, maxFov } = drill.fovLock;
  const fov = settingsStart.fov;
  if ((minFov !== null || maxFov !== null) && typeof fov === 'number' && Number.isFinite(fov)) {
    const outside = (minFov !== null && fov < minFov - FOV_TOLERANCE_DEG) || (maxFov !== null && fov > maxFov + FOV_TOLERANCE_DEG);
    if (outside) {
      out.push({
        field: 'fov', reason: 'fov_lock',
        expected: { min: minFov, max: maxFov, fov_type: asFovType(settingsStart.fov_type) ?? 'h' },
        actual: fov,
      });
    }
  }

  const recorded = settingsStart.drill;
  if (isRecord(recorded)) {
    const expected = drillSettingsOf(drill);
    for (const field of Object.keys(COMPARED_DRILL_FIELDS)) {
      if (!(field in recorded)) continue; // not recorded (older client): not compared
      const actual = asValue(recorded[field]);
      if (!sameValue(actual, expected[field])) out.push({ field, reason: 'drill_changed', expected: expected[field], actual });
    }
  }
  return out;
}
