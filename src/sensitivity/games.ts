/**
 * The sensitivity game table: the "sensitivity game data entries" of spec section 3
 * (slug, name, fovType, hfov, vfov, affectedByFov, ingameMultiplier) plus what the converter
 * needs (style, yaw, offset, fovScale) and where each value comes from.
 *
 * Data source: `../shared/reference/sensitivity.md` §6 and `sensitivity_games.json`; S-numbers
 * refer to that file's source table (S1 KovaaK SensitivityMatcher, S3 KovaaK FovSensConfig.json,
 * S5 fpsmath, S7 Source SDK, S8 Minecraft client, S9 UE3 PlayerInput.uc, S10 UE4 BaseInput.ini,
 * S11 Battlefield 1 calculator, …) and to S21-S26 below ({@link SERVED_REFERENCES}). Where the
 * reference marks a value [UNVERIFIED], [CONFLICT] or NOT FOUND, the entry keeps that mark in
 * `marks`, sets `unverified: true`, and says what in `note`. Values no reference gives are `null`,
 * never guessed.
 *
 * Left out on purpose: PUBG (`inc = 0.00005555·10^(S/50)·FOV`, S3) is exponential in the slider
 * value, which none of the spec's seven conversion styles can express (sensitivity.md §2.1, row 18).
 *
 * VALORANT's yaw (issue 33 item 8): 0.07, not KovaaK's 0.06996. The two are 0.057 % apart: at
 * 800 DPI, VALORANT 0.4 is 914.4 / (800 × 0.4 × 0.07) = 40.82 cm/360 with 0.07 and 40.84 cm with
 * 0.06996 (0.02 cm, far below what a player feels or a mousepad measures). 0.07 is what the game's
 * engine ships (UE4 BaseInput.ini `MouseX Sensitivity=0.07`, S10, with InputYawScale 1: KovaaK's own
 * "UE4" scale is `Sens * 0.07`, S3) and what every other reference gives (fpsmath S5, LibreAim S22,
 * S23, S24, S26). 0.06996 is KovaaK's own VALORANT scale, so it is served as the "KovaaK's (VALORANT
 * scale)" entry: what KovaaK's does with that scale, not what VALORANT does.
 *
 * Units: `yaw` and `offset` in degrees per mouse count; FOVs in degrees.
 */
import type { FovType } from '../contracts/gameOptions';
import { CONVERSION_STYLES, type ConversionStyle, type SensitivityConfidence } from '../contracts/sensitivityData';
import { ASPECT_16_9, armaFovTopToVerticalFov, convertFov } from './fov';

export { CONVERSION_STYLES, type ConversionStyle, type SensitivityConfidence };

/** Markings the reference puts on a value; kept verbatim in the data. */
export type ReferenceMark = 'UNVERIFIED' | 'CONFLICT' | 'NOT FOUND';

/**
 * The reference file's confidence in the entry's sensitivity formula, from `sensitivity_games.json`
 * `confidence` (its first, sensitivity-related part); for entries added after it (issue 33): 'medium'
 * when two references agree, else 'low'. 'not-found': no formula. What players see is the served
 * level ({@link SensitivityConfidence}), not this.
 */
export type ReferenceConfidence = 'high' | 'medium' | 'low' | 'not-found';

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
  /** The reference file's confidence in the sensitivity formula. */
  readonly referenceConfidence: ReferenceConfidence;
  /** True when any value of this entry is marked [UNVERIFIED] / [CONFLICT] / NOT FOUND, or referenceConfidence is low. */
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
  confidence: ReferenceConfidence;
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
    referenceConfidence: seed.confidence,
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
    note: '[CONFLICT] small, decided: 0.07 (UE4 stock MouseX 0.07, S10; fpsmath S5, LibreAim S22, S23, S24, S26); ' +
      'KovaaK\'s own VALORANT scale is Sens*0.06996 (S3), 0.057 % lower (40.82 vs 40.84 cm/360 at 800 DPI, 0.4), ' +
      'served as kovaaks-valorant. FOV fixed 103 horizontal at 16:9 (16MS9).',
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
    slug: 'halo', name: 'Halo: The Master Chief Collection', style: 'normal', fovType: 'h',
    yaw: 0.022222, confidence: 'medium', source: 'S3, S5',
    note: 'KovaaK "Halo" Sens*0.022222 16ML9 (S3); fpsmath Halo MCC 0.0222222 (S5); S23 Halo: Reach 0.0222222. ' +
      'Halo Infinite is its own entry (S23 0.0225, 1.2 % apart).',
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
  // ─── added for issue 33 item 8 (sources S3, S5, S7, S21-S26: see SERVED_REFERENCES) ───
  {
    slug: 'kovaaks-source', name: 'KovaaK\'s (Quake/Source scale)', style: 'normal', fovType: 'h4:3',
    yaw: 0.022, confidence: 'high', source: 'S3, S1',
    note: 'KovaaK\'s own sensitivity scale "Quake/Source": Sens * 0.022, FOV scale 4ML3 (S3, the FovSensConfig KovaaK\'s ' +
      'loads; authoritative for KovaaK\'s itself); SensitivityMatcher preset $yawQuake 0.022 (S1). The FOV type is the ' +
      'scale\'s own; KovaaK\'s FOV scale is a separate setting: type the FOV on the axis it uses.',
  },
  {
    slug: 'kovaaks-overwatch', name: 'KovaaK\'s (Overwatch scale)', style: 'normal', fovType: 'h',
    yaw: 0.0066, confidence: 'high', source: 'S3, S1',
    note: 'KovaaK\'s own scale "Overwatch": Sens * 0.0066, 16MF9 (S3); SensitivityMatcher $yawOverwatch 0.0066 (S1).',
  },
  {
    slug: 'kovaaks-valorant', name: 'KovaaK\'s (VALORANT scale)', style: 'normal', fovType: 'h',
    yaw: 0.06996, confidence: 'low', source: 'S3',
    note: 'KovaaK\'s own scale "Valorant": Sens * 0.06996, 16MS9 (S3). The definition of what KovaaK\'s does, so exact ' +
      'for KovaaK\'s; one reference only. VALORANT itself turns 0.07 per unit (see the valorant entry).',
  },
  {
    slug: 'kovaaks-fortnite', name: 'KovaaK\'s (Fortnite scale)', style: 'normal', fovType: 'h',
    yaw: 0.005555, confidence: 'high', source: 'S3, S1',
    note: 'KovaaK\'s own scale "Fortnite": Sens * 0.005555, 16ML9 (S3); SensitivityMatcher "Fortnite Slider" 0.5555 per 1.0 (S1).',
  },
  {
    slug: 'aimlab', name: 'Aim Lab (default scale)', style: 'normal', fovType: null,
    yaw: 0.022, confidence: 'low', marks: ['UNVERIFIED'], source: 'S26',
    note: 'S26: Aim Lab\'s own (default) scale turns at the Source rate, m_yaw 0.022. Aim Lab also offers game ' +
      'sensitivity scales: with one picked, Aim Lab uses that game\'s numbers, so convert with that game\'s entry. ' +
      '[UNVERIFIED]: no primary source found; S23 gives "Aimlab" 0.05 and S24 "Aim Lab" 0.5, which disagree. No FOV type.',
  },
  {
    slug: 'gundam-evolution', name: 'Gundam Evolution', style: 'normal', fovType: null,
    yaw: 0.0003888500001, confidence: 'medium', source: 'S3, S24',
    note: 'KovaaK Sens*0.0003888500001 (S3); S24 0.00038888889 (0.01 % apart). No FOV type given.',
  },
  {
    slug: 'roblox-arsenal', name: 'Roblox Arsenal', style: 'normal', fovType: null,
    yaw: 0.375, confidence: 'low', source: 'S3',
    note: 'KovaaK "Roblox Arsenal" Sens*0.375 (S3). No FOV type given.',
  },
  {
    slug: 'aimgods', name: 'Aim Gods', style: 'normal', fovType: null,
    yaw: 0.0023331, confidence: 'medium', source: 'S5, S24',
    note: 'fpsmath "Aimgods" 0.0023331 (S5); S24 0.0023331. No FOV type given.',
  },
  {
    slug: 'tabg', name: 'Totally Accurate Battlegrounds', style: 'normal', fovType: 'h',
    yaw: 0.001280683, confidence: 'low', source: 'S5',
    note: 'fpsmath 0.001280683 HML (S5).',
  },
  {
    slug: 'left4dead', name: 'Left 4 Dead 1 & 2', style: 'normal', fovType: 'h4:3',
    yaw: 0.022, confidence: 'medium', source: 'S5, S7, S23, S24',
    note: 'Source engine m_yaw 0.022 (S7); fpsmath Left 4 Dead 2 0.022 4ML3 (S5); S23 0.022; S24 0.022.',
  },
  {
    slug: 'halflife', name: 'Half-Life 1 & 2', style: 'normal', fovType: 'h4:3',
    yaw: 0.022, confidence: 'medium', source: 'S7, S21, S23, S24',
    note: 'Source engine m_yaw 0.022 (S7, Half-Life 2); S21 Half-Life 0.022; S23 Half-Life 2 0.022; S24 Half-Life 1 & 2 0.022.',
  },
  {
    slug: 'garrysmod', name: 'Garry\'s Mod', style: 'normal', fovType: 'h4:3',
    yaw: 0.022, confidence: 'medium', source: 'S7, S23, S24',
    note: 'Source engine m_yaw 0.022 (S7); S23 0.022; S24 0.022.',
  },
  {
    slug: 'cs-source', name: 'Counter-Strike: Source / 1.6', style: 'normal', fovType: 'h4:3',
    yaw: 0.022, confidence: 'medium', source: 'S7, S21, S23',
    note: 'Source engine m_yaw 0.022 (S7, CS:S); S23 CS:S and CS 1.6 0.022; S21 Half-Life (GoldSrc, CS 1.6\'s engine) 0.022.',
  },
  {
    slug: 'doom', name: 'DOOM Eternal / DOOM (2016)', style: 'normal', fovType: 'h',
    yaw: 0.022, confidence: 'medium', source: 'S21, S23, S5',
    note: 'S21 Doom 0.022; S23 DOOM Eternal 0.022. FOV: fpsmath lists DOOM as 16MI9 (S5, no yaw), which is horizontal ' +
      'on a 16:9 screen only.',
  },
  {
    slug: 'sandstorm', name: 'Insurgency: Sandstorm', style: 'normal', fovType: null,
    yaw: 0.14, confidence: 'medium', source: 'S21, S23',
    note: 'S21 0.14; S23 0.13999937778 (0.0004 % apart). No FOV type given.',
  },
  {
    slug: 'tarkov', name: 'Escape from Tarkov', style: 'normal', fovType: null,
    yaw: 0.125, confidence: 'medium', source: 'S23, S24',
    note: 'S23 0.125; S24 0.125. No FOV type given.',
  },
  {
    slug: 'cyberpunk2077', name: 'Cyberpunk 2077', style: 'normal', fovType: null,
    yaw: 0.1, confidence: 'medium', marks: ['CONFLICT'], source: 'S21, S24',
    note: 'S21 0.1 (measured); S24 0.1. [CONFLICT] S23 gives 0.01 (10× lower). No FOV type given.',
  },
  {
    slug: 'borderlands2', name: 'Borderlands 2', style: 'normal', fovType: null,
    yaw: 0.0055, confidence: 'medium', source: 'S24, S25',
    note: 'S24 0.0055; S25 BL2 0.0055 (the two lists may share an origin). No FOV type given.',
  },
  {
    slug: 'riskofrain2', name: 'Risk of Rain 2', style: 'normal', fovType: null,
    yaw: 0.5, confidence: 'low', source: 'S21',
    note: 'S21 0.5, a measured yaw (the list says some of its values need re-measuring). No FOV type given.',
  },
  {
    slug: 'halo-infinite', name: 'Halo Infinite', style: 'normal', fovType: null,
    yaw: 0.0225, confidence: 'low', source: 'S23',
    note: 'S23 0.0225. KovaaK\'s scale named just "Halo" is 0.022222 (S3), 1.2 % lower: which Halo it means is not said.',
  },
  {
    slug: 'r6extraction', name: 'Rainbow Six Extraction', style: 'normal', fovType: null,
    yaw: 0.00572957914, confidence: 'low', source: 'S23',
    note: 'S23 0.00572957914, Siege\'s 0.0001 rad per unit (S3, S1) to 8 digits. No FOV type given.',
  },
  {
    slug: 'ark', name: 'ARK: Survival Evolved', style: 'normal', fovType: null,
    yaw: 0.17498152972, confidence: 'low', source: 'S23',
    note: 'S23 0.17498152972: stock UE4 input (0.07 × 2.5 × 90 × 0.01111 = 0.174983, S10) at FOV 90; whether the game ' +
      'scales by its FOV is not verified, so this is the yaw at its default FOV.',
  },
  {
    slug: 'squad', name: 'Squad', style: 'normal', fovType: null,
    yaw: 0.17498152972, confidence: 'low', source: 'S23',
    note: 'S23 0.17498152972 (stock UE4 at FOV 90, S10; FOV scaling not verified).',
  },
  {
    slug: 'darkanddarker', name: 'Dark and Darker', style: 'normal', fovType: null,
    yaw: 0.17498230292, confidence: 'low', source: 'S24',
    note: 'S24 0.17498230292 (stock UE4 at FOV 90, S10; FOV scaling not verified).',
  },
  {
    slug: 'helldivers2', name: 'Helldivers 2', style: 'normal', fovType: null,
    yaw: 0.57295, confidence: 'low', source: 'S23',
    note: 'S23 0.57295. No FOV type given.',
  },
  {
    slug: 'offthegrid', name: 'Off The Grid', style: 'normal', fovType: null,
    yaw: 0.07000023333, confidence: 'low', source: 'S23',
    note: 'S23 0.07000023333. No FOV type given.',
  },
  {
    slug: 'spectredivide', name: 'Spectre Divide', style: 'normal', fovType: null,
    yaw: 0.07152052639, confidence: 'low', source: 'S23',
    note: 'S23 0.07152052639. No FOV type given.',
  },
  {
    slug: 'splitgate2', name: 'Splitgate 2', style: 'normal', fovType: null,
    yaw: 0.01117268501, confidence: 'low', source: 'S23',
    note: 'S23 0.01117268501. No FOV type given.',
  },
  {
    slug: 'grayzonewarfare', name: 'Gray Zone Warfare', style: 'normal', fovType: null,
    yaw: 0.063, confidence: 'low', source: 'S23',
    note: 'S23 0.063. No FOV type given.',
  },
  {
    slug: 'arenabreakout', name: 'Arena Breakout: Infinite', style: 'normal', fovType: null,
    yaw: 0.10237393, confidence: 'low', source: 'S23',
    note: 'S23 0.10237393. No FOV type given.',
  },
  {
    slug: 'battlebit', name: 'BattleBit Remastered', style: 'normal', fovType: null,
    yaw: 0.0005, confidence: 'low', source: 'S23',
    note: 'S23 0.0005. No FOV type given.',
  },
  {
    slug: 'combatmaster', name: 'Combat Master', style: 'normal', fovType: null,
    yaw: 0.001, confidence: 'low', source: 'S23',
    note: 'S23 0.001. No FOV type given.',
  },
  {
    slug: 'warface', name: 'Warface', style: 'normal', fovType: null,
    yaw: 0.00332999963, confidence: 'low', source: 'S23',
    note: 'S23 0.00332999963. No FOV type given.',
  },
  {
    slug: 'borderlands3', name: 'Borderlands 3', style: 'normal', fovType: null,
    yaw: 0.00699929929, confidence: 'low', source: 'S23',
    note: 'S23 0.00699929929. No FOV type given.',
  },
  {
    slug: 'payday2', name: 'PAYDAY 2', style: 'normal', fovType: null,
    yaw: 0.015, confidence: 'low', source: 'S23',
    note: 'S23 0.015. No FOV type given.',
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
 * Sources beyond sensitivity.md (searched 2026-11; public files, the code index names some repositories,
 * not all; where it names none the file is named by what it is and its index id):
 * - S21: zX3no "Yaw-List" (github.com/zX3no/zX3no, `Writing/YawList.md`): the author's measured yaws
 *   (CS/Apex/Quake/Half-Life/Titanfall/Doom 0.022, Overwatch 0.0066, CoD MW2019/Warzone 0.0066006600…,
 *   Destiny 2 0.0066, Halo MCC 0.0222…, Battalion 1944 0.0175, Insurgency: Sandstorm 0.14, Cyberpunk 2077 0.1,
 *   Risk of Rain 2 0.5; the entries it marks TODO are not used).
 * - S22: Nokorpo/LibreAim (an open-source aim trainer), `settings_controls.gd` `games_sensitivities`:
 *   Counter Strike 2 / Apex Legends / Team Fortress 2 0.022, Valorant 0.07.
 * - S23: a sensitivity app's `gamesData` table (TypeScript, Overwolf game ids, code-index id 20096907481):
 *   per-game `scalingFactor` in degrees per count, many to 11 digits (e.g. Marvel Rivals 0.01749999027,
 *   Deadlock 0.04400009777, Valorant 0.07, CS2 0.02199999511).
 * - S24: the sens.zerda.jp converter's `games` table (JavaScript, code-index id 44813202938), degrees per count
 *   ("distancePerDot"). It also puts 0.022 on games where other references disagree (Battlefield V, GTA 5,
 *   Warframe), so its 0.022 alone is never counted.
 * - S25: HenryPriz/Mau5 `cleanMain.js` yaw list (BL2 0.0055, OW 0.0066, SOURCE 0.022).
 * - S26: a two-way converter's `GAMES` table (JavaScript, code-index id 68916838393) with the note that Aim Lab's
 *   own scale "turns at the Source rate too (its m_yaw defaults to 0.022)" and that a game picked under Aim Lab's
 *   "sensitivity scale" makes Aim Lab use that game's numbers.
 * Aim Lab: no primary source (Aim Lab's documentation or files) was found; S26 is the only one that explains its
 * value, and S23 ("Aimlab" 0.05) and S24 ("Aim Lab" 0.5) disagree, so the entry is one-reference and [UNVERIFIED].
 * Several other lists found give 0.022 for Aim Lab too, but they also give 0.022 for games whose agreeing
 * references say otherwise (Rust, Escape from Tarkov), so they are not counted.
 */

/** What the converter is told about one served entry: its level and the references behind it. */
export interface ServedVerdict {
  /** how well the yaw is supported ({@link SensitivityConfidence}) */
  readonly confidence: SensitivityConfidence;
  /** short citations, each 'S<n> <what it says>' */
  readonly references: readonly string[];
}

const two = (...references: string[]): ServedVerdict => Object.freeze({ confidence: 'two-references', references: Object.freeze(references) });
const one = (...references: string[]): ServedVerdict => Object.freeze({ confidence: 'one-reference', references: Object.freeze(references) });
const measured = (...references: string[]): ServedVerdict => Object.freeze({ confidence: 'measured', references: Object.freeze(references) });

/**
 * The served entries (`GET /api/v1/user/game-sensitivity-data/basic`) and, for each, its level and references:
 * 'two-references' where at least two independent references agree to 0.1 % (values agree unless said),
 * 'one-reference' where one reference gives it and any other disagrees, 'measured' where only a published
 * measurement exists. Every entry of {@link SENSITIVITY_GAMES} with a usable formula is here.
 *
 * Not served (no yaw): Warframe, Rogue Company and Arma 3 (no formula in S1-S26; the values found disagree,
 * see {@link UNRESOLVED_YAW_CANDIDATES}; they need a SensitivityMatcher measurement, S1), and PUBG, which is not
 * in the table (its exponential slider, S3, fits none of the spec's seven styles). KovaaK's `cm/360`, `in/360`
 * and `counts/360` scales (S3) are distances, not yaws: the converter's cm/360 result (with a DPI) covers them.
 */
export const SERVED_REFERENCES: Readonly<Record<string, ServedVerdict>> = Object.freeze({
  cs2: two('S7 Source SDK m_yaw 0.022, ScaleFOVByWidthRatio (4:3)', 'S3 KovaaK CSGO Sens*0.022 4ML3 [90-90]', 'S5 fpsmath 0.022 4ML3', 'S21 0.022', 'S22 0.022'),
  tf2: two('S7 Source SDK m_yaw 0.022', 'S5 fpsmath Team Fortress 2 0.022 4ML3', 'S22 0.022'),
  apex: two('S3 KovaaK Apex Sens*0.022 4ML3', 'S5 fpsmath Apex Legends 0.022 4ML3', 'S21 0.022', 'S22 0.022'),
  valorant: two('S10 UE4 BaseInput.ini MouseX Sensitivity 0.07 (InputYawScale 1)', 'S5 fpsmath Valorant 0.07 16MS9', 'S22 LibreAim Valorant 0.07', 'S23 0.07', 'S24 0.07',
    'S3 KovaaK Valorant Sens*0.06996 16MS9 [103-103] (KovaaK\'s own scale, 0.057 % lower: see kovaaks-valorant)'),
  overwatch2: two('S1 SensitivityMatcher $yawOverwatch 0.0066', 'S3 KovaaK Overwatch Sens*0.0066 16MF9', 'S5 fpsmath 0.0066 16MF9', 'S21 0.0066'),
  cod: two('S3 KovaaK Call of Duty Sens*0.0066 16MF9', 'S5 fpsmath Call of Duty 0.0066', 'S21 0.00660066 (0.01 % apart)', 'S23 MW2019 to BO6 0.00660000176'),
  destiny2: two('S3 KovaaK Destiny 2 Sens*0.0066', 'S5 fpsmath Destiny 0.0066', 'S21 0.0066'),
  fortnite: two('S3 KovaaK Fortnite Sens*0.005555 16ML9 [80-80]', 'S1 SensitivityMatcher Fortnite Slider 0.5555 per 1.0', 'S5 fpsmath Fortnite 0.005555 16ML9'),
  'fortnite-config': two('S1 SensitivityMatcher Fortnite Config 2.2220', 'S5 fpsmath Fortnite config 2.222'),
  r6siege: two('S3 KovaaK Rainbow 6 Sens*0.018/_pi vML', 'S1 SensitivityMatcher _Degree(0.0001)', 'S5 fpsmath 0.0057295779 VML'),
  quake: two('S1 SensitivityMatcher $yawQuake 0.022', 'S3 KovaaK Quake/Source Sens*0.022 4ML3', 'S5 fpsmath Quake 0.022 4ML3'),
  quakechampions: two('S3 KovaaK Quake Champions Sens*0.022 16ML9', 'S5 fpsmath Quake Champions 0.022 16ML9'),
  diabotical: two('S1 SensitivityMatcher 1/60', 'S3 KovaaK Diabotical Sens/60 vML (fpsmath S5 says 0.022: outvoted)'),
  reflex: two('S3 KovaaK Reflex Sens*0.018/_pi 4ML3', 'S1 SensitivityMatcher _Degree(0.0001)', 'S5 fpsmath Reflex 0.0057295779 4ML3'),
  battlefield: two('S3 KovaaK Battlefield 0.0034377486*Sens+0.011459162', 'S2 SensitivityMatcher #10 (sens+0.005)*0.04 rad', 'S11 BF1 calculator'),
  'battlefield-config': two('S2 SensitivityMatcher #10 (sens+0.005)*0.04 rad', 'S11 BF1 calculator 0.0063659966*cfg+0.00003183003 rev'),
  battlefield6: one('S3 KovaaK Battlefield 6 (Sens*0.0017362342283)+0.002314981532 16ML9 [85-120]', '(S17 derives 0.0025079 per unit from one measurement: disagrees)'),
  minecraft: two('S8 Minecraft client MouseHandler.turnPlayer', 'S2 SensitivityMatcher #10 0.2592*(sens+1/3)^3'),
  'minecraft-config': two('S8 Minecraft client MouseHandler.turnPlayer', 'S2 SensitivityMatcher #10 0.2592*(sens+1/3)^3'),
  paladins: one('S3 KovaaK Paladins Sens*0.091176*FOV*0.001 16ML9', '(S23 0.00915527 and S24 0.00916 are fixed yaws at an unstated FOV)'),
  splitgate: one('S3 KovaaK Splitgate Sens*0.104156*FOV*0.001 16ML9', '(S23 0.0036574884 and S24 0.00937367 disagree with each other)'),
  halo: two('S3 KovaaK Halo Sens*0.022222 16ML9', 'S5 fpsmath Halo MCC 0.0222222 HML', 'S21 0.0222…', 'S23 Halo: Reach 0.0222222'),
  rust: two('S3 KovaaK Rust Sens*0.1125', 'S5 fpsmath Rust 0.1125 16ML9', 'S23 0.1125', 'S24 0.1125'),
  ue4: two('S3 KovaaK UE4 Sens*0.07 hML', 'S5 fpsmath Unreal Engine 4 0.07 HML'),
  'ue4-stock': one('S10 UE4 BaseInput.ini Sensitivity 0.07, BaseGame.ini InputYawScale 2.5, FOVScale 0.01111'),
  ut3: one('S9 UE3 PlayerInput.uc MouseSensitivity × FOV × 0.01111, 65536 rotator units per turn'),
  roblox: one('S3 KovaaK Roblox Sens*1.01061008', '(S18 engine 0.5°/pointer pixel depends on pointer scaling; S23 0.39789557451 disagrees)'),
  thefinals: two('S3 KovaaK The FINALS Sens*0.001 vML [45-100]', 'S23 0.001'),
  marvelrivals: two('S3 KovaaK Marvel Rivals Sens*0.0175', 'S23 0.01749999027 (0.00006 % apart)', '(S26 0.0066 disagrees)'),
  deadlock: two('S3 KovaaK Deadlock Sens*0.044', 'S23 0.04400009777'),
  hunt: two('S3 KovaaK Hunt: Showdown Sens*0.0429718162181364', 'S23 0.04297173414 (0.0002 % apart)'),
  deltaforce: one('S3 KovaaK Delta Force Sens*0.03 16ML9', '(S23 0.01 disagrees)'),
  fragpunk: two('S3 KovaaK Fragpunk Sens*0.05555 16ML9 [70-125]', 'S23 0.05555006912'),
  strinova: two('S3 KovaaK Strinova Sens*0.01388194363', 'S23 0.01388194791'),
  gta5: one('S3 KovaaK GTA 5 Sens*0.005446 + 0.032809', '(S24 0.022 disagrees)'),
  battalion1944: two('S3 KovaaK Batallion Sens*0.017501 hML', 'S21 0.0175 (0.006 % apart)'),
  '3daimtrainer': one('S5 fpsmath 3D Aim Trainer 0.0066 16MF9'),
  krunker: one('S5 fpsmath Krunker 0.1375095 VML'),
  titanfall2: two('S5 fpsmath Titanfall 0.022 4ML3', 'S21 Titanfall 0.022', 'S23 Titanfall 2 0.022'),
  'kovaaks-source': two('S3 KovaaK\'s own scale Quake/Source Sens*0.022 4ML3', 'S1 SensitivityMatcher $yawQuake 0.022'),
  'kovaaks-overwatch': two('S3 KovaaK\'s own scale Overwatch Sens*0.0066 16MF9', 'S1 SensitivityMatcher $yawOverwatch 0.0066'),
  'kovaaks-valorant': one('S3 KovaaK\'s own scale Valorant Sens*0.06996 16MS9 (defines what KovaaK\'s does)'),
  'kovaaks-fortnite': two('S3 KovaaK\'s own scale Fortnite Sens*0.005555 16ML9', 'S1 SensitivityMatcher Fortnite Slider 0.5555 per 1.0'),
  aimlab: one('S26 Aim Lab default scale 0.022 (Source rate)', '(S23 Aimlab 0.05 and S24 Aim Lab 0.5 disagree)'),
  'gundam-evolution': two('S3 KovaaK Gundam Evolution Sens*0.0003888500001', 'S24 0.00038888889 (0.01 % apart)'),
  'roblox-arsenal': one('S3 KovaaK Roblox Arsenal Sens*0.375'),
  aimgods: two('S5 fpsmath Aimgods 0.0023331', 'S24 Aim Gods 0.0023331'),
  tabg: one('S5 fpsmath Totally Accurate Battlegrounds 0.001280683 HML'),
  left4dead: two('S7 Source engine m_yaw 0.022', 'S5 fpsmath Left 4 Dead 2 0.022 4ML3', 'S23 0.022'),
  halflife: two('S7 Source engine m_yaw 0.022', 'S21 Half-Life 0.022', 'S23 Half-Life 2 0.022'),
  garrysmod: two('S7 Source engine m_yaw 0.022', 'S23 Garry\'s Mod 0.022'),
  'cs-source': two('S7 Source engine m_yaw 0.022', 'S23 CS:S 0.022, CS 1.6 0.022', 'S21 Half-Life (GoldSrc) 0.022'),
  doom: two('S21 Doom 0.022', 'S23 DOOM Eternal 0.022'),
  sandstorm: two('S21 Insurgency: Sandstorm 0.14', 'S23 0.13999937778 (0.0004 % apart)'),
  tarkov: two('S23 Escape From Tarkov 0.125', 'S24 0.125'),
  cyberpunk2077: two('S21 Cyberpunk 2077 0.1', 'S24 0.1', '(S23 0.01 disagrees)'),
  borderlands2: two('S24 Borderlands 2 0.0055', 'S25 BL2 0.0055'),
  riskofrain2: measured('S21 Risk of Rain 2 0.5 (measured)'),
  'halo-infinite': one('S23 Halo Infinite 0.0225', '(S3 "Halo" 0.022222 is 1.2 % lower)'),
  r6extraction: one('S23 Rainbow Six Extraction 0.00572957914'),
  ark: one('S23 ARK: Survival Evolved 0.17498152972 (= stock UE4 at FOV 90, S10)'),
  squad: one('S23 Squad 0.17498152972 (= stock UE4 at FOV 90, S10)'),
  darkanddarker: one('S24 Dark and Darker 0.17498230292 (= stock UE4 at FOV 90, S10)'),
  helldivers2: one('S23 Helldivers 2 0.57295'),
  offthegrid: one('S23 Off The Grid 0.07000023333'),
  spectredivide: one('S23 Spectre Divide 0.07152052639'),
  splitgate2: one('S23 Splitgate 2 0.01117268501'),
  grayzonewarfare: one('S23 Gray Zone Warfare 0.063'),
  arenabreakout: one('S23 Arena Breakout: Infinite 0.10237393'),
  battlebit: one('S23 BattleBit Remastered 0.0005'),
  combatmaster: one('S23 Combat Master 0.001'),
  warface: one('S23 Warface 0.00332999963'),
  borderlands3: one('S23 Borderlands 3 0.00699929929'),
  payday2: one('S23 PAYDAY 2 0.015'),
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
 * 0.1 % that {@link SERVED_REFERENCES} requires for two references, and each list that holds one also has yaws that the
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
    {
      yaw: 0.022, where: 'S24 sens.zerda.jp `games` table (index id 44813202938)',
      says: 'Warframe: { distancePerDot: 0.022 }; the same table puts 0.022 on Battlefield V and GTA 5 too, which S2/S3/S11 contradict, so its 0.022 reads as a Source default, not a finding (it is 0.03 % from the SQL row above, but that row disagrees with itself by 2.4 %)',
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

/** A served entry: the table's entry plus its level and references ({@link SERVED_REFERENCES}). */
export interface ServedSensitivityGame extends SensitivityGame {
  /** how well the yaw is supported */
  readonly confidence: SensitivityConfidence;
  /** the references behind it (`source` is these joined with '; ') */
  readonly references: readonly string[];
}

/**
 * The games the converter offers (`GET /api/v1/user/game-sensitivity-data/basic`): the entries of
 * {@link SERVED_REFERENCES}, in table order, each with its level and references (`source` = the
 * references joined with '; '), and `defaultFov` (with hfov / vfov) only where verified.
 */
export const SERVED_SENSITIVITY_GAMES: readonly ServedSensitivityGame[] = Object.freeze(
  SENSITIVITY_GAMES.filter((g) => g.slug in SERVED_REFERENCES).map((g) => {
    const keepFov = VERIFIED_DEFAULT_FOV.has(g.slug);
    const verdict = SERVED_REFERENCES[g.slug];
    return Object.freeze({
      ...g,
      defaultFov: keepFov ? g.defaultFov : null,
      hfov: keepFov ? g.hfov : null,
      vfov: keepFov ? g.vfov : null,
      confidence: verdict.confidence,
      references: verdict.references,
      source: verdict.references.join('; '),
    });
  }),
);

/**
 * The title an entry belongs to: its name without a trailing "(…)" qualifier, so the variants of
 * one game ("Fortnite (X/Y slider, %)", "Fortnite (GameUserSettings.ini MouseX)") and KovaaK's scales
 * ("KovaaK's (Overwatch scale)") count once.
 */
export function sensitivityTitle(name: string): string {
  return name.replace(/\s*\([^()]*\)$/, '');
}
