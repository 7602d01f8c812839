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
 */
import type { GameConfigResponse } from '../contracts/gameConfig';
import type { DrillConfig, Vec3 } from '../contracts/drillConfig';
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

/** Config keys read into typed fields (not copied into `extra`). */
const KNOWN_CONFIG_KEYS = new Set(['positions', 'spawnOrder', 'critZone', 'initialPos', 'returnPos']);

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
 *   or when `target_size` / `weapon_fire_rate` are given but not positive.
 */
export function parseDrillConfig(resp: GameConfigResponse): DrillConfig {
  const r = resp as unknown as Src;
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

  const priorityTarget = boolOr(pick(r, cfg, 'priority_target'), false);
  let numPriorityTargets = 0;
  if (priorityTarget) {
    // spec section 4: capped at the number of targets, at least 1 when enabled
    const n = Math.floor(numOr(pick(r, cfg, 'numPriorityTargets'), 1));
    numPriorityTargets = Math.max(1, Math.min(numTargets, n));
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

  return {
    id: Math.trunc(numOr(r.id, 0)),
    name: strOr(r.name, ''),
    descriptionHtml: strOr(pick(r, cfg, 'game_type_description'), ''),
    objective: strOr(pick(r, cfg, 'objective'), ''),
    durationMs,
    numTargets,
    spawnMode: strOr(pick(r, cfg, 'spawn_mode'), 'Random'),
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
      model: strOr(pick(r, cfg, 'target_model'), 'sphere'),
      moving: boolOr(pick(r, cfg, 'target_moving'), false),
      grounded: boolOr(pick(r, cfg, 'target_grounded'), false),
      facePlayer: boolOr(pick(r, cfg, 'target_face_player'), false),
      critRadiusFraction: Math.min(1, Math.max(0, crit)),
      healthRegenerateRate: Math.max(0, numOr(pick(r, cfg, 'health_regenerate_rate'), 0)),
    },
    shotsPerTarget: Math.max(0, Math.floor(numOr(pick(r, cfg, 'shots_per_target'), 0))),
    timeBetweenTargetsMs,
    timeBetweenRandomise: boolOr(pick(r, cfg, 'time_between_randomise'), false),
    movementPattern: (() => {
      const m = pick(r, cfg, 'movement_pattern');
      return typeof m === 'string' ? m : null;
    })(),
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
      clipDecrementOnHit: boolOr(pick(r, cfg, 'clip_decrement_on_hit'), true),
      clipReloadOnDeath: boolOr(pick(r, cfg, 'clip_reload_on_death'), false),
      type: strOr(pick(r, cfg, 'weapon_type'), 'pistol'),
    },
    playerMovementSpeed: Math.max(0, numOr(pick(r, cfg, 'player_movement_speed'), DRILL_DEFAULTS.playerMovementSpeed)),
    playerStart: ps,
    returnToCentre: priorityTarget ? false : boolOr(pick(r, cfg, 'return_to_centre'), false),
    returnPos,
    fov: numOr(pick(r, cfg, 'fov'), DRILL_DEFAULTS.fov),
    fovType,
    primaryMetric,
    thresholds: {
      targets_destroyed: threshold(pick(r, cfg, 'targets_destroyed_score')),
      accuracy: threshold(pick(r, cfg, 'accuracy_score')),
      time_destroy: threshold(pick(r, cfg, 'time_destroy_score')),
      crit_hit: threshold(pick(r, cfg, 'crit_hit_score')),
    },
    analysisMode: Math.trunc(numOr(pick(r, cfg, 'analysis_mode'), 0)),
    showCrosshair: boolOr(pick(r, cfg, 'show_crosshair'), true),
    adsSens: (() => {
      const a = numOr(pick(r, cfg, 'ads_sens'), DRILL_DEFAULTS.adsSens);
      return a > 0 ? a : DRILL_DEFAULTS.adsSens;
    })(),
    extra,
  };
}
