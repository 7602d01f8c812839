/**
 * Every sound of the game (spec section 7: death, despawn, hit sound by setting, gun, menu open
 * and close, hover, switch, looping countdown music, reward, spawn, looping steps, two reloads;
 * plus the crit sound of section 9's category map), its file under `/assets/`, its volume
 * category (spec section 9) and whether it loops. One table for the client (src/audio), the
 * asset generator (scripts/generate-assets/sounds.ts) and the asset tests.
 */
import type { GameOptions } from '../contracts/gameOptions';
import { WEAPON_MODELS, weaponModelOf, type WeaponModel } from '../contracts/weaponModels';

/** The hit sounds of `audio.hitsound` that ship as files (spec section 9; 'custom' is the
 * player's own sound, GET /api/v1/assets/sounds). */
export const HIT_SOUND_NAMES = ['default', 'clap', 'pong', 'pop', 'tap', 'thud'] as const;
export type HitSoundName = (typeof HIT_SOUND_NAMES)[number];

/** Volume category keys of options.audio (spec section 9) plus 'volume' (the master alone,
 * for menu sounds). */
export type SoundCategory = 'music' | 'spawn' | 'despawn' | 'reward' | 'crit' | 'gun' | 'volume';

/** Sounds other than the hit sound. */
export type SoundName =
  | 'death' | 'despawn' | 'spawn' | 'reward' | 'crit' | 'blocked' | 'gun' | 'reload1' | 'reload2' | 'steps' | 'countdown'
  | 'menu_open' | 'menu_close' | 'hover' | 'switch';

/** One sound: file path under the site root, category, looping. */
export interface SoundEntry {
  /** URL path, e.g. '/assets/sounds/gun.ogg' */
  url: string;
  category: SoundCategory;
  loop: boolean;
}

/**
 * The sounds other than the hit sound. Categories (spec section 9): music (countdown music),
 * spawn, despawn, reward (hit sound, death, reward), crit, gun (gun and reloads), volume
 * (menus: open, close, hover, switch). Steps have no category in the spec: they follow the
 * gun volume (the player's own noise).
 */
export const SOUNDS: Readonly<Record<SoundName, SoundEntry>> = {
  death: { url: '/assets/sounds/death.ogg', category: 'reward', loop: false },
  despawn: { url: '/assets/sounds/despawn.ogg', category: 'despawn', loop: false },
  spawn: { url: '/assets/sounds/spawn.ogg', category: 'spawn', loop: false },
  reward: { url: '/assets/sounds/reward.ogg', category: 'reward', loop: false },
  crit: { url: '/assets/sounds/crit.ogg', category: 'crit', loop: false },
  /** issue 35: a hit on a protected target (engine 'blocked'): its own cue, never the hit sound */
  blocked: { url: '/assets/sounds/blocked.ogg', category: 'reward', loop: false },
  gun: { url: '/assets/sounds/gun.ogg', category: 'gun', loop: false },
  reload1: { url: '/assets/sounds/reload1.ogg', category: 'gun', loop: false },
  reload2: { url: '/assets/sounds/reload2.ogg', category: 'gun', loop: false },
  steps: { url: '/assets/sounds/steps.ogg', category: 'gun', loop: true },
  countdown: { url: '/assets/sounds/countdown.ogg', category: 'music', loop: true },
  menu_open: { url: '/assets/sounds/menu_open.ogg', category: 'volume', loop: false },
  menu_close: { url: '/assets/sounds/menu_close.ogg', category: 'volume', loop: false },
  hover: { url: '/assets/sounds/hover.ogg', category: 'volume', loop: false },
  switch: { url: '/assets/sounds/switch.ogg', category: 'volume', loop: false },
};

/**
 * Our mix on top of the spec's category gains (issue 35 item 7: in-round feedback louder than
 * the menus): a trim in dB per shipped file (by URL), 0 when absent (custom sounds: none). The
 * menus' sounds use the master volume alone (spec section 9), which made them louder than every
 * in-round cue at the default settings (menu 0.4 against hit 0.12, crit 0.04): they are trimmed
 * by −14 dB, and the hit sounds and the crit are brought up to about −34 LUFS at the default
 * settings (the gun's level), each by what its file lacks. The loudness table of
 * assets/README.md (npm run assets:loudness, ITU-R BS.1770-4) shows the result.
 */
export const SOUND_MIX_DB: Readonly<Record<string, number>> = {
  '/assets/sounds/menu_open.ogg': -14, '/assets/sounds/menu_close.ogg': -14,
  '/assets/sounds/hover.ogg': -14, '/assets/sounds/switch.ogg': -14,
  '/assets/sounds/hitsound/default.ogg': 6.5, '/assets/sounds/hitsound/clap.ogg': 8,
  '/assets/sounds/hitsound/pong.ogg': 4, '/assets/sounds/hitsound/pop.ogg': 3,
  '/assets/sounds/hitsound/tap.ogg': 9.5, '/assets/sounds/hitsound/thud.ogg': 2.5,
  '/assets/sounds/crit.ogg': 12,
};

/** The linear gain of SOUND_MIX_DB for the sound at `url` (10^(dB / 20); 1 when it has no trim). */
export function soundMixGain(url: string): number {
  return 10 ** ((SOUND_MIX_DB[url] ?? 0) / 20);
}

/** URL of a shipped hit sound: `/assets/sounds/hitsound/{name}.ogg` (spec section 7). */
export function hitSoundUrl(name: HitSoundName): string {
  return `/assets/sounds/hitsound/${name}.ogg`;
}

/** The shipped hit sound of an `audio.hitsound` setting: unknown values and 'custom' (whose
 * file comes from the player's custom sounds, when any) map to 'default'. */
export function hitSoundNameOf(setting: GameOptions['audio']['hitsound'] | string | null | undefined): HitSoundName {
  return (HIT_SOUND_NAMES as readonly string[]).includes(setting as string) ? (setting as HitSoundName) : 'default';
}

/** The gun sound of each weapon model (drill weapon_type; category gun, queued as 'gun'):
 * `/assets/sounds/gun/{model}.ogg` (scripts/generate-assets/gunSounds.ts). SOUNDS.gun is the
 * gun sound where no weapon is known (GameAudio before a drill sets one). */
export const GUN_SOUND_URLS: Readonly<Record<WeaponModel, string>> = Object.fromEntries(
  WEAPON_MODELS.map((m) => [m, `/assets/sounds/gun/${m}.ogg`]),
) as Record<WeaponModel, string>;

/** The gun sound URL of a drill's `weapon_type` (weaponModelOf: unknown types sound as the pistol). */
export function gunSoundUrl(weaponType: string | null | undefined): string {
  return GUN_SOUND_URLS[weaponModelOf(weaponType)];
}

/** Every shipped sound's URL (the asset tests and the loader iterate it). */
export function allSoundUrls(): string[] {
  return [...Object.values(SOUNDS).map((s) => s.url), ...HIT_SOUND_NAMES.map(hitSoundUrl), ...Object.values(GUN_SOUND_URLS)];
}
