/**
 * The run read of the drill summary (issue 15): a stored run's RunSummary plus what the summary
 * shows around it, all computed here from stored data:
 * - `previous_best` (the player's best before this run), `leaderboard_rank` / `leaderboard_size`
 *   / `leaderboard_percentile` / `leaderboard_listed` (src/server/leaderboard.ts: the one set of
 *   rules; a guest is never listed, their rank is where their best would place), the drill's
 *   `objective` text and `tiers`;
 * - the premium metrics (spec section 3: full shot time, path efficiency, initial direction,
 *   mouse speed; with them the late-shot pair) ONLY for a viewer whose user row has
 *   premium = 1; for anyone else they are left out and `premium_locked: true` is sent. The
 *   SERVER decides; reaction time is for everyone.
 * - insight (issue 15 item 5): Fitts' throughput, the shot map with its bias and spread, the
 *   input health with its verdict (src/metrics/insight.ts, inputHealth.ts);
 * - issue 37 item 1: for a run with the server's own analysis (`run_analyses`, from the verified
 *   replay) the throughput, shot map, full shot time and `analysis` (flick anatomy, Fitts,
 *   tracking, cells) are the server's (`analysis_source: 'server'`); the client's
 *   shot_offsets / fitts_segments / bulletData are read only for a run without one (not
 *   verified, or stored before migration 0014; `analysis_source: 'client'`). A run ranked since
 *   then always has one (ranking needs a verified replay).
 * full_shot_time (ms) = mean `target_age_ms` of the hitting shots of bulletData (the time from
 * the target's spawn to the shot that hit it: reaction + movement + click).
 */
import type { Kysely } from 'kysely';
import type { RunSummary } from '../contracts/performance';
import type { PrimaryMetric } from '../contracts/constants';
import type { GameConfigResponse } from '../contracts/gameConfig';
import { parseDrillConfig } from '../drill/parseDrillConfig';
import { fittsThroughput, shotBias, type FittsSegment, type ShotOffset } from '../metrics/insight';
import { inputHealthVerdict, type InputHealth } from '../metrics/inputHealth';
import type { DB } from './db';
import { findDrill } from './drills';
import { bestScore } from './runs';
import { leaderboardStanding } from './leaderboard';
import { gateFigures, shotMapOf } from '../analysis/summary';
import type { StoredRunAnalysis } from '../contracts/analysis';

/** The server's stored analysis of run `performanceId` (migration 0015_run_analyses), or null
 * when it has none (not verified, or stored before the analysis existed) or it does not parse. */
export async function loadRunAnalysis(db: Kysely<DB>, performanceId: number): Promise<StoredRunAnalysis | null> {
  const row = await db.selectFrom('run_analyses').select('analysis').where('performance_id', '=', performanceId).executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.analysis) as StoredRunAnalysis;
  } catch {
    return null;
  }
}

/** Who reads the run (session.ts SessionUser). */
export interface Viewer {
  id: number;
  premium: boolean;
  /** the account's name; null or absent for a guest (never on a board) */
  username?: string | null;
}

/** The premium metrics' names in the RunSummary (left out for a non-premium viewer). */
export const PREMIUM_METRICS = [
  'full_shot_time', 'mouse_travel_efficiency', 'initial_move_angle', 'mouse_pixel_speed', 'prct_late_shots', 'av_late_shot_time',
] as const;

/** Most shot-map points sent (the bias and spread use every shot). */
export const SHOT_MAP_MAX_POINTS = 600;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const round2 = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);

/** Mean `target_age_ms` of the hitting records of a stored bulletData (JSON text); null when none. */
export function fullShotTime(bulletDataJson: string): number | null {
  let list: unknown;
  try {
    list = JSON.parse(bulletDataJson);
  } catch {
    return null;
  }
  if (!Array.isArray(list)) return null;
  let sum = 0, n = 0;
  for (const b of list as { hit?: unknown; target_age_ms?: unknown }[]) {
    const age = num(b?.target_age_ms);
    if (b?.hit === true && age !== null) { sum += age; n++; }
  }
  return n > 0 ? sum / n : null;
}

/** The drill's objective tiers (DrillConfig.tiers; [] when the stored drill does not parse). */
function tiersOf(fields: Record<string, unknown>): number[] {
  try {
    return parseDrillConfig(fields as unknown as GameConfigResponse).tiers;
  } catch {
    return [];
  }
}

/** Adds the summary's extras to `summary` (a RunSummary of `viewer`'s own run), see the module
 * comment. */
export async function enrichRunSummary(db: Kysely<DB>, summary: RunSummary, viewer: Viewer): Promise<RunSummary & { objective?: string }> {
  const metric = summary.primary_metric as PrimaryMetric;
  const row = await db
    .selectFrom('performances')
    .select(['game_data', 'bullet_data'])
    .where('id', '=', summary.id)
    .executeTakeFirst();
  const gd = (() => {
    try {
      return JSON.parse(row?.game_data ?? '{}') as Record<string, unknown>;
    } catch {
      return {};
    }
  })();
  const drill = await findDrill(db, summary.game_id);
  const previous = await bestScore(db, viewer.id, summary.game_id, metric, summary.id - 1);
  const bestNow = await bestScore(db, viewer.id, summary.game_id, metric);
  const standing = await leaderboardStanding(db, summary.game_id, metric, bestNow, viewer.username != null);

  const out: RunSummary & { objective?: string } = {
    ...summary,
    previous_best: previous,
    leaderboard_rank: standing.rank,
    leaderboard_size: standing.size,
    leaderboard_percentile: standing.percentile,
    leaderboard_listed: standing.listed,
    tiers: drill ? tiersOf(drill.fields) : [],
    ...(drill && typeof drill.fields.objective === 'string' ? { objective: drill.fields.objective } : {}),
  };
  // issue 37 item 1: the server's own analysis of the verified replay when there is one (every
  // run ranked since migration 0014: ranking needs a verified replay, which is analysed); the
  // client's shot_offsets / fitts_segments / bulletData only for a run without one (unverified,
  // or stored before the analysis), marked 'client'
  const stored = await loadRunAnalysis(db, summary.id);
  if (viewer.premium) {
    out.full_shot_time = stored ? stored.figures.full_shot_time : round2(fullShotTime(row?.bullet_data ?? '[]'));
    out.mouse_travel_efficiency = num(gd.mouse_travel_efficiency);
    out.initial_move_angle = num(gd.initial_move_angle);
    out.mouse_pixel_speed = num(gd.mouse_pixel_speed);
    out.prct_late_shots = num(gd.prct_late_shots);
    out.av_late_shot_time = num(gd.av_late_shot_time);
  } else {
    out.premium_locked = true;
  }
  if (stored) {
    out.analysis_source = 'server';
    out.analysis = gateFigures(stored.figures, viewer.premium);
    out.throughput = stored.figures.fitts.throughput;
    out.shot_map = shotMapOf(stored.shots, SHOT_MAP_MAX_POINTS);
  } else {
    out.analysis_source = 'client';
    out.analysis = null;
    const segments = Array.isArray(gd.fitts_segments) ? (gd.fitts_segments as FittsSegment[]) : [];
    out.throughput = round2(fittsThroughput(segments));
    const offsets = Array.isArray(gd.shot_offsets) ? (gd.shot_offsets as ShotOffset[]) : [];
    const bias = shotBias(offsets);
    out.shot_map = bias
      ? {
        points: offsets.slice(0, SHOT_MAP_MAX_POINTS).map(([x, y]) => [x, y]),
        n: bias.n,
        bias_x: round2(bias.bias_x) as number,
        bias_y: round2(bias.bias_y) as number,
        sd_x: round2(bias.sd_x) as number,
        sd_y: round2(bias.sd_y) as number,
        spread: round2(bias.spread) as number,
      }
      : null;
  }
  const h = gd.input_health as InputHealth | undefined;
  out.input_health = h && typeof h === 'object' ? { ...h, issues: inputHealthVerdict(h) } : null;
  return out;
}
