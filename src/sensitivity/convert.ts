/**
 * Sensitivity conversion: in-game values ⇄ increment ⇄ product sensitivity ⇄ cm/360, in/360.
 * Pure functions: no DOM, no deps. Reference: `../shared/reference/sensitivity.md` (§1, §2, §7);
 * S-numbers refer to its source table.
 *
 * Units
 * - increment: DEGREES the view turns per mouse count (KovaaK's term, S3). Everything goes through it.
 * - value: the number the user types for the game (its slider, % or config value).
 * - s = value × game.ingameMultiplier: the number the game's formula takes.
 * - product sensitivity: increment / YAW_DEG_PER_COUNT (0.022 deg per count at sensitivity 1,
 *   the Source yaw, S7; src/contracts/constants.ts). Valid range 0.001-1000 (spec section 5).
 * - FOV: degrees; aspect: width / height; DPI: counts per inch; cm, inch: per 360° turn.
 *
 * Going from game A to game B with the same mouse and DPI needs no DPI (sensitivity.md §1):
 * `value_B = f_B⁻¹(f_A(value_A))`, see {@link convertGameSens}. The default matching is the 360°
 * distance (angles in the world, S13): the product sensitivity does not depend on the product's FOV.
 */
import { YAW_DEG_PER_COUNT } from '../contracts/constants';
import type { FovType } from '../contracts/gameOptions';
import { convertFov } from './fov';
import type { SensitivityGame } from './games';

/** Lowest valid converted product sensitivity (spec section 5, "valid 0.001-1000"). */
export const PRODUCT_SENS_MIN = 0.001;
/** Highest valid converted product sensitivity (spec section 5). */
export const PRODUCT_SENS_MAX = 1000;
/** Centimetres per inch (exact, by definition). */
export const CM_PER_INCH = 2.54;
/** Step of the DPI input (spec section 5, "Mouse DPI is optional, min 0, step 100"). */
export const DPI_STEP = 100;

/** Minecraft cubic constants (S8 `MouseHandler.turnPlayer`: d = s·0.6 + 0.2; d³·8; `Entity.turn` ×0.15 → 8·0.15 = 1.2). */
export const MINECRAFT_SCALE = 1.2;
export const MINECRAFT_SLOPE = 0.6;
export const MINECRAFT_BASE = 0.2;

/** Options for a conversion. */
export interface ConversionOptions {
  /**
   * The game's FOV setting in degrees, used only by entries with `affectedByFov`. Given on the
   * `fovType` axis (default: the game's own `fovType`). Defaults to the game's `defaultFov`.
   */
  fov?: number;
  /** Axis `fov` is given on, when it differs from the game's own `fovType` (converted at `aspect`). */
  fovType?: FovType;
  /** Screen aspect, width / height (e.g. 16 / 9). Must be finite and > 0. */
  aspect: number;
}

/** Thrown when the reference has no formula or yaw for a game (NOT FOUND), so it cannot be converted. */
export class SensitivityUnavailableError extends Error {
  readonly slug: string;
  constructor(game: SensitivityGame) {
    super(`no sensitivity formula for ${game.slug} (${game.name}): ${game.note}`);
    this.name = 'SensitivityUnavailableError';
    this.slug = game.slug;
  }
}

/**
 * Whether the table has what the game's style needs: the minecraft cubic has fixed constants;
 * every other style needs `yaw`, and an affectedByFov entry also needs `fovScale`.
 */
export function canConvert(game: SensitivityGame): boolean {
  if (game.affectedByFov && game.fovScale === null) return false;
  return game.style === 'minecraft' || game.yaw !== null;
}

function checkFinite(x: number, what: string): void {
  if (typeof x !== 'number' || !Number.isFinite(x)) {
    throw new RangeError(`${what} must be a finite number, got ${String(x)}`);
  }
}

function checkPositive(x: number, what: string): void {
  if (typeof x !== 'number' || !Number.isFinite(x) || x <= 0) {
    throw new RangeError(`${what} must be a finite number > 0, got ${String(x)}`);
  }
}

function requireYaw(game: SensitivityGame): number {
  if (game.yaw === null || !canConvert(game)) throw new SensitivityUnavailableError(game);
  return game.yaw;
}

/**
 * The FOV factor of an entry: 1 unless `affectedByFov`, then `fov × fovScale` (sensitivity.md §2.1):
 * - Paladins `Sens·0.091176·FOV·0.001`, Splitgate `Sens·0.104156·FOV·0.001` (S3, FOV = slider value);
 * - Unreal `FOVScale = FOV·0.01111` (UE3 S9, UE4 S10; FOV horizontal).
 * `fov` is on the game's `fovType` axis (converted from `opts.fovType` at `opts.aspect` if given);
 * default `game.defaultFov`.
 * @throws RangeError when no FOV is given or known, or it is outside (0, 180).
 */
function fovFactor(game: SensitivityGame, opts: ConversionOptions): number {
  checkPositive(opts.aspect, 'aspect');
  if (!game.affectedByFov) return 1;
  if (game.fovScale === null) throw new SensitivityUnavailableError(game);
  const given = opts.fov ?? game.defaultFov;
  if (given === null || given === undefined) {
    throw new RangeError(`${game.slug} scales its sensitivity with FOV: pass opts.fov (it has no default FOV)`);
  }
  const own = game.fovType ?? opts.fovType ?? 'h';
  const from = opts.fovType ?? own;
  // convertFov validates the FOV (finite, inside (0, 180)) even when the axes are equal.
  return convertFov(given, from, own, opts.aspect) * game.fovScale;
}

/**
 * The style's formula for `s`, before the FOV factor (degrees per count).
 * - normal (S1, S3, S5): `yaw · s`.
 * - unreal (S9 UE3, S10 UE4): `yaw · s`, and the FOV factor `FOV · 0.01111` when FOV scaling is on
 *   (UE3 yaw 360/65536 deg per rotator unit; stock UE4 0.07 · InputYawScale 2.5 = 0.175; KovaaK "UE4" 0.07).
 * - roguecompany: NOT FOUND in the reference; a UE4 title, so the unreal form `yaw · s` (× FOV factor),
 *   with a yaw that has to be measured (S1). The table entry has none.
 * - warframe, arma3: NOT FOUND in the reference; linear `yaw · s` in a measured yaw (S1
 *   "Measure any game"). The table entries have none.
 * - frostbite (S3, S2, S11): affine `yaw · s + offset`; Battlefield 1/V/Hardline
 *   `0.0034377486·S + 0.011459162` with S = menu %, or `0.04 rad · (cfg + 0.005)`.
 * - minecraft (S8, S2): `1.2 · (0.6·s + 0.2)³`, s = options.txt mouseSensitivity (0-1; shown % / 200):
 *   s = 0 → 0.0096, 0.5 → 0.15, 1 → 0.6144. (The client uses float constants 0.6F / 0.2F, which
 *   differ from 0.6 / 0.2 by under 1e-7 relative; not modelled.)
 */
function baseIncrement(game: SensitivityGame, s: number): number {
  switch (game.style) {
    case 'minecraft': {
      const d = MINECRAFT_SLOPE * s + MINECRAFT_BASE;
      return MINECRAFT_SCALE * d * d * d;
    }
    case 'frostbite':
      return requireYaw(game) * s + game.offset;
    case 'normal':
    case 'unreal':
    case 'roguecompany':
    case 'warframe':
    case 'arma3':
      return requireYaw(game) * s;
    default:
      throw new RangeError(`unknown conversion style ${String((game as { style: unknown }).style)}`);
  }
}

/** The inverse of {@link baseIncrement}: `s` from the increment before the FOV factor. */
function sFromBaseIncrement(game: SensitivityGame, inc: number): number {
  switch (game.style) {
    case 'minecraft':
      // s = ((inc / 1.2)^(1/3) − 0.2) / 0.6   (sensitivity.md §2.2)
      return (Math.cbrt(inc / MINECRAFT_SCALE) - MINECRAFT_BASE) / MINECRAFT_SLOPE;
    case 'frostbite':
      // S = (inc − offset) / yaw   (sensitivity.md §2.3)
      return (inc - game.offset) / requireYaw(game);
    case 'normal':
    case 'unreal':
    case 'roguecompany':
    case 'warframe':
    case 'arma3':
      return inc / requireYaw(game);
    default:
      throw new RangeError(`unknown conversion style ${String((game as { style: unknown }).style)}`);
  }
}

/**
 * Increment (degrees per count) for the in-game `value`:
 * `inc = base_style(value × ingameMultiplier) × fovFactor`, with base_style as documented on each
 * style (normal `yaw·s`; frostbite `yaw·s + offset`; minecraft `1.2·(0.6s + 0.2)³`; unreal /
 * roguecompany `yaw·s`; warframe / arma3 `yaw·s` in a measured yaw) and fovFactor = 1, or
 * `fov × fovScale` for affectedByFov entries (Paladins/Splitgate S3, Unreal `FOV·0.01111` S9/S10).
 * Does not range-check the result: a value can give an increment ≤ 0 (e.g. 0 in a normal game).
 * @throws RangeError for a non-finite value, bad aspect or FOV; SensitivityUnavailableError when the
 *   table has no formula for the game (NOT FOUND).
 */
export function incrementFromGame(game: SensitivityGame, value: number, opts: ConversionOptions): number {
  checkFinite(value, 'value');
  const factor = fovFactor(game, opts);
  return baseIncrement(game, value * game.ingameMultiplier) * factor;
}

/**
 * The in-game value that gives `increment` (degrees per count): the exact inverse of
 * {@link incrementFromGame}: `value = base_style⁻¹(increment / fovFactor) / ingameMultiplier`
 * (normal `inc/yaw`; frostbite `(inc − offset)/yaw`; minecraft `((inc/1.2)^(1/3) − 0.2)/0.6`).
 * The result may lie outside the game's slider (e.g. below Battlefield's 0 %).
 * @throws RangeError unless increment is finite and > 0, or for a bad aspect or FOV;
 *   SensitivityUnavailableError when the table has no formula for the game.
 */
export function gameValueFromIncrement(game: SensitivityGame, increment: number, opts: ConversionOptions): number {
  checkPositive(increment, 'increment');
  const factor = fovFactor(game, opts);
  return sFromBaseIncrement(game, increment / factor) / game.ingameMultiplier;
}

/**
 * Product sensitivity for an in-game value: `incrementFromGame(...) / 0.022`
 * (YAW_DEG_PER_COUNT, the product's deg per count at sensitivity 1; sensitivity.md §1
 * "productSens = increment / productYaw"). Not clamped: check with {@link isValidProductSens}.
 */
export function productSensFromGame(game: SensitivityGame, value: number, opts: ConversionOptions): number {
  return incrementFromGame(game, value, opts) / YAW_DEG_PER_COUNT;
}

/**
 * In-game value for a product sensitivity: `gameValueFromIncrement(game, productSens × 0.022, opts)`.
 * @throws RangeError unless productSens is finite and > 0.
 */
export function gameSensFromProduct(game: SensitivityGame, productSens: number, opts: ConversionOptions): number {
  checkPositive(productSens, 'product sensitivity');
  return gameValueFromIncrement(game, productSens * YAW_DEG_PER_COUNT, opts);
}

/**
 * Game to game at the same DPI (sensitivity.md §1): `value_to = f_to⁻¹(f_from(value_from))`.
 * E.g. CS2 2 → Valorant 0.6286, Overwatch 2 6.667.
 */
export function convertGameSens(
  from: SensitivityGame, value: number, fromOpts: ConversionOptions,
  to: SensitivityGame, toOpts: ConversionOptions,
): number {
  return gameValueFromIncrement(to, incrementFromGame(from, value, fromOpts), toOpts);
}

/**
 * The increment that turns the same physical mouse distance at `toDpi` as `increment` does at
 * `fromDpi`: `increment × fromDpi / toDpi` (sensitivity.md §1, "With different DPIs").
 */
export function rescaleIncrementForDpi(increment: number, fromDpi: number, toDpi: number): number {
  checkPositive(increment, 'increment');
  checkPositive(fromDpi, 'fromDpi');
  checkPositive(toDpi, 'toDpi');
  return (increment * fromDpi) / toDpi;
}

/**
 * Centimetres of mouse travel per 360° turn: `2.54 × 360 / (DPI × increment)` = 914.4 / (DPI × inc)
 * (S3 'cm/360' scale; S5 cm.ts). CS2 sensitivity 2 (0.044°) at 800 DPI = 25.98 cm.
 * @throws RangeError unless increment and dpi are finite and > 0 (the spec disables cm/360 without a DPI).
 */
export function cmPer360(increment: number, dpi: number): number {
  checkPositive(increment, 'increment');
  checkPositive(dpi, 'dpi');
  return (CM_PER_INCH * 360) / (dpi * increment);
}

/**
 * Inches of mouse travel per 360° turn: `360 / (DPI × increment)` (S3 'in/360' scale).
 * @throws RangeError unless increment and dpi are finite and > 0.
 */
export function inchPer360(increment: number, dpi: number): number {
  checkPositive(increment, 'increment');
  checkPositive(dpi, 'dpi');
  return 360 / (dpi * increment);
}

/**
 * Increment (deg per count) for a cm/360 at a DPI: `2.54 × 360 / (DPI × cm)` (sensitivity.md §7.2).
 * @throws RangeError unless cm and dpi are finite and > 0.
 */
export function incrementFromCm360(cm: number, dpi: number): number {
  checkPositive(cm, 'cm/360');
  checkPositive(dpi, 'dpi');
  return (CM_PER_INCH * 360) / (dpi * cm);
}

/**
 * Increment (deg per count) for an in/360 at a DPI: `360 / (DPI × inch)` (sensitivity.md §7.2).
 * @throws RangeError unless inch and dpi are finite and > 0.
 */
export function incrementFromInch360(inch: number, dpi: number): number {
  checkPositive(inch, 'in/360');
  checkPositive(dpi, 'dpi');
  return 360 / (dpi * inch);
}

/**
 * Product sensitivity for a cm/360 at a DPI: `914.4 / (DPI × cm × 0.022)`.
 * 25.977 cm at 800 DPI → 2.
 */
export function productSensFromCm360(cm: number, dpi: number): number {
  return incrementFromCm360(cm, dpi) / YAW_DEG_PER_COUNT;
}

/** Product sensitivity for an in/360 at a DPI: `360 / (DPI × inch × 0.022)`. */
export function productSensFromInch360(inch: number, dpi: number): number {
  return incrementFromInch360(inch, dpi) / YAW_DEG_PER_COUNT;
}

/** Whether a converted product sensitivity is valid: finite and within 0.001-1000 inclusive (spec section 5). */
export function isValidProductSens(x: number): boolean {
  return typeof x === 'number' && Number.isFinite(x) && x >= PRODUCT_SENS_MIN && x <= PRODUCT_SENS_MAX;
}

/** Whether a DPI value is valid input (spec section 5: optional, min 0, step 100). */
export function isValidDpi(dpi: number): boolean {
  return typeof dpi === 'number' && Number.isFinite(dpi) && dpi >= 0 && Number.isInteger(dpi / DPI_STEP);
}

/** Whether the cm/360 and in/360 inputs are enabled: only with a DPI above 0 (spec section 5). */
export function cm360Enabled(dpi: number | null | undefined): boolean {
  return typeof dpi === 'number' && Number.isFinite(dpi) && dpi > 0;
}
