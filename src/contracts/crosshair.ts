/**
 * Crosshair, hit marker, miss marker and ADS crosshair configs (spec section 3) with defaults.
 * Colours are `{ r, g, b, a }` with channels 0-255. Lengths in CSS px; thickness is drawn x2
 * (spec section 9). Ranges are in spec section 5 (`settingRanges.ts` CROSSHAIR_CONFIG_RANGES);
 * the JSON schemas of the bodies are below, next to the types (test/unit/contracts/
 * settingsSchemas.test.ts checks that they name exactly the types' fields).
 */
import { bool, closed, num } from './jsonSchema';

export const CROSSHAIR_TYPES = ['crosshair', 'hitmarker', 'missmarker', 'ads'] as const;
export type CrosshairType = (typeof CROSSHAIR_TYPES)[number];

export interface Rgba { r: number; g: number; b: number; a: number }

export interface CrosshairConfig {
  color: Rgba;
  outlineColor: Rgba;
  /** outline width, 0-10 */
  outline: number;
  rotation: boolean;
  /** overall alpha, 0-255 */
  alpha: number;
  crosshair: {
    enabled: boolean; len: number; thick: number; gap: number; tStyle: boolean; radius: number;
    firing_inaccuracy: boolean; movement_inaccuracy: boolean; disc_firing_inaccuracy: boolean;
    disc_movement_inaccuracy: boolean;
  };
  dot: { enabled: boolean; size: number };
  disc: { enabled: boolean; size: number; thick: number };
}

/** A stored crosshair of one type: `enabled` false means the legacy / built-in look. */
export interface CrosshairSetting { enabled: boolean; config: CrosshairConfig }

/** Defaults (spec section 3): crosshair on with len 8, thick 8, gap 2; dot on with size 4;
 * disc off with size 20 and thick 5; alpha 255; outline 2; outline colour black; colour red. */
export function defaultCrosshairConfig(): CrosshairConfig {
  return {
    color: { r: 255, g: 0, b: 0, a: 255 },
    outlineColor: { r: 0, g: 0, b: 0, a: 255 },
    outline: 2,
    rotation: false,
    alpha: 255,
    crosshair: {
      enabled: true, len: 8, thick: 8, gap: 2, tStyle: false, radius: 0, firing_inaccuracy: false,
      movement_inaccuracy: false, disc_firing_inaccuracy: false, disc_movement_inaccuracy: false,
    },
    dot: { enabled: true, size: 4 },
    disc: { enabled: false, size: 20, thick: 5 },
  };
}

const rgbaSchema = {
  type: 'object',
  required: ['r', 'g', 'b'],
  properties: { r: num, g: num, b: num, a: num },
  additionalProperties: false,
} as const;

/** Crosshair config body (`CrosshairConfig`): every field optional (missing ones take the
 * defaults), typed, no extras. Ranges are clamped on save, not rejected. */
export const crosshairConfigBodySchema = {
  type: 'object',
  properties: {
    color: rgbaSchema,
    outlineColor: rgbaSchema,
    outline: num,
    rotation: bool,
    alpha: num,
    crosshair: closed({
      enabled: bool, len: num, thick: num, gap: num, tStyle: bool, radius: num, firing_inaccuracy: bool,
      movement_inaccuracy: bool, disc_firing_inaccuracy: bool, disc_movement_inaccuracy: bool,
    }),
    dot: closed({ enabled: bool, size: num }),
    disc: closed({ enabled: bool, size: num, thick: num }),
  },
  additionalProperties: false,
} as const;

/** `POST /api/v2/user/{type}` body (spec section 7): `{ enabled, config }` (a CrosshairSetting). */
export const crosshairSettingBodySchema = {
  type: 'object',
  required: ['enabled', 'config'],
  properties: { enabled: bool, config: crosshairConfigBodySchema },
  additionalProperties: false,
} as const;
