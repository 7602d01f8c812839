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
}

/** Creates an empty (invalid) grid for cells of side `cell` metres. */
export function createSpawnGrid(cell: number): SpawnGrid {
  return { valid: false, cell, mask: 0, head: new Int32Array(0), next: new Int32Array(0) };
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
  const b = bucket(g, Math.floor(T.x[e] * inv), Math.floor(T.y[e] * inv), Math.floor(T.z[e] * inv));
  g.next[e] = g.head[b];
  g.head[b] = e;
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
  for (let ix = cx - 1; ix <= cx + 1; ix++) {
    for (let iy = cy - 1; iy <= cy + 1; iy++) {
      for (let iz = cz - 1; iz <= cz + 1; iz++) {
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
