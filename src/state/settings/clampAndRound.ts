/**
 * Slider and number-input rules (spec section 5). The table of ranges and the one rounding rule
 * live in src/contracts/settingRanges.ts, shared with the crosshair editor and the server; this
 * module re-exports them for the settings state (`src/state/settings/index.ts`).
 */
export {
  clampAndRound, decimalsOf, MAX_FPS_ENABLED_DEFAULT, SETTING_RANGES, type SettingRange,
} from '../../contracts/settingRanges';
