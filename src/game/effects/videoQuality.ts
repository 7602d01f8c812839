/**
 * Video options maths (pure; no Babylon): shadow map size for `video.shadows` (spec section 9
 * "Shadow map sizes 1024 (low) or 4096 (high), capped by hardware") and the automatic render
 * scale of `graphics_quality_auto` (spec section 5 "Render scale for automatic down or up
 * scaling stays between 0.6 and 1 in 0.1 steps").
 */

/** Shadow map edge for shadows 1 (low) and 2 (high), texels (spec section 9). */
export const SHADOW_MAP_LOW = 1024;
export const SHADOW_MAP_HIGH = 4096;

/**
 * The shadow map edge in texels for `shadows` (0 off, 1 low, 2 high; anything else: off) on
 * hardware whose largest texture is `maxTextureSize` texels: 0 when off, else min(1024 or
 * 4096, the largest power of two ≤ maxTextureSize). A missing / non-positive cap counts as
 * no cap.
 */
export function shadowMapSize(shadows: number | null | undefined, maxTextureSize: number | null | undefined): number {
  const want = shadows === 1 ? SHADOW_MAP_LOW : shadows === 2 ? SHADOW_MAP_HIGH : 0;
  if (want === 0) return 0;
  if (typeof maxTextureSize !== 'number' || !(maxTextureSize > 0)) return want;
  let cap = 1;
  while (cap * 2 <= maxTextureSize) cap *= 2;
  return Math.min(want, cap);
}

/** Automatic render scale bounds and step (spec section 5). */
export const AUTO_SCALE_MIN = 0.6;
export const AUTO_SCALE_MAX = 1;
export const AUTO_SCALE_STEP = 0.1;
/** Frame times are judged over windows of this many ms (our choice). */
export const AUTO_WINDOW_MS = 1000;
/** A window whose mean frame time is above this (ms; below 50 fps) steps the scale down. */
export const AUTO_DOWN_FRAME_MS = 20;
/** A window whose mean frame time is at most this (ms; about 57 fps or better) counts toward a
 * step up; the gap to AUTO_DOWN_FRAME_MS is the hysteresis. */
export const AUTO_UP_FRAME_MS = 17.5;
/** Consecutive good windows needed before stepping up. */
export const AUTO_UP_WINDOWS = 3;
/** Windows ignored after any change (the new scale settles; shader / buffer resizes). */
export const AUTO_COOLDOWN_WINDOWS = 1;
/** A gap between frames longer than this (ms) is not a frame time (a hidden tab, a blocked
 * page): the window restarts. Pauses stop the loop and reset the controller anyway. */
export const AUTO_GAP_MS = 1000;

/**
 * The automatic render scale: feed it each frame's page time (ms); it measures frame times
 * over AUTO_WINDOW_MS windows and steps the scale by 0.1 between 0.6 and 1: down after one slow
 * window (mean > 20 ms), up after AUTO_UP_WINDOWS fast ones in a row (mean ≤ 17.5 ms), never in
 * the AUTO_COOLDOWN_WINDOWS windows after a change. Gaps longer than AUTO_GAP_MS (a hidden
 * tab) restart the window instead of counting as a slow frame.
 */
export class AutoQualityController {
  private steps: number;
  private windowStart = -1;
  private last = -1;
  private frames = 0;
  private sumMs = 0;
  private good = 0;
  private cooldown = 0;

  /** @param start first scale (rounded to a 0.1 step in [0.6, 1]; default 1) */
  constructor(start = AUTO_SCALE_MAX) {
    this.steps = AutoQualityController.stepsOf(start);
  }

  private static stepsOf(scale: number): number {
    const s = Number.isFinite(scale) ? Math.max(AUTO_SCALE_MIN, Math.min(AUTO_SCALE_MAX, scale)) : AUTO_SCALE_MAX;
    return Math.round((s - AUTO_SCALE_MIN) / AUTO_SCALE_STEP);
  }

  /** The current render scale (0.6, 0.7, 0.8, 0.9 or 1). */
  get scale(): number {
    return Math.round((AUTO_SCALE_MIN + this.steps * AUTO_SCALE_STEP) * 10) / 10;
  }

  /** Forgets the measurements (after a pause); keeps the scale. */
  reset(): void {
    this.windowStart = -1; this.last = -1; this.frames = 0; this.sumMs = 0; this.good = 0;
  }

  /** Records a frame rendered at page time `now` (ms). Returns true when the scale changed. */
  frame(now: number): boolean {
    if (this.last < 0 || now - this.last > AUTO_GAP_MS || now < this.last) {
      this.last = now; this.windowStart = now; this.frames = 0; this.sumMs = 0;
      return false;
    }
    this.sumMs += now - this.last;
    this.frames++;
    this.last = now;
    if (now - this.windowStart < AUTO_WINDOW_MS) return false;
    const mean = this.sumMs / this.frames;
    this.windowStart = now; this.frames = 0; this.sumMs = 0;
    if (this.cooldown > 0) {
      this.cooldown--;
      return false;
    }
    const before = this.steps;
    if (mean > AUTO_DOWN_FRAME_MS) {
      this.good = 0;
      if (this.steps > 0) this.steps--;
    } else if (mean <= AUTO_UP_FRAME_MS) {
      this.good++;
      if (this.good >= AUTO_UP_WINDOWS) {
        this.good = 0;
        if (this.steps < AutoQualityController.stepsOf(AUTO_SCALE_MAX)) this.steps++;
      }
    } else this.good = 0;
    if (this.steps !== before) {
      this.cooldown = AUTO_COOLDOWN_WINDOWS;
      return true;
    }
    return false;
  }
}

/** The render scale in use: the automatic one when `auto`, else the player's
 * video.render_scale clamped to 0.5-1 (spec section 5; non-numbers → 1). */
export function effectiveRenderScale(auto: boolean, autoScale: number, renderScale: number | null | undefined): number {
  if (auto) return autoScale;
  return typeof renderScale === 'number' && renderScale > 0 ? Math.min(1, Math.max(0.5, renderScale)) : 1;
}

/** Latest automatic render scale for the settings UI (null = automatic quality not running);
 * listeners are told on each change. No Babylon: the Video tab reads it. */
let currentAutoScale: number | null = null;
const listeners = new Set<() => void>();
/** Publishes the automatic render scale (null when not in use). */
export function publishAutoRenderScale(scale: number | null): void {
  if (scale === currentAutoScale) return;
  currentAutoScale = scale;
  for (const l of listeners) l();
}
/** The automatic render scale in use now, or null. */
export function autoRenderScale(): number | null {
  return currentAutoScale;
}
/** Subscribes to changes (useSyncExternalStore shape); returns the unsubscribe. */
export function subscribeAutoRenderScale(cb: () => void): () => void {
  listeners.add(cb);
  return () => { listeners.delete(cb); };
}
