/**
 * Business constants shared by client, engine and server.
 * Source: spec section 9 (`../shared/spec/SPEC.md`) unless stated otherwise.
 */

/** Fixed simulation rate, ticks per second (spec section 9, "fixed update rate 64"). */
export const TICK_HZ = 64;
/** Length of one tick in ms: 1000 / 64 = 15.625, exact in binary floating point. */
export const TICK_MS = 1000 / TICK_HZ;

/** Drill loaded when the page has no `id` parameter (spec section 9). */
export const DEFAULT_DRILL_ID = 134;
/** The test drill id (spec section 9, "Test game mode id 2033"): a short drill used by tests. */
export const TEST_DRILL_ID = 2033;

/**
 * Degrees the view turns per mouse count at product sensitivity 1.
 * We use the Quake/Source yaw, 0.022 deg/count (Valve source-sdk-2013 `m_yaw "0.022"`,
 * `../shared/reference/sensitivity.md` S7), so a player's CS2/Apex sensitivity carries over 1:1.
 * cm/360 = 2.54 * 360 / (dpi * YAW_DEG_PER_COUNT * sensitivity).
 */
export const YAW_DEG_PER_COUNT = 0.022;

/** Drill defaults of spec section 9. Times in ms, distances in world units (metres). */
export const DRILL_DEFAULTS = {
  durationMs: 60000,
  clipSize: 99999,
  clipReloadTimeMs: 2000,
  /** shots per second */
  weaponFireRate: 20,
  targetLifetimeMs: 200,
  timeBetweenTargetsMs: 500,
  /** the spawn interval is randomised from 0.5x to 1.5x */
  timeBetweenRandomiseMin: 0.5,
  timeBetweenRandomiseMax: 1.5,
  targetSpeed: 10,
  targetHealth: 1,
  fov: 103,
  fovType: 'h' as const,
  playerMovementSpeed: 4,
  playerStart: [0, 1.3, 3.5] as const,
  returnPos: [0, 0, -40] as const,
  /** return to centre: the aim counts as back within this many degrees of return_pos (our
   * choice of "a small angle"; config `returnAngle` overrides it) */
  returnAngleDeg: 3,
  maxFps: 240,
  critDmgMultiplier: 1,
  primaryMetric: 'targets_destroyed' as const,
  positionMinDist: 1,
  positionMaxDist: 5,
  adsSens: 1,
} as const;

/** Camera clip planes, world units (spec section 9). */
export const CAMERA_NEAR = 0.1;
export const CAMERA_FAR = 1000;

/** Countdown lengths in seconds (spec sections 4 and 9). The pre-roll ad path is disabled, so 0.5 s. */
export const COUNTDOWN_SHORT_S = 0.5;
export const COUNTDOWN_LONG_S = 10;
export const COUNTDOWN_NO_REWARD_ADS_S = 3;
/** Default countdown time of the project state machine (spec section 4). */
export const DEFAULT_COUNTDOWN_S = 2;

/** How long a hit or miss marker stays on screen, ms (spec section 9). */
export const MARKER_SHOW_MS = 50;

/** Drill sources (spec section 9). */
export const DRILL_SOURCES = [
  'academy', 'playlist', 'blog', 'trainer', 'workout', 'benchmark', 'progression', 'drills',
  'weekly', 'workshop', 'schedule', 'warmup',
] as const;
export type DrillSource = (typeof DRILL_SOURCES)[number];

/** Metrics a drill may score by (spec section 3, "Metrics"). */
export const PRIMARY_METRICS = ['targets_destroyed', 'accuracy', 'time_destroy', 'crit_hit'] as const;
export type PrimaryMetric = (typeof PRIMARY_METRICS)[number];
