/**
 * The client of the server's API (spec section 7). Every function takes the `fetch` to use
 * (injected by the store for tests); by default the global one, looked up at call time.
 * Errors (spec section 8): a non-2xx GET throws 'Bad response from server'; the game config
 * fetch throws 'Error fetching game configuration for game id'; a POST with 400-599 throws
 * with the response's status text. `ApiRequestError.serverMessage` carries the server's
 * `{ error }` / `{ message }` text when it sent one.
 */
import type { GameConfigResponse } from '../contracts/gameConfig';
import { NOT_LOGGED_IN } from '../contracts/auth';
import { GAME_OPTIONS_PATH, type ControlOptions, type GameOptions } from '../contracts/gameOptions';
import type { PerformanceSubmission, RunSummary } from '../contracts/performance';
import { signSubmission } from './apkey';
import { forgetRunTicket, runTicketSecret, type RunTicket } from './runTickets';
import { API_DEFAULT_QUERY, drillQueryString, type DrillBrowserItem, type DrillQuery, type PublishAnswer, type ReportAnswer } from '../contracts/drillBrowser';
import type { BenchmarksResponse, SeasonStanding } from '../contracts/benchmarks';

/** The `fetch` the API functions use. */
export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

/** The global `fetch`, resolved at call time so tests can replace it. */
export const defaultFetch: FetchFn = (input, init) => globalThis.fetch(input, init);

/** An API call that failed: `status` is 0 for a network error. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;

  constructor(message: string, status: number, serverMessage: string | null) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** The 'Not Logged In' reply of spec section 6 sends the browser to /login. */
export { NOT_LOGGED_IN };

let notLoggedInHandler: (() => void) | null = null;

/** Sets what happens when any API call gets the 'Not Logged In' reply (the page entry sends the
 * browser to `/login?next=<this page>`); null = nothing. The call still throws. */
export function setNotLoggedInHandler(handler: (() => void) | null): void {
  notLoggedInHandler = handler;
}

/** Calls the 'Not Logged In' handler when `err` is that reply; returns `err`. */
function noticeNotLoggedIn(err: ApiRequestError): ApiRequestError {
  if (isNotLoggedIn(err)) notLoggedInHandler?.();
  return err;
}

/** Reads the `{ error }` or `{ message }` text of an error response, or null. */
async function readServerMessage(res: Response): Promise<string | null> {
  try {
    const text = await res.text();
    if (!text) return null;
    try {
      const body = JSON.parse(text) as { error?: unknown; message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
      if (typeof body.error === 'string' && body.error) return body.error;
    } catch {
      return text.slice(0, 200);
    }
  } catch {
    /* body unreadable */
  }
  return null;
}

/** Runs `fetch`, turning a network failure into an ApiRequestError with status 0. */
async function send(fetchFn: FetchFn, url: string, init: RequestInit | undefined, failMessage: string): Promise<Response> {
  try {
    return await fetchFn(url, { credentials: 'same-origin', ...init });
  } catch (e) {
    throw new ApiRequestError(failMessage, 0, e instanceof Error ? e.message : String(e));
  }
}

/** GET returning JSON; non-2xx throws `failMessage` (default 'Bad response from server'). */
export async function getJson<T>(fetchFn: FetchFn, url: string, failMessage = 'Bad response from server'): Promise<T> {
  const res = await send(fetchFn, url, { headers: { Accept: 'application/json' } }, failMessage);
  if (!res.ok) throw noticeNotLoggedIn(new ApiRequestError(failMessage, res.status, await readServerMessage(res)));
  return (await res.json()) as T;
}

/** POST of a JSON body; a non-2xx status throws with the status text (spec section 8).
 * `headers` are added to the request's; a string `body` is sent as it is (already JSON); `signal`
 * aborts it (an ApiRequestError with status 0). */
export async function postJson<T>(
  fetchFn: FetchFn, url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal,
): Promise<T | null> {
  const res = await send(
    fetchFn,
    url,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...(signal ? { signal } : {}),
    },
    'Network error',
  );
  if (!res.ok) {
    const serverMessage = await readServerMessage(res);
    throw noticeNotLoggedIn(new ApiRequestError(res.statusText || `HTTP ${res.status}`, res.status, serverMessage));
  }
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** True when the error is the server's 'Not Logged In' reply. */
export function isNotLoggedIn(e: unknown): boolean {
  return e instanceof ApiRequestError && (e.status === 401 || e.status === 403) && e.serverMessage === NOT_LOGGED_IN;
}

/** The path of drill `id`'s gameconfig (GET /api/v1/gameconfig/{id}). */
export const gameConfigPath = (id: number): string => `/api/v1/gameconfig/${id}`;

/** `GET /api/v1/gameconfig/{id}`: the drill and the player's settings (spec section 7). */
export function fetchGameConfig(fetchFn: FetchFn, id: number): Promise<GameConfigResponse> {
  return getJson<GameConfigResponse>(fetchFn, gameConfigPath(id), 'Error fetching game configuration for game id');
}

/** `GET /gameoptions/edit` answer: `{ controls, game_options }` (either may be partial). */
export interface GameOptionsResponse {
  controls?: Partial<ControlOptions> | null;
  game_options?: Partial<GameOptions> | null;
}

/** `GET /gameoptions/edit`: the player's game options and control options. */
export function fetchGameOptions(fetchFn: FetchFn): Promise<GameOptionsResponse> {
  return getJson<GameOptionsResponse>(fetchFn, GAME_OPTIONS_PATH);
}

/** `POST /api/v1/user/log-drill {agame_id}`: fired at drill start; the response is unused. */
export async function logDrill(fetchFn: FetchFn, gameId: number): Promise<void> {
  await postJson<unknown>(fetchFn, '/api/v1/user/log-drill', { agame_id: gameId });
}

/** What `POST /api/v1/performance` answers: at least the stored row's id. */
export interface PerformanceCreated {
  id: number;
  [key: string]: unknown;
}

/** `POST /api/v1/runs {drill_id}`: a run ticket for drill `drillId` (issue 14): the seed the
 * engine must use, and the run id + secret its submission is signed with. The ticket is kept
 * (src/net/runTickets.ts) for signing. Throws ApiRequestError (404 unknown drill, network). */
export async function requestRunTicket(fetchFn: FetchFn, drillId: number): Promise<RunTicket> {
  const t = await postJson<RunTicket>(fetchFn, '/api/v1/runs', { drill_id: drillId });
  if (
    !t || typeof t.run_id !== 'string' || !Number.isInteger(t.seed) || typeof t.secret !== 'string'
    || !/^[0-9a-f]{64}$/.test(t.secret) || typeof t.expires_at !== 'string'
  ) {
    throw new ApiRequestError('Bad response from server', 200, 'The server did not return a run ticket');
  }
  return t;
}

/**
 * The `APKey` header of a submission body (issue 14, spec section 7): present when the body
 * names a held ticket (`run_id`) and the WebAssembly module loaded; {} otherwise (no ticket: the
 * run is stored unranked; module failure: logged 'Wasm Module Failed', sent without it).
 */
export async function apkeyHeaders(submission: PerformanceSubmission, bodyString: string): Promise<Record<string, string>> {
  const runId = (submission as { run_id?: unknown }).run_id;
  if (typeof runId !== 'string') return {};
  const secret = runTicketSecret(runId);
  if (!secret) return {};
  const apkey = await signSubmission(bodyString, secret);
  return apkey ? { APKey: apkey } : {};
}

/** `POST /api/v1/performance`: submits a run, signed with its ticket's secret (`APKey`) when it
 * names one; resolves with the stored summary's id. `idempotencyKey` (src/net/outbox.ts) goes
 * out as the `Idempotency-Key` header: the server stores a key's run once and answers every
 * repeat with its first answer. `signal` aborts. */
export async function postPerformance(
  fetchFn: FetchFn, submission: PerformanceSubmission, idempotencyKey?: string, signal?: AbortSignal,
): Promise<PerformanceCreated> {
  const bodyString = JSON.stringify(submission);
  const headers = {
    ...(await apkeyHeaders(submission, bodyString)),
    ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
  };
  const body = await postJson<PerformanceCreated & { summary?: { id?: number } }>(fetchFn, '/api/v1/performance', bodyString, headers, signal);
  const id = body?.id ?? body?.summary?.id;
  if (typeof id !== 'number' || !Number.isFinite(id)) {
    throw new ApiRequestError('Bad response from server', 200, 'The server did not return a result id');
  }
  const runId = (submission as { run_id?: unknown }).run_id;
  if (typeof runId === 'string') forgetRunTicket(runId);
  return { ...body, id };
}

/** `GET /api/v1/performance/{id}`: one stored run, as the drill summary shows it. */
export function fetchPerformance(fetchFn: FetchFn, id: number): Promise<RunSummary> {
  return getJson<RunSummary>(fetchFn, `/api/v1/performance/${id}`);
}

/** One entry of the drill list (`GET /api/v1/drills`): src/contracts/drillBrowser.ts. Older
 * servers sent fewer fields, hence the optional ones. */
export type DrillListItem = Pick<DrillBrowserItem, 'id' | 'name'> & Partial<Omit<DrillBrowserItem, 'id' | 'name'>>;

/** `GET /api/v1/drills[?query]`: the drills of `query` (default: the catalogue by id; a bare
 * array, or `{ drills }` / `{ data }`). The query goes out as drillQueryString of the API's
 * defaults (src/contracts/drillBrowser.ts, the one the server parses). */
export async function fetchDrills(fetchFn: FetchFn, query: DrillQuery = API_DEFAULT_QUERY): Promise<DrillListItem[]> {
  const body = await getJson<unknown>(fetchFn, `/api/v1/drills${drillQueryString(query, API_DEFAULT_QUERY)}`);
  const list = Array.isArray(body)
    ? body
    : Array.isArray((body as { drills?: unknown })?.drills)
      ? (body as { drills: unknown[] }).drills
      : Array.isArray((body as { data?: unknown })?.data)
        ? (body as { data: unknown[] }).data
        : [];
  return list.filter(
    (d): d is DrillListItem =>
      !!d && typeof (d as DrillListItem).id === 'number' && typeof (d as DrillListItem).name === 'string',
  );
}

/** `POST /api/v1/drills/{id}/publish` (`publish` true) or `/unpublish`: the author's own drill
 * in or out of the drill browser. Throws ApiRequestError (401 Not Logged In, 403, 404). */
export async function setDrillPublished(fetchFn: FetchFn, id: number, publish: boolean): Promise<PublishAnswer> {
  const body = await postJson<PublishAnswer>(fetchFn, `/api/v1/drills/${id}/${publish ? 'publish' : 'unpublish'}`, {});
  if (!body) throw new ApiRequestError('Bad response from server', 200, null);
  return body;
}

/** `POST /api/v1/drills/{id}/report {reason?}`: reports a community drill (once per account).
 * Throws ApiRequestError (401, 409 already reported, 400 own drill). */
export async function reportDrill(fetchFn: FetchFn, id: number, reason = ''): Promise<ReportAnswer> {
  const body = await postJson<ReportAnswer>(fetchFn, `/api/v1/drills/${id}/report`, reason ? { reason } : {});
  if (!body) throw new ApiRequestError('Bad response from server', 200, null);
  return body;
}

/** `GET /api/v1/benchmarks`: the benchmark seasons. */
export function fetchBenchmarks(fetchFn: FetchFn): Promise<BenchmarksResponse> {
  return getJson<BenchmarksResponse>(fetchFn, '/api/v1/benchmarks');
}

/** `GET /api/v1/benchmarks/{id}/me`: the reader's standing, or null for a guest (the 401 'Not
 * Logged In' answer is expected here and does NOT call the 'Not Logged In' handler: pages show
 * ranks to accounts and stay put for guests). Other failures throw ApiRequestError. */
export async function fetchMyBenchmark(fetchFn: FetchFn, seasonId: string): Promise<SeasonStanding | null> {
  const url = `/api/v1/benchmarks/${encodeURIComponent(seasonId)}/me`;
  const res = await send(fetchFn, url, { headers: { Accept: 'application/json' } }, 'Bad response from server');
  if (res.status === 401) {
    // read the answer off the wire: an unread body keeps the response (and its connection) open
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.ok) throw new ApiRequestError('Bad response from server', res.status, await readServerMessage(res));
  const body = (await res.json()) as SeasonStanding;
  if (!body || !Array.isArray(body.drills) || !Array.isArray(body.subcategories)) {
    throw new ApiRequestError('Bad response from server', res.status, 'The server did not return a benchmark standing');
  }
  return body;
}
