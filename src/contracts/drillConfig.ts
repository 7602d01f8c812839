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

export const SPAWN_MODES = [
  'Original', 'Peripheral', 'Ladder', 'Oscillation', '180', 'MultiArea', 'AlternatingAreas',
  'Random3D', 'Random',
] as const;
export type SpawnMode = (typeof SPAWN_MODES)[number];

export type Vec3 = readonly [number, number, number];

export interface DrillConfig {
  id: number;
  name: string;
  /** HTML description */
  descriptionHtml: string;
  objective: string;
  durationMs: number;
  numTargets: number;
  spawnMode: SpawnMode | string;
  positionMode: string;
  positionMinDist: number;
  positionMaxDist: number;
  /** fixed or relative spawn positions (Original and relative modes) */
  positions: Vec3[];
  /** config `spawnOrder`: 'order' cycles through `positions` by spawn count, 'random' picks a free one */
  spawnOrder: 'random' | 'order';
  target: {
    health: number;
    speed: number;
    /** sphere radius, metres */
    size: number;
    scale: Vec3;
    /** ms; Infinity when the drill gives none and targets live until killed */
    lifetimeMs: number;
    model: string;
    moving: boolean;
    grounded: boolean;
    facePlayer: boolean;
    /** radius of the crit zone around the centre line, as a fraction of the radius (0..1);
     * config `critZone`, default 0.35 */
    critRadiusFraction: number;
    /** health regained per second while alive (`health_regenerate_rate`), 0 = none */
    healthRegenerateRate: number;
  };
  shotsPerTarget: number;
  timeBetweenTargetsMs: number;
  timeBetweenRandomise: boolean;
  movementPattern: string | null;
  critDmgMultiplier: number;
  priorityTarget: boolean;
  numPriorityTargets: number;
  weapon: {
    automatic: boolean;
    fireRate: number;
    clipSize: number;
    clipReloadTimeMs: number;
    clipDecrementOnHit: boolean;
    clipReloadOnDeath: boolean;
    type: string;
  };
  playerMovementSpeed: number;
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
  analysisMode: number;
  showCrosshair: boolean;
  /** ADS sensitivity multiplier (`ads_sens`, default 1) */
  adsSens: number;
  /** every remaining key of the `config` JSON, converted ('true' -> true, '12' -> 12) */
  extra: Record<string, unknown>;
}
