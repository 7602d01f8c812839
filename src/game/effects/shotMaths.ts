/**
 * Pure maths of the shot effects (no Babylon): where a shot meets the room (bullet holes and
 * tracers), the capped bullet-hole pool, the muzzle flash's size and life, tracer life and the
 * weapon sway. Metres, ms, degrees.
 */

/** An axis-aligned room box, metres (scene.ts ROOM). */
export interface RoomBox { minX: number; maxX: number; minY: number; maxY: number; minZ: number; maxZ: number }

/** Where a ray meets the inside of the room: point (metres), surface normal (unit, pointing
 * into the room) and distance along the ray. */
export interface RoomHit { x: number; y: number; z: number; nx: number; ny: number; nz: number; t: number }

/** Unit aim direction for yaw / pitch in degrees (contracts/engine.ts: (sin θ cos φ, sin φ, −cos θ cos φ)). */
export function aimDirection(yawDeg: number, pitchDeg: number): { x: number; y: number; z: number } {
  const y = (yawDeg * Math.PI) / 180, p = (pitchDeg * Math.PI) / 180;
  return { x: Math.sin(y) * Math.cos(p), y: Math.sin(p), z: -Math.cos(y) * Math.cos(p) };
}

/**
 * The first wall, floor or ceiling a ray from `o` (inside `room`) along `d` meets: the smallest
 * positive exit distance over the three axes. Null when `o` is outside the room or `d` is zero.
 */
export function rayRoomHit(o: { x: number; y: number; z: number }, d: { x: number; y: number; z: number }, room: RoomBox): RoomHit | null {
  if (o.x < room.minX || o.x > room.maxX || o.y < room.minY || o.y > room.maxY || o.z < room.minZ || o.z > room.maxZ) return null;
  let best: RoomHit | null = null;
  const axis = (dv: number, ov: number, min: number, max: number, nSign: (side: number) => [number, number, number]): void => {
    if (dv === 0) return;
    const plane = dv > 0 ? max : min;
    const t = (plane - ov) / dv;
    if (t < 0 || (best && t >= best.t)) return;
    const n = nSign(dv > 0 ? -1 : 1);
    best = { x: o.x + d.x * t, y: o.y + d.y * t, z: o.z + d.z * t, nx: n[0], ny: n[1], nz: n[2], t };
  };
  axis(d.x, o.x, room.minX, room.maxX, (s) => [s, 0, 0]);
  axis(d.y, o.y, room.minY, room.maxY, (s) => [0, s, 0]);
  axis(d.z, o.z, room.minZ, room.maxZ, (s) => [0, 0, s]);
  return best;
}

/** Most bullet holes kept at once (our choice; the oldest is recycled). */
export const MAX_BULLET_HOLES = 48;
/** Bullet-hole decal size: edge length of the square, metres (the texture's dark core is about
 * a quarter of it; the cracks around it fill the rest). */
export const BULLET_HOLE_SIZE = 0.22;
/** Gap between a bullet hole and its surface, metres (keeps it off the wall: no z-fight). */
export const BULLET_HOLE_LIFT = 0.004;

/**
 * A fixed-capacity ring of items: `push` adds, overwriting the oldest once `capacity` is
 * reached. `forEach` visits oldest first.
 */
export class RingPool<T> {
  private readonly items: T[] = [];
  private next = 0;
  /** @param capacity most items kept (≥ 1) */
  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`capacity must be at least 1, got ${capacity}`);
  }
  /** Adds `item`; returns the recycled (dropped) item, or null. */
  push(item: T): T | null {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return null;
    }
    const old = this.items[this.next];
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
    return old;
  }
  get size(): number { return this.items.length; }
  forEach(cb: (item: T, i: number) => void): void {
    const n = this.items.length;
    const start = n < this.capacity ? 0 : this.next;
    for (let i = 0; i < n; i++) cb(this.items[(start + i) % n], i);
  }
  clear(): void { this.items.length = 0; this.next = 0; }
}

/** How long the muzzle flash shows after a shot, ms (our choice: about three 60 Hz frames). */
export const MUZZLE_FLASH_MS = 50;
/** Muzzle flash quad edge in metres per unit of visual.muzzle_flash_size (0-10, spec section 5;
 * default 6 → 0.12 m at the muzzle, about 0.6 m from the eye). */
export const MUZZLE_FLASH_M_PER_UNIT = 0.02;

/** Edge length in metres of the muzzle flash `msSinceShot` ms after a shot for setting `size`
 * (0-10; 0 = off): size × 0.02 m, shrinking to 60 % over MUZZLE_FLASH_MS, 0 after it. */
export function muzzleFlashSize(size: number | null | undefined, msSinceShot: number): number {
  const s = typeof size === 'number' && Number.isFinite(size) ? Math.max(0, Math.min(10, size)) : 6;
  if (s === 0 || !(msSinceShot >= 0) || msSinceShot >= MUZZLE_FLASH_MS) return 0;
  return s * MUZZLE_FLASH_M_PER_UNIT * (1 - 0.4 * (msSinceShot / MUZZLE_FLASH_MS));
}

/** How long a tracer shows, ms (our choice). */
export const TRACER_MS = 90;
/** Tracer speed, metres/second: the bright streak's head runs from the muzzle to the impact. */
export const TRACER_SPEED = 400;
/** Length of the tracer streak, metres. */
export const TRACER_LENGTH = 3;

/** The streak of a tracer `msSinceShot` ms after a shot whose path is `dist` metres long: the
 * [from, to] distances along the path (from ≤ to ≤ dist), or null when it is over. The tail
 * moves at TRACER_SPEED from the muzzle, the head TRACER_LENGTH ahead of it (stopped at the
 * impact); over once the tail reaches the impact or after TRACER_MS. */
export function tracerSpan(dist: number, msSinceShot: number): { from: number; to: number } | null {
  if (!(msSinceShot >= 0) || msSinceShot >= TRACER_MS || !(dist > 0)) return null;
  const tail = (TRACER_SPEED * msSinceShot) / 1000;
  if (tail >= dist) return null; // the whole streak has reached the impact
  return { from: tail, to: Math.min(dist, tail + TRACER_LENGTH) };
}

/** Sway amplitude of the weapon (visual.weapon_sway): metres per degree/second of aim speed,
 * and the most it moves (metres). */
export const SWAY_M_PER_DEG_S = 0.00012;
export const SWAY_MAX_M = 0.03;
/** Time constant of the sway's spring back, ms. */
export const SWAY_TAU_MS = 90;

/**
 * Weapon sway: the weapon lags behind the aim. Given the previous offset (metres, view x/y),
 * the aim's change in degrees (dYaw, dPitch) over `dtMs`, returns the new offset: target
 * −(speed × SWAY_M_PER_DEG_S) clamped to ±SWAY_MAX_M, approached exponentially with
 * SWAY_TAU_MS. dtMs ≤ 0 keeps the offset.
 */
export function swayStep(prev: { x: number; y: number }, dYaw: number, dPitch: number, dtMs: number): { x: number; y: number } {
  if (!(dtMs > 0)) return { x: prev.x, y: prev.y };
  const clamp = (v: number): number => Math.max(-SWAY_MAX_M, Math.min(SWAY_MAX_M, v));
  const tx = clamp(-(dYaw / (dtMs / 1000)) * SWAY_M_PER_DEG_S);
  const ty = clamp(-(dPitch / (dtMs / 1000)) * SWAY_M_PER_DEG_S);
  const k = 1 - Math.exp(-dtMs / SWAY_TAU_MS);
  return { x: prev.x + (tx - prev.x) * k, y: prev.y + (ty - prev.y) * k };
}

/**
 * Writes at `m[o..o+15]` (Babylon layout, row vectors) the matrix that maps a unit cube
 * centred on the origin onto a box of cross-section `width` × `width` metres stretched from
 * point `a` to point `b` (local z along b − a). Zero length: a zero-scale matrix at `a`.
 */
export function writeSegmentMatrix(m: Float32Array, o: number, a: { x: number; y: number; z: number },
  b: { x: number; y: number; z: number }, width: number): void {
  let dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;
  const len = Math.hypot(dx, dy, dz);
  if (!(len > 0)) {
    m.fill(0, o, o + 16);
    m[o + 12] = a.x; m[o + 13] = a.y; m[o + 14] = a.z; m[o + 15] = 1;
    return;
  }
  dx /= len; dy /= len; dz /= len;
  writeBasisMatrix(m, o, dx, dy, dz, width, width, len, (a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2);
}

/**
 * Writes at `m[o..o+15]` a matrix whose local z axis is the unit vector (zx, zy, zz), local x
 * horizontal (world up × z; world x when z is vertical), local y = z × x, scaled (sx, sy, sz)
 * and translated to (tx, ty, tz). Used for tracers (z along the path) and bullet holes (z along
 * the surface normal).
 */
export function writeBasisMatrix(m: Float32Array, o: number, zx: number, zy: number, zz: number,
  sx: number, sy: number, sz: number, tx: number, ty: number, tz: number): void {
  // x = up × z = (zz, 0, −zx)
  let xx = zz, xy = 0, xz = -zx;
  let xl = Math.hypot(xx, xy, xz);
  if (xl < 1e-6) { xx = 1; xy = 0; xz = 0; xl = 1; }
  xx /= xl; xz /= xl;
  const yx = zy * xz - zz * xy, yy = zz * xx - zx * xz, yz = zx * xy - zy * xx;
  m[o] = xx * sx; m[o + 1] = xy * sx; m[o + 2] = xz * sx; m[o + 3] = 0;
  m[o + 4] = yx * sy; m[o + 5] = yy * sy; m[o + 6] = yz * sy; m[o + 7] = 0;
  m[o + 8] = zx * sz; m[o + 9] = zy * sz; m[o + 10] = zz * sz; m[o + 11] = 0;
  m[o + 12] = tx; m[o + 13] = ty; m[o + 14] = tz; m[o + 15] = 1;
}
