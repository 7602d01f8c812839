/**
 * Per-player settings on the server: the clamping to the ranges of spec section 5 (the table
 * and rule of src/contracts/settingRanges.ts, shared with the settings UI and the crosshair
 * editor), and merging a (partial) saved document over the defaults. The body schemas (type
 * checks only; ranges are clamped, not rejected) are in src/contracts/gameOptions.ts and
 * src/contracts/crosshair.ts.
 */
import { defaultControlOptions, defaultGameOptions, type ControlOptions, type GameOptions } from '../contracts/gameOptions';
import { defaultCrosshairConfig, type CrosshairConfig } from '../contracts/crosshair';
import {
  clampFields, clampForSave, CONTROL_RANGES, CROSSHAIR_CONFIG_RANGES, GAME_OPTION_RANGES,
} from '../contracts/settingRanges';
import { mergeDeep } from '../contracts/merge';

/**
 * Control options with the ranges of spec section 5 applied (CONTROL_RANGES, `clampForSave`):
 * mouse_sens and mouse_sens_y (when not null) 0.001-10 and ads_sens 0.001-100, clamped only
 * (a finer sensitivity is kept); fov 40-140 step 0.01; mouse_dpi null or 0-64000 step 100.
 * Returns a new object.
 */
export function clampControls(c: ControlOptions): ControlOptions {
  return clampFields(c, CONTROL_RANGES, defaultControlOptions(), clampForSave);
}

/**
 * Game options with the ranges of spec section 5 applied (GAME_OPTION_RANGES, `clampForSave`):
 * audio 0-10 integers; brightness 0.5-1.2 step 0.05; render_scale 0.5-1 step 0.05; max_fps
 * null or 60-4000; status_bar_size 0.6-1.4 step 0.01; muzzle_flash_size 0-10; target_roughness
 * 0-1 step 0.01; line_thickness 0-250; gamepad sensitivities 0.001-10 (clamped only);
 * deadzones 0-0.5 step 0.01; fov 40-140 step 0.01. Returns a new object.
 */
export function clampGameOptions(o: GameOptions): GameOptions {
  return clampFields(o, GAME_OPTION_RANGES, defaultGameOptions(), clampForSave);
}

/** Full control options: `saved` (possibly partial, possibly null) merged over the defaults, clamped. */
export function resolveControls(saved: unknown): ControlOptions {
  return clampControls(mergeDeep(defaultControlOptions(), saved ?? {}));
}

/** Full game options: `saved` (possibly partial, possibly null) merged over the defaults, clamped. */
export function resolveGameOptions(saved: unknown): GameOptions {
  return clampGameOptions(mergeDeep(defaultGameOptions(), saved ?? {}));
}

/**
 * A full crosshair config: `saved` (possibly partial) merged over `defaultCrosshairConfig()`,
 * clamped and rounded to spec section 5 (CROSSHAIR_CONFIG_RANGES, the editor's table): outline
 * 0-10 step 1, len 1-20 step 0.001, thick 0.5-20 step 0.5, gap 0-20, radius 0-10, dot size
 * 2-20, disc size 0-40, disc thick 1-20 (step 0.5), alpha and colour channels 0-255 integers.
 */
export function resolveCrosshairConfig(saved: unknown): CrosshairConfig {
  const defaults = defaultCrosshairConfig();
  return clampFields(mergeDeep(defaults, saved ?? {}), CROSSHAIR_CONFIG_RANGES, defaults, clampForSave);
}
