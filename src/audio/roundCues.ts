/**
 * Sound cues read from the round's state once per rendered frame (pure; unit-tested):
 * - walking: the eye moved horizontally since the last frame (the looping steps play while it
 *   does; a stop shorter than WALK_HOLD_MS does not cut them, so frame jitter does not stutter);
 * - reload 1 when a reload starts (the clip's reloadProgress leaves 0), reload 2 when it ends
 *   (reloadProgress back to 0 with the clip refilled).
 */

/** How long (ms) the steps keep playing after the eye stopped moving. */
export const WALK_HOLD_MS = 120;

/** What a frame asks of the audio: steps on/off and a reload sound (0 = none). */
export interface RoundCue {
  walking: boolean;
  reload: 0 | 1 | 2;
}

/** Tracks the eye and the clip across frames. */
export class RoundCues {
  private px = Number.NaN;
  private pz = Number.NaN;
  private lastMoveMs = -Infinity;
  private reloading = false;
  private readonly cue: RoundCue = { walking: false, reload: 0 };

  /** The cue of a frame at `nowMs` with the eye at (x, z) metres and the clip counters.
   * Returns the same object every call (no allocation per frame). */
  frame(nowMs: number, eye: { x: number; z: number }, clip: { size: number; remaining: number; reloadProgress: number }): RoundCue {
    const moved = Number.isFinite(this.px) && (eye.x - this.px) ** 2 + (eye.z - this.pz) ** 2 > 1e-10;
    this.px = eye.x;
    this.pz = eye.z;
    if (moved) this.lastMoveMs = nowMs;
    this.cue.walking = nowMs - this.lastMoveMs <= WALK_HOLD_MS;
    this.cue.reload = 0;
    const reloadingNow = clip.reloadProgress > 0 && clip.reloadProgress < 1;
    if (reloadingNow && !this.reloading) this.cue.reload = 1;
    else if (!reloadingNow && this.reloading && clip.remaining === clip.size) this.cue.reload = 2;
    this.reloading = reloadingNow;
    return this.cue;
  }

  /** Forgets the previous frame (a new round, a resume). */
  reset(): void {
    this.px = Number.NaN;
    this.pz = Number.NaN;
    this.lastMoveMs = -Infinity;
    this.reloading = false;
  }
}
