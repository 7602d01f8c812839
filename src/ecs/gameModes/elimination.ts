/** 'elimination': no refills; the field starts with num_targets targets and the round ends as soon
 * as none is left (or at time up). */
import type { RemovalReason } from '../../contracts/engine';
import type { GameWorld } from '../world';
import type { GameModeDefinition } from './registry';

export const eliminationMode: GameModeDefinition = {
  description: 'No refills: the round ends when every target is gone.',
  refill: false,
  hooks: {
    death: (w: GameWorld, _eid: number, reason: RemovalReason) => {
      if (reason === 'gameOver') return;
      if (w.spawner.liveTargets === 0) w.mode.endRequested = true;
    },
  },
};
