/**
 * The rendered frames of a round, as the game controller counts them (createGameController.ts):
 * the HUD's frame rate (roundClock.ts FpsMeter), the low-FPS monitor whose first trip announces
 * the notice once per session (lowFps.ts), and for the submission the frame count, the round
 * time reached and the frame durations (issue 15: the input health's frame-rate percentiles).
 */
import { announceLowFps, claimLowFpsNotice, LowFpsMonitor } from './lowFps';
import { FpsMeter } from './roundClock';

/** Most frame durations kept per round for the input health's frame-rate percentiles. */
export const MAX_FRAME_TIMES = 200_000;

export class RoundStats {
  private readonly fps = new FpsMeter();
  private readonly lowFpsMonitor = new LowFpsMonitor(); // trips once per page
  private lastFps = 0;
  /** frames rendered this round */
  frameCount = 0;
  /** issue 15: rendered frame durations of the round (ms), for the input health (the first
   * MAX_FRAME_TIMES: 10 minutes at 333 fps) */
  frameTimes: number[] = [];
  private lastFrameAt = 0;
  private lastRoundTime = 0;

  /** A new round: nothing counted yet. */
  roundStarted(): void {
    this.fps.reset();
    this.lowFpsMonitor.reset();
    this.frameCount = 0;
    this.frameTimes = [];
    this.lastRoundTime = 0;
  }

  /** Paused: the frame rate starts over on resume. */
  paused(): void {
    this.fps.reset();
    this.lowFpsMonitor.reset();
  }

  /** The loop (re)starts: a pause is not a frame. */
  loopStarted(): void {
    this.lastFrameAt = 0;
  }

  /** A frame rendered at `now`: the frame rate. */
  fpsFrame(now: number): void {
    this.lastFps = this.fps.frame(now);
  }

  /** After fpsFrame: the low-FPS monitor (its notice when `noticeEnabled` allows), the frame's
   * count and duration, the round time it reached. */
  frameDone(now: number, roundTime: number, noticeEnabled: boolean | undefined): void {
    const lowFps = this.lowFpsMonitor.frame(now);
    if (lowFps !== null && claimLowFpsNotice(noticeEnabled)) {
      announceLowFps({ fps: lowFps }); // the low-FPS notice (src/ui/overlays/LowFpsNotice.tsx)
    }
    this.frameCount++;
    if (this.lastFrameAt > 0 && this.frameTimes.length < MAX_FRAME_TIMES) this.frameTimes.push(now - this.lastFrameAt);
    this.lastFrameAt = now;
    this.lastRoundTime = roundTime;
  }

  /** The frame rate the HUD shows at `now`. */
  shownFps(now: number): number {
    return this.fps.shown(now);
  }

  /** The average frame rate over the round's running time (pauses excluded), for a round of
   * `durationMs`. */
  averageFps(durationMs: number): number {
    const playedMs = Math.min(this.lastRoundTime, durationMs);
    return playedMs > 0 ? (this.frameCount * 1000) / playedMs : this.lastFps;
  }
}
