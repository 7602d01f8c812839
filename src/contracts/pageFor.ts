import { GAME_OPTIONS_PATH } from './gameOptions';
import { helpTopicFor } from './helpPages';

/** The pages of the one-page client. */
export type PageName = 'app' | 'drills' | 'help' | 'settings' | 'login' | 'plus' | 'game';

/** Which page a path shows: `/app` and `/app/...` the host-app shell, `/drills` the drill
 * list, `/login` the account page, `/plus` the premium page, `/maximum-fps` and `/mouse-skip-fix` a help page (src/contracts/helpPages.ts),
 * `/gameoptions/edit` the settings page, anything else the game page. */
export function pageFor(pathname: string): PageName {
  if (pathname === '/app' || pathname.startsWith('/app/')) return 'app';
  if (pathname === '/drills' || pathname === '/drills/') return 'drills';
  if (pathname === '/login' || pathname === '/login/') return 'login';
  if (pathname === '/plus' || pathname === '/plus/') return 'plus';
  if (pathname.replace(/\/$/, '') === GAME_OPTIONS_PATH) return 'settings';
  if (helpTopicFor(pathname)) return 'help';
  return 'game';
}

/** The game page of drill `gameId` (path and query), keeping the run's drill `source` (spec
 * section 9; issue 12): "Play again" and the address bar after a restart from the summary. */
export function gamePath(gameId: number, source: string | null): string {
  const q = new URLSearchParams({ id: String(gameId) });
  if (source) q.set('source', source);
  return `/?${q.toString()}`;
}

/** The summary page of run `runId` (path and hash route of the app shell), keeping the drill's
 * `source` so the summary's "Play again" keeps it too. */
export function summaryPath(runId: number, source: string | null): string {
  const q = new URLSearchParams({ run: String(runId) });
  if (source) q.set('source', source);
  return `/app/#/drill-summary?${q.toString()}`;
}
