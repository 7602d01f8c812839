/**
 * The engine's game modes (spec section 4): the registry (registry.ts) and the built-in modes,
 * one file each, registered here by name. To add a mode: write its file (a GameModeDefinition:
 * description, refill, hooks) and add its `registerGameMode` line below (docs/engine.md, "Game
 * modes"). A drill picks a mode by `special_mode` or its config's `gameMode.name`
 * (src/drill/parseDrillConfig.ts rejects names that are not registered).
 */
import { registerGameMode } from './registry';
import { defaultMode } from './defaultMode';
import { priorityMode } from './priority';
import { eliminationMode } from './elimination';
import { suddenDeathMode } from './suddenDeath';

export * from './registry';

registerGameMode('default', defaultMode);
registerGameMode('priority', priorityMode);
registerGameMode('elimination', eliminationMode);
registerGameMode('sudden_death', suddenDeathMode);
