/**
 * ONE way for tests and benchmarks to submit a run the server accepts: `postAcceptedRun`. The
 * durability tests (PostgreSQL restart, SIGKILL during a burst), the scale-out test and the
 * `server` benchmark all submit through it, so when the submission protocol changes (run
 * tickets, the APKey header, an Idempotency-Key) only this file changes.
 *
 * Today's protocol: `POST /api/v1/performance` with `{ gameData, bulletData }` (no replay), the
 * player named by its `aim_session` cookie; the first write without a cookie creates the guest
 * and the answer sets its cookie (kept in the `RunPlayer`). 201 + RunSummary = accepted.
 *
 * Transports: `injectTransport(app)` (Fastify `inject`, no socket) and `httpTransport(url)`
 * (node:http with keep-alive, for a server in another process or listening on a port).
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { submission, b64 } from './helpers';

/** One HTTP exchange. `statusCode` 0 = no answer (connection refused or reset, timeout). */
export interface RunResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RunRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

/** How `postAcceptedRun` reaches the server. */
export interface RunTransport {
  request(req: RunRequest): Promise<RunResponse>;
}

/** Through `app.inject()` (`app` may be a getter, for a server that is rebuilt). */
export function injectTransport(app: FastifyInstance | (() => FastifyInstance)): RunTransport {
  const get = typeof app === 'function' ? (app as () => FastifyInstance) : () => app;
  return {
    async request(req) {
      const json = req.payload !== undefined;
      const res = await get().inject({
        method: req.method,
        url: req.url,
        headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...(req.headers ?? {}) },
        payload: json ? JSON.stringify(req.payload) : undefined,
      });
      return { statusCode: res.statusCode, headers: res.headers as RunResponse['headers'], body: res.body };
    },
  };
}

/** Over HTTP to `baseUrl` (e.g. http://127.0.0.1:8080), keep-alive, `timeoutMs` per request;
 * every request names `baseUrl`'s origin in `Origin`, as the game's page does. */
export function httpTransport(baseUrl: string, timeoutMs = 10_000): RunTransport & { close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const base = new URL(baseUrl);
  return {
    close: () => agent.destroy(),
    request(req) {
      return new Promise((resolve) => {
        const body = req.payload === undefined ? undefined : Buffer.from(JSON.stringify(req.payload));
        const r = http.request(
          {
            agent,
            host: base.hostname,
            port: base.port,
            method: req.method,
            path: req.url,
            timeout: timeoutMs,
            headers: {
              // as the game's page sends it: writes name the server's own origin (the write guard)
              origin: base.origin,
              ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
              ...(req.headers ?? {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', () => resolve({ statusCode: 0, headers: {}, body: '' }));
          },
        );
        r.on('timeout', () => r.destroy(new Error('timeout')));
        r.on('error', () => resolve({ statusCode: 0, headers: {}, body: '' }));
        r.end(body);
      });
    },
  };
}

/** A player: their session cookie's value (decoded, as `inject({ cookies })` takes it) once
 * the server has set one. */
export interface RunPlayer {
  cookie?: string;
}

/** What `postAcceptedRun` did. */
export interface PostedRun {
  /** HTTP status of the submission (0 = no answer) */
  statusCode: number;
  /** the stored run's id when accepted (2xx), else null */
  id: number | null;
  /** the targets_destroyed the run claimed (to find it in the database) */
  targets: number;
  /** the parsed answer (RunSummary, or `{ error }`), null when not JSON */
  json: unknown;
}

function keepCookie(player: RunPlayer, res: RunResponse): void {
  const set = res.headers['set-cookie'];
  for (const c of Array.isArray(set) ? set : set ? [set] : []) {
    const m = /^aim_session=([^;]*)/.exec(c);
    if (m) player.cookie = decodeURIComponent(m[1]);
  }
}

/** A finished run recorded elsewhere (e.g. a scripted run with its replay): submitted as is. */
export interface PreparedRun {
  gameData: { targets_destroyed: string } & Record<string, unknown>;
  bulletData: unknown[];
  replay?: unknown;
}

/**
 * Submits one valid run of drill `drillId` (default 2033, the short test drill) for `player`,
 * claiming `targets` kills (hits = targets, shots = targets + 1), or `prepared` as it is, and
 * reports what the server answered. Never throws for an HTTP failure: a caller under load or during an outage checks
 * `statusCode` (2xx = acknowledged, so the run must be stored).
 */
export async function postAcceptedRun(
  transport: RunTransport,
  player: RunPlayer,
  opts: { drillId?: number; targets?: number; prepared?: PreparedRun } = {},
): Promise<PostedRun> {
  const drillId = opts.drillId ?? 2033;
  let targets = opts.targets ?? 3;
  let payload: unknown;
  if (opts.prepared) {
    payload = opts.prepared;
    targets = Number(Buffer.from(opts.prepared.gameData.targets_destroyed, 'base64').toString('latin1'));
  } else {
    payload = submission(drillId, {
      targets_destroyed: b64(targets),
      hits: targets,
      shots: targets + 1,
      accuracy: Math.round((targets / (targets + 1)) * 10000) / 100,
    });
  }
  const headers: Record<string, string> = player.cookie ? { cookie: `aim_session=${encodeURIComponent(player.cookie)}` } : {};
  const res = await transport.request({ method: 'POST', url: '/api/v1/performance', headers, payload });
  keepCookie(player, res);
  let json: unknown = null;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = null;
  }
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  const id = ok && json && typeof (json as { id?: unknown }).id === 'number' ? (json as { id: number }).id : null;
  return { statusCode: res.statusCode, id, targets, json };
}
