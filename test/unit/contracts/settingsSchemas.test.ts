/**
 * The JSON body schemas of the game options, control options and crosshair config
 * (src/contracts/gameOptions.ts, src/contracts/crosshair.ts: one schema per payload, used by
 * the server's routes) against their TypeScript types: compile-time (tsc type-checks this file)
 * and at run time with ajv (the validator Fastify uses).
 */
import Ajv from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';
import {
  controlsBodySchema, defaultControlOptions, defaultGameOptions, gameOptionsBodySchema, gameOptionsEditBodySchema,
  type ControlOptions, type GameOptions,
} from '../../../src/contracts/gameOptions';
import {
  crosshairConfigBodySchema, crosshairSettingBodySchema, defaultCrosshairConfig, type CrosshairConfig,
} from '../../../src/contracts/crosshair';
import type { KeysMismatch } from '../../../src/contracts/jsonSchema';

// --- compile time: every object level of the type has exactly the schema's property names ...
const controlsKeys: [KeysMismatch<ControlOptions, typeof controlsBodySchema>] extends [never] ? true : false = true;
const gameOptionsKeys: [KeysMismatch<GameOptions, typeof gameOptionsBodySchema>] extends [never] ? true : false = true;
const crosshairKeys: [KeysMismatch<CrosshairConfig, typeof crosshairConfigBodySchema>] extends [never] ? true : false = true;
// ... and every full document of the type is a valid body (the field types agree)
const controlsBody: FromSchema<typeof controlsBodySchema> = defaultControlOptions() satisfies ControlOptions;
const gameOptionsBody: FromSchema<typeof gameOptionsBodySchema> = defaultGameOptions() satisfies GameOptions;
const crosshairBody: FromSchema<typeof crosshairConfigBodySchema> = defaultCrosshairConfig() satisfies CrosshairConfig;

/** The property names of `schema` that `value` lacks, and those `value` has that `schema` does
 * not name, at every object level (paths). */
function keyMismatches(value: unknown, schema: unknown, path = ''): string[] {
  const props = (schema as { properties?: Record<string, unknown> }).properties;
  if (!props || value === null || typeof value !== 'object') return [];
  const out: string[] = [];
  const keys = Object.keys(value);
  for (const k of Object.keys(props)) if (!keys.includes(k)) out.push(`schema only: ${path}${k}`);
  for (const k of keys) {
    if (!(k in props)) out.push(`type only: ${path}${k}`);
    else out.push(...keyMismatches((value as Record<string, unknown>)[k], props[k], `${path}${k}.`));
  }
  return out;
}

describe('body schemas match the types', () => {
  const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, allErrors: true, strict: false });

  test('compile-time checks hold', () => {
    expect([controlsKeys, gameOptionsKeys, crosshairKeys]).toEqual([true, true, true]);
    expect(controlsBody).toBeDefined();
    expect(gameOptionsBody).toBeDefined();
    expect(crosshairBody).toBeDefined();
  });

  test.each([
    ['controls', controlsBodySchema, defaultControlOptions()],
    ['game options', gameOptionsBodySchema, defaultGameOptions()],
    ['crosshair config', crosshairConfigBodySchema, defaultCrosshairConfig()],
  ] as const)('%s: the schema names exactly the fields of the defaults, and accepts them', (_name, schema, defaults) => {
    expect(keyMismatches(defaults, schema)).toEqual([]);
    const validate = ajv.compile(schema);
    expect(validate(defaults) ? [] : validate.errors).toEqual([]);
  });

  test('the route bodies accept full documents', () => {
    const edit = ajv.compile(gameOptionsEditBodySchema);
    expect(edit({ controls: defaultControlOptions(), game_options: defaultGameOptions() })).toBe(true);
    expect(edit({})).toBe(false);
    const setting = ajv.compile(crosshairSettingBodySchema);
    expect(setting({ enabled: true, config: defaultCrosshairConfig() })).toBe(true);
    expect(setting({ enabled: true, config: { ...defaultCrosshairConfig(), extra: 1 } })).toBe(false);
  });
});
