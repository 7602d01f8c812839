import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { runActions, showSummaryInPlace } from '../../state/run/runSlice';
import { LazyChunk } from '../LazyChunk';
import { keyLabel } from '../format';

/**
 * The post-game summary on the game page (issue 15): once the run is stored, the drill summary
 * of that run opens over the game (the address bar already shows its own URL, so a reload or a
 * shared link opens the summary page). Its "Play again", like the restart key, starts a fresh
 * run of the drill in place: no page load, the scene and assets stay, the countdown starts at
 * once and the click takes pointer lock back. A bar over the summary keeps Play again (and the
 * restart key's hint) in view while the player scrolls. The summary is the app shell's
 * DrillSummary, loaded as its own chunk on first use.
 */
export function SummaryInPlace() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const visible = useAppSelector(showSummaryInPlace);
  const runId = useAppSelector((s) => s.run.performanceId);
  const source = useAppSelector((s) => s.run.source);
  const restartKeys = useAppSelector((s) => s.run.keys.restart);
  const playAgain = useCallback(() => dispatch(runActions.restartRequested()), [dispatch]);
  if (!visible || runId === null) return null;
  return (
    <div className="overlay overlay--dim summary-in-place" data-testid="summary-in-place" role="dialog" aria-modal="true" aria-label={t('summary.title')}>
      <div className="summary-in-place__bar">
        <button type="button" className="btn btn--primary" onClick={playAgain} data-testid="summary-in-place-again">
          {t('summary.play_again')}
        </button>
        {restartKeys.length > 0 && (
          <span className="muted">
            <kbd>{restartKeys.map(keyLabel).join(' / ')}</kbd> {t('summary.restart_key')}
          </span>
        )}
      </div>
      <div className="summary-in-place__scroll">
        <LazyChunk
          chunk="drill-summary"
          load={() => import('../DrillSummary').then((m) => m.DrillSummary)}
          props={{ id: runId, source, onPlayAgain: playAgain }}
          fallback={<p className="muted">{t('summary.loading')}</p>}
        />
      </div>
    </div>
  );
}
