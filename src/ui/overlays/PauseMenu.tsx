import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { runActions, showPauseMenu } from '../../state/run/runSlice';
import { LazyChunk } from '../LazyChunk';
import { playUiSound } from '../../audio/uiSounds';
import { NAV_PLACES } from '../nav/siteNav';
import { useFocusTrap } from '../a11y';

/** The pause menu (game-paused): Resume, Restart, Settings, Quit. Settings opens the settings
 * menu over the game; closing it returns here. Below them the site's places (NAV_PLACES, the
 * same as the site header's; Settings is the button above, in place; Leaderboards opens this
 * drill's board). */
export function PauseMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const visible = useAppSelector(showPauseMenu);
  const drillId = useAppSelector((s) => s.run.drillId);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, visible && !settingsOpen);
  useEffect(() => {
    if (!visible) setSettingsOpen(false);
  }, [visible]);
  // menu open / close sounds (src/audio/uiSounds.ts; silent outside a loaded drill)
  useEffect(() => {
    if (!visible) return;
    playUiSound('menu_open');
    return () => playUiSound('menu_close');
  }, [visible]);
  if (!visible) return null;
  // the settings menu (with the crosshair editors and the converter) is its own chunk, loaded
  // on first open (issue 18 item 1)
  if (settingsOpen) {
    return (
      <LazyChunk
        chunk="settings-menu"
        load={() => import('../settings/SettingsMenu').then((m) => m.SettingsMenu)}
        props={{ onClose: () => setSettingsOpen(false) }}
      />
    );
  }
  return (
    <div className="overlay overlay--center overlay--dim" data-testid="pause-menu" role="dialog" aria-modal="true" aria-labelledby="pause-title">
      <div className="panel panel--narrow menu" ref={panelRef} onPointerOver={(e) => { if ((e.target as HTMLElement).tagName === 'BUTTON') playUiSound('hover'); }}>
        <h2 className="panel__title" id="pause-title">
          {t('pause_menu.title')}
        </h2>
        <button type="button" className="btn btn--primary" onClick={() => dispatch(runActions.resumed())} autoFocus>
          {t('pause_menu.resume')}
        </button>
        <button type="button" className="btn" onClick={() => dispatch(runActions.restartRequested())}>
          {t('pause_menu.restart')}
        </button>
        <button type="button" className="btn" data-testid="pause-settings" onClick={() => setSettingsOpen(true)}>
          {t('pause_menu.settings')}
        </button>
        <button type="button" className="btn btn--danger" onClick={() => dispatch(runActions.quitRequested())}>
          {t('pause_menu.quit')}
        </button>
        <nav className="menu__places" aria-label={t('nav.label')} data-testid="pause-places">
          {NAV_PLACES.filter((p) => p.key !== 'settings').map((p) => (
            <a key={p.key} href={p.key === 'leaderboards' && drillId !== null ? `${p.href}?drill=${drillId}` : p.href}>
              {t(`nav.${p.key}`)}
            </a>
          ))}
        </nav>
      </div>
    </div>
  );
}
