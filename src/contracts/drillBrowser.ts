/**
 * The drill browser (issue 36 item 2): the query of `GET /api/v1/drills` (search, filters,
 * sort, source), the answer's items, and the community-drill writes (publish, unpublish,
 * report). One definition for the server (src/server/apiRoutes.ts, src/server/communityDrills.ts)
 * and the client (src/ui/DrillList.tsx keeps the same query in the page's URL, so a filtered
 * list is a shareable link: `/drills?q=grid&family=precision&sort=newest`).
 */
import { DRILL_DIFFICULTIES, DRILL_FAMILIES, ROOM_STYLES, type DrillDifficulty, type DrillFamily, type RoomStyle } from './drillSchema';

/** Sort orders: `popular` = most distinct players first, then most plays (every stored run of
 * the drill counts, guests' too), then id; `newest` = most recently added first (player-made
 * drills by when they were saved, then catalogue drills by id, highest first); `id` = by id. */
export const DRILL_SORTS = ['popular', 'newest', 'id'] as const;
export type DrillSort = (typeof DRILL_SORTS)[number];

/** Duration buckets of the filter, by the drill's `duration` (ms): short <= 30 s, medium
 * 31-59 s, long >= 60 s. */
export const DURATION_BUCKETS = {
  short: { minMs: 0, maxMs: 30_000 },
  medium: { minMs: 30_001, maxMs: 59_999 },
  long: { minMs: 60_000, maxMs: Number.MAX_SAFE_INTEGER },
} as const;
export type DurationBucket = keyof typeof DURATION_BUCKETS;
export const DURATION_BUCKET_NAMES = Object.keys(DURATION_BUCKETS) as DurationBucket[];

/** The weapon filter, by the drill's `weapon_automatic`: 'semi-auto' (one shot per click) or
 * 'automatic' (holding fire keeps firing). */
export const WEAPON_KINDS = ['semi-auto', 'automatic'] as const;
export type WeaponKind = (typeof WEAPON_KINDS)[number];

/** Which drills: the catalogue (drills/*.json), community drills (published player-made
 * drills, not hidden by reports), both, or `mine` (the reader's own player-made drills,
 * published or not; none without an account). */
export const DRILL_SOURCES = ['catalogue', 'community', 'all', 'mine'] as const;
export type DrillSource = (typeof DRILL_SOURCES)[number];

/** Longest search text (characters). */
export const MAX_SEARCH_LENGTH = 64;

/** A published drill is hidden from the browser once this many distinct accounts reported it,
 * until an operator restores it (`npm run admin -- restore-drill <id>`, scripts/admin.ts). */
export const REPORTS_TO_HIDE = 3;

/** Longest report reason (characters). */
export const MAX_REPORT_REASON = 200;

/** A parsed drill query. Absent filters are undefined. */
export interface DrillQuery {
  /** case-insensitive substring of the drill's name */
  q?: string;
  family?: DrillFamily;
  difficulty?: DrillDifficulty;
  duration?: DurationBucket;
  weapon?: WeaponKind;
  room?: RoomStyle;
  sort: DrillSort;
  source: DrillSource;
}

/** The query keys, in URL order. */
export const DRILL_QUERY_KEYS = ['q', 'family', 'difficulty', 'duration', 'weapon', 'room', 'sort', 'source'] as const;

/** The API's defaults (`GET /api/v1/drills` with no query: the catalogue by id, as before). */
export const API_DEFAULT_QUERY: DrillQuery = { sort: 'id', source: 'catalogue' };

/** The browser page's defaults (`/drills` with no query: every drill, most popular first). */
export const PAGE_DEFAULT_QUERY: DrillQuery = { sort: 'popular', source: 'all' };

const ENUMS: Record<string, readonly string[]> = {
  family: DRILL_FAMILIES,
  difficulty: DRILL_DIFFICULTIES,
  duration: DURATION_BUCKET_NAMES,
  weapon: WEAPON_KINDS,
  room: ROOM_STYLES,
  sort: DRILL_SORTS,
  source: DRILL_SOURCES,
};

/**
 * Parses a drill query from URL parameters (`URLSearchParams`, or Fastify's query object of
 * strings). Empty values are absent; `q` is trimmed. Unknown keys, a repeated key, a value not
 * in its list or a search over MAX_SEARCH_LENGTH give `{ ok: false, error }` naming the key and
 * what it accepts. `defaults` fills sort and source (API_DEFAULT_QUERY or PAGE_DEFAULT_QUERY).
 */
export function parseDrillQuery(
  params: URLSearchParams | Record<string, unknown>, defaults: DrillQuery = API_DEFAULT_QUERY,
): { ok: true; query: DrillQuery } | { ok: false; error: string } {
  const entries: [string, unknown][] = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  const query: DrillQuery = { ...defaults };
  const seen = new Set<string>();
  for (const [key, raw] of entries) {
    if (!(DRILL_QUERY_KEYS as readonly string[]).includes(key)) return { ok: false, error: `Unknown query parameter '${key}'.` };
    if (seen.has(key) || typeof raw !== 'string') return { ok: false, error: `Give '${key}' once.` };
    seen.add(key);
    const value = raw.trim();
    if (value === '') continue;
    if (key === 'q') {
      if (value.length > MAX_SEARCH_LENGTH) return { ok: false, error: `q must be at most ${MAX_SEARCH_LENGTH} characters.` };
      query.q = value;
      continue;
    }
    const allowed = ENUMS[key];
    if (!allowed.includes(value)) return { ok: false, error: `${key} must be one of ${allowed.join(', ')}.` };
    (query as unknown as Record<string, string>)[key] = value;
  }
  return { ok: true, query };
}

/** The query as URL parameters, in DRILL_QUERY_KEYS order, leaving out what equals `defaults`
 * (so the page's plain `/drills` stays plain). `'' ` when nothing is left; else `?a=b&...`. */
export function drillQueryString(query: DrillQuery, defaults: DrillQuery = API_DEFAULT_QUERY): string {
  const p = new URLSearchParams();
  for (const key of DRILL_QUERY_KEYS) {
    const v = query[key];
    if (v === undefined || v === '' || v === defaults[key]) continue;
    p.set(key, v);
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** One drill of `GET /api/v1/drills` (the browser's card). */
export interface DrillBrowserItem {
  id: number;
  name: string;
  category: string;
  objective: string;
  game_type_description: string;
  /** ms; null when the drill has none */
  duration: number | null;
  family: DrillFamily | null;
  difficulty: DrillDifficulty | null;
  room: string | null;
  weapon: WeaponKind;
  primary_metric: string;
  /** the reader's best ranked score (null: none, or no session) */
  best_score: number | null;
  /** the reader's place on the drill's leaderboard (a guest: where their best would place;
   * src/server/leaderboard.ts) */
  leaderboard_rank: number | null;
  /** stored runs of the drill (everyone's) */
  plays: number;
  /** distinct players with a stored run */
  players: number;
  /** 'catalogue' or 'community' (a player-made drill) */
  source: 'catalogue' | 'community';
  /** the author's username (community drills; null for the catalogue) */
  author: string | null;
  /** when a player-made drill was saved (ISO), null for the catalogue */
  created_at: string | null;
  /** when it was published (ISO); null = not published (the catalogue, or a drill of `mine`) */
  published_at: string | null;
  /** whether reports hid it (only ever true in `mine`) */
  hidden: boolean;
  /** whether the reader made it */
  mine: boolean;
  /** whether the reader has reported it */
  reported: boolean;
}

/** `POST /api/v1/drills/:id/publish` and `/unpublish` answer. */
export interface PublishAnswer {
  id: number;
  published_at: string | null;
  hidden: boolean;
}

/** `POST /api/v1/drills/:id/report` body: an optional reason. */
export const reportBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: MAX_REPORT_REASON } },
} as const;

/** `POST /api/v1/drills/:id/report` answer: the drill's report count and whether it is now
 * hidden (REPORTS_TO_HIDE). */
export interface ReportAnswer {
  id: number;
  reports: number;
  hidden: boolean;
}
