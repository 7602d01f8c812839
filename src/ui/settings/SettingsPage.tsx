import '../../i18n';
import '../styles.css';
import { goHomeInBrowser } from '../../state/env';
import { GAME_OPTIONS_PATH } from '../../contracts/gameOptions';
import { useEffect, useState } from 'react';
import { SettingsMenu } from './SettingsMenu';
import { crosshairEditorRoute, crosshairTypeOfRoute } from '../crosshair';
import type { CrosshairType } from '../../contracts/crosshair';
import { SiteHeader } from '../nav/SiteHeader';

/** Path of the standalone settings page (spec section 2). */
export const SETTINGS_PAGE_PATH = GAME_OPTIONS_PATH;

/** Whether `pathname` is the standalone settings page. */
export function isSettingsPagePath(pathname: string): boolean {
  return pathname === SETTINGS_PAGE_PATH || pathname === `${SETTINGS_PAGE_PATH}/`;
}

/** SettingsPage props. */
export interface SettingsPageProps {
  /** Back leaves the page (default: the stored referrer, else history back, else the drill list) */
  onClose?(): void;
}

/** The crosshair editor a settings-page hash names (`#settings.crosshair`, `#settings.hitmarker`,
 * `#settings.missmarker`, `#settings.ads`; spec section 2's routed names), or null. */
export function editorOfHash(hash: string): CrosshairType | null {
  return crosshairTypeOfRoute(decodeURIComponent(hash.replace(/^#/, '')));
}

/** The standalone settings page at /gameoptions/edit: the site header over the settings menu,
 * which fills the rest of the page; the URL's
 * hash `#settings.{type}` opens (and follows) that crosshair editor. Needs a react-redux Provider
 * whose store has the `settings` slice (makeStore). */
export function SettingsPage({ onClose = () => goHomeInBrowser() }: SettingsPageProps) {
  const [editor, setEditor] = useState(() => editorOfHash(window.location.hash));
  useEffect(() => {
    const onHash = () => setEditor(editorOfHash(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return (
    <div className="shell shell--settings">
      <SiteHeader />
      <SettingsMenu
        variant="page"
        onClose={onClose}
        initialEditor={editor}
        onEditorRoute={(type) => {
          const url = `${window.location.pathname}${window.location.search}${type ? `#${crosshairEditorRoute(type)}` : ''}`;
          window.history.replaceState(null, '', url);
          setEditor(type);
        }}
      />
    </div>
  );
}

export default SettingsPage;
