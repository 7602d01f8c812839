import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { MOUSE_SKIP_EVENT } from '../../input/mouseSkipEvent';

/** How long the notice stays, ms. */
export const MOUSE_SKIP_NOTICE_MS = 10_000;
/** Where the notice's link goes: the page describing the Fix Mouse Skip Bug workaround
 * (spec section 2, "a mouse-skip fix page"). */
export const MOUSE_SKIP_FIX_URL = '/mouse-skip-fix';

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
  const [state, setState] = useState<'waiting' | 'shown' | 'done'>('waiting');

  useEffect(() => {
    if (state !== 'waiting' || typeof window === 'undefined') return;
    const onSkip = () => setState((s) => (s === 'waiting' ? 'shown' : s));
    window.addEventListener(MOUSE_SKIP_EVENT, onSkip);
    return () => window.removeEventListener(MOUSE_SKIP_EVENT, onSkip);
  }, [state]);

  useEffect(() => {
    if (state !== 'shown') return;
    const id = setTimeout(() => setState('done'), durationMs);
    return () => clearTimeout(id);
  }, [state, durationMs]);

  if (state !== 'shown') return null;
  return (
    <div
      className="notice notice--mouse-skip"
      data-testid="mouse-skip-notice"
      role="status"
      style={{
        position: 'absolute', top: 16, left: '50%', transform: 'translateX(-50%)', maxWidth: 520,
        padding: '10px 16px', borderRadius: 6, background: 'rgba(20, 24, 32, 0.9)', color: '#fff',
        pointerEvents: 'none', zIndex: 5, fontSize: 14,
      }}
    >
      <strong>{t('notification.mouse_skip.title', { defaultValue: 'Mouse skipping detected' })}</strong>{' '}
      <span>
        {t('notification.mouse_skip.description', {
          defaultValue: 'Your browser reported a mouse jump that was ignored. Try the Fix Mouse Skip Bug workaround.',
        })}
      </span>{' '}
      <a href={MOUSE_SKIP_FIX_URL} target="_blank" rel="noreferrer" style={{ color: '#ffe711', pointerEvents: 'auto' }}>
        {t('notification.mouse_skip.link', { defaultValue: 'Fix Mouse Skip Bug' })}
      </a>
    </div>
  );
}

export default MouseSkipNotice;
