import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import '../settings/settings.css';
import { YAW_DEG_PER_COUNT } from '../../contracts/constants';
import { clampAndRound, SETTING_RANGES } from '../../contracts/settingRanges';
import { cmPer360, productSensFromCm360 } from '../../sensitivity/convert';
import { fitSession } from '../../sensitivity/finder';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { settingsActions } from '../../state/settings/settingsSlice';
import { PRODUCT_SIDE, SensitivityConverter } from '../settings/SensitivityConverter';
import { SensFinderChart } from '../SensFinderChart';

/** The start page of a new finder session centred on `cm` (cm/360) at `dpi`. */
export const finderStartHref = (cm?: number, dpi?: number): string =>
  `/app/#/sens-finder${cm !== undefined && dpi !== undefined ? `?cm=${cm.toFixed(2)}&dpi=${dpi}` : ''}`;

/**
 * The sensitivity finder's result (issue 37 item 6), over the game once the session's last run is
 * stored: the recommended cm/360 (src/sensitivity/finder.ts fitSession) with its 95 % interval
 * and the fit's quality, the product sensitivity it is at the session's DPI, the chart of score
 * against cm/360, Apply (saves the sensitivity and the DPI through the settings slice: POST
 * /gameoptions/edit), the converter from this trainer to the player's game with the recommended
 * value, and links to test again around it or open the settings.
 */
export function SensFinderResult() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const f = useAppSelector((s) => s.finder);
  const settings = useAppSelector((s) => s.settings);
  const [applied, setApplied] = useState<number | null>(null);
  const fit = useMemo(() => (f && f.finished ? fitSession(f.results.map((r) => ({ cm360: r.cm360, score: r.score, index: r.index }))) : null), [f]);
  if (!f || !f.finished || !fit) return null;
  const recommended = clampAndRound(productSensFromCm360(fit.bestCm360, f.dpi), SETTING_RANGES.mouse_sens);
  // the cm/360 of the sensitivity as saved (rounded to the slider's step)
  const cm = cmPer360(recommended * YAW_DEG_PER_COUNT, f.dpi);
  const savedSens = settings.saved.controls.mouse_sens;
  const isApplied = applied !== null && !settings.saving && settings.status === 'saved' && Math.abs(savedSens - applied) < 1e-9;
  const failed = applied !== null && !settings.saving && settings.status === 'failed';
  const fmt = (x: number) => x.toFixed(1);
  const apply = (sens: number) => {
    dispatch(settingsActions.controlChanged({ key: 'mouse_sens', value: sens }));
    dispatch(settingsActions.controlChanged({ key: 'mouse_dpi', value: f.dpi }));
    dispatch(settingsActions.saveRequested());
    setApplied(sens);
  };
  return (
    <div className="overlay overlay--center overlay--dim" data-testid="finder-result" data-quality={fit.quality} role="dialog" aria-modal="true" aria-labelledby="finder-result-title">
      <div className="panel finder-result">
        <h2 className="panel__title" id="finder-result-title">{t('sens_finder.result_title')}</h2>
        <p className="finder-result__value" data-testid="finder-recommended" data-cm={fit.bestCm360}>
          {t('sens_finder.recommended', { cm: fmt(fit.bestCm360) })}
        </p>
        {fit.low !== null && fit.high !== null ? (
          <p className="muted" data-testid="finder-interval" data-low={fit.low} data-high={fit.high}>
            {t('sens_finder.interval', { low: fmt(fit.low), high: fmt(fit.high) })}
          </p>
        ) : null}
        <p className="muted" data-testid="finder-in-trainer">{t('sens_finder.in_trainer', { sens: recommended, dpi: f.dpi })}</p>
        <p data-testid="finder-quality">
          {t(`sens_finder.quality_${fit.quality}`, { cm: fmt(fit.bestTestedCm360) })}
        </p>
        <SensFinderChart
          rounds={f.results.map((r) => ({ cm360: r.cm360, score: r.score }))}
          fit={fit}
          label={t('sens_finder.chart_label')}
          names={{ rounds: t('sens_finder.chart_rounds'), fit: t('sens_finder.chart_fit'), interval: fit.low !== null && fit.high !== null ? t('sens_finder.interval', { low: fmt(fit.low), high: fmt(fit.high) }) : t('sens_finder.chart_interval') }}
        />
        <div className="finder-result__actions">
          <button type="button" className="btn btn--primary" data-testid="finder-apply" disabled={settings.saving || isApplied} onClick={() => apply(recommended)}>
            {t('sens_finder.apply', { cm: fmt(cm) })}
          </button>
          <a className="btn" data-testid="finder-again" href={finderStartHref(fit.bestCm360, f.dpi)}>{t('sens_finder.again')}</a>
          <a className="btn" data-testid="finder-settings" href="/gameoptions/edit">{t('sens_finder.settings')}</a>
        </div>
        {isApplied ? (
          <p className="ok-text" role="status" data-testid="finder-applied">
            {t('sens_finder.applied', { sens: applied, cm: fmt(cmPer360(applied * YAW_DEG_PER_COUNT, f.dpi)) })}
          </p>
        ) : null}
        {failed ? <p className="error-text" role="alert">{t('sens_finder.apply_failed')}</p> : null}
        <h3 className="settings-section__title">{t('sens_finder.convert_title')}</h3>
        <SensitivityConverter
          onApply={apply}
          productSens={recommended}
          productFov={settings.controls.fov}
          productFovType={settings.controls.fov_type}
          dpi={f.dpi}
          initialFrom={PRODUCT_SIDE}
        />
      </div>
    </div>
  );
}
