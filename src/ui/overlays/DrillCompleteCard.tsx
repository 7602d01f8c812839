import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { runActions, showHandedToHost } from '../../state/run/runSlice';
import { summaryPath } from '../../contracts/pageFor';

/** Inside a host app's iframe, after the run was handed to the host (`drill-complete`): the game
 * does not navigate (the host opens its own summary and usually closes the game); until it does,
 * this card says the result is saved and offers Play again and our summary in this frame. */
export function DrillCompleteCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const visible = useAppSelector(showHandedToHost);
  const runId = useAppSelector((s) => s.run.performanceId);
  const source = useAppSelector((s) => s.run.source);
  if (!visible || runId === null) return null;
  return (
    <div className="overlay overlay--center overlay--dim" data-testid="drill-complete-card" role="dialog" aria-modal="true" aria-labelledby="drill-complete-title">
      <div className="panel panel--narrow menu">
        <h2 className="panel__title" id="drill-complete-title">
          {t('drill_complete.title')}
        </h2>
        <p className="muted">{t('drill_complete.text')}</p>
        <button type="button" className="btn btn--primary" onClick={() => dispatch(runActions.restartRequested())} autoFocus>
          {t('summary.play_again')}
        </button>
        <a className="btn" href={summaryPath(runId, source)} data-testid="drill-complete-summary">
          {t('drill_complete.summary')}
        </a>
      </div>
    </div>
  );
}
