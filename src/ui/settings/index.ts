/** The settings menu (issue 4): the menu, its tabs and widgets, the standalone page. */
export { SettingsMenu, type SettingsMenuProps, SETTINGS_TABS, CONTROLS_SUBTABS } from './SettingsMenu';
export { SettingsPage, isSettingsPagePath, SETTINGS_PAGE_PATH } from './SettingsPage';
export { SettingSlider, type SettingSliderProps } from './SettingSlider';
export { ConfirmModal } from './ConfirmModal';
export { SensitivityConverter } from './SensitivityConverter';
