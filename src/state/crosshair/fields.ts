/**
 * The editable fields of a crosshair setting (spec sections 3 and 5) and the clamping of a
 * whole config. Paths are dot paths into the setting: `enabled` is the setting's flag, every
 * other path is inside its `config` (`crosshair.len`, `color`, `dot.size`, ...). Pure.
 */
import { defaultCrosshairConfig, type CrosshairConfig, type CrosshairSetting, type Rgba } from '../../contracts/crosshair';
import {
  clampAndRound, clampFields, COLOR_CHANNEL_RANGE, CROSSHAIR_CONFIG_RANGES, CROSSHAIR_RANGES, getPath, setPath,
} from '../../contracts/settingRanges';

export { getPath, setPath };

/** Ranges of the numeric fields the editor shows (spec section 5): the shared table
 * `CROSSHAIR_RANGES` of src/contracts/settingRanges.ts, which the server clamps with too. */
export const NUMBER_FIELDS = CROSSHAIR_RANGES;

/** A numeric field's path. */
export type NumberFieldPath = keyof typeof NUMBER_FIELDS;

/** The boolean config fields (plus the setting's own `enabled`). */
export const BOOLEAN_FIELDS = [
  'enabled',
  'rotation',
  'crosshair.enabled',
  'crosshair.tStyle',
  'crosshair.firing_inaccuracy',
  'crosshair.movement_inaccuracy',
  'crosshair.disc_firing_inaccuracy',
  'crosshair.disc_movement_inaccuracy',
  'dot.enabled',
  'disc.enabled',
] as const;

/** A boolean field's path. */
export type BooleanFieldPath = (typeof BOOLEAN_FIELDS)[number];

/** The colour fields: `{ r, g, b, a }`, the colour picker sets r/g/b, `*.a` is a number field. */
export const COLOR_FIELDS = ['color', 'outlineColor'] as const;

/** A colour field's path. */
export type ColorFieldPath = (typeof COLOR_FIELDS)[number];

/** Any editable path. */
export type FieldPath = NumberFieldPath | BooleanFieldPath | ColorFieldPath;

/** True for a numeric field's path. */
export function isNumberField(path: string): path is NumberFieldPath {
  return Object.prototype.hasOwnProperty.call(NUMBER_FIELDS, path);
}

/** A colour channel 0-255, rounded; non-numbers give `fallback`. */
function channel(v: unknown, fallback: number): number {
  return clampAndRound(typeof v === 'number' ? v : NaN, COLOR_CHANNEL_RANGE, fallback);
}

/** `c` with every channel clamped to 0-255 and rounded. */
export function clampRgba(c: Rgba): Rgba {
  return { r: channel(c.r, 0), g: channel(c.g, 0), b: channel(c.b, 0), a: channel(c.a, 255) };
}

/** A copy of `cfg` with every numeric field and colour channel clamped and rounded to its range
 * (CROSSHAIR_CONFIG_RANGES, the same table and rule as the server); a field that is not a
 * number takes its default; booleans as given. */
export function clampConfig(cfg: CrosshairConfig): CrosshairConfig {
  return clampFields(cfg, CROSSHAIR_CONFIG_RANGES, defaultCrosshairConfig(), clampAndRound);
}

/** A deep copy of `s` with its config clamped (clampConfig). */
export function clampSetting(s: CrosshairSetting): CrosshairSetting {
  return { enabled: !!s.enabled, config: clampConfig(s.config) };
}
