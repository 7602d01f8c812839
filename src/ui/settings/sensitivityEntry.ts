/**
 * Entries of `GET /api/v1/user/game-sensitivity-data/basic` (the contract is
 * src/contracts/sensitivityData.ts) and the SensitivityGame the converter
 * (src/sensitivity/convert.ts) needs. Pure; no React.
 */
import type { SensitivityGameEntry } from '../../contracts/sensitivityData';
import type { ServedSensitivityGame } from '../../sensitivity/games';

export type { SensitivityGameEntry };

/**
 * A served game for the converter from an API entry (missing formula fields defaulted). The payload
 * carries no reference-file verdict, so `referenceConfidence` follows the served level
 * (two references → 'medium', else 'low') and `unverified` is true below two references.
 */
export function gameFromEntry(e: SensitivityGameEntry): ServedSensitivityGame {
  const two = e.confidence === 'two-references';
  return {
    slug: e.slug,
    name: e.name,
    fovType: e.fovType ?? null,
    defaultFov: e.defaultFov ?? null,
    hfov: e.hfov ?? null,
    vfov: e.vfov ?? null,
    affectedByFov: e.affectedByFov === true,
    ingameMultiplier: typeof e.ingameMultiplier === 'number' ? e.ingameMultiplier : 1,
    style: e.style,
    yaw: e.yaw ?? null,
    offset: e.offset ?? 0,
    fovScale: e.fovScale ?? null,
    referenceConfidence: two ? 'medium' : 'low',
    unverified: !two,
    marks: [],
    source: e.source ?? '',
    note: e.note ?? '',
    confidence: e.confidence,
    references: Array.isArray(e.references) ? e.references : e.source ? e.source.split('; ') : [],
  };
}
