/**
 * House ads, server side (issue 13): whether a host app's embed turned ads off. A host in
 * HOST_ORIGINS embeds the game with `?ads=off`; the page request's Referer (the embedding page:
 * browsers send at least its origin for a cross-origin frame) must be an allowed host origin, so
 * a player cannot turn ads off by editing the URL. The answer is written into index.html as
 * `<meta name="aim-ads" content="off">`.
 */
import type { FastifyRequest } from 'fastify';
import { ADS_META, ADS_PARAM } from '../contracts/ads';
import type { HostOrigins } from '../contracts/hostMessages';

/** True when `request` (a page request) asks `?ads=off` from a page whose origin is an allowed
 * host origin other than the game's own. */
export function adsOffForRequest(request: FastifyRequest, hostOrigins: HostOrigins): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  if (query?.[ADS_PARAM] !== 'off') return false;
  const referer = request.headers.referer;
  if (!referer) return false;
  let origin: string;
  try {
    origin = new URL(referer).origin;
  } catch {
    return false;
  }
  const self = `${request.protocol}://${request.host}`;
  if (origin === 'null' || origin === self) return false;
  return hostOrigins === '*' || hostOrigins.includes(origin);
}

/** `html` with `<meta name="aim-ads" content="off">` added to its head when `off`. */
export function pageWithAds(html: string, off: boolean): string {
  if (!off) return html;
  return html.replace('</head>', `  <meta name="${ADS_META}" content="off" />\n  </head>`);
}
