/**
 * The typed drill config the engine runs: the gameconfig response (contracts/gameConfig.ts)
 * merged with its `config` JSON string and the defaults of spec section 9, produced by
 * `parseDrillConfig` (src/drill). Units are spelled in the names: *Ms = milliseconds,
 * sizes and distances in metres, speeds in metres per second, angles in degrees.
 *
 * The drill engine owns this type: new fields are added here as the engine learns them
 * (issue 3 adds every field of spec section 3).
 */
import type { FovType } from './gameOptions';
import type { PrimaryMetric } from './constants';

/** The spawn modes of spec section 4 (any other string is placed as 2D random). */
export const SPAWN_MODES = [
  'Original', 'Peripheral', 'Ladder', 'Oscillation', '180', 'MultiArea', 'AlternatingAreas',
  'Random3D', 'Random',
] as const;
/** One of the known spawn modes. */
export type SpawnMode = (typeof SPAWN_MODES)[number];

/** A position or vector [x, y, z] in metres (right-handed, y up). */
export type Vec3 = readonly [number, number, number];

/**
 * Movement patterns of moving targets (`movement_pattern`; see src/ecs/systems/movementSystem.ts):
 * - 'free' (also null, '' or 'random'): a seeded uniform direction (on the sphere in a 3D area,
 *   in the wall plane otherwise), bouncing off the area bounds;
 * - 'horizontal': along x only, bouncing; 'vertical': along y only, bouncing;
 * - 'depth': along z only (needs a 3D spawn area: Random3D, MultiArea, AlternatingAreas or 180);
 * - 'circle': an orbit of radius max(0.25, position_min_dist) m around the spawn point in the
 *   plane facing the player, at target_speed m/s, seeded start phase and direction;
 * - 'bounce' (issue 36, Popcorn / bouncing targets): thrown up at target_speed m/s with a seeded
 *   sideways drift, falling under `motion.gravity` m/s^2, bouncing off the floor and the walls of
 *   the area with `motion.restitution`; a floor bounce slower than half the launch speed throws
 *   the target up again at the launch speed (it never comes to rest);
 * - 'reactive' (reactive tracking): a seeded direction like 'free', replaced by a new seeded
 *   direction at seeded intervals of motion.changeMinMs..changeMaxMs;
 * - 'strafe' (humanoids): A-D strafing along x at target_speed, the direction reversed at seeded
 *   intervals of motion.changeMinMs..changeMaxMs; at each reversal a seeded jump with chance
 *   motion.jumpChance (up at motion.jumpSpeed m/s, back down under motion.gravity).
 * Any other name is a DrillConfigError. The rules: src/ecs/motionRules.ts.
 */
export const MOVEMENT_PATTERNS = ['free', 'horizontal', 'vertical', 'depth', 'circle', 'bounce', 'reactive', 'strafe'] as const;
/** One accepted movement pattern. */
export type MovementPattern = (typeof MOVEMENT_PATTERNS)[number];

/**
 * Target growth (`target_grow_mode`): 'none' (also null / ''), 'grow' (radius from minSize to
 * maxSize over the lifetime), 'shrink' (maxSize to minSize). Needs a finite target_lifetime.
 */
export const TARGET_GROW_MODES = ['none', 'grow', 'shrink'] as const;
/** One accepted grow mode. */
export type TargetGrowMode = (typeof TARGET_GROW_MODES)[number];

/**
 * Target models (spec section 9: "Target crit zones are per model"). The hit shape of every
 * model is its drawn parts (src/ecs/targetModels.ts TARGET_MODEL_SHAPES, in units of the
 * target radius r, shared with the mesh generator); the crit zone is a part the player sees:
 * - 'sphere': the sphere; crits only with config `critCore` (a drawn core: a ray passing
 *   within critRadiusFraction x r of the centre, config `critZone`, default 0.35);
 * - 'humanoid': head, torso, legs, arms (1.91 r tall: a player's 1.8 m at size 0.95); the head
 *   is the crit zone;
 * - 'plate': a thin disc facing the player (no crit zone);
 * - 'bot': a body capsule and a head sphere (the crit zone).
 * Any other model is a DrillConfigError.
 */
export const TARGET_MODELS = ['sphere', 'humanoid', 'plate', 'bot'] as const;
/** One accepted target model. */
export type TargetModel = (typeof TARGET_MODELS)[number];

/**
 * Dynamic target setting kinds (`dynamic_target_setting_type`): after each kill the setting
 * moves one step harder, after a timedOut / missed removal one step easier, within [min, max]:
 * 'size' (radius, metres; harder = smaller), 'speed' (m/s; harder = faster), 'lifetime' (ms;
 * harder = shorter). Applied to targets spawned afterwards.
 */
export const DYNAMIC_TARGET_SETTINGS = ['size', 'speed', 'lifetime'] as const;
/** One accepted dynamic setting kind. */
export type DynamicTargetSettingType = (typeof DYNAMIC_TARGET_SETTINGS)[number];

/** One dynamic target setting (`dynamic_target_setting_*` or config `adaptive`): the value
 * starts at the drill's base value and moves by `step` within [min, max] (the setting's unit:
 * metres, m/s or ms); one step harder per kill, one step easier per timedOut / missed removal,
 * and `missSteps` steps easier per shot that hits nothing (0: such shots change nothing). */
export interface DynamicTargetSetting {
  type: DynamicTargetSettingType;
  min: number;
  max: number;
  step: number;
  /** steps easier per shot that hits no target (0 = none; config `adaptive` sets
   * ADAPTIVE_MISS_STEPS / target health) */
  missSteps: number;
}

/**
 * Adaptive difficulty modes (config `adaptive`, issue 36 item 5, after Aim Lab's Circleshot
 * Precision / Speed / Standard modes): 'size' (targets smaller after kills, larger after
 * misses), 'speed' (faster / slower; needs moving targets), 'both'. They are dynamic target
 * settings (`DrillConfig.dynamicTargetSettings`) with the ADAPTIVE_* bounds below and
 * missed shots counting.
 */
export const ADAPTIVE_MODES = ['size', 'speed', 'both'] as const;
/** One adaptive mode. */
export type AdaptiveMode = (typeof ADAPTIVE_MODES)[number];
/** Adaptive size range and step, as fractions of target_size (our choice: from the base, 10
 * kills in a row reach the smallest, 0.4 x; 10 steps easier the largest, 1.6 x). */
export const ADAPTIVE_SIZE = { min: 0.4, max: 1.6, step: 0.06 } as const;
/** Adaptive speed range and step, as fractions of target_speed (our choice: 0.5 x .. 2 x,
 * steps of 0.075 x: 13 kills from the base to the fastest). */
export const ADAPTIVE_SPEED = { min: 0.5, max: 2, step: 0.075 } as const;
/** Steps easier per missed shot, times 1 / target health: a kill (health hits) is one step
 * harder, so the setting settles where kills/H = (1 - p) x 3/H per shot, i.e. at a hit rate p
 * of 75 % (our choice: Aim Lab publishes no rule). */
export const ADAPTIVE_MISS_STEPS = 3;

/**
 * Moving-target rule parameters of config `motion` (patterns 'bounce', 'reactive', 'strafe';
 * defaults in brackets): gravity m/s^2 [9.81, standard gravity], restitution 0..1 of a bounce
 * [0.8], changeMinMs / changeMaxMs: interval between direction changes, ms [250 / 900, our
 * choice: KovaaK's reactive bots change about 1-4 times a second], jumpChance 0..1 per
 * reversal [0.25], jumpSpeed m/s [4.5: a 1 m jump under 9.81 m/s^2, as a player's].
 */
export interface MotionParams {
  gravity: number;
  restitution: number;
  changeMinMs: number;
  changeMaxMs: number;
  jumpChance: number;
  jumpSpeed: number;
}
/** The defaults of `MotionParams` (see there). */
export const MOTION_DEFAULTS: MotionParams = {
  gravity: 9.81, restitution: 0.8, changeMinMs: 250, changeMaxMs: 900, jumpChance: 0.25, jumpSpeed: 4.5,
};

/** Decoy colour (view, linear 0-1 RGB): targets that must not be shot, a blue (the default
 * target colour is a red, #ff4b3e). The view uses it unless the player's target colour is close
 * to it, then DECOY_COLOUR_ALT (src/game/targetVisual.ts decoyColourFor). */
export const DECOY_COLOUR = [0.2, 0.45, 1] as const;
/** Second decoy colour (an amber), for players whose target colour is near DECOY_COLOUR. */
export const DECOY_COLOUR_ALT = [1, 0.75, 0.1] as const;
/** targets_destroyed lost per decoy hit (our choice: a decoy hit undoes a kill). */
export const DECOY_PENALTY_TARGETS = 1;

/** ADS zoom (fov divisor while ADS is held) when the drill gives none. Our choice: the spec
 * names the override and its lower bound 1 (section 5) but no default value. */
export const ADS_DEFAULT_ZOOM = 1.5;

/** One entry of the config's `targets` list (spec section 3: "targets (each with
 * properties.isPriority)"). */
export interface TargetSpec {
  /** properties.isPriority: a priority target (priority-target-first spawning) */
  isPriority: boolean;
  /** every property as given, converted */
  properties: Record<string, unknown>;
}

/** The parsed drill (see the module comment; produced by `parseDrillConfig`). */
export interface DrillConfig {
  id: number;
  name: string;
  /** HTML description */
  descriptionHtml: string;
  objective: string;
  /** round length, ms (default 60000) */
  durationMs: number;
  /** targets kept on the field (integer >= 1) */
  numTargets: number;
  /** spawn mode (spec section 4); unknown strings are kept and placed as 2D random */
  spawnMode: SpawnMode | string;
  /** 'Random' or another mode name; with spawn mode Random and >= 3 targets, 'Random' means 2D
   * random placement, anything else relative placement */
  positionMode: string;
  /** relative placement distance range from the previous target, metres (default 1..5); the
   * max also sizes the wall (spawn/area.ts) */
  positionMinDist: number;
  positionMaxDist: number;
  /** fixed or relative spawn positions (Original and relative modes) */
  positions: Vec3[];
  /** config `spawnOrder`: 'order' cycles through `positions` by spawn count, 'random' picks a free one */
  spawnOrder: 'random' | 'order';
  target: {
    /** hit points at spawn (default 1); a hit deals 1, a crit critDmgMultiplier */
    health: number;
    /** metres/second when moving (default 10) */
    speed: number;
    /** sphere radius, metres */
    size: number;
    /** scale factors; the hit sphere's radius is size x the largest factor */
    scale: Vec3;
    /** ms; Infinity when the drill gives none (targets live until killed); a given value of 0 or
     * below becomes the 200 ms fallback of spec section 9 */
    lifetimeMs: number;
    model: string;
    /** targets move and bounce inside their spawn area */
    moving: boolean;
    /** targets sit on the floor (y = radius) */
    grounded: boolean;
    facePlayer: boolean;
    /** radius of the crit zone around the centre line, as a fraction of the radius (0..1);
     * config `critZone`, default 0.35 (model 'sphere' with `critCore`) */
    critRadiusFraction: number;
    /** config `critCore` (default false): sphere targets have a drawn core of radius
     * critRadiusFraction x r, their crit zone; without it a sphere has no crits */
    critCore: boolean;
    /** health regained per second while alive (`health_regenerate_rate`), 0 = none */
    healthRegenerateRate: number;
    /** `target_colourable`: the player's target colour applies (view only; default true) */
    colourable: boolean;
    /** `target_config` JSON string, parsed and converted ({} when absent) */
    config: Record<string, unknown>;
    /** growth of the radius over the lifetime (`target_grow_mode`, default 'none') */
    growMode: TargetGrowMode;
    /** config `minSize` / `maxSize`: radius range of growing targets, metres (default
     * 0.5 x size and size) */
    minSize: number;
    maxSize: number;
  };
  /** shots a target allows before it is removed as missed; 0 = unlimited */
  shotsPerTarget: number;
  /** delay before a removed target's slot is refilled, ms (0 when absent = at once) */
  timeBetweenTargetsMs: number;
  /** multiply each delay by a seeded factor in [0.5, 1.5) */
  timeBetweenRandomise: boolean;
  /** the accepted movement pattern (see MOVEMENT_PATTERNS); the raw value when given, else
   * null. `movement` holds the normalised name. */
  movementPattern: string | null;
  /** normalised movement pattern (default 'free') */
  movement: MovementPattern;
  /** damage of a crit hit (default 1) */
  critDmgMultiplier: number;
  priorityTarget: boolean;
  /** priority targets kept alive (1..numTargets when priorityTarget, else 0) */
  numPriorityTargets: number;
  weapon: {
    /** holding fire keeps firing at fireRate */
    automatic: boolean;
    /** shots per second (default 20) */
    fireRate: number;
    /** rounds per clip; 99999 (default) = no clip */
    clipSize: number;
    clipReloadTimeMs: number;
    /** `clip_decrement_on_hit`: true = only hits use rounds (misses are free); false (default)
     * = every shot uses a round */
    clipDecrementOnHit: boolean;
    /** a kill refills the clip */
    clipReloadOnDeath: boolean;
    type: string;
  };
  /** metres/second while a movement key is held (default 4) */
  playerMovementSpeed: number;
  /** eye position at round start (default 0, 1.3, 3.5) */
  playerStart: Vec3;
  returnToCentre: boolean;
  returnPos: Vec3;
  /** return to centre: the aim counts as back within this many degrees of the eye -> returnPos
   * direction (config `returnAngle`; default DRILL_DEFAULTS.returnAngleDeg, 3) */
  returnAngleDeg: number;
  fov: number;
  fovType: FovType;
  primaryMetric: PrimaryMetric;
  thresholds: {
    targets_destroyed: number | null;
    accuracy: number | null;
    time_destroy: number | null;
    crit_hit: number | null;
  };
  /** 1 = analysis mode (bullets always tracked) */
  analysisMode: number;
  showCrosshair: boolean;
  /** ADS sensitivity multiplier (`ads_sens`, default 1) */
  adsSens: number;
  /** aim-down-sights: `ads` (default true) enables the ADS button; `zoom` (config `adsZoom` /
   * `ads_zoom`, default ADS_DEFAULT_ZOOM 1.5) divides the fov while ADS is held. A zoom below 1
   * is rejected with a warning (spec section 5) and the default is used. */
  ads: { enabled: boolean; zoom: number };
  /** game mode name (special_mode, else config gameMode.name, else 'default'); one of the
   * registry of src/ecs/gameModes */
  gameMode: string;
  /** config gameMode.initialSpawnAreaIndex (AlternatingAreas: 0 left, 1 right; default 0) */
  initialSpawnAreaIndex: number;
  /** `dynamic_target_setting_*` or config `adaptive`: the first dynamic target setting (null
   * when none) = dynamicTargetSettings[0] */
  dynamicTargetSetting: DynamicTargetSetting | null;
  /** every dynamic target setting (0, 1, or 2 with adaptive 'both': size then speed) */
  dynamicTargetSettings: DynamicTargetSetting[];
  /** config `adaptive` (null when off) */
  adaptive: AdaptiveMode | null;
  /** config `motion` with defaults (patterns 'bounce', 'reactive', 'strafe') */
  motion: MotionParams;
  /** config `decoyShare`: chance 0..0.9 that a spawn is a decoy (a target not to be shot);
   * 0 = no decoys */
  decoyShare: number;
  /** fov lock of the drill (config minFov / maxFov, degrees; null = no bound) */
  fovLock: { minFov: number | null; maxFov: number | null };
  /** config drillFovType: the fov type the drill's fov values are given in (null = fovType) */
  drillFovType: FovType | null;
  /** config multiMonitorMode (view only) */
  multiMonitorMode: boolean;
  /** `adapt_for_fov` (view only) */
  adaptForFov: boolean;
  /** `pointer_lock` (default true) */
  pointerLock: boolean;
  /** `max_fps` (default 240, spec section 9) */
  maxFps: number;
  /** `player_offset_*`: added to playerStart for the eye, metres (default 0,0,0) */
  playerOffset: Vec3;
  /** config `initialPos`: the point the aim looks at when the round starts (null = straight
   * ahead, yaw 0 / pitch 0) */
  initialPos: Vec3 | null;
  /** config `floor` (view: draw the floor; default true) */
  floor: boolean;
  /** `level_model`, `level_style` (view only; null when absent) */
  levelModel: string | null;
  levelStyle: string | null;
  /** config `tiers`: objective bar thresholds of the primary metric, in the order they are
   * reached; default [the primary metric's threshold] or [] (metrics/objective.ts) */
  tiers: number[];
  /** config `targets`: per-target properties (spawn k uses entry k mod n in order mode, a seeded
   * pick otherwise); [] when absent */
  targets: TargetSpec[];
  /** warnings produced while parsing (e.g. an ADS zoom override below 1) */
  warnings: string[];
  /** every remaining key of the `config` JSON, converted ('true' -> true, '12' -> 12) */
  extra: Record<string, unknown>;
}
