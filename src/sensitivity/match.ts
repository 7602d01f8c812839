/**
 * Matching a sensitivity across two views with different FOVs (the converter's "match" modes):
 * 360° distance, monitor distance at a fraction of the half screen width, and viewspeed.
 * Pure functions: no DOM, no deps. FOV maths reused from ./fov (convertFov, toVerticalFov).
 *
 * Every mode gives the factor `inc_to / inc_from` on the increment (degrees per count) for the same
 * mouse and DPI, from the two views' FOVs on the same monitor (same aspect):
 *
 * - `360`: 1. The same mouse distance turns 360° in both (sensitivity.md §4, S13).
 * - monitor distance, match ratio p ∈ (0, 1] of the half screen WIDTH (mouse-sensitivity.com
 *   "Monitor Distance - Horizontal", S12; T. Hepworth "Monitor Match Mathematics", S13):
 *   a point at p of the half width lies at angle `atan(p·tan(h/2))` from the crosshair, so the same
 *   mouse distance reaches it in both games when
 *   `inc_to / inc_from = atan(p·tan(h_to/2)) / atan(p·tan(h_from/2))`.
 *   56.25 % = 9/16 is the top edge of a 16:9 screen measured on its width, 75 % the edge of a 4:3
 *   area, 100 % the screen edge (ratio = h_to / h_from).
 * - monitor distance 0 % (the limit p → 0, "focal length" / zoom ratio, S12; fpsmath focal.ts S5):
 *   `tan(h_to/2) / tan(h_from/2)`. The same for any axis, since tan(h/2)/tan(v/2) is the aspect.
 * - viewspeed v2 (Drimzi, S14): `sin(θ_to/2) / sin(θ_from/2)` with θ the FOV of a 1:1 (square)
 *   view, i.e. the vertical FOV, so the perceived speed on the unit sphere is kept.
 *
 * Units: FOVs in degrees; aspect = width / height.
 */
import type { FovType } from '../contracts/gameOptions';
import { convertFov } from './fov';

/** The match modes, in menu order. */
export const MATCH_MODES = ['360', 'md0', 'md56.25', 'md75', 'md100', 'viewspeed'] as const;
/** How two views are matched: 360° distance, monitor distance at 0 / 56.25 / 75 / 100 % of the half width, or viewspeed. */
export type MatchMode = (typeof MATCH_MODES)[number];

/** Monitor-distance match ratio of each `md…` mode, as a fraction of the half screen width. */
export const MONITOR_DISTANCE_RATIO: Readonly<Record<Exclude<MatchMode, '360' | 'viewspeed'>, number>> = {
  md0: 0,
  'md56.25': 0.5625,
  md75: 0.75,
  md100: 1,
};

/** A view: its FOV in degrees on the axis of `fovType`. */
export interface View {
  fov: number;
  fovType: FovType;
}

const DEG = Math.PI / 180;

/** Whether a mode needs the two views' FOVs (every mode but 360° distance). */
export function modeNeedsFov(mode: MatchMode): boolean {
  return mode !== '360';
}

/**
 * Monitor-distance factor `inc_to / inc_from` for match ratio `p` of the half width (S12, S13):
 * `atan(p·tan(h_to/2)) / atan(p·tan(h_from/2))`; p = 0 gives the limit `tan(h_to/2) / tan(h_from/2)`.
 * `hFrom`, `hTo`: horizontal FOVs in degrees inside (0, 180).
 * @throws RangeError unless p is finite and ≥ 0 and both FOVs are inside (0, 180).
 */
export function monitorDistanceFactor(hFrom: number, hTo: number, p: number): number {
  if (typeof p !== 'number' || !Number.isFinite(p) || p < 0) throw new RangeError(`match ratio must be a finite number ≥ 0, got ${String(p)}`);
  for (const h of [hFrom, hTo]) {
    if (typeof h !== 'number' || !Number.isFinite(h) || h <= 0 || h >= 180) {
      throw new RangeError(`FOV must be a finite angle in degrees inside (0, 180), got ${String(h)}`);
    }
  }
  const tFrom = Math.tan((hFrom * DEG) / 2);
  const tTo = Math.tan((hTo * DEG) / 2);
  if (p === 0) return tTo / tFrom;
  return Math.atan(p * tTo) / Math.atan(p * tFrom);
}

/**
 * Viewspeed v2 factor `sin(v_to/2) / sin(v_from/2)` (S14), vertical FOVs in degrees inside (0, 180).
 * @throws RangeError for a FOV outside (0, 180).
 */
export function viewspeedFactor(vFrom: number, vTo: number): number {
  for (const v of [vFrom, vTo]) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v >= 180) {
      throw new RangeError(`FOV must be a finite angle in degrees inside (0, 180), got ${String(v)}`);
    }
  }
  return Math.sin((vTo * DEG) / 2) / Math.sin((vFrom * DEG) / 2);
}

/**
 * The factor `inc_to / inc_from` that matches view `from` to view `to` on a screen of `aspect`
 * (width / height) by `mode` (see the file comment for each formula and its source). The views'
 * FOVs are converted to the horizontal (monitor distance) or vertical (viewspeed) axis with
 * {@link convertFov}. `from` / `to` are ignored for '360'.
 * @throws RangeError for a bad FOV, FOV type or aspect (from convertFov), or a missing view.
 */
export function matchFactor(mode: MatchMode, from: View | null, to: View | null, aspect: number): number {
  if (mode === '360') return 1;
  if (!from || !to) throw new RangeError(`match mode ${mode} needs both views' FOV`);
  if (mode === 'viewspeed') {
    return viewspeedFactor(convertFov(from.fov, from.fovType, 'v', aspect), convertFov(to.fov, to.fovType, 'v', aspect));
  }
  const p = MONITOR_DISTANCE_RATIO[mode];
  if (p === undefined) throw new RangeError(`unknown match mode ${String(mode)}`);
  return monitorDistanceFactor(convertFov(from.fov, from.fovType, 'h', aspect), convertFov(to.fov, to.fovType, 'h', aspect), p);
}
