/**
 * Slider and number-input rules (spec section 5): a value is clamped to [min, max] and rounded
 * to the step (counted from min) with the step's decimals, so 0.1 + 0.2 never shows as
 * 0.30000000000000004. Pure; no DOM.
 */

/** A numeric setting's range: inclusive min and max, and the step it is rounded to. */
export interface SettingRange {
  min: number;
  max: number;
  step: number;
}

/** Number of decimals of `step` (0.01 → 2, 100 → 0, 1e-3 → 3, 0.05 → 2). */
export function decimalsOf(step: number): number {
  if (!Number.isFinite(step) || step <= 0) return 0;
  const text = String(step).toLowerCase();
  const exp = text.indexOf('e-');
  if (exp >= 0) {
    const mantissa = text.slice(0, exp);
    const dot = mantissa.indexOf('.');
    return Number(text.slice(exp + 2)) + (dot < 0 ? 0 : mantissa.length - dot - 1);
  }
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * `value` clamped to [min, max] and rounded to the nearest multiple of `step` above `min`,
 * with `step`'s decimals (FOV 150 → 140; status bar size 1.234 with step 0.01 → 1.23).
 * A non-finite value (an empty or garbage input) gives `min`.
 */
export function clampAndRound(value: number, range: SettingRange): number {
  const { min, max, step } = range;
  if (typeof value !== 'number' || !Number.isFinite(value)) return min;
  const clamped = Math.min(max, Math.max(min, value));
  if (!(step > 0)) return clamped;
  const decimals = decimalsOf(step);
  let rounded = min + Math.round((clamped - min) / step) * step;
  if (rounded > max) rounded -= step;
  if (rounded < min) rounded = min;
  return Number(rounded.toFixed(Math.min(20, Math.max(decimals, decimalsOf(min)))));
}

/**
 * The ranges of spec section 5 (sensitivities also keep the 0.001 floor of the server's
 * clamp, src/server/settings.ts). Sensitivities step 0.001; the muzzle flash size 0.1 and line
 * thickness 1 (the spec gives only their bounds).
 */
export const SETTING_RANGES = {
  /** audio volumes: 0-10 integers */
  audio: { min: 0, max: 10, step: 1 },
  /** field of view, degrees */
  fov: { min: 40, max: 140, step: 0.01 },
  status_bar_size: { min: 0.6, max: 1.4, step: 0.01 },
  /** gamepad horizontal / vertical sensitivity */
  gamepad_sens: { min: 0.001, max: 10, step: 0.001 },
  /** gamepad stick deadzones */
  deadzone: { min: 0, max: 0.5, step: 0.01 },
  ads_sens: { min: 0.001, max: 100, step: 0.001 },
  /** mouse sensitivity and vertical sensitivity (product sensitivity) */
  mouse_sens: { min: 0.001, max: 10, step: 0.001 },
  brightness: { min: 0.5, max: 1.2, step: 0.05 },
  render_scale: { min: 0.5, max: 1, step: 0.05 },
  target_roughness: { min: 0, max: 1, step: 0.01 },
  muzzle_flash_size: { min: 0, max: 10, step: 0.1 },
  line_thickness: { min: 0, max: 250, step: 1 },
  /** max FPS when on (null = off) */
  max_fps: { min: 60, max: 4000, step: 1 },
  /** mouse DPI: optional, min 0, step 100 */
  mouse_dpi: { min: 0, max: 64000, step: 100 },
  /** cm per 360 degrees */
  cm360: { min: 0.01, max: 100000, step: 0.01 },
  /** inches per 360 degrees */
  inch360: { min: 0.01, max: 100000, step: 0.01 },
} as const satisfies Record<string, SettingRange>;

/** Max FPS when the setting is switched on (spec section 5, "default 1000 when enabled"). */
export const MAX_FPS_ENABLED_DEFAULT = 1000;
