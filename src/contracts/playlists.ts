/**
 * Built-in playlists (issue 36 item 4, first part): drills played one after another. The data
 * and the answers of `GET /api/v1/playlists` and `GET /api/v1/playlists/{id}`
 * (src/server/playlistRoutes.ts). Every drill id is a catalogue drill (drills/<id>.json; a test
 * checks it).
 */

/** A built-in playlist: its id, name, one-line description and catalogue drill ids in play
 * order. */
export interface BuiltinPlaylist {
  id: string;
  name: string;
  description: string;
  drills: number[];
}

/** The built-in playlists with a fixed list. The warm-up is ten 60-second drills (10 minutes
 * of play, the ones of the three categories that start easy); the category playlists are the
 * benchmark season's drills of that category (src/contracts/benchmarks.ts SEASON_1). */
export const FIXED_PLAYLISTS: readonly BuiltinPlaylist[] = [
  { id: 'warm-up', name: 'Warm-up (10 minutes)', description: 'Ten one-minute drills across clicking, tracking and switching, easiest first.', drills: [134, 139, 136, 156, 143, 146, 160, 150, 147, 157] },
  { id: 'clicking', name: 'Clicking', description: 'Static, flicking and precision clicking.', drills: [134, 136, 137, 151, 135, 155] },
  { id: 'tracking', name: 'Tracking', description: 'Smooth, strafing and reactive tracking.', drills: [143, 161, 144, 145, 146, 162] },
  { id: 'switching', name: 'Switching', description: 'Speed, evasive and stability target switching.', drills: [147, 150, 148, 159, 149, 157] },
  // issue 36 item 6, "Where to start": one benchmark drill per category (the first of each in
  // SEASON_1); its summary recommends the playlist of the weakest (src/contracts/whereToStart.ts)
  { id: 'assessment', name: 'Assessment (3 drills)', description: 'One clicking, one tracking and one switching drill: finds where to start.', drills: [134, 143, 147] },
];

/** Drills in the daily playlist. */
export const DAILY_LENGTH = 5;

/** The daily playlist's id prefix: `daily-YYYY-MM-DD` names one day's (UTC); `daily` today's. */
export const DAILY_PREFIX = 'daily';

/** A playlist drill as `GET /api/v1/playlists/{id}` lists it. */
export interface PlaylistDrill {
  id: number;
  name: string;
  /** ms; null when the drill has none */
  duration: number | null;
}

/** `GET /api/v1/playlists` item and `GET /api/v1/playlists/{id}` answer. */
export interface PlaylistAnswer {
  id: string;
  name: string;
  description: string;
  /** a built-in playlist (true) or an account's (false) */
  builtin: boolean;
  /** an account's playlist: its owner's username; absent for a built-in */
  owner?: string;
  /** an account's playlist of the reader's own account (it may edit and delete it) */
  mine?: boolean;
  drills: PlaylistDrill[];
  /** sum of the drills' durations (ms) */
  duration_ms: number;
}

/** `daily-YYYY-MM-DD` of a UTC date. */
export function dailyId(date: Date): string {
  return `${DAILY_PREFIX}-${date.toISOString().slice(0, 10)}`;
}

/** The day of a `daily-YYYY-MM-DD` id ('YYYY-MM-DD'), or null when `id` is not one (or names
 * no real date). */
export function dailyDay(id: string): string | null {
  const m = /^daily-(\d{4}-\d{2}-\d{2})$/.exec(id);
  if (!m) return null;
  const d = new Date(`${m[1]}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== m[1] ? null : m[1];
}

/** The game page's query parameter naming a playlist (`/?playlist=<id>`): the page plays its
 * drills back to back in place (src/state/listeners/playlist.ts). */
export const PLAYLIST_PARAM = 'playlist';

/** The game page's path of playlist `id` (`/?playlist=<id>`, the id URI-encoded). */
export function playlistPath(id: string): string {
  return `/?${PLAYLIST_PARAM}=${encodeURIComponent(id)}`;
}

/** One played drill of a playlist (declared with the host messages, which import nothing). */
export type { PlaylistRunResult } from './hostMessages';

/** An account playlist's id: `p-` and 10 lower-case letters or digits (the share link's). */
export const PLAYLIST_ID_PATTERN = /^p-[a-z0-9]{10}$/;

/** Most drills in an account's playlist. */
export const PLAYLIST_MAX_DRILLS = 30;

/** `POST /api/v1/playlists` and `PUT /api/v1/playlists/{id}` body: an account's playlist. */
export interface PlaylistBody {
  /** 1-64 characters */
  name: string;
  /** at most 300 characters; default '' */
  description?: string;
  /** 1-PLAYLIST_MAX_DRILLS drill ids in play order (catalogue drills, the account's own, or
   * published community drills); a drill may repeat */
  drills: number[];
}

/** The JSON schema of PlaylistBody (the server checks every body with it). */
export const playlistBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'drills'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 64 },
    description: { type: 'string', maxLength: 300 },
    drills: { type: 'array', minItems: 1, maxItems: PLAYLIST_MAX_DRILLS, items: { type: 'integer', minimum: 1 } },
  },
} as const;
