/**
 * The time grid of recorded input events (the replay codec's, src/contracts/replayCodec.ts,
 * which re-exports both): round times on the 1/16 ms grid cost the codec a few bits.
 */

/** Grid steps per ms of the exact time coding: 16, i.e. 62.5 µs (finer than the 100 µs
 * `event.timeStamp` resolution of a non-isolated Chromium page; the tick, 15.625 ms, is 250
 * steps, so every tick boundary is on the grid). */
export const REPLAY_TIME_STEPS_PER_MS = 16;

/**
 * Rounds a round time `ms` (ms) to the nearest 1/16 ms (REPLAY_TIME_STEPS_PER_MS), the grid the
 * codec stores in a few bits; -0 becomes 0 and a non-finite value is returned as it is. Monotonic,
 * so events stay in order. The game's recorder stamps input events with it
 * (src/game/inputWiring.ts `roundTimeOf`).
 */
export function quantizeEventTime(ms: number): number {
  if (!Number.isFinite(ms)) return ms;
  return Math.round(ms * REPLAY_TIME_STEPS_PER_MS) / REPLAY_TIME_STEPS_PER_MS + 0;
}
