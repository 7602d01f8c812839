/** Which page a path shows: `/app` and `/app/...` the host-app shell, `/drills` the drill
 * list, anything else the game page. */
export function pageFor(pathname: string): 'app' | 'drills' | 'game' {
  if (pathname === '/app' || pathname.startsWith('/app/')) return 'app';
  if (pathname === '/drills' || pathname === '/drills/') return 'drills';
  return 'game';
}
