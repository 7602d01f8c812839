/**
 * Screen placement of world points (pure; no Babylon, no DOM): where a point lands on the view,
 * and, for a point outside it, the off-screen spawn arrow on the view's edge that points at it
 * (spec section 2: "off-screen spawn arrows (top, left, bottom, right)"), and the kill / crit
 * pop-ups' life (spec section 2: "pop-up graphics").
 *
 * View space: (cx, cy, cz) = the point minus the eye, dotted with the view basis (aim.ts
 * viewBasis): cx to the right, cy up, cz ahead (metres). The view spans |cx/cz| ≤ tanH and
 * |cy/cz| ≤ tanV, tanH / tanV = tangents of the half field of view horizontally / vertically.
 * Screen pixels: x right, y down, (0, 0) the view's top-left corner.
 */
import type { ViewBasis } from './aim';

/** The view edge an arrow sits on. */
export type ArrowEdge = 'top' | 'left' | 'bottom' | 'right';

/** An off-screen arrow: its tip's centre on the view (px), the edge, and the direction it
 * points (radians, screen convention: 0 = right, π/2 = down). */
export interface ArrowPlacement { edge: ArrowEdge; x: number; y: number; angle: number }

/** A point in view space (metres). */
export interface ViewPoint { cx: number; cy: number; cz: number }

/** (x, y, z) − eye in view space of `basis`. Writes into and returns `out`. */
export function toView(x: number, y: number, z: number, eye: { x: number; y: number; z: number }, basis: ViewBasis, out: ViewPoint): ViewPoint {
  const dx = x - eye.x, dy = y - eye.y, dz = z - eye.z;
  out.cx = dx * basis.rx + dy * basis.ry + dz * basis.rz;
  out.cy = dx * basis.ux + dy * basis.uy + dz * basis.uz;
  out.cz = dx * basis.fx + dy * basis.fy + dz * basis.fz;
  return out;
}

/** Whether view point (cx, cy, cz) is inside the view (ahead, and within both half-angles). */
export function inView(cx: number, cy: number, cz: number, tanH: number, tanV: number): boolean {
  return cz > 0 && Math.abs(cx) <= cz * tanH && Math.abs(cy) <= cz * tanV;
}

/** Screen position (px) of a view point ahead of the eye on a `width` × `height` view; null
 * when it is not ahead (cz ≤ 0). Writes into and returns `out`. */
export function screenPoint(cx: number, cy: number, cz: number, tanH: number, tanV: number, width: number, height: number,
  out: { x: number; y: number }): { x: number; y: number } | null {
  if (cz <= 1e-6) return null;
  out.x = width / 2 + (cx / (cz * tanH)) * (width / 2);
  out.y = height / 2 - (cy / (cz * tanV)) * (height / 2);
  return out;
}

/** Insets of the rectangle the arrows sit on, px from each edge of the view. */
export interface ArrowInsets { top: number; right: number; bottom: number; left: number }

/**
 * The arrow for a view point outside the view, or null when it is inside. Ahead of the eye
 * (cz > 0) the arrow points along (cx / tanH, cy / tanV) on screen and sits where that direction
 * from the view's centre meets the rectangle inset `insets` px from the view's edges (the top
 * inset keeps arrows off the HUD); the edge is the side that rectangle is met on. Behind the eye
 * (cz ≤ 0) the way to turn is left or right, so the arrow sits on the left or right edge (the
 * side of cx; straight behind counts as right), pointing sideways, at the height given by
 * cy / (|cx| + |cz|) / tanV (clamped to the rectangle).
 */
export function offscreenArrow(cx: number, cy: number, cz: number, tanH: number, tanV: number, width: number, height: number,
  insets: ArrowInsets, out: ArrowPlacement): ArrowPlacement | null {
  if (inView(cx, cy, cz, tanH, tanV)) return null;
  if (cz <= 0) {
    const right = cx >= 0;
    const up = cy / ((Math.abs(cx) + Math.abs(cz)) || 1) / tanV;
    const k = Math.max(-1, Math.min(1, up));
    out.edge = right ? 'right' : 'left';
    out.x = right ? width - insets.right : insets.left;
    out.y = k >= 0 ? height / 2 - k * (height / 2 - insets.top) : height / 2 - k * (height / 2 - insets.bottom);
    out.angle = right ? 0 : Math.PI;
    return out;
  }
  let dx = cx / tanH;
  let dy = 0 - cy / tanV; // screen y is down (0 − x: no −0, so a level target points at angle 0 or π)
  if (Math.abs(dx) < 1e-9 && Math.abs(dy) < 1e-9) { dx = 1; dy = 0; }
  const hw = Math.max(1, width / 2 - (dx > 0 ? insets.right : insets.left));
  const hh = Math.max(1, height / 2 - (dy > 0 ? insets.bottom : insets.top));
  const kx = Math.abs(dx) > 0 ? hw / Math.abs(dx) : Infinity;
  const ky = Math.abs(dy) > 0 ? hh / Math.abs(dy) : Infinity;
  const k = Math.min(kx, ky);
  out.x = width / 2 + dx * k;
  out.y = height / 2 + dy * k;
  out.edge = kx <= ky ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'bottom' : 'top');
  out.angle = Math.atan2(dy, dx);
  return out;
}

/** How long a kill / crit pop-up shows, ms (our choice; Aim Lab's read for about as long). */
export const POPUP_MS = 700;
/** Most pop-ups at once; a new one replaces the oldest. */
export const MAX_POPUPS = 12;
/** How far a pop-up rises over its life, px. */
export const POPUP_RISE_PX = 36;

/** One pop-up: where the kill happened (metres), whether it was a critical kill, when (ms). */
export interface Popup { x: number; y: number; z: number; crit: boolean; at: number }

/**
 * The live pop-ups (kills and critical kills, from the engine's 'removed' events). Fixed
 * capacity, oldest replaced.
 */
export class PopupList {
  private readonly items: Popup[] = [];
  private next = 0;

  /** Adds a pop-up for a kill at (x, y, z) (metres) at `nowMs`. */
  add(x: number, y: number, z: number, crit: boolean, nowMs: number): void {
    if (this.items.length < MAX_POPUPS) this.items.push({ x, y, z, crit, at: nowMs });
    else {
      const p = this.items[this.next];
      p.x = x; p.y = y; p.z = z; p.crit = crit; p.at = nowMs;
      this.next = (this.next + 1) % MAX_POPUPS;
    }
  }

  /** Calls `cb` for each pop-up alive at `nowMs` with its progress 0..1. */
  forEachAlive(nowMs: number, cb: (p: Popup, progress: number) => void): void {
    for (const p of this.items) {
      const k = (nowMs - p.at) / POPUP_MS;
      if (k >= 0 && k < 1) cb(p, k);
    }
  }

  /** Whether any pop-up is alive at `nowMs`. */
  anyAlive(nowMs: number): boolean {
    return this.items.some((p) => nowMs - p.at >= 0 && nowMs - p.at < POPUP_MS);
  }

  /** Removes every pop-up. */
  clear(): void {
    this.items.length = 0;
    this.next = 0;
  }
}

/** A pop-up's look at `progress` 0..1: scale pops from 0.6 to 1.15 in the first 15 % then
 * settles at 1; it rises POPUP_RISE_PX (ease-out) and fades out over the last 40 %. */
export function popupLook(progress: number): { scale: number; rise: number; alpha: number } {
  const p = Math.max(0, Math.min(1, progress));
  const scale = p < 0.15 ? 0.6 + (0.55 * p) / 0.15 : p < 0.3 ? 1.15 - (0.15 * (p - 0.15)) / 0.15 : 1;
  const rise = POPUP_RISE_PX * (1 - (1 - p) * (1 - p));
  const alpha = p < 0.6 ? 1 : 1 - (p - 0.6) / 0.4;
  return { scale, rise, alpha };
}

/** One kept arrow: its angle off the aim (radians) and its placement (set by `finish`), and the
 * target's view point. */
export interface ArrowCandidate { off: number; a: ArrowPlacement; cos: number; cx: number; cy: number; cz: number }

/**
 * Picks the off-screen arrows of a frame: of the live targets outside the view, the `max`
 * nearest the aim (by the angle between the aim and the target, radians), each with its
 * offscreenArrow placement. `begin` once per frame with the view, `consider` each live target
 * (TargetRenderer.sync calls it in its single pass over the targets), `finish`,
 * then read `count` and `candidates` (nearest first). `consider` also says whether the target's
 * bars can show on the view (its centre within the view widened by BAR_REACH radii), so
 * nothing is written for the bars of targets far outside it. Per target: the view-space
 * transform, the
 * inView test and, outside the view, the angle off the aim compared with the farthest kept's
 * (squared cosines: no square root for a target that is not kept); the angle and the placement
 * are computed in `finish` for the kept ones only.
 * Allocates nothing per target.
 */
/** How far around a target's centre its bars can reach, in target radii: the bars stack up to
 * about 2 radii above the centre and are 2.1 radii wide at the largest status_bar_size
 * (barModel.ts barSize); 2.5 leaves a margin. */
export const BAR_REACH = 2.5;

export class ArrowPicker {
  /** the frame's kept arrows, nearest the aim first (the first `count` are valid; `off` and `a`
   * after `finish`) */
  readonly candidates: ArrowCandidate[] = [];
  /** arrows kept this frame */
  count = 0;
  /** whether `consider` keeps arrows (hud.spawn_indicator; off: it only reports visibility) */
  keepArrows = true;
  private eyeX = 0;
  private eyeY = 0;
  private eyeZ = 0;
  private tanH = 1;
  private tanV = 1;
  private width = 0;
  private height = 0;
  private basis: ViewBasis | null = null;

  /** @param max most arrows kept (worldOverlay.ts MAX_ARROWS)
   *  @param insets where arrows sit, px from the view's edges (worldOverlay.ts ARROW_INSETS) */
  constructor(readonly max: number, private readonly insets: ArrowInsets) {
    for (let i = 0; i < max; i++) this.candidates.push({ off: 0, a: { edge: 'right', x: 0, y: 0, angle: 0 }, cos: 0, cx: 0, cy: 0, cz: 0 });
  }

  /** Starts a frame: no arrows; the view's `eye` (metres), `basis` (aim.ts viewBasis, kept by
   * reference for this frame), half-angle tangents and size (px). */
  begin(eye: { x: number; y: number; z: number }, basis: ViewBasis, tanH: number, tanV: number, width: number, height: number): void {
    this.count = 0;
    this.eyeX = eye.x; this.eyeY = eye.y; this.eyeZ = eye.z;
    this.basis = basis;
    this.tanH = tanH; this.tanV = tanV;
    this.width = width; this.height = height;
  }

  /** A live target at `p` (metres: the position the view draws it at this frame, and its
   * radius; TargetRenderer.sync passes the interpolated position, so the bars' test matches
   * where the bars are drawn): keeps its arrow when it is outside the view, and returns whether
   * its bars can show (its centre within the view widened by BAR_REACH radii). (An object, not
   * numbers: a call V8 does not inline boxes its number arguments, a heap allocation per target
   * per frame.) */
  consider(p: { readonly x: number; readonly y: number; readonly z: number; readonly radius: number }): boolean {
    const b = this.basis;
    if (!b) return true;
    const dx = p.x - this.eyeX, dy = p.y - this.eyeY, dz = p.z - this.eyeZ; // toView, written out
    const cx = dx * b.rx + dy * b.ry + dz * b.rz;
    const cy = dx * b.ux + dy * b.uy + dz * b.uz;
    const cz = dx * b.fx + dy * b.fy + dz * b.fz;
    if (cz > 0 && Math.abs(cx) <= cz * this.tanH && Math.abs(cy) <= cz * this.tanV) return true; // inView: no arrow
    // outside the view (kept out of this small function, so that V8 inlines it into the
    // caller's loop; the view point goes by fields: number arguments of a call V8 does not
    // inline are boxed, a heap allocation each)
    this.cx = cx; this.cy = cy; this.cz = cz;
    return this.outside(p.radius);
  }

  /** The view point `consider` found outside the view (metres) */
  private cx = 0;
  private cy = 0;
  private cz = 0;

  /** `consider` of the view point in `cx`, `cy`, `cz`, outside the view, of a target of
   * `radius` (metres): keeps its arrow when it is among the `max` nearest the aim; returns
   * whether its bars can show. */
  private outside(radius: number): boolean {
    const cx = this.cx, cy = this.cy, cz = this.cz;
    const reach = BAR_REACH * radius;
    const seen = cz > -reach && Math.abs(cx) <= cz * this.tanH + reach * (1 + this.tanH)
      && Math.abs(cy) <= cz * this.tanV + reach * (1 + this.tanV);
    if (!this.keepArrows) return seen;
    // keep the arrow if it is among the `max` nearest the aim
    const len2 = cx * cx + cy * cy + cz * cz;
    const cand = this.candidates;
    let i = this.count;
    if (i === this.max) {
      if (i === 0) return seen;
      // no nearer than the farthest kept (cos ≤ w), decided without the square root:
      // cos = cz / √len2 ≤ w ⟺ (w ≥ 0: cz ≤ 0 or cz² ≤ w²·len2; w < 0: cz < 0 and cz² ≥ w²·len2)
      const w = cand[i - 1].cos;
      const w2l = w * w * len2;
      if (w >= 0 ? cz <= 0 || cz * cz <= w2l : cz < 0 && cz * cz >= w2l) return seen;
      i--;
    } else this.count++;
    const cos = cz / (Math.sqrt(len2) || 1); // of the angle off the aim
    const slot = cand[i]; // the free (or dropped farthest) entry, reused
    while (i > 0 && cand[i - 1].cos < cos) {
      cand[i] = cand[i - 1];
      i--;
    }
    cand[i] = slot;
    slot.cos = cos; slot.cx = cx; slot.cy = cy; slot.cz = cz;
    return seen;
  }

  /** Ends the frame: each kept arrow's angle off the aim (`off`, radians) and its offscreenArrow
   * placement (`a`). */
  finish(): void {
    for (let i = 0; i < this.count; i++) {
      const c = this.candidates[i];
      c.off = Math.acos(Math.max(-1, Math.min(1, c.cos)));
      offscreenArrow(c.cx, c.cy, c.cz, this.tanH, this.tanV, this.width, this.height, this.insets, c.a);
    }
  }
}
