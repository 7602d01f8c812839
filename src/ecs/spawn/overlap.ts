/**
 * Overlap test for spawns: a candidate sphere must keep SPAWN_MARGIN metres of clearance from
 * every live target (spec section 4 has targets as separate objects; overlapping targets would
 * make one shot ambiguous). Moving targets may pass through each other after spawning.
 * With many live targets the spatial hash of grid.ts answers; the answer is the same.
 */
import type { GameWorld } from '../world';
import { ST_ALIVE } from '../components';
import { GRID_MIN_TARGETS, gridIsFreeAt, gridRebuild } from './grid';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

/** Clearance between two spawned spheres, metres. */
export const SPAWN_MARGIN = 0.1;

/** The candidate sphere of `isFree` [x, y, z, r] (metres): the workers read it from here, so
 * the calls of the spawn path pass no boxed numbers (no allocation per placement attempt). */
export const CANDIDATE = new Float64Array(4);
const CAND = CANDIDATE;

/** Linear-scan version of `isFree` (reference and small fields). O(live targets). */
export function isFreeLinear(w: GameWorld, x: number, y: number, z: number, r: number): boolean {
  CAND[0] = x; CAND[1] = y; CAND[2] = z; CAND[3] = r;
  return linearAt(w, CAND);
}

function linearAt(w: GameWorld, c: Float64Array): boolean {
  const x = c[0], y = c[1], z = c[2], r = c[3];
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
  CAND[0] = x; CAND[1] = y; CAND[2] = z; CAND[3] = r;
  return isFreeAt(w, CAND);
}

/** `isFree` for the sphere [x, y, z, r] in `c` (e.g. CANDIDATE): the placers write the candidate
 * there and call this, so no number crosses a call whatever the compiler inlines. */
export function isFreeAt(w: GameWorld, c: Float64Array): boolean {
  if (w.qTargets.dense.length < GRID_MIN_TARGETS) return linearAt(w, c);
  if (!w.grid.valid) gridRebuild(w);
  return gridIsFreeAt(w, c, SPAWN_MARGIN);
}
