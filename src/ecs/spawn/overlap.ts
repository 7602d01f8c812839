/**
 * Overlap test for spawns: a candidate sphere must keep SPAWN_MARGIN metres of clearance from
 * every live target (spec section 4 has targets as separate objects; overlapping targets would
 * make one shot ambiguous). Moving targets may pass through each other after spawning.
 * With many live targets the spatial hash of grid.ts answers; the answer is the same.
 */
import type { GameWorld } from '../world';
import { ST_ALIVE } from '../components';
import { GRID_MIN_TARGETS, gridIsFree, gridRebuild } from './grid';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

/** Clearance between two spawned spheres, metres. */
export const SPAWN_MARGIN = 0.1;

/** Linear-scan version of `isFree` (reference and small fields). O(live targets). */
export function isFreeLinear(w: GameWorld, x: number, y: number, z: number, r: number): boolean {
  const dense = w.qTargets.dense;
  const T = w.c.Transform;
  const st = w.c.Target.state;
  const rad = w.c.Target.radius;
  for (let i = 0, n = dense.length; i < n; i++) {
    const e = dense[i];
    if (st[e] !== ALIVE) continue;
    const dx = T.x[e] - x, dy = T.y[e] - y, dz = T.z[e] - z;
    const m = rad[e] + r + SPAWN_MARGIN;
    if (dx * dx + dy * dy + dz * dz < m * m) return false;
  }
  return true;
}

/** True when a sphere at (x,y,z) with radius r (metres, at most the drill's target radius)
 * would overlap no live target. */
export function isFree(w: GameWorld, x: number, y: number, z: number, r: number): boolean {
  if (w.qTargets.dense.length < GRID_MIN_TARGETS) return isFreeLinear(w, x, y, z, r);
  if (!w.grid.valid) gridRebuild(w);
  return gridIsFree(w, x, y, z, r, SPAWN_MARGIN);
}
