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
 *   inside the wall rectangle; falls back to random2d after half the attempts.
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
import { isFree } from './overlap';

/** Tries per placement before giving up for this tick. */
export const MAX_ATTEMPTS = 32;

/** Output of a placement, metres. Reused (no allocation). */
export interface PlaceOut { x: number; y: number; z: number }

function random2d(w: GameWorld, r: number, out: PlaceOut, attempts: number): boolean {
  const a = w.area;
  for (let i = 0; i < attempts; i++) {
    const x = w.rng.range(a.minX, a.maxX);
    const y = w.rng.range(a.minY, a.maxY);
    if (isFree(w, x, y, a.cz, r)) { out.x = x; out.y = y; out.z = a.cz; return true; }
  }
  return false;
}

function relative(w: GameWorld, r: number, out: PlaceOut): boolean {
  const a = w.area;
  const sp = w.spawner;
  const ox = sp.hasLast ? sp.lastX : a.cx;
  const oy = sp.hasLast ? sp.lastY : a.cy;
  const lo = w.drill.positionMinDist, hi = w.drill.positionMaxDist;
  const half = MAX_ATTEMPTS >> 1;
  for (let i = 0; i < half; i++) {
    const d = w.rng.range(lo, hi);
    const ang = w.rng.range(0, 2 * Math.PI);
    const x = ox + d * Math.cos(ang);
    const y = oy + d * Math.sin(ang);
    if (x < a.minX || x > a.maxX || y < a.minY || y > a.maxY) continue;
    if (isFree(w, x, y, a.cz, r)) { out.x = x; out.y = y; out.z = a.cz; return true; }
  }
  return random2d(w, r, out, MAX_ATTEMPTS - half);
}

let defaultGridCache: { key: string; pts: Vec3[] } | null = null;

/** The fixed positions of an Original drill (its `positions`, else a 3x3 wall grid). */
export function originalPositions(w: GameWorld): readonly Vec3[] {
  if (w.drill.positions.length > 0) return w.drill.positions;
  const a = w.area;
  const key = `${a.cx},${a.cy},${a.cz}`;
  if (defaultGridCache && defaultGridCache.key === key) return defaultGridCache.pts;
  const pts: Vec3[] = [];
  for (let j = 1; j >= -1; j--) for (let i = -1; i <= 1; i++) pts.push([a.cx + 1.5 * i, Math.max(a.minY, a.cy + 1.5 * j), a.cz]);
  defaultGridCache = { key, pts };
  return pts;
}

function original(w: GameWorld, r: number, out: PlaceOut): boolean {
  const pts = originalPositions(w);
  const n = pts.length;
  if (w.drill.spawnOrder === 'order') {
    const start = w.spawner.count % n;
    for (let k = 0; k < n; k++) {
      const p = pts[(start + k) % n];
      if (isFree(w, p[0], p[1], p[2], r)) { out.x = p[0]; out.y = p[1]; out.z = p[2]; return true; }
    }
    return false;
  }
  // random: count free positions, then pick the k-th (one PRNG draw)
  let free = 0;
  for (let k = 0; k < n; k++) if (isFree(w, pts[k][0], pts[k][1], pts[k][2], r)) free++;
  if (free === 0) return false;
  let pick = w.rng.int(free);
  for (let k = 0; k < n; k++) {
    const p = pts[k];
    if (!isFree(w, p[0], p[1], p[2], r)) continue;
    if (pick-- === 0) { out.x = p[0]; out.y = p[1]; out.z = p[2]; return true; }
  }
  return false;
}

function area3d(w: GameWorld, r: number, out: PlaceOut): boolean {
  const a = w.area;
  let lo = a.minX, hi = a.maxX;
  if (a.alternating) {
    const mid = (a.minX + a.maxX) / 2;
    if ((a.initialArea + w.spawner.count) % 2 === 0) hi = Math.max(lo, mid - r);
    else lo = Math.min(hi, mid + r);
  }
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const x = w.rng.range(lo, hi);
    const y = w.rng.range(a.minY, a.maxY);
    const z = w.rng.range(a.minZ, a.maxZ);
    if (isFree(w, x, y, z, r)) { out.x = x; out.y = y; out.z = z; return true; }
  }
  return false;
}

function ring180(w: GameWorld, r: number, out: PlaceOut): boolean {
  const a = w.area;
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const bearing = w.rng.range(-Math.PI / 2, Math.PI / 2);
    const d = w.rng.range(a.ringMin, a.ringMax);
    const y = w.rng.range(a.minY, a.maxY);
    const x = a.eyeX + d * Math.sin(bearing);
    const z = a.eyeZ - d * Math.cos(bearing);
    if (isFree(w, x, y, z, r)) { out.x = x; out.y = y; out.z = z; return true; }
  }
  return false;
}

/** Places one target of radius `r` (metres) for the world's spawn mode; see the module comment. */
export function placeTarget(w: GameWorld, r: number, out: PlaceOut): boolean {
  switch (w.area.placement) {
    case 'original': return original(w, r, out);
    case 'relative': return relative(w, r, out);
    case 'area3d': return area3d(w, r, out);
    case 'ring180': return ring180(w, r, out);
    default: return random2d(w, r, out, MAX_ATTEMPTS);
  }
}
