/**
 * Field-of-view helpers (pure; no Babylon, no DOM). Angles in degrees unless a name says
 * radians. Aspect = width / height of the rendered view.
 *
 * fov types (spec sections 3 and 9): 'h' = the value is the HORIZONTAL fov, 'v' = VERTICAL,
 * 'h4:3' = the value is the horizontal fov of a 4:3 view, i.e. a vertical fov of
 * 2·atan(tan(h/2)·3/4) at every aspect (so 90 'h4:3' = 73.74° vertical = 106.26° horizontal at 16:9).
 */
import type { DrillConfig } from '../contracts/drillConfig';
import type { FovType, GameOptions } from '../contracts/gameOptions';
import { DRILL_DEFAULTS } from '../contracts/constants';

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;

/** Vertical fov (degrees) of a view `aspect` (w/h) wide whose horizontal fov is `hDeg` degrees. */
export function verticalFromHorizontalDeg(hDeg: number, aspect: number): number {
  return 2 * Math.atan(Math.tan((hDeg * D2R) / 2) / aspect) * R2D;
}

/** Horizontal fov (degrees) of a view `aspect` (w/h) wide whose vertical fov is `vDeg` degrees. */
export function horizontalFromVerticalDeg(vDeg: number, aspect: number): number {
  return 2 * Math.atan(Math.tan((vDeg * D2R) / 2) * aspect) * R2D;
}

/** How the camera should hold its fov: Babylon's FOVMODE_HORIZONTAL_FIXED ('horizontal') or
 * FOVMODE_VERTICAL_FIXED ('vertical'), with the fov on that axis in radians. */
export interface CameraFov {
  mode: 'horizontal' | 'vertical';
  /** fov on the fixed axis, radians */
  radians: number;
}

/**
 * The camera fov for a player fov of `fovDeg` degrees of type `fovType`:
 * 'h' → horizontal-fixed `fovDeg`; 'v' → vertical-fixed `fovDeg`;
 * 'h4:3' → vertical-fixed 2·atan(tan(fovDeg/2)·3/4) (independent of the actual aspect).
 * Unknown types are treated as 'h'.
 */
export function cameraFovFor(fovDeg: number, fovType: FovType | string): CameraFov {
  if (fovType === 'v') return { mode: 'vertical', radians: fovDeg * D2R };
  if (fovType === 'h4:3') return { mode: 'vertical', radians: verticalFromHorizontalDeg(fovDeg, 4 / 3) * D2R };
  return { mode: 'horizontal', radians: fovDeg * D2R };
}

/** The horizontal fov in degrees that `cameraFovFor(fovDeg, fovType)` gives at `aspect` (w/h). */
export function horizontalFovDeg(fovDeg: number, fovType: FovType | string, aspect: number): number {
  const c = cameraFovFor(fovDeg, fovType);
  return c.mode === 'horizontal' ? c.radians * R2D : horizontalFromVerticalDeg(c.radians * R2D, aspect);
}

function finiteNum(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The fov the run uses (degrees, type). Precedence: the player's option (`options.other.fov`,
 * `fov_type`), else the drill's (`drill.fov`, `fovType`), else 103 'h' (spec section 9); then
 * clamped to the drill's `minFov` / `maxFov` (its config JSON, `drill.extra`) when they are set
 * (spec section 5 "Game FOV may be locked to a min/max per drill").
 */
export function resolveFov(drill: Pick<DrillConfig, 'fov' | 'fovType' | 'extra'> | null,
  options: Pick<GameOptions, 'other'> | null): { fov: number; fovType: FovType } {
  let fov = finiteNum(options?.other?.fov) ?? finiteNum(drill?.fov) ?? DRILL_DEFAULTS.fov;
  const rawType = options?.other?.fov_type ?? drill?.fovType ?? DRILL_DEFAULTS.fovType;
  const fovType: FovType = rawType === 'v' || rawType === 'h4:3' ? rawType : 'h';
  const min = finiteNum(drill?.extra?.minFov);
  const max = finiteNum(drill?.extra?.maxFov);
  if (min !== null && fov < min) fov = min;
  if (max !== null && fov > max) fov = max;
  return { fov, fovType };
}
