/**
 * Asset API contracts (spec sections 3, 7 and 8), shared by the server (src/server/assetRoutes.ts)
 * and the client (src/audio, src/game):
 * - GET  /api/v1/assets/sounds               -> { data: CustomSoundRecord[] } (the player's own sounds)
 * - POST /api/v1/assets/sounds               CustomSoundRecord -> { success: true, data: CustomSoundRecord[] }
 * - DELETE /api/v1/assets/sounds/{sound_type} -> { success: true, data: CustomSoundRecord[] }
 * - GET  /api/v1/assets/textures/{name}      -> TextureResponse
 */
import { closed } from './jsonSchema';

/** The sound types a player may replace with a sound of their own: 'hitsound' (used when
 * `audio.hitsound` is 'custom') and every other game sound (src/audio/soundCatalogue.ts). */
export const CUSTOM_SOUND_TYPES = [
  'hitsound', 'death', 'despawn', 'spawn', 'reward', 'crit', 'gun', 'reload1', 'reload2', 'steps', 'countdown',
  'menu_open', 'menu_close', 'hover', 'switch',
] as const;
export type CustomSoundType = (typeof CUSTOM_SOUND_TYPES)[number];

/** Custom sound record (spec section 3: sound_type, url). */
export interface CustomSoundRecord {
  sound_type: string;
  url: string;
}

/** Longest accepted custom sound URL, characters. */
export const CUSTOM_SOUND_URL_MAX = 2048;
/** Largest custom sound file, bytes (1 MiB): checked by the server for same-origin files and
 * by the client when it loads the sound (Content-Length and the bytes read). */
export const CUSTOM_SOUND_MAX_BYTES = 1024 * 1024;
/** File types a custom sound may have (by the URL path's extension) and their media types. */
export const CUSTOM_SOUND_EXTENSIONS: Readonly<Record<string, string>> = {
  '.ogg': 'audio/ogg', '.oga': 'audio/ogg', '.opus': 'audio/ogg', '.mp3': 'audio/mpeg', '.wav': 'audio/wav',
  '.m4a': 'audio/mp4', '.webm': 'audio/webm',
};

/** JSON schema of POST /api/v1/assets/sounds. */
export const customSoundBodySchema = {
  ...closed({
    sound_type: { type: 'string', enum: [...CUSTOM_SOUND_TYPES] },
    url: { type: 'string', minLength: 1, maxLength: CUSTOM_SOUND_URL_MAX },
  }),
  required: ['sound_type', 'url'],
} as const;

/**
 * Checks a custom sound URL: a same-origin path ('/…', not '//…', no backslash) or an absolute
 * https URL, at most CUSTOM_SOUND_URL_MAX characters, whose path ends in one of
 * CUSTOM_SOUND_EXTENSIONS. Returns the error text, or null when the URL is acceptable.
 */
export function customSoundUrlError(url: unknown): string | null {
  if (typeof url !== 'string' || url.length === 0) return 'url is required';
  if (url.length > CUSTOM_SOUND_URL_MAX) return `url is longer than ${CUSTOM_SOUND_URL_MAX} characters`;
  if (/[\s\\\u0000-\u001f]/.test(url)) return 'url contains whitespace, control characters or backslashes';
  let pathname: string;
  if (url.startsWith('/') && !url.startsWith('//')) {
    pathname = url.split(/[?#]/)[0];
  } else {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return 'url must be a same-origin path (/…) or an https URL';
    }
    if (u.protocol !== 'https:') return 'url must be a same-origin path (/…) or an https URL';
    if (u.username || u.password) return 'url must not carry credentials';
    pathname = u.pathname;
  }
  const dot = pathname.lastIndexOf('.');
  const ext = dot >= 0 ? pathname.slice(dot).toLowerCase() : '';
  if (!CUSTOM_SOUND_EXTENSIONS[ext]) return `url must name an audio file (${Object.keys(CUSTOM_SOUND_EXTENSIONS).join(', ')})`;
  return null;
}

/** GET /api/v1/assets/textures/{name}: `success` false carries `error` (the client throws it,
 * spec section 8); true carries the texture's `url` and pixel size. */
export interface TextureResponse {
  success: boolean;
  error: string | null;
  name: string;
  url?: string;
  width?: number;
  height?: number;
}

/** Texture names: lower-case letters, digits, '-' and '_', 1-64 characters. */
export const TEXTURE_NAME = /^[a-z0-9_-]{1,64}$/;
