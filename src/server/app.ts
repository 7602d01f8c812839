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
import { isFile, registerApiRoutes } from './apiRoutes';
import { registerAssetRoutes } from './assetRoutes';
import { HELP_PAGE_URLS } from '../contracts/helpPages';

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
 * Builds the server. Opens the database (PostgreSQL when `databaseUrl`, else SQLite), runs the
 * migrations, upserts the drill catalogue, and registers helmet (CSP), signed cookies, the API
 * and the static client. Rejects if the database cannot be opened or migrated.
 *
 * Errors: every error answer is JSON `{ error: string }`: 400 for bad JSON or a body that fails
 * its schema, 404 for unknown routes, 500 (logged) for anything unexpected.
 */
export async function buildApp(opts: BuildAppOptions = {}): Promise<FastifyInstance> {
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

    await app.register(fastifyHelmet, { contentSecurityPolicy: { useDefaults: true, directives: CSP_DIRECTIVES } });
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
      const html = await fs.promises.readFile(indexFile);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    };

    registerApiRoutes(app, { db: open.db, sendPage });
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
