import type { FromSchema } from 'json-schema-to-ts';

/**
 * `GET /api/v1/gameconfig/{id}` response (spec sections 3 and 7): the drill's fields and the
 * requesting player's settings. Shared by the server (response schema) and the client (type).
 *
 * Units: `duration` is in ms in the stored drill (spec section 9 "default duration 60000 ms");
 * target_lifetime, time_between_targets, clip_reload_time in ms; weapon_fire_rate in shots/s;
 * target_size in world units (metres, radius); target_speed in units/s; fov in degrees.
 * `config` is the drill's extra settings as a JSON *string*; its 'true'/'false' become booleans
 * and numeric strings become numbers when parsed (src/drill).
 */
const num = { type: ['number', 'null'] } as const;
const str = { type: ['string', 'null'] } as const;
const bool = { type: ['boolean', 'null'] } as const;

export const gameConfigResponseSchema = {
  $id: 'GameConfigResponse',
  type: 'object',
  required: ['id', 'name', 'config', 'duration', 'num_targets', 'spawn_mode'],
  properties: {
    id: { type: 'integer' },
    user_id: { type: ['integer', 'null'] },
    premium: { type: 'boolean' },
    name: { type: 'string' },
    /** HTML description of the drill. */
    game_type_description: { type: 'string' },
    objective: { type: 'string' },
    best_score: num,
    leaderboard_rank: num,
    config: { type: 'string' },
    // player's settings
    user_target_colour: str,
    user_wall_colour: str,
    user_line_colour: str,
    user_texture: str,
    mouse_sensitivity: { type: 'number' },
    mouse_sensitivity_y: num,
    mouse_inverse: { type: 'integer' },
    mouse_dpi: num,
    sens_profile_id: num,
    crosshair_config: { type: ['object', 'null'], additionalProperties: true },
    hitmarker_config: { type: ['object', 'null'], additionalProperties: true },
    missmarker_config: { type: ['object', 'null'], additionalProperties: true },
    ads_config: { type: ['object', 'null'], additionalProperties: true },
    // objective thresholds of the drill's metrics
    targets_destroyed_score: num,
    accuracy_score: num,
    time_destroy_score: num,
    crit_hit_score: num,
    level_model: str,
    level_style: str,
    ads_sens: num,
    // weapon
    clip_size: num,
    clip_reload_time: num,
    clip_decrement_on_hit: bool,
    clip_reload_on_death: bool,
    weapon_automatic: bool,
    weapon_type: str,
    weapon_fire_rate: num,
    // drill
    duration: { type: 'number' },
    num_targets: { type: 'integer' },
    target_health: num,
    target_speed: num,
    target_size: num,
    target_scale_x: num,
    target_scale_y: num,
    target_scale_z: num,
    target_lifetime: num,
    target_model: str,
    target_moving: bool,
    target_grounded: bool,
    target_colourable: bool,
    target_face_player: bool,
    target_config: str,
    shots_per_target: num,
    time_between_targets: num,
    time_between_randomise: bool,
    position_mode: str,
    position_min_dist: num,
    position_max_dist: num,
    spawn_mode: { type: 'string' },
    movement_pattern: str,
    crit_dmg_multiplier: num,
    priority_target: bool,
    numPriorityTargets: num,
    player_movement_speed: num,
    show_crosshair: bool,
    max_fps: num,
    primary_metric: str,
    special_mode: str,
    health_regenerate_rate: num,
    dynamic_target_setting_enabled: bool,
    target_grow_mode: str,
    analysis_mode: num,
    pointer_lock: bool,
    fov: num,
    fov_type: str,
    adapt_for_fov: bool,
    player_start_x: num,
    player_start_y: num,
    player_start_z: num,
    player_offset_x: num,
    player_offset_y: num,
    player_offset_z: num,
    return_to_centre: bool,
    return_pos: str,
  },
  additionalProperties: true,
} as const;

/** The gameconfig response as the client receives it. */
export type GameConfigResponse = FromSchema<typeof gameConfigResponseSchema>;

/** JSON error body of every API error (4xx/5xx), e.g. `{ error: 'Drill not found' }`. */
export const apiErrorSchema = {
  $id: 'ApiError',
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, message: { type: 'string' } },
} as const;
export type ApiError = FromSchema<typeof apiErrorSchema>;

/** `POST /api/v1/user/log-drill` body (spec section 7): records that a run started. */
export const logDrillBodySchema = {
  $id: 'LogDrillBody',
  type: 'object',
  required: ['agame_id'],
  properties: { agame_id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  additionalProperties: false,
} as const;
export type LogDrillBody = FromSchema<typeof logDrillBodySchema>;
