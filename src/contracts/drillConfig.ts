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
     * config `critZone`, default 0.35 */
    critRadiusFraction: number;
    /** health regained per second while alive (`health_regenerate_rate`), 0 = none */
    healthRegenerateRate: number;
  };
  /** shots a target allows before it is removed as missed; 0 = unlimited */
  shotsPerTarget: number;
  /** delay before a removed target's slot is refilled, ms (0 when absent = at once) */
  timeBetweenTargetsMs: number;
  /** multiply each delay by a seeded factor in [0.5, 1.5) */
  timeBetweenRandomise: boolean;
  /** 'horizontal', 'vertical', or anything else / null = free direction */
  movementPattern: string | null;
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
    /** a hit uses a round too (default true); false: only misses use rounds */
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
  /** every remaining key of the `config` JSON, converted ('true' -> true, '12' -> 12) */
  extra: Record<string, unknown>;
}
