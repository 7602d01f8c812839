/**
 * THE drill schema (issue 17 item 3, "Drills are data"): one JSON Schema for a drill document,
 * shared by the server (seeding the catalogue from `drills/*.json`, validating player-made
 * drills) and the client (the drill editor), and the one function that applies it,
 * `validateDrillDocument`.
 *
 * A drill document is what a file under `drills/` holds: the drill fields of the gameconfig
 * response (spec section 3, "Drill/game config response fields"), each optional field with the
 * default of spec section 9 (or, where the spec names none, the engine's documented choice in
 * src/drill/parseDrillConfig.ts), plus the drill's `category`. Two fields differ in form from
 * the gameconfig response: `config` and `target_config` are JSON *objects* in a document and
 * become JSON *strings* in the validated drill (`CatalogueDrill`), as the gameconfig response
 * carries them (spec section 3: "config (JSON string ...)").
 *
 * Every property's `description` names its unit, range, default and spec section; they are
 * composed from the schema keywords by `field()` so the text cannot drift from the checks.
 * docs/drill-schema.md is generated from these descriptions (scripts/drill-schema-gen.ts; the
 * build and a test check it is up to date).
 *
 * Units: times in ms, sizes and distances in metres (world units), speeds in m/s, fire rate in
 * shots/s, angles in degrees, thresholds in the unit of their metric (spec section 3 "Metrics").
 *
 * The schema runs as ajv standalone code (./drillDocumentValidator.generated.ts, written by
 * scripts/drill-schema-gen.ts; the build fails while it is stale): plain JavaScript, so it
 * works in the page, whose CSP refuses the `new Function` of ajv's compiler (no 'unsafe-eval',
 * src/server/app.ts CSP_DIRECTIVES), and the client bundle carries no ajv.
 */
import type { ErrorObject } from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';
import validateCompiled from './drillDocumentValidator.generated';
import type { GameConfigResponse } from './gameConfig';
import { SPAWN_MODES, MOVEMENT_PATTERNS, TARGET_GROW_MODES, TARGET_MODELS, DYNAMIC_TARGET_SETTINGS, ADAPTIVE_MODES, MOTION_DEFAULTS } from './drillConfig';
import { DRILL_DEFAULTS, PRIMARY_METRICS } from './constants';
import type { KeysMismatch } from './jsonSchema';

/** The named (non-index-signature) keys of a type: `Omit` over a type with an index signature
 * such as `GameConfigResponse` would otherwise lose every named field. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** Drill categories of the catalogue (the drill list groups by them; 'test' = drills for the
 * automated tests, spec section 9 "Test game mode id 2033"). */
export const DRILL_CATEGORIES = ['clicking', 'tracking', 'switching', 'test'] as const;
/** One drill category. */
export type DrillCategory = (typeof DRILL_CATEGORIES)[number];

/**
 * Skill families of the catalogue (issue 36 item 1: the families players know from Aim Lab and
 * KovaaK's). Every file under `drills/` names one (the catalogue test checks it); a player-made
 * drill may leave it null. The drill browser filters by it and benchmarks group by it.
 */
export const DRILL_FAMILIES = [
  'static-clicking', 'dynamic-clicking', 'smooth-tracking', 'reactive-tracking', 'target-switching',
  'flicking', 'precision', 'reflex', 'long-range', 'humanoid-headshots',
] as const;
/** One skill family. */
export type DrillFamily = (typeof DRILL_FAMILIES)[number];

/** Difficulty labels of the catalogue, easiest first. */
export const DRILL_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
/** One difficulty label. */
export type DrillDifficulty = (typeof DRILL_DIFFICULTIES)[number];

/**
 * The rooms the view can draw (issue 35 item 1), named by a drill's `level_style`: 'factory' is
 * the grey grid room (the spec's factory style, the one the player's brightness applies to,
 * spec section 5), 'studio' a bright studio, 'arena' a dark arena, 'range' an outdoor range under
 * the shipped skybox. `level_style` stays a free string (the spec's response field): an unknown
 * style is drawn as 'factory'. Every catalogue drill names one of these (tested).
 */
export const ROOM_STYLES = ['factory', 'studio', 'arena', 'range'] as const;
/** One room style. */
export type RoomStyle = (typeof ROOM_STYLES)[number];

/** The built-in game modes (registered by src/ecs/gameModes/index.ts; a test keeps the two lists
 * equal): what `validateDrillDocument` accepts in `special_mode` / config `gameMode.name` unless
 * its caller passes the registry's names (`checkDrillDocument` in src/drill does: a drill file
 * may name any registered mode). src/contracts cannot import the engine's registry, so the schema
 * checks the name's form and the validator checks it against the list it is given. */
export const DRILL_GAME_MODES = ['default', 'priority', 'elimination', 'sudden_death'] as const;

/** The form of a game-mode name in a drill document (what `registerGameMode` names look like). */
export const GAME_MODE_NAME_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

/** The keys of the gameconfig response that belong to the player, not the drill (spec section 3:
 * user_* colours, mouse settings, crosshair configs); a drill document has none of them. */
type PlayerOnlyKey =
  | 'user_id' | 'premium' | 'best_score' | 'leaderboard_rank' | 'user_target_colour' | 'user_wall_colour'
  | 'user_line_colour' | 'user_texture' | 'mouse_sensitivity' | 'mouse_sensitivity_y' | 'mouse_inverse'
  | 'mouse_dpi' | 'sens_profile_id' | 'crosshair_config' | 'hitmarker_config' | 'missmarker_config'
  | 'ads_config';

/**
 * A validated drill (what `validateDrillDocument` returns, the catalogue holds and the server
 * stores): the gameconfig response minus the player's settings, type-checked field by field
 * (sizes in metres, times in ms; `config` and `target_config` as JSON strings), plus the drill's
 * category.
 */
export type CatalogueDrill = Omit<Pick<GameConfigResponse, KnownKeys<GameConfigResponse>>, PlayerOnlyKey> & {
  category: DrillCategory;
  /** skill family (null for a player-made drill that names none) */
  family: DrillFamily | null;
  /** difficulty label (null for a player-made drill that names none) */
  difficulty: DrillDifficulty | null;
};

/** Facts of one field that `field()` writes into its description. */
interface FieldDoc {
  /** what the field does */
  text: string;
  /** unit ('ms', 'metres', ...); omitted for booleans and names */
  unit?: string;
  /** spec section(s), e.g. '3, 9' */
  spec: string;
  /** how the default is meant when it is not a plain value (e.g. null = until killed) */
  defaultNote?: string;
}

type Json = string | number | boolean | null | readonly Json[] | { readonly [k: string]: unknown };

/** A property schema with its description composed from `doc` and the schema's own keywords
 * (range, enum, default), so the description and the checks say the same thing. */
function field<const S extends Record<string, unknown>>(schema: S, doc: FieldDoc): S & { description: string } {
  const s = schema as Record<string, unknown>;
  const parts = [doc.text.trim()];
  if (doc.unit) parts.push(`Unit: ${doc.unit}.`);
  const range = rangeText(s);
  if (range) parts.push(`Range: ${range}.`);
  if ('default' in s) {
    parts.push(`Default: ${JSON.stringify(s.default as Json)}${doc.defaultNote ? ` (${doc.defaultNote})` : ''}.`);
  } else if (doc.defaultNote) {
    parts.push(`Default: ${doc.defaultNote}.`);
  }
  parts.push(`Spec: section${/^[\d.]+\s*,/.test(doc.spec) ? 's' : ''} ${doc.spec}.`);
  return { ...schema, description: parts.join(' ') };
}

/** "0.02 to 3", "one of a, b", "at most 100 characters" from a schema's keywords ('' if none). */
function rangeText(s: Record<string, unknown>): string {
  const out: string[] = [];
  if (Array.isArray(s.enum)) out.push(`one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  const lo = s.minimum ?? s.exclusiveMinimum;
  const hi = s.maximum ?? s.exclusiveMaximum;
  const loT = s.exclusiveMinimum !== undefined ? `above ${String(lo)}` : String(lo);
  const hiT = s.exclusiveMaximum !== undefined ? `below ${String(hi)}` : String(hi);
  if (lo !== undefined && hi !== undefined) out.push(`${loT} to ${hiT}`);
  else if (lo !== undefined) out.push(s.exclusiveMinimum !== undefined ? loT : `at least ${loT}`);
  else if (hi !== undefined) out.push(s.exclusiveMaximum !== undefined ? hiT : `at most ${hiT}`);
  if (s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer'))) out.push('whole number');
  if (typeof s.maxLength === 'number') out.push(`${typeof s.minLength === 'number' ? `${s.minLength} to ` : 'at most '}${s.maxLength} characters`);
  if (typeof s.maxItems === 'number') out.push(s.minItems === s.maxItems ? `exactly ${s.maxItems} entries` : `at most ${s.maxItems} entries`);
  if (Array.isArray(s.type) && s.type.includes('null') && !Array.isArray(s.enum)) out.push('or null');
  return out.join(', ');
}

// ---- building blocks -------------------------------------------------------------------------

const boolField = (dflt: boolean, text: string, spec: string) => field({ type: 'boolean', default: dflt } as const, { text, spec });

/** An [x, y, z] point in metres. */
const VEC3 = {
  type: 'array',
  items: { type: 'number', minimum: -1000, maximum: 1000 },
  minItems: 3,
  maxItems: 3,
} as const;

/** HTML the pre-game screen may show (it renders the description as HTML, src/ui/overlays/
 * PregameInfo.tsx): text with <p>, <b>, <i>, <em>, <strong> and <br> only, no attributes, so a
 * player-made drill cannot inject markup or script. */
export const SAFE_HTML_PATTERN = '^(?:[^<>]|</?(?:p|b|i|em|strong)>|<br ?/?>)*$';

/**
 * The drill's `config` object (spec section 3, "Other fields used by the engine"): the engine's
 * extra settings, each read by src/drill/parseDrillConfig.ts. In the validated drill it becomes
 * the gameconfig's `config` JSON string. Unknown keys are refused (a typo is an error, not a
 * silently ignored setting).
 */
export const DRILL_CONFIG_SCHEMA = field(
  {
    type: 'object',
    additionalProperties: false,
    default: {},
    properties: {
      spawnOrder: field({ type: 'string', enum: ['random', 'order'] } as const, {
        text: "How the spawner picks among `positions` / `targets`: 'order' cycles through them by spawn count, 'random' picks a free one (seeded).",
        spec: '3, 4', defaultNote: "'random'",
      }),
      positions: field({ type: 'array', maxItems: 100, items: VEC3 } as const, {
        text: 'Fixed spawn points [x, y, z] (spawn mode Original / position_mode Fixed).', unit: 'metres', spec: '3, 4',
        defaultNote: 'none',
      }),
      critZone: field({ type: 'number', minimum: 0, maximum: 1 } as const, {
        text: "Radius of a sphere target's crit core (with `critCore`) around its centre line, as a fraction of the target radius.",
        unit: 'fraction of the radius', spec: '9 (crit zones per model)', defaultNote: '0.35',
      }),
      critCore: field({ type: 'boolean' } as const, {
        text: 'Sphere targets get a drawn crit core (radius `critZone`) facing the player; without it a sphere target has no crits.',
        spec: '9 (crit zones per model)', defaultNote: 'false',
      }),
      gameMode: field({
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string', pattern: GAME_MODE_NAME_PATTERN, description: 'Game mode (when `special_mode` is not set): a registered game mode.' },
          initialSpawnAreaIndex: { type: 'integer', minimum: 0, maximum: 1, description: 'AlternatingAreas: the first area, 0 left or 1 right (default 0).' },
        },
      } as const, { text: 'Game mode settings: `name` (used when `special_mode` is not set) and `initialSpawnAreaIndex` (AlternatingAreas: 0 left, 1 right).', spec: '3, 4', defaultNote: "{ name: 'default', initialSpawnAreaIndex: 0 }" }),
      tiers: field({ type: 'array', maxItems: 10, items: { type: 'number', minimum: 0, maximum: 1000000 } } as const, {
        text: "Objective bar thresholds of the primary metric, in the order they are reached.", unit: "the primary metric's unit",
        spec: '3, 4 (objective bar)', defaultNote: "[the primary metric's threshold]",
      }),
      targets: field({
        type: 'array',
        maxItems: 100,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['properties'],
          properties: {
            properties: {
              type: 'object',
              additionalProperties: false,
              properties: { isPriority: { type: 'boolean', description: 'A priority target (priority-target-first spawning).' } },
            },
          },
        },
      } as const, { text: 'Per-target properties: spawn k uses entry k mod n in order mode, a seeded pick otherwise; `properties.isPriority` marks a priority target.', spec: '3, 4', defaultNote: '[]' }),
      minSize: field({ type: 'number', minimum: 0.01, maximum: 5 } as const, {
        text: 'Smallest radius of a growing / shrinking target (target_grow_mode).', unit: 'metres', spec: '3', defaultNote: '0.5 x target_size',
      }),
      maxSize: field({ type: 'number', minimum: 0.01, maximum: 5 } as const, {
        text: 'Largest radius of a growing / shrinking target (target_grow_mode).', unit: 'metres', spec: '3', defaultNote: 'target_size',
      }),
      adsZoom: field({ type: 'number', minimum: 1, maximum: 20 } as const, {
        text: 'ADS zoom: the field of view is divided by it while ADS is held. Below 1 is refused.', unit: 'factor', spec: '5', defaultNote: '1.5 (ours: the spec names none)',
      }),
      ads: field({ type: 'boolean' } as const, { text: 'Whether the ADS button zooms in this drill.', spec: '3, 5', defaultNote: 'true' }),
      initialPos: field(VEC3, { text: 'The point the aim looks at when the round starts.', unit: 'metres', spec: '3', defaultNote: 'straight ahead' }),
      returnPos: field(VEC3, { text: 'Return-to-centre point (used when `return_pos` is not set).', unit: 'metres', spec: '3, 9', defaultNote: '[0, 0, -40]' }),
      returnAngle: field({ type: 'number', minimum: 0.5, maximum: 20 } as const, {
        text: 'Return to centre (return_to_centre): the aim counts as back, and the next target appears, once it is within this angle of the return-to-centre point. A small angle makes every flick start closer to the centre (drills that place targets at given directions and distances from the centre: the weak-spot drills, src/analysis/weakSpotDrill.ts).', unit: 'degrees', spec: '3, 4', defaultNote: '3',
      }),
      floor: field({ type: 'boolean' } as const, { text: 'Draw the floor.', spec: '3', defaultNote: 'true' }),
      multiMonitorMode: field({ type: 'boolean' } as const, { text: 'One view per canvas across several monitors.', spec: '3, 9', defaultNote: 'false' }),
      drillFovType: field({ type: 'string', enum: ['h', 'v', 'h4:3'] } as const, { text: 'The fov type minFov / maxFov are given in.', spec: '3, 5', defaultNote: "the player's fov type" }),
      minFov: field({ type: 'number', minimum: 1, maximum: 179 } as const, { text: "Lower bound of the player's field of view in this drill (fov lock).", unit: 'degrees', spec: '5', defaultNote: 'no bound' }),
      maxFov: field({ type: 'number', minimum: 1, maximum: 179 } as const, { text: "Upper bound of the player's field of view in this drill (fov lock).", unit: 'degrees', spec: '5', defaultNote: 'no bound' }),
      dynamic_target_setting_type: field({ type: 'string', enum: DYNAMIC_TARGET_SETTINGS } as const, {
        text: "Adaptive difficulty (with dynamic_target_setting_enabled): which setting moves a step harder after each kill and easier after a timed-out target: 'size' (harder = smaller), 'speed' (faster, needs target_moving), 'lifetime' (shorter, needs target_lifetime).",
        spec: '3', defaultNote: 'none (required when dynamic_target_setting_enabled)',
      }),
      dynamic_target_setting_min: field({ type: 'number', minimum: 0, maximum: 100000 } as const, { text: 'Lowest value of the dynamic setting.', unit: 'the setting\'s unit (metres, m/s or ms)', spec: '3', defaultNote: '0.5 x the base value' }),
      dynamic_target_setting_max: field({ type: 'number', minimum: 0, maximum: 100000 } as const, { text: 'Highest value of the dynamic setting.', unit: 'the setting\'s unit', spec: '3', defaultNote: '2 x the base value' }),
      dynamic_target_setting_step: field({ type: 'number', exclusiveMinimum: 0, maximum: 100000 } as const, { text: 'Step of the dynamic setting per kill / timeout.', unit: 'the setting\'s unit', spec: '3', defaultNote: '(max - min) / 10' }),
      adaptive: field({ type: 'string', enum: ADAPTIVE_MODES } as const, {
        text: "Adaptive difficulty (as Aim Lab's Circleshot modes): 'size' makes targets smaller after kills and larger after missed shots and timed-out targets, 'speed' faster / slower (needs target_moving), 'both' both. Range: 0.4 to 1.6 x target_size in steps of 0.06 x, 0.5 to 2 x target_speed in steps of 0.075 x; a missed shot counts 3 / target_health steps, so the setting settles near a 75 % hit rate. Not with dynamic_target_setting_enabled.",
        spec: '3 (ours: issue 36)', defaultNote: 'none',
      }),
      decoyShare: field({ type: 'number', minimum: 0, maximum: 0.9 } as const, {
        text: 'Share of spawns that are decoys: targets that must not be shot, drawn in the decoy colour; a hit on one removes it, counts as a decoy hit and takes one target off targets_destroyed. Needs a finite target_lifetime.',
        unit: 'fraction', spec: '3 (ours: issue 36)', defaultNote: '0 = no decoys',
      }),
      motion: field({
        type: 'object',
        additionalProperties: false,
        properties: {
          gravity: { type: 'number', exclusiveMinimum: 0, maximum: 100, description: `Gravity of 'bounce' targets and 'strafe' jumps, m/s^2 (default ${MOTION_DEFAULTS.gravity}).` },
          restitution: { type: 'number', minimum: 0, maximum: 1, description: `Share of the vertical speed a 'bounce' target keeps at a floor bounce (default ${MOTION_DEFAULTS.restitution}).` },
          changeMinMs: { type: 'number', exclusiveMinimum: 0, maximum: 60000, description: `Shortest interval between direction changes of 'reactive' / 'strafe' targets, ms (default ${MOTION_DEFAULTS.changeMinMs}).` },
          changeMaxMs: { type: 'number', exclusiveMinimum: 0, maximum: 60000, description: `Longest interval between direction changes, ms (default ${MOTION_DEFAULTS.changeMaxMs}).` },
          jumpChance: { type: 'number', minimum: 0, maximum: 1, description: `Chance that a 'strafe' target jumps at a direction change (default ${MOTION_DEFAULTS.jumpChance}).` },
          jumpSpeed: { type: 'number', minimum: 0, maximum: 50, description: `Take-off speed of a 'strafe' jump, m/s (default ${MOTION_DEFAULTS.jumpSpeed}).` },
        },
      } as const, { text: "Parameters of the movement patterns 'bounce', 'reactive' and 'strafe' (src/ecs/motionRules.ts).", spec: '3 (ours: issue 36)', defaultNote: 'the defaults of each key' }),
    },
  } as const,
  { text: "The engine's extra settings (spec section 3, \"Other fields used by the engine\"); becomes the gameconfig's `config` JSON string. Unknown keys are refused.", spec: '3' },
);

const num = (min: number, max: number) => ({ type: 'number', minimum: min, maximum: max }) as const;
const numOrNull = (min: number, max: number) => ({ type: ['number', 'null'], minimum: min, maximum: max }) as const;

/**
 * The drill document schema (JSON Schema draft-07 for ajv). `additionalProperties: false`: an
 * unknown field is an error. `required`: id, name, category, num_targets, spawn_mode; every
 * other field has a `default` that `validateDrillDocument` fills in.
 */
export const DRILL_DOCUMENT_SCHEMA = {
  $id: 'DrillDocument',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'category', 'num_targets', 'spawn_mode'],
  properties: {
    // ---- identity and texts ----
    id: field({ type: 'integer', minimum: 1, maximum: 2147483647 } as const, {
      text: 'Drill id, unique in the catalogue; the file is named `<id>.json`. The page loads it with `?id=` (default 134).', spec: '3, 5, 9',
    }),
    name: field({ type: 'string', minLength: 1, maxLength: 80 } as const, { text: 'Drill name shown in the drill list and the pre-game screen.', spec: '2, 3' }),
    category: field({ type: 'string', enum: DRILL_CATEGORIES } as const, { text: 'Group of the drill list.', spec: '2 (ours: the spec names no categories)' }),
    family: field({ type: ['string', 'null'], enum: [...DRILL_FAMILIES, null], default: null } as const, {
      text: 'Skill family (the drill browser filters by it; every catalogue file names one).', spec: '2 (ours: the spec names no families; issue 36)', defaultNote: 'null = none named',
    }),
    difficulty: field({ type: ['string', 'null'], enum: [...DRILL_DIFFICULTIES, null], default: null } as const, {
      text: 'Difficulty label (every catalogue file names one).', spec: '2 (ours: the spec names no difficulty; issue 36)', defaultNote: 'null = none named',
    }),
    game_type_description: field({ type: 'string', maxLength: 2000, pattern: SAFE_HTML_PATTERN, default: '' } as const, {
      text: 'Description shown on the pre-game screen, as HTML limited to <p>, <b>, <i>, <em>, <strong> and <br> (no attributes).', spec: '2, 3',
    }),
    objective: field({ type: 'string', maxLength: 200, default: '' } as const, { text: 'One-line objective shown before and after the round.', spec: '3, 9' }),
    config: DRILL_CONFIG_SCHEMA,
    // ---- round ----
    duration: field({ type: 'number', minimum: 1000, maximum: 300000, default: DRILL_DEFAULTS.durationMs } as const, {
      text: 'Round length. (The spec lists duration among the response fields in seconds; the stored drill has ms, as section 9\'s default.) The upper bound is section 9\'s limit for tracked bullets.', unit: 'ms', spec: '3, 9',
    }),
    num_targets: field({ type: 'integer', minimum: 1, maximum: 50 } as const, { text: 'Targets kept on the field at once.', unit: 'count', spec: '3, 4' }),
    spawn_mode: field({ type: 'string', enum: SPAWN_MODES } as const, {
      text: 'Where targets appear: Original = fixed positions; Peripheral, Ladder, Oscillation = relative to the last target; 180, MultiArea, AlternatingAreas, Random3D = a random spot in a 3D area; Random = 2D random on the wall with 3 or more targets and position_mode Random, else relative.',
      spec: '3, 4',
    }),
    position_mode: field({ type: 'string', enum: ['Random', 'Relative', 'Fixed'], default: 'Random' } as const, {
      text: "With spawn mode Random: 'Random' places targets at random on the wall (3 or more targets), anything else relative to the last target.", spec: '3, 4',
    }),
    position_min_dist: field({ ...num(0, 50), default: DRILL_DEFAULTS.positionMinDist } as const, { text: 'Least distance of a relatively placed target from the last one (also the orbit radius of movement_pattern circle, at least 0.25).', unit: 'metres', spec: '3, 9' }),
    position_max_dist: field({ ...num(0, 50), default: DRILL_DEFAULTS.positionMaxDist } as const, { text: 'Greatest distance of a relatively placed target from the last one; also sizes the spawn wall. Must be at least position_min_dist.', unit: 'metres', spec: '3, 9' }),
    time_between_targets: field({ ...num(0, 60000), default: 0 } as const, { text: "Delay before a removed target's slot is refilled.", unit: 'ms', spec: '3, 9', defaultNote: 'at once' }),
    time_between_randomise: boolField(false, 'Multiply each refill delay by a seeded factor in [0.5, 1.5).', '3, 9'),
    special_mode: field({ type: ['string', 'null'], pattern: GAME_MODE_NAME_PATTERN, default: null } as const, {
      text: "Game mode, a registered one: built in 'default', 'priority' (hits on others deal no damage while a priority target lives), 'elimination' (no replacements; the round ends when the field is clear), 'sudden_death' (the first miss ends the round); modes registered with registerGameMode (docs/engine.md) too.",
      spec: '3, 4', defaultNote: "null = config gameMode.name, else 'default'",
    }),
    primary_metric: field({ type: 'string', enum: PRIMARY_METRICS, default: DRILL_DEFAULTS.primaryMetric } as const, { text: 'The metric the score and the leaderboard follow.', spec: '3, 9' }),
    targets_destroyed_score: field({ ...numOrNull(0, 100000), default: null } as const, { text: 'Objective threshold of targets_destroyed.', unit: 'targets', spec: '3', defaultNote: 'no threshold' }),
    accuracy_score: field({ ...numOrNull(0, 100), default: null } as const, { text: 'Objective threshold of accuracy.', unit: '%', spec: '3', defaultNote: 'no threshold' }),
    time_destroy_score: field({ ...numOrNull(0, 60000), default: null } as const, { text: 'Objective threshold of time_destroy (average kill time: lower is better).', unit: 'ms', spec: '3', defaultNote: 'no threshold' }),
    crit_hit_score: field({ ...numOrNull(0, 100), default: null } as const, { text: 'Objective threshold of crit_hit.', unit: '%', spec: '3', defaultNote: 'no threshold' }),
    analysis_mode: field({ type: 'integer', enum: [0, 1], default: 0 } as const, { text: '1 = bullets are always tracked (per-shot analysis).', spec: '3, 9' }),
    // ---- targets ----
    target_size: field({ type: 'number', minimum: 0.02, maximum: 3, default: 0.35 } as const, { text: 'Target radius.', unit: 'metres', spec: '3', defaultNote: 'ours: the spec names none' }),
    target_health: field({ ...num(1, 10000), default: DRILL_DEFAULTS.targetHealth } as const, { text: 'Hit points at spawn; a hit deals 1, a crit crit_dmg_multiplier. The health bar shows from 2 to 8999.', unit: 'hit points', spec: '3, 9' }),
    target_speed: field({ ...num(0, 50), default: DRILL_DEFAULTS.targetSpeed } as const, { text: 'Speed of moving targets (target_moving).', unit: 'm/s', spec: '3, 9' }),
    target_scale_x: field({ ...num(0.1, 10), default: 1 } as const, { text: 'Scale of the target along x; the hit sphere is target_size x the largest scale.', unit: 'factor', spec: '3' }),
    target_scale_y: field({ ...num(0.1, 10), default: 1 } as const, { text: 'Scale of the target along y.', unit: 'factor', spec: '3' }),
    target_scale_z: field({ ...num(0.1, 10), default: 1 } as const, { text: 'Scale of the target along z.', unit: 'factor', spec: '3' }),
    target_lifetime: field({ ...numOrNull(50, 600000), default: null } as const, { text: 'How long a target lives before it is removed as timedOut. The lifetime bar shows below 30000.', unit: 'ms', spec: '3, 4, 9', defaultNote: 'null = until killed' }),
    target_model: field({ type: 'string', enum: TARGET_MODELS, default: 'sphere' } as const, { text: "Target model, its hit shape = its drawn parts: 'sphere' (crits only with config critCore), 'humanoid' (1.91 x target_size tall; crit: the head), 'plate' (a disc facing the player; no crits), 'bot' (body and head; crit: the head).", spec: '3, 9' }),
    target_moving: boolField(false, 'Targets move (movement_pattern, target_speed) and bounce inside their spawn area.', '3'),
    target_grounded: boolField(false, 'Targets stand on the floor (cannot move vertical or circle).', '3'),
    target_colourable: boolField(true, "The player's target colour applies.", '3'),
    target_face_player: boolField(false, 'Targets turn to face the player.', '3'),
    target_config: field({ type: ['object', 'null'], maxProperties: 50, default: null } as const, { text: "Free-form per-target settings of the view; becomes the gameconfig's `target_config` JSON string.", spec: '3', defaultNote: 'none' }),
    target_grow_mode: field({ type: 'string', enum: TARGET_GROW_MODES, default: 'none' } as const, { text: "Radius over the lifetime: 'grow' config minSize to maxSize, 'shrink' the reverse; needs target_lifetime.", spec: '3' }),
    movement_pattern: field({ type: ['string', 'null'], enum: [...MOVEMENT_PATTERNS, 'random', null], default: null } as const, {
      text: "How moving targets move: 'free' / 'random' a seeded direction, 'horizontal', 'vertical', 'depth' (needs a 3D spawn mode), 'circle' (orbit of radius position_min_dist), 'bounce' (thrown up, falling under gravity and bouncing: Popcorn), 'reactive' (random direction changes), 'strafe' (A-D strafing with jumps); see config motion.",
      spec: '3', defaultNote: "null = 'free'",
    }),
    shots_per_target: field({ type: 'integer', minimum: 0, maximum: 1000, default: 0 } as const, { text: 'Shots a target allows before it is removed as missed.', unit: 'shots', spec: '3, 4', defaultNote: '0 = unlimited' }),
    crit_dmg_multiplier: field({ ...num(1, 100), default: DRILL_DEFAULTS.critDmgMultiplier } as const, { text: 'Damage of a crit hit.', unit: 'hit points', spec: '3, 9' }),
    health_regenerate_rate: field({ ...num(0, 1000), default: 0 } as const, { text: 'Health a live target regains.', unit: 'hit points per second', spec: '3, 4' }),
    priority_target: boolField(false, 'Priority targets first: numPriorityTargets of the live targets are priority targets.', '3, 4'),
    numPriorityTargets: field({ type: ['integer', 'null'], minimum: 1, maximum: 50, default: null } as const, { text: 'Priority targets kept alive (capped at num_targets); needs priority_target or special_mode priority.', unit: 'count', spec: '3, 4', defaultNote: 'null = 1 when priority is on' }),
    dynamic_target_setting_enabled: boolField(false, 'Adaptive difficulty; its kind and bounds are config dynamic_target_setting_type / _min / _max / _step.', '3'),
    // ---- weapon ----
    weapon_automatic: boolField(false, 'Holding fire keeps firing at weapon_fire_rate.', '3'),
    weapon_fire_rate: field({ type: 'number', minimum: 0.5, maximum: 100, default: DRILL_DEFAULTS.weaponFireRate } as const, { text: 'Fastest fire rate.', unit: 'shots per second', spec: '3, 9' }),
    weapon_type: field({ type: 'string', minLength: 1, maxLength: 32, default: 'pistol' } as const, { text: 'Weapon drawn and heard: pistol, rifle or sniper (the sniper aims down sights through a scope); other names draw the pistol (src/contracts/weaponModels.ts). The engine does not use it.', spec: '3' }),
    clip_size: field({ type: 'integer', minimum: 1, maximum: 99999, default: DRILL_DEFAULTS.clipSize } as const, { text: 'Rounds per clip; 99999 = no clip (the clip HUD shows below 99999).', unit: 'rounds', spec: '3, 9' }),
    clip_reload_time: field({ ...num(0, 10000), default: DRILL_DEFAULTS.clipReloadTimeMs } as const, { text: 'Reload time of an empty clip.', unit: 'ms', spec: '3, 9' }),
    clip_decrement_on_hit: boolField(false, 'Only hits use rounds (misses are free).', '3'),
    clip_reload_on_death: boolField(false, 'A kill refills the clip.', '3'),
    ads_sens: field({ ...num(0.001, 100), default: DRILL_DEFAULTS.adsSens } as const, { text: "Sensitivity multiplier while ADS is held (the gameconfig answer carries the player's own ads_sens in its place, as for fov).", unit: 'factor', spec: '3, 5, 9' }),
    // ---- player and view ----
    player_movement_speed: field({ ...num(0, 20), default: DRILL_DEFAULTS.playerMovementSpeed } as const, { text: 'Player speed while a movement key is held (0 = the player cannot move).', unit: 'm/s', spec: '3, 9' }),
    player_start_x: field({ ...num(-100, 100), default: DRILL_DEFAULTS.playerStart[0] } as const, { text: 'Eye position at round start, x.', unit: 'metres', spec: '3, 9' }),
    player_start_y: field({ ...num(-100, 100), default: DRILL_DEFAULTS.playerStart[1] } as const, { text: 'Eye position at round start, y (height).', unit: 'metres', spec: '3, 9' }),
    player_start_z: field({ ...num(-100, 100), default: DRILL_DEFAULTS.playerStart[2] } as const, { text: 'Eye position at round start, z.', unit: 'metres', spec: '3, 9' }),
    player_offset_x: field({ ...num(-10, 10), default: 0 } as const, { text: 'Added to the start position for the eye, x.', unit: 'metres', spec: '3' }),
    player_offset_y: field({ ...num(-10, 10), default: 0 } as const, { text: 'Added to the start position for the eye, y.', unit: 'metres', spec: '3' }),
    player_offset_z: field({ ...num(-10, 10), default: 0 } as const, { text: 'Added to the start position for the eye, z.', unit: 'metres', spec: '3' }),
    return_to_centre: boolField(false, 'After each kill the player brings the aim back to return_pos before the next target appears; the clock stops meanwhile. Off with priority modes.', '3, 4'),
    return_pos: field({ type: ['string', 'null'], pattern: '^\\s*-?\\d+(\\.\\d+)?\\s*,\\s*-?\\d+(\\.\\d+)?\\s*,\\s*-?\\d+(\\.\\d+)?\\s*$', default: null } as const, {
      text: "Return-to-centre point as 'x,y,z'.", unit: 'metres', spec: '3, 9', defaultNote: 'null = config returnPos, else 0,0,-40',
    }),
    show_crosshair: boolField(true, 'Show the crosshair.', '3'),
    pointer_lock: boolField(true, 'Lock the pointer on the first click.', '3, 4'),
    adapt_for_fov: boolField(false, 'Adapt the view to the field of view (view only).', '3'),
    fov: field({ ...num(40, 140), default: DRILL_DEFAULTS.fov } as const, { text: "Field of view of the drill (the gameconfig answer carries the player's own).", unit: 'degrees', spec: '3, 5, 9' }),
    fov_type: field({ type: 'string', enum: ['h', 'v', 'h4:3'], default: DRILL_DEFAULTS.fovType } as const, { text: 'Which angle fov measures: horizontal, vertical or horizontal at 4:3.', spec: '3, 9' }),
    max_fps: field({ ...num(60, 4000), default: DRILL_DEFAULTS.maxFps } as const, { text: 'Frame-rate cap of the drill (applied in the desktop client).', unit: 'frames per second', spec: '5, 9' }),
    level_model: field({ type: ['string', 'null'], maxLength: 64, default: null } as const, { text: 'Level model name (view only).', spec: '3', defaultNote: 'null = our room' }),
    level_style: field({ type: ['string', 'null'], maxLength: 64, default: null } as const, { text: "Level style; null or 'factory' lets the player's brightness apply.", spec: '3, 5', defaultNote: 'null = the factory style' }),
  },
} as const;

// The schema names exactly the drill fields of CatalogueDrill (compile-time check).
const _sameKeys: [KeysMismatch<Omit<CatalogueDrill, 'config' | 'target_config'>, { properties: Omit<(typeof DRILL_DOCUMENT_SCHEMA)['properties'], 'config' | 'target_config'> }>] extends [never] ? true : false = true;
void _sameKeys;

/** One reason a drill document is refused: `field` is the dotted path of the field
 * (`target_size`, `config.positions.2`; '' for the document itself) and `reason` says why
 * (`must be <= 3, got 9`, `is not a drill field`, `is required`). */
export interface DrillDocumentError {
  field: string;
  reason: string;
}

/** What `validateDrillDocument` answers. */
export type DrillDocumentResult = { ok: true; drill: CatalogueDrill } | { ok: false; errors: DrillDocumentError[] };

/** The ajv options the schema is compiled with (scripts/drill-schema-gen.ts): every error, the
 * defaults filled in, no type coercion, strict schema checks. */
export const DRILL_VALIDATOR_OPTIONS = {
  allErrors: true, useDefaults: true, coerceTypes: false, strict: true, strictTypes: false,
} as const;

/** The compiled schema: mutates its argument (fills in defaults); errors in `.errors`. */
const validator = (): { (data: unknown): boolean; errors?: ErrorObject[] | null } =>
  validateCompiled as unknown as { (data: unknown): boolean; errors?: ErrorObject[] | null };

/** `a.b.2` from ajv's JSON pointer `/a/b/2`. */
function dotted(pointer: string): string {
  return pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

function valueAt(doc: unknown, pointer: string): unknown {
  let v: unknown = doc;
  for (const p of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[p.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

/** A readable reason for one ajv error. */
function toError(e: ErrorObject, doc: unknown): DrillDocumentError {
  const base = dotted(e.instancePath);
  const join = (k: string) => (base ? `${base}.${k}` : k);
  const got = (): string => {
    const v = valueAt(doc, e.instancePath);
    const s = JSON.stringify(v);
    return s === undefined ? '' : `, got ${s.length > 60 ? `${s.slice(0, 57)}...` : s}`;
  };
  switch (e.keyword) {
    case 'required':
      return { field: join(String((e.params as { missingProperty: string }).missingProperty)), reason: 'is required' };
    case 'additionalProperties':
      return { field: join(String((e.params as { additionalProperty: string }).additionalProperty)), reason: base ? `is not a known key of ${base}` : 'is not a drill field' };
    case 'enum':
      return { field: base, reason: `must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues).map((v) => JSON.stringify(v)).join(', ')}${got()}` };
    case 'pattern':
      return {
        field: base,
        reason: base === 'game_type_description' ? `must be text with only <p>, <b>, <i>, <em>, <strong> or <br> tags (no attributes)` : `must match ${(e.params as { pattern: string }).pattern}${got()}`,
      };
    case 'type':
      return { field: base, reason: `must be ${String((e.params as { type: unknown }).type).split(',').join(' or ')}${got()}` };
    default:
      return { field: base, reason: `${e.message ?? 'is invalid'}${got()}` };
  }
}

/** Options of `validateDrillDocument`. */
export interface ValidateDrillOptions {
  /** the game-mode names `special_mode` and config `gameMode.name` may hold (default
   * DRILL_GAME_MODES, the built-in ones; src/drill's checkDrillDocument passes the registry's) */
  gameModes?: readonly string[];
}

/** The errors of a document's game-mode names that are not in `modes` (none when the fields are
 * absent or not strings: the schema reports those). */
function gameModeErrors(doc: unknown, modes: readonly string[]): DrillDocumentError[] {
  const out: DrillDocumentError[] = [];
  if (doc === null || typeof doc !== 'object') return out;
  const d = doc as Record<string, unknown>;
  const check = (field: string, v: unknown) => {
    if (typeof v === 'string' && !modes.includes(v)) {
      out.push({ field, reason: `must be a registered game mode (${modes.map((m) => JSON.stringify(m)).join(', ')}), got ${JSON.stringify(v)}` });
    }
  };
  check('special_mode', d.special_mode);
  const cfg = d.config;
  if (cfg !== null && typeof cfg === 'object') {
    const gm = (cfg as Record<string, unknown>).gameMode;
    if (gm !== null && typeof gm === 'object') check('config.gameMode.name', (gm as Record<string, unknown>).name);
  }
  return out;
}

/**
 * The drill schema with the game-mode fields listing `modes` (an `enum`, for editors and
 * generated docs that want the names; `validateDrillDocument(doc, { gameModes: modes })` applies
 * the same rule). Pure; `DRILL_DOCUMENT_SCHEMA` is not changed.
 */
export function drillDocumentSchemaFor(modes: readonly string[]): typeof DRILL_DOCUMENT_SCHEMA {
  const schema = structuredClone(DRILL_DOCUMENT_SCHEMA) as unknown as { properties: Record<string, Record<string, unknown>> };
  schema.properties.special_mode.enum = [...modes, null];
  const cfg = schema.properties.config as { properties: Record<string, { properties: Record<string, Record<string, unknown>> }> };
  cfg.properties.gameMode.properties.name.enum = [...modes];
  return schema as unknown as typeof DRILL_DOCUMENT_SCHEMA;
}

/**
 * Validates a drill document (the content of one `drills/*.json` file, or a player-made drill)
 * against `DRILL_DOCUMENT_SCHEMA`, and cross-checks position_min_dist <= position_max_dist.
 * On success answers the drill with every default filled in and `config` / `target_config`
 * turned into JSON strings (the gameconfig form); `doc` itself is not changed. On failure
 * answers every error found, each with the field's dotted path and the reason. Game-mode names
 * (`special_mode`, config `gameMode.name`) must be in `opts.gameModes` (default
 * DRILL_GAME_MODES, the built-in modes). Never throws.
 *
 * This checks the document's shape and ranges; the engine's own rules across fields (a grow mode
 * needs a lifetime, 'depth' needs a 3D spawn mode, ...) are parseDrillConfig's
 * (src/drill/drillDocument.ts `checkDrillDocument` runs both).
 */
export function validateDrillDocument(doc: unknown, opts: ValidateDrillOptions = {}): DrillDocumentResult {
  const copy: unknown = doc === undefined ? undefined : structuredClone(doc);
  const validate = validator();
  const modeErrors = gameModeErrors(doc, opts.gameModes ?? DRILL_GAME_MODES);
  if (!validate(copy) || modeErrors.length > 0) {
    const seen = new Set<string>();
    const errors: DrillDocumentError[] = [...modeErrors];
    for (const e of modeErrors) seen.add(`${e.field}\u0000${e.reason}`);
    for (const e of validate.errors ?? []) {
      if (modeErrors.length > 0 && (e.instancePath === '/special_mode' || e.instancePath === '/config/gameMode/name')) continue;
      const err = toError(e, copy);
      const k = `${err.field}\u0000${err.reason}`;
      if (!seen.has(k)) {
        seen.add(k);
        errors.push(err);
      }
    }
    return { ok: false, errors };
  }
  const d = copy as Record<string, unknown>;
  if ((d.position_min_dist as number) > (d.position_max_dist as number)) {
    return { ok: false, errors: [{ field: 'position_min_dist', reason: `must be at most position_max_dist (${String(d.position_max_dist)}), got ${String(d.position_min_dist)}` }] };
  }
  const drill = {
    ...d,
    config: JSON.stringify(d.config),
    target_config: d.target_config === null ? null : JSON.stringify(d.target_config),
  } as unknown as CatalogueDrill;
  return { ok: true, drill };
}

/**
 * The document of a drill: the inverse of `validateDrillDocument` for a validated drill
 * (`config` / `target_config` JSON strings parsed back to objects), with every field whose value
 * equals the schema's default left out, so a document holds only what makes the drill itself.
 * `validateDrillDocument(drillToDocument(d))` gives `d` back (tested). Throws SyntaxError when
 * `config` or `target_config` is not valid JSON.
 */
export function drillToDocument(drill: CatalogueDrill): Record<string, unknown> {
  const props = DRILL_DOCUMENT_SCHEMA.properties as Record<string, { default?: unknown }>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(drill as Record<string, unknown>)) {
    let value = v;
    if ((k === 'config' || k === 'target_config') && typeof v === 'string') value = JSON.parse(v) as unknown;
    const p = props[k];
    if (p && 'default' in p && JSON.stringify(p.default) === JSON.stringify(value)) continue;
    out[k] = value;
  }
  return out;
}

/** A drill document as written in a `drills/*.json` file or by the drill editor (the type of
 * DRILL_DOCUMENT_SCHEMA: optional fields may be left out; `config` and `target_config` are
 * objects). `validateDrillDocument` turns one into a `CatalogueDrill`. */
export type DrillDocument = FromSchema<typeof DRILL_DOCUMENT_SCHEMA, { keepDefaultedPropertiesOptional: true }>;
