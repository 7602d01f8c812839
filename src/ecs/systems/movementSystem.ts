/**
 * Movement system: copies each live target's position to its previous position (for the
 * view's interpolation), then moves moving targets by velocity x tick (target_speed m/s) and
 * bounces them off the spawn area bounds (spec section 4; bounds are for centres, see
 * spawn/area.ts), reflecting the velocity component and mirroring the overshoot so a target
 * never leaves its area. Targets may pass through each other while moving.
 * Patterns (contracts/drillConfig.ts MOVEMENT_PATTERNS): free / horizontal / vertical / depth
 * move along their velocity (set at spawn); 'circle' targets orbit their spawn point:
 * phase += omega x dt, position = centre + R (cos phase, sin phase, 0) (not bounded by the area).
 * Growing targets (target_grow_mode): radius = r0 + (r1 - r0) x clamp(age / lifetime, 0, 1) at
 * the tick's end time (`radiusAt`, also used by the hit test at the shot's time).
 * Grounded targets keep y = their current radius (they sit on the floor y = 0).
 * 'bounce', 'reactive' and 'strafe' targets move by src/ecs/motionRules.ts `moveByRule`.
 */
import { TICK_MS } from '../../contracts/constants';
import { ST_ALIVE } from '../components';
import type { GameWorld } from '../world';
import { sinCos } from '../detMath';
import { isRulePattern, moveByRule, reflect } from '../motionRules';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

const DT = TICK_MS / 1000;

/** sinCos output scratch [sin, cos] (no allocation per call). */
const SC = new Float64Array(2);

/** Radius of target `e` at round time `tMs`, metres (growing targets change it over their
 * lifetime; others return their fixed radius). */
export function radiusAt(w: GameWorld, e: number, tMs: number): number {
  const G = w.c.Grow;
  const r0 = G.r0[e], r1 = G.r1[e];
  if (r0 === r1) return r0;
  const total = w.c.Lifetime.totalMs[e];
  let f = (tMs - w.c.Target.spawnMs[e]) / total;
  if (!(f > 0)) f = 0; else if (f > 1) f = 1;
  return r0 + (r1 - r0) * f;
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
  const growing = w.drill.target.growMode !== 'none';
  const grounded = w.drill.target.grounded;
  const circle = w.drill.movement === 'circle';
  const rule = isRulePattern(w.drill.movement); // 'bounce', 'reactive', 'strafe': motionRules.ts
  const endMs = (w.tick + 1) * TICK_MS;
  const rad = w.c.Target.radius;
  const O = w.c.Orbit;
  for (let i = 0, n = dense.length; i < n; i++) {
    const e = dense[i];
    if (st[e] !== ALIVE) continue;
    const x = X[e], y = Y[e], z = Z[e];
    PX[e] = x; PY[e] = y; PZ[e] = z;
    if (growing) {
      rad[e] = radiusAt(w, e, endMs);
      if (grounded) Y[e] = rad[e];
    }
    if (!moving) continue;
    if (rule) { moveByRule(w, e, endMs); continue; }
    if (circle) {
      const R = O.radius[e];
      if (R > 0) {
        const ph = O.phase[e] + O.omega[e] * DT;
        O.phase[e] = ph;
        sinCos(ph, SC);
        X[e] = O.cx[e] + R * SC[1];
        Y[e] = O.cy[e] + R * SC[0];
      }
      continue;
    }
    const nx = x + VX[e] * DT, ny = y + VY[e] * DT, nz = z + VZ[e] * DT;
    X[e] = nx; Y[e] = ny; Z[e] = nz;
    // the call only when out of bounds (rare), so the common path stays inlined
    if (nx < minX || nx > maxX) reflect(X, VX, e, minX, maxX);
    if (ny < minY || ny > maxY) reflect(Y, VY, e, minY, maxY);
    if (nz < minZ || nz > maxZ) reflect(Z, VZ, e, minZ, maxZ);
    if (grounded) Y[e] = rad[e];
  }
}
