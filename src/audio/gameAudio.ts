/**
 * The game's sounds, played with the Web Audio API from the Ogg files under /assets/sounds
 * (soundCatalogue.ts). Every file is fetched and decoded during the loader (`load`), never
 * during a round; a hit sound chosen later in the settings is fetched and decoded when the
 * settings are applied (the pause menu), before the next hit.
 *
 * Volumes (spec section 9, audioMath.ts): master = audio.volume / 10, each sound × its category
 * setting / 10. Which sound plays when (engine events of a frame, `playEvents`):
 * - every shot (hit or miss): the gun sound of the drill's weapon (`setWeapon`: pistol, rifle or
 *   sniper, soundCatalogue.ts GUN_SOUND_URLS; the player's custom gun sound replaces it) (queued
 *   sound 'gun', category gun);
 * - a hit: the hit sound of `audio.hitsound` (queued 'ding', category reward); a crit plays the
 *   crit sound (category crit) and the hit sound;
 * - a kill (playerKilled / playerKilledCrit): death (reward); a critical kill also the reward
 *   chime (queued 'reward2', reward);
 * - a target timing out or missed: despawn; a spawn: spawn (once per frame each);
 * - `startMusic` / `stopMusic`: the looping countdown music (music); `setWalking`: the looping
 *   steps (gun); `playReload(1|2)`: the two reload sounds (gun); `playUi`: menu open / close,
 *   hover, switch (the master volume alone).
 * Custom sounds (spec section 8, customSounds.ts): with audio.custom_sounds on, the player's
 * records replace the defaults of their types; a record that breaks the rules or a file that
 * fails to load is logged (console.warn) and the default stays.
 *
 * Browser only; every method is a harmless no-op where Web Audio is missing.
 */
import type { EngineEvent } from '../contracts/engine';
import type { GameOptions } from '../contracts/gameOptions';
import type { CustomSoundRecord } from '../contracts/assets';
import { SoundQueue, soundGain, variedPlay, type QueuedSoundName } from './audioMath';
import { CUSTOM_HIT_SOUND, fetchCustomSound, planCustomSounds } from './customSounds';
import { gunSoundUrl, hitSoundNameOf, hitSoundUrl, SOUNDS, type SoundCategory, type SoundName } from './soundCatalogue';

export { soundGain } from './audioMath';

type AudioOpts = Partial<GameOptions['audio']> | null | undefined;

/** One sound played, for tests and the e2e debug hook: the sound's name ('hit' for the hit
 * sound), the URL of its file, when it starts (performance.now() ms) and whether it reached
 * the speakers (false while the AudioContext is suspended: no user gesture yet). */
export interface PlayedSound {
  name: SoundName | 'hit';
  url: string;
  at: number;
  audible: boolean;
}

/** The sounds of one game page. */
export class GameAudio {
  private ctx: AudioContext | null = null;
  private audio: AudioOpts = null;
  private readonly buffers = new Map<string, AudioBuffer>();
  private readonly pending = new Map<string, Promise<AudioBuffer | null>>();
  /** accepted and loaded custom sounds: type → url */
  private readonly custom = new Map<string, string>();
  private readonly queue = new SoundQueue();
  private music: { src: AudioBufferSourceNode; gain: GainNode } | null = null;
  private steps: { src: AudioBufferSourceNode; gain: GainNode } | null = null;
  /** the shipped gun sound of the drill's weapon (null: SOUNDS.gun) */
  private weaponGunUrl: string | null = null;
  /** the last PLAYED_LOG_SIZE sounds started */
  readonly played: PlayedSound[] = [];

  /** @param fetchFn fetch (tests pass their own) @param random [0,1) source of the queued sounds' variation */
  constructor(private readonly fetchFn: typeof fetch = (...a) => fetch(...a), private readonly random: () => number = Math.random) {}

  /** The AudioContext, created on first use (decoding works while it is suspended). */
  private context(): AudioContext | null {
    if (this.ctx) return this.ctx;
    try {
      const AC = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
      if (!AC) return null;
      this.ctx = new AC();
    } catch {
      this.ctx = null;
    }
    return this.ctx;
  }

  /** Sets the audio options (options.audio): volumes apply at once (the looping music and steps
   * too); a newly chosen hit sound is fetched and decoded now (resolves when it is ready). */
  setOptions(audio: AudioOpts): Promise<void> {
    this.audio = audio ?? null;
    if (this.music) this.music.gain.gain.value = soundGain(this.audio, SOUNDS.countdown.category);
    if (this.steps) this.steps.gain.gain.value = soundGain(this.audio, SOUNDS.steps.category);
    if (!this.ctx) return Promise.resolve();
    return this.decode(this.hitUrl()).then(() => undefined);
  }

  /** The URL the hit sound plays from now: the custom 'hitsound' when audio.hitsound is
   * 'custom' and one loaded, else /assets/sounds/hitsound/{setting}.ogg ('custom' without a
   * loaded one → default). */
  hitUrl(): string {
    if (this.audio?.hitsound === 'custom' && this.custom.has(CUSTOM_HIT_SOUND)) return this.custom.get(CUSTOM_HIT_SOUND)!;
    return hitSoundUrl(hitSoundNameOf(this.audio?.hitsound));
  }

  /** Sets the drill's weapon (drill field weapon_type; null: none known): its gun sound plays
   * for every shot from now on. Fetched and decoded now when the audio is already in use
   * (resolves when ready); `load` fetches it otherwise. */
  setWeapon(weaponType: string | null | undefined): Promise<void> {
    this.weaponGunUrl = weaponType == null ? null : gunSoundUrl(weaponType);
    if (!this.ctx) return Promise.resolve();
    return this.decode(this.gunUrl()).then(() => undefined);
  }

  /** The URL the gun sound plays from now: the player's custom gun sound when loaded, else
   * the drill's weapon's (setWeapon), else SOUNDS.gun. */
  gunUrl(): string {
    return this.custom.get('gun') ?? this.weaponGunUrl ?? SOUNDS.gun.url;
  }

  /** The URL sound `name` plays from: the player's custom one when loaded, else the shipped one. */
  urlOf(name: SoundName): string {
    return this.custom.get(name) ?? SOUNDS[name].url;
  }

  /** Fetches and decodes shipped sound `url` once (cached); resolves null (after logging) when it fails. */
  private decode(url: string): Promise<AudioBuffer | null> {
    const have = this.buffers.get(url);
    if (have) return Promise.resolve(have);
    const inFlight = this.pending.get(url);
    if (inFlight) return inFlight;
    const ctx = this.context();
    if (!ctx) return Promise.resolve(null);
    const p = (async () => {
      const res = await this.fetchFn(url);
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
      const bytes = await res.arrayBuffer();
      const buf = await ctx.decodeAudioData(bytes);
      this.buffers.set(url, buf);
      return buf;
    })();
    this.pending.set(url, p);
    return p.catch((err: unknown) => {
      this.pending.delete(url);
      console.error(`Sound ${url} failed to load:`, err instanceof Error ? err.message : err);
      throw err;
    }).catch(() => null);
  }

  /**
   * Loads every sound for a round with the audio options `audio`: the player's custom sounds
   * first when audio.custom_sounds is on (GET /api/v1/assets/sounds, rules of customSounds.ts;
   * failures logged, defaults stay), then every shipped sound and the chosen hit sound, in
   * parallel. Never rejects: a sound that fails is logged and stays silent.
   */
  async load(audio: AudioOpts): Promise<void> {
    this.audio = audio ?? null;
    if (!this.context()) return;
    const customs = this.audio?.custom_sounds === true ? this.loadCustomSounds() : Promise.resolve();
    const shipped = (Object.keys(SOUNDS) as SoundName[]).map((n) => this.decode(SOUNDS[n].url));
    await customs;
    await Promise.all([...shipped, this.decode(this.hitUrl()), this.decode(this.gunUrl())]);
  }

  private async loadCustomSounds(): Promise<void> {
    let records: unknown;
    try {
      const res = await this.fetchFn('/api/v1/assets/sounds', { credentials: 'same-origin' });
      if (!res.ok) throw new Error('Bad response from server');
      records = ((await res.json()) as { data?: CustomSoundRecord[] }).data;
    } catch (err) {
      console.warn('Custom sounds could not be listed; the default sounds stay:', err instanceof Error ? err.message : err);
      return;
    }
    const plan = planCustomSounds(records);
    for (const r of plan.rejected) console.warn(`Custom sound rejected: ${r.reason}; the default stays`);
    await Promise.all([...plan.accepted].map(async ([type, url]) => {
      try {
        const buf = await this.decodeCustom(url);
        if (buf) this.custom.set(type, url);
      } catch (err) {
        console.warn(`Custom sound ${type} failed to load (${url}): ${err instanceof Error ? err.message : String(err)}; the default sound stays`);
      }
    }));
  }

  /** decode() for a custom sound, rejecting with the load error instead of logging it. */
  private async decodeCustom(url: string): Promise<AudioBuffer> {
    const have = this.buffers.get(url);
    if (have) return have;
    const ctx = this.context();
    if (!ctx) throw new Error('no Web Audio');
    const buf = await ctx.decodeAudioData(await fetchCustomSound(url, this.fetchFn));
    this.buffers.set(url, buf);
    return buf;
  }

  /** Resumes the AudioContext; call from (or soon after) a user gesture. */
  unlock(): void {
    const ctx = this.context();
    if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  }

  /** Plays the sounds of a frame's engine events (see the file comment). `nowMs`: performance.now(). */
  playEvents(events: readonly EngineEvent[], nowMs: number): void {
    if (events.length === 0) return;
    let spawned = false, despawned = false, died = false;
    for (const e of events) {
      if (e.type === 'hit') {
        this.playQueued('gun', 'gun', this.gunUrl(), SOUNDS.gun.category, nowMs);
        this.playQueued('ding', 'hit', this.hitUrl(), 'reward', nowMs);
        if (e.crit) this.playNow('crit', nowMs);
      } else if (e.type === 'miss') {
        this.playQueued('gun', 'gun', this.gunUrl(), SOUNDS.gun.category, nowMs);
      } else if (e.type === 'spawn') {
        spawned = true;
      } else if (e.type === 'removed') {
        if (e.reason === 'playerKilled' || e.reason === 'playerKilledCrit') {
          died = true;
          if (e.reason === 'playerKilledCrit') this.playQueued('reward2', 'reward', this.urlOf('reward'), SOUNDS.reward.category, nowMs);
        } else if (e.reason !== 'gameOver') despawned = true;
      }
    }
    if (died) this.playNow('death', nowMs);
    if (despawned) this.playNow('despawn', nowMs);
    if (spawned) this.playNow('spawn', nowMs);
  }

  /** A queued sound through the 50 ms queue with its volume / rate variation. */
  private playQueued(q: QueuedSoundName, name: SoundName | 'hit', url: string, category: SoundCategory, nowMs: number): void {
    const base = soundGain(this.audio, category);
    if (base <= 0) return;
    const at = this.queue.request(q, nowMs);
    if (at === null) return;
    const v = variedPlay(q, base, this.random);
    this.start(name, url, v.gain, v.rate, at, nowMs);
  }

  /** Sound `name` now at its category's gain. */
  playNow(name: SoundName, nowMs: number = performance.now()): void {
    const gain = soundGain(this.audio, SOUNDS[name].category);
    if (gain > 0) this.start(name, this.urlOf(name), gain, 1, nowMs, nowMs);
  }

  /** Menu sounds: open, close, hover, switch (master volume only). */
  playUi(name: 'menu_open' | 'menu_close' | 'hover' | 'switch'): void {
    this.playNow(name);
  }

  /** Reload sounds: 1 when a reload starts (magazine out), 2 when it completes. */
  playReload(part: 1 | 2, nowMs?: number): void {
    this.playNow(part === 1 ? 'reload1' : 'reload2', nowMs);
  }

  private start(name: SoundName | 'hit', url: string, gain: number, rate: number, atMs: number, nowMs: number): void {
    const ctx = this.ctx;
    const buf = this.buffers.get(url);
    if (!ctx || !buf) return;
    this.log({ name, url, at: atMs, audible: ctx.state === 'running' });
    if (ctx.state !== 'running') return;
    const src = ctx.createBufferSource();
    src.buffer = buf;
    src.playbackRate.value = rate;
    const g = ctx.createGain();
    g.gain.value = gain;
    src.connect(g).connect(ctx.destination);
    src.start(ctx.currentTime + Math.max(0, (atMs - nowMs) / 1000));
  }

  private startLoop(name: 'countdown' | 'steps'): { src: AudioBufferSourceNode; gain: GainNode } | null {
    const ctx = this.ctx;
    const url = this.urlOf(name);
    const buf = this.buffers.get(url);
    if (!ctx || !buf) return null;
    const src = ctx.createBufferSource();
    src.buffer = buf;
    src.loop = true;
    const gain = ctx.createGain();
    gain.gain.value = soundGain(this.audio, SOUNDS[name].category);
    src.connect(gain).connect(ctx.destination);
    src.start();
    this.log({ name, url, at: performance.now(), audible: ctx.state === 'running' });
    return { src, gain };
  }

  /** Starts the looping countdown music (once; no-op while it plays). */
  startMusic(): void {
    if (!this.music) this.music = this.startLoop('countdown');
  }

  /** Stops the countdown music. */
  stopMusic(): void {
    this.music?.src.stop();
    this.music = null;
  }

  /** Starts or stops the looping steps (the player walking). */
  setWalking(walking: boolean): void {
    if (walking && !this.steps) this.steps = this.startLoop('steps');
    else if (!walking && this.steps) {
      this.steps.src.stop();
      this.steps = null;
    }
  }

  private log(p: PlayedSound): void {
    this.played.push(p);
    if (this.played.length > PLAYED_LOG_SIZE) this.played.splice(0, this.played.length - PLAYED_LOG_SIZE);
  }

  /** Whether sound `url` is decoded and ready (tests). */
  isLoaded(url: string): boolean {
    return this.buffers.has(url);
  }

  /** Forgets the queue's schedule (a new round). */
  resetQueue(): void {
    this.queue.reset();
  }

  /** Stops the loops and closes the AudioContext. */
  dispose(): void {
    this.stopMusic();
    this.setWalking(false);
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }
}

/** How many started sounds `GameAudio.played` keeps. */
export const PLAYED_LOG_SIZE = 64;
