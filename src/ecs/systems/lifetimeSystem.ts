/**
 * Lifetime system (spec section 4: "A target spawns, loses lifetime, and is removed as ...
 * timedOut"). A live target whose expiry time (spawn time + target_lifetime ms) falls within or
 * before the end of the current tick is removed as timedOut at its expiry time. Shots in the
 * tick at or after the expiry time already missed it (shootingSystem).
 */
import { TICK_MS } from '../../contracts/constants';
import { ST_ALIVE } from '../components';
import type { GameWorld } from '../world';
import { REMOVE_T, markRemovedArgs } from './despawnSystem';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

/** Runs the lifetime check for the current tick. */
export function lifetimeSystem(w: GameWorld): void {
  if (w.drill.target.lifetimeMs === Infinity) return;
  const endMs = (w.tick + 1) * TICK_MS;
  const dense = w.qTargets.dense;
  const exp = w.c.Lifetime.expireMs;
  const st = w.c.Target.state;
  for (let i = 0, n = dense.length; i < n; i++) {
    const e = dense[i];
    if (st[e] === ALIVE && exp[e] <= endMs) {
      REMOVE_T[0] = exp[e]; // = markRemoved(w, e, 'timedOut', exp[e]), allocation-free
      markRemovedArgs(w, e, 'timedOut');
    }
  }
}
