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
import { isPlainObject, mergeDeep } from '../contracts/merge';
import { COLOUR_PATTERN } from '../contracts/jsonSchema';
import { mirrorFov, type FovBody } from '../contracts/settingsRules';

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

/**
 * `value` with only the keys `shape` has, at every plain-object level of `shape` (a copy; other
 * values are kept as they are). Stored documents are closed (issue 14: `additionalProperties:
 * false`, like the body schemas), so a field a document may have from before is dropped on read
 * and never sent back to be refused.
 */
export function knownKeysOnly<T>(value: T, shape: unknown): T {
  if (!isPlainObject(value) || !isPlainObject(shape)) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(shape)) {
    if (k in value) out[k] = knownKeysOnly(value[k], shape[k]);
  }
  return out as T;
}

/** Full control options: `saved` (possibly partial, possibly null) merged over the defaults,
 * clamped, unknown fields dropped. */
export function resolveControls(saved: unknown): ControlOptions {
  const defaults = defaultControlOptions();
  return knownKeysOnly(clampControls(mergeDeep(defaults, saved ?? {})), defaults);
}

/** Full game options: `saved` (possibly partial, possibly null) merged over the defaults,
 * clamped, unknown fields dropped, and a colour that is not `#rrggbb` (stored before the body
 * schema checked it) replaced by its default, so a stored document never fails its own schema. */
export function resolveGameOptions(saved: unknown): GameOptions {
  const defaults = defaultGameOptions();
  const out = knownKeysOnly(clampGameOptions(mergeDeep(defaults, saved ?? {})), defaults);
  const ok = (c: unknown): c is string => typeof c === 'string' && new RegExp(COLOUR_PATTERN).test(c);
  if (!ok(out.visual.sight_colour)) out.visual = { ...out.visual, sight_colour: defaults.visual.sight_colour };
  for (const k of ['target_colour', 'wall_colour', 'line_colour'] as const) {
    if (!ok(out.texture[k])) out.texture = { ...out.texture, [k]: defaults.texture[k] };
  }
  return out;
}

/**
 * The documents a `POST /gameoptions/edit` body leads to: `body` merged over `stored`, resolved
 * (clamped, unknown fields dropped), with one FOV (src/contracts/settingsRules.ts): `controls.fov`
 * / `fov_type` are the truth and `other` mirrors them; a body with only `other.fov` / `fov_type`
 * sets the controls' FOV. Call `fovProblem(body)` first: a body whose two FOVs disagree is refused.
 */
export function resolveOptionsEdit(
  stored: { controls: ControlOptions; game_options: GameOptions },
  body: FovBody & { controls?: object; game_options?: object },
): { controls: ControlOptions; game_options: GameOptions } {
  const other = body.game_options?.other;
  const controlsBody: Record<string, unknown> = { ...(body.controls ?? {}) };
  if (controlsBody.fov === undefined && other?.fov !== undefined) controlsBody.fov = other.fov;
  if (controlsBody.fov_type === undefined && other?.fov_type !== undefined) controlsBody.fov_type = other.fov_type;
  const controls = resolveControls(mergeDeep(stored.controls, controlsBody));
  const game_options = resolveGameOptions(mergeDeep(stored.game_options, body.game_options ?? {}));
  return mirrorFov(controls, game_options);
}

/**
 * A full crosshair config: `saved` (possibly partial) merged over `defaultCrosshairConfig()`,
 * clamped and rounded to spec section 5 (CROSSHAIR_CONFIG_RANGES, the editor's table): outline
 * 0-10 step 1, len 1-20 step 0.001, thick 0.5-20 step 0.5, gap 0-20, radius 0-10, dot size
 * 2-20, disc size 0-40, disc thick 1-20 (step 0.5), alpha and colour channels 0-255 integers.
 */
export function resolveCrosshairConfig(saved: unknown): CrosshairConfig {
  const defaults = defaultCrosshairConfig();
  return knownKeysOnly(clampFields(mergeDeep(defaults, saved ?? {}), CROSSHAIR_CONFIG_RANGES, defaults, clampForSave), defaults);
}
