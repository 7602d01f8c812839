/**
 * A drill document checked the whole way: the drill schema (src/contracts/drillSchema.ts: shape,
 * types, ranges, defaults) and then the engine's own rules across fields (parseDrillConfig: a
 * grow mode needs a lifetime, 'depth' needs a 3D spawn mode, a dynamic setting needs its kind,
 * ...). Pure (no Node APIs): the server (drill files, player-made drills) and the client (the
 * drill editor) can both use it.
 */
import { validateDrillDocument, type DrillDocumentResult } from '../contracts/drillSchema';
import type { GameConfigResponse } from '../contracts/gameConfig';
import { DrillConfigError, parseDrillConfig } from './parseDrillConfig';
import { gameModeNames } from '../ecs/gameModes';

/**
 * `validateDrillDocument(doc)`, then `parseDrillConfig` over the validated drill: answers the
 * drill (defaults filled in, `config` / `target_config` as JSON strings) when both accept it, or
 * the errors, each `{ field, reason }` (`field` is a dotted path: `target_size`,
 * `config.minSize`). A parser warning (e.g. an ADS zoom override below 1) counts as an error: a
 * drill document must run as written. Game-mode names may be any mode registered now
 * (src/ecs/gameModes: the built-in ones and any `registerGameMode` made before the call). Never
 * throws.
 */
export function checkDrillDocument(doc: unknown): DrillDocumentResult {
  const res = validateDrillDocument(doc, { gameModes: gameModeNames() });
  if (!res.ok) return res;
  const warnings: string[] = [];
  try {
    const { category: _category, ...fields } = res.drill;
    parseDrillConfig(fields as unknown as GameConfigResponse, { warn: (m) => warnings.push(m) });
  } catch (e) {
    if (e instanceof DrillConfigError) {
      const configKeys = ['spawnOrder', 'critZone', 'minSize', 'maxSize', 'minFov', 'maxFov', 'drillFovType', 'tiers', 'targets', 'initialPos', 'positions'];
      const field = configKeys.includes(e.field) || e.field.startsWith('dynamic_target_setting_') && e.field !== 'dynamic_target_setting_enabled'
        ? `config.${e.field}`
        : e.field;
      return { ok: false, errors: [{ field, reason: e.message.replace(/^Invalid drill config \([^)]*\): /, '') }] };
    }
    return { ok: false, errors: [{ field: '', reason: (e as Error).message }] };
  }
  if (warnings.length > 0) return { ok: false, errors: warnings.map((w) => ({ field: 'config', reason: w })) };
  return res;
}
