/**
 * Minimal game sounds, synthesised with Web Audio (no sound files are shipped yet). Volumes
 * follow spec section 9: master = audio.volume / 10, each sound × its category setting / 10;
 * categories: gun (shots), reward (hit sound), crit, spawn, despawn. A sound of one kind plays
 * at most once per 50 ms (spec: "audio queue minimum interval 50 ms"). Browser only; every
 * method is a no-op where Web Audio is missing or blocked.
 */
import type { EngineEvent } from '../contracts/engine';
import type { GameOptions } from '../contracts/gameOptions';

/** Sound kinds of the runtime and their category key in options.audio. */
export const SOUND_CATEGORY = { gun: 'gun', hit: 'reward', crit: 'crit', spawn: 'spawn', despawn: 'despawn' } as const;
export type SoundKind = keyof typeof SOUND_CATEGORY;

/** Minimum ms between two sounds of one kind. */
export const SOUND_MIN_INTERVAL_MS = 50;

/** Gain 0-1 of `kind` for the audio options `audio` (master/10 × category/10, clamped). */
export function soundGain(audio: Partial<GameOptions['audio']> | null | undefined, kind: SoundKind): number {
  const clamp = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.min(10, v)) : d);
  const master = clamp(audio?.volume, 4) / 10;
  const cat = clamp(audio?.[SOUND_CATEGORY[kind]], 0) / 10;
  return master * cat;
}

/** The sounds of one game page. */
export class GameAudio {
  private ctx: AudioContext | null = null;
  private audio: Partial<GameOptions['audio']> | null = null;
  private readonly last = new Map<SoundKind, number>();

  /** Sets the audio options (options.audio). */
  setOptions(audio: Partial<GameOptions['audio']> | null | undefined): void {
    this.audio = audio ?? null;
  }

  /** Creates / resumes the AudioContext; call from (or soon after) a user gesture. */
  unlock(): void {
    try {
      const AC = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
      if (!AC) return;
      if (!this.ctx) this.ctx = new AC();
      if (this.ctx.state === 'suspended') void this.ctx.resume().catch(() => undefined);
    } catch {
      this.ctx = null;
    }
  }

  /** Plays the sounds of a frame's engine events: gun on each shot (hit or miss), hit sound or
   * crit sound on a hit, spawn / despawn on spawns and removals. `nowMs`: performance.now(). */
  playEvents(events: readonly EngineEvent[], nowMs: number): void {
    if (!this.ctx || events.length === 0) return;
    for (const e of events) {
      if (e.type === 'hit') {
        this.play('gun', nowMs);
        this.play(e.crit ? 'crit' : 'hit', nowMs);
      } else if (e.type === 'miss') this.play('gun', nowMs);
      else if (e.type === 'spawn') this.play('spawn', nowMs);
      else if (e.type === 'removed') this.play('despawn', nowMs);
    }
  }

  /** Plays one sound of `kind` now unless one played less than 50 ms ago or its gain is 0. */
  play(kind: SoundKind, nowMs: number): void {
    const ctx = this.ctx;
    if (!ctx || ctx.state !== 'running') return;
    const gain = soundGain(this.audio, kind);
    if (gain <= 0) return;
    const prev = this.last.get(kind);
    if (prev !== undefined && nowMs - prev < SOUND_MIN_INTERVAL_MS) return;
    this.last.set(kind, nowMs);
    const spec = {
      gun: { type: 'square', f0: 180, f1: 60, dur: 0.06 },
      hit: { type: 'sine', f0: 880, f1: 1320, dur: 0.08 },
      crit: { type: 'triangle', f0: 1320, f1: 1760, dur: 0.1 },
      spawn: { type: 'sine', f0: 440, f1: 520, dur: 0.05 },
      despawn: { type: 'sine', f0: 520, f1: 300, dur: 0.08 },
    }[kind] as { type: OscillatorType; f0: number; f1: number; dur: number };
    const t = ctx.currentTime;
    const osc = ctx.createOscillator();
    const g = ctx.createGain();
    osc.type = spec.type;
    osc.frequency.setValueAtTime(spec.f0, t);
    osc.frequency.exponentialRampToValueAtTime(spec.f1, t + spec.dur);
    g.gain.setValueAtTime(0.25 * gain, t);
    g.gain.exponentialRampToValueAtTime(0.0001, t + spec.dur);
    osc.connect(g).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + spec.dur + 0.02);
  }

  /** Closes the AudioContext. */
  dispose(): void {
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }
}
