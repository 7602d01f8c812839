/**
 * The game page's query (spec section 2): `id` is the drill id, digits only, default 134 when
 * absent; `source` is optional, and so is `context` (gameData.context, spec section 3: an
 * 'assessment' context judges the run by the benchmark objective, spec section 9); `preview=1`
 * (issue 17, the drill editor's preview) plays the editor's draft over drill `id`, unranked and
 * not stored; `playlist` (issue 36 item 4) names a playlist whose drills the page plays back to
 * back (then `id` is not read).
 */
import { DEFAULT_DRILL_ID } from '../contracts/constants';

/** A sensitivity finder session asked for by the query (issue 37 item 6): `finder=<seed>`
 * (uint32), `cm=<centre cm/360>` (cm, > 0), `dpi=<counts per inch>` (> 0), optional `levels`
 * (3-15) and `repeats` (1-10); see src/state/finder/finderSlice.ts. */
export interface FinderQuery {
  seed: number;
  centreCm360: number;
  dpi: number;
  levels?: number;
  repeats?: number;
}

/** A parsed game-page query: a valid drill id, or the rejected raw value. */
export type DrillQuery =
  | { ok: true; id: number; source: string | null; context: string | null; preview: boolean; playlist?: string | null; finder?: FinderQuery | null }
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
  const finder = preview ? null : parseFinderQuery(params);
  return finder ? { ok: true, id, source, context, preview, finder } : { ok: true, id, source, context, preview };
}

/** The finder part of a game-page query, or null when `finder` is absent or any of its
 * numbers is malformed (then the drill plays as usual). */
export function parseFinderQuery(params: URLSearchParams): FinderQuery | null {
  const seed = params.get('finder');
  if (seed === null || !/^\d{1,10}$/.test(seed) || Number(seed) > 0xffffffff) return null;
  const cm = Number(params.get('cm'));
  const dpi = Number(params.get('dpi'));
  if (!(Number.isFinite(cm) && cm > 0 && Number.isFinite(dpi) && dpi > 0)) return null;
  const int = (k: string, lo: number, hi: number): number | undefined | null => {
    const v = params.get(k);
    if (v === null) return undefined;
    const n = Number(v);
    return Number.isInteger(n) && n >= lo && n <= hi ? n : null;
  };
  const levels = int('levels', 3, 15);
  const repeats = int('repeats', 1, 10);
  if (levels === null || repeats === null) return null;
  return { seed: Number(seed), centreCm360: cm, dpi, ...(levels !== undefined ? { levels } : {}), ...(repeats !== undefined ? { repeats } : {}) };
}
