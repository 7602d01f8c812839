import '../../i18n';
import '../styles.css';
import { goHomeInBrowser } from '../../state/env';
import { GAME_OPTIONS_PATH } from '../../contracts/gameOptions';
import { SettingsMenu } from './SettingsMenu';

/** Path of the standalone settings page (spec section 2). */
export const SETTINGS_PAGE_PATH = GAME_OPTIONS_PATH;

/** Whether `pathname` is the standalone settings page. */
export function isSettingsPagePath(pathname: string): boolean {
  return pathname === SETTINGS_PAGE_PATH || pathname === `${SETTINGS_PAGE_PATH}/`;
}

/** SettingsPage props. */
export interface SettingsPageProps {
  /** Back leaves the page (default: the stored referrer, else history back, else '/') */
  onClose?(): void;
}

/** The standalone settings page at /gameoptions/edit: the settings menu, full page. Needs a
 * react-redux Provider whose store has the `settings` slice (makeStore). */
export function SettingsPage({ onClose = goHomeInBrowser }: SettingsPageProps) {
  return <SettingsMenu variant="page" onClose={onClose} />;
}

export default SettingsPage;
