/**
 * Long computations written once as generators that `yield` at safe points, run either to the end
 * at once (`runToEnd`: tests, the server, Node) or in slices that leave the browser's main thread
 * free between them (`runSliced`: the end of a round, issue 18 item 3, so no long task over 50 ms
 * stands between the round's last tick and the summary). The result is the same either way: the
 * generator's code is the only code. Pure TypeScript, no dependencies.
 */

/** A computation in steps: yields (nothing) where it may pause, returns its result. */
export type Steps<R> = Generator<void, R, void>;

/** Runs `steps` to its end without pausing and returns its result. */
export function runToEnd<R>(steps: Steps<R>): R {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Slice length of `runSliced`, ms: well under the 50 ms of a long task (the browser's
 * definition, W3C Long Tasks API) and the 8 ms issue 18 names. */
export const SLICE_MS = 6;

/** Gives the event loop a turn: a macrotask (MessageChannel where there is one: setTimeout(0) is
 * clamped to 4 ms after a few nestings), so input, rendering and other tasks run in between. */
export function yieldToEventLoop(): Promise<void> {
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { ch.port1.close(); resolve(); };
      ch.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `steps` in slices of about `sliceMs` (default SLICE_MS) of work each, giving the event loop
 * a turn (`pause`, default yieldToEventLoop) between slices; resolves its result, rejects with
 * what it throws. A single step longer than `sliceMs` is not cut (the generator decides where it
 * can pause). `now` is the clock (default performance.now, else Date.now).
 */
export async function runSliced<R>(steps: Steps<R>, sliceMs = SLICE_MS, pause: () => Promise<void> = yieldToEventLoop,
  now: () => number = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now()): Promise<R> {
  for (;;) {
    const end = now() + sliceMs;
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (now() >= end) break;
    }
    await pause();
  }
}
