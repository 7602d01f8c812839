/**
 * Custom sound loading rules (spec section 8): with `audio.custom_sounds` on, the player's
 * records of GET /api/v1/assets/sounds ({ data: [{ sound_type, url }] }) replace the shipped
 * sounds of those types. Loading a record is rejected when its name (sound_type) or url is
 * missing, or when a sound of the same name is already loaded (except the hit sound, which a
 * later record replaces); a sound whose file fails to load is logged and the default stays.
 * Pure rules here; the fetching and decoding live in gameAudio.ts.
 */
import { CUSTOM_SOUND_MAX_BYTES, CUSTOM_SOUND_TYPES, customSoundUrlError, type CustomSoundRecord } from '../contracts/assets';

/** The custom sound type of the hit sound (used when audio.hitsound is 'custom'). */
export const CUSTOM_HIT_SOUND = 'hitsound';

/** Why a record was not accepted. */
export interface RejectedSound {
  record: unknown;
  reason: string;
}

/** The accepted custom sounds (type → url) and the rejected records with their reasons. */
export interface CustomSoundPlan {
  accepted: Map<string, string>;
  rejected: RejectedSound[];
}

/**
 * Applies the loading rules to `records` (the `data` of GET /api/v1/assets/sounds, in order):
 * a record needs a non-empty string sound_type (a known type, CUSTOM_SOUND_TYPES) and url (a
 * same-origin path or https URL of an audio file: customSoundUrlError); a second record of a
 * name already accepted is rejected, except 'hitsound', where the later one wins.
 * Never throws: anything that is not a record is rejected with a reason.
 */
export function planCustomSounds(records: unknown): CustomSoundPlan {
  const accepted = new Map<string, string>();
  const rejected: RejectedSound[] = [];
  if (!Array.isArray(records)) return { accepted, rejected: [{ record: records, reason: 'the sound list is not an array' }] };
  for (const record of records) {
    const r = record as Partial<CustomSoundRecord> | null;
    const name = r && typeof r === 'object' ? r.sound_type : undefined;
    const url = r && typeof r === 'object' ? r.url : undefined;
    if (typeof name !== 'string' || name.length === 0) {
      rejected.push({ record, reason: 'the sound has no name (sound_type)' });
      continue;
    }
    if (typeof url !== 'string' || url.length === 0) {
      rejected.push({ record, reason: `the sound ${name} has no url` });
      continue;
    }
    if (!(CUSTOM_SOUND_TYPES as readonly string[]).includes(name)) {
      rejected.push({ record, reason: `unknown sound name ${name}` });
      continue;
    }
    const bad = customSoundUrlError(url);
    if (bad) {
      rejected.push({ record, reason: `the sound ${name}: ${bad}` });
      continue;
    }
    if (accepted.has(name) && name !== CUSTOM_HIT_SOUND) {
      rejected.push({ record, reason: `a sound named ${name} is already loaded` });
      continue;
    }
    accepted.set(name, url);
  }
  return { accepted, rejected };
}

/**
 * Fetches a custom sound's bytes: rejects (Error with the reason) on a non-2xx answer, a
 * Content-Type that is present and not audio/* (or application/ogg / octet-stream), a
 * Content-Length or body over CUSTOM_SOUND_MAX_BYTES. `fetchFn` defaults to fetch.
 */
export async function fetchCustomSound(url: string, fetchFn: typeof fetch = fetch): Promise<ArrayBuffer> {
  const res = await fetchFn(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type && !type.startsWith('audio/') && type !== 'application/ogg' && type !== 'application/octet-stream') {
    throw new Error(`${url} is ${type}, not audio`);
  }
  const len = Number(res.headers.get('content-length'));
  if (Number.isFinite(len) && len > CUSTOM_SOUND_MAX_BYTES) throw new Error(`${url} is larger than ${CUSTOM_SOUND_MAX_BYTES} bytes`);
  const bytes = await res.arrayBuffer();
  if (bytes.byteLength > CUSTOM_SOUND_MAX_BYTES) throw new Error(`${url} is larger than ${CUSTOM_SOUND_MAX_BYTES} bytes`);
  return bytes;
}

/** The player's custom sounds: GET /api/v1/assets/sounds → data. Throws Error('Bad response from
 * server') on a non-2xx answer or a body without a `data` array. */
export async function listCustomSounds(fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<CustomSoundRecord[]> {
  const res = await fetchFn('/api/v1/assets/sounds', { credentials: 'same-origin' });
  const body = res.ok ? ((await res.json().catch(() => null)) as { data?: unknown } | null) : null;
  if (!body || !Array.isArray(body.data)) throw new Error('Bad response from server');
  return body.data as CustomSoundRecord[];
}

/** Registers the player's sound of `soundType` (POST /api/v1/assets/sounds). Checks the URL
 * first (customSoundUrlError); throws Error(the server's `error`) on a 4xx / 5xx answer.
 * Resolves the player's records after the change. */
export async function registerCustomSound(soundType: string, url: string,
  fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<CustomSoundRecord[]> {
  const bad = customSoundUrlError(url);
  if (bad) throw new Error(bad);
  const res = await fetchFn('/api/v1/assets/sounds', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sound_type: soundType, url }),
  });
  const body = (await res.json().catch(() => null)) as { data?: CustomSoundRecord[]; error?: string } | null;
  if (!res.ok) throw new Error(body?.error || res.statusText || 'Bad response from server');
  return body?.data ?? [];
}
