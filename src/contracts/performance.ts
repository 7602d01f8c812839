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

/** `POST /api/v1/performance` body: `{ gameData, bulletData }` (spec section 7). */
export const performanceSubmissionSchema = {
  $id: 'PerformanceSubmission',
  type: 'object',
  required: ['gameData', 'bulletData'],
  properties: {
    gameData: gameDataSchema,
    bulletData: { type: 'array', items: bulletRecordSchema, maxItems: 100000 },
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
  },
  additionalProperties: false,
} as const;
export type RunSummary = FromSchema<typeof runSummarySchema>;
