/** Test helpers for the drill engine's own tests, built on the public testing kit
 * (src/ecs/testing.ts, src/drill/kitDrills.ts): drills from partial responses, aiming, scripted
 * input. New tests should use the kit directly (docs/engine.md "The kit"). */
import type { GameConfigResponse } from '../../../src/contracts/gameConfig';
import type { DrillEngine, EngineSettings, InputEvent, TargetView } from '../../../src/contracts/engine';
import { TICK_MS, YAW_DEG_PER_COUNT } from '../../../src/contracts/constants';
import { gameConfigDrill } from '../../../src/drill/kitDrills';
import { createDrillKit } from '../../../src/ecs/testing';
import type { DrillConfig } from '../../../src/contracts/drillConfig';

export const SETTINGS: EngineSettings = { sensitivity: 1, sensitivityY: null, invertY: false };

/** A gameconfig response with sensible test values, overridden by `over`. */
export function resp(over: Record<string, unknown> = {}): GameConfigResponse {
  return {
    id: 9001, name: 'Test', config: '{}', duration: 60000, num_targets: 3, spawn_mode: 'Random',
    position_mode: 'Random', target_size: 0.35, target_health: 1, target_lifetime: null,
    target_moving: false, weapon_automatic: false, weapon_fire_rate: 20,
    ...over,
  } as GameConfigResponse;
}

/** A drill of `resp(over)` (src/drill/kitDrills.ts gameConfigDrill: the parser alone, as the game
 * reads a gameconfig response; the engine's tests probe limits past the drill schema's ranges,
 * e.g. a fire rate of 1000). */
export function drill(over: Record<string, unknown> = {}): DrillConfig {
  return gameConfigDrill(resp(over) as unknown as Record<string, unknown>);
}

/** The engine of the public testing kit (src/ecs/testing.ts) for `drill(over)`. */
export function engine(over: Record<string, unknown> = {}, seed = 1, settings = SETTINGS): DrillEngine {
  return createDrillKit({ drill: drill(over), seed, settings }).engine;
}

export interface Snap { eid: number; x: number; y: number; z: number; radius: number; despawn: number; reason: string | null; health: number; priority: boolean }

/** Copies of the targets the engine reports (live ones unless `all`). */
export function targets(e: DrillEngine, all = false): Snap[] {
  const out: Snap[] = [];
  e.forEachTarget((t: TargetView) => {
    if (!all && t.despawn >= 0) return;
    out.push({ eid: t.eid, x: t.x, y: t.y, z: t.z, radius: t.radius, despawn: t.despawn, reason: t.removalReason, health: t.health, priority: t.priority });
  });
  return out;
}

/** Look deltas (counts, sensitivity 1) that turn the aim from the engine's current yaw/pitch
 * to point at (x,y,z) from its eye. */
export function deltasTo(e: DrillEngine, x: number, y: number, z: number): { dx: number; dy: number } {
  const vx = x - e.eye.x, vy = y - e.eye.y, vz = z - e.eye.z;
  const len = Math.hypot(vx, vy, vz);
  const yaw = (Math.atan2(vx, -vz) * 180) / Math.PI;
  const pitch = (Math.asin(vy / len) * 180) / Math.PI;
  return { dx: (yaw - e.yaw) / YAW_DEG_PER_COUNT, dy: -(pitch - e.pitch) / YAW_DEG_PER_COUNT };
}

/** Round time of offset `off` ms inside the engine's current tick. */
export function at(e: DrillEngine, off: number): number {
  return e.tick * TICK_MS + off;
}

/** Steps the engine with one shot at the first live target: look to it, then click. */
export function shootFirst(e: DrillEngine): void {
  const t = targets(e)[0];
  if (!t) { e.step([]); return; }
  const d = deltasTo(e, t.x, t.y, t.z);
  e.step([
    { type: 'look', t: at(e, 1), dx: d.dx, dy: d.dy },
    { type: 'fire', t: at(e, 2), down: true },
    { type: 'fire', t: at(e, 3), down: false },
  ]);
}

/** A small deterministic LCG for scripted input (independent of the engine's PRNG). */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Scripted input for tick `k`: some look deltas every tick, a click now and then. */
export function scriptedEvents(k: number, rnd: () => number): InputEvent[] {
  const base = k * TICK_MS;
  const ev: InputEvent[] = [];
  const n = 1 + Math.floor(rnd() * 4);
  for (let i = 0; i < n; i++) {
    ev.push({ type: 'look', t: base + (i * TICK_MS) / (n + 1), dx: (rnd() - 0.5) * 40, dy: (rnd() - 0.5) * 30 });
  }
  if (rnd() < 0.15) {
    ev.push({ type: 'fire', t: base + 14, down: true });
    ev.push({ type: 'fire', t: base + 15, down: false });
  }
  return ev;
}
