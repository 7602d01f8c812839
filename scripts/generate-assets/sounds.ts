/**
 * Synthesises every game sound (src/audio/soundCatalogue.ts) offline and encodes it to Ogg
 * Vorbis with `oggenc` (Debian package vorbis-tools; only this generator needs it, the output
 * is committed). Mono, 44.1 kHz, quality 2 (about 64-80 kbit/s mono); fixed stream serials (one
 * per file name, oggSerialOf) so a re-run writes the same bytes. Each sound is a layered design
 * (noise bursts, filtered bodies, pitch envelopes), normalised to −1 dBFS (music and loops a
 * little lower); the hit sounds, the crit, the blocked cue and the spawn cue are each an explicit
 * transient + body + tail (issue 35 item 7).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  biquad, buffer, envAD, envFn, fadeEdges, highpass1, lowpass1, mixInto, mixLooped, noise, normalize, osc, rng,
  saturate, SAMPLE_RATE, sweep, wavBytes,
} from './dsp';
import { GUN_SOUND_DESIGNS } from './gunSounds';

type Design = () => Float32Array;

/** A short band-passed noise click (a transient), `seconds` long. */
function click(freq: number, q: number, decay: number, seed: number, seconds = 0.03): Float32Array {
  return envAD(biquad(noise(seconds, seed), 'bandpass', freq, q), 0.0003, decay);
}

/** A decaying partial: sine of `f` Hz with exp decay `decay` s. */
function partial(seconds: number, f: number | ((t: number) => number), decay: number, attack = 0.001): Float32Array {
  return envAD(osc(seconds, typeof f === 'number' ? () => f : f), attack, decay);
}

// ---------------------------------------------------------------- hit sounds
// Issue 35 item 7: each hit sound is an explicit transient (the first milliseconds: the contact,
// the loudest part, so the hit is heard at once) + body (the sound's character: pitch and
// timbre) + tail (how it dies away: a ring, a room, a rumble), and the six differ pairwise in
// duration (about 1.5x apart) or spectral centroid (about 1.25x apart), both measured by
// `npm run assets:loudness` (test/unit/assets/hitSoundDesign.test.ts checks the rule):
//   tap ~0.05 s bright-mid, pop ~0.09 s mid, default ~0.14 s bright, pong ~0.26 s low-mid,
//   clap ~0.4 s mid noise, thud ~0.55 s low.

/** Joins a hit sound's three layers: each mixed at its gain and start (s), then normalised. */
function layered(seconds: number, layers: Array<[Float32Array, number, number?]>, peak = 0.89): Float32Array {
  const b = buffer(seconds);
  for (const [src, gain, at] of layers) mixInto(b, src, gain, at ?? 0);
  return normalize(b, peak);
}

const hitDefault: Design = () => {
  // "default", a bright tick: transient 6 kHz noise click (1.5 ms); body a 2.7 kHz ping with a
  // 4.05 kHz fifth (20 ms); tail a faint 5.4 kHz shimmer ringing on for ~0.12 s
  const transient = click(6000, 1.1, 0.0015, 11, 0.02);
  const body = buffer(0.16);
  mixInto(body, partial(0.16, 2700, 0.02), 0.6);
  mixInto(body, partial(0.16, 4050, 0.012), 0.3);
  const tail = partial(0.16, 5400, 0.022, 0.004);
  return fadeEdges(layered(0.16, [[transient, 1], [body, 0.55], [tail, 0.12, 0.006]]));
};

const hitClap: Design = () => {
  // "clap": transient three 1.4 kHz noise bursts 8 ms apart (the hands); body a 1.1 kHz band of
  // noise (25 ms); tail a small room, low-passed noise dying over ~0.35 s
  const transient = buffer(0.03);
  for (let k = 0; k < 3; k++) mixInto(transient, envAD(biquad(noise(0.02, 20 + k), 'bandpass', 1400, 1.2), 0.0004, 0.003), 1 - k * 0.2, k * 0.008);
  const body = envAD(biquad(noise(0.12, 24), 'bandpass', 1100, 1.0), 0.001, 0.025, 0.016);
  const tail = envAD(biquad(biquad(noise(0.42, 25), 'bandpass', 800, 0.8), 'lowpass', 1800, 0.7), 0.01, 0.06, 0.03);
  return fadeEdges(highpass1(layered(0.42, [[transient, 1.4], [body, 0.5], [tail, 0.7]]), 250), 0.0003, 0.02);
};

const hitPong: Design = () => {
  // "pong", table tennis: transient a 2.5 kHz paddle knock (1.5 ms); body a rounded 560 Hz tone
  // dropping from 650 Hz with its 2nd partial (30 ms); tail the hollow 560 Hz ring (~0.25 s)
  const transient = click(2500, 2, 0.0015, 31, 0.02);
  const f = sweep(650, 560, 0.015);
  const body = buffer(0.28);
  mixInto(body, envAD(osc(0.28, f), 0.001, 0.03), 1);
  mixInto(body, envAD(osc(0.28, (t) => 2.02 * f(t)), 0.001, 0.015), 0.3);
  const tail = envAD(osc(0.28, () => 560), 0.02, 0.05, 0.01);
  return fadeEdges(layered(0.28, [[transient, 0.6], [body, 0.9], [tail, 0.3]]), 0.0003, 0.02);
};

const hitPop: Design = () => {
  // "pop", a bubble: transient a wet 3 kHz click (1 ms); body an upward 450 → 1500 Hz sine chirp
  // (the bubble's resonance, 20 ms); tail a drop of 900 Hz ringing ~60 ms
  const transient = click(3000, 1.5, 0.001, 41, 0.015);
  const body = envAD(osc(0.1, sweep(450, 1500, 0.025)), 0.002, 0.014, 0.001);
  const tail = envAD(osc(0.1, sweep(1000, 850, 0.04)), 0.004, 0.012, 0.018);
  return fadeEdges(layered(0.1, [[transient, 1], [saturate(body, 1.4), 0.75], [tail, 0.3]]), 0.0003, 0.008);
};

const hitTap: Design = () => {
  // "tap", a wood block: transient a 0.5 ms stick impulse (noise, band-passed twice at 2.2 kHz);
  // body the block's two modes, 1.75 kHz and 4.2 kHz (decaying sines, 7 and 3 ms); tail a short
  // hollow 900 Hz knock of the block's cavity (~30 ms)
  const transient = envAD(biquad(biquad(noise(0.01, 51), 'bandpass', 2200, 1), 'bandpass', 2200, 1), 0.0001, 0.0005);
  const body = buffer(0.06);
  mixInto(body, partial(0.06, 1750, 0.007, 0.0003), 1);
  mixInto(body, partial(0.06, 4200, 0.003, 0.0003), 0.3);
  const tail = envAD(osc(0.06, () => 900), 0.003, 0.008, 0.003);
  return fadeEdges(layered(0.06, [[transient, 0.8], [body, 1], [tail, 0.15]]), 0.0002, 0.006);
};

const hitThud: Design = () => {
  // "thud", a padded body hit: transient a low-passed noise punch with a little 1.5 kHz contact
  // (3 ms); body a 120 → 50 Hz sine drop (80 ms); tail a 48 Hz rumble dying over ~0.5 s
  const transient = buffer(0.05);
  mixInto(transient, envAD(biquad(noise(0.05, 61), 'lowpass', 500, 0.7), 0.0005, 0.006), 2.4);
  mixInto(transient, click(1500, 1, 0.0015, 62, 0.02), 0.12);
  const body = envAD(osc(0.56, sweep(120, 50, 0.08)), 0.002, 0.06);
  const tail = envAD(osc(0.56, () => 48), 0.03, 0.09, 0.02);
  return fadeEdges(layered(0.56, [[transient, 1], [body, 0.9], [tail, 0.35]]), 0.0005, 0.03);
};

// ---------------------------------------------------------------- game sounds
const gun: Design = () => {
  // gunshot: a full-band crack, a 130 → 45 Hz body thump, a low-passed blast and a darker tail
  const b = buffer(0.5);
  mixInto(b, envAD(highpass1(noise(0.04, 71), 1500), 0.0002, 0.004), 1.2);
  mixInto(b, envAD(osc(0.5, sweep(130, 45, 0.09)), 0.001, 0.06), 1.1);
  mixInto(b, envAD(lowpass1(noise(0.5, 72), (t) => 5000 * Math.exp(-t / 0.05) + 400), 0.0005, 0.035), 1.6);
  mixInto(b, envAD(lowpass1(lowpass1(noise(0.5, 73), 900), 900), 0.01, 0.11, 0.01), 1.8);
  return fadeEdges(normalize(saturate(b, 2.2)), 0.0003, 0.05);
};

const death: Design = () => {
  // kill / explode: crackling burst whose low-pass sweeps 6 kHz → 250 Hz, sub boom, sparks
  const b = buffer(0.7);
  mixInto(b, envAD(lowpass1(noise(0.7, 81), (t) => 250 + 6000 * Math.exp(-t / 0.09)), 0.002, 0.14), 1.4);
  mixInto(b, envAD(osc(0.7, sweep(90, 35, 0.25)), 0.003, 0.12), 1);
  const r = rng(82);
  for (let k = 0; k < 14; k++) {
    mixInto(b, click(2500 + r() * 4000, 3, 0.002 + r() * 0.003, 83 + k, 0.02), 0.3 + r() * 0.3, 0.02 + r() * 0.35);
  }
  return fadeEdges(normalize(saturate(b, 1.6)), 0.0005, 0.08);
};

const despawn: Design = () => {
  // soft downward whoosh: band-passed noise 2.2 kHz → 400 Hz under a quiet falling tone
  const b = buffer(0.32);
  const w = biquad(noise(0.32, 91), 'bandpass', sweep(2200, 400, 0.3), 1.2);
  mixInto(b, envFn(w, (t) => Math.sin(Math.PI * Math.min(1, t / 0.3)) ** 1.5), 1);
  mixInto(b, envAD(osc(0.32, sweep(640, 300, 0.3), 'triangle'), 0.02, 0.08), 0.12);
  return fadeEdges(normalize(b, 0.7), 0.002, 0.03);
};

const spawn: Design = () => {
  // soft spawn, made to be located (a target out of view): transient a soft 2.1 kHz blip with a
  // breath of high noise (4 ms attack, so it is clear but not a hit); body a rising airy swell
  // (noise band 800 → 3000 Hz) under a 520 → 780 Hz glide; tail the swell's air fading ~0.15 s
  const b = buffer(0.42);
  mixInto(b, partial(0.42, 2100, 0.018, 0.004), 0.5);
  mixInto(b, envAD(biquad(noise(0.05, 100), 'highpass', 5000, 0.7), 0.002, 0.006), 0.25);
  const air = highpass1(biquad(noise(0.42, 101), 'bandpass', sweep(800, 3000, 0.25), 0.9), 300);
  mixInto(b, envFn(air, (t) => (t < 0.2 ? Math.sin((Math.PI / 2) * (t / 0.2)) : Math.exp(-(t - 0.2) / 0.04))), 0.7);
  mixInto(b, envFn(osc(0.42, sweep(520, 780, 0.2)), (t) => Math.min(1, t / 0.06) * Math.exp(-Math.max(0, t - 0.06) / 0.07)), 0.35);
  return fadeEdges(normalize(b, 0.6), 0.003, 0.03);
};

/** Bell-like note: inharmonic partials (1, 2.0, 2.76, 5.4) of `f` Hz. */
function bell(seconds: number, f: number, decay: number): Float32Array {
  const b = buffer(seconds);
  const parts: Array<[number, number, number]> = [[1, 1, 1], [2.0, 0.45, 0.6], [2.76, 0.3, 0.4], [5.4, 0.15, 0.2]];
  for (const [m, g, d] of parts) mixInto(b, partial(seconds, f * m, decay * d), g);
  return b;
}

const reward: Design = () => {
  // two-note chime: E6 then B6
  const b = buffer(0.6);
  mixInto(b, bell(0.6, 1318.5, 0.12), 0.7);
  mixInto(b, bell(0.5, 1975.5, 0.16), 0.7, 0.08);
  return fadeEdges(normalize(b), 0.0005, 0.05);
};

const crit: Design = () => {
  // crit: transient a sharp 6 kHz click; body a metallic 1.6 kHz bell with a 3.21 kHz overtone;
  // tail a faint high sparkle (4.8 and 6.4 kHz partials) ringing on to ~0.4 s
  const b = buffer(0.42);
  mixInto(b, click(6000, 1, 0.002, 111), 0.6);
  mixInto(b, bell(0.42, 1600, 0.07), 0.9);
  mixInto(b, partial(0.42, 3210, 0.02), 0.3);
  mixInto(b, partial(0.42, 4800, 0.06, 0.01), 0.08, 0.01);
  mixInto(b, partial(0.42, 6400, 0.05, 0.01), 0.05, 0.02);
  return fadeEdges(normalize(b), 0.0003, 0.04);
};

const blocked: Design = () => {
  // blocked (a hit on a protected target, no damage): transient a dull armour knock (low-passed
  // noise); body a low 190 → 120 Hz thud and a short detuned 420 / 445 Hz buzz, low-passed;
  // tail a muffled low resonance dying over ~0.2 s. No bright ping, so it never reads as a hit
  const b = buffer(0.24);
  mixInto(b, envAD(lowpass1(noise(0.24, 121), 1200), 0.0005, 0.012), 0.9);
  mixInto(b, envAD(osc(0.24, sweep(190, 120, 0.08)), 0.001, 0.05), 1);
  mixInto(b, envAD(lowpass1(osc(0.24, () => 420, 'square'), 1500), 0.001, 0.035), 0.25);
  mixInto(b, envAD(lowpass1(osc(0.24, () => 445, 'square'), 1500), 0.001, 0.035), 0.25);
  mixInto(b, envAD(osc(0.24, () => 118), 0.02, 0.045, 0.03), 0.2);
  return fadeEdges(normalize(b, 0.8), 0.0003, 0.03);
};

/** A mechanical clack: two band-passed clicks 4 ms apart plus a metallic ring at `ring` Hz. */
function clack(seed: number, ring: number): Float32Array {
  const b = buffer(0.08);
  mixInto(b, click(3200, 2, 0.002, seed), 1);
  mixInto(b, click(1800, 2, 0.003, seed + 1), 0.8, 0.004);
  mixInto(b, partial(0.08, ring, 0.012), 0.25, 0.002);
  return b;
}

const reload1: Design = () => {
  // magazine out: release click, a short slide of metal on metal, the magazine drop clack
  const b = buffer(0.4);
  mixInto(b, clack(121, 2900), 0.9);
  const slide = envFn(biquad(noise(0.15, 123), 'bandpass', 2600, 1.5), (t) => Math.sin(Math.PI * Math.min(1, t / 0.15)));
  mixInto(b, slide, 0.35, 0.05);
  mixInto(b, clack(125, 1900), 1, 0.24);
  mixInto(b, envAD(osc(0.1, sweep(180, 90, 0.05)), 0.001, 0.02), 0.3, 0.24);
  return fadeEdges(normalize(b), 0.0003, 0.03);
};

const reload2: Design = () => {
  // magazine in + bolt: an insertion clack, then a slide racked back and forward
  const b = buffer(0.45);
  mixInto(b, clack(131, 2100), 1);
  mixInto(b, envAD(osc(0.1, sweep(200, 100, 0.05)), 0.001, 0.02), 0.35);
  const rack = (seed: number, f0: number, f1: number) =>
    envFn(biquad(noise(0.09, seed), 'bandpass', sweep(f0, f1, 0.09), 1.8), (t) => Math.sin(Math.PI * Math.min(1, t / 0.09)));
  mixInto(b, rack(133, 1800, 3200), 0.45, 0.17);
  mixInto(b, clack(135, 3400), 0.8, 0.26);
  mixInto(b, rack(137, 3200, 1800), 0.45, 0.29);
  mixInto(b, clack(139, 2600), 1, 0.37);
  return fadeEdges(normalize(b), 0.0003, 0.02);
};

const steps: Design = () => {
  // looping footsteps, 2 steps per second: a low-passed heel thump + gritty sole scuff,
  // mixed with wrap-around so the loop is seamless
  const b = buffer(1.0);
  for (let k = 0; k < 2; k++) {
    const heel = envAD(lowpass1(noise(0.2, 141 + k), 350), 0.002, 0.025);
    const thump = envAD(osc(0.2, sweep(95, 60, 0.05)), 0.002, 0.03);
    const grit = envAD(biquad(noise(0.2, 151 + k), 'bandpass', 2200, 0.9), 0.004, 0.02, 0.012);
    const step = buffer(0.2);
    mixInto(step, heel, 1.5);
    mixInto(step, thump, 0.7);
    mixInto(step, grit, 0.35);
    mixLooped(b, step, k === 0 ? 1 : 0.85, k * 0.5 + 0.02);
  }
  return normalize(b, 0.55);
};

const countdown: Design = () => {
  // looping countdown music: 4 s = 2 bars of 4/4 at 120 bpm in A minor. Kick on the beats,
  // closed hi-hat on the 8ths, an off-beat plucked bass (A, A, C, G) and a soft pad; every
  // voice is mixed with wrap-around so the loop point is seamless.
  const bar = 2.0, beat = 0.5;
  const b = buffer(2 * bar);
  const kick = () => {
    const k = buffer(0.3);
    mixInto(k, envAD(osc(0.3, sweep(150, 48, 0.06)), 0.001, 0.07), 1);
    mixInto(k, click(3000, 1, 0.002, 161), 0.2);
    return k;
  };
  const hat = (seed: number) => envAD(highpass1(highpass1(noise(0.06, seed), 6000), 6000), 0.0005, 0.012);
  const pluck = (f: number) => {
    const p = lowpass1(osc(0.45, () => f, 'saw'), (t) => 200 + 1800 * Math.exp(-t / 0.06));
    return envAD(p, 0.003, 0.12);
  };
  const bassNotes = [110, 110, 130.81, 98];
  for (let i = 0; i < 8; i++) {
    mixLooped(b, kick(), 0.9, i * beat);
    mixLooped(b, hat(170 + i), 0.18, i * beat + beat / 2);
    mixLooped(b, hat(180 + i), 0.1, i * beat);
    mixLooped(b, pluck(bassNotes[Math.floor(i / 2)] * (i % 2 ? 2 : 1)), 0.35, i * beat + beat / 2);
  }
  // pad: A minor then F major, slow swell per bar
  const chords = [[220, 261.63, 329.63], [174.61, 220, 261.63]];
  chords.forEach((ch, c) => {
    const pad = buffer(bar);
    for (const f of ch) {
      mixInto(pad, lowpass1(osc(bar, () => f * 1.003, 'saw'), 900), 0.08);
      mixInto(pad, lowpass1(osc(bar, () => f * 0.997, 'saw', 0.3), 900), 0.08);
    }
    envFn(pad, (t) => Math.sin(Math.PI * (t / bar)) ** 0.7);
    mixLooped(b, pad, 1, c * bar);
  });
  return normalize(b, 0.7);
};

/** Two quick blips of `f0` then `f1` Hz with a filtered swoosh (menu open / close). */
function menuBlip(f0: number, f1: number, seed: number, rising: boolean): Float32Array {
  const b = buffer(0.16);
  mixInto(b, envAD(osc(0.16, () => f0, 'triangle'), 0.001, 0.02), 0.6);
  mixInto(b, envAD(osc(0.16, () => f1, 'triangle'), 0.001, 0.03), 0.6, 0.045);
  const sw = biquad(noise(0.12, seed), 'bandpass', rising ? sweep(800, 4000, 0.1) : sweep(4000, 800, 0.1), 1.5);
  mixInto(b, envFn(sw, (t) => Math.sin(Math.PI * Math.min(1, t / 0.12))), 0.25);
  return fadeEdges(normalize(b, 0.7), 0.0005, 0.02);
}

const menuOpen: Design = () => menuBlip(880, 1320, 191, true);
const menuClose: Design = () => menuBlip(1320, 880, 193, false);

const hover: Design = () => {
  // tiny soft tick for pointer hover
  const b = buffer(0.05);
  mixInto(b, partial(0.05, 1800, 0.006), 0.6);
  mixInto(b, click(5000, 2, 0.0015, 201, 0.01), 0.3);
  return fadeEdges(normalize(b, 0.5), 0.0003, 0.01);
};

const switchSound: Design = () => {
  // toggle switch: a press click then a lighter release click
  const b = buffer(0.09);
  mixInto(b, click(3500, 3, 0.0025, 211), 1);
  mixInto(b, partial(0.04, 2200, 0.004), 0.3);
  mixInto(b, click(4500, 3, 0.002, 213), 0.55, 0.045);
  return fadeEdges(normalize(b, 0.7), 0.0003, 0.01);
};

/** file path under assets/sounds → design. Names follow src/audio/soundCatalogue.ts. */
export const SOUND_DESIGNS: Record<string, Design> = {
  'hitsound/default.ogg': hitDefault,
  'hitsound/clap.ogg': hitClap,
  'hitsound/pong.ogg': hitPong,
  'hitsound/pop.ogg': hitPop,
  'hitsound/tap.ogg': hitTap,
  'hitsound/thud.ogg': hitThud,
  'gun.ogg': gun,
  'death.ogg': death,
  'despawn.ogg': despawn,
  'spawn.ogg': spawn,
  'reward.ogg': reward,
  'crit.ogg': crit,
  'blocked.ogg': blocked,
  'reload1.ogg': reload1,
  'reload2.ogg': reload2,
  'steps.ogg': steps,
  'countdown.ogg': countdown,
  'menu_open.ogg': menuOpen,
  'menu_close.ogg': menuClose,
  'hover.ogg': hover,
  'switch.ogg': switchSound,
  // the gun sound of each weapon model (drill weapon_type): gunSounds.ts
  ...GUN_SOUND_DESIGNS,
};

/**
 * The Ogg stream serial of the file `rel` (e.g. 'hitsound/pop.ogg'): FNV-1a (32-bit) of its
 * name, under 2^31 (oggenc's -s takes a signed int). Derived from the name, not from the order
 * of SOUND_DESIGNS, so adding a sound leaves every other file's bytes as they were.
 */
export function oggSerialOf(rel: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < rel.length; i++) h = Math.imul(h ^ rel.charCodeAt(i), 0x01000193) >>> 0;
  return h & 0x7fffffff;
}

/**
 * Writes every sound into `outDir` (assets/sounds). Throws if `oggenc` is missing
 * (`apt-get install vorbis-tools`). Returns the written paths relative to outDir.
 */
export function generateSounds(outDir: string): string[] {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-sounds-'));
  const written: string[] = [];
  try {
    for (const [rel, design] of Object.entries(SOUND_DESIGNS)) {
      const serial = oggSerialOf(rel);
      const samples = design();
      const wav = path.join(tmp, rel.replace(/\//g, '_').replace(/\.ogg$/, '.wav'));
      fs.writeFileSync(wav, wavBytes(samples));
      const out = path.join(outDir, rel);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      execFileSync('oggenc', ['-Q', '-q', '2', '-s', String(serial), '--discard-comments', '-o', out, wav]);
      written.push(rel);
      process.stdout.write(`  sounds/${rel}: ${(samples.length / SAMPLE_RATE).toFixed(2)} s, ${fs.statSync(out).size} bytes\n`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return written;
}
