import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppSelector } from '../../state/hooks';
import { showSubmitModal } from '../../state/run/runSlice';

/** 'Calculating Result' while the finished run is posted. */
export function SubmitModal() {
  const { t } = useTranslation();
  const visible = useAppSelector(showSubmitModal);
  if (!visible) return null;
  return (
    <div className="overlay overlay--center overlay--dim" data-testid="submit-modal" role="dialog" aria-modal="true" aria-busy="true">
      <div className="panel panel--narrow">
        <div className="spinner" aria-hidden="true" />
        <h2 className="panel__title">{t('submit.calculating')}</h2>
        <p className="muted">{t('submit.please_wait')}</p>
      </div>
    </div>
  );
}
