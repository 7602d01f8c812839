import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppSelector } from '../../state/hooks';
import { showLoader } from '../../state/run/runSlice';

/** Loading overlay with percent progress, shown until assets-loaded. */
export function Loader() {
  const { t } = useTranslation();
  const visible = useAppSelector(showLoader);
  const percent = useAppSelector((s) => s.run.loadProgress);
  if (!visible) return null;
  return (
    <div className="overlay overlay--center" data-testid="loader" role="status" aria-live="polite">
      <div className="panel panel--narrow">
        <h2 className="panel__title">{t('loader.loading')}</h2>
        <div className="progress" aria-hidden="true">
          <div className="progress__bar" style={{ width: `${percent}%` }} />
        </div>
        <p className="progress__label" data-testid="loader-percent">
          {t('loader.progress', { percent })}
        </p>
      </div>
    </div>
  );
}
