import { helpTopicFor } from '../contracts/helpPages';

/** Which page a path shows: `/app` and `/app/...` the host-app shell, `/drills` the drill
 * list, `/maximum-fps` and `/mouse-skip-fix` a help page (src/contracts/helpPages.ts),
 * anything else the game page. */
export function pageFor(pathname: string): 'app' | 'drills' | 'help' | 'game' {
  if (pathname === '/app' || pathname.startsWith('/app/')) return 'app';
  if (pathname === '/drills' || pathname === '/drills/') return 'drills';
  if (helpTopicFor(pathname)) return 'help';
  return 'game';
}
