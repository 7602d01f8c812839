/**
 * The ranges of every numeric setting (spec section 5) and the one rule that applies them,
 * shared by the settings UI, the crosshair editor and the server (`src/server/settings.ts`).
 * Spec section 5: "Sliders and number inputs clamp to min/max and round to decimals/step", and
 * the server validates and clamps too ("Saving clamps mouse sensitivity and vertical
 * sensitivity to 0.001-10"). Field names and defaults are in spec section 3
 * (`gameOptions.ts`, `crosshair.ts`). Pure; no DOM, no deps.
 */
import type { ControlOptions, GameOptions } from './gameOptions';
import type { CrosshairConfig } from './crosshair';

/** A numeric setting's range (spec section 5): inclusive `min` and `max`, and the `step` a value
 * is rounded to (counted from `min`). `keepPrecision`: saving (the server) only clamps, so a
 * value with more decimals than the step (a sensitivity converted from another game) is kept
 * exactly; the UI still rounds what is typed or dragged. */
export interface SettingRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly keepPrecision?: boolean;
}

/** Number of decimals of `step` (0.01 → 2, 100 → 0, 1e-3 → 3, 0.05 → 2, 1.5e-7 → 8). */
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
 * The rule of spec section 5: `value` clamped to [min, max] and rounded to the nearest
 * multiple of `step` above `min`, with `step`'s decimals, so 0.1 + 0.2 never shows as
 * 0.30000000000000004 (FOV 150 → 140; status bar size 1.234 → 1.23; crosshair length 25 → 20;
 * thickness 0.7 → 0.5). A value that is not a finite number (an empty or garbage input) gives
 * `fallback`, by default `min`.
 */
export function clampAndRound(value: number, range: SettingRange, fallback: number = range.min): number {
  const { min, max, step } = range;
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  const clamped = Math.min(max, Math.max(min, value));
  if (!(step > 0)) return clamped;
  const decimals = Math.min(20, Math.max(decimalsOf(step), decimalsOf(min)));
  // compared with max after dropping the dust: (1.2 - 0.5) / 0.05 is 13.999999999999998, and
  // 0.5 + 14 * 0.05 is 1.2000000000000002, which must stay 1.2 (not step back to 1.15)
  let rounded = Number((min + Math.round((clamped - min) / step) * step).toFixed(decimals));
  if (rounded > max) rounded = Number((rounded - step).toFixed(decimals));
  if (rounded < min) rounded = min;
  return rounded;
}

/**
 * What saving applies (the server, spec section 5 "validating and clamping too"): the same rule
 * as the UI (`clampAndRound`), except that a `keepPrecision` range (the sensitivities) is only
 * clamped ("Saving clamps mouse sensitivity and vertical sensitivity to 0.001-10"), so a
 * sensitivity of 1.23456 is stored as sent. Non-finite gives `fallback` (default `min`).
 */
export function clampForSave(value: number, range: SettingRange, fallback: number = range.min): number {
  if (!range.keepPrecision) return clampAndRound(value, range, fallback);
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(range.max, Math.max(range.min, value));
}

/**
 * The ranges of spec section 5 by name. The spec gives the bounds; where it gives no step, the
 * step is ours: sensitivities 0.001 (they also keep the 0.001 floor of "Saving clamps ... to
 * 0.001-10", and are `keepPrecision`), muzzle flash size 0.1, line thickness 1, max FPS 1,
 * mouse DPI max 64000, cm / inch per 360 0.01-100000.
 */
export const SETTING_RANGES = {
  /** audio volumes: 0-10 integers */
  audio: { min: 0, max: 10, step: 1 },
  /** field of view, degrees: 40-140 step 0.01 */
  fov: { min: 40, max: 140, step: 0.01 },
  /** HUD status bar size: 0.6-1.4 step 0.01 */
  status_bar_size: { min: 0.6, max: 1.4, step: 0.01 },
  /** gamepad horizontal / vertical sensitivity: 0.001-10 */
  gamepad_sens: { min: 0.001, max: 10, step: 0.001, keepPrecision: true },
  /** gamepad stick deadzones: 0-0.5 step 0.01 */
  deadzone: { min: 0, max: 0.5, step: 0.01 },
  /** ADS sensitivity: 0.001-100 */
  ads_sens: { min: 0.001, max: 100, step: 0.001, keepPrecision: true },
  /** mouse sensitivity and vertical sensitivity (product sensitivity): 0.001-10 */
  mouse_sens: { min: 0.001, max: 10, step: 0.001, keepPrecision: true },
  /** brightness: 0.5-1.2 step 0.05 */
  brightness: { min: 0.5, max: 1.2, step: 0.05 },
  /** render scale: 0.5-1 step 0.05 */
  render_scale: { min: 0.5, max: 1, step: 0.05 },
  /** target roughness: 0-1 step 0.01 */
  target_roughness: { min: 0, max: 1, step: 0.01 },
  /** muzzle flash size: 0-10 */
  muzzle_flash_size: { min: 0, max: 10, step: 0.1 },
  /** line thickness: 0-250 */
  line_thickness: { min: 0, max: 250, step: 1 },
  /** max FPS when on (null = off): 60-4000 */
  max_fps: { min: 60, max: 4000, step: 1 },
  /** mouse DPI: optional (null), min 0, step 100 */
  mouse_dpi: { min: 0, max: 64000, step: 100 },
  /** cm per 360 degrees (converter input, not stored) */
  cm360: { min: 0.01, max: 100000, step: 0.01 },
  /** inches per 360 degrees (converter input, not stored) */
  inch360: { min: 0.01, max: 100000, step: 0.01 },
} as const satisfies Record<string, SettingRange>;

/** Max FPS when the setting is switched on (spec section 5, "default 1000 when enabled"). */
export const MAX_FPS_ENABLED_DEFAULT = 1000;

/** A colour channel (spec section 3): 0-255 integers. */
export const COLOR_CHANNEL_RANGE = { min: 0, max: 255, step: 1 } as const satisfies SettingRange;

/**
 * The numeric fields of a crosshair config the editor shows, by dot path into the config.
 * Spec section 5: outline 0-10 step 1, length 1-20 step 0.001, thickness 0.5-20 step 0.5,
 * gap 0-20, dot size 2-20, disc size 0-40, disc thickness 1-20; section 3: alpha 0-255. The
 * steps the spec leaves open (gap, dot, disc, radius: 0.5) and the radius range 0-10 are ours.
 */
export const CROSSHAIR_RANGES = {
  outline: { min: 0, max: 10, step: 1 },
  alpha: COLOR_CHANNEL_RANGE,
  'crosshair.len': { min: 1, max: 20, step: 0.001 },
  'crosshair.thick': { min: 0.5, max: 20, step: 0.5 },
  'crosshair.gap': { min: 0, max: 20, step: 0.5 },
  'crosshair.radius': { min: 0, max: 10, step: 0.5 },
  'dot.size': { min: 2, max: 20, step: 0.5 },
  'disc.size': { min: 0, max: 40, step: 0.5 },
  'disc.thick': { min: 1, max: 20, step: 0.5 },
  'color.a': COLOR_CHANNEL_RANGE,
  'outlineColor.a': COLOR_CHANNEL_RANGE,
} as const satisfies Partial<Record<NumberPath<CrosshairConfig>, SettingRange>>;

/** Every numeric field of a crosshair config: the editor's fields plus the colour channels. */
export const CROSSHAIR_CONFIG_RANGES = {
  ...CROSSHAIR_RANGES,
  'color.r': COLOR_CHANNEL_RANGE,
  'color.g': COLOR_CHANNEL_RANGE,
  'color.b': COLOR_CHANNEL_RANGE,
  'outlineColor.r': COLOR_CHANNEL_RANGE,
  'outlineColor.g': COLOR_CHANNEL_RANGE,
  'outlineColor.b': COLOR_CHANNEL_RANGE,
} as const satisfies Record<NumberPath<CrosshairConfig>, SettingRange>;

/** Every numeric field of the control options (null mouse_sens_y / mouse_dpi stay null). */
export const CONTROL_RANGES = {
  mouse_sens: SETTING_RANGES.mouse_sens,
  mouse_sens_y: SETTING_RANGES.mouse_sens,
  ads_sens: SETTING_RANGES.ads_sens,
  fov: SETTING_RANGES.fov,
  mouse_dpi: SETTING_RANGES.mouse_dpi,
} as const satisfies Partial<Record<NumberPath<ControlOptions>, SettingRange>>;

/** Every ranged numeric field of the game options by dot path (null max_fps stays null; the
 * enumerations shadows / anisotropy / stats are checked by the schema, not ranged). */
export const GAME_OPTION_RANGES = {
  'audio.volume': SETTING_RANGES.audio,
  'audio.music': SETTING_RANGES.audio,
  'audio.spawn': SETTING_RANGES.audio,
  'audio.despawn': SETTING_RANGES.audio,
  'audio.gun': SETTING_RANGES.audio,
  'audio.reward': SETTING_RANGES.audio,
  'audio.crit': SETTING_RANGES.audio,
  'video.brightness': SETTING_RANGES.brightness,
  'video.render_scale': SETTING_RANGES.render_scale,
  'video.max_fps': SETTING_RANGES.max_fps,
  'hud.status_bar_size': SETTING_RANGES.status_bar_size,
  'visual.muzzle_flash_size': SETTING_RANGES.muzzle_flash_size,
  'visual.target_roughness': SETTING_RANGES.target_roughness,
  'texture.line_thickness': SETTING_RANGES.line_thickness,
  'control.gamepad.horizontal_sens': SETTING_RANGES.gamepad_sens,
  'control.gamepad.vertical_sens': SETTING_RANGES.gamepad_sens,
  'control.gamepad.left_deadzone': SETTING_RANGES.deadzone,
  'control.gamepad.right_deadzone': SETTING_RANGES.deadzone,
  'other.fov': SETTING_RANGES.fov,
} as const satisfies Partial<Record<NumberPath<GameOptions>, SettingRange>>;

/** The dot paths of the number (or number | null) fields of `T` ('audio.volume', 'dot.size'). */
export type NumberPath<T> = {
  [K in keyof T & string]: T[K] extends number | null
    ? K
    : T[K] extends object
      ? `${K}.${NumberPath<T[K]>}`
      : never;
}[keyof T & string];

/** The value at dot path `path` of `obj` (undefined when missing). */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const k of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/** Sets `value` at dot path `path` of `obj` in place; a missing or non-object intermediate
 * becomes `{}`. */
export function setPath(obj: object, path: string, value: unknown): void {
  const keys = path.split('.');
  let cur = obj as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) {
    const next = cur[k];
    if (next === null || typeof next !== 'object') cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1]] = value;
}

/** A deep copy of plain objects and arrays (other values as they are; works on frozen or
 * proxied state). */
function copyPlain<T>(v: T): T {
  if (Array.isArray(v)) return v.map(copyPlain) as T;
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = copyPlain(x);
  return out as T;
}

/**
 * A copy of `obj` with every field of `ranges` (dot paths) put through `rule` (`clampAndRound`
 * in the UI, `clampForSave` on the server). A field whose value and default are both null (an
 * optional setting switched off: mouse_sens_y, mouse_dpi, max_fps) stays null; a field that is
 * not a number takes its default from `defaults` (else the range's min). `obj` is untouched.
 */
export function clampFields<T extends object>(
  obj: T,
  ranges: Readonly<Record<string, SettingRange>>,
  defaults: T,
  rule: (value: number, range: SettingRange, fallback?: number) => number = clampAndRound,
): T {
  const out = copyPlain(obj);
  for (const [path, range] of Object.entries(ranges)) {
    const v = getPath(out, path);
    const d = getPath(defaults, path);
    if (v === null && d === null) continue;
    setPath(out, path, rule(typeof v === 'number' ? v : NaN, range, typeof d === 'number' ? d : range.min));
  }
  return out;
}
