import { useTranslation } from 'react-i18next';
import { YAW_DEG_PER_COUNT } from '../../contracts/constants';
import type { FovType } from '../../contracts/gameOptions';
import type { FetchFn } from '../../net/api';
import { cm360Enabled, cmPer360, inchPer360, productSensFromCm360, productSensFromInch360 } from '../../sensitivity/convert';
import { clampAndRound, SETTING_RANGES } from '../../contracts/settingRanges';
import { settingsActions } from '../../state/settings/settingsSlice';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { SettingNumber, SettingSelect, SettingToggle } from './SettingControls';
import { SettingSlider } from './SettingSlider';
import { SensitivityConverter } from './SensitivityConverter';

/** i18n key suffix of a FOV type ('h4:3' has a ':' that i18next reads as a namespace). */
export const fovTypeKey = (t: FovType): string => (t === 'h4:3' ? 'h43' : t);

/** The cm/360 and inch/360 of a product sensitivity at a DPI, 2 decimals, or null without DPI. */
export function distancesPer360(sens: number, dpi: number | null): { cm: number; inch: number } | null {
  if (!cm360Enabled(dpi) || !(sens > 0)) return null;
  const inc = sens * YAW_DEG_PER_COUNT;
  return { cm: Number(cmPer360(inc, dpi as number).toFixed(2)), inch: Number(inchPer360(inc, dpi as number).toFixed(2)) };
}

/** MouseTab props. */
export interface MouseTabProps {
  disabled?: boolean;
  fetchFn?: FetchFn;
}

/**
 * Controls → Mouse: sensitivity, vertical sensitivity ('same as horizontal' = null), invert,
 * ADS sensitivity, mouse skip filter, FOV and its type, DPI with cm/360 and inch/360 (disabled
 * without DPI; editing them sets the sensitivity). The sensitivity converter (both ways, game to
 * game, by 360° or monitor distance or viewspeed) comes first, at the top of the tab.
 */
export function MouseTab({ disabled, fetchFn }: MouseTabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const c = useAppSelector((s) => s.settings.controls);
  const dist = distancesPer360(c.mouse_sens, c.mouse_dpi);
  const noDpi = !cm360Enabled(c.mouse_dpi);
  const setSens = (raw: number) =>
    dispatch(settingsActions.controlChanged({ key: 'mouse_sens', value: clampAndRound(raw, SETTING_RANGES.mouse_sens) }));

  return (
    <div className="settings-section" data-testid="settings-mouse">
      <h3 className="settings-section__title">{t('settings.sections.conversion')}</h3>
      <SensitivityConverter
        disabled={disabled}
        fetchFn={fetchFn}
        onApply={setSens}
        productSens={c.mouse_sens}
        productFov={c.fov}
        productFovType={c.fov_type}
        dpi={c.mouse_dpi}
        onTakeFov={(fov, fovType) => {
          dispatch(settingsActions.controlChanged({ key: 'fov', value: fov }));
          dispatch(settingsActions.controlChanged({ key: 'fov_type', value: fovType }));
        }}
      />
      <p className="converter__finder">
        <a href="/app/#/sens-finder" data-testid="finder-link">{t('sens_finder.link')}</a>
      </p>
      <h3 className="settings-section__title">{t('settings.sections.sensitivity')}</h3>
      <SettingSlider
        field="mouse_sens"
        label={t('settings.fields.mouse_sens')}
        value={c.mouse_sens}
        range={SETTING_RANGES.mouse_sens}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.controlChanged({ key: 'mouse_sens', value: v }))}
      />
      <SettingToggle
        field="mouse_sens_y_same"
        label={t('settings.fields.mouse_sens_y_same')}
        checked={c.mouse_sens_y === null}
        disabled={disabled}
        onChange={(same) => dispatch(settingsActions.controlChanged({ key: 'mouse_sens_y', value: same ? null : c.mouse_sens }))}
      />
      {c.mouse_sens_y !== null ? (
        <SettingSlider
          field="mouse_sens_y"
          label={t('settings.fields.mouse_sens_y')}
          value={c.mouse_sens_y}
          range={SETTING_RANGES.mouse_sens}
          disabled={disabled}
          onChange={(v) => dispatch(settingsActions.controlChanged({ key: 'mouse_sens_y', value: v }))}
        />
      ) : null}
      <SettingToggle
        field="mouse_inverse"
        label={t('settings.fields.mouse_inverse')}
        checked={c.mouse_inverse === 1}
        disabled={disabled}
        onChange={(on) => dispatch(settingsActions.controlChanged({ key: 'mouse_inverse', value: on ? 1 : 0 }))}
      />
      <SettingSlider
        field="ads_sens"
        label={t('settings.fields.ads_sens')}
        value={c.ads_sens}
        range={SETTING_RANGES.ads_sens}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.controlChanged({ key: 'ads_sens', value: v }))}
      />
      <SettingToggle
        field="mouse_skip_filter"
        label={t('settings.fields.mouse_skip_filter')}
        checked={c.mouse_skip_filter}
        disabled={disabled}
        onChange={(on) => dispatch(settingsActions.controlChanged({ key: 'mouse_skip_filter', value: on }))}
      />
      <SettingNumber
        field="mouse_dpi"
        label={t('settings.fields.mouse_dpi')}
        value={c.mouse_dpi}
        range={SETTING_RANGES.mouse_dpi}
        nullable
        disabled={disabled}
        placeholder="800"
        onChange={(v) => dispatch(settingsActions.controlChanged({ key: 'mouse_dpi', value: v }))}
      />
      <SettingNumber
        field="cm360"
        label={t('settings.fields.cm360')}
        value={dist?.cm ?? null}
        range={SETTING_RANGES.cm360}
        disabled={disabled || noDpi}
        onChange={(cm) => cm !== null && !noDpi && setSens(productSensFromCm360(cm, c.mouse_dpi as number))}
      />
      <SettingNumber
        field="inch360"
        label={t('settings.fields.inch360')}
        value={dist?.inch ?? null}
        range={SETTING_RANGES.inch360}
        disabled={disabled || noDpi}
        onChange={(inch) => inch !== null && !noDpi && setSens(productSensFromInch360(inch, c.mouse_dpi as number))}
      />
      {noDpi ? <p className="muted setting__hint">{t('settings.fields.dpi_hint')}</p> : null}

      <h3 className="settings-section__title">{t('settings.sections.fov')}</h3>
      <SettingSlider
        field="fov"
        label={t('settings.fields.fov')}
        value={c.fov}
        range={SETTING_RANGES.fov}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.controlChanged({ key: 'fov', value: v }))}
      />
      <SettingSelect<FovType>
        field="fov_type"
        label={t('settings.fields.fov_type')}
        value={c.fov_type}
        disabled={disabled}
        options={(['h', 'v', 'h4:3'] as const).map((v) => ({ value: v, label: t(`settings.options.fov_type.${fovTypeKey(v)}`) }))}
        onChange={(v) => dispatch(settingsActions.controlChanged({ key: 'fov_type', value: v }))}
      />

    </div>
  );
}

/** Controls → Controller: gamepad sensitivities, invert look and stick deadzones. */
export function ControllerTab({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const pad = useAppSelector((s) => s.settings.gameOptions.control.gamepad);
  return (
    <div className="settings-section" data-testid="settings-controller">
      <SettingSlider
        field="horizontal_sens"
        label={t('settings.fields.horizontal_sens')}
        value={pad.horizontal_sens}
        range={SETTING_RANGES.gamepad_sens}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.gamepadChanged({ key: 'horizontal_sens', value: v }))}
      />
      <SettingSlider
        field="vertical_sens"
        label={t('settings.fields.vertical_sens')}
        value={pad.vertical_sens}
        range={SETTING_RANGES.gamepad_sens}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.gamepadChanged({ key: 'vertical_sens', value: v }))}
      />
      <SettingToggle
        field="invert_look"
        label={t('settings.fields.invert_look')}
        checked={pad.invert_look}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.gamepadChanged({ key: 'invert_look', value: v }))}
      />
      <SettingSlider
        field="left_deadzone"
        label={t('settings.fields.left_deadzone')}
        value={pad.left_deadzone}
        range={SETTING_RANGES.deadzone}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.gamepadChanged({ key: 'left_deadzone', value: v }))}
      />
      <SettingSlider
        field="right_deadzone"
        label={t('settings.fields.right_deadzone')}
        value={pad.right_deadzone}
        range={SETTING_RANGES.deadzone}
        disabled={disabled}
        onChange={(v) => dispatch(settingsActions.gamepadChanged({ key: 'right_deadzone', value: v }))}
      />
    </div>
  );
}
