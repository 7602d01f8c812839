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
 * `registerGameMode` line in index.ts (README, "Adding a game mode"); a test or a plug-in may also
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
 * A mode definition with a hook name outside the five above is accepted; the unknown hook is
 * reported through the logger (default console.warn) and ignored.
 */
import type { RemovalReason } from '../../contracts/engine';
import type { GameWorld } from '../world';

/** The hook functions of a game mode (see the module comment for when each runs). */
export interface GameModeHooks {
  hit?: (w: GameWorld, eid: number, damage: number, crit: boolean, tMs: number) => number | void;
  miss?: (w: GameWorld, tMs: number) => void;
  death?: (w: GameWorld, eid: number, reason: RemovalReason, tMs: number) => void;
  spawn?: (w: GameWorld, eid: number, tMs: number) => void;
  afterShot?: (w: GameWorld, tMs: number, hitEid: number, killed: boolean) => void;
}

/** The hook names a mode may define (spec section 4), plus the 'after-shot' alias. */
export const GAME_MODE_HOOK_NAMES = ['hit', 'miss', 'death', 'spawn', 'afterShot'] as const;

/** A game mode as registered: its hooks by name (unknown names are logged and ignored), and
 * whether removed targets are refilled (default true). */
export interface GameModeDefinition {
  description: string;
  refill?: boolean;
  hooks: Record<string, unknown>;
}

/** A resolved mode: the known hooks only. */
export interface GameMode {
  name: string;
  refill: boolean;
  hooks: GameModeHooks;
}

/** Logger of warnings (unknown hooks); default `console.warn`. */
export type GameModeLogger = (message: string) => void;

const registry = new Map<string, GameModeDefinition>();

/** Registers (or replaces) the game mode `name`. */
export function registerGameMode(name: string, def: GameModeDefinition): void {
  registry.set(name, def);
}

/** Names of the registered game modes. */
export function gameModeNames(): string[] {
  return [...registry.keys()];
}

/** True when `name` is a registered game mode. */
export function isGameMode(name: string): boolean {
  return registry.has(name);
}

/**
 * Resolves the registered mode `name` into its hooks. Hook names other than hit, miss, death,
 * spawn, afterShot / after-shot, or hooks that are not functions, are reported through `log`
 * and ignored. Throws RangeError for an unregistered name (the parser rejects those first).
 */
export function resolveGameMode(name: string, log: GameModeLogger = (m) => console.warn(m)): GameMode {
  const def = registry.get(name);
  if (!def) throw new RangeError(`unknown game mode '${name}'`);
  const hooks: GameModeHooks = {};
  for (const [k, fn] of Object.entries(def.hooks)) {
    const key = k === 'after-shot' ? 'afterShot' : k;
    if (!(GAME_MODE_HOOK_NAMES as readonly string[]).includes(key) || typeof fn !== 'function') {
      log(`game mode '${name}': unknown hook '${k}' ignored`);
      continue;
    }
    (hooks as Record<string, unknown>)[key] = fn;
  }
  return { name, refill: def.refill ?? true, hooks };
}
