/**
 * The dynamic crosshair's spread (pure; no DOM): how far the arms (and the disc) of a crosshair
 * whose `firing_inaccuracy` / `movement_inaccuracy` (`disc_*`) flags are on move out while the
 * player fires or walks (spec section 3 names the flags; crosshairGeometry.ts draws the spread).
 *
 * Visual only. Our shots have no inaccuracy: every shot hits exactly where the crosshair's centre
 * is (the drill engine's ray), so the spread tells the player that they are firing or moving,
 * the way CS-style dynamic crosshairs do, and never changes a result or a replay.
 *
 * The spec gives no amounts; ours, chosen so the default crosshair (gap 2 px, len 8 px) stays
 * readable: each shot pushes the arms out FIRING_SPREAD_STEP_PX, up to FIRING_SPREAD_MAX_PX, and
 * they recover at FIRING_SPREAD_RECOVERY_PX_PER_S (one shot recovers in 100 ms, so a 20 shots/s
 * automatic weapon held down keeps the spread near its cap); walking at the drill's full
 * player movement speed adds MOVEMENT_SPREAD_MAX_PX, proportionally below it. The walking speed
 * is measured from the eye position over windows of at least MOVEMENT_WINDOW_MS (the eye moves
 * once per 15.625 ms tick, frames can come faster, so a single frame's delta would flicker).
 */
import type { DrillEngine } from '../contracts/engine';

/** px the arms move out per shot. */
export const FIRING_SPREAD_STEP_PX = 4;
/** Most px of firing spread. */
export const FIRING_SPREAD_MAX_PX = 12;
/** Firing spread recovered per second, px/s. */
export const FIRING_SPREAD_RECOVERY_PX_PER_S = 40;
/** px of movement spread at the drill's full player movement speed. */
export const MOVEMENT_SPREAD_MAX_PX = 8;
/** Shortest window the walking speed is measured over, ms (≥ 3 engine ticks). */
export const MOVEMENT_WINDOW_MS = 50;

/** The eye position, metres (DrillEngine.eye). */
type Eye = DrillEngine['eye'];

/** The spread to draw, CSS px (CrosshairOverlay.setSpread). */
export interface SpreadPx {
  firingPx: number;
  movementPx: number;
}

/** Follows shots and the eye frame by frame (see the file comment). */
export class CrosshairSpreadModel {
  private firing = 0;
  private lastMs = Number.NaN;
  /** start of the current speed window (NaN: none) and the eye there, metres */
  private anchorMs = Number.NaN;
  private ax = 0;
  private ay = 0;
  private az = 0;
  private movement = 0;
  /** the result of `frame`, reused (no allocation per frame) */
  private readonly out: SpreadPx = { firingPx: 0, movementPx: 0 };

  /** @param fullSpeed the drill's player movement speed, m/s (≤ 0: the player cannot walk, no
   * movement spread) */
  constructor(private readonly fullSpeed: number) {}

  /**
   * One rendered frame at `nowMs` (performance.now() timebase) in which `shots` shots were
   * resolved (the frame's hit and miss events) and the eye is at `eye` (metres). Returns the
   * spread to draw, px, rounded to 1/100 px so an unchanged spread compares equal. The returned
   * object is the model's own, overwritten by the next call.
   */
  frame(nowMs: number, shots: number, eye: Eye): SpreadPx {
    const dt = Number.isFinite(this.lastMs) ? Math.max(0, nowMs - this.lastMs) : 0;
    this.lastMs = nowMs;
    this.firing = Math.max(0, this.firing - (FIRING_SPREAD_RECOVERY_PX_PER_S * dt) / 1000);
    if (shots > 0) this.firing = Math.min(FIRING_SPREAD_MAX_PX, this.firing + shots * FIRING_SPREAD_STEP_PX);

    if (this.fullSpeed > 0) {
      if (!Number.isFinite(this.anchorMs)) {
        this.anchorAt(nowMs, eye);
      } else if (nowMs - this.anchorMs >= MOVEMENT_WINDOW_MS) {
        const d = Math.hypot(eye.x - this.ax, eye.y - this.ay, eye.z - this.az);
        const speed = (d * 1000) / (nowMs - this.anchorMs);
        this.movement = MOVEMENT_SPREAD_MAX_PX * Math.min(1, speed / this.fullSpeed);
        this.anchorAt(nowMs, eye);
      }
    }
    this.out.firingPx = round2(this.firing);
    this.out.movementPx = round2(this.movement);
    return this.out;
  }

  private anchorAt(nowMs: number, eye: Eye): void {
    this.anchorMs = nowMs;
    this.ax = eye.x;
    this.ay = eye.y;
    this.az = eye.z;
  }

  /** Back to no spread (a new round, a resume: time paused is not recovery time). */
  reset(): void {
    this.firing = 0;
    this.movement = 0;
    this.lastMs = Number.NaN;
    this.anchorMs = Number.NaN;
  }

  /** Forgets the clock but keeps the spread (a resume after a pause). */
  resume(): void {
    this.lastMs = Number.NaN;
    this.anchorMs = Number.NaN;
    this.movement = 0;
  }
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** The number of shots resolved among `events` (each shot gives one hit or one miss event). */
export function shotsOf(events: ReadonlyArray<{ type: string }>): number {
  let n = 0;
  for (const e of events) if (e.type === 'hit' || e.type === 'miss') n++;
  return n;
}
