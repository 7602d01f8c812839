/**
 * Volume maths and the sound queue of spec section 9 (pure, no Web Audio: unit-tested):
 * - master volume = audio.volume / 10; a sound's gain = master × its category setting / 10;
 *   category map (soundCatalogue.ts): music, spawn, despawn, reward (hit sound, death),
 *   crit, gun (gun, reloads), volume (menus: the master alone);
 * - queued sounds, two values each: ding (0, 0.01), reward2 (0, 0), gun (0.25, 0.05). We read
 *   the two values as the random variation of one play: ± volume fraction, ± playback-rate
 *   fraction (so rapid repeats do not sound machine-identical: the gun varies most, the hit
 *   sound's ding by 1 % in pitch, the kill's reward2 not at all). The spec gives the numbers
 *   without naming them; this reading is ours.
 * - the audio queue minimum interval, 50 ms: a queued sound never starts less than 50 ms after
 *   the previous start of the same queued sound; a request inside that window is deferred to
 *   the window's end (not dropped), with at most QUEUE_MAX_PENDING deferred plays waiting, so a
 *   burst never plays late for long.
 */
import type { GameOptions } from '../contracts/gameOptions';
import type { SoundCategory } from './soundCatalogue';

/** Spec section 9: "audio queue minimum interval 50 ms". */
export const AUDIO_QUEUE_MIN_INTERVAL_MS = 50;
/** Deferred plays allowed per queued sound (ours); later requests are dropped. */
export const QUEUE_MAX_PENDING = 2;

/** The queued sounds of spec section 9 and their two values (see the file comment). */
export const QUEUED_SOUNDS = {
  /** the hit sound */
  ding: { volumeJitter: 0, rateJitter: 0.01 },
  /** the kill (death) sound */
  reward2: { volumeJitter: 0, rateJitter: 0 },
  /** the gun shot */
  gun: { volumeJitter: 0.25, rateJitter: 0.05 },
} as const;
export type QueuedSoundName = keyof typeof QUEUED_SOUNDS;

/** A volume setting 0-10 (spec section 5: integers 0-10): clamped; not a finite number → `fallback`. */
function level(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.min(10, v)) : fallback;
}

/** Master gain 0-1: audio.volume / 10 (missing → the default 4). */
export function masterGain(audio: Partial<GameOptions['audio']> | null | undefined): number {
  return level(audio?.volume, 4) / 10;
}

/** Category gain 0-1: the category's setting / 10; 'volume' (menus) is 1 (the master alone);
 * a missing category setting counts as 0. */
export function categoryGain(audio: Partial<GameOptions['audio']> | null | undefined, category: SoundCategory): number {
  if (category === 'volume') return 1;
  return level(audio?.[category], 0) / 10;
}

/** Gain 0-1 of a sound of `category`: masterGain × categoryGain. 'hit' is accepted as the
 * reward category (the hit sound's). */
export function soundGain(audio: Partial<GameOptions['audio']> | null | undefined, category: SoundCategory | 'hit'): number {
  return masterGain(audio) * categoryGain(audio, category === 'hit' ? 'reward' : category);
}

/** One play's gain and playback rate for queued sound `name`: base gain × (1 ± volumeJitter),
 * rate 1 ± rateJitter, with `random()` in [0, 1) (0.5 = no variation). Gain clamped to 0..1. */
export function variedPlay(name: QueuedSoundName, baseGain: number, random: () => number): { gain: number; rate: number } {
  const q = QUEUED_SOUNDS[name];
  const gain = baseGain * (1 + q.volumeJitter * (random() * 2 - 1));
  const rate = 1 + q.rateJitter * (random() * 2 - 1);
  return { gain: Math.max(0, Math.min(1, gain)), rate };
}

/**
 * The 50 ms queue of the queued sounds. `request(name, nowMs)` returns the time (ms, same clock
 * as nowMs) at which the sound should start, or null when it is dropped (QUEUE_MAX_PENDING
 * deferred plays already wait).
 */
export class SoundQueue {
  /** per sound: start times scheduled, ascending (only the recent ones are kept) */
  private readonly starts = new Map<string, number[]>();

  constructor(private readonly minIntervalMs = AUDIO_QUEUE_MIN_INTERVAL_MS, private readonly maxPending = QUEUE_MAX_PENDING) {}

  /** Schedules one play of `name` requested at `nowMs`; see the class comment. */
  request(name: string, nowMs: number): number | null {
    let list = this.starts.get(name);
    if (!list) {
      list = [];
      this.starts.set(name, list);
    }
    // forget plays that started before now (keep the last one for the spacing)
    while (list.length > 1 && list[1] <= nowMs) list.shift();
    const last = list.length > 0 ? list[list.length - 1] : -Infinity;
    const at = Math.max(nowMs, last + this.minIntervalMs);
    const pending = list.filter((t) => t > nowMs).length;
    if (at > nowMs && pending >= this.maxPending) return null;
    list.push(at);
    return at;
  }

  /** Forgets every scheduled play (a new round). */
  reset(): void {
    this.starts.clear();
  }
}
