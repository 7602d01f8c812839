/**
 * The round clock and the fixed-step frame plan (pure; no Babylon, no DOM). All times are ms
 * on the performance.now() / event.timeStamp timebase ("wall ms") or in round time (ms since
 * the round started, paused time excluded).
 */
import { TICK_MS } from '../contracts/constants';

/**
 * Round time = wall time − start − total paused time. While paused the round time stays at the
 * moment of the pause. Not started: round time 0.
 */
export class RoundClock {
  private startWall = 0;
  private pausedTotal = 0;
  private pausedAt: number | null = null;
  private started = false;

  /** Starts the round at wall time `nowMs` (round time 0). Clears any pause. */
  start(nowMs: number): void {
    this.startWall = nowMs;
    this.pausedTotal = 0;
    this.pausedAt = null;
    this.started = true;
  }

  /** True once `start` was called. */
  get isStarted(): boolean { return this.started; }

  /** True between `pause` and `resume`. */
  get isPaused(): boolean { return this.pausedAt !== null; }

  /** Freezes the round clock at wall time `nowMs` (no-op when already paused). */
  pause(nowMs: number): void {
    if (this.pausedAt === null) this.pausedAt = nowMs;
  }

  /** Continues the clock at wall time `nowMs`; the paused span is excluded from round time. */
  resume(nowMs: number): void {
    if (this.pausedAt === null) return;
    this.pausedTotal += Math.max(0, nowMs - this.pausedAt);
    this.pausedAt = null;
  }

  /** Round time in ms at wall time `nowMs` (frozen while paused; 0 before `start`). */
  roundTime(nowMs: number): number {
    if (!this.started) return 0;
    const at = this.pausedAt ?? nowMs;
    return at - this.startWall - this.pausedTotal;
  }

  /** Round time (ms) of an input event stamped `timeStampMs` (event.timeStamp) while running.
   * Same as `roundTime` but never frozen: it is meant for events delivered while not paused. */
  eventRoundTime(timeStampMs: number): number {
    return timeStampMs - this.startWall - this.pausedTotal;
  }
}

/** What one rendered frame must simulate. */
export interface FramePlan {
  /** the engine should have run this many ticks after the frame (ticks 0 .. tick−1) */
  targetTick: number;
  /** round time (ms) at the end of those ticks: targetTick · TICK_MS, exact */
  boundaryMs: number;
  /** fraction of the current tick elapsed at the frame's round time, 0 ≤ alpha < 1
   * (1 once the round's last tick is done); used to interpolate previous → current positions */
  alpha: number;
}

/**
 * Fixed-step accumulator: at round time `roundTimeMs`, every tick whose window
 * [k·TICK_MS, (k+1)·TICK_MS) has fully elapsed is due, capped at `durationTicks`; `alpha` is the
 * fraction of the next tick already elapsed. Negative round times plan 0 ticks.
 */
export function planFrame(roundTimeMs: number, durationTicks: number): FramePlan {
  const t = Math.max(0, roundTimeMs);
  let targetTick = Math.floor(t / TICK_MS);
  let alpha = (t - targetTick * TICK_MS) / TICK_MS;
  if (targetTick >= durationTicks) {
    targetTick = durationTicks;
    alpha = 1;
  }
  return { targetTick, boundaryMs: targetTick * TICK_MS, alpha };
}

/** How often the FPS counter's shown value may change, ms (FpsMeter.shown): twice a second, as
 * game FPS counters refresh. The one-second count changes on most frames when frame times vary,
 * and each change re-rendered the HUD (React, style, layout, paint and raster of its layer),
 * under software GL most of what the HUD cost a frame (issue 11). */
export const FPS_SHOWN_MS = 500;

/** Frames per second over a sliding one-second window of frame times (wall ms). */
export class FpsMeter {
  private times: number[] = [];
  private shownValue = 0;
  private shownAt = -Infinity;
  /** wall ms of the first frame since the last reset (-1: none yet) */
  private startedAt = -1;

  /** Records a frame at wall time `nowMs` and returns the frames counted in (nowMs − 1000, nowMs]. */
  frame(nowMs: number): number {
    if (this.startedAt < 0) this.startedAt = nowMs;
    this.times.push(nowMs);
    let drop = 0;
    while (drop < this.times.length && this.times[drop] <= nowMs - 1000) drop++;
    if (drop > 0) this.times.splice(0, drop);
    return this.times.length;
  }

  /**
   * The value the FPS counter shows at `nowMs` (call after `frame`), frames per second: the
   * one-second count, or within the first second after a reset the rate of the frames so far
   * ((frames − 1) × 1000 / their span: the count alone would read 1, 2, 3 ... there). Taken again
   * only when FPS_SHOWN_MS have passed since it was last taken and two frames give a rate; until
   * then the last value shown stays (across a pause too).
   */
  shown(nowMs: number): number {
    if (nowMs - this.shownAt < FPS_SHOWN_MS || this.times.length < 2) return this.shownValue;
    const span = nowMs - this.times[0];
    this.shownValue = nowMs - this.startedAt >= 1000 || span <= 0
      ? this.times.length
      : Math.round(((this.times.length - 1) * 1000) / span);
    this.shownAt = nowMs;
    return this.shownValue;
  }

  /** Forgets all frames (after a pause); `shown` keeps its value until two new frames give a rate. */
  reset(): void {
    this.times = [];
    this.shownAt = -Infinity;
    this.startedAt = -1;
  }
}
