/**
 * INTERIM stand-in for src/contracts/drillSchema.ts (branch drills-data) until it is merged:
 * the editor's fields with spec-based ranges and a small checker of type, range and enum.
 */
import { SPAWN_MODES, MOVEMENT_PATTERNS } from '../contracts/drillConfig';
import { PRIMARY_METRICS } from '../contracts/constants';

const n = (minimum: number, maximum: number, nullable = false) => ({ type: nullable ? ['number', 'null'] : 'number', minimum, maximum });
const i = (minimum: number, maximum: number, nullable = false) => ({ type: nullable ? ['integer', 'null'] : 'integer', minimum, maximum });

export const INTERIM_DRILL_SCHEMA = {
  type: 'object',
  required: ['id', 'name', 'config', 'duration', 'num_targets', 'spawn_mode'],
  properties: {
    id: i(1, 2147483647),
    name: { type: 'string', minLength: 1, maxLength: 80 },
    objective: { type: 'string', maxLength: 200 },
    game_type_description: { type: 'string', maxLength: 2000 },
    category: { type: 'string', maxLength: 40 },
    config: { type: 'string', maxLength: 8000 },
    duration: n(1000, 600000),
    spawn_mode: { type: 'string', enum: [...SPAWN_MODES] },
    num_targets: i(1, 20),
    time_between_targets: n(0, 10000, true),
    position_min_dist: n(0, 50, true),
    position_max_dist: n(0, 50, true),
    target_size: n(0.05, 3, true),
    target_health: n(1, 10000, true),
    target_lifetime: n(100, 60000, true),
    shots_per_target: i(0, 100, true),
    target_moving: { type: ['boolean', 'null'] },
    target_speed: n(0, 50, true),
    movement_pattern: { type: ['string', 'null'], enum: [...MOVEMENT_PATTERNS, null] },
    weapon_automatic: { type: ['boolean', 'null'] },
    weapon_fire_rate: n(1, 30, true),
    clip_size: i(1, 99999, true),
    clip_reload_time: n(0, 10000, true),
    primary_metric: { type: ['string', 'null'], enum: [...PRIMARY_METRICS, null] },
    targets_destroyed_score: n(0, 100000, true),
    accuracy_score: n(0, 100, true),
    time_destroy_score: n(0, 60000, true),
    crit_hit_score: n(0, 100, true),
  } as Record<string, Record<string, unknown>>,
} as const;

export function interimValidateDrillDocument(doc: unknown): { ok: true; drill: Record<string, unknown> } | { ok: false; errors: { field: string; reason: string }[] } {
  const d = doc as Record<string, unknown>;
  const errors: { field: string; reason: string }[] = [];
  for (const k of INTERIM_DRILL_SCHEMA.required) if (d[k] === undefined) errors.push({ field: k, reason: 'is required' });
  for (const [k, s] of Object.entries(INTERIM_DRILL_SCHEMA.properties)) {
    const v = d[k];
    if (v === undefined) continue;
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    const t = v === null ? 'null' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) {
      errors.push({ field: k, reason: `must be ${types.join(' or ')}` });
      continue;
    }
    if (typeof v === 'number' && (v < (s.minimum as number) || v > (s.maximum as number))) errors.push({ field: k, reason: `must be between ${s.minimum} and ${s.maximum}` });
    if (Array.isArray(s.enum) && !s.enum.includes(v)) errors.push({ field: k, reason: `must be one of ${s.enum.join(', ')}` });
    if (typeof v === 'string' && typeof s.maxLength === 'number' && v.length > s.maxLength) errors.push({ field: k, reason: `must be at most ${s.maxLength} characters` });
    if (typeof v === 'string' && typeof s.minLength === 'number' && v.length < s.minLength) errors.push({ field: k, reason: 'must not be empty' });
  }
  return errors.length ? { ok: false, errors } : { ok: true, drill: d };
}
