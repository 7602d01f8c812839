/**
 * Cross-site request forgery guard (issue 39 item 3): every state-changing request (any method
 * but GET, HEAD and OPTIONS, on every URL, logout included) must
 *
 * 1. come from this site's own pages: `Sec-Fetch-Site: same-origin` (sent by every current
 *    browser, and not settable by page scripts), or, from a browser that does not send it, an
 *    `Origin` header equal to the server's own origin (`request.protocol` + `request.host`,
 *    both following X-Forwarded-Proto / X-Forwarded-Host behind a trusted proxy). For the game's
 *    own routes (`EMBED_WRITE_ROUTES`: drill starts, run tickets, runs, settings, crosshairs,
 *    sounds) an `Origin` listed explicitly in `HOST_ORIGINS` also passes; `HOST_ORIGINS=*` trusts
 *    no other origin for writes (it would let any site write). The embedded game itself writes
 *    from its own origin inside the host's iframe, so it passes as same-origin. A request with
 *    neither header, with `Origin: null`, a foreign origin or `Sec-Fetch-Site` `same-site` /
 *    `cross-site` / `none` answers 403 before its body is read;
 * 2. carry a JSON body: `Content-Type: application/json` (a body-less write such as logout sends
 *    `{}`), else 415. A form (`application/x-www-form-urlencoded`, `multipart/form-data`) or
 *    `text/plain` body is what a cross-site page can send without a CORS preflight.
 *
 * Both checks run in an `onRequest` hook, before the rate limits' write counters, the body
 * parser and the route: a refused write changes nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HostOrigins } from '../contracts/hostMessages';
import { HttpError } from './limits';

/** Methods that never change state (they are not checked). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The answer to a write from another origin (403). */
export const CROSS_ORIGIN_WRITE = 'Cross-origin write refused: this request must come from the game\'s own pages.';

/** The answer to a write whose body is not JSON (415). */
export const JSON_ONLY = 'Writes take a JSON body (Content-Type: application/json).';

/** The game's write routes (Fastify route patterns) that a host origin listed in HOST_ORIGINS
 * may also call; account routes (login, register, logout, password, sessions) are same-origin
 * only. */
export const EMBED_WRITE_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/user/log-drill',
  '/api/v1/runs',
  '/api/v1/performance',
  '/gameoptions/edit',
  '/api/v2/user/:type',
  '/api/v1/assets/sounds',
  '/api/v1/assets/sounds/:sound_type',
]);

/** The origin (`scheme://host[:port]`, default port left out) the request was addressed to, or
 * null when its Host does not make one. */
export function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

/** The media type of a Content-Type header value, lower-cased, without parameters ('' when
 * none). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0].trim().toLowerCase();
}

/**
 * Why the write `request` is refused (an HttpError 403 or 415), or null when it passes (see the
 * module comment). `hostOrigins` are the origins allowed on EMBED_WRITE_ROUTES; `'*'` allows
 * none. Safe methods always pass.
 */
export function writeRefusal(request: FastifyRequest, hostOrigins: HostOrigins): HttpError | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const route = request.routeOptions.url ?? '';
  const hostAllowed = (o: string) => hostOrigins !== '*' && EMBED_WRITE_ROUTES.has(route) && hostOrigins.includes(o);
  let allowed: boolean;
  if (site === 'same-origin') {
    // the browser's own statement (page scripts cannot set Sec-Fetch-*)
    allowed = true;
  } else if (typeof origin === 'string' && origin !== '' && origin !== 'null') {
    // an older browser without Sec-Fetch-Site naming our origin, or a listed host on an embed route
    allowed = (site === undefined && origin === ownOrigin(request)) || hostAllowed(origin);
  } else {
    allowed = false;
  }
  if (!allowed) return new HttpError(403, CROSS_ORIGIN_WRITE, 'AIM_CROSS_ORIGIN_WRITE');
  if (mediaType(request.headers['content-type']) !== 'application/json') return new HttpError(415, JSON_ONLY, 'AIM_JSON_ONLY');
  return null;
}

/** Registers the guard on `app` as an `onRequest` hook (register it before the rate limits so
 * a refused write costs no write quota). */
export function registerWriteGuard(app: FastifyInstance, hostOrigins: HostOrigins): void {
  app.addHook('onRequest', async (request) => {
    const refusal = writeRefusal(request, hostOrigins);
    if (refusal) throw refusal;
  });
}
