/**
 * The help pages the game links to (spec section 2, "Other links: … a mouse-skip fix page, a
 * maximum-fps page"): their URLs, shared by the server (which serves the page shell there) and
 * the client (the notices' links and the page picker, src/ui/pageFor.ts).
 */

/** URL of each help page. */
export const HELP_PAGE_URLS = {
  /** linked from the 'mouse skipping' notice */
  mouseSkipFix: '/mouse-skip-fix',
  /** linked from the low-FPS notice's More info */
  maximumFps: '/maximum-fps',
} as const;

/** A help page. */
export type HelpTopic = keyof typeof HELP_PAGE_URLS;

/** The help page at `pathname` (a trailing slash allowed), or null. */
export function helpTopicFor(pathname: string): HelpTopic | null {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  for (const [topic, url] of Object.entries(HELP_PAGE_URLS) as Array<[HelpTopic, string]>) {
    if (p === url) return topic;
  }
  return null;
}
