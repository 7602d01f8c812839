/**
 * The low-FPS warning (spec section 5: "the frame rate is averaged over 3 one-second samples;
 * below 30 a low-fps notification is shown once"; section 4: "shows once per session for 5 s
 * if enabled"; section 8: its text, key notification.low_fps). No imports, so the notice
 * component can use the window event without pulling in the game runtime.
 *
 * The monitor counts rendered frames in consecutive one-second windows of wall time (the frames
 * of the running round only: the caller resets it on pause, so a pause is neither a slow
 * sample nor part of one). Once LOW_FPS_SAMPLES windows are complete, each new window's count
 * joins a rolling average of the last LOW_FPS_SAMPLES; when that average is below
 * LOW_FPS_THRESHOLD the monitor trips, once.
 */

/** Frames per second below which the warning shows (spec section 5). */
export const LOW_FPS_THRESHOLD = 30;
/** One-second samples averaged (spec section 5). */
export const LOW_FPS_SAMPLES = 3;
/** Length of one sample, ms. */
export const LOW_FPS_SAMPLE_MS = 1000;
/** How long the notice shows, ms (spec section 9: "low-FPS notice 5 s"). */
export const LOW_FPS_NOTICE_MS = 5000;
/** sessionStorage key that remembers the notice was shown in this browser session (the restart
 * key reloads the page, which must not show it again). */
export const LOW_FPS_SESSION_KEY = 'aimtrainer.lowFpsNoticeShown';
/** Name of the window CustomEvent the runtime dispatches; `detail` is {@link LowFpsDetail}. */
export const LOW_FPS_EVENT = 'aimtrainer:low-fps';

/** The measured average frame rate, frames per second (2 decimals). */
export interface LowFpsDetail {
  fps: number;
}

/** Watches frame times and trips once when the 3-sample average drops below 30 fps. */
export class LowFpsMonitor {
  private windowStart = Number.NaN;
  private frames = 0;
  private samples: number[] = [];
  private tripped = false;

  /**
   * Records a rendered frame at wall time `nowMs` (performance.now()). Returns the average fps
   * of the last LOW_FPS_SAMPLES samples the first time it is below LOW_FPS_THRESHOLD, else null
   * (and null for ever after it tripped).
   */
  frame(nowMs: number): number | null {
    if (this.tripped) return null;
    if (!Number.isFinite(this.windowStart)) {
      // the first frame opens the window; it ends the interval before it, not a frame of it
      this.windowStart = nowMs;
      this.frames = 0;
      return null;
    }
    this.frames++;
    let result: number | null = null;
    while (nowMs - this.windowStart >= LOW_FPS_SAMPLE_MS) {
      this.samples.push(this.frames);
      if (this.samples.length > LOW_FPS_SAMPLES) this.samples.shift();
      this.frames = 0;
      this.windowStart += LOW_FPS_SAMPLE_MS;
      if (this.samples.length === LOW_FPS_SAMPLES) {
        const avg = this.samples.reduce((a, b) => a + b, 0) / LOW_FPS_SAMPLES;
        if (avg < LOW_FPS_THRESHOLD) result = Math.round(avg * 100) / 100;
      }
    }
    if (result !== null) this.tripped = true;
    return result;
  }

  /** Forgets the current window and the samples (a pause); a trip stays a trip. */
  reset(): void {
    this.windowStart = Number.NaN;
    this.frames = 0;
    this.samples = [];
  }

  /** Whether the monitor has tripped. */
  get hasTripped(): boolean {
    return this.tripped;
  }
}

/** The storage that remembers the notice per browser session (sessionStorage where usable). */
export interface SessionFlagStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function sessionStore(): SessionFlagStore | null {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null; // storage blocked (privacy settings)
  }
}

/**
 * Whether the low-FPS notice should show now: the player has it enabled
 * (game_options.other.low_fps.notification_enabled; missing = enabled, the section 3 default)
 * and it has not shown in this browser session. Marks it shown when it returns true. A blocked
 * sessionStorage counts as a fresh session each page.
 */
export function claimLowFpsNotice(enabled: boolean | undefined, store: SessionFlagStore | null = sessionStore()): boolean {
  if (enabled === false) return false;
  try {
    if (store?.getItem(LOW_FPS_SESSION_KEY) === '1') return false;
    store?.setItem(LOW_FPS_SESSION_KEY, '1');
  } catch {
    // quota / privacy errors: show it; only the once-per-session memory is lost
  }
  return true;
}

/** Dispatches {@link LOW_FPS_EVENT} on `target` (default `window`; no-op without one). */
export function announceLowFps(detail: LowFpsDetail, target: EventTarget | null = typeof window !== 'undefined' ? window : null): void {
  if (!target || typeof CustomEvent !== 'function') return;
  target.dispatchEvent(new CustomEvent<LowFpsDetail>(LOW_FPS_EVENT, { detail }));
}
