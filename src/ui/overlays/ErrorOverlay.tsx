import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { INVALID_ID_ERROR, runActions, selectPanic } from '../../state/run/runSlice';
import { QUIT_FALLBACK_PATH } from '../../state/env';

/** The panic error overlay (spec section 8), shown whenever a panic error is set: Quit (spec
 * section 2's quit rules), Try again (reloads the drill; not for an invalid id, which a reload
 * cannot mend) and a link to the drill list. */
export function ErrorOverlay() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const panic = useAppSelector(selectPanic);
  if (!panic) return null;
  const params = { ...(panic.params ?? {}), defaultValue: '' };
  const title = t(panic.title, { ...params, defaultValue: panic.title });
  const description = t(panic.description, { ...params, defaultValue: panic.description });
  const retryable = panic.title !== INVALID_ID_ERROR.title;
  return (
    <div className="overlay overlay--center overlay--dim" data-testid="error-overlay" role="alertdialog" aria-modal="true" aria-labelledby="error-title" aria-describedby="error-description">
      <div className="panel panel--narrow panel--error">
        <h2 className="panel__title" id="error-title" data-testid="error-title">
          {title}
        </h2>
        <p id="error-description" data-testid="error-description">
          {description}
        </p>
        <div className="actions">
          <button type="button" className="btn btn--primary" onClick={() => dispatch(runActions.quitRequested())} autoFocus>
            {t('error_overlay.quit')}
          </button>
          {retryable && (
            <button type="button" className="btn" data-testid="error-retry" onClick={() => dispatch(runActions.restartRequested())}>
              {t('error_overlay.retry')}
            </button>
          )}
          <a className="btn" href={QUIT_FALLBACK_PATH} data-testid="error-drill-list">
            {t('summary.drill_list')}
          </a>
        </div>
      </div>
    </div>
  );
}
