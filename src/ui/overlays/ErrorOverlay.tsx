import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { runActions, selectPanic } from '../../state/run/runSlice';

/** The panic error overlay with a Quit button; shown whenever a panic error is set. */
export function ErrorOverlay() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const panic = useAppSelector(selectPanic);
  if (!panic) return null;
  const params = { ...(panic.params ?? {}), defaultValue: '' };
  const title = t(panic.title, { ...params, defaultValue: panic.title });
  const description = t(panic.description, { ...params, defaultValue: panic.description });
  return (
    <div className="overlay overlay--center overlay--dim" data-testid="error-overlay" role="alertdialog" aria-modal="true" aria-labelledby="error-title" aria-describedby="error-description">
      <div className="panel panel--narrow panel--error">
        <h2 className="panel__title" id="error-title" data-testid="error-title">
          {title}
        </h2>
        <p id="error-description" data-testid="error-description">
          {description}
        </p>
        <button type="button" className="btn btn--primary" onClick={() => dispatch(runActions.quitRequested())} autoFocus>
          {t('error_overlay.quit')}
        </button>
      </div>
    </div>
  );
}
