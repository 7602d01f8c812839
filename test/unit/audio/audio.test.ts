/**
 * Audio (spec sections 8 and 9): volume and category maths, the queued sounds' values and the
 * 50 ms queue, the custom-sound loading rules, and GameAudio's choice of files (hit sound by
 * setting, crit = crit + hit sound, custom sounds with a failing load) over a fake Web Audio
 * context and a fetch that serves the real files from assets/.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  AUDIO_QUEUE_MIN_INTERVAL_MS, categoryGain, masterGain, QUEUED_SOUNDS, SoundQueue, soundGain, variedPlay,
} from '../../../src/audio/audioMath';
import { fetchCustomSound, planCustomSounds } from '../../../src/audio/customSounds';
import { CRIT_KILL_RATE, GameAudio, KILL_RATE } from '../../../src/audio/gameAudio';
import { allSoundUrls, hitSoundNameOf, SOUNDS } from '../../../src/audio/soundCatalogue';
import { CUSTOM_SOUND_MAX_BYTES, customSoundUrlError } from '../../../src/contracts/assets';
import { defaultGameOptions } from '../../../src/contracts/gameOptions';
import type { EngineEvent } from '../../../src/contracts/engine';

describe('volumes (spec section 9)', () => {
  const defaults = defaultGameOptions().audio;

  test('master = volume / 10; each sound × its category / 10; menus use the master alone', () => {
    expect(masterGain(defaults)).toBe(0.4);
    expect(masterGain({ volume: 10 })).toBe(1);
    expect(masterGain({ volume: 0 })).toBe(0);
    expect(masterGain(null)).toBe(0.4); // default 4
    expect(categoryGain(defaults, 'gun')).toBe(0.3);
    expect(categoryGain(defaults, 'volume')).toBe(1);
    expect(soundGain(defaults, 'gun')).toBeCloseTo(0.12, 15);
    expect(soundGain(defaults, 'music')).toBeCloseTo(0.12, 15);
    expect(soundGain(defaults, 'crit')).toBeCloseTo(0.04, 15);
    // the spawn cue is on by default (issue 35 item 7: spawn 3, for targets that appear out of view)
    expect(soundGain(defaults, 'spawn')).toBeCloseTo(0.12, 15);
    expect(soundGain(defaults, 'volume')).toBe(0.4);
    expect(soundGain({ volume: 10, reward: 5 }, 'hit')).toBe(0.5);
  });

  test('settings outside 0-10 are clamped; non-numbers fall back', () => {
    expect(masterGain({ volume: 25 })).toBe(1);
    expect(masterGain({ volume: -3 })).toBe(0);
    expect(masterGain({ volume: Number.NaN })).toBe(0.4);
    expect(categoryGain({ gun: 11 }, 'gun')).toBe(1);
    expect(categoryGain({}, 'gun')).toBe(0);
  });

  test('the category map: hit sound and death → reward, gun and reloads → gun, menus → volume', () => {
    expect(SOUNDS.death.category).toBe('reward');
    expect(SOUNDS.reward.category).toBe('reward');
    expect(SOUNDS.gun.category).toBe('gun');
    expect(SOUNDS.reload1.category).toBe('gun');
    expect(SOUNDS.reload2.category).toBe('gun');
    expect(SOUNDS.countdown.category).toBe('music');
    expect(SOUNDS.spawn.category).toBe('spawn');
    expect(SOUNDS.despawn.category).toBe('despawn');
    expect(SOUNDS.crit.category).toBe('crit');
    for (const m of ['menu_open', 'menu_close', 'hover', 'switch'] as const) expect(SOUNDS[m].category).toBe('volume');
  });
});

describe('queued sounds', () => {
  test('their two values: ding 0 / 0.01, reward2 0 / 0, gun 0.25 / 0.05', () => {
    expect(QUEUED_SOUNDS).toEqual({
      ding: { volumeJitter: 0, rateJitter: 0.01 },
      reward2: { volumeJitter: 0, rateJitter: 0 },
      gun: { volumeJitter: 0.25, rateJitter: 0.05 },
    });
  });

  test('variation stays within ± the values; reward2 never varies', () => {
    const at = (x: number) => () => x;
    expect(variedPlay('gun', 0.4, at(0))).toEqual({ gain: 0.4 * 0.75, rate: 0.95 });
    expect(variedPlay('gun', 0.4, at(0.5))).toEqual({ gain: 0.4, rate: 1 });
    const hi = variedPlay('gun', 0.4, at(0.999999));
    expect(hi.gain).toBeCloseTo(0.5, 5);
    expect(hi.rate).toBeCloseTo(1.05, 5);
    expect(variedPlay('ding', 0.3, at(0))).toEqual({ gain: 0.3, rate: 0.99 });
    expect(variedPlay('reward2', 0.3, at(0))).toEqual({ gain: 0.3, rate: 1 });
    expect(variedPlay('gun', 0.9, at(0.999999)).gain).toBe(1); // clamped
  });

  test('the queue: 50 ms minimum interval per sound, later requests deferred, then dropped', () => {
    expect(AUDIO_QUEUE_MIN_INTERVAL_MS).toBe(50);
    const q = new SoundQueue();
    expect(q.request('gun', 1000)).toBe(1000);
    expect(q.request('gun', 1010)).toBe(1050); // deferred to 50 ms after the last start
    expect(q.request('gun', 1020)).toBe(1100);
    expect(q.request('gun', 1030)).toBeNull(); // 2 already waiting
    expect(q.request('ding', 1030)).toBe(1030); // another sound: its own queue
    expect(q.request('gun', 1100)).toBe(1150);
    expect(q.request('gun', 1300)).toBe(1300); // long after: at once
    expect(q.request('gun', 1349.9)).toBe(1350);
    q.reset();
    expect(q.request('gun', 1351)).toBe(1351);
  });

  test('a steady 20 shots/s automatic fire (50 ms apart) is never deferred', () => {
    const q = new SoundQueue();
    for (let i = 0; i < 40; i++) expect(q.request('gun', i * 50)).toBe(i * 50);
  });
});

describe('custom sound loading rules (spec section 8)', () => {
  test('rejects a record without name or url and a second sound of the same name, except the hit sound', () => {
    const plan = planCustomSounds([
      { sound_type: 'gun', url: '/assets/sounds/a.ogg' },
      { sound_type: 'gun', url: '/assets/sounds/b.ogg' },
      { url: '/assets/sounds/c.ogg' },
      { sound_type: '', url: '/assets/sounds/c.ogg' },
      { sound_type: 'death' },
      { sound_type: 'death', url: '' },
      { sound_type: 'hitsound', url: '/assets/sounds/h1.ogg' },
      { sound_type: 'hitsound', url: 'https://cdn.example.com/h2.ogg' },
      { sound_type: 'laser', url: '/assets/sounds/l.ogg' },
      { sound_type: 'spawn', url: 'http://cdn.example.com/s.ogg' },
      null,
      'gun',
    ]);
    expect([...plan.accepted]).toEqual([
      ['gun', '/assets/sounds/a.ogg'],
      ['hitsound', 'https://cdn.example.com/h2.ogg'],
    ]);
    expect(plan.rejected.map((r) => r.reason)).toEqual([
      'a sound named gun is already loaded',
      'the sound has no name (sound_type)',
      'the sound has no name (sound_type)',
      'the sound death has no url',
      'the sound death has no url',
      'unknown sound name laser',
      'the sound spawn: url must be a same-origin path (/…) or an https URL',
      'the sound has no name (sound_type)',
      'the sound has no name (sound_type)',
    ]);
    expect(planCustomSounds({ data: [] }).rejected).toHaveLength(1);
  });

  test('url rules: same-origin path or https, an audio extension', () => {
    expect(customSoundUrlError('/assets/sounds/x.ogg')).toBeNull();
    expect(customSoundUrlError('https://a.example/x.MP3?v=2')).toBeNull();
    expect(customSoundUrlError('//a.example/x.ogg')).toMatch(/https/);
    expect(customSoundUrlError('data:audio/ogg;base64,AAAA')).toMatch(/https/);
    expect(customSoundUrlError('https://a.example/x.html')).toMatch(/audio file/);
    expect(customSoundUrlError('/a b.ogg')).toMatch(/whitespace/);
  });

  test('fetchCustomSound checks status, type and size', async () => {
    const ok = new Response(new Uint8Array(10), { headers: { 'content-type': 'audio/ogg' } });
    expect((await fetchCustomSound('/x.ogg', async () => ok)).byteLength).toBe(10);
    await expect(fetchCustomSound('/x.ogg', async () => new Response('no', { status: 404 }))).rejects.toThrow('HTTP 404');
    await expect(fetchCustomSound('/x.ogg', async () => new Response('<html>', { headers: { 'content-type': 'text/html' } })))
      .rejects.toThrow('not audio');
    const big = new Response(new Uint8Array(CUSTOM_SOUND_MAX_BYTES + 1), { headers: { 'content-type': 'audio/ogg' } });
    await expect(fetchCustomSound('/x.ogg', async () => big)).rejects.toThrow('larger than');
  });
});

// ---- GameAudio over a fake Web Audio context -------------------------------------------
class FakeBufferSource {
  buffer: unknown = null;
  loop = false;
  playbackRate = { value: 1 };
  started: number | null = null;
  constructor(private readonly ctx: FakeContext) {}
  connect<T>(n: T): T { return n; }
  start(t = 0): void { this.started = t; this.ctx.sources.push(this); }
  stop(): void { this.started = null; }
}
class FakeContext {
  state: 'running' | 'suspended' = 'running';
  currentTime = 0;
  sources: FakeBufferSource[] = [];
  decoded = 0;
  destination = {};
  createBufferSource() { return new FakeBufferSource(this); }
  readonly gains: Array<{ gain: { value: number } }> = [];
  createGain() { const g = { gain: { value: 1 }, connect: <T>(n: T) => n }; this.gains.push(g); return g; }
  async decodeAudioData(bytes: ArrayBuffer) {
    const b = Buffer.from(bytes);
    if (b.subarray(0, 4).toString('latin1') !== 'OggS') throw new Error('EncodingError: unable to decode');
    this.decoded++;
    return { duration: 0.1, bytes: b.length };
  }
  async resume() { this.state = 'running'; }
  async close() {}
}

const ROOT = path.resolve(__dirname, '../../../assets');

/** A fetch serving the real assets/ files, a custom sound list, and 404 for the rest; logs URLs. */
function assetFetch(customList: unknown[] = []) {
  const requested: string[] = [];
  const fn = (async (input: RequestInfo | URL) => {
    const url = String(input);
    requested.push(url);
    if (url === '/api/v1/assets/sounds') return new Response(JSON.stringify({ data: customList }), { headers: { 'content-type': 'application/json' } });
    const file = path.join(ROOT, url.replace(/^\/assets\//, ''));
    if (url.startsWith('/assets/') && fs.existsSync(file)) return new Response(fs.readFileSync(file), { headers: { 'content-type': 'audio/ogg' } });
    return new Response(JSON.stringify({ error: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fn, requested };
}

describe('GameAudio', () => {
  let ctx: FakeContext;
  beforeEach(() => {
    ctx = new FakeContext();
    (globalThis as { AudioContext?: unknown }).AudioContext = function AudioContext() { return ctx; } as unknown;
    (globalThis as { performance: { now(): number } }).performance ??= { now: () => 0 };
  });
  afterEach(() => {
    delete (globalThis as { AudioContext?: unknown }).AudioContext;
  });

  const hit = (crit = false): EngineEvent => ({ type: 'hit', tick: 1, target: 0, eid: 1, crit, damage: 1 });
  const audio = (over: Record<string, unknown> = {}) => ({ ...defaultGameOptions().audio, ...over });

  test('load decodes every shipped sound once, plus the chosen hit sound only', async () => {
    const f = assetFetch();
    const a = new GameAudio(f.fn, () => 0.5);
    await a.load(audio({ hitsound: 'clap' }));
    const expected = [...Object.values(SOUNDS).map((s) => s.url), '/assets/sounds/hitsound/clap.ogg'];
    expect(f.requested.sort()).toEqual(expected.sort());
    expect(ctx.decoded).toBe(expected.length);
    for (const u of expected) expect(a.isLoaded(u)).toBe(true);
    expect(allSoundUrls().length).toBe(expected.length + 5 + 3); // the other hit sounds; the 3 weapons' gun sounds
  });

  test('a hit plays gun and the hit sound of the setting; a crit (where crits matter) also the crit sound; after a settings change the new file is fetched and played', async () => {
    const f = assetFetch();
    const a = new GameAudio(f.fn, () => 0.5);
    await a.load(audio({ hitsound: 'default', crit: 5 }));
    a.playEvents([hit()], 1000);
    expect(a.played.map((p) => [p.name, p.url])).toEqual([
      ['gun', '/assets/sounds/gun.ogg'], ['hit', '/assets/sounds/hitsound/default.ogg'],
    ]);
    a.playEvents([hit(true)], 2000);
    expect(a.played.slice(2).map((p) => p.name)).toEqual(['gun', 'hit', 'crit']);
    a.critMatters = false; // multiplier 1, no crit metric: a crit is a plain hit to the ear
    a.playEvents([hit(true)], 2500);
    expect(a.played.slice(5).map((p) => p.name)).toEqual(['gun', 'hit']);
    a.critMatters = true;
    await a.setOptions(audio({ hitsound: 'pong', crit: 5 }));
    expect(f.requested).toContain('/assets/sounds/hitsound/pong.ogg');
    a.playEvents([hit()], 3000);
    expect(a.played.at(-1)!.url).toBe('/assets/sounds/hitsound/pong.ogg');
  });

  test('one kill = one kill cue: the player\'s hit sound raised in pitch (higher for a critical kill where crits matter), no death, reward or crit sound stacked on it; blocked hits their own cue; spawns and despawns once per frame; gain 0 is silent', async () => {
    const f = assetFetch();
    const a = new GameAudio(f.fn, () => 0.5);
    await a.load(audio({ spawn: 2, despawn: 2, hitsound: 'clap' }));
    const removed = (reason: 'playerKilled' | 'playerKilledCrit' | 'timedOut', eid = 1): EngineEvent =>
      ({ type: 'removed', tick: 1, target: 0, eid, reason, x: 0, y: 0, z: 0 });
    const spawn: EngineEvent = { type: 'spawn', tick: 1, target: 0, eid: 1 };
    const clap = '/assets/sounds/hitsound/clap.ogg';
    const rates = (): number[] => ctx.sources.map((s) => s.playbackRate.value);
    // a critical kill where crits matter: gun + ONE cue (the clap, at the crit-kill pitch)
    ctx.sources.length = 0;
    a.playEvents([hit(true), removed('playerKilledCrit'), removed('timedOut', 2), removed('timedOut', 3), spawn, spawn, spawn], 0);
    expect(a.played.map((p) => p.name).sort()).toEqual(['despawn', 'gun', 'hit', 'spawn']);
    expect(a.played.find((p) => p.name === 'hit')).toMatchObject({ url: clap, kill: 'crit' });
    expect(rates()[1]).toBeCloseTo(CRIT_KILL_RATE, 6);
    // a plain kill: gun + the clap at the kill pitch
    a.played.length = 0; ctx.sources.length = 0;
    a.playEvents([hit(false), removed('playerKilled')], 500);
    expect(a.played.map((p) => [p.name, p.url, p.kill])).toEqual([['gun', '/assets/sounds/gun.ogg', undefined], ['hit', clap, 'kill']]);
    expect(rates()[1]).toBeCloseTo(KILL_RATE, 6);
    // two hits on the target in one frame, the second kills: the first a plain hit, the second the kill cue
    a.played.length = 0;
    a.playEvents([hit(false), hit(false), removed('playerKilled')], 1000);
    expect(a.played.map((p) => [p.name, p.kill])).toEqual([['gun', undefined], ['hit', undefined], ['gun', undefined], ['hit', 'kill']]);
    // crits that change nothing: a critical kill is a plain kill to the ear
    a.played.length = 0;
    a.critMatters = false;
    a.playEvents([hit(true), removed('playerKilledCrit')], 2000);
    expect(a.played.map((p) => [p.name, p.kill])).toEqual([['gun', undefined], ['hit', 'kill']]);
    // no death or reward sound ever stacks on a kill
    expect(a.played.some((p) => p.name === 'death' || p.name === 'reward' || p.name === 'crit')).toBe(false);
    a.played.length = 0;
    a.playEvents([{ type: 'blocked', tick: 1, target: 0, eid: 1 }], 3000);
    expect(a.played.map((p) => p.name)).toEqual(['gun', 'blocked']);
    const silent = new GameAudio(assetFetch().fn);
    await silent.load(audio({ volume: 0 }));
    silent.playEvents([hit(true), spawn], 0);
    expect(silent.played).toEqual([]);
  });

  test('N shots give N gun sounds at any frame rate: a slow frame carrying many ticks\' shots plays each at its tick (issue 35 item 7)', async () => {
    // a slowed clock: 4 frames a second (250 ms a frame), a semi-automatic weapon clicked every
    // 4 ticks (62.5 ms): 16 shots arrive 4 a frame. Before, a frame's 4 shots asked the queue at
    // the same moment: 1 now, 2 deferred, 1 dropped (12 sounds for 16 shots)
    const a = new GameAudio(assetFetch().fn, () => 0.5);
    await a.load(audio());
    let tick = 0;
    for (let frame = 0; frame < 4; frame++) {
      const events: EngineEvent[] = [];
      for (let k = 0; k < 4; k++, tick += 4) events.push(k % 2 ? { type: 'miss', tick } : { ...hit(), tick });
      a.playEvents(events, 1000 + frame * 250);
    }
    const guns = a.played.filter((p) => p.name === 'gun');
    expect(guns.length).toBe(16);
    // spread as fired: 62.5 ms apart within a frame
    expect(guns.slice(0, 4).map((p) => p.at)).toEqual([1000, 1062.5, 1125, 1187.5]);
    expect(a.played.filter((p) => p.name === 'hit').length).toBe(8);
  });

  test('our mix: menu sounds trimmed by 14 dB, the crit brought up by 12 dB (soundCatalogue.ts SOUND_MIX_DB)', async () => {
    const a = new GameAudio(assetFetch().fn, () => 0.5);
    await a.load(audio());
    a.playUi('hover');
    a.playEvents([hit(true)], 0);
    const gains = ctx.gains.map((g) => g.gain.value);
    // hover: master 0.4 × 10^(−14/20); crit: 0.4 × 0.1 × 10^(12/20)
    expect(gains[0]).toBeCloseTo(0.4 * 10 ** (-14 / 20), 6);
    expect(gains.at(-1)).toBeCloseTo(0.04 * 10 ** (12 / 20), 6);
  });

  test('rapid hits follow the 50 ms queue: deferred starts, then dropped', async () => {
    const a = new GameAudio(assetFetch().fn, () => 0.5);
    await a.load(audio());
    for (let t = 0; t < 40; t += 10) a.playEvents([hit()], t);
    expect(a.played.filter((p) => p.name === 'hit').map((p) => p.at)).toEqual([0, 50, 100]);
    // the deferred ones are scheduled on the audio clock, not by timers: the request at 10 ms
    // starts 40 ms after it (audio time 0 + 0.04 s), the one at 20 ms 80 ms after it
    const starts = ctx.sources.filter((s) => s.started !== null).map((s) => s.started);
    expect(starts).toEqual([0, 0, 0.04, 0.04, 0.08, 0.08]);
  });

  test('custom sounds: a loaded one replaces the default; one that 404s is logged and the default plays', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const f = assetFetch([
        { sound_type: 'hitsound', url: '/assets/sounds/custom/missing.ogg' },
        { sound_type: 'gun', url: '/assets/sounds/hitsound/thud.ogg' },
        { sound_type: 'gun', url: '/assets/sounds/hitsound/tap.ogg' },
        { sound_type: 'death', url: '/assets/sounds/hitsound/pop.ogg' },
      ]);
      const a = new GameAudio(f.fn, () => 0.5);
      await a.load(audio({ custom_sounds: true, hitsound: 'custom' }));
      expect(f.requested).toContain('/assets/sounds/custom/missing.ogg');
      const messages = warn.mock.calls.map((c) => String(c[0]));
      expect(messages).toContainEqual(expect.stringMatching(/Custom sound hitsound failed to load \(\/assets\/sounds\/custom\/missing\.ogg\): HTTP 404/));
      expect(messages).toContainEqual(expect.stringMatching(/a sound named gun is already loaded/));
      a.playEvents([hit()], 0);
      expect(a.played.map((p) => p.url)).toEqual(['/assets/sounds/hitsound/thud.ogg', '/assets/sounds/hitsound/default.ogg']);
      // a custom kill sound ('death') is the kill cue instead of the raised hit sound: one cue
      a.played.length = 0;
      a.playEvents([hit(), { type: 'removed', tick: 1, target: 0, eid: 1, reason: 'playerKilled', x: 0, y: 0, z: 0 }], 1000);
      expect(a.played.map((p) => [p.name, p.url, p.kill])).toEqual([
        ['gun', '/assets/sounds/hitsound/thud.ogg', undefined], ['death', '/assets/sounds/hitsound/pop.ogg', 'kill'],
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  test('custom sounds off: the list is not fetched and hitsound custom plays the default', async () => {
    const f = assetFetch([{ sound_type: 'hitsound', url: '/assets/sounds/hitsound/pop.ogg' }]);
    const a = new GameAudio(f.fn, () => 0.5);
    await a.load(audio({ custom_sounds: false, hitsound: 'custom' }));
    expect(f.requested).not.toContain('/api/v1/assets/sounds');
    expect(a.hitUrl()).toBe('/assets/sounds/hitsound/default.ogg');
    expect(hitSoundNameOf('custom')).toBe('default');
  });

  test('countdown music and steps loop; volumes follow setOptions', async () => {
    const a = new GameAudio(assetFetch().fn);
    await a.load(audio({ music: 3 }));
    a.startMusic();
    a.startMusic();
    const loops = ctx.sources.filter((s) => s.loop);
    expect(loops).toHaveLength(1);
    a.setWalking(true);
    expect(ctx.sources.filter((s) => s.loop)).toHaveLength(2);
    a.stopMusic();
    a.setWalking(false);
    expect(ctx.sources.filter((s) => s.loop && s.started !== null)).toHaveLength(0);
  });

  test("the drill's weapon picks the gun sound: pistol, rifle, sniper each play their own file; a custom gun sound still wins", async () => {
    const f = assetFetch();
    const a = new GameAudio(f.fn, () => 0.5);
    await a.setWeapon('sniper'); // before load: fetched by load
    await a.load(audio());
    expect(f.requested).toContain('/assets/sounds/gun/sniper.ogg');
    expect(f.requested).not.toContain('/assets/sounds/gun/pistol.ogg');
    const miss: EngineEvent = { type: 'miss', tick: 1 } as EngineEvent;
    a.playEvents([miss], 0);
    for (const [type, at] of [['rifle', 1000], ['pistol', 2000], ['AWP', 3000], [null, 4000]] as const) {
      await a.setWeapon(type); // after load: fetched now, before the next shot
      a.playEvents([type === 'pistol' ? hit() : miss], at);
    }
    expect(a.played.filter((p) => p.name === 'gun').map((p) => p.url)).toEqual([
      '/assets/sounds/gun/sniper.ogg', '/assets/sounds/gun/rifle.ogg', '/assets/sounds/gun/pistol.ogg', '/assets/sounds/gun/sniper.ogg', '/assets/sounds/gun.ogg',
    ]);
    const custom = new GameAudio(assetFetch([{ sound_type: 'gun', url: '/assets/sounds/hitsound/thud.ogg' }]).fn, () => 0.5);
    await custom.setWeapon('rifle');
    await custom.load(audio({ custom_sounds: true }));
    expect(custom.gunUrl()).toBe('/assets/sounds/hitsound/thud.ogg');
  });
});
