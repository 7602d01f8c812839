/**
 * The sensitivity game table: the "sensitivity game data entries" of spec section 3
 * (slug, name, fovType, hfov, vfov, affectedByFov, ingameMultiplier) plus what the converter
 * needs (style, yaw, offset, fovScale) and where each value comes from.
 *
 * Data source: `../shared/reference/sensitivity.md` §6 and `sensitivity_games.json`; S-numbers
 * refer to that file's source table (S1 KovaaK SensitivityMatcher, S3 KovaaK FovSensConfig.json,
 * S5 fpsmath, S7 Source SDK, S8 Minecraft client, S9 UE3 PlayerInput.uc, S10 UE4 BaseInput.ini,
 * S11 Battlefield 1 calculator, …). Where the reference marks a value [UNVERIFIED], [CONFLICT] or
 * NOT FOUND, the entry keeps that mark in `marks`, sets `unverified: true`, and says what in `note`.
 * Values the reference does not give are `null`, never guessed.
 *
 * Left out on purpose: PUBG (`inc = 0.00005555·10^(S/50)·FOV`, S3) is exponential in the slider
 * value, which none of the spec's seven conversion styles can express (sensitivity.md §2.1, row 18).
 *
 * Units: `yaw` and `offset` in degrees per mouse count; FOVs in degrees.
 */
import type { FovType } from '../contracts/gameOptions';
import { ASPECT_16_9, armaFovTopToVerticalFov, convertFov } from './fov';

/** The conversion styles of spec section 3, in spec order. */
export const CONVERSION_STYLES = [
  'normal', 'minecraft', 'warframe', 'frostbite', 'unreal', 'roguecompany', 'arma3',
] as const;
export type ConversionStyle = (typeof CONVERSION_STYLES)[number];

/** Markings the reference puts on a value; kept verbatim in the data. */
export type ReferenceMark = 'UNVERIFIED' | 'CONFLICT' | 'NOT FOUND';

/**
 * Confidence in the entry's sensitivity formula, from `sensitivity_games.json` `confidence`
 * (its first, sensitivity-related part). 'not-found': the reference has no formula.
 */
export type Confidence = 'high' | 'medium' | 'low' | 'not-found';

/**
 * Unreal Engine's FOV scale per degree, `FOVScale=0.01111 // 1/90` (S9 UE3 PlayerInput.uc,
 * S10 UE4 BaseInput.ini). The engines use this literal, not 1/90, so FOV 90 gives 0.9999.
 */
export const UNREAL_FOV_SCALE = 0.01111;

/** One sensitivity game entry. */
export interface SensitivityGame {
  /** URL-safe id, lower case. */
  readonly slug: string;
  /** Display name. */
  readonly name: string;
  /**
   * Axis of the game's own FOV setting (spec: h, v or h4:3; FILM hML/16ML9/16MF9/16MS9 → 'h',
   * vML → 'v', 4ML3 → 'h4:3', per sensitivity.md §3). `null`: the reference gives none.
   */
  readonly fovType: FovType | null;
  /** The game's default (or fixed) FOV setting in degrees on the `fovType` axis; `null` if unknown. */
  readonly defaultFov: number | null;
  /** Horizontal FOV in degrees that `defaultFov` gives on a 16:9 screen; `null` if unknown. */
  readonly hfov: number | null;
  /** Vertical FOV in degrees that `defaultFov` gives (any aspect for 'v' / 'h4:3', 16:9 for 'h'). */
  readonly vfov: number | null;
  /**
   * True when the game scales its turn rate by its own FOV setting: the increment is multiplied
   * by `fov × fovScale`, with `fov` on the `fovType` axis (see convert.ts).
   */
  readonly affectedByFov: boolean;
  /**
   * Factor from the number the user types to the formula's `s`: `s = value × ingameMultiplier`
   * (e.g. 0.005 for Minecraft's percentage, since options.txt holds percent / 200, S8).
   */
  readonly ingameMultiplier: number;
  /** Conversion style (spec section 3). */
  readonly style: ConversionStyle;
  /**
   * Degrees per count per unit of `s` ("yaw at sensitivity 1"; for frostbite the slope of the
   * affine form; for affectedByFov entries the yaw when `fov × fovScale` = 1). `null` for the
   * minecraft style (its cubic has fixed constants) and where the reference has NOT FOUND.
   */
  readonly yaw: number | null;
  /** frostbite style only: the constant term of `inc = yaw·s + offset`, degrees per count; else 0. */
  readonly offset: number;
  /** Per-degree FOV factor for affectedByFov entries (`inc ∝ fov × fovScale`); `null` otherwise. */
  readonly fovScale: number | null;
  /** Confidence in the sensitivity formula. */
  readonly confidence: Confidence;
  /** True when any value of this entry is marked [UNVERIFIED] / [CONFLICT] / NOT FOUND, or confidence is low. */
  readonly unverified: boolean;
  /** The reference's markings on this entry. */
  readonly marks: readonly ReferenceMark[];
  /** Source ids from sensitivity.md, e.g. 'S7, S3'; 'none' when the reference found none. */
  readonly source: string;
  /** What the sources say, and what is unverified or conflicting. */
  readonly note: string;
}

/** What an entry is written as; hfov / vfov / unverified are derived. */
interface GameSeed {
  slug: string;
  name: string;
  style: ConversionStyle;
  fovType: FovType | null;
  defaultFov?: number | null;
  affectedByFov?: boolean;
  ingameMultiplier?: number;
  yaw: number | null;
  offset?: number;
  fovScale?: number | null;
  confidence: Confidence;
  marks?: ReferenceMark[];
  source: string;
  note?: string;
}

/** Finishes a seed: hfov / vfov of `defaultFov` at 16:9 (sensitivity.md §6 "defaults at 16:9"). */
function entry(seed: GameSeed): SensitivityGame {
  const defaultFov = seed.defaultFov ?? null;
  const fovType = seed.fovType;
  const known = defaultFov !== null && fovType !== null;
  const marks = Object.freeze([...(seed.marks ?? [])]);
  return Object.freeze({
    slug: seed.slug,
    name: seed.name,
    fovType,
    defaultFov,
    hfov: known ? convertFov(defaultFov, fovType, 'h', ASPECT_16_9) : null,
    vfov: known ? convertFov(defaultFov, fovType, 'v', ASPECT_16_9) : null,
    affectedByFov: seed.affectedByFov ?? false,
    ingameMultiplier: seed.ingameMultiplier ?? 1,
    style: seed.style,
    yaw: seed.yaw,
    offset: seed.offset ?? 0,
    fovScale: seed.fovScale ?? null,
    confidence: seed.confidence,
    unverified: marks.length > 0 || seed.confidence === 'low' || seed.confidence === 'not-found',
    marks,
    source: seed.source,
    note: seed.note ?? '',
  });
}

/** 0.0001 rad in degrees = 0.018/π (KovaaK 'Rainbow 6: Siege' / 'Reflex Arena' `Sens * 0.018 / _pi`, S3; S1). */
const YAW_0_0001_RAD = 0.018 / Math.PI;
/** 0.04 rad in degrees: Frostbite's turn per config unit (S2 `(sens + 0.005) * yaw`, yaw 0.04 rad). */
const FROSTBITE_CFG_YAW = (0.04 * 180) / Math.PI;

const SEEDS: GameSeed[] = [
  {
    slug: 'cs2', name: 'Counter-Strike 2 / CS:GO', style: 'normal', fovType: 'h4:3', defaultFov: 90,
    yaw: 0.022, confidence: 'high', source: 'S7, S3',
    note: 'Source m_yaw 0.022 (S7); KovaaK Counter-Strike/CSGO 4ML3 [90-90] (S3). FOV fixed at 90 (4:3-measured).',
  },
  {
    slug: 'tf2', name: 'Team Fortress 2 (Source)', style: 'normal', fovType: 'h4:3',
    yaw: 0.022, confidence: 'high', source: 'S7, S5',
    note: 'Source m_yaw (S7); fpsmath 4ML3 (S5). Default fov_desired not verified, so no default FOV.',
  },
  {
    slug: 'apex', name: 'Apex Legends', style: 'normal', fovType: 'h4:3', defaultFov: 90,
    yaw: 0.022, confidence: 'high', marks: ['UNVERIFIED'], source: 'S3, S5',
    note: 'KovaaK Sens*0.022 4ML3 (S3); fpsmath (S5). Default FOV 90 is [UNVERIFIED] (slider 70-110).',
  },
  {
    slug: 'valorant', name: 'VALORANT', style: 'normal', fovType: 'h', defaultFov: 103,
    yaw: 0.07, confidence: 'high', marks: ['CONFLICT'], source: 'S5, S3',
    note: '[CONFLICT] small: fpsmath and most converters 0.07 (S5, used here); KovaaK Sens*0.06996 (S3). ' +
      'FOV fixed 103 horizontal at 16:9 (16MS9).',
  },
  {
    slug: 'overwatch2', name: 'Overwatch 2', style: 'normal', fovType: 'h', defaultFov: 103,
    yaw: 0.0066, confidence: 'high', source: 'S1, S3',
    note: 'SensitivityMatcher $yawOverwatch=0.0066 (S1); KovaaK 16MF9 [80-103] (S3). ' +
      'Default 103 is common knowledge, not from a listed source.',
  },
  {
    slug: 'cod', name: 'Call of Duty (MW2019+ / Warzone / BO6)', style: 'normal', fovType: 'h', defaultFov: 80,
    yaw: 0.0066, confidence: 'high', marks: ['UNVERIFIED'], source: 'S3',
    note: 'KovaaK Sens*0.0066 16MF9 (S3). Default FOV 80 is [UNVERIFIED].',
  },
  {
    slug: 'destiny2', name: 'Destiny 2', style: 'normal', fovType: 'h',
    yaw: 0.0066, confidence: 'high', source: 'S3',
    note: 'KovaaK Sens*0.0066 16MF9 (S3).',
  },
  {
    slug: 'fortnite', name: 'Fortnite (X/Y slider, %)', style: 'normal', fovType: 'h', defaultFov: 80,
    yaw: 0.005555, confidence: 'high', source: 'S3, S1',
    note: 'KovaaK Sens*0.005555 per % 16ML9 [80-80] (S3); SensitivityMatcher "Fortnite Slider" 0.5555 per 1.0 = 100% (S1).',
  },
  {
    slug: 'fortnite-config', name: 'Fortnite (GameUserSettings.ini MouseX)', style: 'normal', fovType: 'h', defaultFov: 80,
    yaw: 2.222, confidence: 'medium', source: 'S1, S5',
    note: 'SensitivityMatcher "Fortnite Config" 2.2220 (S1); fpsmath 2.222 (S5).',
  },
  {
    slug: 'r6siege', name: 'Rainbow Six Siege', style: 'normal', fovType: 'v', defaultFov: 60,
    yaw: YAW_0_0001_RAD, confidence: 'high', marks: ['UNVERIFIED'], source: 'S3, S1, S15',
    note: 'KovaaK Sens*0.018/_pi vML (S3) = 0.0001 rad (S1), per MouseYawSensitivity unit at ' +
      'MouseSensitivityMultiplierUnit 0.02 (scale linearly if changed). Default FOV 60 is [UNVERIFIED] (slider 60-90, S15).',
  },
  {
    slug: 'quake', name: 'Quake / Quake Live / Q3', style: 'normal', fovType: 'h4:3',
    yaw: 0.022, confidence: 'high', source: 'S1, S3',
    note: 'SensitivityMatcher $yawQuake=0.022 (S1); KovaaK Quake/Source 4ML3 (S3).',
  },
  {
    slug: 'quakechampions', name: 'Quake Champions', style: 'normal', fovType: 'h',
    yaw: 0.022, confidence: 'high', source: 'S3',
    note: 'KovaaK Sens*0.022 16ML9 (S3). A SensitivityMatcher user list has "QC:DE" 0.0439453125 (S1), a different mode?',
  },
  {
    slug: 'diabotical', name: 'Diabotical', style: 'normal', fovType: 'v',
    yaw: 1 / 60, confidence: 'high', marks: ['CONFLICT'], source: 'S1, S3',
    note: '[CONFLICT] SensitivityMatcher 1/60 (S1) and KovaaK Sens/60 vML (S3), used here; fpsmath gives 0.022 (S5).',
  },
  {
    slug: 'reflex', name: 'Reflex Arena', style: 'normal', fovType: 'h4:3',
    yaw: YAW_0_0001_RAD, confidence: 'high', source: 'S3, S1',
    note: 'KovaaK Sens*0.018/_pi 4ML3 (S3); SensitivityMatcher 0.0001 rad (S1).',
  },
  {
    slug: 'battlefield', name: 'Battlefield 1 / V / Hardline (slider %)', style: 'frostbite', fovType: 'v',
    yaw: 0.0034377486, offset: 0.011459162, confidence: 'high', marks: ['UNVERIFIED'], source: 'S3, S2, S11',
    note: 'inc = 0.0034377486·S + 0.011459162 deg, S = menu % 0-100 (KovaaK, S3); agrees to 1e-5 with ' +
      '(cfg + 0.005)·0.04 rad (S2) and the BF1 calculator (S11). Menu FOV is vertical ' +
      '(GstRender.FieldOfViewVertical, S11); KovaaK lists 16ML9. Default FOV [UNVERIFIED], not given.',
  },
  {
    slug: 'battlefield-config', name: 'Battlefield 1 / V / Hardline (GstInput.MouseSensitivity)', style: 'frostbite',
    fovType: 'v', yaw: FROSTBITE_CFG_YAW, offset: 0.005 * FROSTBITE_CFG_YAW, confidence: 'high',
    marks: ['UNVERIFIED'], source: 'S2, S11',
    note: 'inc = 0.04 rad·(cfg + 0.005), cfg = menu % × 0.0015 (S2, S11); the config goes down to -0.005 (= no turn). ' +
      'Default FOV [UNVERIFIED], not given.',
  },
  {
    slug: 'battlefield6', name: 'Battlefield 6', style: 'frostbite', fovType: 'h',
    yaw: 0.0017362342283, offset: 0.002314981532, confidence: 'low', marks: ['CONFLICT'], source: 'S3, S17',
    note: '[CONFLICT] KovaaK (Sens*0.0017362342283)+0.002314981532 16ML9 [85-120] (S3), used here; a third-party ' +
      'profile derives 0.0025079 deg per unit from a single measurement (S17).',
  },
  {
    slug: 'minecraft', name: 'Minecraft Java (slider %)', style: 'minecraft', fovType: 'v', defaultFov: 70,
    ingameMultiplier: 0.005, yaw: null, confidence: 'high', source: 'S8, S2',
    note: 'inc = 1.2·(0.6s + 0.2)^3 deg, s = shown % / 200 (default 100% = 0.15 deg) (S8; S2 agrees). ' +
      'FOV vertical, 30-110, default 70 (S8); fpsmath\'s HML tag contradicts the code.',
  },
  {
    slug: 'minecraft-config', name: 'Minecraft Java (options.txt mouseSensitivity)', style: 'minecraft', fovType: 'v',
    defaultFov: 70, yaw: null, confidence: 'high', source: 'S8, S2',
    note: 'inc = 1.2·(0.6s + 0.2)^3 deg, s = options.txt mouseSensitivity 0-1, default 0.5 (S8).',
  },
  {
    slug: 'paladins', name: 'Paladins', style: 'normal', fovType: 'h', affectedByFov: true,
    yaw: 0.091176, fovScale: 0.001, confidence: 'medium', marks: ['UNVERIFIED'], source: 'S3',
    note: 'inc = Sens·0.091176·FOV·0.001 16ML9 (KovaaK, S3). [UNVERIFIED] which FOV axis the game feeds ' +
      'into it; KovaaK uses the slider value. No default FOV: pass the FOV.',
  },
  {
    slug: 'splitgate', name: 'Splitgate', style: 'normal', fovType: 'h', affectedByFov: true,
    yaw: 0.104156, fovScale: 0.001, confidence: 'medium', marks: ['UNVERIFIED'], source: 'S3',
    note: 'inc = Sens·0.104156·FOV·0.001 16ML9 (KovaaK, S3). [UNVERIFIED] which FOV axis the game feeds ' +
      'into it; KovaaK uses the slider value. No default FOV: pass the FOV.',
  },
  {
    slug: 'halo', name: 'Halo MCC / Infinite', style: 'normal', fovType: 'h',
    yaw: 0.022222, confidence: 'medium', source: 'S3, S5',
    note: 'KovaaK Sens*0.022222 16ML9 (S3); fpsmath 0.0222222 (S5).',
  },
  {
    slug: 'rust', name: 'Rust', style: 'normal', fovType: 'h',
    yaw: 0.1125, confidence: 'medium', source: 'S3, S5',
    note: 'KovaaK Sens*0.1125 (S3); fpsmath 0.1125 (S5). FOV type from KovaaK\'s 16ML9; Rust\'s own FOV axis not verified.',
  },
  {
    slug: 'ue4', name: 'Unreal Engine 4 (generic, KovaaK scale)', style: 'unreal', fovType: 'h', defaultFov: 90,
    yaw: 0.07, confidence: 'medium', marks: ['UNVERIFIED'], source: 'S3, S10',
    note: 'KovaaK "UE4" Sens*0.07 hML, no FOV term (S3). Which Unreal convention the spec\'s "unreal" ' +
      'style means is [UNVERIFIED]; stock UE4 is the ue4-stock entry.',
  },
  {
    slug: 'ue4-stock', name: 'Unreal Engine 4 (stock input, FOV scaling on)', style: 'unreal', fovType: 'h',
    defaultFov: 90, affectedByFov: true, yaw: 0.175, fovScale: UNREAL_FOV_SCALE, confidence: 'medium',
    marks: ['UNVERIFIED'], source: 'S10',
    note: 'inc = s·0.07 (MouseX Sensitivity)·2.5 (InputYawScale)·FOV·0.01111 (bEnableFOVScaling=true) (S10). ' +
      'Which Unreal convention applies to a given game is [UNVERIFIED].',
  },
  {
    slug: 'ut3', name: 'Unreal Tournament 3 / UE3 (UDK)', style: 'unreal', fovType: 'h', defaultFov: 90,
    affectedByFov: true, yaw: 360 / 65536, fovScale: UNREAL_FOV_SCALE, confidence: 'medium',
    marks: ['UNVERIFIED'], source: 'S9',
    note: 'inc = sens·(360/65536)·FOV·0.01111 (PlayerInput.uc FOVScale, 65536 rotator units per turn; ' +
      'default MouseSensitivity 30, FOVSetting 90) (S9). The engine truncates to whole rotator units; ' +
      'not modelled. Which Unreal convention the spec\'s "unreal" style means is [UNVERIFIED].',
  },
  {
    slug: 'roblox', name: 'Roblox (default camera)', style: 'normal', fovType: 'v', defaultFov: 70,
    yaw: 1.01061008, confidence: 'low', marks: ['UNVERIFIED'], source: 'S3, S18',
    note: 'KovaaK Sens*1.01061008 (S3). The engine turns 0.5 deg per pointer pixel × (1, 0.77) (S18), so it ' +
      'depends on pointer and UI scaling: low confidence. Default FieldOfView 70 vertical [UNVERIFIED].',
  },
  {
    slug: 'thefinals', name: 'THE FINALS', style: 'normal', fovType: 'v',
    yaw: 0.001, confidence: 'medium', source: 'S3',
    note: 'KovaaK Sens*0.001 vML [45-100] (S3).',
  },
  {
    slug: 'marvelrivals', name: 'Marvel Rivals', style: 'normal', fovType: null,
    yaw: 0.0175, confidence: 'medium', source: 'S3',
    note: 'KovaaK Sens*0.0175 (S3), no FOV type given.',
  },
  {
    slug: 'deadlock', name: 'Deadlock', style: 'normal', fovType: null,
    yaw: 0.044, confidence: 'medium', source: 'S3',
    note: 'KovaaK Sens*0.044 (S3), no FOV type given.',
  },
  {
    slug: 'hunt', name: 'Hunt: Showdown', style: 'normal', fovType: null,
    yaw: 0.0429718162181364, confidence: 'medium', source: 'S3',
    note: 'KovaaK Sens*0.0429718162181364 (S3), no FOV type given.',
  },
  {
    slug: 'deltaforce', name: 'Delta Force', style: 'normal', fovType: 'h',
    yaw: 0.03, confidence: 'medium', source: 'S3',
    note: 'KovaaK Sens*0.03 16ML9 (S3).',
  },
  {
    slug: 'fragpunk', name: 'FragPunk', style: 'normal', fovType: 'h',
    yaw: 0.05555, confidence: 'medium', source: 'S3',
    note: 'KovaaK Sens*0.05555 16ML9 [70-125] (S3).',
  },
  {
    slug: 'strinova', name: 'Strinova', style: 'normal', fovType: null,
    yaw: 0.01388194363, confidence: 'medium', source: 'S3',
    note: 'KovaaK Sens*0.01388194363 (S3), no FOV type given.',
  },
  {
    slug: 'gta5', name: 'GTA V', style: 'frostbite', fovType: null,
    yaw: 0.005446, offset: 0.032809, confidence: 'medium', source: 'S3',
    note: 'inc = 0.005446·S + 0.032809 (KovaaK, S3). Not a Frostbite game: the reference lists it as not ' +
      'expressible in the spec\'s styles; it uses the frostbite style only for its affine form.',
  },
  {
    slug: 'battalion1944', name: 'Battalion 1944', style: 'normal', fovType: 'h',
    yaw: 0.017501, confidence: 'medium', source: 'S3',
    note: 'KovaaK "Batallion" Sens*0.017501 hML (S3).',
  },
  {
    slug: '3daimtrainer', name: '3D Aim Trainer', style: 'normal', fovType: 'h',
    yaw: 0.0066, confidence: 'medium', marks: ['UNVERIFIED'], source: 'S5',
    note: 'fpsmath yaw 0.0066 film 16MF9 (S5), [UNVERIFIED] against the app.',
  },
  {
    slug: 'krunker', name: 'Krunker', style: 'normal', fovType: 'v',
    yaw: 0.13750954927425516, confidence: 'medium', source: 'S5',
    note: 'fpsmath 0.1375095 VML (S5).',
  },
  {
    slug: 'titanfall2', name: 'Titanfall 2', style: 'normal', fovType: 'h4:3',
    yaw: 0.022, confidence: 'medium', source: 'S5',
    note: 'fpsmath "Titanfall" 0.022 4ML3 (S5).',
  },
  {
    slug: 'warframe', name: 'Warframe', style: 'warframe', fovType: null,
    yaw: null, confidence: 'not-found', marks: ['NOT FOUND'], source: 'none',
    note: 'NOT FOUND: no sensitivity formula, FOV type or default FOV located. Measure the yaw with ' +
      'SensitivityMatcher "Measure any game" (S1). Conversion is unavailable until then. Search of ' +
      '2026-11 (see UNRESOLVED_YAW_CANDIDATES): two unattributed values that disagree by 58 % ' +
      '(0.01395 vs about 0.0220 deg per unit), so none is used.',
  },
  {
    slug: 'roguecompany', name: 'Rogue Company', style: 'roguecompany', fovType: null,
    yaw: null, confidence: 'not-found', marks: ['NOT FOUND', 'UNVERIFIED'], source: 'none',
    note: 'NOT FOUND: no sensitivity formula located. A UE4 title (SDK dumps), so UE4 FOV scaling may apply ' +
      '[UNVERIFIED]; affectedByFov is false only because nothing is known. Measure with SensitivityMatcher (S1). ' +
      'Search of 2026-11 (see UNRESOLVED_YAW_CANDIDATES): two unattributed values 19 % apart ' +
      '(0.0066 vs 0.005555 deg per unit), so none is used.',
  },
  {
    slug: 'arma3', name: 'Arma 3', style: 'arma3', fovType: 'v', defaultFov: armaFovTopToVerticalFov(0.75),
    yaw: null, confidence: 'not-found', marks: ['NOT FOUND'], source: 'S20',
    note: 'Sensitivity formula NOT FOUND; measure with SensitivityMatcher (S1). FOV (medium confidence): the ' +
      'profile stores fovTop = tan(vfov/2), default 0.75 = 73.74 deg vertical (S20). Search of 2026-11 (see ' +
      'UNRESOLVED_YAW_CANDIDATES): three unattributed yaws that disagree (0.0165, 0.0003927, about ' +
      '0.0603 deg per unit of sensitivity), so none is used.',
  },
];

/** The sensitivity game table, in the reference's order (plus config-unit variants next to their game). */
export const SENSITIVITY_GAMES: readonly SensitivityGame[] = Object.freeze(SEEDS.map(entry));

const BY_SLUG: ReadonlyMap<string, SensitivityGame> = new Map(SENSITIVITY_GAMES.map((g) => [g.slug, g]));

/** The entry with this slug, or `undefined`. */
export function sensitivityGameBySlug(slug: string): SensitivityGame | undefined {
  return BY_SLUG.get(slug);
}

/**
 * S21: zX3no "Yaw-List" (github.com/zX3no/zX3no, `Writing/YawList.md`), measured yaws:
 * CS/Apex/Quake/Titanfall 0.022, Overwatch 0.0066, CoD MW2019/Warzone 0.0066006600…, Destiny 2 0.0066,
 * Halo MCC 0.0222…, Battalion 1944 0.0175. Independent of S1/S3/S5 (own measurements).
 * S22: Nokorpo/LibreAim (an open-source aim trainer), `settings_controls.gd` `games_sensitivities`:
 * Counter Strike 2 / Apex Legends / Team Fortress 2 0.022, Valorant 0.07.
 *
 * The converter serves only games whose yaw (and FOV type) is given by at least TWO independent
 * published references that agree (to 0.1 %). For each served slug: the references checked.
 * Values agree unless said. Every other entry of {@link SENSITIVITY_GAMES} stays in the table for
 * the formulas and their tests but is NOT served: one reference only (KovaaK S3 alone: Battlefield 6
 * (and S17 disagrees), Paladins, Splitgate, THE FINALS, Marvel Rivals, Deadlock, Hunt, Delta Force,
 * FragPunk, Strinova, GTA V; fpsmath S5 alone: 3D Aim Trainer, Krunker; UE3 S9 alone: UT3; UE4 stock
 * S10 alone), references that disagree (Roblox S3 vs S18; Warframe, Rogue Company, Arma 3: no yaw in
 * S1-S22, and the only values found elsewhere disagree, see {@link UNRESOLVED_YAW_CANDIDATES}; they
 * need a SensitivityMatcher measurement, S1).
 */
export const INDEPENDENT_REFERENCES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  cs2: ['S7 Source SDK m_yaw 0.022, ScaleFOVByWidthRatio (4:3)', 'S3 KovaaK CSGO Sens*0.022 4ML3 [90-90]', 'S5 fpsmath 0.022 4ML3', 'S21 0.022', 'S22 0.022'],
  tf2: ['S7 Source SDK m_yaw 0.022', 'S5 fpsmath Team Fortress 2 0.022 4ML3', 'S22 0.022'],
  apex: ['S3 KovaaK Apex Sens*0.022 4ML3', 'S5 fpsmath Apex Legends 0.022 4ML3', 'S21 0.022', 'S22 0.022'],
  valorant: ['S5 fpsmath Valorant 0.07 16MS9', 'S22 LibreAim Valorant 0.07', 'S3 KovaaK Valorant Sens*0.06996 16MS9 [103-103] (0.06 % apart)'],
  overwatch2: ['S1 SensitivityMatcher $yawOverwatch 0.0066', 'S3 KovaaK Overwatch Sens*0.0066 16MF9', 'S5 fpsmath 0.0066 16MF9', 'S21 0.0066'],
  cod: ['S3 KovaaK Call of Duty Sens*0.0066 16MF9', 'S5 fpsmath Call of Duty 0.0066', 'S21 0.00660066 (0.01 % apart)'],
  destiny2: ['S3 KovaaK Destiny 2 Sens*0.0066', 'S5 fpsmath Destiny 0.0066', 'S21 0.0066'],
  fortnite: ['S3 KovaaK Fortnite Sens*0.005555 16ML9 [80-80]', 'S1 SensitivityMatcher Fortnite Slider 0.5555 per 1.0', 'S5 fpsmath Fortnite 0.005555 16ML9'],
  'fortnite-config': ['S1 SensitivityMatcher Fortnite Config 2.2220', 'S5 fpsmath Fortnite config 2.222'],
  r6siege: ['S3 KovaaK Rainbow 6 Sens*0.018/_pi vML', 'S1 SensitivityMatcher _Degree(0.0001)', 'S5 fpsmath 0.0057295779 VML'],
  quake: ['S1 SensitivityMatcher $yawQuake 0.022', 'S3 KovaaK Quake/Source Sens*0.022 4ML3', 'S5 fpsmath Quake 0.022 4ML3'],
  quakechampions: ['S3 KovaaK Quake Champions Sens*0.022 16ML9', 'S5 fpsmath Quake Champions 0.022 16ML9'],
  diabotical: ['S1 SensitivityMatcher 1/60', 'S3 KovaaK Diabotical Sens/60 vML (fpsmath S5 says 0.022: outvoted)'],
  reflex: ['S3 KovaaK Reflex Sens*0.018/_pi 4ML3', 'S1 SensitivityMatcher _Degree(0.0001)', 'S5 fpsmath Reflex 0.0057295779 4ML3'],
  battlefield: ['S3 KovaaK Battlefield 0.0034377486*Sens+0.011459162', 'S2 SensitivityMatcher #10 (sens+0.005)*0.04 rad', 'S11 BF1 calculator'],
  'battlefield-config': ['S2 SensitivityMatcher #10 (sens+0.005)*0.04 rad', 'S11 BF1 calculator 0.0063659966*cfg+0.00003183003 rev'],
  minecraft: ['S8 Minecraft client MouseHandler.turnPlayer', 'S2 SensitivityMatcher #10 0.2592*(sens+1/3)^3'],
  'minecraft-config': ['S8 Minecraft client MouseHandler.turnPlayer', 'S2 SensitivityMatcher #10 0.2592*(sens+1/3)^3'],
  halo: ['S3 KovaaK Halo Sens*0.022222 16ML9', 'S5 fpsmath Halo MCC 0.0222222 HML', 'S21 0.0222…'],
  rust: ['S3 KovaaK Rust Sens*0.1125', 'S5 fpsmath Rust 0.1125 16ML9'],
  ue4: ['S3 KovaaK UE4 Sens*0.07 hML', 'S5 fpsmath Unreal Engine 4 0.07 HML'],
  battalion1944: ['S3 KovaaK Batallion Sens*0.017501 hML', 'S21 0.0175 (0.006 % apart)'],
  titanfall2: ['S5 fpsmath Titanfall 0.022 4ML3', 'S21 Titanfall 0.022'],
});

/** One yaw value found for a game, where it was found, and what speaks against it. */
export interface YawCandidate {
  /** Degrees per count per unit of the game's sensitivity value, as the place gives it or as derived. */
  readonly yaw: number;
  /** Where it was found (public file, found by exact-string search of the code index; the index names no repository). */
  readonly where: string;
  /** What the place says, and why it is not enough on its own. */
  readonly says: string;
}

/**
 * Issue 16 item 2, search of 2026-11 for Warframe, Rogue Company and Arma 3 (KovaaK S1/S2/S3, fpsmath S5,
 * S21, S22 and every git revision of KovaaK/SensitivityMatcher, animafps/fpsmath, Nokorpo/LibreAim and
 * MingoDynasty/Corporate-Serf-Dashboard hold none of the three; nor do the stored web pages, pastebins and
 * issue threads searched). The only yaws found are below. For each game they disagree by far more than the
 * 0.1 % that {@link INDEPENDENT_REFERENCES} requires, and each list that holds one also has yaws that the
 * agreeing references contradict (e.g. Rust 0.0165 or 0.03 against 0.1125 in S3 and S5), so none is used and
 * the three games stay unserved. Arma 3's FOV (fovTop = tan(vfov/2), S20) is further supported by public
 * profile tools that write fovLeft = fovTop · aspect, but a FOV alone gives no conversion.
 */
export const UNRESOLVED_YAW_CANDIDATES: Readonly<Record<'warframe' | 'roguecompany' | 'arma3', readonly YawCandidate[]>> = Object.freeze({
  warframe: Object.freeze([
    {
      yaw: 0.01395, where: 'Rust `get_default_presets()` game table ("Game DB 모듈", index id 53806927813)',
      says: 'preset!("warframe", "Warframe", 0.01395, 78.0, "horizontal", …); the same table gives Rust 0.03 and THE FINALS 0.0066 (S3: 0.1125, 0.001)',
    },
    {
      yaw: 0.022006, where: 'SQL seed data `sensitable` ("SensiRecoder", index id 10923161668)',
      says: "('po', …, 'warframe', 0.5, 9800, 4.24, 8.28): sens 0.5 at 9800 DPI, 4.24 cm/180 → 914.4 / (9800 × 8.48 × 0.5) = 0.022006; its own cm/360 8.28 gives 0.022538. No FOV stated",
    },
  ]),
  roguecompany: Object.freeze([
    {
      yaw: 0.0066, where: 'JS `export const GAMES` yaw list (index id 30092579713)',
      says: '"Rogue Company": { yaw: 0.0066 } under "Other Popular FPS (yaw: 0.0066)"; the same list gives Paladins and Halo 0.0066 and Rust 0.0165 (S3: FOV-scaled, 0.022222, 0.1125)',
    },
    {
      yaw: 0.005555, where: 'Rust `get_default_presets()` game table (index id 53806927813)',
      says: 'preset!("rogue_company", "Rogue Company", 0.005555, 80.0, "horizontal", …)',
    },
  ]),
  arma3: Object.freeze([
    {
      yaw: 0.0165, where: 'JS `export const GAMES` yaw list (index id 30092579713)',
      says: '"Arma 3": { yaw: 0.0165 } under "Survival/Hardcore FPS (yaw: 0.0165)", the same value as Rust, Tarkov, DayZ',
    },
    {
      yaw: 0.0003927, where: 'Rust `get_default_presets()` game table (index id 53806927813)',
      says: 'preset!("arma3", "ARMA 3", 0.0003927, 74.0, "horizontal", …): FOV 74 called horizontal, against S20 (vertical)',
    },
    {
      yaw: 0.060285, where: 'SQL seed data `sensitable` (index id 10923161668)',
      says: "('osushi', …, 'Arma_3', 0.4, 2400, 7.9, 15.8): 914.4 / (2400 × 15.8 × 0.4) = 0.060285 per unit. No FOV stated",
    },
  ]),
});

/**
 * Default FOVs kept for the served games: only where a reference fixes it (a KovaaK slider range
 * with min = max, S3; the game's code, S7 / S8). Others are dropped (the player types the FOV for
 * the FOV-based match modes), so no served value rests on an unverified default.
 */
const VERIFIED_DEFAULT_FOV: ReadonlySet<string> = new Set(['cs2', 'valorant', 'fortnite', 'fortnite-config', 'minecraft', 'minecraft-config']);

/**
 * The games the converter offers (`GET /api/v1/user/game-sensitivity-data/basic`): the entries of
 * {@link INDEPENDENT_REFERENCES}, in table order, each with its references appended to `source`,
 * `unverified` false, and `defaultFov` (with hfov / vfov) only where verified.
 */
export const SERVED_SENSITIVITY_GAMES: readonly SensitivityGame[] = Object.freeze(
  SENSITIVITY_GAMES.filter((g) => (INDEPENDENT_REFERENCES[g.slug]?.length ?? 0) >= 2).map((g) => {
    const keepFov = VERIFIED_DEFAULT_FOV.has(g.slug);
    return Object.freeze({
      ...g,
      defaultFov: keepFov ? g.defaultFov : null,
      hfov: keepFov ? g.hfov : null,
      vfov: keepFov ? g.vfov : null,
      unverified: false,
      marks: Object.freeze([]) as readonly ReferenceMark[],
      source: INDEPENDENT_REFERENCES[g.slug].join('; '),
    });
  }),
);
