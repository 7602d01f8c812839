/**
 * Spatial hash of the live targets, used by the spawn overlap test (overlap.ts) so that placing a
 * target costs O(targets nearby) instead of O(all live targets): at 10000 targets a refill
 * would otherwise scan every target per attempt.
 *
 * Cells are cubes of side 2 x radius + SPAWN_MARGIN (every target of a drill has the same
 * radius), so two spheres that overlap (with the margin) are at most one cell apart on each
 * axis and a query visits the 27 neighbouring cells. Cells are hashed into a power-of-two table
 * of chains (`head` per bucket, `next` per entity id); collisions only add candidates, the exact
 * distance test decides, so the answer is identical to the linear scan (deterministic).
 * The grid is rebuilt from the live query when a spawn pass starts (targets move) and each new
 * target is inserted as it spawns. Typed arrays only; no allocation after growth.
 *
 * The grid also keeps the range of cell indices its targets occupy on each axis (`lo`, `hi`):
 * a query visits only the neighbouring cells inside that range (issue 38 item 4). On a wall
 * drill every target sits in one z layer, so a placement attempt visits 9 cells, not 27; the
 * cells skipped hold no target, so the answer is the same.
 */
import { ST_ALIVE } from '../components';
import type { GameWorld } from '../world';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

/** Below this many live targets the linear scan is used (cheaper than a rebuild). */
export const GRID_MIN_TARGETS = 48;

/** Hash grid state of a world. */
export interface SpawnGrid {
  /** true while the grid matches the live targets (set by rebuild, cleared at each tick) */
  valid: boolean;
  cell: number;
  mask: number;
  head: Int32Array;
  next: Int32Array;
  /** lowest / highest cell index of any inserted target per axis [x, y, z] (lo > hi: none) */
  lo: Int32Array;
  hi: Int32Array;
}

/** Creates an empty (invalid) grid for cells of side `cell` metres. */
export function createSpawnGrid(cell: number): SpawnGrid {
  return { valid: false, cell, mask: 0, head: new Int32Array(0), next: new Int32Array(0), lo: new Int32Array(3), hi: new Int32Array(3) };
}

function bucket(g: SpawnGrid, ix: number, iy: number, iz: number): number {
  return (Math.imul(ix, 73856093) ^ Math.imul(iy, 19349663) ^ Math.imul(iz, 83492791)) & g.mask;
}

/** Inserts live target `e` (its current position) into a valid grid. */
export function gridInsert(w: GameWorld, e: number): void {
  const g = w.grid;
  if (!g.valid) return;
  if (e >= g.next.length) { g.valid = false; return; } // ids grew: rebuild on next use
  const T = w.c.Transform;
  const inv = 1 / g.cell;
  const ix = Math.floor(T.x[e] * inv), iy = Math.floor(T.y[e] * inv), iz = Math.floor(T.z[e] * inv);
  const b = bucket(g, ix, iy, iz);
  g.next[e] = g.head[b];
  g.head[b] = e;
  const lo = g.lo, hi = g.hi;
  if (ix < lo[0]) lo[0] = ix;
  if (ix > hi[0]) hi[0] = ix;
  if (iy < lo[1]) lo[1] = iy;
  if (iy > hi[1]) hi[1] = iy;
  if (iz < lo[2]) lo[2] = iz;
  if (iz > hi[2]) hi[2] = iz;
}

/** Rebuilds the grid from the live targets (O(live targets)). */
export function gridRebuild(w: GameWorld): void {
  const g = w.grid;
  const cap = w.c.capacity;
  if (g.next.length < cap) {
    let size = 64;
    while (size < cap * 2) size <<= 1;
    g.head = new Int32Array(size);
    g.next = new Int32Array(cap);
    g.mask = size - 1;
  }
  g.head.fill(-1);
  g.lo.fill(0x7fffffff);
  g.hi.fill(-0x80000000);
  g.valid = true;
  const dense = w.qTargets.dense;
  const st = w.c.Target.state;
  for (let i = 0, n = dense.length; i < n; i++) {
    const e = dense[i];
    if (st[e] === ALIVE) gridInsert(w, e);
  }
}

/** Grid version of `isFree`: true when a sphere at (x,y,z) of radius r (<= the drill's target
 * radius) keeps `margin` metres from every live target. The grid must be valid. */
export function gridIsFree(w: GameWorld, x: number, y: number, z: number, r: number, margin: number): boolean {
  CAND[0] = x; CAND[1] = y; CAND[2] = z; CAND[3] = r;
  return gridIsFreeAt(w, CAND, margin);
}

const CAND = new Float64Array(4);

/** `gridIsFree` with the candidate sphere [x, y, z, r] in `c` (no boxed arguments). */
export function gridIsFreeAt(w: GameWorld, c: Float64Array, margin: number): boolean {
  const x = c[0], y = c[1], z = c[2], r = c[3];
  const g = w.grid;
  const T = w.c.Transform;
  const st = w.c.Target.state;
  const rad = w.c.Target.radius;
  const inv = 1 / g.cell;
  const cx = Math.floor(x * inv), cy = Math.floor(y * inv), cz = Math.floor(z * inv);
  // the neighbouring cells, clipped to the cells that hold any target
  const lo = g.lo, hi = g.hi;
  const x0 = Math.max(cx - 1, lo[0]), x1 = Math.min(cx + 1, hi[0]);
  const y0 = Math.max(cy - 1, lo[1]), y1 = Math.min(cy + 1, hi[1]);
  const z0 = Math.max(cz - 1, lo[2]), z1 = Math.min(cz + 1, hi[2]);
  for (let ix = x0; ix <= x1; ix++) {
    for (let iy = y0; iy <= y1; iy++) {
      for (let iz = z0; iz <= z1; iz++) {
        let e = g.head[bucket(g, ix, iy, iz)];
        while (e >= 0) {
          if (st[e] === ALIVE) {
            const dx = T.x[e] - x, dy = T.y[e] - y, dz = T.z[e] - z;
            const m = rad[e] + r + margin;
            if (dx * dx + dy * dy + dz * dz < m * m) return false;
          }
          e = g.next[e];
        }
      }
    }
  }
  return true;
}
