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
 * - a hit that does not kill: the hit sound of `audio.hitsound` (queued 'ding', category
 *   reward); a crit, where crits change something (`critMatters`), also the crit sound
 *   (category crit), as spec section 9 has it ("a crit plays the crit sound and the hit sound");
 * - a blocked hit (engine 'blocked': a protected target, no damage): the blocked cue, never the
 *   hit sound;
 * - a kill (playerKilled / playerKilledCrit; issue 35 "one kill = one crisp kill cue"): ONE cue
 *   for the killing hit, and it is the player's hit sound (so the hit-sound setting is heard on
 *   every hit, the killing one included), raised in pitch: KILL_RATE, or CRIT_KILL_RATE for a
 *   critical kill where crits matter; a player with a custom kill sound (custom_sounds, type
 *   'death') hears that one instead, at its own pitch. No death, reward chime or crit sound is
 *   stacked on it (before: hit + crit + reward + death on one tick): the shipped death and
 *   reward files stay loaded (spec section 8's sound list) but no longer play on a kill;
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
import { gunSoundUrl, hitSoundNameOf, hitSoundUrl, soundMixGain, SOUNDS, type SoundCategory, type SoundName } from './soundCatalogue';
import { TICK_MS } from '../contracts/constants';

export { soundGain } from './audioMath';

type AudioOpts = Partial<GameOptions['audio']> | null | undefined;

/** One sound played, for tests and the e2e debug hook: the sound's name ('hit' for the hit
 * sound), the URL of its file, when it starts (performance.now() ms) and whether it reached
 * the speakers (false while the AudioContext is suspended: no user gesture yet); `kill` on the
 * hit sound played as a kill cue ('kill', or 'crit' for a critical kill where crits matter). */
export interface PlayedSound {
  name: SoundName | 'hit';
  url: string;
  at: number;
  audible: boolean;
  kill?: 'kill' | 'crit';
  /** a loop (countdown music, steps): when it was stopped (performance.now() ms); absent while it plays */
  endedAt?: number;
}

/** Playback rate of the hit sound as a kill cue: about 2 semitones (2^(2/12) = 1.122) above
 * the plain hit, so a kill is heard apart from a hit that leaves the target alive while it is
 * still the player's chosen sound (our choice, issue 35). */
export const KILL_RATE = 1.122;
/** Playback rate of the hit sound as the cue of a critical kill where crits matter: about 5
 * semitones (2^(5/12) = 1.335) above the plain hit (our choice, issue 35). */
export const CRIT_KILL_RATE = 1.335;

/** The sounds of one game page. */
export class GameAudio {
  private ctx: AudioContext | null = null;
  private audio: AudioOpts = null;
  private readonly buffers = new Map<string, AudioBuffer>();
  private readonly pending = new Map<string, Promise<AudioBuffer | null>>();
  /** accepted and loaded custom sounds: type → url */
  private readonly custom = new Map<string, string>();
  private readonly queue = new SoundQueue();
  private music: { src: AudioBufferSourceNode; gain: GainNode; entry: PlayedSound } | null = null;
  private steps: { src: AudioBufferSourceNode; gain: GainNode; entry: PlayedSound } | null = null;
  /** the shipped gun sound of the drill's weapon (null: SOUNDS.gun) */
  private weaponGunUrl: string | null = null;
  /** the last PLAYED_LOG_SIZE sounds started */
  readonly played: PlayedSound[] = [];
  /** whether a crit changes anything in the drill (crit_dmg_multiplier > 1, or its primary
   * metric or objective counts crits; src/game/critFeedback.ts): false = no crit sound */
  critMatters = true;
  /** the kills of the frame `playEvents` is playing, pairs [eid, 1 = critical kill] (reused) */
  private readonly killedNow: number[] = [];

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
   * failures logged, defaults stay), then every shipped sound, the chosen hit sound and the
   * weapon's gun sound (in place of the generic SOUNDS.gun), in parallel. Never rejects: a sound that fails is logged and stays silent.
   */
  async load(audio: AudioOpts): Promise<void> {
    this.audio = audio ?? null;
    if (!this.context()) return;
    const customs = this.audio?.custom_sounds === true ? this.loadCustomSounds() : Promise.resolve();
    // SOUNDS.gun only where the gun sound is that one (no weapon's, no custom one): its bytes
    // are not fetched for nothing
    const gun = this.gunUrl();
    const shipped = (Object.keys(SOUNDS) as SoundName[])
      .filter((n) => n !== 'gun' || gun === SOUNDS.gun.url)
      .map((n) => this.decode(SOUNDS[n].url));
    await customs;
    await Promise.all([...shipped, this.decode(this.hitUrl()), this.decode(gun)]);
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
    let spawned = false, despawned = false, blocked = false;
    const killed = this.killedNow;
    killed.length = 0;
    for (const e of events) {
      if (e.type === 'removed' && (e.reason === 'playerKilled' || e.reason === 'playerKilledCrit')) {
        killed.push(e.eid, e.reason === 'playerKilledCrit' ? 1 : 0);
      }
    }
    // each shot's gun sound at its own tick's place in the frame (issue 35 item 7: N shots give
    // N gun sounds at any frame rate): a frame that carries several ticks' shots spreads them as
    // they were fired, starting now, instead of asking the 50 ms queue for all at once (which
    // deferred and then dropped them at low frame rates)
    const firstTick = events[0].tick;
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      const shotMs = nowMs + Math.max(0, e.tick - firstTick) * TICK_MS;
      if (e.type === 'hit') {
        this.playQueued('gun', 'gun', this.gunUrl(), SOUNDS.gun.category, shotMs, nowMs);
        const k = killIndexOf(killed, e.eid);
        if (k >= 0 && !hitsLater(events, i, e.eid)) {
          // the killing hit (the frame's last hit on the killed target): its one kill cue
          const crit = killed[k + 1] === 1 && this.critMatters;
          if (this.custom.has('death')) {
            // the player's own kill sound (custom_sounds, type 'death'): that is their kill cue
            this.playQueued('ding', 'death', this.urlOf('death'), SOUNDS.death.category, shotMs, nowMs, 1, crit ? 'crit' : 'kill');
          } else this.playQueued('ding', 'hit', this.hitUrl(), 'reward', shotMs, nowMs, crit ? CRIT_KILL_RATE : KILL_RATE, crit ? 'crit' : 'kill');
          continue;
        }
        this.playQueued('ding', 'hit', this.hitUrl(), 'reward', shotMs, nowMs);
        if (e.crit && this.critMatters) this.playNow('crit', nowMs);
      } else if (e.type === 'blocked') {
        this.playQueued('gun', 'gun', this.gunUrl(), SOUNDS.gun.category, shotMs, nowMs);
        blocked = true;
      } else if (e.type === 'miss') {
        this.playQueued('gun', 'gun', this.gunUrl(), SOUNDS.gun.category, shotMs, nowMs);
      } else if (e.type === 'spawn') {
        spawned = true;
      } else if (e.type === 'removed') {
        if (e.reason !== 'playerKilled' && e.reason !== 'playerKilledCrit' && e.reason !== 'gameOver') despawned = true;
      }
    }
    if (blocked) this.playNow('blocked', nowMs);
    if (despawned) this.playNow('despawn', nowMs);
    if (spawned) this.playNow('spawn', nowMs);
  }

  /** A queued sound through the 50 ms queue with its volume / rate variation. `wantMs`: when the sound should start (performance.now() ms; the queue may defer it),
   * `nowMs`: now; `rateScale` multiplies the varied rate (a kill cue: KILL_RATE /
   * CRIT_KILL_RATE), `kill` marks the log entry. */
  private playQueued(q: QueuedSoundName, name: SoundName | 'hit', url: string, category: SoundCategory, wantMs: number, nowMs: number = wantMs,
    rateScale = 1, kill?: 'kill' | 'crit'): void {
    const base = soundGain(this.audio, category);
    if (base <= 0) return;
    const at = this.queue.request(q, wantMs);
    if (at === null) return;
    const v = variedPlay(q, base, this.random);
    this.start(name, url, v.gain, v.rate * rateScale, at, nowMs, kill);
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

  private start(name: SoundName | 'hit', url: string, gain: number, rate: number, atMs: number, nowMs: number, kill?: 'kill' | 'crit'): void {
    const ctx = this.ctx;
    const buf = this.buffers.get(url);
    if (!ctx || !buf) return;
    this.log(kill ? { name, url, at: atMs, audible: ctx.state === 'running', kill } : { name, url, at: atMs, audible: ctx.state === 'running' });
    if (ctx.state !== 'running') return;
    const src = ctx.createBufferSource();
    src.buffer = buf;
    src.playbackRate.value = rate;
    const g = ctx.createGain();
    g.gain.value = Math.min(1, gain * soundMixGain(url)); // our mix (soundCatalogue.ts SOUND_MIX_DB)
    src.connect(g).connect(ctx.destination);
    src.start(ctx.currentTime + Math.max(0, (atMs - nowMs) / 1000));
  }

  private startLoop(name: 'countdown' | 'steps'): { src: AudioBufferSourceNode; gain: GainNode; entry: PlayedSound } | null {
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
    const entry: PlayedSound = { name, url, at: performance.now(), audible: ctx.state === 'running' };
    this.log(entry);
    return { src, gain, entry };
  }

  /** Starts the looping countdown music (once; no-op while it plays). */
  startMusic(): void {
    if (!this.music) this.music = this.startLoop('countdown');
  }

  /** Stops the countdown music. */
  stopMusic(): void {
    if (this.music) {
      this.music.src.stop();
      this.music.entry.endedAt = performance.now();
    }
    this.music = null;
  }

  /** Starts or stops the looping steps (the player walking). */
  setWalking(walking: boolean): void {
    if (walking && !this.steps) this.steps = this.startLoop('steps');
    else if (!walking && this.steps) {
      this.steps.src.stop();
      this.steps.entry.endedAt = performance.now();
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

/** Index of eid `eid` in the [eid, crit] pairs of `killed`, or -1. */
function killIndexOf(killed: readonly number[], eid: number): number {
  for (let i = 0; i < killed.length; i += 2) if (killed[i] === eid) return i;
  return -1;
}

/** Whether `events` has a hit on `eid` after index `i`. */
function hitsLater(events: readonly EngineEvent[], i: number, eid: number): boolean {
  for (let j = i + 1; j < events.length; j++) {
    const e = events[j];
    if (e.type === 'hit' && e.eid === eid) return true;
  }
  return false;
}
