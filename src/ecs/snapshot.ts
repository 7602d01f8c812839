/**
 * Snapshots of a run's world (issue 34): `snapshotWorld(w)` copies every piece of simulation
 * state (clock, aim, eye, input, weapon, counters, spawner, PRNG, free ids, every component
 * array, the bitecs entities in their query order, registered systems' state, bullets and the
 * input log), and `restoreWorld(snap)` builds a world equal to it, so that the restored world
 * given the same input from then on has the same state hash at every later tick as the original
 * (test/unit/ecs/snapshot.test.ts). The engine's own serialization rather than bitecs's: the
 * engine keeps its component stores per world and never removes a bitecs entity (ids are reused
 * through its free list), so the entity set is rebuilt by adding the same ids in the same order.
 *
 * A snapshot is plain data (typed arrays, numbers, the drill) that `structuredClone` and
 * `postMessage` copy; it is not JSON (Infinity lifetimes, -Infinity reload times, NaN). It holds
 * the run's options (drill, seed, settings, despawn animation), so a restore needs nothing else,
 * but the same registered systems and game modes must be registered where it is restored
 * (checked: Error otherwise). Events not yet drained are not part of it.
 */
import { addComponent, addEntity } from 'bitecs';
import type { DrillEngineOptions } from '../contracts/engine';
import { growComponents } from './components';
import { createGameWorld, type GameWorld } from './world';
import { installSystems, type PluginState } from './pipeline';

/** The world fields a snapshot copies as they are (deep copies). */
const COPIED = [
  'tick', 'durationTicks', 'durationMs', 'finished', 'yaw', 'pitch', 'eye', 'input', 'shotIntervalMs', 'clip',
  'counters', 'spawner', 'freeIds', 'bullets', 'log', 'rtc', 'tagUntilMs', 'dynamicValue', 'dynamicValue2', 'plugins',
] as const;
type Copied = (typeof COPIED)[number];

/** A snapshot of one world (see the module comment). Treat as opaque; version 1. */
export interface WorldSnapshot {
  readonly version: 1;
  /** the options the run was made with (the logger left out) */
  readonly options: Omit<DrillEngineOptions, 'logger'>;
  /** the game mode's name and whether a hook has asked for the end */
  readonly mode: { name: string; endRequested: boolean };
  /** names of the registered systems running in the world, in tick order (null: none) */
  readonly systems: readonly string[] | null;
  /** bitecs entity ids in the target query's order */
  readonly entities: Int32Array;
  /** the PRNG state, 4 uint32 words */
  readonly rng: Uint32Array;
  /** component stores: store name -> field name -> a copy of the typed array */
  readonly components: Readonly<Record<string, Readonly<Record<string, Float64Array | Int32Array | Uint8Array>>>>;
  readonly capacity: number;
  readonly world: Readonly<Pick<GameWorld, Copied>>;
}

/** A deep copy of world `w`'s simulation state (see the module comment). Call it between ticks. */
export function snapshotWorld(w: GameWorld): WorldSnapshot {
  const components: Record<string, Record<string, Float64Array | Int32Array | Uint8Array>> = {};
  for (const [store, fields] of Object.entries(w.c)) {
    if (store === 'capacity') continue;
    const out: Record<string, Float64Array | Int32Array | Uint8Array> = {};
    for (const [k, a] of Object.entries(fields as Record<string, Float64Array | Int32Array | Uint8Array>)) out[k] = a.slice();
    components[store] = out;
  }
  const world = {} as Record<string, unknown>;
  for (const k of COPIED) world[k] = structuredClone(w[k]);
  return {
    version: 1,
    options: structuredClone({
      drill: w.drill, seed: w.seed, settings: w.settings, despawnAnimationMs: w.despawnMs,
      ...(w.despawnAnimation !== null ? { despawnAnimation: w.despawnAnimation } : {}),
      recordEvents: w.recordEvents, recordInputLog: w.recordLog, trackBullets: w.trackBullets,
    }),
    mode: { name: w.mode.name, endRequested: w.mode.endRequested },
    systems: w.systems === null ? null : w.systems.filter((s) => s.builtin < 0).map((s) => s.name),
    entities: Int32Array.from(w.qTargets.dense),
    rng: w.rng.state.slice(),
    components,
    capacity: w.c.capacity,
    world: world as unknown as Pick<GameWorld, Copied>,
  };
}

/**
 * A new world equal to the one `snap` was taken of. Throws TypeError for something that is not a
 * version-1 snapshot, Error when the registered systems running for its game mode differ from
 * the snapshot's (names and order) or the entities cannot be rebuilt, RangeError for a game mode
 * not registered here. `logger`: the new world's warning logger.
 */
export function restoreWorld(snap: WorldSnapshot, logger?: (m: string) => void): GameWorld {
  if (snap === null || typeof snap !== 'object' || snap.version !== 1) throw new TypeError('restoreWorld: not a version-1 world snapshot');
  const s = structuredClone(snap) as WorldSnapshot; // the snapshot stays reusable
  const w = createGameWorld({ ...s.options, ...(logger ? { logger } : {}) });
  installSystems(w);
  const names = w.systems === null ? null : w.systems.filter((x) => x.builtin < 0).map((x) => x.name);
  if (JSON.stringify(names) !== JSON.stringify(s.systems)) {
    throw new Error(`restoreWorld: the snapshot's run had registered systems ${JSON.stringify(s.systems)}, this one would run ${JSON.stringify(names)}: register the same systems before restoring`);
  }
  growComponents(w.c, s.capacity);
  for (let i = 0; i < s.entities.length; i++) {
    const want = s.entities[i];
    const eid = addEntity(w.ecs);
    if (eid !== want) throw new Error(`restoreWorld: rebuilt entity ${eid}, the snapshot has ${want} at query position ${i}`);
    if (eid >= w.c.capacity) growComponents(w.c, eid + 1);
    addComponent(w.ecs, eid, w.c.Target);
  }
  for (const [store, fields] of Object.entries(s.components)) {
    const dst = (w.c as unknown as Record<string, Record<string, Float64Array | Int32Array | Uint8Array>>)[store];
    for (const [k, a] of Object.entries(fields)) {
      if (dst[k].length !== a.length) dst[k] = new (a.constructor as new (n: number) => typeof a)(a.length);
      dst[k].set(a);
    }
  }
  const ww = w as unknown as Record<string, unknown>;
  for (const k of COPIED) ww[k] = s.world[k];
  w.plugins = s.world.plugins as Record<string, PluginState>;
  w.rng.state.set(s.rng);
  w.mode.endRequested = s.mode.endRequested;
  w.grid.valid = false;
  w.shots.n = 0;
  return w;
}
