/**
 * The video brightness the scene's lights use (pure; no Babylon). Spec section 5: "Brightness
 * 0.5-1.2 step 0.05 (only for factory level style)". Our room is the factory style: a drill with
 * no `level_style`, or 'factory', gets the player's brightness (clamped and rounded to its
 * range, SETTING_RANGES.brightness); a drill naming another style is drawn at 1, as the spec
 * says brightness does not apply there.
 */
import { clampAndRound, SETTING_RANGES } from '../contracts/settingRanges';

/** The level style brightness applies to (spec section 5). */
export const BRIGHTNESS_LEVEL_STYLE = 'factory';

/**
 * The light multiplier for the player's `brightness` (game_options.video.brightness; missing = 1)
 * in a drill of `levelStyle` (DrillConfig.levelStyle; null = ours, the factory style).
 */
export function sceneBrightness(brightness: number | null | undefined, levelStyle: string | null | undefined): number {
  if (levelStyle != null && levelStyle.toLowerCase() !== BRIGHTNESS_LEVEL_STYLE) return 1;
  return clampAndRound(brightness ?? 1, SETTING_RANGES.brightness, 1);
}
