/**
 * Multi-monitor mode (spec sections 3 and 9; issue 19 item 1), the pure part: a drill whose
 * config sets `multiMonitorMode` is drawn as one view per canvas (monitor) side by side, the base
 * fov divided by the canvas count, the middle canvas looking straight ahead. No Babylon, no DOM:
 * multiViewRig.ts applies a layout to the cameras; worldOverlay.ts projects pop-ups with
 * {@link multiViewScreenPoint}.
 *
 * Geometry. The game canvas is cut into `count` equal columns (a surround setup spans the window
 * over its monitors, so each column is one monitor). The "base fov" is the horizontal fov the
 * single camera would show on the whole canvas (fov.ts horizontalFovDeg, which applies the fov
 * type and the spec's lock axis); each view gets `base / count` horizontally, and view i is
 * turned about the eye's up axis by (i − (count − 1) / 2) × that fov, so the columns meet edge to
 * edge and together cover the base fov. Every view has the same vertical fov (its column's
 * aspect). The aim, the crosshair and every hit test follow the middle view, which is the
 * engine's camera: with an odd count its centre is the canvas centre.
 */

/** Babylon layer mask bit of what only the middle view draws: the first-person weapon (it is
 * held in front of the eye, so a turned side view would show it cut at the seam). The eye camera's
 * mask includes it; the side views' masks do not (Babylon draws a mesh for a camera when
 * mesh.layerMask & camera.layerMask ≠ 0; both default to 0x0FFFFFFF). */
export const MIDDLE_VIEW_LAYER = 0x1000_0000;

/** Canvases (monitors) of multi-monitor mode: 3, the triple-monitor surround setup. */
export const MULTI_MONITOR_VIEWS = 3;

/** One view of a layout. */
export interface MultiViewPart {
  /** the view's column on the canvas, fractions of the canvas width (Babylon Viewport x / width) */
  x: number;
  width: number;
  /** the turn from the middle view about the eye's up axis, radians; > 0 = to the right */
  yawOffsetRad: number;
}

/** How a canvas is split into views. */
export interface MultiViewLayout {
  count: number;
  /** each view's horizontal fov, radians (the base fov / count, divided by the ADS zoom) */
  eachHfovRad: number;
  /** each view's vertical fov, radians (the same for all; from the column's aspect) */
  vfovRad: number;
  /** left to right */
  views: MultiViewPart[];
}

/**
 * The layout of `count` views (an integer ≥ 1; anything else → 1) over a canvas of `aspect`
 * (w / h) for a base horizontal fov of `baseHfovRad` radians (the fov the single camera shows on
 * the whole canvas) at ADS zoom `zoom` (≥ 1; anything else → 1; the zoom divides each view's fov
 * and so the turn between views, as it divides the single camera's fov: fov.ts
 * zoomedFovRadians). Each view: width 1 / count, horizontal fov base / count / zoom, turned
 * (i − (count − 1) / 2) × that fov; vertical fov 2·atan(tan(each / 2) / columnAspect).
 */
export function multiViewLayout(count: number, baseHfovRad: number, aspect: number, zoom = 1): MultiViewLayout {
  const n = Number.isInteger(count) && count >= 1 ? count : 1;
  const z = Number.isFinite(zoom) && zoom >= 1 ? zoom : 1;
  const each = baseHfovRad / n / z;
  const columnAspect = (Number.isFinite(aspect) && aspect > 0 ? aspect : 16 / 9) / n;
  const views: MultiViewPart[] = [];
  for (let i = 0; i < n; i++) {
    views.push({ x: i / n, width: 1 / n, yawOffsetRad: (i - (n - 1) / 2) * each });
  }
  return { count: n, eachHfovRad: each, vfovRad: 2 * Math.atan(Math.tan(each / 2) / columnAspect), views };
}

/** The views of a split canvas, for projecting view points: what multiViewScreenPoint needs. */
export interface SplitView {
  count: number;
  /** tan of half of each view's horizontal fov */
  tanEach: number;
  /** each view's horizontal fov, radians */
  eachHfovRad: number;
}

/**
 * The canvas point (px from the top-left of a `width` × `height` canvas) of a view point
 * (cx right, cy up, cz ahead of the middle view, as offscreen.ts toView gives it) on a canvas
 * split as `split`, with vertical half-angle tangent `tanV`; null when no view shows it (behind,
 * outside the views' combined horizontal fov, or above / below its view). The view is the one
 * whose horizontal angle range holds atan2(cx, cz); the point is turned into that view (about
 * the up axis by −offset) and projected as offscreen.ts screenPoint does, into its column.
 */
export function multiViewScreenPoint(cx: number, cy: number, cz: number, split: SplitView, tanV: number,
  width: number, height: number, out: { x: number; y: number }): { x: number; y: number } | null {
  const angle = Math.atan2(cx, cz);
  const i = Math.floor(angle / split.eachHfovRad + split.count / 2);
  if (i < 0 || i >= split.count) return null;
  const off = (i - (split.count - 1) / 2) * split.eachHfovRad;
  const c = Math.cos(off), s = Math.sin(off);
  const x = cx * c - cz * s;
  const z = cx * s + cz * c;
  if (z <= 1e-6 || Math.abs(cy) > z * tanV) return null;
  const col = width / split.count;
  out.x = col * i + col / 2 + (x / (z * split.tanEach)) * (col / 2);
  out.y = height / 2 - (cy / (z * tanV)) * (height / 2);
  return out;
}
