import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppSelector } from '../../state/hooks';
import { showPregame } from '../../state/run/runSlice';
import { keyLabel } from '../format';
import { objectiveFor } from '../../metrics/objectiveBySource';
import { objectiveText } from '../objectiveText';
import type { PrimaryMetric } from '../../contracts/constants';

/** Pre-game info (spec section 2): drill name, HTML description (our own catalogue), the
 * objective that applies (issue 19: by the page's source and context, spec section 9:
 * src/metrics/objectiveBySource.ts; its kind is shown with it), best score, duration, the requirements list (what the
 * summary judges: the drill's threshold of its primary metric, under the drill's own objective only) and key hints for restart,
 * pause and fullscreen; the zoom and toggle-zoom hints only when the weapon has zoom, the
 * movement hint only when the player can walk; a drill editor preview is marked as such. Shown from assets-loaded until the countdown
 * starts. */
export function PregameInfo() {
  const { t } = useTranslation();
  const visible = useAppSelector(showPregame);
  const drill = useAppSelector((s) => s.run.drill);
  const keys = useAppSelector((s) => s.run.keys);
  const preview = useAppSelector((s) => s.run.preview);
  const source = useAppSelector((s) => s.run.source);
  const context = useAppSelector((s) => s.run.context ?? null);
  if (!visible || !drill) return null;
  const metric = drill.primaryMetric as PrimaryMetric;
  const thresholds = Object.fromEntries((drill.requirements ?? []).map((r) => [r.metric, r.threshold]));
  const objective = objectiveFor({ objective: drill.objective, primaryMetric: metric, thresholds, tiers: drill.tiers }, source, context, drill.bestScore);
  // issue 33 item 3: the card lists what the summary judges, nothing else: the drill's threshold
  // of its primary metric, when the drill's own objective applies (best-score and benchmark runs
  // are judged by the best and the top tier, stated in the objective line)
  const judged = objective.kind === 'drill' ? (drill.requirements ?? []).filter((r) => r.metric === metric) : [];
  return (
    <div className="pregame" data-testid="pregame-info">
      <h1 className="pregame__name" data-testid="pregame-name">
        {drill.name}
      </h1>
      {/* issue 17: the drill editor's preview plays a draft; nothing is stored */}
      {preview && (
        <p className="pregame__preview">
          <span className="tag" data-testid="pregame-preview">
            {t('pregame.preview')}
          </span>
        </p>
      )}
      <div className="pregame__description" dangerouslySetInnerHTML={{ __html: drill.descriptionHtml }} />
      <dl className="pregame__facts">
        <div className="pregame__fact--objective">
          <dt>{t('pregame.objective')}</dt>
          <dd data-testid="pregame-objective" data-kind={objective.kind}>
            <span className="pregame__objective-kind" data-testid="pregame-objective-kind">{t(`objective_by_source.kind.${objective.kind}`)}</span>
            {' '}
            <span data-testid="pregame-objective-text">{objectiveText(t, { kind: objective.kind, metric, threshold: objective.threshold, drillText: objective.text })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('pregame.best_score')}</dt>
          <dd data-testid="pregame-best-score">{drill.bestScore === null ? t('pregame.no_best_score') : drill.bestScore}</dd>
        </div>
        <div>
          <dt>{t('pregame.duration')}</dt>
          <dd>{t('pregame.duration_value', { seconds: Math.round(drill.durationMs / 100) / 10 })}</dd>
        </div>
      </dl>
      {judged.length > 0 && (
        <div className="pregame__requirements">
          <h2>{t('pregame.requirements')}</h2>
          <ul data-testid="pregame-requirements">
            {judged.map((r) => (
              <li key={r.metric} data-testid={`pregame-requirement-${r.metric}`}>
                {t(`pregame.requirement.${r.metric}`, { value: r.threshold, count: r.threshold })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className="keys" aria-label={t('pregame.keys_title')}>
        <li>
          <kbd>{keys.restart.map(keyLabel).join(' / ')}</kbd> {t('pregame.key_restart')}
        </li>
        <li>
          <kbd>{keys.pause.map(keyLabel).join(' / ')}</kbd> {t('pregame.key_pause')}
        </li>
        <li>
          <kbd>F11</kbd> {t('pregame.key_fullscreen')}
        </li>
        {drill.zoom != null && keys.zoom && keys.zoom.length > 0 && (
          <li data-testid="pregame-zoom-keys">
            <kbd>{keys.zoom.map(keyLabel).join(' / ')}</kbd> {t('pregame.key_zoom')} ({t('pregame.zoom_value', { zoom: drill.zoom })})
          </li>
        )}
        {drill.zoom != null && keys.toggleZoom && keys.toggleZoom.length > 0 && (
          <li data-testid="pregame-toggle-zoom-keys">
            <kbd>{keys.toggleZoom.map(keyLabel).join(' / ')}</kbd> {t('pregame.key_toggle_zoom')}
          </li>
        )}
        {drill.movement && keys.movement && keys.movement.length > 0 && (
          <li data-testid="pregame-move-keys">
            <kbd>{keys.movement.map(keyLabel).join(' ')}</kbd> {t('pregame.key_move')}
          </li>
        )}
      </ul>
    </div>
  );
}
