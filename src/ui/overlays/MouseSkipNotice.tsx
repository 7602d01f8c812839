import { useTranslation } from 'react-i18next';
import '../../i18n';
import { MOUSE_SKIP_EVENT, type MouseSkipDetail } from '../../input/mouseSkipEvent';
import { HELP_PAGE_URLS } from '../../contracts/helpPages';
import { useAnnouncement } from './useAnnouncement';

/** How long the notice stays, ms. */
export const MOUSE_SKIP_NOTICE_MS = 10_000;
/** Where the notice's link goes: the page describing the Fix Mouse Skip Bug workaround
 * (spec section 2, "a mouse-skip fix page"). */
export const MOUSE_SKIP_FIX_URL = HELP_PAGE_URLS.mouseSkipFix;

/**
 * The 'mouse skipping' notice (spec sections 2 and 8): shown once per page, for
 * MOUSE_SKIP_NOTICE_MS, when the game runtime announces the first sample its mouse-skip filter
 * rejected (window event MOUSE_SKIP_EVENT, src/input/mouseSkipEvent.ts). It suggests the Fix
 * Mouse Skip Bug workaround. Passive (does not take clicks from the game) except its link.
 * Shown once: the runtime announces only when game_options.other.mouse_skip.notification_shown
 * is false, and its onMouseSkip callback dispatches settings/mouseSkipNoticeShown, which saves
 * that flag (src/state/settings/settingsListeners.ts), so the next run does not show it again.
 */
export function MouseSkipNotice({ durationMs = MOUSE_SKIP_NOTICE_MS }: { durationMs?: number }) {
  const { t } = useTranslation();
  const { shown } = useAnnouncement<MouseSkipDetail>(MOUSE_SKIP_EVENT, durationMs);
  if (!shown) return null;
  return (
    <div className="notice notice--top notice--mouse-skip" data-testid="mouse-skip-notice" role="status">
      <strong>{t('notification.mouse_skip.title', { defaultValue: 'Mouse skipping detected' })}</strong>{' '}
      <span>
        {t('notification.mouse_skip.description', {
          defaultValue: 'Your browser reported a mouse jump that was ignored. Try the Fix Mouse Skip Bug workaround.',
        })}
      </span>{' '}
      <a href={MOUSE_SKIP_FIX_URL} target="_blank" rel="noreferrer">
        {t('notification.mouse_skip.link', { defaultValue: 'Fix Mouse Skip Bug' })}
      </a>
    </div>
  );
}

export default MouseSkipNotice;
