/**
 * Test helpers for the server: a real SQLite file in a fresh temp dir, the app on it, and
 * clients with their own cookie jar (= their own guest player).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import Ajv from 'ajv';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { SESSION_COOKIE } from '../../src/server/session';

export interface TestServer {
  /** The app; its `inject` sends writes as the game's own page would (`sameOriginWrites`). */
  app: FastifyInstance;
  /** `app.inject` as it is, without the same-origin header (for the CSRF tests). */
  rawInject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  dir: string;
  databaseFile: string;
  /** Reopens the app on the same database file (the server restarting). */
  restart(): Promise<FastifyInstance>;
  /** Read-only connection to the database file, for checking what was stored. */
  query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[];
  /** Runs a write statement on the database file (e.g. inserting a drill made for a test). */
  exec(sql: string, ...params: unknown[]): void;
  close(): Promise<void>;
}

/**
 * Starts the app on a new SQLite file in a fresh temp dir. `distDir` defaults to a missing dir.
 * Back-pressure is off unless `opts.pressure` is given: Jest's workers compiling test files
 * block this process's event loop for seconds, which the app would (rightly) answer with 503
 * (test/server/limits.test.ts checks back-pressure itself). Rate limits stay at their defaults.
 */
export async function startTestServer(opts: Partial<BuildAppOptions> = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-server-'));
  const databaseFile = path.join(dir, 'test.sqlite');
  const build = async () =>
    sameOriginWrites(await buildApp({ databaseFile, distDir: path.join(dir, 'no-dist'), logger: false, pressure: false, guestRetention: false, ...opts }));
  const server: TestServer = {
    app: await build(),
    rawInject(o: InjectOptions) {
      return (server.app as FastifyInstance & { rawInject(o: InjectOptions): Promise<LightMyRequestResponse> }).rawInject(o);
    },
    dir,
    databaseFile,
    async restart() {
      await server.app.close();
      server.app = await build();
      return server.app;
    },
    query<T>(sql: string, ...params: unknown[]): T[] {
      const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    exec(sql: string, ...params: unknown[]): void {
      const db = new Database(databaseFile, { fileMustExist: true });
      try {
        db.prepare(sql).run(...params);
      } finally {
        db.close();
      }
    },
    async close() {
      await server.app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Makes `app.inject` send its writes (POST, PUT, PATCH, DELETE) as the game's own page does in
 * a browser: with `Sec-Fetch-Site: same-origin` unless the request names its own `origin` or
 * `sec-fetch-site` (issue 39: the server refuses writes from other origins, src/server/writeGuard.ts),
 * and a JSON `{}` body when it has none (logout, DELETE). The unchanged inject stays as
 * `app.rawInject`. Returns `app`.
 */
export function sameOriginWrites(app: FastifyInstance): FastifyInstance {
  const raw = app.inject.bind(app) as (o: InjectOptions) => Promise<LightMyRequestResponse>;
  const patched = ((o?: InjectOptions | string) => {
    if (o === undefined || typeof o === 'string' || !WRITE_METHODS.has(String(o.method ?? 'GET').toUpperCase())) return raw(o as InjectOptions);
    const headers = { ...((o.headers ?? {}) as Record<string, string>) };
    const names = new Set(Object.keys(headers).map((k) => k.toLowerCase()));
    if (!names.has('origin') && !names.has('sec-fetch-site')) headers['sec-fetch-site'] = 'same-origin';
    const out: InjectOptions = { ...o, headers };
    if (out.payload === undefined && out.body === undefined && !names.has('content-type')) out.payload = {};
    return raw(out);
  }) as FastifyInstance['inject'];
  Object.assign(app, { inject: patched, rawInject: raw });
  return app;
}

/** A client with its own cookie jar: every answer's set-cookie is kept and sent back. */
export class Client {
  readonly jar = new Map<string, string>();
  constructor(private readonly server: TestServer) {}

  /** Sends a request through `app.inject()` with the jar's cookies. */
  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const cookies = Object.fromEntries(this.jar);
    const res = await this.server.app.inject({ ...opts, cookies: { ...cookies, ...(opts.cookies ?? {}) } });
    for (const c of res.cookies as { name: string; value: string }[]) this.jar.set(c.name, c.value);
    return res;
  }

  get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload: unknown): Promise<LightMyRequestResponse> {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }

  /** Posts a raw string as application/json (for broken JSON). */
  postRaw(url: string, body: string): Promise<LightMyRequestResponse> {
    return this.request({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json' } });
  }

  /** The signed session cookie's value, if any. */
  get session(): string | undefined {
    return this.jar.get(SESSION_COOKIE);
  }
}

/** base64 of a decimal count, as the client encodes `targets_destroyed`. */
export function b64(n: number | string): string {
  return Buffer.from(String(n)).toString('base64');
}

/** A valid `{ gameData, bulletData }` submission for drill `gameId`; `over` replaces gameData fields. */
export function submission(gameId: number, over: Record<string, unknown> = {}, bulletData: unknown[] = defaultBullets()) {
  return {
    gameData: {
      game_id: gameId,
      accuracy: 75,
      time_destroy: 512.5,
      crit_hit: 25,
      targets_destroyed: b64(3),
      timestamp: 8000,
      shots: 4,
      hits: 3,
      input_type: 'Mouse',
      damage: 3,
      fov: 103,
      fov_type: 'h',
      mouse_sensitivity: 1.25,
      viewport_width: 1280,
      viewport_height: 720,
      frame_rate: 144,
      source: null,
      av_reaction_time: 321.5,
      seed: 42,
      ...over,
    },
    bulletData,
  };
}

/** Four shot records: three hits, one miss. */
export function defaultBullets() {
  return [
    { tick: 10, t_ms: 156.25, hit: true, crit: true, killed: true, yaw: 1.5, pitch: -0.25, target: 0, damage: 1 },
    { tick: 40, t_ms: 625, hit: false, crit: false, yaw: 3, pitch: 0.5, target: -1 },
    { tick: 70, t_ms: 1093.75, hit: true, crit: false, killed: true, yaw: -2, pitch: 1, target: 1, damage: 1 },
    { tick: 99, t_ms: 1546.875, hit: true, crit: false, killed: true, yaw: 0, pitch: 0, target: 2, damage: 1 },
  ];
}

/** Validates `data` against a contract schema (draft-07, like Fastify); returns the error text or ''. */
export function schemaErrors(schema: object, data: unknown): string {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);
  return validate(data) ? '' : ajv.errorsText(validate.errors);
}

/** `buildApp` whose `inject` sends writes as the game's own page does (`sameOriginWrites`). */
export async function buildBrowserApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  return sameOriginWrites(await buildApp(opts));
}
