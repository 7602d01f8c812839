/**
 * A frame limiter for the render loop (issue 13: the desktop client's max-FPS cap). The loop
 * still runs on requestAnimationFrame; frames that come sooner than the cap allows are skipped
 * (nothing simulated, nothing drawn: the fixed-step engine catches up on the next drawn frame
 * from the timestamped input, so skipping changes no result).
 */

/** A limiter: `skip(now)` says whether the frame at `now` (ms, performance.now) is dropped. */
export interface FrameLimiter {
  skip(now: number): boolean;
  /** forget the last frame (after a pause: the next frame draws at once) */
  reset(): void;
}

/** A frame is drawn this many ms early at most (rAF jitter): without it a cap equal to the
 * display rate would drop every other frame. */
const EARLY_MS = 1;

/**
 * The limiter for at most `maxFps` frames per second; null or a non-positive cap = no limit.
 * Draws are scheduled on a grid of 1000 / maxFps ms from the first frame (no drift), re-anchored
 * after a gap longer than one interval.
 */
export function createFrameLimiter(maxFps: number | null): FrameLimiter {
  if (maxFps === null || !(maxFps > 0)) return { skip: () => false, reset: () => undefined };
  const interval = 1000 / maxFps;
  let next = -Infinity;
  return {
    skip(now: number): boolean {
      if (now < next - EARLY_MS) return true;
      next = now - next > interval ? now + interval : next + interval;
      return false;
    },
    reset() {
      next = -Infinity;
    },
  };
}
