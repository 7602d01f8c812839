/**
 * Game modes (spec section 4: "Game-mode hooks: hit, miss, death, spawn, after-shot"): a small
 * registry of named modes, each a set of hook functions over the world of a run, chosen by the
 * drill's `special_mode` (else its config `gameMode.name`, else 'default'; parseDrillConfig
 * rejects a name that is not registered).
 *
 * Hooks (all optional; called by the ECS systems, in tick order, with round times in ms):
 * - hit(w, eid, damage, crit, tMs): a shot hit live target `eid` and is about to deal `damage`
 *   hp; returns the damage to apply (undefined = unchanged). Called by shootingSystem.
 * - miss(w, tMs): a shot hit nothing. Called by shootingSystem.
 * - death(w, eid, reason, tMs): target `eid` left the field for `reason` (every removal reason,
 *   gameOver included). Called by despawnSystem.markRemoved.
 * - spawn(w, eid, tMs): target `eid` was placed. Called by spawnSystem.spawnTarget.
 * - afterShot(w, tMs, hitEid, killed): after a shot was fully resolved (hitEid -1 on a miss).
 *   Called by shootingSystem. The name 'after-shot' (spec spelling) is accepted as an alias.
 * A hook may end the round by setting `w.mode.endRequested` (gameEndSystem ends it at the end
 * of that tick, removing the remaining targets as gameOver).
 *
 * The registry (this file) knows no mode; src/ecs/gameModes/index.ts registers the built-in ones,
 * one file each. Adding a mode = one file exporting its GameModeDefinition plus one
 * `registerGameMode` line in index.ts (docs/engine.md, "Game modes"); a test or a plug-in may also
 * call `registerGameMode` itself.
 *
 * Built-in modes:
 * - 'default': no hooks; removed targets are refilled.
 * - 'priority': priority-target mode. While a priority target is alive, hits on other targets
 *   deal no damage (they still count as hits). The parser turns priority_target on (at least 1)
 *   and return-to-centre off for it (spec section 4).
 * - 'elimination': no refills: the field starts with num_targets targets and the round ends as
 *   soon as none is left (or at time up).
 * - 'sudden_death': the first shot that hits nothing ends the round.
 *
 * Hooks are typed (`GameModeDefinition.hooks: GameModeHookSet`, a `Partial<GameModeHooks>`): a
 * hook name outside the five above (plus the 'after-shot' alias) is a type error in an object
 * literal, and `registerGameMode` throws TypeError for it at run time (and for a hook that is not
 * a function), so a mistyped hook (`Hit`, `aftershot`) can never be ignored silently.
 */
import type { RemovalReason } from '../../contracts/engine';
import type { GameWorld } from '../world';

/** The hook functions of a game mode (see the module comment for when each runs; times in ms of
 * round time, `eid` an entity id, `damage` in hit points). */
export interface GameModeHooks {
  hit: (w: GameWorld, eid: number, damage: number, crit: boolean, tMs: number) => number | void;
  miss: (w: GameWorld, tMs: number) => void;
  death: (w: GameWorld, eid: number, reason: RemovalReason, tMs: number) => void;
  spawn: (w: GameWorld, eid: number, tMs: number) => void;
  afterShot: (w: GameWorld, tMs: number, hitEid: number, killed: boolean) => void;
}

/** The hooks a mode defines: any of GameModeHooks, plus the spec's spelling 'after-shot' as an
 * alias of afterShot (not both). */
export type GameModeHookSet = Partial<GameModeHooks> & { 'after-shot'?: GameModeHooks['afterShot'] };

/** The hook names a mode may define (spec section 4); 'after-shot' is accepted as an alias. */
export const GAME_MODE_HOOK_NAMES = ['hit', 'miss', 'death', 'spawn', 'afterShot'] as const;

/** A game mode as registered: its hooks, and whether removed targets are refilled (default
 * true). */
export interface GameModeDefinition {
  description: string;
  refill?: boolean;
  hooks: GameModeHookSet;
}

/** A resolved mode: its hooks under their canonical names. */
export interface GameMode {
  name: string;
  refill: boolean;
  hooks: Partial<GameModeHooks>;
}

/** Logger of warnings; kept for the engine options' `logger` (no hook warning is logged any more:
 * an unknown hook throws). */
export type GameModeLogger = (message: string) => void;

const registry = new Map<string, { def: GameModeDefinition; hooks: Partial<GameModeHooks> }>();

/** The canonical hooks of `def`; throws TypeError for an unknown hook name, a hook that is not a
 * function, or both afterShot and 'after-shot'. */
function checkHooks(name: string, def: GameModeDefinition): Partial<GameModeHooks> {
  if (def === null || typeof def !== 'object' || def.hooks === null || typeof def.hooks !== 'object') {
    throw new TypeError(`game mode '${name}': a definition needs a hooks object`);
  }
  const hooks: Partial<GameModeHooks> = {};
  for (const [k, fn] of Object.entries(def.hooks as Record<string, unknown>)) {
    const key = k === 'after-shot' ? 'afterShot' : k;
    if (!(GAME_MODE_HOOK_NAMES as readonly string[]).includes(key)) {
      throw new TypeError(`game mode '${name}': unknown hook '${k}' (hooks: ${GAME_MODE_HOOK_NAMES.join(', ')}, or 'after-shot')`);
    }
    if (typeof fn !== 'function') throw new TypeError(`game mode '${name}': hook '${k}' is not a function`);
    if (key in hooks) throw new TypeError(`game mode '${name}': afterShot and 'after-shot' both given`);
    (hooks as Record<string, unknown>)[key] = fn;
  }
  return hooks;
}

/**
 * Registers (or replaces) the game mode `name` (a drill names it in `special_mode`). Throws
 * TypeError for an empty name, an unknown hook name, a hook that is not a function, or both
 * afterShot and 'after-shot'. A run resolves its mode when its world is created: replacing a
 * mode later does not change runs already made.
 */
export function registerGameMode(name: string, def: GameModeDefinition): void {
  if (typeof name !== 'string' || name.length === 0) throw new TypeError('a game mode needs a non-empty name');
  registry.set(name, { def, hooks: checkHooks(name, def) });
}

/** Names of the registered game modes, in registration order. */
export function gameModeNames(): string[] {
  return [...registry.keys()];
}

/** True when `name` is a registered game mode. */
export function isGameMode(name: string): boolean {
  return registry.has(name);
}

/** The registered definition of `name` (undefined when none). */
export function gameModeDefinition(name: string): GameModeDefinition | undefined {
  return registry.get(name)?.def;
}

/**
 * Resolves the registered mode `name` into its hooks. Throws RangeError for an unregistered
 * name (the drill parser rejects those first). `_log` is unused (kept for callers).
 */
export function resolveGameMode(name: string, _log?: GameModeLogger): GameMode {
  const entry = registry.get(name);
  if (!entry) throw new RangeError(`unknown game mode '${name}' (registered: ${gameModeNames().join(', ')})`);
  return { name, refill: entry.def.refill ?? true, hooks: { ...entry.hooks } };
}
