/**
 * Submitted runs (`performances` rows): decoding and checking a submission, scoring it by the
 * drill's primary metric, storing it atomically, best scores, and the RunSummary answer.
 */
import type { Kysely, Transaction } from 'kysely';
import type { PerformanceSubmission, RunSummary } from '../contracts/performance';
import type { PrimaryMetric } from '../contracts/constants';
import type { GameConfigResponse } from '../contracts/gameConfig';
import type { DrillConfig } from '../contracts/drillConfig';
import { betterScore, lowerIsBetter, scoreFor } from '../metrics/objective';
import { objectiveFor, passedApplied, type AppliedObjective, type ObjectiveDrill, type ObjectiveKind } from '../metrics/objectiveBySource';
import { compareSettingsWithDrill, type SettingsDifference } from '../metrics/settingsCompare';
import { parseDrillConfig } from '../drill/parseDrillConfig';
import { nowIso, PreparedQuery, type DB } from './db';
import { primaryMetricOf, thresholdOf, type StoredDrill } from './drills';
import { consumeTicket } from './tickets';
import { recordIdempotentAnswer } from './idempotency';

/** A client error of a submission: HTTP status and the `{ error }` message. */
export class SubmissionError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Decodes `gameData.targets_destroyed`: canonical base64 of a decimal count (what
 * `btoa(String(n))` gives). Returns the count (0 .. 999999999), or null for anything else
 * (bad base64, non-canonical encoding, empty, not all digits).
 */
export function decodeTargetsDestroyed(encoded: string): number | null {
  if (typeof encoded !== 'string' || encoded.length === 0) return null;
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.toString('base64') !== encoded) return null;
  const text = bytes.toString('latin1');
  if (!/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

/** A submission that passed every check, scored; what gets stored. */
export interface CheckedRun {
  targets_destroyed: number;
  metric: PrimaryMetric;
  /** the applied objective's threshold (`objective.threshold`) */
  threshold: number | null;
  score: number;
  /** whether the score meets the applied objective (`passedApplied`) */
  passed: boolean;
  /** the objective that applies (issue 19 item 3, by gameData.source / context); for
   * 'best-score' the threshold is the best before the run, which `storeRun` reads again in its
   * transaction (`judgeRun`) */
  objective: AppliedObjective;
  /** what `objectiveFor` needs of the drill, kept for `judgeRun` */
  objectiveDrill: ObjectiveDrill;
  /** issue 19 item 4: gameData.settings_start compared with the server's drill */
  settingsDifferences: SettingsDifference[];
}

/** The server's DrillConfig of a stored drill (parseDrillConfig of its fields); null when they
 * do not parse. */
export function parsedDrillOf(drill: StoredDrill): DrillConfig | null {
  try {
    return parseDrillConfig(drill.fields as unknown as GameConfigResponse);
  } catch {
    return null;
  }
}

/** What `objectiveFor` needs of a stored drill: its objective text, primary metric, the
 * threshold of that metric and its tiers (from its parsed config; [] when it does not parse). */
export function objectiveDrillOf(drill: StoredDrill, parsed: DrillConfig | null = parsedDrillOf(drill)): ObjectiveDrill {
  const metric = primaryMetricOf(drill);
  return {
    objective: typeof drill.fields.objective === 'string' ? drill.fields.objective : '',
    primaryMetric: metric,
    thresholds: { [metric]: thresholdOf(drill, metric) },
    tiers: parsed ? parsed.tiers : [],
  };
}

/**
 * The run's objective, threshold and pass with `previousBest` (the player's best before it):
 * `objectiveFor` by the run's gameData.source / context, `passedApplied` of its score and kills.
 */
export function judgeRun(run: CheckedRun, source: string | null | undefined, context: string | null | undefined, previousBest: number | null): CheckedRun {
  const objective = objectiveFor(run.objectiveDrill, source, context, previousBest);
  return { ...run, objective, threshold: objective.threshold, passed: passedApplied(objective, run.score, run.targets_destroyed) };
}

/**
 * Checks a schema-valid submission against its drill and scores it.
 * Throws `SubmissionError(400)` when targets_destroyed does not decode or hits > shots.
 * Score = the value of the drill's primary metric (`scoreFor`). The objective is the one of
 * the run's gameData.source / context (src/metrics/objectiveBySource.ts: the drill's
 * `{metric}_score`, its top tier, or for 'best-score' the best before the run, taken as none
 * here: `storeRun` judges it again with the stored best); passed = `passedApplied`. The
 * settings differences are `compareSettingsWithDrill(gameData.settings_start, the server's
 * drill)` (the client's own view is not read).
 */
export function checkSubmission(body: PerformanceSubmission, drill: StoredDrill): CheckedRun {
  const gd = body.gameData;
  const kills = decodeTargetsDestroyed(gd.targets_destroyed);
  if (kills === null) {
    throw new SubmissionError(400, 'gameData.targets_destroyed must be the base64 encoding of a whole number.');
  }
  if (gd.hits > gd.shots) throw new SubmissionError(400, 'gameData.hits cannot be greater than gameData.shots.');
  const metric = primaryMetricOf(drill);
  const score = scoreFor(metric, {
    targets_destroyed: kills,
    accuracy: gd.accuracy,
    time_destroy: gd.time_destroy,
    crit_hit: gd.crit_hit,
  });
  const parsed = parsedDrillOf(drill);
  const objectiveDrill = objectiveDrillOf(drill, parsed);
  const settingsDifferences = parsed ? compareSettingsWithDrill(gd.settings_start, parsed) : [];
  const base = {
    targets_destroyed: kills, metric, score, objectiveDrill, settingsDifferences,
    threshold: null, passed: false, objective: objectiveFor(objectiveDrill, null, null, null),
  };
  return judgeRun(base, gd.source, gd.context, null);
}

/**
 * The player's best score on a drill by `metric` (via `betterScore`: highest, or lowest
 * positive for time_destroy), counting only RANKED runs (issue 14: `performances.ranked = 1`)
 * and only runs with id <= `upToRunId` when given. Null when the player has no ranked run of
 * that drill.
 */
export async function bestScore(
  db: Kysely<DB> | Transaction<DB>,
  userId: number,
  drillId: number,
  metric: PrimaryMetric,
  upToRunId?: number,
): Promise<number | null> {
  const [row] =
    upToRunId === undefined
      ? await BEST_SCORE.execute(db, userId, drillId)
      : await BEST_SCORE_UP_TO.execute(db, userId, drillId, upToRunId);
  return bestOfExtremes(metric, row);
}

/** The best score by `metric` from a `bestScoreQuery` row (its highest score and its lowest
 * positive one); null when there is none. */
export function bestOfExtremes(metric: PrimaryMetric, row: { hi?: unknown; lo_positive?: unknown } | undefined): number | null {
  const hi = row?.hi ?? null;
  const lo = row?.lo_positive ?? null;
  const toNum = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  // Both extremes are candidates; betterScore picks the right one for the metric's direction.
  return lowerIsBetter(metric) ? betterScore(metric, toNum(lo), toNum(hi)) : betterScore(metric, toNum(hi), toNum(lo));
}

/**
 * The extremes of the player's scores on a drill (runs up to `upToRunId` when given): one row
 * `{ hi, lo_positive }` (nulls when there is no run). The one definition of which runs count
 * for a best score: `bestScore` runs it, and the gameconfig read joins it into its player query
 * (src/server/playerSettings.ts `loadPlayerView`), so a change here applies to both.
 */
export function bestScoreQuery(db: Kysely<DB> | Transaction<DB>, userId: number, drillId: number, upToRunId?: number) {
  let q = db
    .selectFrom('performances')
    .select((eb) => [
      eb.fn.max('score').as('hi'),
      eb.fn.min(eb.case().when('score', '>', 0).then(eb.ref('score')).end()).as('lo_positive'),
    ])
    .where('user_id', '=', userId)
    .where('game_id', '=', drillId)
    .where('ranked', '=', 1);
  if (upToRunId !== undefined) q = q.where('id', '<=', upToRunId);
  return q;
}

/**
 * The extremes of the player's scores on every drill of `drillIds` in one query (issue 36: the
 * drill browser's cards): rows `{ game_id, hi, lo_positive }`, one per drill with a run, by the
 * same rules as `bestScoreQuery` (ranked runs only); `bestOfExtremes` of a row is the drill's
 * best.
 */
export async function bestScoresByDrill(db: Kysely<DB>, userId: number, drillIds: number[]): Promise<Map<number, { hi: unknown; lo_positive: unknown }>> {
  if (drillIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('performances')
    .select((eb) => [
      'game_id',
      eb.fn.max('score').as('hi'),
      eb.fn.min(eb.case().when('score', '>', 0).then(eb.ref('score')).end()).as('lo_positive'),
    ])
    .where('user_id', '=', userId)
    .where('game_id', 'in', drillIds)
    .where('ranked', '=', 1)
    .groupBy('game_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.game_id), { hi: r.hi, lo_positive: r.lo_positive }]));
}

/** The player's place on the drill's leaderboard: src/server/leaderboard.ts (issue 15: one
 * definition for the board, the drill list, the run read and gameconfig). */
export { leaderboardRank } from './leaderboard';

// compiled once per database (gameconfig reads it on every request): src/server/db.ts PreparedQuery
const BEST_SCORE = new PreparedQuery('bestScore', (db, userId: number, drillId: number) => bestScoreQuery(db, userId, drillId), [-9101, -9102], [-9201, -9202]);
const BEST_SCORE_UP_TO = new PreparedQuery(
  'bestScore up to a run',
  (db, userId: number, drillId: number, upTo: number) => bestScoreQuery(db, userId, drillId, upTo),
  [-9101, -9102, -9103],
  [-9201, -9202, -9203],
);

/** Columns of a `performances` row needed to build a RunSummary. */
type RunRow = Pick<
  DB['performances'],
  'game_id' | 'targets_destroyed' | 'hits' | 'shots' | 'accuracy' | 'time_destroy' | 'crit_hit' | 'damage'
  | 'input_type' | 'score' | 'passed' | 'game_data' | 'created_at'
> & {
  /** 1 = ranked (issue 14); absent reads as 0 */
  ranked?: number;
  /** issue 19: the objective kind and the settings differences (JSON text); absent/null for
   * older rows */
  objective_kind?: string | null;
  settings_differences?: string | null;
  id: number; primary_metric: string; threshold: number | null;
  /** from `performance_replays` (left join): the run's replay row id (null = no replay sent)
   * and its verified flag (1 / 0 / null) */
  replay_id?: number | null;
  verified?: number | null;
};

/** Builds the RunSummary (runSummarySchema) of a stored run. `verified` is present only when
 * the run carried a replay (true / false, null = could not be checked). */
export function runSummary(row: RunRow, drillName: string, best: number | null): RunSummary {
  let avReaction: number | null = null;
  let decoyHits: number | null = null;
  try {
    const gd = JSON.parse(row.game_data) as { av_reaction_time?: unknown; decoy_hits?: unknown };
    if (typeof gd.av_reaction_time === 'number') avReaction = gd.av_reaction_time;
    if (typeof gd.decoy_hits === 'number' && Number.isInteger(gd.decoy_hits) && gd.decoy_hits >= 0) decoyHits = gd.decoy_hits;
  } catch {
    avReaction = null;
  }
  return {
    id: row.id,
    game_id: row.game_id,
    drill_name: drillName,
    targets_destroyed: row.targets_destroyed,
    hits: row.hits,
    shots: row.shots,
    accuracy: row.accuracy,
    time_destroy: row.time_destroy,
    crit_hit: row.crit_hit,
    damage: row.damage,
    input_type: row.input_type,
    av_reaction_time: avReaction,
    ...(decoyHits !== null ? { decoy_hits: decoyHits } : {}),
    primary_metric: row.primary_metric,
    score: row.score,
    threshold: row.threshold === null ? null : Number(row.threshold),
    passed: row.passed === 1,
    best_score: best,
    created_at: row.created_at,
    ranked: Number(row.ranked ?? 0) === 1,
    ...(row.objective_kind ? { objective_kind: row.objective_kind as ObjectiveKind } : {}),
    ...(typeof row.settings_differences === 'string' ? { settings_differences: parseDifferences(row.settings_differences) } : {}),
    ...(row.replay_id !== undefined && row.replay_id !== null
      ? { verified: row.verified === null || row.verified === undefined ? null : Number(row.verified) === 1 }
      : {}),
  };
}

/** The stored settings differences (JSON text of SettingsDifference[]); [] when unreadable. */
function parseDifferences(text: string): SettingsDifference[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as SettingsDifference[]) : [];
  } catch {
    return [];
  }
}

/** The server's verdict on a submitted replay, as `storeRun` stores it (src/server/replay.ts
 * `verifyReplay` makes it). */
export interface StoredVerification {
  verified: boolean | null;
  engineVersion: string;
  /** JSON-able comparison detail */
  detail: unknown;
  /** the replay object as submitted */
  replay: unknown;
}

/** How a run counts (issue 14): its ticket, and whether it is ranked (and why not). */
export interface RunStanding {
  /** the run ticket it consumes (null: none was named) */
  runId: string | null;
  ranked: boolean;
  /** why it is not ranked (null when ranked) */
  unrankedReason: string | null;
  /** ISO time the ticket must still be valid at (the route's clock; default: now) */
  ticketCheckedAt?: string;
  /** issue 38 item 1: the run is held (not ranked) for human plausibility, with the reasons
   * (src/analysis/plausibility.ts); an operator reviews it (`npm run admin -- review`) */
  held?: { reason: 'plausibility'; reasons: Array<{ code: string; message: string }> };
}

/**
 * Stores a checked run for `userId` in ONE transaction (the row, its `performance_replays` row
 * when `verification` is given, the ticket consumed when `standing.runId` is set, then the best
 * score as of this run) and returns its RunSummary. When this resolves the rows are committed
 * (with SQLite `synchronous=FULL`, durable). Throws tickets.ts TicketConsumedError (409, the
 * transaction rolled back, nothing stored) when the ticket was used meanwhile.
 * With `idempotencyKey` the answer (201, the summary) is recorded under (userId, key) in the same
 * transaction; a key already taken rejects with the database's unique violation and stores
 * nothing (src/server/idempotency.ts).
 */
export async function storeRun(
  db: Kysely<DB>,
  userId: number,
  drill: StoredDrill,
  body: PerformanceSubmission,
  run: CheckedRun,
  verification?: StoredVerification,
  standing: RunStanding = { runId: null, ranked: false, unrankedReason: 'no run ticket' },
  idempotencyKey?: string,
): Promise<RunSummary> {
  const gd = body.gameData;
  return db.transaction().execute(async (trx) => {
    // issue 19 item 3: a best-score objective is judged against the best stored before this run
    if (run.objective.kind === 'best-score') {
      run = judgeRun(run, gd.source, gd.context, await bestScore(trx, userId, drill.id, run.metric));
    }
    const values = {
      user_id: userId,
      game_id: drill.id,
      targets_destroyed: run.targets_destroyed,
      hits: gd.hits,
      shots: gd.shots,
      accuracy: gd.accuracy,
      time_destroy: gd.time_destroy,
      crit_hit: gd.crit_hit,
      damage: gd.damage,
      input_type: gd.input_type,
      score: run.score,
      passed: run.passed ? 1 : 0,
      primary_metric: run.metric,
      threshold: run.threshold,
      game_data: JSON.stringify(gd),
      bullet_data: JSON.stringify(body.bulletData),
      created_at: nowIso(),
      run_id: standing.runId,
      ranked: standing.ranked ? 1 : 0,
      unranked_reason: standing.ranked ? null : standing.unrankedReason,
      objective_kind: run.objective.kind,
      settings_differences: JSON.stringify(run.settingsDifferences),
      ...(standing.held ? { held: standing.held.reason, held_reasons: JSON.stringify(standing.held.reasons) } : {}),
    };
    const { id } = await trx.insertInto('performances').values(values).returning(['id']).executeTakeFirstOrThrow();
    if (standing.runId !== null) await consumeTicket(trx, standing.runId, id, standing.ticketCheckedAt ?? values.created_at);
    let replayCols: { replay_id?: number; verified?: number | null } = {};
    if (verification) {
      const verified = verification.verified === null ? null : verification.verified ? 1 : 0;
      await trx.insertInto('performance_replays').values({
        performance_id: id,
        verified,
        engine_version: verification.engineVersion,
        detail: JSON.stringify(verification.detail ?? null),
        replay: JSON.stringify(verification.replay ?? null),
        created_at: values.created_at,
      }).execute();
      replayCols = { replay_id: id, verified };
    }
    const best = await bestScore(trx, userId, drill.id, run.metric, id);
    const summary = runSummary({ ...values, id, ...replayCols }, String(drill.fields.name ?? ''), best);
    // exactly once: the key row commits with the run or neither does (src/server/idempotency.ts)
    if (idempotencyKey !== undefined) await recordIdempotentAnswer(trx, userId, idempotencyKey, id, 201, summary);
    return summary;
  });
}

/**
 * Reads the RunSummary of run `runId` if it belongs to `userId` (null otherwise: unknown or
 * another player's). `best_score` is the player's best on that drill as of that run.
 */
export async function loadRunSummary(db: Kysely<DB>, userId: number, runId: number): Promise<RunSummary | null> {
  if (!Number.isSafeInteger(runId) || runId < 1 || runId > 2147483647) return null;
  const row = await db
    .selectFrom('performances')
    .innerJoin('drills', 'drills.id', 'performances.game_id')
    .leftJoin('performance_replays', 'performance_replays.performance_id', 'performances.id')
    .selectAll('performances')
    .select(['drills.name as drill_name', 'performance_replays.performance_id as replay_id', 'performance_replays.verified as verified'])
    .where('performances.id', '=', runId)
    .where('performances.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const metric = row.primary_metric as PrimaryMetric;
  const best = await bestScore(db, userId, row.game_id, metric, row.id);
  return runSummary(row, row.drill_name, best);
}

/**
 * The RunSummary of the player's most recent run (of drill `gameId` when given); null when the
 * player has none.
 */
export async function loadLatestRunSummary(db: Kysely<DB>, userId: number, gameId?: number): Promise<RunSummary | null> {
  if (gameId !== undefined && (!Number.isSafeInteger(gameId) || gameId > 2147483647)) return null;
  let q = db.selectFrom('performances').select('id').where('user_id', '=', userId);
  if (gameId !== undefined) q = q.where('game_id', '=', gameId);
  const row = await q.orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? loadRunSummary(db, userId, row.id) : null;
}
