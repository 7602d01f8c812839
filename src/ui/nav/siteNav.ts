import { loginUrl } from '../../contracts/auth';

/**
 * The site's places (issue 33 item 2): one table for the header on every page (SiteHeader), the
 * pause menu's links and the drill summary's, so they always name the same places.
 * `key` is the i18n key under `nav.`; `href` a path of this origin.
 */
export interface NavPlace {
  key: 'play' | 'progress' | 'leaderboards' | 'benchmarks' | 'settings' | 'editor';
  href: string;
}

/** In header order. Play is the drill browser; Benchmarks the benchmark ranks (issue 36); Leaderboards without a drill lists the drills'
 * boards (src/ui/nav/LeaderboardIndex.tsx); Settings is the standalone settings page. */
export const NAV_PLACES: readonly NavPlace[] = [
  { key: 'play', href: '/drills' },
  { key: 'progress', href: '/app/#/progress' },
  { key: 'leaderboards', href: '/app/#/leaderboard' },
  { key: 'benchmarks', href: '/app/#/benchmarks' },
  { key: 'settings', href: '/gameoptions/edit' },
  { key: 'editor', href: '/app/#/editor' },
];

/** Whether `place` is the page at `pathname` + `hash` (its link is marked aria-current). */
export function isCurrentPlace(place: NavPlace, pathname: string, hash: string): boolean {
  const [path, frag = ''] = place.href.split('#');
  if (pathname.replace(/\/$/, '') !== path.replace(/\/$/, '')) return false;
  if (!frag) return true;
  const route = hash.replace(/^#/, '').split('?')[0] || '/';
  return route === frag || (frag === '/progress' && route === '/');
}

/** The login page's address that comes back to `pathname + search + hash` after logging in
 * (contracts/auth.ts `loginUrl`, which keeps only a same-origin `next`); on the login page
 * itself, plain `/login`. */
export function loginHref(pathname: string, search: string, hash: string): string {
  const here = `${pathname}${search}${hash}`;
  return here === '/login' || here.startsWith('/login?') ? '/login' : loginUrl(here);
}
