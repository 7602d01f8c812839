/**
 * Answers of the progress and leaderboard reads (issue 15; src/server/statsRoutes.ts serves
 * them, src/net/statsApi.ts reads them). Scores are in the drill's primary metric's unit
 * (targets, %, ms); times ISO strings; durations ms.
 */

/** One row of a leaderboard: a player's best RANKED run (src/server/leaderboard.ts). */
export interface LeaderboardEntryDto {
  /** 1 + the number of players with a strictly better best (equal bests share a rank) */
  rank: number;
  user_id: number;
  /** the account's username */
  player: string;
  score: number;
  /** the player's earliest run with that score (it orders equal bests: earlier first) */
  run_id: number;
  created_at: string;
  accuracy: number;
  /** true on the reader's own row only (issue 38) */
  is_me: boolean;
}

/** `GET /api/v1/leaderboard/:drillId?limit=&offset=` or `?limit=&around=me` (the window around
 * the reader; `offset` is then the window's first row). */
export interface LeaderboardDto {
  drill_id: number;
  drill_name: string;
  primary_metric: string;
  lower_is_better: boolean;
  /** players on the board */
  total: number;
  limit: number;
  offset: number;
  entries: LeaderboardEntryDto[];
  /** the reader's own place (null without a session): their best, its rank (for a guest: where
   * it WOULD place; only accounts are listed), the % of the other listed players it beats, and
   * whether the reader is on the board */
  me: { rank: number | null; best: number | null; percentile: number | null; listed: boolean } | null;
}

/** One run in a history. */
export interface RunPointDto {
  id: number;
  score: number;
  created_at: string;
  ranked?: boolean;
}

/** `GET /api/v1/progress/:drillId`: the player's runs of one drill, oldest first. */
export interface DrillHistoryDto {
  drill_id: number;
  drill_name: string;
  primary_metric: string;
  lower_is_better: boolean;
  /** the player's best (ranked runs, the leaderboard's rules) */
  best: number | null;
  runs: RunPointDto[];
}

/** One drill of `GET /api/v1/progress`. */
export interface DrillProgressDto {
  drill_id: number;
  drill_name: string;
  primary_metric: string;
  lower_is_better: boolean;
  runs: number;
  /** runs x the drill's duration, ms */
  time_ms: number;
  best: number | null;
  last_score: number;
  last_played: string;
  /** least-squares slope of the last 20 scores, score units per run (src/metrics/insight.ts trendSlope) */
  trend: number;
  /** the last 50 runs, oldest first */
  scores: RunPointDto[];
}

/** `GET /api/v1/progress`: every drill the player played, most recent first. */
export interface ProgressDto {
  total_runs: number;
  /** sum over runs of the drill's duration, ms */
  total_time_ms: number;
  drills: DrillProgressDto[];
  /** the last 10 runs, newest first */
  recent: { id: number; drill_id: number; drill_name: string; primary_metric: string; score: number; passed: boolean; ranked: boolean; created_at: string }[];
}
