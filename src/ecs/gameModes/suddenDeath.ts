/** 'sudden_death': the first shot that hits nothing ends the round. */
import type { GameWorld } from '../world';
import type { GameModeDefinition } from './registry';

export const suddenDeathMode: GameModeDefinition = {
  description: 'The first shot that hits nothing ends the round.',
  hooks: {
    miss: (w: GameWorld) => { w.mode.endRequested = true; },
  },
};
