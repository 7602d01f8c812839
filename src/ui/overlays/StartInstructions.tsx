import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppSelector } from '../../state/hooks';
import { showPregame, showRewardAd } from '../../state/run/runSlice';

/** 'Click to start': the first fire input starts the countdown. */
export function StartInstructions() {
  const { t } = useTranslation();
  // hidden while the reward ad runs (the first fire input starts the countdown after it)
  const visible = useAppSelector((s) => showPregame(s) && !showRewardAd(s));
  if (!visible) return null;
  return (
    <div className="start" data-testid="start-instructions">
      <p className="start__title">{t('instructions.click_to_start')}</p>
      <p className="start__hint">{t('instructions.fire_to_start')}</p>
    </div>
  );
}
