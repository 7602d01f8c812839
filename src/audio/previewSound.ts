/**
 * Hit sound previews for the Audio settings tab: plays /assets/sounds/hitsound/{name}.ogg at
 * the gain the (unsaved) settings give the hit sound (master × reward / 10, audioMath.ts). One
 * AudioContext for all previews, created on the first preview (a click: a user gesture);
 * decoded files are kept. Independent of the game runtime, so it works on the settings page too.
 */
import type { GameOptions } from '../contracts/gameOptions';
import { soundGain } from './audioMath';
import { hitSoundUrl, type HitSoundName } from './soundCatalogue';

let ctx: AudioContext | null = null;
const decoded = new Map<string, Promise<AudioBuffer>>();

/** What a preview played: the file and its gain (0-1). */
export interface PreviewResult {
  url: string;
  gain: number;
}

/**
 * Plays hit sound `name` once with the volumes of `audio`. Resolves when it started (or, with
 * no Web Audio, when it was skipped: gain then 0); rejects with the fetch or decode error.
 */
export async function previewHitSound(name: HitSoundName, audio: Partial<GameOptions['audio']> | null | undefined,
  fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<PreviewResult> {
  const url = hitSoundUrl(name);
  const gain = soundGain(audio, 'reward');
  const AC = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!AC) return { url, gain: 0 };
  ctx ??= new AC();
  if (ctx.state === 'suspended') await ctx.resume().catch(() => undefined);
  const c = ctx;
  let buf = decoded.get(url);
  if (!buf) {
    buf = fetchFn(url).then(async (r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status} for ${url}`);
      return c.decodeAudioData(await r.arrayBuffer());
    });
    decoded.set(url, buf);
    buf.catch(() => decoded.delete(url));
  }
  const src = c.createBufferSource();
  src.buffer = await buf;
  const g = c.createGain();
  g.gain.value = gain;
  src.connect(g).connect(c.destination);
  src.start();
  return { url, gain };
}
