/** 'priority' (spec section 4, priority-target mode): while a priority target is alive, hits on
 * other targets deal no damage: the shooting system reports them as 'blocked' (counted apart,
 * not hits). The parser turns priority_target on
 * (at least 1) and return-to-centre off for it. */
import type { GameWorld } from '../world';
import type { GameModeDefinition } from './registry';

export const priorityMode: GameModeDefinition = {
  description: 'While a priority target is alive, hits on other targets deal no damage.',
  hooks: {
    hit: (w: GameWorld, eid: number, damage: number) =>
      w.spawner.livePriority > 0 && w.c.Priority.is[eid] !== 1 ? 0 : damage,
  },
};
