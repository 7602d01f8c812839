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
 */
import type { InputEvent } from '../contracts/engine';
import type { GameWorld } from './world';
import { inputSystem } from './systems/inputSystem';
import { shootingSystem } from './systems/shootingSystem';
import { damageSystem } from './systems/damageSystem';
import { lifetimeSystem } from './systems/lifetimeSystem';
import { movementSystem } from './systems/movementSystem';
import { despawnSystem } from './systems/despawnSystem';
import { returnToCentreSystem } from './systems/returnToCentreSystem';
import { gameEndSystem } from './systems/gameEndSystem';
import { spawnSystem } from './systems/spawnSystem';
import { scoringSystem } from './systems/scoringSystem';

/**
 * Runs one tick of `w` with the input events `events[start, end)` (their t must lie in the
 * tick's window; the engine checks). No-op when the round is finished.
 */
export function tick(w: GameWorld, events: readonly InputEvent[], start = 0, end = events.length): void {
  if (w.finished) return;
  inputSystem(w, events, start, end);
  shootingSystem(w);
  damageSystem(w);
  lifetimeSystem(w);
  movementSystem(w);
  returnToCentreSystem(w);
  despawnSystem(w);
  gameEndSystem(w);
  if (!w.finished) spawnSystem(w);
  scoringSystem(w);
  w.tick++;
}
