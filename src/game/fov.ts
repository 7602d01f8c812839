/**
 * The camera's field of view: which fov a run uses and on which axis Babylon holds it (pure;
 * no Babylon, no DOM). Angles in degrees unless a name says radians; aspect = width / height.
 * The conversions between fov types are the shared ones of src/sensitivity/fov.ts
 * (toVerticalFov / fromVerticalFov / convertFov; formulas and sources there).
 *
 * Rules (spec sections 3, 5 and 9):
 *  - fov 40-140 (step 0.01) of type 'h', 'v' or 'h4:3'; default 103 'h';
 *  - a drill may lock the fov to its minFov / maxFov (config JSON): the value is clamped;
 *  - the lock axis is VERTICAL when the aspect is 16:9 or narrower, else HORIZONTAL. We read the
 *    player's fov at the 16:9 reference aspect (the aspect of the game table's hfov/vfov,
 *    sensitivity.md §6): a 16:9 view shows exactly that fov; a narrower view (4:3, 16:10) keeps
 *    its vertical fov and loses width; a wider one (21:9) keeps its horizontal fov and loses
 *    height. So no screen sees more than the 16:9 frustum of the chosen fov.
 */
import type { DrillConfig } from '../contracts/drillConfig';
import type { FovType, GameOptions } from '../contracts/gameOptions';
import { DRILL_DEFAULTS } from '../contracts/constants';
import { ASPECT_16_9, convertFov, toVerticalFov } from '../sensitivity/fov';

const D2R = Math.PI / 180;

/** Player fov range, degrees (spec section 5). */
export const FOV_MIN = 40;
export const FOV_MAX = 140;
/** The aspect the player's fov is read at; narrower or equal locks vertical (spec section 9). */
export const FOV_REFERENCE_ASPECT = ASPECT_16_9;

/** How the camera should hold its fov: Babylon's FOVMODE_HORIZONTAL_FIXED ('horizontal') or
 * FOVMODE_VERTICAL_FIXED ('vertical'), with the fov on that axis in radians. */
export interface CameraFov {
  mode: 'horizontal' | 'vertical';
  /** fov on the fixed axis, radians */
  radians: number;
}

const asType = (t: FovType | string): FovType => (t === 'v' || t === 'h4:3' ? t : 'h');

/**
 * The lock axis for a view of `aspect` (w/h): 'vertical' when aspect ≤ 16/9 (16:9 or
 * narrower, with 1e-9 of tolerance for a 1280×720 canvas), else 'horizontal' (spec section 9).
 * A non-finite or non-positive aspect counts as 16:9.
 */
export function fovLockAxis(aspect: number): 'horizontal' | 'vertical' {
  const a = Number.isFinite(aspect) && aspect > 0 ? aspect : FOV_REFERENCE_ASPECT;
  return a <= FOV_REFERENCE_ASPECT + 1e-9 ? 'vertical' : 'horizontal';
}

/**
 * The camera fov for a player fov of `fovDeg` degrees of type `fovType` (unknown types → 'h')
 * on a view of `aspect` (w/h, default 16:9): the fov is read at 16:9 and held on the lock axis
 * of {@link fovLockAxis}: vertical → toVerticalFov(fov, type, 16/9); horizontal →
 * convertFov(fov, type, 'h', 16/9). Radians. A fov outside (0, 180) degrees (or NaN) → 103.
 */
export function cameraFovFor(fovDeg: number, fovType: FovType | string, aspect: number = FOV_REFERENCE_ASPECT): CameraFov {
  const type = asType(fovType);
  // already resolved (resolveFov); only guard the range the conversions accept
  const fov = Number.isFinite(fovDeg) && fovDeg > 0 && fovDeg < 180 ? fovDeg : DRILL_DEFAULTS.fov;
  if (fovLockAxis(aspect) === 'vertical') {
    return { mode: 'vertical', radians: toVerticalFov(fov, type, FOV_REFERENCE_ASPECT) * D2R };
  }
  return { mode: 'horizontal', radians: convertFov(fov, type, 'h', FOV_REFERENCE_ASPECT) * D2R };
}

/**
 * The camera fov (radians, on the lock axis) while aiming down sights with the drill's ADS
 * `zoom` (DrillEngine.zoom: the drill's ads zoom while ADS is held, else 1; contracts/engine.ts
 * "fov divisor"): `radians / zoom`. A zoom below 1, or not finite, counts as 1 (no zoom; the
 * drill parser already rejects overrides below 1, spec section 5).
 */
export function zoomedFovRadians(radians: number, zoom: number): number {
  return radians / adsZoomOf(zoom);
}

/** The ADS zoom to apply for DrillEngine.zoom `zoom`: itself when finite and ≥ 1, else 1. */
export function adsZoomOf(zoom: number): number {
  return Number.isFinite(zoom) && zoom >= 1 ? zoom : 1;
}

/** The horizontal fov in degrees the camera shows at `aspect` (w/h) for `fovDeg` of `fovType`
 * (the rule of {@link cameraFovFor}). */
export function horizontalFovDeg(fovDeg: number, fovType: FovType | string, aspect: number): number {
  const c = cameraFovFor(fovDeg, fovType, aspect);
  const deg = c.radians / D2R;
  return c.mode === 'horizontal' ? deg : convertFov(deg, 'v', 'h', aspect);
}

/** The vertical fov in degrees the camera shows at `aspect` (w/h) for `fovDeg` of `fovType`. */
export function verticalFovDeg(fovDeg: number, fovType: FovType | string, aspect: number): number {
  const c = cameraFovFor(fovDeg, fovType, aspect);
  const deg = c.radians / D2R;
  return c.mode === 'vertical' ? deg : toVerticalFov(deg, 'h', aspect);
}

/** `fovDeg` clamped to the player range 40-140 degrees (spec section 5); non-finite → 103. */
export function clampFov(fovDeg: number): number {
  if (typeof fovDeg !== 'number' || !Number.isFinite(fovDeg)) return DRILL_DEFAULTS.fov;
  return fovDeg < FOV_MIN ? FOV_MIN : fovDeg > FOV_MAX ? FOV_MAX : fovDeg;
}

function finiteNum(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The fov the run uses (degrees, type). Precedence: the player's option (`options.other.fov`,
 * `fov_type`), else the drill's (`drill.fov`, `fovType`), else 103 'h' (spec section 9); clamped
 * to 40-140 (spec section 5), then to the drill's `minFov` / `maxFov` (its config JSON,
 * `drill.extra`) when they are set (spec section 5 "Game FOV may be locked to a min/max per
 * drill"; the drill's lock wins over the player's range).
 */
export function resolveFov(drill: Pick<DrillConfig, 'fov' | 'fovType' | 'extra'> | null,
  options: Pick<GameOptions, 'other'> | null): { fov: number; fovType: FovType } {
  let fov = clampFov(finiteNum(options?.other?.fov) ?? finiteNum(drill?.fov) ?? DRILL_DEFAULTS.fov);
  const rawType = options?.other?.fov_type ?? drill?.fovType ?? DRILL_DEFAULTS.fovType;
  const fovType: FovType = asType(rawType);
  const min = finiteNum(drill?.extra?.minFov);
  const max = finiteNum(drill?.extra?.maxFov);
  if (min !== null && fov < min) fov = min;
  if (max !== null && fov > max) fov = max;
  return { fov, fovType };
}
