/**
 * `GET /api/v1/user/game-sensitivity-data/basic` (spec section 7): the served entries of the
 * sensitivity game table (src/sensitivity/games.ts SERVED_SENSITIVITY_GAMES) as the payload of
 * src/contracts/sensitivityData.ts (spec section 3's fields plus the converter's formula fields,
 * each entry's confidence level and its references).
 */
import type { SensitivityGameEntry } from '../contracts/sensitivityData';
import { SERVED_SENSITIVITY_GAMES } from '../sensitivity/games';

export type { SensitivityGameEntry };

/** The answer of `GET /api/v1/user/game-sensitivity-data/basic`: every served entry, in table
 * order, with its confidence ('two-references' | 'one-reference' | 'measured') and references. */
export function sensitivityGameData(): SensitivityGameEntry[] {
  return SERVED_SENSITIVITY_GAMES.map((g) => ({
    slug: g.slug,
    name: g.name,
    fovType: g.fovType,
    hfov: g.hfov,
    vfov: g.vfov,
    affectedByFov: g.affectedByFov,
    ingameMultiplier: g.ingameMultiplier,
    style: g.style,
    yaw: g.yaw,
    offset: g.offset,
    fovScale: g.fovScale,
    defaultFov: g.defaultFov,
    confidence: g.confidence,
    references: [...g.references],
    source: g.source,
    note: g.note,
  }));
}
