/**
 * `GET /api/v1/user/game-sensitivity-data/basic` (spec section 7): the sensitivity game table of
 * src/sensitivity/games.ts as the spec's "sensitivity game data entries" (section 3: slug, name,
 * fovType, hfov, vfov, affectedByFov, ingameMultiplier) plus what the client's converter needs
 * (style, yaw, offset, fovScale, defaultFov) and the reference's verdict (unverified, note).
 */
import { SERVED_SENSITIVITY_GAMES, type SensitivityGame } from '../sensitivity/games';

/** One entry of the answer. */
export interface SensitivityGameData {
  slug: string;
  name: string;
  fovType: SensitivityGame['fovType'];
  hfov: number | null;
  vfov: number | null;
  affectedByFov: boolean;
  ingameMultiplier: number;
  style: SensitivityGame['style'];
  yaw: number | null;
  offset: number;
  fovScale: number | null;
  defaultFov: number | null;
  unverified: boolean;
  note: string;
  /** the independent published references its yaw and FOV type were checked against */
  source: string;
}

/** The answer of `GET /api/v1/user/game-sensitivity-data/basic`: every game checked against two
 * independent references (SERVED_SENSITIVITY_GAMES), in table order. */
export function sensitivityGameData(): SensitivityGameData[] {
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
    unverified: g.unverified,
    note: g.note,
    source: g.source,
  }));
}
