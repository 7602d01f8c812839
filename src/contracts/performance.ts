import type { FromSchema } from 'json-schema-to-ts';
import { runAnalysisFiguresSchema } from './analysis';
import type { InputEvent } from './engine';
import { base64ToBytes, decodeReplayLogBase64, decodeReplayLogColumns, type ReplayLogColumns } from './replayCodec';

/**
 * Bounds of the submission's numbers (issue 14 item 5): every integer fits PostgreSQL's
 * `integer` (a count above 2^31 - 1 used to give a 500 there), every number has a maximum.
 * INT32_MAX = 2^31 - 1 (PostgreSQL `integer`); MAX_MS = 10^9 ms (11.6 days: any round time,
 * duration or reaction time); MAX_AMOUNT = 10^9 (damage and other sums); MAX_DEGREES = 10^7
 * (an aim angle in degrees; the yaw is not wrapped, 10^7 degrees are 27 778 turns).
 */
export const INT32_MAX = 2147483647;
export const MAX_MS = 1e9;
export const MAX_AMOUNT = 1e9;
export const MAX_DEGREES = 1e7;

/**
 * Per-shot record of `bulletData` (spec section 3). One per shot fired while bullets are tracked
 * (spec section 9: analysis mode 1, or duration <= 300000 ms and a non-automatic weapon).
 * `tick`: tick the shot resolved in; `t_ms`: ms since the round started (tick * 15.625 + offset);
 * `yaw`/`pitch`: aim in degrees at the moment of the click; `target`: index of the target hit
 * (spawn count), -1 on a miss.
 */
export const bulletRecordSchema = {
  type: 'object',
  required: ['tick', 't_ms', 'hit', 'crit', 'yaw', 'pitch', 'target'],
  properties: {
    tick: { type: 'integer', minimum: 0, maximum: INT32_MAX },
    t_ms: { type: 'number', minimum: 0, maximum: MAX_MS },
    hit: { type: 'boolean' },
    crit: { type: 'boolean' },
    killed: { type: 'boolean' },
    yaw: { type: 'number', minimum: -MAX_DEGREES, maximum: MAX_DEGREES },
    pitch: { type: 'number', minimum: -MAX_DEGREES, maximum: MAX_DEGREES },
    target: { type: 'integer', minimum: -1, maximum: INT32_MAX },
    damage: { type: 'number', minimum: 0, maximum: MAX_AMOUNT },
    /** ms from the target's spawn to this shot, when it hit */
    target_age_ms: { type: 'number', minimum: 0, maximum: MAX_MS },
  },
  additionalProperties: true,
} as const;
export type BulletRecord = FromSchema<typeof bulletRecordSchema>;

/** Most `shot_offsets` / `fitts_segments` items: one per shot at most (= BULLET_DATA_MAX_ITEMS). */
const BULLET_DATA_MAX_ITEMS_GD = 2400;

/**
 * `gameData` of the performance submission (spec section 3). Percentages are 0-100 with two
 * decimals, times in ms. `targets_destroyed` is base64 of its decimal string (spec: "base64-encoded").
 * `timestamp` is the duration played in ms. `seed` is the run's PRNG seed (replay, issue 3).
 */
export const gameDataSchema = {
  type: 'object',
  required: [
    'game_id', 'accuracy', 'time_destroy', 'crit_hit', 'targets_destroyed', 'timestamp', 'shots',
    'hits', 'input_type', 'damage',
  ],
  properties: {
    game_id: { type: 'integer', minimum: 1, maximum: INT32_MAX },
    user_id: { type: ['integer', 'null'], minimum: 0, maximum: INT32_MAX },
    accuracy: { type: 'number', minimum: 0, maximum: 100 },
    time_destroy: { type: 'number', minimum: 0, maximum: MAX_MS },
    crit_hit: { type: 'number', minimum: 0, maximum: 100 },
    targets_destroyed: { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$', maxLength: 64 },
    start_position: { type: ['array', 'null'], items: { type: 'number', minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT }, maxItems: 3 },
    timestamp: { type: 'number', minimum: 0, maximum: MAX_MS },
    mouse_sensitivity: { type: 'number', minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT },
    viewport_width: { type: 'integer', minimum: 0, maximum: INT32_MAX },
    viewport_height: { type: 'integer', minimum: 0, maximum: INT32_MAX },
    settings_start: { type: ['object', 'null'], additionalProperties: true },
    settings_end: { type: ['object', 'null'], additionalProperties: true },
    frame_rate: { type: 'number', minimum: 0, maximum: MAX_AMOUNT },
    source: { type: ['string', 'null'], maxLength: 64 },
    shots: { type: 'integer', minimum: 0, maximum: INT32_MAX },
    hits: { type: 'integer', minimum: 0, maximum: INT32_MAX },
    /** issue 35: shots that hit a protected target for 0 damage (engine 'blocked'), not in
     * hits: accuracy (clusterHits / shots) counts them as shots without a hit */
    blocked: { type: 'integer', minimum: 0, maximum: INT32_MAX },
    fov: { type: 'number', minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT },
    fov_type: { type: 'string', enum: ['h', 'v', 'h4:3'] },
    input_type: { type: 'string', enum: ['Cont', 'Mouse'] },
    damage: { type: 'number', minimum: 0, maximum: MAX_AMOUNT },
    context: { type: ['string', 'null'], maxLength: 64 },
    task_id: { type: ['integer', 'null'], minimum: -INT32_MAX, maximum: INT32_MAX },
    objective: { type: ['number', 'null'], minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT },
    mouse_travel_efficiency: { type: ['number', 'null'], minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT },
    mouse_pixel_speed: { type: ['number', 'null'], minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT },
    av_reaction_time: { type: ['number', 'null'], minimum: -MAX_MS, maximum: MAX_MS },
    /** issue 36: shots that hit a decoy (drills with config decoyShare; absent otherwise) */
    decoy_hits: { type: 'integer', minimum: 0, maximum: INT32_MAX },
    prct_late_shots: { type: ['number', 'null'], minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT },
    av_late_shot_time: { type: ['number', 'null'], minimum: -MAX_MS, maximum: MAX_MS },
    initial_move_angle: { type: ['number', 'null'], minimum: -MAX_DEGREES, maximum: MAX_DEGREES },
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    /** issue 15: per shot, [dx, dy] degrees from the target's centre to the shot (src/metrics/runInsight.ts) */
    shot_offsets: {
      type: 'array', maxItems: BULLET_DATA_MAX_ITEMS_GD,
      items: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number', minimum: -180, maximum: 180 } },
    },
    /** issue 15: per kill, [distance deg, target width deg, movement ms] (src/metrics/insight.ts FittsSegment) */
    fitts_segments: {
      type: 'array', maxItems: BULLET_DATA_MAX_ITEMS_GD,
      items: {
        type: 'array', minItems: 3, maxItems: 3,
        items: [
          { type: 'number', minimum: 0, maximum: 180 },
          { type: 'number', minimum: 0, maximum: 180 },
          { type: 'number', minimum: 0, maximum: MAX_MS },
        ],
      },
    },
    /** issue 15: input health measured by the client (src/metrics/inputHealth.ts InputHealth) */
    input_health: {
      type: 'object',
      required: ['mouse_hz', 'look_events', 'rejected_deltas', 'raw_input', 'fps_p50', 'fps_p5', 'fps_p1'],
      properties: {
        mouse_hz: { type: ['number', 'null'], minimum: 0, maximum: 100000 },
        look_events: { type: 'integer', minimum: 0, maximum: INT32_MAX },
        rejected_deltas: { type: 'integer', minimum: 0, maximum: INT32_MAX },
        raw_input: { type: ['boolean', 'null'] },
        fps_p50: { type: ['number', 'null'], minimum: 0, maximum: 100000 },
        fps_p5: { type: ['number', 'null'], minimum: 0, maximum: 100000 },
        fps_p1: { type: ['number', 'null'], minimum: 0, maximum: 100000 },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: true,
} as const;
export type GameData = FromSchema<typeof gameDataSchema>;

/**
 * Version of the drill engine's rules a replay was recorded with. The server re-simulates a
 * submitted replay only when it runs the same version (else `verified` stays null). Bump it
 * whenever a change to src/ecs, src/drill/parseDrillConfig.ts or the replay codec below changes
 * what a given input log produces.
 */
export const REPLAY_ENGINE_VERSION = 'ecs-5';
/** History of REPLAY_ENGINE_VERSION (a replay of an older version is stored unverified):
 * - 'ecs-1': trigonometry through Math.sin / cos / atan2 / asin (engine-dependent last bit);
 * - 'ecs-2': deterministic trigonometry (src/ecs/detMath.ts): the same input log gives the same
 *   per-tick state hash in Chromium and in Node;
 * - 'ecs-3': the input log travels as `input_log_b64`, the compact binary encoding of
 *   src/contracts/replayCodec.ts (issue 18), and the recorder stamps input events on the
 *   1/16 ms grid (`quantizeEventTime`). The engine's rules are those of 'ecs-2'; an 'ecs-2'
 *   replay (tuple `input_log`) is stored unverified (verified null), like any other version;
 * - 'ecs-4': the Oscillation spawn mode swings across the wall (src/ecs/spawn/placeTarget.ts);
 *   the wire format is that of 'ecs-3';
 * - 'ecs-5' (issue 35): hit shapes are the models' drawn parts (src/ecs/targetModels.ts), a
 *   sphere has crits only with a drawn core (config critCore), a 0-damage hit is 'blocked'
 *   (not a hit). */
export const REPLAY_ENGINE_HISTORY = ['ecs-1', 'ecs-2', 'ecs-3', 'ecs-4', 'ecs-5'] as const;

/** Highest input rate a replay is sized for: an 8 kHz mouse (events per second). */
export const REPLAY_MAX_EVENT_RATE_HZ = 8000;
/** Most input events a replay may carry: REPLAY_MAX_EVENT_RATE_HZ x 90 s = 720 000, i.e. the
 * longest catalogue drill (60 s) at 8 kHz with 30 s to spare for return-to-centre pauses and
 * fire / move / ADS events, so no catalogue run loses verification for being long. A longer log
 * is submitted without a replay (verified null). */
export const REPLAY_MAX_EVENTS = REPLAY_MAX_EVENT_RATE_HZ * 90;
/**
 * Body limit of `POST /api/v1/performance`, bytes: 1 MiB. Measured (test/server/replayCodec.test.ts,
 * BENCHMARKS.md "Replay size"): the longest catalogue drill (60 s) at 8 kHz with the scripted
 * player submits about 0.5 MiB, a 60 s run at 1 kHz about 0.1 MiB; the limit is about 2x the
 * 8 kHz measurement, room for larger mouse deltas and a full bulletData (BULLET_DATA_MAX_ITEMS).
 */
export const PERFORMANCE_BODY_LIMIT = 1024 * 1024;
/** Longest `replay.input_log_b64` (characters): 768 KiB, 3/4 of PERFORMANCE_BODY_LIMIT (the rest
 * is for gameData, bulletData and the hashes). The client leaves out a replay whose log encodes
 * longer (the run is then stored unverified; no catalogue run at 8 kHz comes near it). */
export const REPLAY_LOG_B64_MAX_LENGTH = 768 * 1024;
/** Most `bulletData` records: 2 400 = (the longest catalogue drill, 60 s, + 60 s of
 * return-to-centre pauses) x 20 shots/s, the highest `weapon_fire_rate` in the catalogue and the
 * default (spec section 9); the engine fires at most `weapon_fire_rate` shots a second. */
export const BULLET_DATA_MAX_ITEMS = 2400;
/** Most sampled tick hashes a replay may carry (every 64th tick: ~5.5 hours of round time). */
export const REPLAY_MAX_HASHES = 20000;
/** The per-tick hash sample rate: one `stateHash()` every REPLAY_HASH_EVERY ticks (1 s). */
export const REPLAY_HASH_EVERY = 64;

/**
 * Compact input event codes of `replay.input_log` (one `[code, t, a, b]` tuple per event,
 * `t` = round time ms exactly as the engine logged it):
 * - 0 look, device unset: a = dx, b = dy (counts)
 * - 1 fire: a = 1 down / 0 up, b = 0
 * - 2 move: a = key mask, b = 0
 * - 3 ads: a = 1 down / 0 up, b = 0
 * - 4 look with device 'Mouse', 5 look with device 'Cont': a = dx, b = dy
 * A look event's `rejected` raw values (mouse-skip filter) are not kept: such an event has
 * dx = dy = 0 and the simulation never reads `rejected`, so the replay is still exact.
 */
export const REPLAY_EVENT_CODES = { look: 0, fire: 1, move: 2, ads: 3, lookMouse: 4, lookCont: 5 } as const;

/**
 * `replay` of the performance submission (issue 3): what reproduces the run exactly, given the
 * drill (the server uses its stored copy): seed, the engine settings, the input log, the engine
 * version, the despawn animation length (it decides when entity ids are reused, so it is part
 * of the state), and optionally the live run's state hashes: `tick_hashes_sample[i]` =
 * `stateHash()` after tick (i + 1) x REPLAY_HASH_EVERY, and `final_hash` / `ticks` at the end.
 */
export const replaySchema = {
  type: 'object',
  required: ['seed', 'settings', 'engine_version'],
  anyOf: [{ required: ['input_log_b64'] }, { required: ['input_log'] }],
  properties: {
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    settings: {
      type: 'object',
      required: ['sensitivity', 'sensitivityY', 'invertY'],
      properties: {
        sensitivity: { type: 'number', minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT },
        sensitivityY: { type: ['number', 'null'], minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT },
        invertY: { type: 'boolean' },
        inputDevice: { type: 'string', enum: ['Mouse', 'Cont'] },
        adsSensitivity: { type: 'number', minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT },
      },
      additionalProperties: false,
    },
    /** the input log, base64 of src/contracts/replayCodec.ts's binary format (engine 'ecs-3') */
    input_log_b64: { type: 'string', maxLength: REPLAY_LOG_B64_MAX_LENGTH, pattern: '^[A-Za-z0-9+/]*={0,2}$' },
    /** the input log as [code, t, a, b] tuples (engine 'ecs-2' and older clients) */
    input_log: {
      type: 'array',
      maxItems: REPLAY_MAX_EVENTS,
      items: {
        type: 'array',
        minItems: 4,
        maxItems: 4,
        items: [
          { type: 'integer', minimum: 0, maximum: 5 },
          { type: 'number' },
          { type: 'number' },
          { type: 'number' },
        ],
      },
    },
    engine_version: { type: 'string', maxLength: 32 },
    despawn_ms: { type: 'number', minimum: 0, maximum: 60000 },
    tick_hashes_sample: {
      type: 'array',
      maxItems: REPLAY_MAX_HASHES,
      items: { type: 'integer', minimum: 0, maximum: 4294967295 },
    },
    final_hash: { type: 'integer', minimum: 0, maximum: 4294967295 },
    ticks: { type: 'integer', minimum: 0, maximum: INT32_MAX },
  },
  additionalProperties: false,
} as const;

/** One compact input event: [code, t, a, b] (see REPLAY_EVENT_CODES). */
export type ReplayEventTuple = [number, number, number, number];

/** The `replay` object of a submission (see `replaySchema`): the common fields and one input
 * log, binary (`input_log_b64`, engine 'ecs-3') or tuples (`input_log`, older clients). */
export type ReplayData = ReplayCommon &
  ({ input_log_b64: string; input_log?: ReplayEventTuple[] } | { input_log: ReplayEventTuple[]; input_log_b64?: string });

/** What every `replay` carries besides its input log. */
export interface ReplayCommon {
  seed: number;
  settings: {
    sensitivity: number;
    sensitivityY: number | null;
    invertY: boolean;
    inputDevice?: 'Mouse' | 'Cont';
    adsSensitivity?: number;
  };
  engine_version: string;
  despawn_ms?: number;
  tick_hashes_sample?: number[];
  final_hash?: number;
  ticks?: number;
}

/** Encodes an engine input log (contracts/engine.ts InputEvent[]) as compact tuples. */
export function encodeInputLog(log: readonly InputEvent[]): ReplayEventTuple[] {
  const out: ReplayEventTuple[] = new Array(log.length);
  for (let i = 0; i < log.length; i++) {
    const e = log[i];
    switch (e.type) {
      case 'look': {
        const code = e.device === 'Mouse' ? 4 : e.device === 'Cont' ? 5 : 0;
        out[i] = [code, e.t, e.dx, e.dy];
        break;
      }
      case 'fire': out[i] = [1, e.t, e.down ? 1 : 0, 0]; break;
      case 'move': out[i] = [2, e.t, e.mask, 0]; break;
      case 'ads': out[i] = [3, e.t, e.down ? 1 : 0, 0]; break;
    }
  }
  return out;
}

/** Decodes compact tuples back into engine input events (inverse of `encodeInputLog`, less the
 * `rejected` raw values). Throws RangeError on an unknown code. */
export function decodeInputLog(tuples: readonly (readonly number[])[]): InputEvent[] {
  const out: InputEvent[] = new Array(tuples.length);
  for (let i = 0; i < tuples.length; i++) {
    const [code, t, a, b] = tuples[i];
    switch (code) {
      case 0: out[i] = { type: 'look', t, dx: a, dy: b }; break;
      case 4: out[i] = { type: 'look', t, dx: a, dy: b, device: 'Mouse' }; break;
      case 5: out[i] = { type: 'look', t, dx: a, dy: b, device: 'Cont' }; break;
      case 1: out[i] = { type: 'fire', t, down: a !== 0 }; break;
      case 2: out[i] = { type: 'move', t, mask: a }; break;
      case 3: out[i] = { type: 'ads', t, down: a !== 0 }; break;
      default: throw new RangeError(`unknown replay event code ${code} at ${i}`);
    }
  }
  return out;
}

/**
 * The input log of a submitted replay: `input_log_b64` decoded (replayCodec, at most
 * REPLAY_MAX_EVENTS events) when present, else the `input_log` tuples. Throws RangeError for a
 * log that does not decode (bad base64, bad binary, too many events, unknown code) or a replay
 * with neither.
 */
export function replayInputLog(replay: { input_log_b64?: string; input_log?: readonly (readonly number[])[] }): InputEvent[] {
  if (typeof replay.input_log_b64 === 'string') return decodeReplayLogBase64(replay.input_log_b64, REPLAY_MAX_EVENTS);
  if (Array.isArray(replay.input_log)) return decodeInputLog(replay.input_log);
  throw new RangeError('the replay has no input log');
}

/**
 * `replayInputLog` for the server's re-simulation: a binary log (`input_log_b64`) decoded into
 * columns (replayCodec.ts ReplayLogColumns: the same events and errors, no object per event),
 * the `input_log` tuples as events. Throws RangeError as `replayInputLog`.
 */
export function replayInputLogColumns(
  replay: { input_log_b64?: string; input_log?: readonly (readonly number[])[] },
): InputEvent[] | ReplayLogColumns {
  if (typeof replay.input_log_b64 === 'string') return decodeReplayLogColumns(base64ToBytes(replay.input_log_b64), REPLAY_MAX_EVENTS);
  return replayInputLog(replay);
}

/** `POST /api/v1/performance` body: `{ gameData, bulletData, replay?, run_id? }` (spec section 7;
 * `replay` is ours, issue 3: optional, so submissions without it stay valid; `run_id` names the
 * run ticket, issue 14, src/contracts/runTicket.ts: without it the run is stored, never ranked). */
export const performanceSubmissionSchema = {
  $id: 'PerformanceSubmission',
  type: 'object',
  required: ['gameData', 'bulletData'],
  properties: {
    gameData: gameDataSchema,
    bulletData: { type: 'array', items: bulletRecordSchema, maxItems: BULLET_DATA_MAX_ITEMS },
    replay: replaySchema,
    run_id: { type: 'string', minLength: 1, maxLength: 64 },
  },
  additionalProperties: false,
} as const;
export type PerformanceSubmission = FromSchema<typeof performanceSubmissionSchema>;

/**
 * What the drill summary shows, as stored on the server (one row of `performances`).
 * `passed` is true when the drill's primary metric reached its threshold
 * (`{primary_metric}_score` of the drill; time_destroy passes when at or *below* it).
 */
export const runSummarySchema = {
  $id: 'RunSummary',
  type: 'object',
  required: [
    'id', 'game_id', 'drill_name', 'targets_destroyed', 'hits', 'shots', 'accuracy', 'time_destroy',
    'crit_hit', 'primary_metric', 'score', 'threshold', 'passed', 'best_score', 'created_at',
  ],
  properties: {
    id: { type: 'integer' },
    game_id: { type: 'integer' },
    drill_name: { type: 'string' },
    targets_destroyed: { type: 'integer' },
    hits: { type: 'integer' },
    /** issue 35: blocked shots (gameData.blocked; 0 for runs without it) */
    blocked: { type: 'integer' },
    shots: { type: 'integer' },
    accuracy: { type: 'number' },
    time_destroy: { type: 'number' },
    crit_hit: { type: 'number' },
    damage: { type: 'number' },
    input_type: { type: 'string' },
    av_reaction_time: { type: ['number', 'null'], minimum: -MAX_MS, maximum: MAX_MS },
    /** issue 36: shots that hit a decoy (the run's gameData decoy_hits; absent for drills
     * without decoys) */
    decoy_hits: { type: 'integer', minimum: 0 },
    primary_metric: { type: 'string' },
    score: { type: 'number' },
    threshold: { type: ['number', 'null'] },
    passed: { type: 'boolean' },
    best_score: { type: ['number', 'null'] },
    created_at: { type: 'string' },
    /** server re-simulation of the submitted replay: true = its stats match, false = they do
     * not (the run is stored anyway), null = a replay was sent but could not be checked (other
     * engine version, drill no longer runnable); absent = no replay was sent */
    verified: { type: ['boolean', 'null'] },
    /** issue 14 (always sent by the server): the run counts for best_score and rankings: a valid ticket of this player
     * (seed = the replay's), a valid APKey and a replay the server re-simulated to the same
     * stats. False for anything else (the run is stored all the same). */
    ranked: { type: 'boolean' },
    /** issue 15, run reads only (GET /api/v1/performance/:id and /latest): the player's best
     * before this run (null: none), their place on the drill's leaderboard now (null: no
     * ranked run), the leaderboard's size */
    previous_best: { type: ['number', 'null'] },
    leaderboard_rank: { type: ['integer', 'null'] },
    leaderboard_size: { type: 'integer' },
    /** issue 38, run reads only: % of the OTHER listed players whose best is strictly worse than
     * the player's (one decimal; null: no ranked best, or nobody else listed), and whether the
     * player is listed (only accounts are; a guest's `leaderboard_rank` is where their best
     * WOULD place) */
    leaderboard_percentile: { type: ['number', 'null'], minimum: 0, maximum: 100 },
    leaderboard_listed: { type: 'boolean' },
    /** issue 15: the drill's objective text (an open one, "as many as you can", has no bar to miss) */
    objective: { type: 'string' },
    /** issue 15: the drill's objective tiers (DrillConfig.tiers), for the objective bar */
    tiers: { type: 'array', items: { type: 'number' } },
    /** issue 19 item 3: the objective the server judged the run by (src/metrics/objectiveBySource.ts,
     * by gameData.source / context): 'drill' (the drill's threshold), 'benchmark' (its top tier),
     * 'best-score' (`threshold` = the best before the run; null = the run set the first one).
     * Absent for runs stored before it */
    objective_kind: { type: 'string', enum: ['drill', 'benchmark', 'best-score'] },
    /** issue 19 item 4: the server's comparison of gameData.settings_start with the drill
     * (src/metrics/settingsCompare.ts SettingsDifference): [] = played with the drill's settings.
     * Absent for runs stored before it */
    settings_differences: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'reason', 'expected', 'actual'],
        properties: {
          field: { type: 'string' },
          reason: { type: 'string', enum: ['fov_lock', 'drill_changed'] },
          expected: {
            anyOf: [
              { type: ['number', 'string', 'boolean', 'null'] },
              {
                type: 'object', required: ['min', 'max', 'fov_type'],
                properties: { min: { type: ['number', 'null'] }, max: { type: ['number', 'null'] }, fov_type: { type: 'string', enum: ['h', 'v', 'h4:3'] } },
                additionalProperties: false,
              },
            ],
          },
          actual: { type: ['number', 'string', 'boolean', 'null'] },
        },
        additionalProperties: false,
      },
    },
    /** the premium metrics (spec section 3), only for a premium viewer; else `premium_locked` */
    full_shot_time: { type: ['number', 'null'] },
    mouse_travel_efficiency: { type: ['number', 'null'] },
    initial_move_angle: { type: ['number', 'null'] },
    mouse_pixel_speed: { type: ['number', 'null'] },
    prct_late_shots: { type: ['number', 'null'] },
    av_late_shot_time: { type: ['number', 'null'] },
    premium_locked: { type: 'boolean' },
    /** issue 15 item 5: Fitts' throughput, bits/s. For a run with the server's analysis (issue 37
     * item 1: `analysis_source` 'server') the ISO 9241-9 throughput of its re-simulated flicks;
     * else from the client's fitts_segments (src/metrics/insight.ts fittsThroughput) */
    throughput: { type: ['number', 'null'] },
    /** issue 37 item 1: where the analysis figures (throughput, shot map, full shot time,
     * `analysis`) come from: 'server' = derived by the server from the verified replay (every
     * ranked run); 'client' = the submission's own figures (a run without the server's analysis: not verified,
     * or stored before it; shown as sent) */
    analysis_source: { type: 'string', enum: ['server', 'client'] },
    /** issue 37 items 2-3: the server's flick anatomy, Fitts fit, tracking quality and cells of
     * the run (src/contracts/analysis.ts; premium figures null for a free viewer); null when the
     * run has no server analysis */
    analysis: { anyOf: [runAnalysisFiguresSchema, { type: 'null' }] },
    /** issue 15 item 5: the shot map (offsets in degrees) with its bias and spread */
    shot_map: {
      type: ['object', 'null'],
      required: ['points', 'n', 'bias_x', 'bias_y', 'sd_x', 'sd_y', 'spread'],
      properties: {
        points: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
        n: { type: 'integer' },
        bias_x: { type: 'number' }, bias_y: { type: 'number' },
        sd_x: { type: 'number' }, sd_y: { type: 'number' }, spread: { type: 'number' },
      },
      additionalProperties: false,
    },
    /** issue 15 item 5: input health as measured (gameData.input_health) and the verdict's
     * findings (src/metrics/inputHealth.ts inputHealthVerdict) */
    input_health: {
      type: ['object', 'null'],
      required: ['mouse_hz', 'look_events', 'rejected_deltas', 'raw_input', 'fps_p50', 'fps_p5', 'fps_p1', 'issues'],
      properties: {
        mouse_hz: { type: ['number', 'null'] },
        look_events: { type: 'integer' },
        rejected_deltas: { type: 'integer' },
        raw_input: { type: ['boolean', 'null'] },
        fps_p50: { type: ['number', 'null'] },
        fps_p5: { type: ['number', 'null'] },
        fps_p1: { type: ['number', 'null'] },
        issues: {
          type: 'array',
          items: {
            type: 'object', required: ['key', 'values'],
            properties: {
              key: { type: 'string', enum: ['low_mouse_rate', 'rejected', 'no_raw_input', 'low_fps'] },
              values: { type: 'object', additionalProperties: { type: 'number' } },
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;
export type RunSummary = FromSchema<typeof runSummarySchema>;
