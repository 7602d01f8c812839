/**
 * How the pre-game card and the drill summary word the objective that applies to a run (issue
 * 19 item 3, src/metrics/objectiveBySource.ts) and the settings that differed from the drill's
 * (issue 19 item 4, src/metrics/settingsCompare.ts). i18n keys: `objective_by_source.*`,
 * `settings_diff.*` (src/i18n/en.json).
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import '../i18n';
import type { PrimaryMetric } from '../contracts/constants';
import type { ObjectiveKind } from '../metrics/objectiveBySource';
import type { SettingsDifference, SettingValue } from '../metrics/settingsCompare';
import { formatDecimal, formatMs } from '../metrics/insight';

/** A score of `metric` as text: ms as integers, others with at most 2 decimals. */
const scoreText = (metric: string, v: number): string => (metric === 'time_destroy' ? formatMs(v) : formatDecimal(v, 2));

/**
 * The objective's text: 'drill' = the drill's own text (`drillText`; when empty, its threshold
 * as a requirement, else "no bar"); 'benchmark' = "Reach the top tier: <requirement>";
 * 'best-score' = "Beat your best score: <best>" or, with no best yet, "Set your first best score".
 */
export function objectiveText(
  t: TFunction, o: { kind: ObjectiveKind; metric: PrimaryMetric | string; threshold: number | null; drillText?: string | null },
): string {
  const requirement = (v: number) => t(`pregame.requirement.${o.metric}`, { value: scoreText(o.metric, v), count: v });
  switch (o.kind) {
    case 'benchmark':
      return o.threshold === null ? t('objective_by_source.benchmark_none') : t('objective_by_source.benchmark', { requirement: requirement(o.threshold) });
    case 'best-score':
      return o.threshold === null ? t('objective_by_source.best_first') : t('objective_by_source.best', { best: scoreText(o.metric, o.threshold) });
    default:
      if (o.drillText) return o.drillText;
      return o.threshold === null ? t('objective_by_source.drill_none') : requirement(o.threshold);
  }
}

const valueText = (t: TFunction, v: SettingValue): string =>
  v === null ? t('settings_diff.none') : typeof v === 'boolean' ? t(v ? 'settings_diff.yes' : 'settings_diff.no') : typeof v === 'number' ? formatDecimal(v, 2) : v;

/** One difference as a sentence ("Played with FOV 120 (h): this drill locks FOV to 90–103 (h)."). */
export function differenceText(t: TFunction, d: SettingsDifference): string {
  if (d.reason === 'fov_lock' && d.expected && typeof d.expected === 'object') {
    const { min, max, fov_type: type } = d.expected;
    const range = min !== null && max !== null ? `${formatDecimal(min, 2)}–${formatDecimal(max, 2)}`
      : min !== null ? t('settings_diff.at_least', { value: formatDecimal(min, 2) }) : t('settings_diff.at_most', { value: formatDecimal(max, 2) });
    return t('settings_diff.fov_lock', { actual: valueText(t, d.actual), type, range });
  }
  return t('settings_diff.drill_changed', {
    field: t(`settings_diff.field.${d.field}`, { defaultValue: d.field }),
    actual: valueText(t, d.actual),
    expected: valueText(t, d.expected as SettingValue),
  });
}

/** The notice of a run played with settings that differ from the drill's (nothing when none). */
export function SettingsDiffNotice({ differences }: { differences: readonly SettingsDifference[] | null | undefined }) {
  const { t } = useTranslation();
  if (!differences || differences.length === 0) return null;
  return (
    <div className="settings-notice" role="note" data-testid="summary-settings-notice">
      <p className="settings-notice__title">{t('settings_diff.title')}</p>
      <ul>
        {differences.map((d) => (
          <li key={d.field} data-testid={`settings-diff-${d.field}`}>{differenceText(t, d)}</li>
        ))}
      </ul>
    </div>
  );
}
