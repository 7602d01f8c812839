/**
 * Drills for the engine's testing kit (src/ecs/testing.ts, issue 17): the engine may not import
 * the drill parser, so the kit takes a full DrillConfig and this module makes one the way the
 * game does (`parseDrillConfig` over a gameconfig response, the spec's defaults filling the gaps).
 * Node only: catalogue ids read the drill files of `drills/` (src/drill/catalogue.ts).
 */
import type { DrillConfig } from '../contracts/drillConfig';
import type { GameConfigResponse } from '../contracts/gameConfig';
import { DRILL_CATALOGUE } from './catalogue';
import { parseDrillConfig } from './parseDrillConfig';

/**
 * The DrillConfig of catalogue drill `id` with `over` (gameconfig fields: duration in ms,
 * num_targets, target_health, spawn_mode, special_mode, ...) laid over it; or, given an object,
 * a drill of those gameconfig fields alone, every other field at the spec's default (a 60 s
 * drill of 3 still 0.35 m targets unless told otherwise). Throws RangeError for an id that is
 * not in the catalogue and DrillConfigError (parseDrillConfig) for an invalid field.
 */
export function kitDrill(idOrFields: number | Record<string, unknown>, over: Record<string, unknown> = {}): DrillConfig {
  if (typeof idOrFields === 'number') {
    const entry = DRILL_CATALOGUE.find((d) => Number(d.id) === idOrFields);
    if (!entry) throw new RangeError(`drill ${idOrFields} is not in the catalogue`);
    const { category: _category, ...fields } = entry as Record<string, unknown>;
    return parseDrillConfig({ ...fields, ...over } as unknown as GameConfigResponse, { warn: () => undefined });
  }
  return parseDrillConfig({
    id: 9001, name: 'Kit drill', config: '{}', duration: 60000, num_targets: 3, spawn_mode: 'Random',
    position_mode: 'Random', target_size: 0.35, target_health: 1,
    ...idOrFields, ...over,
  } as unknown as GameConfigResponse, { warn: () => undefined });
}
