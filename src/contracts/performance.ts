import type { FromSchema } from 'json-schema-to-ts';

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
    tick: { type: 'integer', minimum: 0 },
    t_ms: { type: 'number', minimum: 0 },
    hit: { type: 'boolean' },
    crit: { type: 'boolean' },
    killed: { type: 'boolean' },
    yaw: { type: 'number' },
    pitch: { type: 'number' },
    target: { type: 'integer' },
    damage: { type: 'number' },
    /** ms from the target's spawn to this shot, when it hit */
    target_age_ms: { type: 'number' },
  },
  additionalProperties: true,
} as const;
export type BulletRecord = FromSchema<typeof bulletRecordSchema>;

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
    game_id: { type: 'integer', minimum: 1 },
    user_id: { type: ['integer', 'null'] },
    accuracy: { type: 'number', minimum: 0, maximum: 100 },
    time_destroy: { type: 'number', minimum: 0 },
    crit_hit: { type: 'number', minimum: 0, maximum: 100 },
    targets_destroyed: { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$', maxLength: 64 },
    start_position: { type: ['array', 'null'], items: { type: 'number' }, maxItems: 3 },
    timestamp: { type: 'number', minimum: 0 },
    mouse_sensitivity: { type: 'number' },
    viewport_width: { type: 'integer', minimum: 0 },
    viewport_height: { type: 'integer', minimum: 0 },
    settings_start: { type: ['object', 'null'], additionalProperties: true },
    settings_end: { type: ['object', 'null'], additionalProperties: true },
    frame_rate: { type: 'number', minimum: 0 },
    source: { type: ['string', 'null'], maxLength: 64 },
    shots: { type: 'integer', minimum: 0 },
    hits: { type: 'integer', minimum: 0 },
    fov: { type: 'number' },
    fov_type: { type: 'string', enum: ['h', 'v', 'h4:3'] },
    input_type: { type: 'string', enum: ['Cont', 'Mouse'] },
    damage: { type: 'number', minimum: 0 },
    context: { type: ['string', 'null'], maxLength: 64 },
    task_id: { type: ['integer', 'null'] },
    objective: { type: ['number', 'null'] },
    mouse_travel_efficiency: { type: ['number', 'null'] },
    mouse_pixel_speed: { type: ['number', 'null'] },
    av_reaction_time: { type: ['number', 'null'] },
    prct_late_shots: { type: ['number', 'null'] },
    av_late_shot_time: { type: ['number', 'null'] },
    initial_move_angle: { type: ['number', 'null'] },
    seed: { type: 'integer', minimum: 0 },
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
export const REPLAY_ENGINE_VERSION = 'ecs-2';
/** History of REPLAY_ENGINE_VERSION (a replay of an older version is stored unverified):
 * - 'ecs-1': trigonometry through Math.sin / cos / atan2 / asin (engine-dependent last bit);
 * - 'ecs-2': deterministic trigonometry (src/ecs/detMath.ts): the same input log gives the same
 *   per-tick state hash in Chromium and in Node. */
export const REPLAY_ENGINE_HISTORY = ['ecs-1', 'ecs-2'] as const;

/** Most input events a replay may carry (~6.7 min of a 1 kHz mouse; at about 30 bytes an
 * event this stays under the performance route's 16 MiB body limit). Longer runs are submitted
 * without a replay (verified: null). */
export const REPLAY_MAX_EVENTS = 400000;
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
  required: ['seed', 'settings', 'input_log', 'engine_version'],
  properties: {
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    settings: {
      type: 'object',
      required: ['sensitivity', 'sensitivityY', 'invertY'],
      properties: {
        sensitivity: { type: 'number' },
        sensitivityY: { type: ['number', 'null'] },
        invertY: { type: 'boolean' },
        inputDevice: { type: 'string', enum: ['Mouse', 'Cont'] },
        adsSensitivity: { type: 'number' },
      },
      additionalProperties: false,
    },
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
    ticks: { type: 'integer', minimum: 0 },
  },
  additionalProperties: false,
} as const;

/** One compact input event: [code, t, a, b] (see REPLAY_EVENT_CODES). */
export type ReplayEventTuple = [number, number, number, number];

/** The `replay` object of a submission (see `replaySchema`). */
export interface ReplayData {
  seed: number;
  settings: {
    sensitivity: number;
    sensitivityY: number | null;
    invertY: boolean;
    inputDevice?: 'Mouse' | 'Cont';
    adsSensitivity?: number;
  };
  input_log: ReplayEventTuple[];
  engine_version: string;
  despawn_ms?: number;
  tick_hashes_sample?: number[];
  final_hash?: number;
  ticks?: number;
}

/** Encodes an engine input log (contracts/engine.ts InputEvent[]) as compact tuples. */
export function encodeInputLog(log: readonly import('./engine').InputEvent[]): ReplayEventTuple[] {
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
export function decodeInputLog(tuples: readonly (readonly number[])[]): import('./engine').InputEvent[] {
  const out: import('./engine').InputEvent[] = new Array(tuples.length);
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

/** `POST /api/v1/performance` body: `{ gameData, bulletData, replay?, run_id? }` (spec section 7;
 * `replay` is ours, issue 3: optional, so submissions without it stay valid; `run_id` names the
 * run ticket, issue 14, src/contracts/runTicket.ts: without it the run is stored, never ranked). */
export const performanceSubmissionSchema = {
  $id: 'PerformanceSubmission',
  type: 'object',
  required: ['gameData', 'bulletData'],
  properties: {
    gameData: gameDataSchema,
    bulletData: { type: 'array', items: bulletRecordSchema, maxItems: 100000 },
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
    shots: { type: 'integer' },
    accuracy: { type: 'number' },
    time_destroy: { type: 'number' },
    crit_hit: { type: 'number' },
    damage: { type: 'number' },
    input_type: { type: 'string' },
    av_reaction_time: { type: ['number', 'null'] },
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
  },
  additionalProperties: false,
} as const;
export type RunSummary = FromSchema<typeof runSummarySchema>;
