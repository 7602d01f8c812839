/**
 * Replay of a recorded run (DESIGN.md: "same seed + same drill + same input log => bit-identical
 * run"): feeds an input log through a fresh engine tick by tick, for replay checks in Node and in
 * the browser and for server-side re-simulation of a submitted run.
 *
 * Its sibling, for starting in the middle of a run instead of at tick 0: snapshots
 * (src/ecs/snapshot.ts; the kit's `kit.snapshot()` / `createDrillKit({ restore })`): a restored
 * world given the same input from then on has the same state hash at every later tick. Both are
 * documented together in docs/engine.md ("Replays", "Snapshots").
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
 * `opts` asks for them. The round's length is re-read every tick (return-to-centre pause time
 * lengthens it), so a replay runs exactly the ticks the live run ran.
 */
export function replayRun(opts: DrillEngineOptions, log: readonly InputEvent[], untilMs?: number): ReplayResult {
  const engine = createDrillEngine({ recordEvents: false, recordInputLog: false, ...opts });
  const limit = untilMs ?? Infinity;
  let hashes = new Uint32Array(Math.max(0, engine.durationTicks));
  const buf: InputEvent[] = [];
  let li = 0;
  let k = 0;
  // durationTicks is re-read each tick: return-to-centre pause time lengthens the round
  for (; !engine.finished && k < engine.durationTicks && (k + 1) * TICK_MS <= limit; k++) {
    const hi = (k + 1) * TICK_MS;
    buf.length = 0;
    while (li < log.length && log[li].t < hi) buf.push(log[li++]);
    engine.step(buf);
    if (k >= hashes.length) {
      const g = new Uint32Array(Math.max(16, hashes.length * 2));
      g.set(hashes);
      hashes = g;
    }
    hashes[k] = engine.stateHash();
  }
  return { engine, hashes: hashes.length === k ? hashes : hashes.slice(0, k) };
}
