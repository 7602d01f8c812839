/**
 * The drill editor's calls (issue 17 item 4; the routes: src/server/customDrillRoutes.ts).
 * A refused save throws DrillSaveError with the server's `{ field, reason }` list.
 */
import { ApiRequestError, getJson, type FetchFn } from './api';
import type { DrillDocumentAnswer, DrillFieldError, DrillSaved, MyDrill } from '../drill/customDrill';

export type { DrillDocumentAnswer, DrillSaved, MyDrill };

/** A save the server refused: `status` (400, 401, 403, 409, 413, 429 ...), its message and,
 * for a refused document, every `{ field, reason }`. */
export class DrillSaveError extends ApiRequestError {
  readonly errors: DrillFieldError[];
  constructor(status: number, message: string | null, errors: DrillFieldError[]) {
    super(message ?? `HTTP ${status}`, status, message);
    this.name = 'DrillSaveError';
    this.errors = errors;
  }
}

/** The stored document of drill `id` (throws ApiRequestError: 404 unknown drill). */
export function fetchDrillDocument(fetchFn: FetchFn, id: number): Promise<DrillDocumentAnswer> {
  return getJson<DrillDocumentAnswer>(fetchFn, `/api/v1/drills/${id}/document`);
}

/** The reader's drills, newest first (none without an account). */
export async function fetchMyDrills(fetchFn: FetchFn): Promise<MyDrill[]> {
  const body = await getJson<{ drills?: MyDrill[] }>(fetchFn, '/api/v1/drills/mine');
  return Array.isArray(body?.drills) ? body.drills : [];
}

/**
 * Saves `doc`: as a new drill (`POST /api/v1/drills`), or over the reader's drill `id`
 * (`PUT /api/v1/drills/:id`). Throws DrillSaveError for a refusal (with the field errors of a
 * 400; a 401 'Not Logged In' is NOT sent to /login here: the editor keeps the draft and offers
 * the login link), ApiRequestError (status 0) for a network failure.
 */
export async function saveDrill(fetchFn: FetchFn, doc: Record<string, unknown>, id?: number): Promise<DrillSaved> {
  const res = await fetchFn(id === undefined ? '/api/v1/drills' : `/api/v1/drills/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(doc),
  }).catch((e: unknown) => {
    throw new ApiRequestError('Network error', 0, e instanceof Error ? e.message : String(e));
  });
  const body = (await res.json().catch(() => null)) as (Partial<DrillSaved> & { error?: string; errors?: DrillFieldError[] }) | null;
  if (!res.ok || !body || typeof body.id !== 'number') {
    throw new DrillSaveError(res.status, body?.error ?? null, Array.isArray(body?.errors) ? body.errors : []);
  }
  return body as DrillSaved;
}
