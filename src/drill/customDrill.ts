/**
 * Player-made drills (issue 17 item 4, the drill editor): the one check a drill document passes
 * before it is saved (server, `POST /api/v1/drills`) and before it is previewed (client,
 * src/ui/DrillEditor.tsx), and the editor's fields with their ranges.
 *
 * A drill document is a catalogue entry's fields (src/drill/catalogue.ts `CatalogueDrill`:
 * name, game_type_description, objective, category, config, duration in ms, num_targets,
 * target_* ...). `validateCustomDrill` checks it with THE drill schema
 * (`validateDrillDocument`, src/contracts/drillSchema.ts, the same function the catalogue's
 * files pass) and then with `parseDrillConfig`, so a saved drill can actually be played.
 */
import { DrillConfigError } from './parseDrillConfig';
import { checkDrillDocument } from './drillDocument';
import { DRILL_CATEGORIES, DRILL_DOCUMENT_SCHEMA } from '../contracts/drillSchema';
import type { GameConfigResponse } from '../contracts/gameConfig';

/** THE drill schema (src/contracts/drillSchema.ts): the editor reads its ranges from it. */
export const DRILL_SCHEMA: { properties: Record<string, unknown> } = DRILL_DOCUMENT_SCHEMA as unknown as { properties: Record<string, unknown> };

/** One problem of a drill document: the field (a top-level key, or `document`) and why. */
export interface DrillFieldError {
  field: string;
  reason: string;
}

/** The result of `validateCustomDrill`: the document with the schema's defaults applied, or
 * every problem found. */
export type CustomDrillCheck =
  | { ok: true; drill: Record<string, unknown> }
  | { ok: false; errors: DrillFieldError[] };

/** Ids of player-made drills start here; catalogue ids stay below (the catalogue's highest is
 * 2033), so a saved drill can never overwrite a catalogue drill, nor the reverse. */
export const CUSTOM_DRILL_MIN_ID = 100_000;
/** The largest drill id (the `integer` column's maximum). */
export const CUSTOM_DRILL_MAX_ID = 2_147_483_647;

/** The category a player's drill is checked with when its document names none of the
 * catalogue's (DRILL_CATEGORIES): the category has no effect on play, and a player's drill is
 * stored under the category 'custom' (src/server/customDrillRoutes.ts). */
export const CUSTOM_CHECK_CATEGORY = 'clicking';

/**
 * Checks a drill document for saving or previewing with `checkDrillDocument`
 * (src/drill/drillDocument.ts: THE drill schema, then `parseDrillConfig`), the very check the
 * catalogue's files pass: every problem, each with its field (a dotted path such as
 * `target_size` or `config.minSize`; `document` for the document as a whole). `id` is the id the
 * drill will have (the server's new id; the preview's base id), replacing any in `doc`. On
 * success answers the drill with the schema's defaults filled in and `config` as a JSON string.
 * Never throws.
 */
export function validateCustomDrill(doc: unknown, id: number): CustomDrillCheck {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    return { ok: false, errors: [{ field: 'document', reason: 'must be a JSON object' }] };
  }
  const d = doc as Record<string, unknown>;
  const category = (DRILL_CATEGORIES as readonly unknown[]).includes(d.category) ? d.category : CUSTOM_CHECK_CATEGORY;
  const checked = checkDrillDocument({ ...d, id, category });
  if (!checked.ok) return { ok: false, errors: checked.errors.map((e) => ({ field: e.field || 'document', reason: e.reason })) };
  return { ok: true, drill: checked.drill as unknown as Record<string, unknown> };
}

/**
 * A stored drill's fields (the gameconfig form: `config` / `target_config` JSON strings) as the
 * document the editor edits (`config` / `target_config` objects), without `id`. A string that is
 * not JSON stays as it is (the check then names the field).
 */
export function documentOfFields(fields: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...doc } = fields;
  for (const k of ['config', 'target_config']) {
    if (typeof doc[k] === 'string') {
      try {
        doc[k] = JSON.parse(doc[k] as string) as unknown;
      } catch {
        /* left as it is */
      }
    }
  }
  return doc;
}

/** One field of the editor form. `kind`: a number input, a choice of the schema's `enum`, or a
 * checkbox. `scale`: the form shows value / scale (duration: ms shown as seconds). `nullable`:
 * an empty input means null (no lifetime, no threshold). */
export interface EditorField {
  key: string;
  kind: 'number' | 'enum' | 'boolean' | 'text' | 'textarea';
  scale?: number;
}

/** The editor's groups of fields, in order (issue 17: spawn mode, targets, sizes, speeds,
 * movement, lifetime, health, weapon, duration, thresholds). Labels and units are i18n keys
 * `editor.field.{key}` / `editor.unit.{key}`. */
export const EDITOR_GROUPS: readonly { id: string; fields: readonly EditorField[] }[] = [
  {
    id: 'general',
    fields: [
      { key: 'name', kind: 'text' },
      { key: 'objective', kind: 'text' },
      { key: 'game_type_description', kind: 'textarea' },
      { key: 'duration', kind: 'number', scale: 1000 },
    ],
  },
  {
    id: 'spawn',
    fields: [
      { key: 'spawn_mode', kind: 'enum' },
      { key: 'num_targets', kind: 'number' },
      { key: 'time_between_targets', kind: 'number' },
      { key: 'position_min_dist', kind: 'number' },
      { key: 'position_max_dist', kind: 'number' },
    ],
  },
  {
    id: 'targets',
    fields: [
      { key: 'target_size', kind: 'number' },
      { key: 'target_health', kind: 'number' },
      { key: 'target_lifetime', kind: 'number' },
      { key: 'shots_per_target', kind: 'number' },
    ],
  },
  {
    id: 'movement',
    fields: [
      { key: 'target_moving', kind: 'boolean' },
      { key: 'target_speed', kind: 'number' },
      { key: 'movement_pattern', kind: 'enum' },
    ],
  },
  {
    id: 'weapon',
    fields: [
      { key: 'weapon_automatic', kind: 'boolean' },
      { key: 'weapon_fire_rate', kind: 'number' },
      { key: 'clip_size', kind: 'number' },
      { key: 'clip_reload_time', kind: 'number' },
    ],
  },
  {
    id: 'objective',
    fields: [
      { key: 'primary_metric', kind: 'enum' },
      { key: 'targets_destroyed_score', kind: 'number' },
      { key: 'accuracy_score', kind: 'number' },
      { key: 'time_destroy_score', kind: 'number' },
      { key: 'crit_hit_score', kind: 'number' },
    ],
  },
];

/** What the schema says of one field: its numeric bounds, its enum, whether null is allowed,
 * its integer-ness and its maximum length. Unknown fields give an empty rule. */
export interface FieldRule {
  min?: number;
  max?: number;
  integer: boolean;
  nullable: boolean;
  options?: readonly (string | number)[];
  maxLength?: number;
  default?: unknown;
}

/** The rule of field `key` read from the drill schema's `properties[key]` (its `type`,
 * `minimum`, `maximum`, `enum`, `maxLength`, `default`; an `anyOf`/`oneOf` of alternatives is
 * merged). */
export function fieldRule(key: string, schema: { properties: Record<string, unknown> } = DRILL_SCHEMA): FieldRule {
  const rule: FieldRule = { integer: false, nullable: false };
  const visit = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const o = s as Record<string, unknown>;
    const types = Array.isArray(o.type) ? o.type : o.type !== undefined ? [o.type] : [];
    if (types.includes('null')) rule.nullable = true;
    if (types.includes('integer')) rule.integer = true;
    if (typeof o.minimum === 'number') rule.min = o.minimum;
    if (typeof o.exclusiveMinimum === 'number') rule.min = o.exclusiveMinimum;
    if (typeof o.maximum === 'number') rule.max = o.maximum;
    if (typeof o.exclusiveMaximum === 'number') rule.max = o.exclusiveMaximum;
    if (typeof o.maxLength === 'number') rule.maxLength = o.maxLength;
    if (Array.isArray(o.enum)) {
      const values = o.enum.filter((v) => v !== null) as (string | number)[];
      if (o.enum.includes(null)) rule.nullable = true;
      rule.options = [...(rule.options ?? []), ...values];
    }
    if (o.const === null) rule.nullable = true;
    if ('default' in o) rule.default = o.default;
    for (const k of ['anyOf', 'oneOf'] as const) if (Array.isArray(o[k])) (o[k] as unknown[]).forEach(visit);
  };
  visit(schema.properties[key]);
  return rule;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A player's plain-text description as the HTML the pre-game overlay shows (the overlay
 * renders `game_type_description` as HTML): every character escaped, in one paragraph, so no
 * markup of the player's reaches another player's page. */
export function descriptionHtml(text: string): string {
  const escaped = text.trim().replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
  return escaped ? `<p>${escaped}</p>` : '';
}

/**
 * The gameconfig answer a preview plays (issue 17, `/?id=N&preview=1`): `config` (drill N with
 * the player's settings) with the editor's `draft` document over its drill fields, the draft's
 * plain-text description escaped as the server would store it, the id kept, no best score nor
 * leaderboard rank. Throws a
 * DrillConfigError naming the field when there is no draft or it would not be saved
 * (`validateCustomDrill`).
 */
export function previewConfig(config: GameConfigResponse, draft: unknown): GameConfigResponse {
  if (!draft || typeof draft !== 'object' || Array.isArray(draft)) throw new DrillConfigError('document', 'there is no drill draft to preview');
  const doc = { ...(draft as Record<string, unknown>) };
  if (typeof doc.game_type_description === 'string') doc.game_type_description = descriptionHtml(doc.game_type_description);
  const checked = validateCustomDrill(doc, config.id);
  if (!checked.ok) throw new DrillConfigError(checked.errors[0].field, checked.errors[0].reason);
  // a draft has no best score nor rank of its own (drill N's would mislead)
  return { ...config, ...checked.drill, id: config.id, best_score: null, leaderboard_rank: null } as GameConfigResponse;
}

// The editor's payloads, shared by the routes (src/server/customDrillRoutes.ts) and the client
// (src/net/customDrills.ts).

/** `GET /api/v1/drills/:id/document`: a stored drill document and whether the reader made it. */
export interface DrillDocumentAnswer {
  id: number;
  mine: boolean;
  document: Record<string, unknown>;
}

/** One of the reader's drills (`GET /api/v1/drills/mine`); `duration` in ms. */
export interface MyDrill {
  id: number;
  name: string;
  objective: string;
  duration: number | null;
  spawn_mode: string | null;
  created_at: string | null;
}

/** What a save answers: the drill's id and the game page's URL. */
export interface DrillSaved {
  id: number;
  url: string;
  drill: MyDrill;
}
