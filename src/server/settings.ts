/**
 * Per-player settings on the server: JSON schemas of the game options, control options and
 * crosshair bodies (type checks only; ranges are clamped, not rejected), the clamping to the
 * ranges of spec section 5, and merging a (partial) saved document over the defaults.
 */
import { defaultControlOptions, defaultGameOptions, type ControlOptions, type GameOptions } from '../contracts/gameOptions';
import { defaultCrosshairConfig, type CrosshairConfig, type Rgba } from '../contracts/crosshair';

const num = { type: 'number' } as const;
const numOrNull = { type: ['number', 'null'] } as const;
const bool = { type: 'boolean' } as const;
const str = { type: 'string', maxLength: 256 } as const;
const strOrNull = { type: ['string', 'null'], maxLength: 256 } as const;
/** An object of known typed properties; unknown extra properties are kept (forward compatible). */
const group = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: true }) as const;
const bindingSchema = group({ key: strOrNull, alt: strOrNull, pad: strOrNull });

/** Control options body (spec section 7): every field optional, types checked, no extras. */
export const controlsBodySchema = {
  type: 'object',
  properties: {
    mouse_sens: num,
    mouse_sens_y: numOrNull,
    mouse_inverse: { type: 'integer', enum: [0, 1] },
    graphics_quality_auto: bool,
    ads_sens: num,
    mouse_skip_filter: bool,
    fov: num,
    fov_type: { type: 'string', enum: ['h', 'v', 'h4:3'] },
    sens_profile_id: { type: ['integer', 'null'] },
    mouse_dpi: numOrNull,
  },
  additionalProperties: false,
} as const;

/** Game options body (spec section 3): every group and field optional, known fields typed. */
export const gameOptionsBodySchema = {
  type: 'object',
  properties: {
    audio: group({
      volume: num, music: num, spawn: num, despawn: num, gun: num, reward: num, crit: num,
      custom_sounds: bool,
      hitsound: { type: 'string', enum: ['default', 'clap', 'pong', 'pop', 'tap', 'thud', 'custom'] },
    }),
    video: group({
      brightness: num,
      shadows: { type: 'integer', enum: [0, 1, 2] },
      anisotropy: { type: 'integer', enum: [1, 2, 4, 8, 16] },
      render_scale: num,
      anti_aliasing: bool,
      max_fps: numOrNull,
    }),
    hud: group({
      enabled: bool, stats: { type: 'integer', enum: [0, 1, 2] }, targets_destroyed: bool, time_destroy: bool,
      crit_hit: bool, show_target_health_bar: bool, show_target_lifetime_bar: bool, spawn_indicator: bool,
      clip: bool, fps: bool, status_bar_size: num, objective_bar: bool,
    }),
    visual: group({
      target_despawn_animation: { type: 'string', enum: ['none', 'glow', 'holo', 'dissolve', 'explode'] },
      show_weapon: bool, on_hit_effect: bool, on_hit_effect_auto: bool, muzzle_flash_size: num,
      weapon_sway: bool, target_roughness: num, on_hit_target: bool, tracer_bullets: bool,
      bullet_holes: bool, sight_colour: str,
    }),
    texture: group({
      theme: str, target_colour: str, custom_textures_type: { type: 'string', enum: ['Dynamic', 'Image'] },
      custom_textures_name: strOrNull, wall_colour: str, line_colour: str, line_thickness: num,
    }),
    control: group({
      bindings: {
        type: 'object',
        properties: Object.fromEntries(
          ['forward', 'backward', 'left', 'right', 'fire', 'ads', 'adsSwitch', 'restart', 'pause'].map((k) => [k, bindingSchema]),
        ),
        additionalProperties: false,
      },
      gamepad: group({ horizontal_sens: num, vertical_sens: num, invert_look: bool, left_deadzone: num, right_deadzone: num }),
    }),
    other: group({
      mouse_skip: group({ notification_shown: bool }),
      low_fps: group({ notification_enabled: bool }),
      fov: num,
      fov_type: { type: 'string', enum: ['h', 'v', 'h4:3'] },
    }),
  },
  additionalProperties: false,
} as const;

/** `POST /gameoptions/edit` body: `{ game_options?, controls? }`; at least one of them. */
export const gameOptionsEditBodySchema = {
  type: 'object',
  properties: { game_options: gameOptionsBodySchema, controls: controlsBodySchema },
  minProperties: 1,
  additionalProperties: false,
} as const;

const rgbaSchema = {
  type: 'object',
  required: ['r', 'g', 'b'],
  properties: { r: num, g: num, b: num, a: num },
  additionalProperties: false,
} as const;

/** Crosshair config body: every field optional (missing ones take the defaults), typed. */
export const crosshairConfigBodySchema = {
  type: 'object',
  properties: {
    color: rgbaSchema,
    outlineColor: rgbaSchema,
    outline: num,
    rotation: bool,
    alpha: num,
    crosshair: {
      type: 'object',
      properties: {
        enabled: bool, len: num, thick: num, gap: num, tStyle: bool, radius: num, firing_inaccuracy: bool,
        movement_inaccuracy: bool, disc_firing_inaccuracy: bool, disc_movement_inaccuracy: bool,
      },
      additionalProperties: false,
    },
    dot: { type: 'object', properties: { enabled: bool, size: num }, additionalProperties: false },
    disc: { type: 'object', properties: { enabled: bool, size: num, thick: num }, additionalProperties: false },
  },
  additionalProperties: false,
} as const;

/** `POST /api/v2/user/{type}` body: `{ enabled, config }` (a CrosshairSetting). */
export const crosshairSettingBodySchema = {
  type: 'object',
  required: ['enabled', 'config'],
  properties: { enabled: bool, config: crosshairConfigBodySchema },
  additionalProperties: false,
} as const;

/** Clamps `v` into [min, max]. */
export function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Deep merge: plain objects merge key by key (recursively), anything else in `patch`
 * (numbers, strings, null, arrays) replaces the value in `base`. Neither input is mutated.
 */
export function mergeDeep<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    out[k] = isPlainObject(out[k]) && isPlainObject(v) ? mergeDeep(out[k], v) : v;
  }
  return out as T;
}

/**
 * Control options with the ranges of spec section 5 applied: mouse_sens and mouse_sens_y
 * (when not null) 0.001-10, ads_sens 0.001-100, fov 40-140 degrees, mouse_dpi >= 0 or null.
 * Returns a new object.
 */
export function clampControls(c: ControlOptions): ControlOptions {
  return {
    ...c,
    mouse_sens: clamp(c.mouse_sens, 0.001, 10),
    mouse_sens_y: c.mouse_sens_y === null ? null : clamp(c.mouse_sens_y, 0.001, 10),
    ads_sens: clamp(c.ads_sens, 0.001, 100),
    fov: clamp(c.fov, 40, 140),
    mouse_dpi: c.mouse_dpi === null ? null : Math.max(0, c.mouse_dpi),
  };
}

/**
 * Game options with the ranges of spec section 5 applied: audio 0-10 integers; brightness
 * 0.5-1.2; render_scale 0.5-1; max_fps null or 60-4000; status_bar_size 0.6-1.4;
 * muzzle_flash_size 0-10; target_roughness 0-1; line_thickness 0-250; gamepad sensitivities
 * 0.001-10; deadzones 0-0.5; fov 40-140. Returns a new object.
 */
export function clampGameOptions(o: GameOptions): GameOptions {
  const g = structuredClone(o);
  for (const k of ['volume', 'music', 'spawn', 'despawn', 'gun', 'reward', 'crit'] as const) {
    g.audio[k] = Math.round(clamp(g.audio[k], 0, 10));
  }
  g.video.brightness = clamp(g.video.brightness, 0.5, 1.2);
  g.video.render_scale = clamp(g.video.render_scale, 0.5, 1);
  if (g.video.max_fps !== null) g.video.max_fps = clamp(g.video.max_fps, 60, 4000);
  g.hud.status_bar_size = clamp(g.hud.status_bar_size, 0.6, 1.4);
  g.visual.muzzle_flash_size = clamp(g.visual.muzzle_flash_size, 0, 10);
  g.visual.target_roughness = clamp(g.visual.target_roughness, 0, 1);
  g.texture.line_thickness = clamp(g.texture.line_thickness, 0, 250);
  const pad = g.control.gamepad;
  pad.horizontal_sens = clamp(pad.horizontal_sens, 0.001, 10);
  pad.vertical_sens = clamp(pad.vertical_sens, 0.001, 10);
  pad.left_deadzone = clamp(pad.left_deadzone, 0, 0.5);
  pad.right_deadzone = clamp(pad.right_deadzone, 0, 0.5);
  g.other.fov = clamp(g.other.fov, 40, 140);
  return g;
}

/** Full control options: `saved` (possibly partial, possibly null) merged over the defaults, clamped. */
export function resolveControls(saved: unknown): ControlOptions {
  return clampControls(mergeDeep(defaultControlOptions(), saved ?? {}));
}

/** Full game options: `saved` (possibly partial, possibly null) merged over the defaults, clamped. */
export function resolveGameOptions(saved: unknown): GameOptions {
  return clampGameOptions(mergeDeep(defaultGameOptions(), saved ?? {}));
}

function clampRgba(c: Rgba): Rgba {
  const ch = (v: number) => Math.round(clamp(v, 0, 255));
  return { r: ch(c.r), g: ch(c.g), b: ch(c.b), a: clamp(c.a ?? 255, 0, 255) };
}

/**
 * A full crosshair config: `saved` (possibly partial) merged over `defaultCrosshairConfig()`,
 * clamped to spec section 5: outline 0-10, len 1-20, thick 0.5-20, gap 0-20, dot size 2-20,
 * disc size 0-40, disc thick 1-20, alpha 0-255, colour channels 0-255 (r/g/b rounded).
 */
export function resolveCrosshairConfig(saved: unknown): CrosshairConfig {
  const c = mergeDeep(defaultCrosshairConfig(), saved ?? {});
  return {
    ...c,
    color: clampRgba(c.color),
    outlineColor: clampRgba(c.outlineColor),
    outline: clamp(c.outline, 0, 10),
    alpha: clamp(c.alpha, 0, 255),
    crosshair: {
      ...c.crosshair,
      len: clamp(c.crosshair.len, 1, 20),
      thick: clamp(c.crosshair.thick, 0.5, 20),
      gap: clamp(c.crosshair.gap, 0, 20),
    },
    dot: { ...c.dot, size: clamp(c.dot.size, 2, 20) },
    disc: { ...c.disc, size: clamp(c.disc.size, 0, 40), thick: clamp(c.disc.thick, 1, 20) },
  };
}
