/**
 * The editable fields of a crosshair setting (spec sections 3 and 5) and the clamping of a
 * whole config. Paths are dot paths into the setting: `enabled` is the setting's flag, every
 * other path is inside its `config` (`crosshair.len`, `color`, `dot.size`, ...). Pure.
 */
import type { CrosshairConfig, CrosshairSetting, Rgba } from '../../contracts/crosshair';
import { clampToRange, type NumberRange } from './clamp';

/** Ranges of the numeric config fields. Spec section 5 gives outline 0-10 step 1, len 1-20 step
 * 0.001, thick 0.5-20 step 0.5, gap 0-20, dot size 2-20, disc size 0-40, disc thick 1-20, and
 * section 3 alpha 0-255; the steps the spec leaves open (gap, dot, disc, radius) and the radius
 * range are ours. */
export const NUMBER_FIELDS = {
  outline: { min: 0, max: 10, step: 1 },
  alpha: { min: 0, max: 255, step: 1 },
  'crosshair.len': { min: 1, max: 20, step: 0.001 },
  'crosshair.thick': { min: 0.5, max: 20, step: 0.5 },
  'crosshair.gap': { min: 0, max: 20, step: 0.5 },
  'crosshair.radius': { min: 0, max: 10, step: 0.5 },
  'dot.size': { min: 2, max: 20, step: 0.5 },
  'disc.size': { min: 0, max: 40, step: 0.5 },
  'disc.thick': { min: 1, max: 20, step: 0.5 },
  'color.a': { min: 0, max: 255, step: 1 },
  'outlineColor.a': { min: 0, max: 255, step: 1 },
} as const satisfies Record<string, NumberRange>;

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
  return clampToRange(typeof v === 'number' ? v : NaN, { min: 0, max: 255, step: 1 }, fallback);
}

/** `c` with every channel clamped to 0-255 and rounded. */
export function clampRgba(c: Rgba): Rgba {
  return { r: channel(c.r, 0), g: channel(c.g, 0), b: channel(c.b, 0), a: channel(c.a, 255) };
}

/** The value at dot path `path` of `obj` (undefined when missing). */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const k of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/** Sets `value` at dot path `path` of `obj` in place (intermediate objects must exist). */
export function setPath(obj: object, path: string, value: unknown): void {
  const keys = path.split('.');
  let cur = obj as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  cur[keys[keys.length - 1]] = value;
}

/** A copy of `cfg` with every numeric field clamped and rounded to its range (NUMBER_FIELDS)
 * and colours to 0-255; booleans as given. */
export function clampConfig(cfg: CrosshairConfig): CrosshairConfig {
  const out: CrosshairConfig = {
    ...cfg,
    color: clampRgba(cfg.color),
    outlineColor: clampRgba(cfg.outlineColor),
    crosshair: { ...cfg.crosshair },
    dot: { ...cfg.dot },
    disc: { ...cfg.disc },
  };
  for (const [path, range] of Object.entries(NUMBER_FIELDS)) {
    if (path.endsWith('.a')) continue; // colours done above
    const cur = getPath(out, path);
    setPath(out, path, clampToRange(typeof cur === 'number' ? cur : NaN, range));
  }
  return out;
}

/** A deep copy of `s` with its config clamped (clampConfig). */
export function clampSetting(s: CrosshairSetting): CrosshairSetting {
  return { enabled: !!s.enabled, config: clampConfig(s.config) };
}
