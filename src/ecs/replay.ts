/**
 * Replay of a recorded run (DESIGN.md: "same seed + same drill + same input log => bit-identical
 * run"): feeds an input log through a fresh engine tick by tick, for replay checks in Node and in
 * the browser and for server-side re-simulation of a submitted run.
 */
import type { DrillEngine, DrillEngineOptions, InputEvent } from '../contracts/engine';
import { TICK_MS } from '../contracts/constants';
import { createDrillEngine } from './engine';

/** Result of `replayRun`. */
export interface ReplayResult {
  /** the engine after the replay (finished when the log covers the whole round) */
  engine: DrillEngine;
  /** `stateHash()` after every tick, index = tick number (uint32 values) */
  hashes: Uint32Array;
}

/**
 * Replays `log` (sorted by t, as `DrillEngine.inputLog()` returns it) through a new engine built
 * from `opts`, up to round time `untilMs` (default: the whole round), recording the state hash
 * after each tick. Events and the input log are not recorded by the replay engine unless
 * `opts` asks for them.
 */
export function replayRun(opts: DrillEngineOptions, log: readonly InputEvent[], untilMs?: number): ReplayResult {
  const engine = createDrillEngine({ recordEvents: false, recordInputLog: false, ...opts });
  const end = Math.min(untilMs ?? Infinity, engine.durationTicks * TICK_MS);
  const ticks = Math.max(0, Math.floor(end / TICK_MS));
  const hashes = new Uint32Array(ticks);
  const buf: InputEvent[] = [];
  let li = 0;
  for (let k = 0; k < ticks && !engine.finished; k++) {
    const hi = (k + 1) * TICK_MS;
    buf.length = 0;
    while (li < log.length && log[li].t < hi) buf.push(log[li++]);
    engine.step(buf);
    hashes[k] = engine.stateHash();
  }
  return { engine, hashes };
}
