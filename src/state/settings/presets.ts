/**
 * Video presets and theme presets of the settings menu (spec sections 3 and 4). Pure.
 * - Video: Low (anisotropy 1, no anti-aliasing, render scale 0.5, shadows 0), Medium (4, off,
 *   1, 1), High (16, on, 1, 2), Custom (anything else).
 * - Theme: THEME_PRESETS of the contracts (target, wall and line colours, line thickness), Custom.
 */
import { THEME_PRESETS, type GameOptions, type ThemeName } from '../../contracts/gameOptions';

/** The video fields a preset sets. */
export interface VideoPresetValues {
  anisotropy: GameOptions['video']['anisotropy'];
  anti_aliasing: boolean;
  render_scale: number;
  shadows: GameOptions['video']['shadows'];
}

/** Video presets (spec section 4). */
export const VIDEO_PRESETS = {
  Low: { anisotropy: 1, anti_aliasing: false, render_scale: 0.5, shadows: 0 },
  Medium: { anisotropy: 4, anti_aliasing: false, render_scale: 1, shadows: 1 },
  High: { anisotropy: 16, anti_aliasing: true, render_scale: 1, shadows: 2 },
} as const satisfies Record<string, VideoPresetValues>;

/** A video preset name. */
export type VideoPreset = keyof typeof VIDEO_PRESETS | 'Custom';
/** The preset choices in menu order. */
export const VIDEO_PRESET_NAMES: readonly VideoPreset[] = ['Low', 'Medium', 'High', 'Custom'];

/** The preset whose four values `video` has, else 'Custom'. */
export function videoPresetOf(video: GameOptions['video']): VideoPreset {
  for (const name of ['Low', 'Medium', 'High'] as const) {
    const p = VIDEO_PRESETS[name];
    if (
      video.anisotropy === p.anisotropy &&
      video.anti_aliasing === p.anti_aliasing &&
      video.render_scale === p.render_scale &&
      video.shadows === p.shadows
    ) {
      return name;
    }
  }
  return 'Custom';
}

/** The theme choices in menu order (spec section 3). */
export const THEME_NAMES: readonly ThemeName[] = [...(Object.keys(THEME_PRESETS) as ThemeName[]), 'Custom'];

/** Whether `name` is a theme preset with values (not 'Custom', not unknown). */
export function isThemePreset(name: string): name is keyof typeof THEME_PRESETS {
  return Object.prototype.hasOwnProperty.call(THEME_PRESETS, name);
}
