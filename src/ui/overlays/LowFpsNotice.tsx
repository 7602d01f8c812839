import { useTranslation } from 'react-i18next';
import '../../i18n';
import { LOW_FPS_EVENT, LOW_FPS_NOTICE_MS, type LowFpsDetail } from '../../game/lowFps';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { settingsActions } from '../../state/settings/settingsSlice';
import { HELP_PAGE_URLS } from '../../contracts/helpPages';
import { useAnnouncement } from './useAnnouncement';
import { ProjectState } from '../../contracts/projectState';

/**
 * The low-FPS notice (spec sections 2, 4, 8): 'Poor performance detected: …' (key
 * notification.low_fps), a More info link to the maximum-fps page and a "Don't show again"
 * checkbox. Shown for LOW_FPS_NOTICE_MS (5 s of unpaused time: the time stops while the game
 * is paused, so a player who pauses to tick the box still finds it) when the game runtime announces LOW_FPS_EVENT:
 * the runtime does that at most once per browser session, only while
 * game_options.other.low_fps.notification_enabled is on, when the frame rate averaged over 3
 * one-second samples is below 30 (src/game/lowFps.ts).
 *
 * "Don't show again" dispatches settings/lowFpsDontShowAgain, which stores
 * notification_enabled = false (unticking it stores true again) and saves it
 * (settingsListeners.ts). The notice sits above the pause menu and takes no clicks from the
 * game except on its link and checkbox (reachable once the player pauses and the cursor is
 * free).
 */
export function LowFpsNotice({ durationMs = LOW_FPS_NOTICE_MS }: { durationMs?: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // its 5 s stop while the game is paused: the player paused to read it or to tick the box
  const paused = useAppSelector((s) => s.run.projectState === ProjectState.GamePaused);
  const { shown, detail } = useAnnouncement<LowFpsDetail>(LOW_FPS_EVENT, durationMs, paused);
  // the checkbox shows the stored preference (settings slice), not a copy of it
  const dontShow = useAppSelector((s) => !s.settings.gameOptions.other.low_fps.notification_enabled);
  if (!shown) return null;
  return (
    <div className="notice notice--bottom notice--low-fps" data-testid="low-fps-notice" role="status" data-fps={detail?.fps}>
      <span>{t('notification.low_fps')}</span>
      <div className="notice__actions">
        <a href={HELP_PAGE_URLS.maximumFps} target="_blank" rel="noreferrer">
          {t('notification.low_fps_more_info')}
        </a>
        <label>
          <input
            type="checkbox"
            checked={dontShow}
            onChange={(e) => dispatch(settingsActions.lowFpsDontShowAgain(e.target.checked))}
          />{' '}
          {t('notification.low_fps_dont_show_again')}
        </label>
      </div>
    </div>
  );
}

export default LowFpsNotice;
