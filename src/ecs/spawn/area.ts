/**
 * Spawn areas: where each spawn mode places targets and where moving targets bounce
 * (spec section 4, "Spawn mode maps to placement"). World frame: metres, y up, the player at
 * `playerStart` (default 0, 1.3, 3.5) looking along -z.
 *
 * - wall: a vertical rectangle in the plane z = playerStart.z - 13.5 (z = -10 by default),
 *   centred on the eye height, half-width max(2, position_max_dist), half-height
 *   max(1.2, 0.6 * position_max_dist), never below the floor (y >= radius + 0.05).
 * - box: the wall rectangle extruded back 5 m (z from -15 to -10 by default): Random3D,
 *   MultiArea, AlternatingAreas. AlternatingAreas splits the box into a left and a right half
 *   and alternates between them by spawn count, starting with the half given by the config's
 *   `gameMode.initialSpawnAreaIndex` (0 left, 1 right; default 0).
 * - ring: '180': a half ring around the player, horizontal distance 10..15 m, bearing -90..90
 *   degrees; moving targets bounce in its bounding box (kept at least 3 m in front of the eye).
 * Bounds are for target centres (the radius is already taken off).
 */
import type { DrillConfig } from '../../contracts/drillConfig';

/** How a spawn mode places a target. */
export type Placement = 'random2d' | 'relative' | 'original' | 'area3d' | 'ring180';

/** Distance from the eye to the wall plane, metres. */
export const WALL_DISTANCE = 13.5;
/** Depth of the 3D box behind the wall plane, metres. */
export const BOX_DEPTH = 5;

/** The placement and movement area of a drill. All values in metres. */
export interface SpawnArea {
  placement: Placement;
  /** the target radius used for the bounds (target_size x largest scale) */
  radius: number;
  /** centre bounds: spawns and moving targets stay inside */
  minX: number; maxX: number; minY: number; maxY: number; minZ: number; maxZ: number;
  /** wall plane centre (relative modes start here) */
  cx: number; cy: number; cz: number;
  /** '180' ring: horizontal distance range from the eye and the eye position */
  ringMin: number; ringMax: number; eyeX: number; eyeZ: number;
  /** AlternatingAreas: alternate between the left (0) and right (1) half of the box */
  alternating: boolean;
  /** the half used by the first spawn (AlternatingAreas) */
  initialArea: number;
}

/**
 * Maps a spawn mode to its placement (spec section 4): Original -> original (fixed positions);
 * Peripheral, Ladder, Oscillation -> relative; 180 -> ring180; MultiArea, AlternatingAreas,
 * Random3D -> area3d (random spot in the area); Random -> random2d when numTargets >= 3 and
 * positionMode is 'Random', otherwise relative; any other mode -> random2d.
 */
export function placementFor(spawnMode: string, numTargets: number, positionMode: string): Placement {
  switch (spawnMode) {
    case 'Original': return 'original';
    case 'Peripheral': case 'Ladder': case 'Oscillation': return 'relative';
    case '180': return 'ring180';
    case 'MultiArea': case 'AlternatingAreas': case 'Random3D': return 'area3d';
    case 'Random': return numTargets >= 3 && positionMode === 'Random' ? 'random2d' : 'relative';
    default: return 'random2d';
  }
}

/** The largest of the target scale factors. */
export function scaleFactor(drill: DrillConfig): number {
  const s = drill.target.scale;
  return Math.max(s[0], s[1], s[2]);
}

/** Largest target sphere radius of the drill in metres: target_size (or, for growing targets,
 * the larger of minSize/maxSize; with a dynamic size setting, its max) x the largest of the
 * scale factors. Spawn clearance and area bounds use it. */
export function targetRadius(drill: DrillConfig): number {
  let size = drill.target.size;
  if (drill.target.growMode !== 'none') size = Math.max(drill.target.minSize, drill.target.maxSize);
  for (const dyn of drill.dynamicTargetSettings) if (dyn.type === 'size') size = Math.max(size, dyn.max);
  return size * scaleFactor(drill);
}

function initialAreaIndex(drill: DrillConfig): number {
  const v = drill.initialSpawnAreaIndex;
  return typeof v === 'number' && Number.isFinite(v) ? Math.abs(Math.trunc(v)) % 2 : 0;
}

/** Computes the spawn/movement area of a drill (see the module comment for the shapes). */
export function computeSpawnArea(drill: DrillConfig): SpawnArea {
  const placement = placementFor(String(drill.spawnMode), drill.numTargets, drill.positionMode);
  const r = targetRadius(drill);
  const [ex, ey, ez] = drill.playerStart;
  const halfW = Math.max(2, drill.positionMaxDist);
  const halfH = Math.max(1.2, 0.6 * drill.positionMaxDist);
  const wallZ = ez - WALL_DISTANCE;
  const floorY = r + 0.05;
  let minY = Math.max(floorY, ey - halfH);
  let maxY = Math.max(minY, ey + halfH);
  if (drill.target.grounded) { minY = r; maxY = r; }
  const a: SpawnArea = {
    placement, radius: r,
    minX: ex - halfW, maxX: ex + halfW, minY, maxY, minZ: wallZ, maxZ: wallZ,
    cx: ex, cy: Math.min(maxY, Math.max(minY, ey)), cz: wallZ,
    ringMin: 10, ringMax: 15, eyeX: ex, eyeZ: ez,
    alternating: String(drill.spawnMode) === 'AlternatingAreas',
    initialArea: initialAreaIndex(drill),
  };
  if (placement === 'area3d') {
    a.minZ = wallZ - BOX_DEPTH;
    a.maxZ = wallZ;
  } else if (placement === 'ring180') {
    a.minX = ex - a.ringMax; a.maxX = ex + a.ringMax;
    a.minZ = ez - a.ringMax; a.maxZ = ez - 3;
  }
  return a;
}
