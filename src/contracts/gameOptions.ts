/**
 * Per-player game options and control options (spec section 3) with their defaults
 * (spec sections 3 and 9). `GET /gameoptions/edit` answers `{ controls, game_options }`.
 * Ranges are in spec section 5 (`settingRanges.ts`); the settings UI and the server clamp to
 * them (issue 4). The JSON schemas of the bodies (`controlsBodySchema`, `gameOptionsBodySchema`)
 * are below, next to the types; test/unit/contracts/settingsSchemas.test.ts checks that they
 * name exactly the types' fields and accept every full document.
 */
import { bool, closed, colour, num, numOrNull, str, strOrNull } from './jsonSchema';
import { isPlainObject, mergeDeep } from './merge';
import { ROOM_STYLES, type RoomStyle } from './drillSchema';

/** The game options' URL (spec sections 2 and 7): `GET` answers the JSON to `fetch` and the
 * standalone settings page to a browser navigation; `POST` saves. */
export const GAME_OPTIONS_PATH = '/gameoptions/edit';

/** One input binding: main key, alternative key, gamepad button. Keys are `KeyboardEvent.code`
 * values ('KeyW', 'ShiftLeft', 'Escape'), mouse buttons `mouse{n}`, pad buttons `button{n}`. */
// Binding and GamepadOptions are type aliases (test/unit/contracts/settingsSchemas.test.ts checks
// that every full GameOptions is a valid body).
export type Binding = {
  key: string | null;
  alt: string | null;
  pad: string | null;
};

export const BINDING_ACTIONS = [
  'forward', 'backward', 'left', 'right', 'fire', 'ads', 'adsSwitch', 'restart', 'pause',
] as const;
export type BindingAction = (typeof BINDING_ACTIONS)[number];

export type GamepadOptions = {
  horizontal_sens: number;
  vertical_sens: number;
  invert_look: boolean;
  left_deadzone: number;
  right_deadzone: number;
};

export type FovType = 'h' | 'v' | 'h4:3';
export type HitSound = 'default' | 'clap' | 'pong' | 'pop' | 'tap' | 'thud' | 'custom';
export type DespawnAnimation = 'none' | 'glow' | 'holo' | 'dissolve' | 'explode';
/** game_options.visual.room: 'drill' (the drill's level_style) or a room of ROOM_STYLES. */
export type RoomChoice = 'drill' | RoomStyle;
/** Every RoomChoice, the default ('drill') first. */
export const ROOM_CHOICES: readonly RoomChoice[] = ['drill', ...ROOM_STYLES];

export interface GameOptions {
  audio: {
    volume: number; music: number; spawn: number; despawn: number; gun: number; reward: number;
    crit: number; custom_sounds: boolean; hitsound: HitSound;
  };
  video: {
    brightness: number; shadows: 0 | 1 | 2; anisotropy: 1 | 2 | 4 | 8 | 16; render_scale: number;
    anti_aliasing: boolean; max_fps: number | null;
  };
  hud: {
    enabled: boolean; stats: 0 | 1 | 2; targets_destroyed: boolean; time_destroy: boolean;
    crit_hit: boolean; show_target_health_bar: boolean; show_target_lifetime_bar: boolean;
    spawn_indicator: boolean; clip: boolean; fps: boolean; status_bar_size: number;
    objective_bar: boolean;
  };
  visual: {
    target_despawn_animation: DespawnAnimation; show_weapon: boolean; on_hit_effect: boolean;
    on_hit_effect_auto: boolean; muzzle_flash_size: number; weapon_sway: boolean;
    target_roughness: number; on_hit_target: boolean; tracer_bullets: boolean;
    bullet_holes: boolean; sight_colour: string;
    /** the room drills are played in: 'drill' = the drill's level_style, else that room
     * (src/game/roomStyles.ts; issue 35 item 1) */
    room: RoomChoice;
    /** a dark or light outline round every target (issue 35 item 2) */
    target_outline: boolean;
  };
  texture: {
    theme: string; target_colour: string; custom_textures_type: 'Dynamic' | 'Image';
    custom_textures_name: string | null; wall_colour: string; line_colour: string;
    line_thickness: number;
  };
  control: {
    bindings: Record<BindingAction, Binding>;
    gamepad: GamepadOptions;
  };
  other: {
    mouse_skip: { notification_shown: boolean };
    low_fps: { notification_enabled: boolean };
    fov: number;
    fov_type: FovType;
  };
}

/** Control options as sent to / from the server (spec sections 3 and 7). */
export interface ControlOptions {
  /** product sensitivity; degrees per count = sensitivity * YAW_DEG_PER_COUNT */
  mouse_sens: number;
  /** vertical sensitivity; null = same as mouse_sens */
  mouse_sens_y: number | null;
  mouse_inverse: 0 | 1;
  graphics_quality_auto: boolean;
  ads_sens: number;
  mouse_skip_filter: boolean;
  /** degrees, measured on the axis of fov_type */
  fov: number;
  fov_type: FovType;
  sens_profile_id: number | null;
  mouse_dpi: number | null;
}

/** Theme presets (spec section 3): target, wall and line colours and line thickness. */
export const THEME_PRESETS = {
  // Default's walls are darker than the first '#30343c' (3.03:1) and than '#282b32', on which
  // the lit red target seen from below (its shaded underside: targets above the eye) measured
  // 3.03:1 too (issue 35 item 2: at least 3:1 with room to spare; test/e2e/roomLooks.test.ts)
  Default: { target_colour: '#ff4b3e', wall_colour: '#202329', line_colour: '#474d59', line_thickness: 5 },
  Monochrome: { target_colour: '#ffffff', wall_colour: '#2a2a2a', line_colour: '#555555', line_thickness: 5 },
  Spring: { target_colour: '#ff7eb6', wall_colour: '#2f4a3a', line_colour: '#6fbf73', line_thickness: 5 },
  Summer: { target_colour: '#ffd23f', wall_colour: '#1f4e6b', line_colour: '#3bceac', line_thickness: 5 },
  Autumn: { target_colour: '#ff8c1a', wall_colour: '#4a2e1f', line_colour: '#a0522d', line_thickness: 5 },
  // Winter's targets are a deep ice blue: the light '#7fdbff' they had gave 1.07:1 against its
  // own light walls (issue 35 item 2, test/e2e/roomLooks.test.ts)
  Winter: { target_colour: '#1d4e89', wall_colour: '#dfe7ef', line_colour: '#9fb3c8', line_thickness: 5 },
  Holodeck: { target_colour: '#00e5ff', wall_colour: '#101010', line_colour: '#ffb000', line_thickness: 8 },
} as const;
export type ThemeName = keyof typeof THEME_PRESETS | 'Custom';

const b = (key: string | null, pad: string | null, alt: string | null = null): Binding => ({ key, alt, pad });

/** Default bindings (spec section 9): W/A/S/D, fire left mouse, ads right mouse, adsSwitch
 * left shift, restart R, pause Escape; pad buttons 12-15 movement, 7 fire, 6 ads, 10 adsSwitch,
 * 8 restart, 9 pause. */
export const DEFAULT_BINDINGS: Record<BindingAction, Binding> = {
  forward: b('KeyW', 'button12'),
  backward: b('KeyS', 'button13'),
  left: b('KeyA', 'button14'),
  right: b('KeyD', 'button15'),
  fire: b('mouse0', 'button7'),
  ads: b('mouse2', 'button6'),
  adsSwitch: b('ShiftLeft', 'button10'),
  restart: b('KeyR', 'button8'),
  pause: b('Escape', 'button9'),
};

/** Returns fresh default game options for a new player (spec sections 3 and 9). */
export function defaultGameOptions(): GameOptions {
  const theme = THEME_PRESETS.Default;
  return {
    // spawn 3, not the spec table's 0 (issue 35 item 7: a spawn cue on by default, for targets
    // that appear out of view)
    audio: { volume: 4, music: 3, spawn: 3, despawn: 0, gun: 3, reward: 3, crit: 1, custom_sounds: false, hitsound: 'default' },
    video: { brightness: 1, shadows: 2, anisotropy: 16, render_scale: 1, anti_aliasing: true, max_fps: null },
    hud: {
      enabled: true, stats: 2, targets_destroyed: true, time_destroy: true, crit_hit: false,
      show_target_health_bar: true, show_target_lifetime_bar: true, spawn_indicator: true, clip: true,
      fps: false, status_bar_size: 1.4, objective_bar: true,
    },
    visual: {
      target_despawn_animation: 'holo', show_weapon: true, on_hit_effect: true, on_hit_effect_auto: false,
      muzzle_flash_size: 6, weapon_sway: true, target_roughness: 0.3, on_hit_target: true,
      tracer_bullets: false, bullet_holes: false, sight_colour: '#ffe711', room: 'drill', target_outline: false,
    },
    texture: {
      theme: 'Default', target_colour: theme.target_colour, custom_textures_type: 'Dynamic',
      custom_textures_name: null, wall_colour: theme.wall_colour, line_colour: theme.line_colour,
      line_thickness: theme.line_thickness,
    },
    control: {
      bindings: structuredClone(DEFAULT_BINDINGS),
      gamepad: { horizontal_sens: 1, vertical_sens: 1, invert_look: false, left_deadzone: 0.1, right_deadzone: 0.1 },
    },
    other: {
      mouse_skip: { notification_shown: false },
      low_fps: { notification_enabled: true },
      fov: 103,
      fov_type: 'h',
    },
  };
}

/** Returns the default control options for a new player (spec sections 3 and 9). */
export function defaultControlOptions(): ControlOptions {
  return {
    mouse_sens: 1, mouse_sens_y: null, mouse_inverse: 0, graphics_quality_auto: false, ads_sens: 1,
    mouse_skip_filter: true, fov: 103, fov_type: 'h', sens_profile_id: null, mouse_dpi: null,
  };
}

/** The player's game options over the defaults (`defaultGameOptions`, deep merge); null or
 * anything not a plain object gives the defaults. */
export function mergeGameOptions(fromServer: unknown): GameOptions {
  return mergeDeep(defaultGameOptions(), isPlainObject(fromServer) ? fromServer : {});
}

/** The player's control options over the defaults; null or garbage gives the defaults. */
export function mergeControlOptions(fromServer: unknown): ControlOptions {
  return mergeDeep(defaultControlOptions(), isPlainObject(fromServer) ? fromServer : {});
}

/** What a game page loads with from the `GET /gameoptions/edit` answer (`res`, null when it
 * failed): the game options over the defaults, and the player's controls as sent (partial;
 * null when absent: `mouse_skip_filter` then falls back to the gameconfig's). */
export function loadedOptionsOf(res: { controls?: unknown; game_options?: unknown } | null | undefined): {
  options: GameOptions;
  controls: Partial<ControlOptions> | null;
} {
  return {
    options: mergeGameOptions(res?.game_options),
    controls: isPlainObject(res?.controls) ? (res.controls as Partial<ControlOptions>) : null,
  };
}

const fovTypeSchema = { type: 'string', enum: ['h', 'v', 'h4:3'] } as const;
const bindingSchema = closed({ key: strOrNull, alt: strOrNull, pad: strOrNull });
const bindingsProperties = Object.fromEntries(BINDING_ACTIONS.map((k) => [k, bindingSchema])) as {
  readonly [K in BindingAction]: typeof bindingSchema;
};

/** Control options body (spec sections 3 and 7, `ControlOptions`): every field optional, types
 * checked, no extras. Ranges are clamped on save (settingRanges.ts CONTROL_RANGES), not rejected. */
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
    fov_type: fovTypeSchema,
    sens_profile_id: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 },
    mouse_dpi: numOrNull,
  },
  additionalProperties: false,
} as const;

/** Game options body (spec section 3, `GameOptions`): every group and field optional, typed,
 * no extras at any level (the stored document is closed too: issue 14). Ranges are clamped on
 * save (settingRanges.ts GAME_OPTION_RANGES), not rejected; numbers beyond ±MAX_SETTING_NUMBER
 * are refused. */
export const gameOptionsBodySchema = {
  type: 'object',
  properties: {
    audio: closed({
      volume: num, music: num, spawn: num, despawn: num, gun: num, reward: num, crit: num,
      custom_sounds: bool,
      hitsound: { type: 'string', enum: ['default', 'clap', 'pong', 'pop', 'tap', 'thud', 'custom'] },
    }),
    video: closed({
      brightness: num,
      shadows: { type: 'integer', enum: [0, 1, 2] },
      anisotropy: { type: 'integer', enum: [1, 2, 4, 8, 16] },
      render_scale: num,
      anti_aliasing: bool,
      max_fps: numOrNull,
    }),
    hud: closed({
      enabled: bool, stats: { type: 'integer', enum: [0, 1, 2] }, targets_destroyed: bool, time_destroy: bool,
      crit_hit: bool, show_target_health_bar: bool, show_target_lifetime_bar: bool, spawn_indicator: bool,
      clip: bool, fps: bool, status_bar_size: num, objective_bar: bool,
    }),
    visual: closed({
      target_despawn_animation: { type: 'string', enum: ['none', 'glow', 'holo', 'dissolve', 'explode'] },
      show_weapon: bool, on_hit_effect: bool, on_hit_effect_auto: bool, muzzle_flash_size: num,
      weapon_sway: bool, target_roughness: num, on_hit_target: bool, tracer_bullets: bool,
      bullet_holes: bool, sight_colour: colour,
      room: { type: 'string', enum: ROOM_CHOICES },
      target_outline: bool,
    }),
    texture: closed({
      theme: str, target_colour: colour, custom_textures_type: { type: 'string', enum: ['Dynamic', 'Image'] },
      custom_textures_name: strOrNull, wall_colour: colour, line_colour: colour, line_thickness: num,
    }),
    control: closed({
      bindings: { type: 'object', properties: bindingsProperties, additionalProperties: false },
      gamepad: closed({ horizontal_sens: num, vertical_sens: num, invert_look: bool, left_deadzone: num, right_deadzone: num }),
    }),
    other: closed({
      mouse_skip: closed({ notification_shown: bool }),
      low_fps: closed({ notification_enabled: bool }),
      fov: num,
      fov_type: fovTypeSchema,
    }),
  },
  additionalProperties: false,
} as const;

/** `POST /gameoptions/edit` body (spec section 7): `{ game_options?, controls? }`, at least one. */
export const gameOptionsEditBodySchema = {
  type: 'object',
  properties: { game_options: gameOptionsBodySchema, controls: controlsBodySchema },
  minProperties: 1,
  additionalProperties: false,
} as const;
