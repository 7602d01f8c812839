/**
 * The drill catalogue seeded into the database (src/server seeds it at start).
 * Each entry holds the drill fields of the gameconfig response (spec section 3); the server adds
 * the player's settings and best score. Times in ms, sizes in metres, `config` a JSON string.
 *
 * Owned by the drill engine: every entry must parse with `parseDrillConfig` (tested).
 */
import type { GameConfigResponse } from '../contracts/gameConfig';

/** Drill fields of a catalogue entry: the gameconfig response minus the player's settings. */
export type CatalogueDrill = Omit<
  GameConfigResponse,
  | 'user_id' | 'premium' | 'best_score' | 'leaderboard_rank' | 'user_target_colour' | 'user_wall_colour'
  | 'user_line_colour' | 'user_texture' | 'mouse_sensitivity' | 'mouse_sensitivity_y' | 'mouse_inverse'
  | 'mouse_dpi' | 'sens_profile_id' | 'crosshair_config' | 'hitmarker_config' | 'missmarker_config'
  | 'ads_config'
> & { category: 'clicking' | 'tracking' | 'switching' | 'test' };

export const DRILL_CATALOGUE: CatalogueDrill[] = [
  {
    id: 134,
    category: 'clicking',
    name: 'Gridshot Classic',
    game_type_description:
      '<p>Three targets at a time on the wall in front of you. Destroy each one as fast as you can; a new one appears as soon as one falls.</p>',
    objective: 'Destroy as many targets as you can in 60 seconds.',
    config: JSON.stringify({ spawnOrder: 'random' }),
    duration: 60000,
    num_targets: 3,
    spawn_mode: 'Random',
    position_mode: 'Random',
    target_size: 0.35,
    target_health: 1,
    target_lifetime: null,
    target_moving: false,
    weapon_automatic: false,
    weapon_fire_rate: 20,
    primary_metric: 'targets_destroyed',
    targets_destroyed_score: 90,
    accuracy_score: 85,
    time_destroy_score: 650,
    crit_hit_score: null,
  },
  {
    id: 2033,
    category: 'test',
    name: 'Test Drill',
    game_type_description: '<p>A short drill used by the automated tests: two large, still targets.</p>',
    objective: 'Destroy at least one target.',
    config: JSON.stringify({ spawnOrder: 'random' }),
    duration: 8000,
    num_targets: 2,
    spawn_mode: 'Random',
    position_mode: 'Random',
    target_size: 0.6,
    target_health: 1,
    target_lifetime: null,
    target_moving: false,
    weapon_automatic: false,
    weapon_fire_rate: 20,
    primary_metric: 'targets_destroyed',
    targets_destroyed_score: 1,
    accuracy_score: null,
    time_destroy_score: null,
    crit_hit_score: null,
  },
];
