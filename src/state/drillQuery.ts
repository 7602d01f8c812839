/**
 * The game page's query (spec section 2): `id` is the drill id, digits only, default 134 when
 * absent; `source` is optional, and so is `context` (gameData.context, spec section 3: an
 * 'assessment' context judges the run by the benchmark objective, spec section 9); `preview=1`
 * (issue 17, the drill editor's preview) plays the editor's draft over drill `id`, unranked and
 * not stored; `playlist` (issue 36 item 4) names a playlist whose drills the page plays back to
 * back (then `id` is not read).
 */
import { DEFAULT_DRILL_ID } from '../contracts/constants';

/** A parsed game-page query: a valid drill id, or the rejected raw value. */
export type DrillQuery =
  | { ok: true; id: number; source: string | null; context: string | null; preview: boolean; playlist?: string | null }
  | { ok: false; raw: string; source: string | null; context: string | null };

/** Parses a `location.search` string ('?id=134&source=drills'). */
export function parseDrillQuery(search: string): DrillQuery {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const source = params.get('source') || null;
  const context = params.get('context') || null;
  const raw = params.get('id');
  const preview = params.get('preview') === '1';
  const playlist = params.get('playlist') || null;
  if (playlist !== null) return { ok: true, id: DEFAULT_DRILL_ID, source, context, preview: false, playlist };
  if (raw === null) return { ok: true, id: DEFAULT_DRILL_ID, source, context, preview };
  if (!/^\d+$/.test(raw)) return { ok: false, raw, source, context };
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) return { ok: false, raw, source, context };
  return { ok: true, id, source, context, preview };
}
