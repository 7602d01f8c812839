/**
 * Drill config parsing: the gameconfig response (contracts/gameConfig.ts, spec sections 3 and 7)
 * merged with its `config` JSON string and the defaults of spec section 9, giving the typed
 * `DrillConfig` the engine runs (contracts/drillConfig.ts).
 *
 * Merge rule: a response field wins when it is present and not null; otherwise the same key in
 * the `config` JSON (snake_case name, e.g. `"target_speed": "3"`) is used; otherwise the default.
 * The config keys the engine knows (`positions`, `spawnOrder`, `critZone`, ...) are read from
 * the config; every other config key lands, converted, in `DrillConfig.extra`.
 *
 * Decisions where the spec leaves room (documented here, tested in test/unit/parseDrillConfig):
 * - `target_lifetime` null/absent: targets live until killed (`lifetimeMs = Infinity`), which is
 *   what the catalogue's clicking drills need. The spec's "target lifetime fallback 200 ms"
 *   (section 9) applies to a lifetime that is given but unusable: 0, negative or not a number.
 * - `time_between_targets` null/absent: a removed target is replaced at once (0 ms, as the
 *   grid drills need). The "spawn interval fallback 500 ms" applies to a given value that is
 *   negative or not a number. `time_between_randomise` true multiplies each interval by a
 *   seeded uniform factor in [0.5, 1.5).
 * - `shots_per_target` null/0: unlimited.
 * - unknown `spawn_mode` values are kept as given; the engine places them as 2D random
 *   (spec section 4, "Unknown modes use 2D random").
 *
 * Accepted values (anything else the engine cannot honour is a DrillConfigError naming the
 * field, at load time, never a silent no-op):
 * - target_model: 'sphere' (default) | 'humanoid' | 'plate' | 'bot' (shapes and crit zones:
 *   src/ecs/targetModels.ts); config `critCore` gives spheres a drawn crit core.
 * - movement_pattern: null / '' / 'free' / 'random' (free), 'horizontal', 'vertical', 'depth'
 *   (needs a 3D spawn mode), 'circle' (contracts/drillConfig.ts MOVEMENT_PATTERNS); 'vertical'
 *   and 'circle' cannot be grounded.
 * - target_grow_mode: null / '' / 'none', 'grow', 'shrink'; needs a finite target_lifetime;
 *   config minSize / maxSize (metres, default 0.5 x target_size and target_size), 0 < min <= max.
 * - special_mode (or config gameMode.name, or config gameMode as a string): a registered game mode (src/ecs/gameModes:
 *   'default', 'priority', 'elimination', 'sudden_death'). 'priority' turns priority targets on.
 * - spawnOrder: 'random' (default) | 'order'.
 * - numPriorityTargets given (> 0) with priority mode off: error. With it on: capped at
 *   num_targets, at least 1 (spec section 4). Priority modes turn return_to_centre off.
 * - dynamic_target_setting_enabled true needs dynamic_target_setting_type 'size' | 'speed' |
 *   'lifetime' ('lifetime' needs a finite lifetime, 'speed' moving targets, 'size' no grow
 *   mode); _min / _max / _step default to 0.5x / 2x the base value and (max - min) / 10;
 *   min <= max, step > 0.
 * - config adaptive: 'size' | 'speed' | 'both' (contracts/drillConfig.ts ADAPTIVE_MODES): the
 *   same dynamic target settings with the ADAPTIVE_SIZE / ADAPTIVE_SPEED bounds and missed
 *   shots counting (ADAPTIVE_MISS_STEPS / target_health steps easier each); 'speed' and 'both'
 *   need target_moving (and no 'circle' movement), 'size' and 'both' no grow mode; not together
 *   with dynamic_target_setting_enabled.
 * - config motion: { gravity > 0, restitution 0..1, changeMinMs <= changeMaxMs (> 0),
 *   jumpChance 0..1, jumpSpeed >= 0 } (MOTION_DEFAULTS); 'bounce' and 'reactive' cannot be
 *   grounded; 'strafe' needs no 3D area.
 * - config decoyShare: 0..0.9 (chance per spawn of a decoy).
 * - config minFov / maxFov: degrees in 1..179 with min <= max (spec section 5 fov lock).
 * - ADS zoom override (config adsZoom / ads_zoom): a number >= 1. Below 1 it is rejected with a
 *   WARNING (spec section 5), not an error: the default ADS_DEFAULT_ZOOM is used, the warning is
 *   logged (options.warn, default console.warn) and kept in `DrillConfig.warnings`.
 * - config tiers: an array of finite numbers (objective bar thresholds).
 * - config targets: an array of objects; each one's `properties.isPriority` (boolean) marks a
 *   priority target.
 * - target_config: a JSON object string.
 */
import type { GameConfigResponse } from '../contracts/gameConfig';
import {
  ADS_DEFAULT_ZOOM, DYNAMIC_TARGET_SETTINGS, MOVEMENT_PATTERNS, TARGET_GROW_MODES, TARGET_MODELS,
  ADAPTIVE_MODES, ADAPTIVE_SIZE, ADAPTIVE_SPEED, ADAPTIVE_MISS_STEPS, MOTION_DEFAULTS,
  type AdaptiveMode, type DynamicTargetSetting, type MotionParams, type DrillConfig, type DynamicTargetSettingType, type MovementPattern, type TargetGrowMode, type TargetSpec, type Vec3,
} from '../contracts/drillConfig';
import { isGameMode, gameModeNames } from '../ecs/gameModes';
import type { FovType } from '../contracts/gameOptions';
import { DRILL_DEFAULTS, PRIMARY_METRICS, type PrimaryMetric } from '../contracts/constants';

/** Thrown by `parseDrillConfig` for a drill the engine cannot run. `field` names the bad field. */
export class DrillConfigError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`Invalid drill config (${field}): ${message}`);
    this.name = 'DrillConfigError';
    this.field = field;
  }
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Converts the values of a parsed `config` JSON (spec section 3): the strings 'true'/'false'
 * become booleans and numeric strings ('12', '-0.5', '1e3', surrounding blanks allowed) become
 * numbers, recursively through arrays and objects. Other values are copied unchanged; the input
 * is not mutated. Strings like '0x10', 'Infinity', '' or '1,5' stay strings.
 */
export function convertConfigValues<T = unknown>(obj: T): T {
  return convert(obj) as T;
}

function convert(v: unknown): unknown {
  if (typeof v === 'string') {
    if (v === 'true') return true;
    if (v === 'false') return false;
    const s = v.trim();
    if (NUMERIC.test(s)) return Number(s);
    return v;
  }
  if (Array.isArray(v)) return v.map(convert);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v as Record<string, unknown>)) out[k] = convert(val);
    return out;
  }
  return v;
}

/** Options of `parseDrillConfig`. */
export interface ParseDrillOptions {
  /** receives each warning (e.g. an ADS zoom override below 1); default console.warn */
  warn?: (message: string) => void;
}

/** Config keys read into typed fields (not copied into `extra`). */
const KNOWN_CONFIG_KEYS = new Set(['positions', 'spawnOrder', 'critZone', 'critCore', 'initialPos', 'returnPos', 'adaptive', 'motion', 'decoyShare', 'returnAngle']);

type Src = Record<string, unknown>;

/** Response value if present and not null, else config value under the same key, else undefined. */
function pick(resp: Src, cfg: Src, key: string): unknown {
  const r = resp[key];
  if (r !== undefined && r !== null) return r;
  const c = cfg[key];
  return c === null ? undefined : c;
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && NUMERIC.test(v.trim())) return Number(v.trim());
  return undefined;
}

function numOr(v: unknown, dflt: number): number {
  const n = num(v);
  return n === undefined || !Number.isFinite(n) ? dflt : n;
}

function boolOr(v: unknown, dflt: boolean): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 1 || v === '1') return true;
  if (v === 'false' || v === 0 || v === '0') return false;
  return dflt;
}

function strOr(v: unknown, dflt: string): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : dflt;
}

/** A 3-vector from [x,y,z], {x,y,z} or "x,y,z"; undefined when not one. */
function vec3(v: unknown): Vec3 | undefined {
  let a: unknown[] | undefined;
  if (Array.isArray(v)) a = v;
  else if (typeof v === 'string') a = v.split(',').map((s) => s.trim());
  else if (v && typeof v === 'object') {
    const o = v as Src;
    a = [o.x, o.y, o.z];
  }
  if (!a || a.length < 3) return undefined;
  const x = num(a[0]);
  const y = num(a[1]);
  const z = num(a[2]);
  if (x === undefined || y === undefined || z === undefined) return undefined;
  if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return undefined;
  return [x, y, z];
}

function threshold(v: unknown): number | null {
  const n = num(v);
  return n === undefined || !Number.isFinite(n) ? null : n;
}

/**
 * Parses a gameconfig response into the engine's `DrillConfig` (spec sections 3 and 9).
 *
 * Units: `duration`, `target_lifetime`, `time_between_targets`, `clip_reload_time` in ms;
 * `target_size` (radius) and distances in metres; `target_speed` in m/s; `weapon_fire_rate`
 * in shots/s; `fov` in degrees. Defaults come from `DRILL_DEFAULTS` (contracts/constants.ts).
 *
 * `config` may also arrive already parsed (an object); it is converted the same way.
 *
 * @throws DrillConfigError when `config` is not valid JSON or not a JSON object, when the
 *   duration is not a positive finite number of ms, when `num_targets` is not an integer >= 1,
 *   when `target_size` / `weapon_fire_rate` are given but not positive, and for every value the
 *   engine cannot honour (see "Accepted values" in the module comment).
 */
export function parseDrillConfig(resp: GameConfigResponse, opts: ParseDrillOptions = {}): DrillConfig {
  const r = resp as unknown as Src;
  const warn = opts.warn ?? ((m: string) => console.warn(m));
  const warnings: string[] = [];
  let cfgRaw: unknown = {};
  const cfgStr = r.config;
  if (typeof cfgStr === 'string' && cfgStr.trim() !== '') {
    try {
      cfgRaw = JSON.parse(cfgStr);
    } catch (e) {
      throw new DrillConfigError('config', `not valid JSON (${(e as Error).message})`);
    }
  } else if (cfgStr !== undefined && cfgStr !== null && typeof cfgStr === 'object') {
    cfgRaw = cfgStr; // already parsed (lenient: the contract says string)
  } else if (cfgStr !== undefined && cfgStr !== null && typeof cfgStr !== 'string') {
    throw new DrillConfigError('config', 'must be a JSON string');
  }
  if (cfgRaw === null || typeof cfgRaw !== 'object' || Array.isArray(cfgRaw)) {
    throw new DrillConfigError('config', 'must be a JSON object');
  }
  const cfg = convertConfigValues(cfgRaw as Src);

  // duration (ms)
  const durRaw = pick(r, cfg, 'duration');
  let durationMs: number = DRILL_DEFAULTS.durationMs;
  if (durRaw !== undefined) {
    const d = num(durRaw);
    if (d === undefined || !Number.isFinite(d) || d <= 0) {
      throw new DrillConfigError('duration', `must be a positive number of ms, got ${JSON.stringify(durRaw)}`);
    }
    durationMs = d;
  }

  const ntRaw = pick(r, cfg, 'num_targets');
  const numTargets = num(ntRaw);
  if (numTargets === undefined || !Number.isInteger(numTargets) || numTargets < 1) {
    throw new DrillConfigError('num_targets', `must be an integer >= 1, got ${JSON.stringify(ntRaw)}`);
  }

  const sizeRaw = pick(r, cfg, 'target_size');
  const size = numOr(sizeRaw, 0.35);
  if (size <= 0) throw new DrillConfigError('target_size', `must be a positive radius in metres, got ${JSON.stringify(sizeRaw)}`);

  const frRaw = pick(r, cfg, 'weapon_fire_rate');
  const fireRate = numOr(frRaw, DRILL_DEFAULTS.weaponFireRate);
  if (fireRate <= 0) throw new DrillConfigError('weapon_fire_rate', `must be positive shots/s, got ${JSON.stringify(frRaw)}`);

  // lifetime: null/absent = until killed; given but unusable = 200 ms fallback
  const ltRaw = pick(r, cfg, 'target_lifetime');
  let lifetimeMs = Infinity;
  if (ltRaw !== undefined) {
    const lt = num(ltRaw);
    lifetimeMs = lt === undefined || !(lt > 0) ? DRILL_DEFAULTS.targetLifetimeMs : lt;
  }

  const tbRaw = pick(r, cfg, 'time_between_targets');
  let timeBetweenTargetsMs = 0;
  if (tbRaw !== undefined) {
    const tb = num(tbRaw);
    timeBetweenTargetsMs = tb === undefined || !Number.isFinite(tb) || tb < 0 ? DRILL_DEFAULTS.timeBetweenTargetsMs : tb;
  }

  let minDist = numOr(pick(r, cfg, 'position_min_dist'), DRILL_DEFAULTS.positionMinDist);
  let maxDist = numOr(pick(r, cfg, 'position_max_dist'), DRILL_DEFAULTS.positionMaxDist);
  if (minDist < 0) minDist = 0;
  if (maxDist < minDist) maxDist = minDist;

  const positions: Vec3[] = [];
  if (Array.isArray(cfg.positions)) {
    for (const p of cfg.positions) {
      const v = vec3(p);
      if (v) positions.push(v);
    }
  }

  const pm = strOr(pick(r, cfg, 'primary_metric'), DRILL_DEFAULTS.primaryMetric);
  const primaryMetric: PrimaryMetric = (PRIMARY_METRICS as readonly string[]).includes(pm)
    ? (pm as PrimaryMetric)
    : DRILL_DEFAULTS.primaryMetric;

  const ft = strOr(pick(r, cfg, 'fov_type'), DRILL_DEFAULTS.fovType);
  const fovType: FovType = ft === 'v' || ft === 'h4:3' ? ft : 'h';

  // game mode: special_mode, else config gameMode.name, else 'default'
  const gmCfg = typeof cfg.gameMode === 'string' ? { name: cfg.gameMode }
    : cfg.gameMode !== null && typeof cfg.gameMode === 'object' && !Array.isArray(cfg.gameMode) ? (cfg.gameMode as Src) : {};
  const gameMode = strOr(pick(r, cfg, 'special_mode') ?? gmCfg.name, 'default') || 'default';
  if (!isGameMode(gameMode)) {
    throw new DrillConfigError('special_mode', `unknown game mode ${JSON.stringify(gameMode)} (accepted: ${gameModeNames().join(', ')})`);
  }
  const iai = num(gmCfg.initialSpawnAreaIndex);
  const initialSpawnAreaIndex = iai !== undefined && Number.isFinite(iai) ? Math.abs(Math.trunc(iai)) % 2 : 0;

  const priorityTarget = boolOr(pick(r, cfg, 'priority_target'), false) || gameMode === 'priority';
  let numPriorityTargets = 0;
  const nptRaw = pick(r, cfg, 'numPriorityTargets');
  if (priorityTarget) {
    // spec section 4: capped at the number of targets, at least 1 when enabled
    const n = Math.floor(numOr(nptRaw, 1));
    numPriorityTargets = Math.max(1, Math.min(numTargets, n));
  } else if (nptRaw !== undefined && numOr(nptRaw, 0) > 0) {
    throw new DrillConfigError('numPriorityTargets', `a priority target count (${JSON.stringify(nptRaw)}) needs priority_target on`);
  }

  const sx = numOr(pick(r, cfg, 'target_scale_x'), 1);
  const sy = numOr(pick(r, cfg, 'target_scale_y'), 1);
  const sz = numOr(pick(r, cfg, 'target_scale_z'), 1);

  const ps = vec3([
    pick(r, cfg, 'player_start_x') ?? DRILL_DEFAULTS.playerStart[0],
    pick(r, cfg, 'player_start_y') ?? DRILL_DEFAULTS.playerStart[1],
    pick(r, cfg, 'player_start_z') ?? DRILL_DEFAULTS.playerStart[2],
  ]) ?? DRILL_DEFAULTS.playerStart;

  const returnPos = vec3(pick(r, cfg, 'return_pos')) ?? vec3(cfg.returnPos) ?? DRILL_DEFAULTS.returnPos;

  const crit = numOr(cfg.critZone, 0.35);
  const spawnOrderRaw = cfg.spawnOrder;

  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(cfg)) if (!KNOWN_CONFIG_KEYS.has(k)) extra[k] = v;
  if (cfg.initialPos !== undefined) extra.initialPos = cfg.initialPos;

  const health = numOr(pick(r, cfg, 'target_health'), DRILL_DEFAULTS.targetHealth);
  const thresholds = {
    targets_destroyed: threshold(pick(r, cfg, 'targets_destroyed_score')),
    accuracy: threshold(pick(r, cfg, 'accuracy_score')),
    time_destroy: threshold(pick(r, cfg, 'time_destroy_score')),
    crit_hit: threshold(pick(r, cfg, 'crit_hit_score')),
  };

  const spawnMode = strOr(pick(r, cfg, 'spawn_mode'), 'Random');
  const model = strOr(pick(r, cfg, 'target_model'), 'sphere');
  if (!(TARGET_MODELS as readonly string[]).includes(model)) {
    throw new DrillConfigError('target_model', `unknown model ${JSON.stringify(model)} (accepted: ${TARGET_MODELS.join(', ')})`);
  }
  const grounded = boolOr(pick(r, cfg, 'target_grounded'), false);

  const mpRaw = pick(r, cfg, 'movement_pattern');
  let movement: MovementPattern = 'free';
  if (mpRaw !== undefined && mpRaw !== '' && mpRaw !== 'free' && mpRaw !== 'random') {
    if (typeof mpRaw !== 'string' || !(MOVEMENT_PATTERNS as readonly string[]).includes(mpRaw)) {
      throw new DrillConfigError('movement_pattern', `unknown pattern ${JSON.stringify(mpRaw)} (accepted: ${MOVEMENT_PATTERNS.join(', ')}, random)`);
    }
    movement = mpRaw as MovementPattern;
  }
  if (movement === 'depth' && !['Random3D', 'MultiArea', 'AlternatingAreas', '180'].includes(spawnMode)) {
    throw new DrillConfigError('movement_pattern', `'depth' needs a 3D spawn mode (Random3D, MultiArea, AlternatingAreas, 180), got ${JSON.stringify(spawnMode)}`);
  }
  if (grounded && (movement === 'vertical' || movement === 'circle')) {
    throw new DrillConfigError('movement_pattern', `grounded targets cannot move '${movement}'`);
  }

  const gmRaw = pick(r, cfg, 'target_grow_mode');
  let growMode: TargetGrowMode = 'none';
  if (gmRaw !== undefined && gmRaw !== '') {
    if (typeof gmRaw !== 'string' || !(TARGET_GROW_MODES as readonly string[]).includes(gmRaw)) {
      throw new DrillConfigError('target_grow_mode', `unknown grow mode ${JSON.stringify(gmRaw)} (accepted: ${TARGET_GROW_MODES.join(', ')})`);
    }
    growMode = gmRaw as TargetGrowMode;
  }
  const minSize = numOr(cfg.minSize, 0.5 * size);
  const maxSize = numOr(cfg.maxSize, size);
  if (growMode !== 'none') {
    if (lifetimeMs === Infinity) {
      throw new DrillConfigError('target_grow_mode', `'${growMode}' needs a finite target_lifetime (the size changes over the lifetime)`);
    }
    if (!(minSize > 0) || !(maxSize >= minSize)) {
      throw new DrillConfigError('minSize', `needs 0 < minSize <= maxSize, got ${minSize} and ${maxSize}`);
    }
  }

  let targetConfig: Record<string, unknown> = {};
  const tcRaw = pick(r, cfg, 'target_config');
  if (typeof tcRaw === 'string' && tcRaw.trim() !== '') {
    let v: unknown;
    try { v = JSON.parse(tcRaw); } catch (e) {
      throw new DrillConfigError('target_config', `not valid JSON (${(e as Error).message})`);
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new DrillConfigError('target_config', 'must be a JSON object');
    targetConfig = convertConfigValues(v as Src);
  } else if (tcRaw !== null && typeof tcRaw === 'object' && !Array.isArray(tcRaw)) {
    targetConfig = tcRaw as Src;
  }

  if (spawnOrderRaw !== undefined && spawnOrderRaw !== null && spawnOrderRaw !== 'random' && spawnOrderRaw !== 'order') {
    throw new DrillConfigError('spawnOrder', `must be 'random' or 'order', got ${JSON.stringify(spawnOrderRaw)}`);
  }

  // dynamic target setting
  let dynamicTargetSetting: DrillConfig['dynamicTargetSetting'] = null;
  if (boolOr(pick(r, cfg, 'dynamic_target_setting_enabled'), false)) {
    const ty = pick(r, cfg, 'dynamic_target_setting_type');
    if (typeof ty !== 'string' || !(DYNAMIC_TARGET_SETTINGS as readonly string[]).includes(ty)) {
      throw new DrillConfigError('dynamic_target_setting_type', `must be one of ${DYNAMIC_TARGET_SETTINGS.join(', ')}, got ${JSON.stringify(ty)}`);
    }
    const type = ty as DynamicTargetSettingType;
    const base = type === 'size' ? size : type === 'speed' ? Math.max(0, numOr(pick(r, cfg, 'target_speed'), DRILL_DEFAULTS.targetSpeed)) : lifetimeMs;
    if (!Number.isFinite(base)) {
      throw new DrillConfigError('dynamic_target_setting_type', `'${type}' needs a finite base value (target_lifetime)`);
    }
    if (type === 'speed' && !boolOr(pick(r, cfg, 'target_moving'), false)) {
      throw new DrillConfigError('dynamic_target_setting_type', `'speed' needs moving targets (target_moving)`);
    }
    if (type === 'size' && growMode !== 'none') {
      throw new DrillConfigError('dynamic_target_setting_type', `'size' cannot be combined with target_grow_mode '${growMode}'`);
    }
    const min = numOr(pick(r, cfg, 'dynamic_target_setting_min'), 0.5 * base);
    const max = numOr(pick(r, cfg, 'dynamic_target_setting_max'), 2 * base);
    const step = numOr(pick(r, cfg, 'dynamic_target_setting_step'), (max - min) / 10);
    if (!(min <= max) || (type !== 'speed' && !(min > 0))) {
      throw new DrillConfigError('dynamic_target_setting_min', `needs ${type === 'speed' ? '' : '0 < '}min <= max, got ${min} and ${max}`);
    }
    if (!(step > 0)) throw new DrillConfigError('dynamic_target_setting_step', `must be > 0, got ${step}`);
    dynamicTargetSetting = { type, min, max, step, missSteps: 0 };
  }
  const dynamicTargetSettings: DynamicTargetSetting[] = dynamicTargetSetting ? [dynamicTargetSetting] : [];
  // adaptive difficulty (issue 36 item 5): dynamic target settings with missed shots counting
  let adaptive: AdaptiveMode | null = null;
  const adRaw = cfg.adaptive;
  if (adRaw !== undefined && adRaw !== null && adRaw !== '' && adRaw !== 'none') {
    if (typeof adRaw !== 'string' || !(ADAPTIVE_MODES as readonly string[]).includes(adRaw)) {
      throw new DrillConfigError('adaptive', `must be one of ${ADAPTIVE_MODES.join(', ')}, got ${JSON.stringify(adRaw)}`);
    }
    adaptive = adRaw as AdaptiveMode;
    if (dynamicTargetSetting) throw new DrillConfigError('adaptive', 'cannot be combined with dynamic_target_setting_enabled (adaptive is its own dynamic setting)');
    const moving = boolOr(pick(r, cfg, 'target_moving'), false);
    const missSteps = ADAPTIVE_MISS_STEPS / Math.max(1, numOr(pick(r, cfg, 'target_health'), DRILL_DEFAULTS.targetHealth));
    if (adaptive !== 'speed') {
      if (growMode !== 'none') throw new DrillConfigError('adaptive', `'${adaptive}' changes the size and cannot be combined with target_grow_mode '${growMode}'`);
      dynamicTargetSettings.push({ type: 'size', min: ADAPTIVE_SIZE.min * size, max: ADAPTIVE_SIZE.max * size, step: ADAPTIVE_SIZE.step * size, missSteps });
    }
    if (adaptive !== 'size') {
      const speed = Math.max(0, numOr(pick(r, cfg, 'target_speed'), DRILL_DEFAULTS.targetSpeed));
      if (!moving || !(speed > 0)) throw new DrillConfigError('adaptive', `'${adaptive}' changes the speed and needs moving targets (target_moving, target_speed > 0)`);
      dynamicTargetSettings.push({ type: 'speed', min: ADAPTIVE_SPEED.min * speed, max: ADAPTIVE_SPEED.max * speed, step: ADAPTIVE_SPEED.step * speed, missSteps });
    }
  }
  // moving-target rules (issue 36): config motion
  const motion: MotionParams = { ...MOTION_DEFAULTS };
  const moRaw = cfg.motion;
  if (moRaw !== undefined && moRaw !== null) {
    if (typeof moRaw !== 'object' || Array.isArray(moRaw)) throw new DrillConfigError('motion', `must be an object, got ${JSON.stringify(moRaw)}`);
    const mo = convertConfigValues(moRaw as Src);
    for (const k of Object.keys(mo)) {
      if (!(k in MOTION_DEFAULTS)) throw new DrillConfigError(`motion.${k}`, `is not a motion parameter (${Object.keys(MOTION_DEFAULTS).join(', ')})`);
      const v = num(mo[k]);
      if (v === undefined || !Number.isFinite(v)) throw new DrillConfigError(`motion.${k}`, `must be a number, got ${JSON.stringify(mo[k])}`);
      motion[k as keyof MotionParams] = v;
    }
    if (!(motion.gravity > 0)) throw new DrillConfigError('motion.gravity', `must be > 0 m/s^2, got ${motion.gravity}`);
    if (!(motion.restitution >= 0 && motion.restitution <= 1)) throw new DrillConfigError('motion.restitution', `must be in 0..1, got ${motion.restitution}`);
    if (!(motion.changeMinMs > 0 && motion.changeMinMs <= motion.changeMaxMs)) throw new DrillConfigError('motion.changeMinMs', `needs 0 < changeMinMs <= changeMaxMs, got ${motion.changeMinMs} and ${motion.changeMaxMs}`);
    if (!(motion.jumpChance >= 0 && motion.jumpChance <= 1)) throw new DrillConfigError('motion.jumpChance', `must be in 0..1, got ${motion.jumpChance}`);
    if (!(motion.jumpSpeed >= 0)) throw new DrillConfigError('motion.jumpSpeed', `must be >= 0 m/s, got ${motion.jumpSpeed}`);
  }
  if (grounded && (movement === 'bounce' || movement === 'reactive')) {
    throw new DrillConfigError('movement_pattern', `grounded targets cannot move '${movement}'`);
  }
  const dsRaw = cfg.decoyShare;
  let decoyShare = 0;
  if (dsRaw !== undefined && dsRaw !== null) {
    const v = num(dsRaw);
    if (v === undefined || !(v >= 0 && v <= 0.9)) throw new DrillConfigError('decoyShare', `must be a share in 0..0.9, got ${JSON.stringify(dsRaw)}`);
    decoyShare = v;
    if (v > 0 && !Number.isFinite(lifetimeMs)) throw new DrillConfigError('decoyShare', 'decoys need a finite target_lifetime (a decoy that is not shot must leave the field)');
  }

  // fov lock (spec section 5)
  const fovBound = (key: 'minFov' | 'maxFov'): number | null => {
    const v = cfg[key];
    if (v === undefined || v === null || v === '') return null;
    const n = num(v);
    if (n === undefined || !(n >= 1 && n <= 179)) throw new DrillConfigError(key, `must be degrees in 1..179, got ${JSON.stringify(v)}`);
    return n;
  };
  const minFov = fovBound('minFov');
  const maxFov = fovBound('maxFov');
  if (minFov !== null && maxFov !== null && minFov > maxFov) {
    throw new DrillConfigError('minFov', `minFov ${minFov} is above maxFov ${maxFov}`);
  }
  const dft = cfg.drillFovType;
  if (dft !== undefined && dft !== null && dft !== 'h' && dft !== 'v' && dft !== 'h4:3') {
    throw new DrillConfigError('drillFovType', `must be 'h', 'v' or 'h4:3', got ${JSON.stringify(dft)}`);
  }

  // ADS (spec section 5: an override below 1 is rejected with a warning)
  const zRaw = pick(r, cfg, 'ads_zoom') ?? cfg.adsZoom;
  let adsZoom = ADS_DEFAULT_ZOOM;
  if (zRaw !== undefined) {
    const z = num(zRaw);
    if (z === undefined || !Number.isFinite(z) || z < 1) {
      const msg = `drill ${String(r.id)}: ADS zoom override ${JSON.stringify(zRaw)} is below 1 or not a number; using the default ${ADS_DEFAULT_ZOOM}`;
      warnings.push(msg);
      warn(msg);
    } else {
      adsZoom = z;
    }
  }

  // objective tiers
  let tiers: number[] | null = null;
  if (cfg.tiers !== undefined && cfg.tiers !== null) {
    if (!Array.isArray(cfg.tiers) || cfg.tiers.some((t) => typeof t !== 'number' || !Number.isFinite(t))) {
      throw new DrillConfigError('tiers', 'must be an array of numbers (objective bar thresholds)');
    }
    tiers = cfg.tiers as number[];
  }

  // targets list
  const targets: TargetSpec[] = [];
  if (cfg.targets !== undefined && cfg.targets !== null) {
    if (!Array.isArray(cfg.targets)) throw new DrillConfigError('targets', 'must be an array of target objects');
    for (const t of cfg.targets) {
      if (t === null || typeof t !== 'object' || Array.isArray(t)) throw new DrillConfigError('targets', 'each entry must be an object');
      const props = (t as Src).properties;
      const properties = props !== null && typeof props === 'object' && !Array.isArray(props) ? (props as Src) : {};
      const ip = properties.isPriority;
      if (ip !== undefined && typeof ip !== 'boolean') throw new DrillConfigError('targets', `properties.isPriority must be a boolean, got ${JSON.stringify(ip)}`);
      targets.push({ isPriority: ip === true, properties });
    }
  }

  const offset = vec3([
    pick(r, cfg, 'player_offset_x') ?? 0, pick(r, cfg, 'player_offset_y') ?? 0, pick(r, cfg, 'player_offset_z') ?? 0,
  ]) ?? ([0, 0, 0] as const);
  const initialPos = cfg.initialPos !== undefined && cfg.initialPos !== null ? vec3(cfg.initialPos) ?? null : null;
  if (cfg.initialPos !== undefined && cfg.initialPos !== null && initialPos === null) {
    throw new DrillConfigError('initialPos', `must be a point [x, y, z], got ${JSON.stringify(cfg.initialPos)}`);
  }
  const optStr = (v: unknown): string | null => (typeof v === 'string' ? v : null);

  return {
    id: Math.trunc(numOr(r.id, 0)),
    name: strOr(r.name, ''),
    descriptionHtml: strOr(pick(r, cfg, 'game_type_description'), ''),
    objective: strOr(pick(r, cfg, 'objective'), ''),
    durationMs,
    numTargets,
    spawnMode,
    positionMode: strOr(pick(r, cfg, 'position_mode'), 'Random'),
    positionMinDist: minDist,
    positionMaxDist: maxDist,
    positions,
    spawnOrder: spawnOrderRaw === 'order' ? 'order' : 'random',
    target: {
      health: health > 0 ? health : DRILL_DEFAULTS.targetHealth,
      speed: Math.max(0, numOr(pick(r, cfg, 'target_speed'), DRILL_DEFAULTS.targetSpeed)),
      size,
      scale: [sx > 0 ? sx : 1, sy > 0 ? sy : 1, sz > 0 ? sz : 1],
      lifetimeMs,
      model,
      moving: boolOr(pick(r, cfg, 'target_moving'), false),
      grounded,
      facePlayer: boolOr(pick(r, cfg, 'target_face_player'), false),
      critRadiusFraction: Math.min(1, Math.max(0, crit)),
      critCore: cfg.critCore === true,
      healthRegenerateRate: Math.max(0, numOr(pick(r, cfg, 'health_regenerate_rate'), 0)),
      colourable: boolOr(pick(r, cfg, 'target_colourable'), true),
      config: targetConfig,
      growMode,
      minSize,
      maxSize,
    },
    shotsPerTarget: Math.max(0, Math.floor(numOr(pick(r, cfg, 'shots_per_target'), 0))),
    timeBetweenTargetsMs,
    timeBetweenRandomise: boolOr(pick(r, cfg, 'time_between_randomise'), false),
    movementPattern: typeof mpRaw === 'string' ? mpRaw : null,
    movement,
    critDmgMultiplier: (() => {
      const c = numOr(pick(r, cfg, 'crit_dmg_multiplier'), DRILL_DEFAULTS.critDmgMultiplier);
      return c > 0 ? c : DRILL_DEFAULTS.critDmgMultiplier;
    })(),
    priorityTarget,
    numPriorityTargets,
    weapon: {
      automatic: boolOr(pick(r, cfg, 'weapon_automatic'), false),
      fireRate,
      clipSize: (() => {
        const c = Math.floor(numOr(pick(r, cfg, 'clip_size'), DRILL_DEFAULTS.clipSize));
        return c > 0 ? c : DRILL_DEFAULTS.clipSize;
      })(),
      clipReloadTimeMs: Math.max(0, numOr(pick(r, cfg, 'clip_reload_time'), DRILL_DEFAULTS.clipReloadTimeMs)),
      clipDecrementOnHit: boolOr(pick(r, cfg, 'clip_decrement_on_hit'), false),
      clipReloadOnDeath: boolOr(pick(r, cfg, 'clip_reload_on_death'), false),
      type: strOr(pick(r, cfg, 'weapon_type'), 'pistol'),
    },
    playerMovementSpeed: Math.max(0, numOr(pick(r, cfg, 'player_movement_speed'), DRILL_DEFAULTS.playerMovementSpeed)),
    playerStart: ps,
    // spec section 4: return-to-centre is turned off with priority modes
    returnToCentre: priorityTarget ? false : boolOr(pick(r, cfg, 'return_to_centre'), false),
    returnPos,
    returnAngleDeg: Math.min(20, Math.max(0.5, numOr(cfg.returnAngle, DRILL_DEFAULTS.returnAngleDeg))),
    fov: numOr(pick(r, cfg, 'fov'), DRILL_DEFAULTS.fov),
    fovType,
    primaryMetric,
    thresholds,
    analysisMode: Math.trunc(numOr(pick(r, cfg, 'analysis_mode'), 0)),
    showCrosshair: boolOr(pick(r, cfg, 'show_crosshair'), true),
    adsSens: (() => {
      const a = numOr(pick(r, cfg, 'ads_sens'), DRILL_DEFAULTS.adsSens);
      return a > 0 ? a : DRILL_DEFAULTS.adsSens;
    })(),
    ads: { enabled: boolOr(pick(r, cfg, 'ads'), true), zoom: adsZoom },
    gameMode,
    initialSpawnAreaIndex,
    dynamicTargetSetting: dynamicTargetSettings[0] ?? null,
    dynamicTargetSettings,
    adaptive,
    motion,
    decoyShare,
    fovLock: { minFov, maxFov },
    drillFovType: (dft as DrillConfig['drillFovType']) ?? null,
    multiMonitorMode: boolOr(cfg.multiMonitorMode, false),
    adaptForFov: boolOr(pick(r, cfg, 'adapt_for_fov'), false),
    pointerLock: boolOr(pick(r, cfg, 'pointer_lock'), true),
    maxFps: (() => {
      const m = numOr(pick(r, cfg, 'max_fps'), DRILL_DEFAULTS.maxFps);
      return m > 0 ? m : DRILL_DEFAULTS.maxFps;
    })(),
    playerOffset: offset,
    initialPos,
    floor: boolOr(cfg.floor, true),
    levelModel: optStr(pick(r, cfg, 'level_model')),
    levelStyle: optStr(pick(r, cfg, 'level_style')),
    tiers: tiers ?? (thresholds[primaryMetric] !== null ? [thresholds[primaryMetric] as number] : []),
    targets,
    warnings,
    extra,
  };
}
