/**
 * What a registered system (pipeline.ts `registerSystem`) or a game-mode hook may do to the
 * targets of a world without reaching into the engine's internals (target states, the spawn
 * grid, the placement code): list the live targets, find a free spot the way the drill's spawn
 * mode would, move, spawn and remove targets. Every function is deterministic (placements draw
 * from the world's seeded PRNG) and keeps the world's bookkeeping (spawn grid, counters, events,
 * hooks) right. Units: metres, ms of round time.
 */
import type { RemovalReason } from '../contracts/engine';
import { TICK_MS } from '../contracts/constants';
import { ST_ALIVE } from './components';
import type { GameWorld } from './world';
import { placeDrillTarget } from './spawn/placeTarget';
import { markRemoved } from './systems/despawnSystem';
export { spawnTargetAt, type SpawnOverrides } from './systems/spawnSystem';

/** A position, metres. */
export interface Position { x: number; y: number; z: number }

/** Round time at the start of the world's current tick, ms. */
export function roundTimeMs(w: GameWorld): number {
  return w.tick * TICK_MS;
}

/** The entity ids of the live (alive, not despawning) targets, in the engine's stable order. */
export function liveTargetIds(w: GameWorld): number[] {
  const out: number[] = [];
  const d = w.qTargets.dense;
  const st = w.c.Target.state;
  for (let i = 0; i < d.length; i++) if (st[d[i]] === ST_ALIVE) out.push(d[i]);
  return out;
}

/** True when `eid` is a live target of `w`. */
export function isLiveTarget(w: GameWorld, eid: number): boolean {
  return Number.isInteger(eid) && eid >= 0 && eid < w.c.capacity && w.c.Target.state[eid] === ST_ALIVE
    && w.qTargets.dense.includes(eid);
}

/** The position of target `eid`, metres (a copy). Throws RangeError when it is not a live target. */
export function targetPosition(w: GameWorld, eid: number): Position {
  if (!isLiveTarget(w, eid)) throw new RangeError(`targetPosition: ${eid} is not a live target`);
  const T = w.c.Transform;
  return { x: T.x[eid], y: T.y[eid], z: T.z[eid] };
}

/**
 * A free spot for a new target of the drill's size, chosen by the drill's spawn mode (the same
 * placement the spawner uses; draws from the world's PRNG), or null when none was found (the
 * spawner's rule: up to 32 tries). Live targets are avoided, their current spots included.
 */
export function findSpawnPosition(w: GameWorld): Position | null {
  const out = new Float64Array(3);
  w.grid.valid = false; // targets may have moved since the grid was built
  if (!placeDrillTarget(w, out)) return null;
  return { x: out[0], y: out[1], z: out[2] };
}

/**
 * Moves live target `eid` to `p` (metres) at once: its previous position too (the view draws no
 * streak) and its orbit centre (circle movement goes on around the new spot); its velocity is
 * kept. Throws RangeError when `eid` is not a live target or `p` is not finite.
 */
export function moveTargetTo(w: GameWorld, eid: number, p: Position): void {
  if (!isLiveTarget(w, eid)) throw new RangeError(`moveTargetTo: ${eid} is not a live target`);
  if (![p.x, p.y, p.z].every(Number.isFinite)) throw new RangeError(`moveTargetTo: position must be finite metres, got ${JSON.stringify(p)}`);
  const T = w.c.Transform;
  const O = w.c.Orbit;
  const dx = p.x - T.x[eid], dy = p.y - T.y[eid], dz = p.z - T.z[eid];
  O.cx[eid] += dx; O.cy[eid] += dy; O.cz[eid] += dz;
  T.x[eid] = T.px[eid] = p.x;
  T.y[eid] = T.py[eid] = p.y;
  T.z[eid] = T.pz[eid] = p.z;
  w.grid.valid = false;
}

/**
 * Removes live target `eid` for `reason` at the current tick's start time (the one removal path:
 * event, refill, death hook). Throws RangeError when it is not a live target.
 */
export function removeTarget(w: GameWorld, eid: number, reason: RemovalReason): void {
  if (!isLiveTarget(w, eid)) throw new RangeError(`removeTarget: ${eid} is not a live target`);
  markRemoved(w, eid, reason, w.tick * TICK_MS);
  w.grid.valid = false;
}
