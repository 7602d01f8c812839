/**
 * Drills for the engine's testing kit (src/ecs/testing.ts, src/kit.ts): the engine may not
 * import the drill parser, so the kit takes a full DrillConfig and this module makes one the way
 * the game does: the drill schema first (src/contracts/drillSchema.ts `validateDrillDocument`,
 * with every game mode registered now accepted), then `parseDrillConfig` (the engine's rules
 * across fields). A typo (`target_sise`) or a value out of range (`target_size: 9`) is an error
 * naming the field, never silently accepted.
 * Node only: catalogue ids read the drill files of `drills/` (src/drill/catalogue.ts), and
 * `kitDrillFromFile` reads a file.
 */
import { readFileSync } from 'fs';
import type { DrillConfig } from '../contracts/drillConfig';
import type { GameConfigResponse } from '../contracts/gameConfig';
import { drillToDocument, validateDrillDocument, type DrillDocumentError } from '../contracts/drillSchema';
import { gameModeNames } from '../ecs/gameModes';
import { DRILL_CATALOGUE } from './catalogue';
import { DrillConfigError, parseDrillConfig } from './parseDrillConfig';

/** A drill the kit refused: every problem found (`errors`, each a dotted field path and a
 * reason, as validateDrillDocument reports them); `field` is the first one's field. */
export class KitDrillError extends Error {
  readonly field: string;
  readonly errors: readonly DrillDocumentError[];
  constructor(source: string, errors: readonly DrillDocumentError[]) {
    super(`${source}: invalid drill: ${errors.map((e) => (e.field ? `${e.field}: ${e.reason}` : e.reason)).join('; ')}`);
    this.name = 'KitDrillError';
    this.field = errors[0]?.field ?? '';
    this.errors = errors;
  }
}

/** The fields of a drill made from fields alone (`kitDrill({ ... })`), before the caller's. */
const KIT_BASE = {
  id: 9001, name: 'Kit drill', category: 'test', config: {}, duration: 60000, num_targets: 3, spawn_mode: 'Random',
  position_mode: 'Random', target_size: 0.35, target_health: 1,
} as const;

/** `config` / `target_config` given as JSON strings (the gameconfig form) become objects (the
 * document form); a string that is not JSON is left for the schema to refuse. */
function documentFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out = { ...fields };
  for (const k of ['config', 'target_config']) {
    const v = out[k];
    if (typeof v === 'string') {
      try { out[k] = JSON.parse(v) as unknown; } catch { /* the schema reports the type */ }
    }
  }
  return out;
}

/**
 * Validates drill document `doc` (schema, registered game modes, then the parser's rules) and
 * answers its DrillConfig. `source` names it in errors. Throws KitDrillError (every schema
 * problem) or DrillConfigError (the parser's rule across fields, with its field).
 */
export function kitDrillFromDocument(doc: Record<string, unknown>, source = 'kitDrill'): DrillConfig {
  const res = validateDrillDocument(doc, { gameModes: gameModeNames() });
  if (!res.ok) throw new KitDrillError(source, res.errors);
  const { category: _category, ...fields } = res.drill;
  return parseDrillConfig(fields as unknown as GameConfigResponse, { warn: () => undefined });
}

/**
 * The DrillConfig of catalogue drill `id` with `over` (drill fields as in a drill file or the
 * gameconfig response: duration in ms, num_targets, target_health, spawn_mode, special_mode,
 * ...; `config` as an object or a JSON string) laid over it; or, given an object, a drill of
 * those fields alone, every other field at the spec's default (a 60 s drill of 3 still 0.35 m
 * targets unless told otherwise). Checked by the drill schema (special_mode may name any game
 * mode registered before the call) and the parser.
 * Throws RangeError for an id that is not in the catalogue, KitDrillError for fields the schema
 * refuses (an unknown field such as `target_sise`, a value out of range such as `target_size: 9`;
 * the message lists every one), DrillConfigError for the parser's rules across fields.
 */
export function kitDrill(idOrFields: number | Record<string, unknown>, over: Record<string, unknown> = {}): DrillConfig {
  if (typeof idOrFields === 'number') {
    const entry = DRILL_CATALOGUE.find((d) => Number(d.id) === idOrFields);
    if (!entry) throw new RangeError(`drill ${idOrFields} is not in the catalogue`);
    return kitDrillFromDocument({ ...drillToDocument(entry), ...documentFields(over) }, `kitDrill(${idOrFields})`);
  }
  return kitDrillFromDocument({ ...KIT_BASE, ...documentFields(idOrFields), ...documentFields(over) });
}

/**
 * The DrillConfig the game makes of a gameconfig response (the parser only: string numbers and
 * booleans coerced, the spec's defaults for missing fields, the engine's rules across fields),
 * for tests of the engine's own limits and of the parser. NOT checked by the drill schema: the
 * gameconfig response may carry what a drill file may not (a fire rate of 1000, 500 targets), so
 * prefer `kitDrill`, which is. Throws DrillConfigError (parseDrillConfig) for an invalid field.
 */
export function gameConfigDrill(response: Record<string, unknown>): DrillConfig {
  return parseDrillConfig(response as unknown as GameConfigResponse, { warn: () => undefined });
}

/**
 * The DrillConfig of the drill document in the JSON file at `path` (a `drills/<id>.json` file or
 * one of your own; relative paths from process.cwd()), with `over` laid over it as in `kitDrill`.
 * Throws Error naming the path when the file cannot be read or is not JSON (or not an object),
 * KitDrillError / DrillConfigError as `kitDrill` does (the message starts with the path).
 */
export function kitDrillFromFile(path: string, over: Record<string, unknown> = {}): DrillConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`${path}: cannot read the drill file: ${(e as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`${path}: not JSON: ${(e as Error).message}`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new Error(`${path}: a drill file holds one JSON object`);
  try {
    return kitDrillFromDocument({ ...(doc as Record<string, unknown>), ...documentFields(over) }, path);
  } catch (e) {
    if (e instanceof DrillConfigError) throw new DrillConfigError(e.field, `${path}: ${e.message.replace(/^Invalid drill config \([^)]*\): /, '')}`);
    throw e;
  }
}
