/**
 * Generated bad input for every route (issue 14): fast-check arbitraries of requests (bad ids,
 * bad query strings, bad and deeply nested JSON, wrong types, huge numbers, long strings, wrong
 * content types, bad and forged cookies) and the one property every answer must have: no
 * status >= 500, and every 4xx is JSON `{ error: string }`. Used by fuzz.*.test.ts, which run
 * each route at least FUZZ_RUNS times through `app.inject()` on a real SQLite file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { startTestServer, submission, type TestServer } from './helpers';
import { SESSION_COOKIE } from '../../src/server/session';
import { defaultControlOptions, defaultGameOptions } from '../../src/contracts/gameOptions';
import { defaultCrosshairConfig } from '../../src/contracts/crosshair';

/** A valid drill document (the test drill's file) for the drill editor's routes. */
const DRILL_DOCUMENT: unknown = JSON.parse(fs.readFileSync(path.resolve('drills/2033.json'), 'utf8'));

/** Cases per route. */
export const FUZZ_RUNS = 1000;

/** A server for fuzzing: no rate limits (every case must reach its route), a built client
 * stub (so the page routes answer 200, not 503) and one player with saved data. */
export interface FuzzServer {
  server: TestServer;
  app: FastifyInstance;
  /** a valid signed cookie of an existing player */
  playerCookie: string;
  /** signs any value with the server's cookie secret (ids that do not exist, absurd ones) */
  sign(value: string): string;
  close(): Promise<void>;
}

export async function startFuzzServer(): Promise<FuzzServer> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-fuzz-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
  const server = await startTestServer({ rateLimits: false, distDir: dist, cookieSecret: 'fuzz-secret' });
  const app = server.app;
  const first = await app.inject({ method: 'POST', url: '/api/v1/performance', payload: submission(2033) });
  const playerCookie = first.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  await app.inject({ method: 'POST', url: '/gameoptions/edit', cookies: { [SESSION_COOKIE]: playerCookie }, payload: { controls: { mouse_sens: 2 } } });
  await app.inject({ method: 'POST', url: '/api/v2/user/crosshair', cookies: { [SESSION_COOKIE]: playerCookie }, payload: { enabled: true, config: {} } });
  return {
    server,
    app,
    playerCookie,
    sign: (value) => app.signCookie(value),
    async close() {
      await server.close();
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// building blocks

/** Awkward numbers: huge, tiny, negative zero, beyond 2^31 / 2^53, non-integers. */
export const hugeNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 63), 1e-320, -0, 0.1, 4294967296, 1e21),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Long strings (built, not generated char by char: fast). */
export const longString = fc
  .tuple(fc.integer({ min: 257, max: 200_000 }), fc.constantFrom('x', 'é', '"', '\\', '{', '\u0000', '😀'))
  .map(([n, c]) => c.repeat(n));

/** JSON text nested `depth` levels deep (objects or arrays). */
export const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

/** Any replacement value for a field. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 1, arbitrary: longString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, '', [], {}, '1', '0', 'NaN', 'Infinity', '__proto__') },
);

type Path = (string | number)[];

/** Every path (object keys, array indexes) in `v`, the root included. */
function pathsOf(v: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...prefix, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...prefix, k], out);
  return out;
}

/** `valid` with one field replaced by `value`, deleted, or an extra field added next to it. */
export function mutated(valid: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  return fc
    .tuple(fc.integer({ min: 0, max: paths.length - 1 }), anyValue, fc.constantFrom('replace', 'replace', 'delete', 'add'), fc.string({ maxLength: 12 }))
    .map(([i, value, op, key]) => {
      const doc = structuredClone(valid) as Record<string | number, unknown>;
      const p = paths[i];
      if (p.length === 0) return op === 'replace' ? value : doc;
      let parent = doc;
      for (const k of p.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
      const last = p[p.length - 1];
      if (op === 'replace') parent[last] = value;
      else if (op === 'delete') delete parent[last];
      else if (parent && typeof parent === 'object' && !Array.isArray(parent)) parent[key || 'extra'] = value;
      return doc;
    });
}

/** A request body (text) for a JSON route whose valid body is `valid`. */
export function jsonBody(valid: unknown): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mutated(valid).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constant(JSON.stringify(valid)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '}', 'null', '[]', '{"__proto__":{"a":1}}', '{"constructor":{"prototype":{}}}', '\uFEFF{}', '{"a":1,"a":2}') },
  );
}

/** Content types: mostly JSON, sometimes others (or none). */
export const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
      'application/octet-stream', '', 'application/json; charset=latin1', 'APPLICATION/JSON', 'application/jsonx', '*/*',
    ),
  },
);

/** A path segment standing for an id: numbers of every size, signs, exponents, junk, encodings. */
export const idSegment = fc.oneof(
  fc.nat().map(String),
  fc.integer().map(String),
  fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
  fc.double().map(String),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom('0', '00', '134', '2033', '2147483647', '2147483648', '99999999999999999999999', '1e3', '-1', '0x10', '%00', '%2e%2e', '%E0%A4%A', '%', '..', ' 1', '1 ', '١٢٣'),
);

/** The session cookie: none, junk, forged, signed but naming nobody or nonsense, or a real one. */
export function cookieArb(fz: FuzzServer): fc.Arbitrary<Record<string, string> | undefined> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constant({ [SESSION_COOKIE]: fz.playerCookie }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((v) => ({ [SESSION_COOKIE]: v })) },
    { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.string({ maxLength: 20 })).map(([n, sig]) => ({ [SESSION_COOKIE]: `${n}.${sig}` })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.constantFrom('0', '999999999', '2147483648', '99999999999', '-1', '1e3', '', ' 1', '1.5'), fc.nat().map(String))
        .map((v) => ({ [SESSION_COOKIE]: fz.sign(v) })),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// routes

/** A route to fuzz: its name and the requests to send it. */
export interface FuzzRoute {
  name: string;
  requests(fz: FuzzServer): fc.Arbitrary<InjectOptions>;
}

const get = (url: fc.Arbitrary<string>, fz: FuzzServer, accept = fc.constantFrom('application/json', 'text/html', '*/*', '')) =>
  fc.record({ url, cookies: cookieArb(fz), accept }).map(
    ({ url: u, cookies, accept: a }): InjectOptions => ({ method: 'GET', url: u, cookies, headers: a ? { accept: a } : {} }),
  );

const post = (url: fc.Arbitrary<string>, valid: unknown, fz: FuzzServer) =>
  fc.record({ url, cookies: cookieArb(fz), body: jsonBody(valid), type: contentType }).map(
    ({ url: u, cookies, body, type }): InjectOptions => ({
      method: 'POST',
      url: u,
      cookies,
      payload: body,
      headers: type ? { 'content-type': type } : {},
    }),
  );

const query = fc.oneof(
  fc.constant(''),
  idSegment.map((id) => `?game_id=${id}`),
  fc.tuple(idSegment, idSegment).map(([a, b]) => `?game_id=${a}&game_id=${b}`),
  fc.string({ maxLength: 40 }).map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
  fc.constantFrom('?game_id', '?game_id=', '?game_id[]=1', '?game_id[a]=1', '?__proto__=1'),
);

/** limit / offset queries of the leaderboard and progress reads: valid, out of range, repeated, not numbers. */
const boardNumber = fc.oneof(fc.nat({ max: 200 }).map(String), fc.constantFrom('', '-1', '1.5', '1e2', '0x10', '99999999999', ' 5'));
const boardQuery = fc
  .tuple(fc.option(boardNumber), fc.option(boardNumber), fc.boolean())
  .map(([l, o, twice]) => {
    const parts = [l !== null ? `limit=${encodeURIComponent(l)}` : '', o !== null ? `offset=${encodeURIComponent(o)}` : ''].filter(Boolean);
    if (twice && parts.length) parts.push(parts[0]);
    return parts.length ? `?${parts.join('&')}` : '';
  });

const crosshairType = fc.oneof(fc.constantFrom('crosshair', 'hitmarker', 'missmarker', 'ads'), idSegment);

export const READ_ROUTES: FuzzRoute[] = [
  {
    name: 'GET pages (/, /app, /drills, help pages) and static files',
    requests: (fz) =>
      get(
        fc.oneof(
          fc.constantFrom('/', '/app', '/app/', '/drills', '/drills/', '/maximum-fps', '/mouse-skip-fix/', '/assets/app.js'),
          fc.tuple(fc.constantFrom('/', '/app/', '/assets/'), idSegment, query).map(([a, b, q]) => `${a}${b}${q}`),
          fc.constantFrom('/../etc/passwd', '/assets/../../x', '/%2e%2e/%2e%2e/etc/passwd', '//', '/assets//app.js', '/index.html'),
        ),
        fz,
      ),
  },
  { name: 'GET /healthz and /readyz', requests: (fz) => get(fc.tuple(fc.constantFrom('/healthz', '/readyz'), query).map(([u, q]) => u + q), fz) },
  { name: 'GET /api/v1/drills', requests: (fz) => get(query.map((q) => `/api/v1/drills${q}`), fz) },
  { name: 'GET /api/v1/gameconfig/:id', requests: (fz) => get(fc.tuple(idSegment, query).map(([id, q]) => `/api/v1/gameconfig/${id}${q}`), fz) },
  { name: 'GET /api/v1/performance/latest', requests: (fz) => get(query.map((q) => `/api/v1/performance/latest${q}`), fz) },
  { name: 'GET /api/v1/performance/:id', requests: (fz) => get(fc.tuple(idSegment, query).map(([id, q]) => `/api/v1/performance/${id}${q}`), fz) },
  // issue 15: leaderboards and progress (validated limit / offset; unknown parameters are 400)
  {
    name: 'GET /api/v1/leaderboard/:drillId',
    requests: (fz) => get(
      fc.tuple(idSegment, fc.oneof(query, boardQuery, fc.constantFrom('?around=me', '?limit=3&around=me', '?around=you', '?around=me&offset=1')))
        .map(([id, q]) => `/api/v1/leaderboard/${id}${q}`),
      fz,
    ),
  },
  { name: 'GET /api/v1/progress', requests: (fz) => get(query.map((q) => `/api/v1/progress${q}`), fz) },
  {
    name: 'GET /api/v1/progress/:drillId',
    requests: (fz) => get(fc.tuple(idSegment, fc.oneof(query, boardQuery)).map(([id, q]) => `/api/v1/progress/${id}${q}`), fz),
  },
  { name: 'GET /gameoptions/edit', requests: (fz) => get(query.map((q) => `/gameoptions/edit${q}`), fz) },
  // issue 17: the drill editor's reads
  { name: 'GET /api/v1/drills/mine', requests: (fz) => get(query.map((q) => `/api/v1/drills/mine${q}`), fz) },
  {
    name: 'GET /api/v1/drills/:id/document',
    requests: (fz) => get(fc.tuple(idSegment, query).map(([id, q]) => `/api/v1/drills/${id}/document${q}`), fz),
  },
  {
    name: 'GET /api/v1/user/game-sensitivity-data/basic',
    requests: (fz) => get(query.map((q) => `/api/v1/user/game-sensitivity-data/basic${q}`), fz),
  },
  { name: 'GET /api/v2/user/:type', requests: (fz) => get(fc.tuple(crosshairType, query).map(([t, q]) => `/api/v2/user/${t}${q}`), fz) },
];

export const WRITE_ROUTES: FuzzRoute[] = [
  {
    name: 'POST /api/v1/user/log-drill',
    requests: (fz) => post(fc.constant('/api/v1/user/log-drill'), { agame_id: 134 }, fz),
  },
  {
    name: 'POST /api/v1/performance',
    requests: (fz) => post(fc.constant('/api/v1/performance'), submission(2033), fz),
  },
  {
    name: 'POST /gameoptions/edit',
    requests: (fz) => post(fc.constant('/gameoptions/edit'), { game_options: defaultGameOptions(), controls: defaultControlOptions() }, fz),
  },
  {
    name: 'POST /api/v2/user/:type',
    requests: (fz) => post(crosshairType.map((t) => `/api/v2/user/${t}`), { enabled: true, config: defaultCrosshairConfig() }, fz),
  },
  // issue 17: the drill editor's saves (a drill file as the valid body)
  {
    name: 'POST /api/v1/drills',
    requests: (fz) => post(fc.constant('/api/v1/drills'), DRILL_DOCUMENT, fz),
  },
  {
    name: 'PUT /api/v1/drills/:id',
    requests: (fz) => post(idSegment.map((id) => `/api/v1/drills/${id}`), DRILL_DOCUMENT, fz).map((r): InjectOptions => ({ ...r, method: 'PUT' })),
  },
  {
    name: 'unknown routes and methods',
    requests: (fz) =>
      fc
        .record({
          method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
          url: fc.tuple(fc.constantFrom('/api/v1/', '/api/v3/', '/gameoptions/', '/api/v2/user/crosshair/'), idSegment).map(([a, b]) => a + b),
          cookies: cookieArb(fz),
          body: jsonBody({ a: 1 }),
        })
        .map(({ method, url, cookies, body }): InjectOptions => ({
          method: method as InjectOptions['method'],
          url,
          cookies,
          ...(method === 'GET' ? {} : { payload: body, headers: { 'content-type': 'application/json' } }),
        })),
  },
];

/** Sends `req`; throws (with the request) when the answer is a 5xx or a 4xx that is not `{ error }`. */
export async function checkAnswer(app: FastifyInstance, req: InjectOptions): Promise<number> {
  const res = await app.inject(req);
  const show = () => `${req.method} ${String(req.url).slice(0, 200)} cookies=${JSON.stringify(req.cookies)} body=${String(req.payload ?? '').slice(0, 300)}`;
  if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)} for ${show()}`);
  if (res.statusCode >= 400) {
    if (!/^application\/json/.test(String(res.headers['content-type']))) {
      throw new Error(`${res.statusCode} not JSON (${res.headers['content-type']}) for ${show()}`);
    }
    const body = res.json() as { error?: unknown };
    if (typeof body.error !== 'string') throw new Error(`${res.statusCode} without { error } (${res.body.slice(0, 200)}) for ${show()}`);
  }
  return res.statusCode;
}

/** Runs FUZZ_RUNS generated requests of `route`; resolves the count of answers per status. */
export async function fuzzRoute(fz: FuzzServer, route: FuzzRoute, numRuns = FUZZ_RUNS): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  await fc.assert(
    fc.asyncProperty(route.requests(fz), async (req) => {
      const status = await checkAnswer(fz.app, req);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
    { numRuns, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
  );
  return statuses;
}

/**
 * Registers the fuzz suite of `routes` in the calling test file: one fuzz server for the file,
 * and per route a test of FUZZ_RUNS generated requests asserting no answer >= 500 (every 4xx is
 * checked to be JSON { error } inside `fuzzRoute`). Read and write routes live in two files so
 * Jest runs them in parallel.
 */
export function describeFuzzRoutes(routes: readonly FuzzRoute[]): void {
  let fz: FuzzServer;
  beforeAll(async () => {
    fz = await startFuzzServer();
  });
  afterAll(async () => {
    await fz?.close();
  });
  describe.each(routes.map((r) => [r.name, r] as const))('%s', (_name, route) => {
    test(`${FUZZ_RUNS} generated requests: no 5xx, every 4xx is JSON { error }`, async () => {
      const statuses = await fuzzRoute(fz, route);
      if (process.env.FUZZ_VERBOSE) console.log(route.name, JSON.stringify(statuses));
      const total = Object.values(statuses).reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThanOrEqual(FUZZ_RUNS);
      expect(Object.keys(statuses).filter((s) => Number(s) >= 500)).toEqual([]);
    }, 60_000);
  });
}
