/** Client of the progress and leaderboard reads (src/server/statsRoutes.ts; answers typed in
 * src/contracts/stats.ts). Errors reject as `getJson` does (the server's `{error}` message). */
import type { DrillHistoryDto, LeaderboardDto, ProgressDto } from '../contracts/stats';
import { getJson, type FetchFn } from './api';

/** `GET /api/v1/progress`. */
export function fetchProgress(fetchFn: FetchFn): Promise<ProgressDto> {
  return getJson<ProgressDto>(fetchFn, '/api/v1/progress');
}

/** `GET /api/v1/progress/:drillId` (the player's runs of the drill, oldest first). */
export function fetchDrillHistory(fetchFn: FetchFn, drillId: number): Promise<DrillHistoryDto> {
  return getJson<DrillHistoryDto>(fetchFn, `/api/v1/progress/${drillId}`);
}

/** `GET /api/v1/leaderboard/:drillId?limit=&offset=`, or with `around` true
 * `?limit=&around=me` (the window of `limit` rows around the reader; the answer's `offset` says
 * where it starts). */
export function fetchLeaderboard(fetchFn: FetchFn, drillId: number, limit = 20, offset = 0, around = false): Promise<LeaderboardDto> {
  const where = around ? 'around=me' : `offset=${offset}`;
  return getJson<LeaderboardDto>(fetchFn, `/api/v1/leaderboard/${drillId}?limit=${limit}&${where}`);
}
