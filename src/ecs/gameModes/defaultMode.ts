/** 'default' (spec section 4): targets are refilled; no hooks. */
import type { GameModeDefinition } from './registry';

export const defaultMode: GameModeDefinition = { description: 'Targets are refilled; no special rules.', hooks: {} };
