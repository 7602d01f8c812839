/**
 * The view side of aiming down sights (pure; no Babylon, no DOM). The engine says how much the
 * view is zoomed (DrillEngine.zoom: the drill's ADS zoom while the ADS button is held and the
 * drill has ADS, else 1); once per rendered frame the controller hands that number to
 * `AdsViewFollower.follow`, which, only when it changed,
 *  - tells the crosshair layer (CrosshairOverlay.setZoomed: zoom > 1 shows the ADS crosshair
 *    instead of the crosshair, when the player has one; spec section 2 "ADS crosshair layer"),
 *  - re-applies the camera fov divided by the zoom (fov.ts zoomedFovRadians),
 *  - shows the scope view while zoomed when the drill's weapon has a scope (scopeOverlay.ts:
 *    the sniper; other weapons keep the view above).
 */

import { adsZoomOf } from './fov';

/** What the follower drives. */
export interface AdsViewTargets {
  /** the crosshair layer (null before it exists) */
  overlay(): { setZoomed(zoomed: boolean): void } | null;
  /** re-applies the camera fov for `zoom` (≥ 1) */
  applyFov(zoom: number): void;
  /** the scope layer of a scoped weapon (null: the weapon has none, or before it exists) */
  scope?(): { setShown(shown: boolean): void } | null;
}

/** Follows DrillEngine.zoom frame by frame (see the file comment). */
export class AdsViewFollower {
  private zoom = 1;

  constructor(private readonly targets: AdsViewTargets) {}

  /** The zoom last applied (1 = not zoomed). */
  get current(): number { return this.zoom; }

  /** Whether the view is zoomed now (zoom > 1). */
  get zoomed(): boolean { return this.zoom > 1; }

  /** Applies `zoom` (DrillEngine.zoom; not finite or below 1 counts as 1) when it differs
   * from the last one. Returns true when something changed. */
  follow(zoom: number): boolean {
    const z = adsZoomOf(zoom);
    if (z === this.zoom) return false;
    this.zoom = z;
    this.targets.overlay()?.setZoomed(z > 1);
    this.targets.scope?.()?.setShown(z > 1);
    this.targets.applyFov(z);
    return true;
  }

  /** Back to unzoomed (a new round): applied at once. */
  reset(): void {
    this.zoom = 1;
    this.targets.overlay()?.setZoomed(false);
    this.targets.scope?.()?.setShown(false);
    this.targets.applyFov(1);
  }
}
