/**
 * The game page's query (spec section 2): `id` is the drill id, digits only, default 134 when
 * absent; `source` is optional; `preview=1` (issue 17, the drill editor's preview) plays the
 * editor's draft over drill `id`, unranked and not stored.
 */
import { DEFAULT_DRILL_ID } from '../contracts/constants';

/** A parsed game-page query: a valid drill id, or the rejected raw value. */
export type DrillQuery =
  | { ok: true; id: number; source: string | null; preview: boolean }
  | { ok: false; raw: string; source: string | null };

/** Parses a `location.search` string ('?id=134&source=drills'). */
export function parseDrillQuery(search: string): DrillQuery {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const source = params.get('source') || null;
  const raw = params.get('id');
  const preview = params.get('preview') === '1';
  if (raw === null) return { ok: true, id: DEFAULT_DRILL_ID, source, preview };
  if (!/^\d+$/.test(raw)) return { ok: false, raw, source };
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) return { ok: false, raw, source };
  return { ok: true, id, source, preview };
}
