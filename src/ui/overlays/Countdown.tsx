import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppSelector } from '../../state/hooks';
import { showCountdown } from '../../state/run/runSlice';
import { formatCountdown } from '../format';

/** The countdown number, from countdown-started until countdown-complete. */
export function Countdown() {
  const { t } = useTranslation();
  const visible = useAppSelector(showCountdown);
  const value = useAppSelector((s) => s.run.countdown);
  if (!visible || value === null) return null;
  return (
    <div className="overlay overlay--center overlay--passive" data-testid="countdown" aria-live="assertive">
      <div className="countdown">
        <span className="countdown__label">{t('countdown.label')}</span>
        <span className="countdown__value" data-testid="countdown-value">
          {formatCountdown(value)}
        </span>
      </div>
    </div>
  );
}
