/**
 * Clearer 400 messages for the settings routes' body schemas: a colour that is not `#rrggbb`
 * reads `body/game_options/visual/sight_colour must be a colour "#rrggbb"` instead of Ajv's
 * `must match pattern "^#[0-9a-fA-F]{6}$"`. Every other error keeps Fastify's default form
 * (`${dataVar}${instancePath} ${message}`). The app's error handler prefixes `Invalid request: `.
 */
import type { FastifySchemaValidationError } from 'fastify';
import { COLOUR_PATTERN } from '../contracts/jsonSchema';

/** Fastify `schemaErrorFormatter` for the settings and crosshair routes (first error only: ajv runs with allErrors false). */
export function settingsSchemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const messages = errors.map((e) => {
    const path = `${dataVar}${e.instancePath}`;
    if (e.keyword === 'pattern' && (e.params as { pattern?: unknown })?.pattern === COLOUR_PATTERN) {
      return `${path} must be a colour "#rrggbb" (6 hex digits)`;
    }
    return `${path} ${e.message ?? 'is invalid'}`;
  });
  return new Error(messages.join(', '));
}
