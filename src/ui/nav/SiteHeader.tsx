import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { fetchMe, logout } from '../../net/auth';
import { defaultFetch, type FetchFn } from '../../net/api';
import { isCurrentPlace, loginHref, NAV_PLACES } from './siteNav';

/** SiteHeader props. */
export interface SiteHeaderProps {
  /** the fetch to use (tests) */
  fetchFn?: FetchFn;
  /** after the logout was posted (default: reload the page, now as a guest) */
  onLoggedOut?(): void;
}

type Who = { state: 'loading' } | { state: 'guest' } | { state: 'account'; username: string };

/**
 * The header on every page (issue 33 item 2): the product name (home), the site's places
 * (NAV_PLACES: Play, Progress, Leaderboards, Settings, Drill editor) and, at the right, "Log in"
 * (back to this page after) or the account's name (a link to the account page, /login) with "Log out". Who is logged in comes from
 * `GET /api/v1/user/me` (which creates no guest). Log out posts `/api/v1/auth/logout` and
 * reloads the page as a guest. Hidden inside a host's iframe (`.is-embedded`, the host has its
 * own chrome).
 */
export function SiteHeader({ fetchFn = defaultFetch, onLoggedOut = () => window.location.reload() }: SiteHeaderProps) {
  const { t } = useTranslation();
  const [who, setWho] = useState<Who>({ state: 'loading' });
  const [loggingOut, setLoggingOut] = useState(false);
  useEffect(() => {
    let live = true;
    fetchMe(fetchFn).then(
      (me) => { if (live) setWho(me.id !== null && me.username ? { state: 'account', username: me.username } : { state: 'guest' }); },
      () => { if (live) setWho({ state: 'guest' }); },
    );
    return () => { live = false; };
  }, [fetchFn]);
  const { pathname, search, hash } = window.location;
  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout(fetchFn);
    } catch {
      // the session is gone either way for this page: reload as a guest
    }
    onLoggedOut();
  };
  return (
    <header className="shell__header site-header" data-testid="site-header">
      <a href="/app/#/" className="shell__brand">
        {t('app.title')}
      </a>
      <nav className="site-header__nav" aria-label={t('nav.label')}>
        {NAV_PLACES.map((p) => (
          <a key={p.key} href={p.href} data-testid={`nav-${p.key}`} aria-current={isCurrentPlace(p, pathname, hash) ? 'page' : undefined}>
            {t(`nav.${p.key}`)}
          </a>
        ))}
      </nav>
      <div className="site-header__account" data-testid="nav-account">
        {who.state === 'account' && (
          <>
            <a className="site-header__user" href="/login" data-testid="nav-username">{who.username}</a>
            <button type="button" className="btn btn--small" onClick={() => void onLogout()} disabled={loggingOut} data-testid="nav-logout">
              {t('nav.logout')}
            </button>
          </>
        )}
        {who.state === 'guest' && (
          <a className="btn btn--small" href={loginHref(pathname, search, hash)} data-testid="nav-login">
            {t('nav.login')}
          </a>
        )}
      </div>
    </header>
  );
}

export default SiteHeader;
