/**
 * The drill's fov lock (spec section 5: "Game FOV may be locked to a min/max per drill (clamped
 * to minFov and maxFov when set)"). The bounds come from the drill config's minFov / maxFov
 * (degrees, parsed and validated into `DrillConfig.fovLock`: 1..179, min <= max).
 */
import type { DrillConfig } from '../contracts/drillConfig';

/** `fovDeg` (degrees) clamped to the drill's minFov / maxFov where they are set. */
export function lockFov(fovDeg: number, lock: DrillConfig['fovLock']): number {
  let f = fovDeg;
  if (lock.minFov !== null && f < lock.minFov) f = lock.minFov;
  if (lock.maxFov !== null && f > lock.maxFov) f = lock.maxFov;
  return f;
}
