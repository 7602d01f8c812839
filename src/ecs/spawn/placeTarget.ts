/**
 * Placement of one new target for every spawn mode (spec section 4). Each placer writes the
 * position into `out` and returns true, or returns false when no free spot was found within
 * MAX_ATTEMPTS tries (spec section 8, "No spawn position available: nothing spawns"; the
 * spawner retries on the next tick). Uses only the world's seeded PRNG.
 *
 * - random2d: uniform on the wall rectangle.
 * - relative (Peripheral, Ladder, Oscillation, Random with < 3 targets or positionMode not
 *   Random): a point position_min_dist..position_max_dist metres from the previous target
 *   (the last removed one, else the wall centre) in a uniform direction on the wall plane,
 *   inside the wall rectangle; falls back to random2d after half the attempts. Oscillation
 *   (engine 'ecs-4') swings: the direction is within ±45° of horizontal, toward the other half
 *   of the wall from the previous target (right when it sat at or left of the centre), so the
 *   aim goes back and forth across the wall (drill 151's description; the spec maps the mode to
 *   relative positions and gives no more).
 * - original: the drill's fixed `positions` (world metres); spawnOrder 'order' cycles through
 *   them by spawn count (skipping occupied ones), 'random' picks a free one uniformly. With no
 *   positions given, a 3 x 3 grid on the wall (1.5 m pitch) is used.
 * - area3d (Random3D, MultiArea, AlternatingAreas): uniform in the box behind the wall;
 *   AlternatingAreas alternates the left and right half of the box by spawn count.
 * - ring180 ('180'): bearing uniform in [-90, 90] degrees, horizontal distance uniform in
 *   [10, 15] m from the eye, height uniform in the wall's height range.
 */
import type { Vec3 } from '../../contracts/drillConfig';
import type { GameWorld } from '../world';
import { CANDIDATE, isFreeAt } from './overlap';
import { sinCos } from '../detMath';

/** Tries per placement before giving up for this tick. */
export const MAX_ATTEMPTS = 32;

/** The candidate sphere of each placement test: written here, tested by isFreeAt (overlap.ts),
 * so that only a world and an array cross the call (no allocation per attempt). */
const C = CANDIDATE;

/** PRNG draws of one placement attempt (Rng.fill). */
const U = new Float64Array(3);

/** sinCos output scratch [sin, cos] (no allocation per call). */
const SC = new Float64Array(2);

/** Output of a placement: [x, y, z] in metres. A preallocated Float64Array (writing doubles
 * into an object's fields can allocate number boxes; a typed array never does). */
export type PlaceOut = Float64Array;

function random2d(w: GameWorld, out: PlaceOut, attempts: number): boolean {
  const r = PR[0];
  const a = w.area;
  for (let i = 0; i < attempts; i++) {
    w.rng.fill(U, 2); // = rng.range(minX, maxX), rng.range(minY, maxY), allocation-free
    const x = a.minX + (a.maxX - a.minX) * U[0];
    const y = a.minY + (a.maxY - a.minY) * U[1];
    C[0] = x; C[1] = y; C[2] = a.cz; C[3] = r;
    if (isFreeAt(w, C)) { out[0] = x; out[1] = y; out[2] = a.cz; return true; }
  }
  return false;
}

function relative(w: GameWorld, out: PlaceOut): boolean {
  const r = PR[0];
  const a = w.area;
  const sp = w.spawner;
  const ox = sp.hasLast ? sp.lastX : a.cx;
  const oy = sp.hasLast ? sp.lastY : a.cy;
  const lo = w.drill.positionMinDist, hi = w.drill.positionMaxDist;
  const swing = w.drill.spawnMode === 'Oscillation';
  const half = MAX_ATTEMPTS >> 1;
  for (let i = 0; i < half; i++) {
    w.rng.fill(U, 2); // = rng.range(lo, hi), rng.range(0, 2 pi)
    const d = lo + (hi - lo) * U[0];
    const ang = swing
      ? (ox > a.cx ? Math.PI : 0) + (U[1] - 0.5) * (Math.PI / 2) // ±45° toward the other half
      : 0 + (2 * Math.PI - 0) * U[1];
    sinCos(ang, SC);
    const x = ox + d * SC[1];
    const y = oy + d * SC[0];
    if (x < a.minX || x > a.maxX || y < a.minY || y > a.maxY) continue;
    C[0] = x; C[1] = y; C[2] = a.cz; C[3] = r;
    if (isFreeAt(w, C)) { out[0] = x; out[1] = y; out[2] = a.cz; return true; }
  }
  return random2d(w, out, MAX_ATTEMPTS - half);
}

let defaultGridCache: { area: GameWorld['area']; pts: Vec3[] } | null = null;

/** The fixed positions of an Original drill (its `positions`, else a 3x3 wall grid; the grid is
 * built once per spawn area, not per spawn). */
export function originalPositions(w: GameWorld): readonly Vec3[] {
  if (w.drill.positions.length > 0) return w.drill.positions;
  const a = w.area;
  if (defaultGridCache && defaultGridCache.area === a) return defaultGridCache.pts;
  const pts: Vec3[] = [];
  for (let j = 1; j >= -1; j--) for (let i = -1; i <= 1; i++) pts.push([a.cx + 1.5 * i, Math.max(a.minY, a.cy + 1.5 * j), a.cz]);
  defaultGridCache = { area: a, pts };
  return pts;
}

function original(w: GameWorld, out: PlaceOut): boolean {
  const r = PR[0];
  const pts = originalPositions(w);
  const n = pts.length;
  if (w.drill.spawnOrder === 'order') {
    const start = w.spawner.count % n;
    for (let k = 0; k < n; k++) {
      const p = pts[(start + k) % n];
      C[0] = p[0]; C[1] = p[1]; C[2] = p[2]; C[3] = r;
      if (isFreeAt(w, C)) { out[0] = p[0]; out[1] = p[1]; out[2] = p[2]; return true; }
    }
    return false;
  }
  // random: count free positions, then pick the k-th (one PRNG draw)
  let free = 0;
  for (let k = 0; k < n; k++) {
    C[0] = pts[k][0]; C[1] = pts[k][1]; C[2] = pts[k][2]; C[3] = r;
    if (isFreeAt(w, C)) free++;
  }
  if (free === 0) return false;
  let pick = w.rng.int(free);
  for (let k = 0; k < n; k++) {
    const p = pts[k];
    C[0] = p[0]; C[1] = p[1]; C[2] = p[2]; C[3] = r;
    if (!isFreeAt(w, C)) continue;
    if (pick-- === 0) { out[0] = p[0]; out[1] = p[1]; out[2] = p[2]; return true; }
  }
  return false;
}

function area3d(w: GameWorld, out: PlaceOut): boolean {
  const r = PR[0];
  const a = w.area;
  let lo = a.minX, hi = a.maxX;
  if (a.alternating) {
    const mid = (a.minX + a.maxX) / 2;
    if ((a.initialArea + w.spawner.count) % 2 === 0) hi = Math.max(lo, mid - r);
    else lo = Math.min(hi, mid + r);
  }
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    w.rng.fill(U, 3); // = rng.range of each axis
    const x = lo + (hi - lo) * U[0];
    const y = a.minY + (a.maxY - a.minY) * U[1];
    const z = a.minZ + (a.maxZ - a.minZ) * U[2];
    C[0] = x; C[1] = y; C[2] = z; C[3] = r;
    if (isFreeAt(w, C)) { out[0] = x; out[1] = y; out[2] = z; return true; }
  }
  return false;
}

function ring180(w: GameWorld, out: PlaceOut): boolean {
  const r = PR[0];
  const a = w.area;
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    w.rng.fill(U, 3); // = rng.range(-pi/2, pi/2), rng.range(ringMin, ringMax), rng.range(minY, maxY)
    const bearing = -Math.PI / 2 + (Math.PI / 2 - -Math.PI / 2) * U[0];
    const d = a.ringMin + (a.ringMax - a.ringMin) * U[1];
    const y = a.minY + (a.maxY - a.minY) * U[2];
    sinCos(bearing, SC);
    const x = a.eyeX + d * SC[0];
    const z = a.eyeZ - d * SC[1];
    C[0] = x; C[1] = y; C[2] = z; C[3] = r;
    if (isFreeAt(w, C)) { out[0] = x; out[1] = y; out[2] = z; return true; }
  }
  return false;
}

/** Places one target of radius `r` (metres) for the world's spawn mode; see the module comment. */
export function placeTarget(w: GameWorld, r: number, out: PlaceOut): boolean {
  // the radius travels in a typed array, so the placers' calls pass no boxed number (the spawn
  // path allocates nothing); this wrapper is small enough to be inlined
  PR[0] = r;
  return placeAt(w, out);
}

/** Argument scratch of the placers: the radius of the target being placed, metres. */
const PR = new Float64Array(1);

/** `placeTarget` for a target of the drill's largest radius (`targetRadius`, spawn/area.ts), the
 * spawner's case: no number crosses a call (no allocation per spawn). */
export function placeDrillTarget(w: GameWorld, out: PlaceOut): boolean {
  PR[0] = w.area.radius; // = targetRadius(w.drill), computed once per world (spawn/area.ts)
  return placeAt(w, out);
}

function placeAt(w: GameWorld, out: PlaceOut): boolean {
  switch (w.area.placement) {
    case 'original': return original(w, out);
    case 'relative': return relative(w, out);
    case 'area3d': return area3d(w, out);
    case 'ring180': return ring180(w, out);
    default: return random2d(w, out, MAX_ATTEMPTS);
  }
}
