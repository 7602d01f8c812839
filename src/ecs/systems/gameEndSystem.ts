/**
 * Game end system (spec section 4: "Remaining time ... At 0 or less the game stops"): after the
 * last tick of the round (tick + 1 == durationTicks) every live target is removed as gameOver
 * (the brief's reason; the spec's lifecycle text says 'missed' for this case, we keep the
 * distinct 'gameOver' reason so 'missed' keeps meaning "out of shots"), pending refills are
 * dropped, the world is marked finished and a 'finished' event is emitted. The round's length
 * is duration + return-to-centre pause time (spec section 4 "Remaining time is the duration
 * minus elapsed time plus any return-to-centre pause time"); a game mode may end it earlier.
 */
import { TICK_MS } from '../../contracts/constants';
import { ST_ALIVE } from '../components';
import type { GameWorld } from '../world';
import { markRemoved } from './despawnSystem';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

/** Ends the round when the current tick is its last (duration + return-to-centre pause time,
 * see returnToCentreSystem) or a game-mode hook requested the end (`w.mode.endRequested`). */
export function gameEndSystem(w: GameWorld): void {
  if (w.tick + 1 < w.durationTicks && !w.mode.endRequested) return;
  const tickEnd = (w.tick + 1) * TICK_MS;
  const limit = w.durationMs + w.rtc.pauseMs;
  const endMs = tickEnd < limit ? tickEnd : limit;
  const dense = w.qTargets.dense;
  const st = w.c.Target.state;
  for (let i = 0, n = dense.length; i < n; i++) {
    const e = dense[i];
    if (st[e] === ALIVE) markRemoved(w, e, 'gameOver', endMs);
  }
  w.spawner.pending.n = 0;
  w.finished = true;
  w.events.push({ type: 'finished', tick: w.tick });
}
