/**
 * Early GETs of the game page (issue 18 item 1, page to first frame): the page's entry starts
 * the gameconfig and game-options requests while it evaluates (src/main.tsx), before React
 * renders the page and the store's load listener asks for them, and the browser env's fetch
 * (src/state/env.ts browserEnv) hands each early response to the first GET of the same URL,
 * once. The request is the one api.ts getJson sends (same-origin credentials, `Accept:
 * application/json`), so what the listener reads is what it would have fetched, only sooner;
 * a failed early request fails that GET the same way (api.ts turns it into an ApiRequestError).
 */
import type { FetchFn } from './api';

const early = new Map<string, Promise<Response>>();

/** Starts a GET of each of `urls` (same-origin paths) with `fetchFn` now; the responses wait
 * for the first matching GET through `withEarlyGets`. A URL already started is not asked again. */
export function startEarlyGets(urls: readonly string[], fetchFn: FetchFn): void {
  for (const url of urls) {
    if (early.has(url)) continue;
    const p = fetchFn(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    p.catch(() => undefined); // read (and reported) by the GET that takes it
    early.set(url, p);
  }
}

/** `fetchFn`, except that a GET (no method or 'GET') of a URL started by `startEarlyGets` gets
 * that early response, once; every other call goes to `fetchFn`. */
export function withEarlyGets(fetchFn: FetchFn): FetchFn {
  return (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (typeof input === 'string' && method === 'GET') {
      const p = early.get(input);
      if (p) {
        early.delete(input);
        return p;
      }
    }
    return fetchFn(input, init);
  };
}
