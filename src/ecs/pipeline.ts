/**
 * THE tick: the ordered list of systems of one 15.625 ms step (64 ticks/s, spec section 9), and
 * why each sits where it does. Tick k covers round time [k*TICK_MS, (k+1)*TICK_MS).
 *
 *  1. inputSystem    - walks the tick's input events in delivery order: look deltas move the aim,
 *                      movement keys move the eye, and each shot is queued with the aim and eye at
 *                      its own moment. First, because everything after it reads the aim.
 *  2. shootingSystem - resolves the queued shots in order against the targets as they were drawn
 *                      during the tick (positions from the end of the previous tick), applying
 *                      damage per shot (damageSystem.applyHit) so a target killed by one shot
 *                      cannot be hit by the next. Before movement, so a click hits what was on
 *                      screen, not where the target will be.
 *  3. damageSystem   - health regeneration and tag decay (0.25/s) of the survivors.
 *  4. lifetimeSystem - removes targets whose lifetime ended within the tick (timedOut). After
 *                      shooting (shots before the expiry time could still hit), before movement.
 *  5. movementSystem - saves previous positions, moves and bounces the live targets to their
 *                      end-of-tick positions.
 *  5b. returnToCentreSystem - after a kill with return_to_centre on: checks whether the aim (as
 *                      left by this tick's input) is back at the centre; adds the wait to the
 *                      round's length. Before gameEnd (the round end moves) and spawn (refills
 *                      wait for it).
 *  6. despawnSystem  - retires entities whose despawn animation has finished (their ids go to the
 *                      free list). No system makes structural bitecs changes during a tick except
 *                      spawnSystem adding a brand-new entity, so the registered query's dense
 *                      array is stable while systems iterate it.
 *  7. gameEndSystem  - on the last tick (duration + pause time), or when a game-mode hook asked
 *                      for the end: remaining targets removed as gameOver, 'finished'.
 *  8. spawnSystem    - refills due slots at the tick's end time (skipped once finished). After
 *                      despawn so freed entity ids and positions are reused the same way every run,
 *                      after movement so a new target starts with previous = current position.
 *  9. scoringSystem  - end-of-tick counters (totalTime, clip HUD).
 * Then the tick counter advances.
 *
 * Extension point: registered systems (plug-ins). `registerSystem(system, { after: 'movement' })`
 * (or `{ before: 'spawn' }`) puts a system into this order, next to a built-in one (names:
 * BUILTIN_SYSTEMS, i.e. input, shooting, damage, lifetime, movement, returnToCentre, despawn,
 * gameEnd, spawn, scoring) or next to a system registered earlier. `systemOrder()` lists the
 * order now. Rules:
 * - A world takes the registered systems when its engine is made (`createDrillEngine` calls
 *   `installSystems`); registering later changes no existing world. `system.modes` limits a
 *   system to runs of those game modes (absent = every run). A world with no registered system
 *   for it runs the built-in list above unchanged (same code path, same hashes).
 * - A system's state lives in the world, `w.plugins[name]` (`pluginState(w, name)`), made by
 *   `system.init(w)` at round time 0 (before the first targets are placed). It must be plain
 *   data (numbers, booleans, strings, null, arrays, typed arrays, plain objects of these): the
 *   state hash (engine.ts hashWorld) and snapshots (testing.ts `kit.snapshot()`) cover it, so a
 *   replay or a restored run verifies the plug-in too. State kept outside the world (a module
 *   variable, a WeakMap) is not hashed and not restored: don't.
 * - Determinism: a system may use only the world (its seeded `w.rng`, round time from `w.tick`),
 *   never the clock or Math.random; replays and the server's re-simulation must register the
 *   same systems.
 * - A system placed after gameEnd runs in the round's last tick too (check `w.finished`);
 *   spawn is skipped once the round is finished, as above.
 */
import type { InputEvent } from '../contracts/engine';
import type { GameWorld } from './world';
import { inputSystemColumns } from './systems/inputSystem';
import { createInputColumns, writeInputColumns, type InputColumns } from '../contracts/inputColumns';
import { shootingSystem } from './systems/shootingSystem';
import { damageSystem } from './systems/damageSystem';
import { lifetimeSystem } from './systems/lifetimeSystem';
import { movementSystem } from './systems/movementSystem';
import { despawnSystem } from './systems/despawnSystem';
import { returnToCentreSystem } from './systems/returnToCentreSystem';
import { gameEndSystem } from './systems/gameEndSystem';
import { spawnSystem } from './systems/spawnSystem';
import { scoringSystem } from './systems/scoringSystem';

/** The built-in systems' names, in tick order (see the module comment). */
export const BUILTIN_SYSTEMS = [
  'input', 'shooting', 'damage', 'lifetime', 'movement', 'returnToCentre', 'despawn', 'gameEnd', 'spawn', 'scoring',
] as const;
/** The name of one built-in system. */
export type BuiltinSystemName = (typeof BUILTIN_SYSTEMS)[number];

/** A value of a plug-in's state: plain data only (hashed and snapshotted field by field). */
export type PluginValue =
  | number | boolean | string | null
  | Float64Array | Float32Array | Int32Array | Uint32Array | Uint8Array | Int16Array | Uint16Array | Int8Array
  | PluginValue[] | { [key: string]: PluginValue };
/** The state of one registered system in one world (`w.plugins[name]`). */
export type PluginState = { [key: string]: PluginValue };

/** A system registered into the tick (see the module comment). */
export interface EngineSystem<S extends PluginState = PluginState> {
  /** unique name (letters, digits, '_' or '-'); the anchor other systems are placed by */
  name: string;
  /** game modes the system runs in (absent: every run) */
  modes?: readonly string[];
  /** the system's state in a new world at round time 0 (plain data; default {}) */
  init?: (w: GameWorld) => S;
  /** runs once per tick at the system's place, with its state in this world */
  update: (w: GameWorld, state: S) => void;
}

/** Where a registered system goes: right after, or right before, the named system. */
export type SystemPlacement = { after: string; before?: undefined } | { before: string; after?: undefined };

/** One entry of a world's tick order: a built-in (index into BUILTIN_SYSTEMS) or a plug-in. */
export interface ResolvedSystem {
  name: string;
  /** index into BUILTIN_SYSTEMS; -1 for a registered system */
  builtin: number;
  update: ((w: GameWorld, state: PluginState) => void) | null;
}

type OrderEntry = { name: string; builtin: number; system: EngineSystem<PluginState> | null };

/** The global tick order: the built-ins, with registered systems inserted. */
const ORDER: OrderEntry[] = BUILTIN_SYSTEMS.map((name, i) => ({ name, builtin: i, system: null }));

/**
 * Registers `system` into the tick order, right after `placement.after` or right before
 * `placement.before` (a built-in name, BUILTIN_SYSTEMS, or a system registered earlier). Engines
 * made afterwards run it (see the module comment). Throws TypeError for a bad name, a name
 * already in the order, a missing `update`, or a placement naming both or neither side;
 * RangeError for an anchor that is not in the order.
 */
export function registerSystem<S extends PluginState>(system: EngineSystem<S>, placement: SystemPlacement): void {
  if (system === null || typeof system !== 'object') throw new TypeError('registerSystem: a system object is required');
  const name = system.name;
  if (typeof name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
    throw new TypeError(`registerSystem: bad system name ${JSON.stringify(name)} (1-64 letters, digits, '_' or '-')`);
  }
  if (typeof system.update !== 'function') throw new TypeError(`registerSystem: system '${name}' has no update function`);
  if (system.init !== undefined && typeof system.init !== 'function') throw new TypeError(`registerSystem: system '${name}': init is not a function`);
  if (ORDER.some((e) => e.name === name)) throw new TypeError(`registerSystem: a system named '${name}' is already in the tick order`);
  const p = (placement ?? {}) as { after?: unknown; before?: unknown };
  const hasAfter = p.after !== undefined, hasBefore = p.before !== undefined;
  if (hasAfter === hasBefore) throw new TypeError(`registerSystem: system '${name}' needs exactly one of { after } or { before }`);
  const anchor = String(hasAfter ? p.after : p.before);
  const at = ORDER.findIndex((e) => e.name === anchor);
  if (at < 0) throw new RangeError(`registerSystem: no system named '${anchor}' (the order: ${systemOrder().join(', ')})`);
  ORDER.splice(hasAfter ? at + 1 : at, 0, { name, builtin: -1, system: system as unknown as EngineSystem<PluginState> });
}

/** Takes a registered system out of the order (engines made afterwards do not run it); false
 * when none has that name. Throws TypeError for a built-in name. */
export function unregisterSystem(name: string): boolean {
  const at = ORDER.findIndex((e) => e.name === name);
  if (at < 0) return false;
  if (ORDER[at].builtin >= 0) throw new TypeError(`unregisterSystem: '${name}' is a built-in system`);
  ORDER.splice(at, 1);
  return true;
}

/** The names of the tick's systems in order, built-in and registered. */
export function systemOrder(): string[] {
  return ORDER.map((e) => e.name);
}

/** Throws TypeError when `v` (at `path`) is not plain data (see PluginValue). */
export function checkPluginValue(v: unknown, path: string): void {
  if (v === null || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return;
  if (ArrayBuffer.isView(v) && !(v instanceof DataView) && !(typeof BigInt64Array !== 'undefined' && (v instanceof BigInt64Array || v instanceof BigUint64Array))) return;
  if (Array.isArray(v)) { v.forEach((x, i) => checkPluginValue(x, `${path}[${i}]`)); return; }
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) checkPluginValue(x, `${path}.${k}`);
    return;
  }
  throw new TypeError(`plug-in state ${path} is not plain data (numbers, booleans, strings, null, arrays, typed arrays, plain objects): got ${typeof v === 'object' ? Object.prototype.toString.call(v) : typeof v}`);
}

/**
 * Gives world `w` the registered systems that run in its game mode and makes their state
 * (`system.init`, checked to be plain data: TypeError otherwise). Called once by
 * `createDrillEngine` before the first targets are placed; a second call throws Error.
 */
export function installSystems(w: GameWorld): void {
  if (w.systems !== null) throw new Error('installSystems: the world already has its systems');
  const list: ResolvedSystem[] = [];
  let plugins = 0;
  for (const e of ORDER) {
    if (e.system === null) { list.push({ name: e.name, builtin: e.builtin, update: null }); continue; }
    const s = e.system;
    if (s.modes !== undefined && !s.modes.includes(w.mode.name)) continue;
    const state = s.init ? s.init(w) : {};
    checkPluginValue(state, `${e.name}`);
    if (state === null || typeof state !== 'object' || Array.isArray(state) || ArrayBuffer.isView(state)) {
      throw new TypeError(`system '${e.name}': init must return a plain object`);
    }
    w.plugins[e.name] = state;
    list.push({ name: e.name, builtin: -1, update: s.update });
    plugins++;
  }
  if (plugins > 0) w.systems = list;
}

/** The state of registered system `name` in world `w` (`w.plugins[name]`). Throws RangeError
 * when that system does not run in this world. */
export function pluginState<S extends PluginState = PluginState>(w: GameWorld, name: string): S {
  const s = w.plugins[name];
  if (s === undefined) throw new RangeError(`no system '${name}' runs in this world (its systems: ${Object.keys(w.plugins).join(', ') || 'built-in only'})`);
  return s as S;
}

/** Runs built-in system `i` (index into BUILTIN_SYSTEMS) for the current tick. */
function runBuiltin(w: GameWorld, i: number, events: InputColumns, start: number, end: number): void {
  switch (i) {
    case 0: inputSystemColumns(w, events, start, end); break;
    case 1: shootingSystem(w); break;
    case 2: damageSystem(w); break;
    case 3: lifetimeSystem(w); break;
    case 4: movementSystem(w); break;
    case 5: returnToCentreSystem(w); break;
    case 6: despawnSystem(w); break;
    case 7: gameEndSystem(w); break;
    case 8: if (!w.finished) spawnSystem(w); break;
    case 9: scoringSystem(w); break;
    default: throw new RangeError(`no built-in system ${i}`);
  }
}

/** The columns `tick` and `runSystem` write their event objects into (module scratch). */
const EVENT_COLUMNS = createInputColumns(64);

/**
 * Runs one tick of `w` with the input events `events[start, end)` (their t must lie in the
 * tick's window; the engine checks): written into columns (contracts/inputColumns.ts
 * `writeInputColumns`), then `tickColumns`. No-op when the round is finished.
 */
export function tick(w: GameWorld, events: readonly InputEvent[], start = 0, end = events.length): void {
  if (w.finished) return;
  const n = writeInputColumns(events, start, end, EVENT_COLUMNS);
  tickColumns(w, EVENT_COLUMNS, 0, n);
}

/**
 * Runs one tick of `w` with the input events `cols[start, end)` (columns of
 * contracts/inputColumns.ts; their t must lie in the tick's window; the engine checks). No-op
 * when the round is finished.
 */
export function tickColumns(w: GameWorld, cols: InputColumns, start: number, end: number): void {
  if (w.finished) return;
  const sys = w.systems;
  if (sys === null) {
    inputSystemColumns(w, cols, start, end);
    shootingSystem(w);
    damageSystem(w);
    lifetimeSystem(w);
    movementSystem(w);
    returnToCentreSystem(w);
    despawnSystem(w);
    gameEndSystem(w);
    if (!w.finished) spawnSystem(w);
    scoringSystem(w);
  } else {
    for (let i = 0; i < sys.length; i++) {
      const s = sys[i];
      if (s.builtin >= 0) runBuiltin(w, s.builtin, cols, start, end);
      else (s.update as (w: GameWorld, st: PluginState) => void)(w, w.plugins[s.name]);
    }
  }
  w.tick++;
}

/**
 * Runs system `name` alone against `w` once, for tests: a built-in one (BUILTIN_SYSTEMS; 'input'
 * reads `events`, which must lie in the current tick's window) or a registered one running in
 * this world. The tick counter does not advance and no other system runs, so the world may be
 * left between two ticks' states (e.g. 'input' queues shots that only 'shooting' resolves).
 * Throws RangeError for a name that is neither.
 */
export function runSystem(w: GameWorld, name: string, events: readonly InputEvent[] = []): void {
  const b = (BUILTIN_SYSTEMS as readonly string[]).indexOf(name);
  if (b >= 0) { runBuiltin(w, b, EVENT_COLUMNS, 0, writeInputColumns(events, 0, events.length, EVENT_COLUMNS)); return; }
  const entry = w.systems?.find((e) => e.name === name && e.builtin < 0);
  if (!entry || !entry.update) {
    throw new RangeError(`runSystem: no system '${name}' in this world (built-in: ${BUILTIN_SYSTEMS.join(', ')}; registered here: ${Object.keys(w.plugins).join(', ') || 'none'})`);
  }
  entry.update(w, w.plugins[name]);
}
