/**
 * Movement rules of issue 36 (contracts/drillConfig.ts MOVEMENT_PATTERNS 'bounce', 'reactive',
 * 'strafe'; parameters `drill.motion`, config `motion`). Called by the spawn system
 * (`startRuleMotion`, once per spawn of a moving target with one of these patterns) and by the
 * movement system (`moveByRule`, once per tick per live target), in the engine's tick order, with
 * every random draw from the world's seeded PRNG: a replay reproduces them exactly.
 *
 * - 'bounce' (Popcorn, bouncing targets): thrown up at the launch speed s (the target speed at
 *   spawn) with a seeded sideways drift of up to 0.35 s along x (and z in a 3D area); each tick
 *   v.y -= g dt, then p += v dt (semi-implicit Euler, dt = one tick). Walls and ceiling of the
 *   spawn area reflect the velocity component; the floor (area minY) reflects v.y x restitution
 *   and a bounce slower than s / 2 is thrown up again at s.
 * - 'reactive' (reactive tracking): a seeded uniform direction (on the sphere in a 3D area, in
 *   the wall plane otherwise) at speed s, bouncing off the area like 'free'; at seeded intervals
 *   in [changeMinMs, changeMaxMs) a new seeded direction at the same speed.
 * - 'strafe' (A-D strafing humanoids): along x at s, seeded sign, reflected at the area's sides;
 *   at seeded intervals in [changeMinMs, changeMaxMs) the direction reverses and, when standing,
 *   the target jumps with chance jumpChance (v.y = jumpSpeed, falling back under g to the
 *   height it spawned at, `Motion.baseY`).
 * Units: metres, m/s, m/s^2, ms.
 */
import { TICK_MS } from '../contracts/constants';
import type { GameWorld } from './world';
import { sinCos } from './detMath';

const DT = TICK_MS / 1000;
/** Largest sideways drift of a 'bounce' launch, as a fraction of the launch speed (our choice). */
export const BOUNCE_DRIFT = 0.35;
/** sinCos scratch [sin, cos]. */
const SC = new Float64Array(2);

/** True for the patterns these rules move. */
export function isRulePattern(p: string): boolean {
  return p === 'bounce' || p === 'reactive' || p === 'strafe';
}

/** Sets a uniform seeded direction at speed `s` on target `e` (3D when the area has depth). */
function randomDirection(w: GameWorld, e: number, s: number): void {
  const V = w.c.Velocity;
  if (w.area.minZ < w.area.maxZ) {
    const u = w.rng.range(-1, 1);
    const ang = w.rng.range(0, 2 * Math.PI);
    const q = Math.sqrt(1 - u * u);
    sinCos(ang, SC);
    V.x[e] = s * q * SC[1]; V.y[e] = s * u; V.z[e] = s * q * SC[0];
  } else {
    sinCos(w.rng.range(0, 2 * Math.PI), SC);
    V.x[e] = s * SC[1]; V.y[e] = s * SC[0]; V.z[e] = 0;
  }
  if (w.area.minY >= w.area.maxY) V.y[e] = 0;
}

/** Starts the motion of newly spawned target `e` (its position already placed) at speed `s` m/s
 * and round time `tMs`: velocity by pattern, `Motion.nextMs` (next direction change) and the
 * launch speed (`Motion.launch`, 'bounce'). */
export function startRuleMotion(w: GameWorld, e: number, s: number, tMs: number): void {
  const d = w.drill;
  const V = w.c.Velocity;
  const M = w.c.Motion;
  const m = d.motion;
  if (d.movement === 'bounce') {
    V.x[e] = w.rng.range(-BOUNCE_DRIFT, BOUNCE_DRIFT) * s;
    V.z[e] = w.area.minZ < w.area.maxZ ? w.rng.range(-BOUNCE_DRIFT, BOUNCE_DRIFT) * s : 0;
    V.y[e] = s;
    M.launch[e] = s;
    return;
  }
  if (d.movement === 'reactive') randomDirection(w, e, s);
  else V.x[e] = w.rng.next() < 0.5 ? -s : s; // strafe
  M.nextMs[e] = tMs + w.rng.range(m.changeMinMs, m.changeMaxMs);
}

/** Reflects coordinate `p[e]` (metres) into [lo, hi] and flips its velocity `v[e]` (m/s), at most
 * 8 reflections even for very fast targets; a degenerate range (hi <= lo) pins it at lo with no
 * velocity. The one wall rule of every moving target (movementSystem's straight movers and the
 * rule patterns here). */
export function reflect(p: Float64Array, v: Float64Array, e: number, lo: number, hi: number): void {
  let x = p[e];
  if (x >= lo && x <= hi) return;
  if (hi <= lo) { p[e] = lo; v[e] = 0; return; }
  for (let k = 0; k < 8; k++) {
    if (x < lo) { x = 2 * lo - x; v[e] = -v[e]; } else if (x > hi) { x = 2 * hi - x; v[e] = -v[e]; } else break;
  }
  p[e] = x < lo ? lo : x > hi ? hi : x;
}

/** Moves live target `e` by its pattern's rule for the tick ending at round time `endMs`. */
export function moveByRule(w: GameWorld, e: number, endMs: number): void {
  const d = w.drill;
  const m = d.motion;
  const T = w.c.Transform, V = w.c.Velocity, M = w.c.Motion;
  const a = w.area;
  const X = T.x, Y = T.y, Z = T.z, VX = V.x, VY = V.y, VZ = V.z;
  if (d.movement === 'bounce') {
    VY[e] -= m.gravity * DT;
    X[e] += VX[e] * DT; Y[e] += VY[e] * DT; Z[e] += VZ[e] * DT;
    reflect(X, VX, e, a.minX, a.maxX);
    reflect(Z, VZ, e, a.minZ, a.maxZ);
    if (Y[e] > a.maxY) { Y[e] = 2 * a.maxY - Y[e]; VY[e] = -Math.abs(VY[e]); }
    if (Y[e] < a.minY) {
      Y[e] = 2 * a.minY - Y[e];
      const launch = M.launch[e];
      let vy = Math.abs(VY[e]) * m.restitution;
      if (vy < 0.5 * launch) vy = launch;
      VY[e] = vy;
      if (Y[e] < a.minY || Y[e] > a.maxY) Y[e] = a.minY;
    }
    return;
  }
  if (endMs >= M.nextMs[e]) {
    if (d.movement === 'reactive') {
      const s = Math.sqrt(VX[e] * VX[e] + VY[e] * VY[e] + VZ[e] * VZ[e]);
      randomDirection(w, e, s);
    } else {
      VX[e] = -VX[e];
      const jump = w.rng.next() < m.jumpChance;
      if (jump && Y[e] <= M.baseY[e]) VY[e] = m.jumpSpeed;
    }
    M.nextMs[e] += w.rng.range(m.changeMinMs, m.changeMaxMs);
  }
  X[e] += VX[e] * DT;
  if (d.movement === 'reactive') {
    Y[e] += VY[e] * DT; Z[e] += VZ[e] * DT;
    reflect(X, VX, e, a.minX, a.maxX);
    reflect(Y, VY, e, a.minY, a.maxY);
    reflect(Z, VZ, e, a.minZ, a.maxZ);
    return;
  }
  // strafe: sideways within the area, jumps under gravity down to the spawn height
  reflect(X, VX, e, a.minX, a.maxX);
  if (VY[e] !== 0 || Y[e] > M.baseY[e]) {
    VY[e] -= m.gravity * DT;
    Y[e] += VY[e] * DT;
    if (Y[e] <= M.baseY[e]) { Y[e] = M.baseY[e]; VY[e] = 0; }
  }
}
