import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppSelector } from '../../state/hooks';

/** The quit message (spec section 2): shown from the moment Quit starts taking the player home
 * until the page goes (a slow network can take a while to load the next page). */
export function QuitMessage() {
  const { t } = useTranslation();
  const quitting = useAppSelector((s) => s.run.quitting === true);
  if (!quitting) return null;
  return (
    <div className="quit-message" data-testid="quit-message" role="status">
      <p>{t('quit_message')}</p>
    </div>
  );
}
