/**
 * Movement system: copies each live target's position to its previous position (for the
 * view's interpolation), then moves moving targets by velocity x tick (target_speed m/s) and
 * bounces them off the spawn area bounds (spec section 4; bounds are for centres, see
 * spawn/area.ts), reflecting the velocity component and mirroring the overshoot so a target
 * never leaves its area. Targets may pass through each other while moving.
 */
import { TICK_MS } from '../../contracts/constants';
import { ST_ALIVE } from '../components';
import type { GameWorld } from '../world';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

const DT = TICK_MS / 1000;

/** Reflects coordinate `p[e]` (and its velocity) back into [lo, hi]; a degenerate range pins it. */
function bounce(p: Float64Array, v: Float64Array, e: number, lo: number, hi: number): void {
  let x = p[e];
  if (x >= lo && x <= hi) return;
  if (hi <= lo) { p[e] = lo; v[e] = 0; return; }
  // at most a few reflections even for very fast targets
  for (let k = 0; k < 8; k++) {
    if (x < lo) { x = 2 * lo - x; v[e] = -v[e]; } else if (x > hi) { x = 2 * hi - x; v[e] = -v[e]; } else break;
  }
  p[e] = x < lo ? lo : x > hi ? hi : x;
}

/** Runs movement for the current tick. */
export function movementSystem(w: GameWorld): void {
  const dense = w.qTargets.dense;
  const T = w.c.Transform;
  const X = T.x, Y = T.y, Z = T.z, PX = T.px, PY = T.py, PZ = T.pz;
  const V = w.c.Velocity;
  const VX = V.x, VY = V.y, VZ = V.z;
  const st = w.c.Target.state;
  const a = w.area;
  const minX = a.minX, maxX = a.maxX, minY = a.minY, maxY = a.maxY, minZ = a.minZ, maxZ = a.maxZ;
  const moving = w.drill.target.moving;
  for (let i = 0, n = dense.length; i < n; i++) {
    const e = dense[i];
    if (st[e] !== ALIVE) continue;
    const x = X[e], y = Y[e], z = Z[e];
    PX[e] = x; PY[e] = y; PZ[e] = z;
    if (!moving) continue;
    const nx = x + VX[e] * DT, ny = y + VY[e] * DT, nz = z + VZ[e] * DT;
    X[e] = nx; Y[e] = ny; Z[e] = nz;
    // the call only when out of bounds (rare), so the common path stays inlined
    if (nx < minX || nx > maxX) bounce(X, VX, e, minX, maxX);
    if (ny < minY || ny > maxY) bounce(Y, VY, e, minY, maxY);
    if (nz < minZ || nz > maxZ) bounce(Z, VZ, e, minZ, maxZ);
  }
}
