/**
 * Entries of `GET /api/v1/user/game-sensitivity-data/basic` and the SensitivityGame the
 * converter (src/sensitivity/convert.ts) needs. Pure; no React.
 */
import type { FovType } from '../../contracts/gameOptions';
import type { ConversionStyle, SensitivityGame } from '../../sensitivity/games';

/** One entry of `GET /api/v1/user/game-sensitivity-data/basic`: the spec's fields plus what the
 * converter needs (style, yaw, offset, fovScale, defaultFov) and the reference's confidence. */
export interface SensitivityGameEntry {
  slug: string;
  name: string;
  fovType: FovType | null;
  hfov: number | null;
  vfov: number | null;
  affectedByFov: boolean;
  ingameMultiplier: number;
  style: ConversionStyle;
  yaw: number | null;
  unverified: boolean;
  note: string;
  offset?: number;
  fovScale?: number | null;
  defaultFov?: number | null;
  /** the independent published references of its yaw and FOV type */
  source?: string;
}

/** A SensitivityGame for the converter from an API entry (missing converter fields defaulted). */
export function gameFromEntry(e: SensitivityGameEntry): SensitivityGame {
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
    confidence: e.unverified ? 'low' : 'medium',
    unverified: e.unverified === true,
    marks: [],
    source: e.source ?? '',
    note: e.note ?? '',
  };
}
