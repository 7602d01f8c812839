/** Client of the progress and leaderboard reads (src/server/statsRoutes.ts; answers typed in
 * src/contracts/stats.ts). Errors reject as `getJson` does (the server's `{error}` message). */
import type { DrillHistoryDto, LeaderboardDto, ProgressDto } from '../contracts/stats';
import { getJson, type FetchFn } from './api';
import { WEAKNESS_DEFAULT_RUNS, type WeaknessMap } from '../contracts/analysis';

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

/** `GET /api/v1/analysis/weakness?runs=N` (issue 37 item 4: the weakness map of the player's
 * last N analysed runs, src/server/analysisRoutes.ts). */
export function fetchWeaknessMap(fetchFn: FetchFn, runs = WEAKNESS_DEFAULT_RUNS): Promise<WeaknessMap> {
  return getJson<WeaknessMap>(fetchFn, `/api/v1/analysis/weakness?runs=${runs}`);
}
