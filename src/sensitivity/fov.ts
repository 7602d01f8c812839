/**
 * Field-of-view conversions for the sensitivity converter. Pure functions: no DOM, no deps.
 *
 * Units: every angle argument and result is in DEGREES. `aspect` is the view's width / height
 * (16:9 = 16 / 9). Reference: `../shared/reference/sensitivity.md` section 3 (sources S4, S6, S7, S20).
 *
 * FOV types (spec section 3, "fov_type": h, v or h4:3; FILM names from S4):
 * - `'h'`    (FILM hML): the number is the horizontal FOV of the actual view.
 * - `'v'`    (FILM vML): the number is the vertical FOV.
 * - `'h4:3'` (FILM 4ML3; Source, Quake, Apex, Titanfall): the number is the horizontal FOV the view
 *   would have on a 4:3 screen. The vertical FOV is fixed by it at every aspect and the real
 *   horizontal FOV grows with the screen width (Hor+). Source does
 *   `ScaleFOVByWidthRatio(fov, (w/h) / (4/3))` (S7).
 *
 * Formulas (S6 `convertFOV`, S7 `ScaleFOVByWidthRatio`):
 *   vfov = 2·atan( tan(hfov/2) / a )            hfov = 2·atan( tan(vfov/2) · a )
 *   vfov = 2·atan( tan(h43/2) · 3/4 )           h43  = 2·atan( tan(vfov/2) · 4/3 )
 * Check values (sensitivity.md §3): 90 h4:3 = 73.74° vertical = 106.26° horizontal at 16:9;
 * 103 horizontal at 16:9 = 70.53° vertical = 86.63 h4:3; 70 vertical = 102.45° horizontal at 16:9.
 */
import type { FovType } from '../contracts/gameOptions';

export type { FovType };

/** The FOV types of the spec, in spec order. */
export const FOV_TYPES: readonly FovType[] = ['h', 'v', 'h4:3'];

/** 16:9, the aspect the game table's `hfov` / `vfov` columns are given at (sensitivity.md §6). */
export const ASPECT_16_9 = 16 / 9;
/** 4:3, the aspect an `'h4:3'` FOV is measured at (S7). */
export const ASPECT_4_3 = 4 / 3;

const DEG = Math.PI / 180;

/** @throws RangeError unless `fov` is a finite number of degrees strictly inside (0, 180). */
function checkFov(fov: number, what: string): void {
  if (typeof fov !== 'number' || !Number.isFinite(fov) || fov <= 0 || fov >= 180) {
    throw new RangeError(`${what} must be a finite angle in degrees inside (0, 180), got ${String(fov)}`);
  }
}

/** @throws RangeError unless `aspect` (width / height) is finite and > 0. */
function checkAspect(aspect: number): void {
  if (typeof aspect !== 'number' || !Number.isFinite(aspect) || aspect <= 0) {
    throw new RangeError(`aspect (width / height) must be a finite number > 0, got ${String(aspect)}`);
  }
}

/** @throws RangeError unless `type` is 'h', 'v' or 'h4:3'. */
function checkType(type: string): asserts type is FovType {
  if (type !== 'h' && type !== 'v' && type !== 'h4:3') {
    throw new RangeError(`fov type must be 'h', 'v' or 'h4:3', got ${String(type)}`);
  }
}

/** tan(half-angle) of an angle given in degrees. */
function tanHalf(deg: number): number {
  return Math.tan((deg * DEG) / 2);
}

/** The full angle in degrees whose half-angle tangent is `t`. */
function angleFromTanHalf(t: number): number {
  return (2 * Math.atan(t)) / DEG;
}

/**
 * The horizontal-to-vertical ratio tan(h/2) / tan(v/2) of a FOV type: `aspect` for 'h',
 * 4/3 for 'h4:3' (S7: measured at 4:3 whatever the screen), 1 for 'v'.
 */
function widthRatio(type: FovType, aspect: number): number {
  if (type === 'h') return aspect;
  if (type === 'h4:3') return ASPECT_4_3;
  return 1;
}

/**
 * Vertical FOV in degrees of a view whose FOV is `fov` degrees of type `type` at `aspect` (w/h).
 * 'h': 2·atan(tan(fov/2)/aspect); 'h4:3': 2·atan(tan(fov/2)·3/4) (aspect-independent, S7); 'v': fov.
 * @throws RangeError for a non-finite or out-of-range (0, 180) `fov`, a non-positive `aspect`, or an unknown type.
 */
export function toVerticalFov(fov: number, type: FovType, aspect: number): number {
  checkFov(fov, 'fov');
  checkType(type);
  checkAspect(aspect);
  if (type === 'v') return fov;
  return angleFromTanHalf(tanHalf(fov) / widthRatio(type, aspect));
}

/**
 * The FOV value of type `type` (degrees) that gives the vertical FOV `vfov` at `aspect` (w/h):
 * the inverse of {@link toVerticalFov}. 'h': 2·atan(tan(vfov/2)·aspect); 'h4:3': 2·atan(tan(vfov/2)·4/3); 'v': vfov.
 * @throws RangeError for a non-finite or out-of-range (0, 180) `vfov`, a non-positive `aspect`, or an unknown type.
 */
export function fromVerticalFov(vfov: number, type: FovType, aspect: number): number {
  checkFov(vfov, 'vfov');
  checkType(type);
  checkAspect(aspect);
  if (type === 'v') return vfov;
  return angleFromTanHalf(tanHalf(vfov) * widthRatio(type, aspect));
}

/**
 * Re-expresses a FOV of type `fromType` as type `toType` for the same view at `aspect` (w/h),
 * through the vertical FOV (the axis all three types share): `fromVerticalFov(toVerticalFov(fov))`.
 * Equal types return `fov` unchanged. Example: `convertFov(90, 'h4:3', 'h', 16/9)` = 106.26°.
 * @throws RangeError for a non-finite or out-of-range (0, 180) `fov`, a non-positive `aspect`, or an unknown type.
 */
export function convertFov(fov: number, fromType: FovType, toType: FovType, aspect: number): number {
  checkFov(fov, 'fov');
  checkType(fromType);
  checkType(toType);
  checkAspect(aspect);
  if (fromType === toType) return fov;
  return fromVerticalFov(toVerticalFov(fov, fromType, aspect), toType, aspect);
}

/**
 * Arma 3 stores its FOV in the profile as the tangent of the half-angle: `fovTop = tan(vfov/2)`
 * and `fovLeft = fovTop · aspect` (S20; BI default `fovTop=0.75` → 73.74° vertical).
 * Returns the vertical FOV in degrees for a `fovTop` value.
 * @throws RangeError unless `fovTop` is finite and > 0.
 */
export function armaFovTopToVerticalFov(fovTop: number): number {
  if (typeof fovTop !== 'number' || !Number.isFinite(fovTop) || fovTop <= 0) {
    throw new RangeError(`fovTop must be a finite number > 0, got ${String(fovTop)}`);
  }
  return angleFromTanHalf(fovTop);
}

/**
 * Inverse of {@link armaFovTopToVerticalFov}: `fovTop = tan(vfov/2)` (S20), vfov in degrees.
 * @throws RangeError for a non-finite or out-of-range (0, 180) `vfov`.
 */
export function verticalFovToArmaFovTop(vfov: number): number {
  checkFov(vfov, 'vfov');
  return tanHalf(vfov);
}
