/**
 * Synthesises every game sound (src/audio/soundCatalogue.ts) offline and encodes it to Ogg
 * Vorbis with `oggenc` (Debian package vorbis-tools; only this generator needs it, the output
 * is committed). Mono, 44.1 kHz, quality 2 (about 64-80 kbit/s mono); fixed stream serials so
 * a re-run writes the same bytes. Each sound is a layered design (noise bursts, filtered
 * bodies, pitch envelopes), normalised to −1 dBFS (music and loops a little lower).
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
const hitDefault: Design = () => {
  // crisp tick: a bright noise transient + a short 2.4 kHz ping with a 3.6 kHz overtone
  const b = buffer(0.12);
  mixInto(b, click(4500, 1.2, 0.004, 11), 0.9);
  mixInto(b, partial(0.12, 2400, 0.025), 0.55);
  mixInto(b, partial(0.12, 3620, 0.012), 0.25);
  return fadeEdges(normalize(b));
};

const hitClap: Design = () => {
  // three fast bursts (the hands) then a short room tail, band-limited around 1.1-2 kHz
  const b = buffer(0.22);
  for (let k = 0; k < 3; k++) mixInto(b, envAD(biquad(noise(0.02, 20 + k), 'bandpass', 1300, 1.1), 0.0005, 0.0035), 1 - k * 0.15, k * 0.009);
  const tail = envAD(biquad(noise(0.2, 24), 'bandpass', 1500, 0.8), 0.001, 0.045, 0.027);
  mixInto(b, tail, 0.8);
  return fadeEdges(normalize(highpass1(b, 300)));
};

const hitPong: Design = () => {
  // table-tennis pong: a rounded 620 Hz tone with a tiny pitch drop and 2nd/3rd partials + knock
  const b = buffer(0.28);
  const f = sweep(700, 610, 0.02);
  mixInto(b, envAD(osc(0.28, f, 'sine'), 0.002, 0.06), 0.8);
  mixInto(b, envAD(osc(0.28, (t) => 2 * f(t), 'sine'), 0.002, 0.03), 0.25);
  mixInto(b, envAD(osc(0.28, (t) => 3.1 * f(t), 'sine'), 0.001, 0.015), 0.12);
  mixInto(b, click(2500, 2, 0.002, 31), 0.35);
  return fadeEdges(normalize(b));
};

const hitPop: Design = () => {
  // bubble pop: a fast downward sine sweep 1.1 kHz → 240 Hz with a wet click
  const b = buffer(0.1);
  mixInto(b, envAD(osc(0.1, sweep(1100, 240, 0.03)), 0.0008, 0.018), 1);
  mixInto(b, click(3000, 1.5, 0.0015, 41), 0.45);
  return fadeEdges(normalize(saturate(b, 1.5)));
};

const hitTap: Design = () => {
  // wood-block tap: a resonant 1.75 kHz body excited by a 1 ms noise impulse + a 4.2 kHz edge
  const b = buffer(0.09);
  const exc = envAD(noise(0.09, 51), 0.0002, 0.0008);
  const body = biquad(Float32Array.from(exc), 'bandpass', 1750, 14);
  mixInto(b, body, 6);
  mixInto(b, biquad(Float32Array.from(exc), 'bandpass', 4200, 8), 2.5);
  mixInto(b, highpass1(Float32Array.from(exc), 2000), 0.4);
  return fadeEdges(normalize(b));
};

const hitThud: Design = () => {
  // low thud: 110 → 48 Hz sine with a fast drop + low-passed noise punch
  const b = buffer(0.3);
  mixInto(b, envAD(osc(0.3, sweep(110, 48, 0.08)), 0.002, 0.07), 1);
  mixInto(b, envAD(lowpass1(noise(0.3, 61), 600), 0.001, 0.02), 1.6);
  mixInto(b, click(1500, 1, 0.002, 62), 0.15);
  return fadeEdges(normalize(saturate(b, 1.3)));
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
  // soft spawn: rising airy swell + a gentle 520 → 780 Hz glide, slow attack
  const b = buffer(0.3);
  const air = highpass1(biquad(noise(0.3, 101), 'bandpass', sweep(800, 3000, 0.25), 0.9), 300);
  mixInto(b, envFn(air, (t) => Math.sin(Math.PI * Math.min(1, t / 0.28))), 0.8);
  mixInto(b, envFn(osc(0.3, sweep(520, 780, 0.2)), (t) => Math.min(1, t / 0.06) * Math.exp(-Math.max(0, t - 0.06) / 0.07)), 0.35);
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
  // crit: a metallic 1.6 kHz ping with inharmonic overtones over a sharp transient
  const b = buffer(0.35);
  mixInto(b, click(6000, 1, 0.002, 111), 0.6);
  mixInto(b, bell(0.35, 1600, 0.07), 0.9);
  mixInto(b, partial(0.35, 3210, 0.02), 0.3);
  return fadeEdges(normalize(b), 0.0003, 0.04);
};

const blocked: Design = () => {
  // blocked (a hit on a protected target, no damage): a dull armour knock, a low 190 Hz thud
  // and a short detuned 420 / 445 Hz buzz, low-passed: no bright ping, so it never reads as a hit
  const b = buffer(0.16);
  mixInto(b, envAD(lowpass1(noise(0.16, 121), 1200), 0.0005, 0.012), 0.9);
  mixInto(b, envAD(osc(0.16, sweep(190, 120, 0.08)), 0.001, 0.05), 1);
  mixInto(b, envAD(lowpass1(osc(0.16, () => 420, 'square'), 1500), 0.001, 0.035), 0.25);
  mixInto(b, envAD(lowpass1(osc(0.16, () => 445, 'square'), 1500), 0.001, 0.035), 0.25);
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
 * Writes every sound into `outDir` (assets/sounds). Throws if `oggenc` is missing
 * (`apt-get install vorbis-tools`). Returns the written paths relative to outDir.
 */
export function generateSounds(outDir: string): string[] {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-sounds-'));
  const written: string[] = [];
  try {
    let serial = 1000;
    for (const [rel, design] of Object.entries(SOUND_DESIGNS)) {
      const samples = design();
      const wav = path.join(tmp, rel.replace(/\//g, '_').replace(/\.ogg$/, '.wav'));
      fs.writeFileSync(wav, wavBytes(samples));
      const out = path.join(outDir, rel);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      execFileSync('oggenc', ['-Q', '-q', '2', '-s', String(serial++), '--discard-comments', '-o', out, wav]);
      written.push(rel);
      process.stdout.write(`  sounds/${rel}: ${(samples.length / SAMPLE_RATE).toFixed(2)} s, ${fs.statSync(out).size} bytes\n`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return written;
}
