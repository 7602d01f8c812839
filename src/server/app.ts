/**
 * The Fastify application: JSON API (spec section 7), guest sessions, the built client.
 * `buildApp` opens and migrates the database, seeds the drill catalogue and returns the app
 * (not listening: tests use `app.inject()`, `main.ts` calls `listen`). `app.close()` closes
 * the database too.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { migrateToLatest, openDb } from './db';
import { seedCatalogue } from './drills';
import { resolveCookieSecret, sessionUser } from './session';
import { isFile, registerApiRoutes, type ApiContext } from './apiRoutes';
import { registerAssetRoutes } from './assetRoutes';
import { HELP_PAGE_URLS } from '../contracts/helpPages';
import { HOST_ORIGINS_META, parseHostOrigins, type HostOrigins } from '../contracts/hostMessages';

/** Options of `buildApp`. Relative paths are resolved against `process.cwd()`. */
export interface BuildAppOptions {
  /** SQLite file (default `data/aimtrainer.sqlite`); its directory is created. */
  databaseFile?: string;
  /** PostgreSQL connection URL; when set, used instead of SQLite. */
  databaseUrl?: string;
  /** The built client (default `dist`). */
  distDir?: string;
  /** Fastify request logging (default false). */
  logger?: boolean;
  /** Secret signing the session cookie (default: COOKIE_SECRET env, else one kept in the DB). */
  cookieSecret?: string;
  /** Origins of the host web apps that may embed the game in an iframe (issue 12): the
   * `HOST_ORIGINS` syntax (comma-separated origins, or `*` for any) or parsed. Default none:
   * only the game's own origin may frame it. */
  hostOrigins?: string | HostOrigins;
  /** Run routes: re-simulation pool options, the ticket clock (src/server/runRoutes.ts). */
  runs?: ApiContext['runs'];
}

/** Content-Security-Policy of every answer: what the one-page app needs and nothing more. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * The security headers that depend on the allowed host origins (issue 12): CSP `frame-ancestors`
 * ('self' plus the host origins, or `*`) and `X-Frame-Options` (SAMEORIGIN when no other origin
 * may frame the game; left out otherwise, since it cannot name another origin and CSP
 * frame-ancestors takes precedence in every current browser). Everything else stays as strict.
 * Referrer-Policy is strict-origin-when-cross-origin so that the game page learns the same-site
 * page a player came from (Quit returns there, spec section 2) while other sites get the origin only.
 */
export function helmetOptions(hostOrigins: HostOrigins) {
  const framers = hostOrigins === '*' ? ['*'] : ["'self'", ...hostOrigins];
  return {
    contentSecurityPolicy: { useDefaults: true, directives: { ...CSP_DIRECTIVES, frameAncestors: framers } },
    xFrameOptions: hostOrigins !== '*' && hostOrigins.length === 0 ? { action: 'sameorigin' as const } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
}

/** index.html with the allowed host origins written into its `<meta name="aim-host-origins">`
 * (read by src/host/hostBridge.ts). */
export function pageWithHostOrigins(html: string, hostOrigins: HostOrigins): string {
  const content = hostOrigins === '*' ? '*' : hostOrigins.join(',');
  const tag = new RegExp(`<meta name="${HOST_ORIGINS_META}" content="[^"]*"\\s*/?>`);
  return html.replace(tag, `<meta name="${HOST_ORIGINS_META}" content="${content.replace(/[^A-Za-z0-9:/.,*\-\[\]]/g, '')}" />`);
}

/** Paths served to other origins on purpose (issue 12): the host SDK, loaded by host pages as a
 * cross-origin module script. They get CORS `*` and Cross-Origin-Resource-Policy cross-origin. */
export const PUBLIC_CROSS_ORIGIN_PREFIX = '/sdk/';

/**
 * Builds the server. Opens the database (PostgreSQL when `databaseUrl`, else SQLite), runs the
 * migrations, upserts the drill catalogue, and registers helmet (CSP), signed cookies, the API
 * and the static client. Rejects if the database cannot be opened or migrated.
 *
 * Errors: every error answer is JSON `{ error: string }`: 400 for bad JSON or a body that fails
 * its schema, 404 for unknown routes, 500 (logged) for anything unexpected.
 */
export async function buildApp(opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const hostOrigins: HostOrigins =
    typeof opts.hostOrigins === 'string' || opts.hostOrigins === undefined ? parseHostOrigins(opts.hostOrigins) : opts.hostOrigins;
  const open = openDb({ databaseFile: opts.databaseFile, databaseUrl: opts.databaseUrl });
  try {
    await migrateToLatest(open);
    await seedCatalogue(open.db);
    const secret = await resolveCookieSecret(open.db, opts.cookieSecret);
    const app = Fastify({
      logger: opts.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
      bodyLimit: 1024 * 1024,
      // strict body checks: no type coercion, extra properties are rejected, not stripped
      ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    });
    app.addHook('onClose', async () => {
      await open.db.destroy();
    });

    await app.register(fastifyHelmet, helmetOptions(hostOrigins));
    await app.register(fastifyCookie, { secret });

    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err.validation) {
        return reply.code(400).send({ error: `Invalid request: ${err.message}` });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message =
          err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
            ? 'Invalid JSON body.'
            : err.message || 'Bad request';
        return reply.code(status).send({ error: message });
      }
      request.log.error(err);
      return reply.code(500).send({ error: 'Internal server error' });
    });
    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    });

    const distDir = path.resolve(process.cwd(), opts.distDir ?? 'dist');
    const indexFile = path.join(distDir, 'index.html');
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isFile(indexFile)) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The game client is not built yet: run `npm run build` (or `npm start`), then reload.');
      }
      // a first page load gets its guest cookie before the app's parallel API calls
      await sessionUser(open.db, request, reply);
      const html = pageWithHostOrigins(await fs.promises.readFile(indexFile, 'utf8'), hostOrigins);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    };

    // the host SDK is for other origins' pages (a cross-origin module script): CORS and CORP open
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith(PUBLIC_CROSS_ORIGIN_PREFIX) && reply.statusCode < 400) {
        reply.header('access-control-allow-origin', '*');
        reply.header('cross-origin-resource-policy', 'cross-origin');
        reply.header('cache-control', 'no-cache');
        // TypeScript declarations are text (the mime table says .ts is an MPEG stream)
        if (request.url.split('?')[0].endsWith('.d.ts')) reply.header('content-type', 'text/plain; charset=utf-8');
      }
      return payload;
    });

    registerApiRoutes(app, { db: open.db, sendPage, runs: opts.runs });
    registerAssetRoutes(app, { db: open.db, distDir }); // /assets/*, /api/v1/assets/* (assetRoutes.ts)
    const helpUrls = Object.values(HELP_PAGE_URLS).flatMap((u) => [u, `${u}/`]);
    for (const url of ['/', '/app', '/app/', '/drills', '/drills/', ...helpUrls]) app.get(url, sendPage);

    if (fs.existsSync(distDir)) {
      await app.register(fastifyStatic, { root: distDir, prefix: '/', index: false, wildcard: true });
    }
    return app;
  } catch (e) {
    await open.db.destroy().catch(() => undefined);
    throw e;
  }
}
