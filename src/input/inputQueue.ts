/**
 * The recorded input events of a round, in delivery order, waiting for the fixed-step loop
 * (pure; no DOM). Times are round time in ms (contracts/engine.ts).
 *
 * Every event is kept: none is dropped, merged or rescaled. Its time is only ever moved
 * FORWARD, to keep the log sorted and inside ticks the engine has not run yet:
 *   t' = max(t, t of the previous event, consumedUntilMs)
 * — a browser may deliver an event whose timeStamp is slightly older than one delivered before
 * it, or older than the last tick boundary already simulated (the event reached the page after
 * the frame that ran that tick); such an event counts in the first tick still to come.
 */
import type { InputEvent } from '../contracts/engine';
import { TICK_MS } from '../contracts/constants';

/** FIFO of a round's input events (round-time ms), consumed tick boundary by tick boundary. */
export class InputQueue {
  private events: InputEvent[] = [];
  private lastT = 0;
  private consumedUntil = 0;

  /** Adds `ev` (round-time ms) at the end; its t is raised as described in the file comment.
   * Returns the event as stored. */
  push(ev: InputEvent): InputEvent {
    const t = Math.max(ev.t, this.lastT, this.consumedUntil);
    const stored = t === ev.t ? ev : { ...ev, t };
    this.lastT = t;
    this.events.push(stored);
    return stored;
  }

  /** Removes and returns, in order, the events with t < `boundaryMs`; later pushes are then
   * raised to at least `boundaryMs` (those ticks are simulated). */
  takeBefore(boundaryMs: number): InputEvent[] {
    let n = 0;
    while (n < this.events.length && this.events[n].t < boundaryMs) n++;
    const out = this.events.splice(0, n);
    if (boundaryMs > this.consumedUntil) this.consumedUntil = boundaryMs;
    return out;
  }

  /** Number of events waiting. */
  get length(): number { return this.events.length; }

  /** Empties the queue and resets the time floor to 0 (new round). */
  clear(): void {
    this.events = [];
    this.lastT = 0;
    this.consumedUntil = 0;
  }
}

/**
 * Splits `events` (sorted by t, round-time ms) into the input windows of ticks
 * `fromTick` .. `toTick − 1`: tick k gets the events with k·TICK_MS ≤ t < (k+1)·TICK_MS, in order.
 * Returns one array per tick (length toTick − fromTick). Throws RangeError for an event outside
 * [fromTick·TICK_MS, toTick·TICK_MS) — the same rule as DrillEngine.step.
 */
export function splitEventsByTick(events: readonly InputEvent[], fromTick: number, toTick: number): InputEvent[][] {
  const out: InputEvent[][] = [];
  for (let k = fromTick; k < toTick; k++) out.push([]);
  for (const ev of events) {
    const k = Math.floor(ev.t / TICK_MS);
    if (k < fromTick || k >= toTick) {
      throw new RangeError(`input event at t=${ev.t} ms is outside ticks [${fromTick}, ${toTick})`);
    }
    out[k - fromTick].push(ev);
  }
  return out;
}
