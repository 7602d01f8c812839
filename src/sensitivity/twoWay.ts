/**
 * The converter's general case: from any side to any side, where a side is this product (the aim
 * trainer, YAW_DEG_PER_COUNT = 0.022° per count at sensitivity 1, its FOV and FOV type) or a game
 * of the table (its formula, its FOV setting). Game to game, game to product and product to game
 * all go through the increment (degrees per count, sensitivity.md §1):
 *
 *   inc_from = f_from(value)                       (convert.ts incrementFromGame, or value × 0.022)
 *   inc_to   = inc_from × matchFactor(mode, view_from, view_to, aspect)      (match.ts)
 *   value_to = f_to⁻¹(inc_to)                      (convert.ts gameValueFromIncrement, or inc / 0.022)
 *
 * Same mouse and DPI on both sides, so no DPI is needed. Pure; no DOM.
 */
import { YAW_DEG_PER_COUNT } from '../contracts/constants';
import type { FovType } from '../contracts/gameOptions';
import { gameValueFromIncrement, incrementFromGame } from './convert';
import type { SensitivityGame } from './games';
import { matchFactor, modeNeedsFov, type MatchMode, type View } from './match';

/** One side of a conversion: the product with its FOV, or a game with (optionally) its FOV setting. */
export type SensSide =
  | { kind: 'product'; fov: number; fovType: FovType }
  /** `fov`: the game's FOV setting on its own `fovType` axis; default `game.defaultFov`. */
  | { kind: 'game'; game: SensitivityGame; fov?: number | null };

/** A conversion request. */
export interface SensConversion {
  from: SensSide;
  /** the sensitivity on the `from` side (its slider / config value, or the product sensitivity) */
  value: number;
  to: SensSide;
  mode: MatchMode;
  /** screen aspect, width / height */
  aspect: number;
}

/**
 * The view of a side: the product's FOV, or the game's FOV setting (given, else its default) on
 * its `fovType` axis; null when the game has no FOV type or no FOV is known.
 */
export function sideView(side: SensSide): View | null {
  if (side.kind === 'product') return { fov: side.fov, fovType: side.fovType };
  const fov = side.fov ?? side.game.defaultFov;
  if (side.game.fovType === null || fov === null || fov === undefined || !Number.isFinite(fov)) return null;
  return { fov, fovType: side.game.fovType };
}

/** The game options of a side for convert.ts (its FOV when given). */
function gameOpts(side: Extract<SensSide, { kind: 'game' }>, aspect: number) {
  return side.fov !== null && side.fov !== undefined ? { aspect, fov: side.fov } : { aspect };
}

/** Increment (degrees per count) of `value` on a side. */
export function sideIncrement(side: SensSide, value: number, aspect: number): number {
  if (side.kind === 'product') {
    if (!Number.isFinite(value)) throw new RangeError(`value must be a finite number, got ${String(value)}`);
    return value * YAW_DEG_PER_COUNT;
  }
  return incrementFromGame(side.game, value, gameOpts(side, aspect));
}

/** The value on a side that gives `increment` (degrees per count, > 0). */
export function sideValue(side: SensSide, increment: number, aspect: number): number {
  if (side.kind === 'product') {
    if (!(increment > 0) || !Number.isFinite(increment)) throw new RangeError(`increment must be a finite number > 0, got ${String(increment)}`);
    return increment / YAW_DEG_PER_COUNT;
  }
  return gameValueFromIncrement(side.game, increment, gameOpts(side, aspect));
}

/**
 * Converts `value` from one side to the other by `mode` (see the file comment). E.g. CS2 2 → the
 * product 2 at 360° distance; CS2 2 → VALORANT 0.6286.
 * @throws RangeError for a bad value, aspect or FOV, or when `mode` needs a FOV a side lacks;
 *   SensitivityUnavailableError (convert.ts) for a game without a formula.
 */
export function convertSensitivity(c: SensConversion): number {
  const inc = sideIncrement(c.from, c.value, c.aspect);
  const factor = modeNeedsFov(c.mode) ? matchFactor(c.mode, sideView(c.from), sideView(c.to), c.aspect) : 1;
  return sideValue(c.to, inc * factor, c.aspect);
}
