/**
 * Tiny offline synthesis kit for the sound generator (sounds.ts): mono Float32 buffers at
 * SAMPLE_RATE, a seeded noise source, envelopes, one-pole and biquad filters, mixing, and a
 * 16-bit PCM WAV writer. Deterministic: the same script gives the same samples.
 */

/** Samples per second of every generated sound. */
export const SAMPLE_RATE = 44100;

/** A mono buffer of `seconds` of silence. */
export function buffer(seconds: number): Float32Array {
  return new Float32Array(Math.max(1, Math.round(seconds * SAMPLE_RATE)));
}

/** Seeded PRNG (mulberry32) returning floats in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** White noise of `seconds` (−1..1) from `seed`. */
export function noise(seconds: number, seed: number): Float32Array {
  const r = rng(seed);
  const b = buffer(seconds);
  for (let i = 0; i < b.length; i++) b[i] = r() * 2 - 1;
  return b;
}

/**
 * Oscillator of `seconds` whose frequency (Hz) follows `freq(t)` (t in seconds); `shape`:
 * sine, triangle, saw or square (naive, fine for the short, filtered uses here).
 */
export function osc(seconds: number, freq: (t: number) => number, shape: 'sine' | 'triangle' | 'saw' | 'square' = 'sine', phase0 = 0): Float32Array {
  const b = buffer(seconds);
  let ph = phase0;
  for (let i = 0; i < b.length; i++) {
    const t = i / SAMPLE_RATE;
    ph += freq(t) / SAMPLE_RATE;
    ph -= Math.floor(ph);
    switch (shape) {
      case 'sine': b[i] = Math.sin(2 * Math.PI * ph); break;
      case 'triangle': b[i] = 1 - 4 * Math.abs(ph - 0.5); break;
      case 'saw': b[i] = 2 * ph - 1; break;
      case 'square': b[i] = ph < 0.5 ? 1 : -1; break;
    }
  }
  return b;
}

/** Exponential sweep from f0 to f1 Hz over `dur` seconds (then holds f1): for osc(). */
export function sweep(f0: number, f1: number, dur: number): (t: number) => number {
  return (t) => f0 * Math.pow(f1 / f0, Math.min(1, t / Math.max(1e-6, dur)));
}

/** Multiplies `b` in place by an attack-decay envelope: linear attack over `attack` s, then
 * exp decay with time constant `decay` s (−60 dB after about 6.9 × decay). Returns `b`. */
export function envAD(b: Float32Array, attack: number, decay: number, delay = 0): Float32Array {
  for (let i = 0; i < b.length; i++) {
    const t = i / SAMPLE_RATE - delay;
    let g: number;
    if (t < 0) g = 0;
    else if (t < attack) g = t / attack;
    else g = Math.exp(-(t - attack) / decay);
    b[i] *= g;
  }
  return b;
}

/** Multiplies `b` in place by `g(t)` (t in seconds). Returns `b`. */
export function envFn(b: Float32Array, g: (t: number) => number): Float32Array {
  for (let i = 0; i < b.length; i++) b[i] *= g(i / SAMPLE_RATE);
  return b;
}

/** One-pole low-pass in place with cutoff `fc(t)` Hz (may vary over time). Returns `b`. */
export function lowpass1(b: Float32Array, fc: number | ((t: number) => number)): Float32Array {
  let y = 0;
  for (let i = 0; i < b.length; i++) {
    const f = typeof fc === 'number' ? fc : fc(i / SAMPLE_RATE);
    const a = 1 - Math.exp((-2 * Math.PI * f) / SAMPLE_RATE);
    y += a * (b[i] - y);
    b[i] = y;
  }
  return b;
}

/** One-pole high-pass in place (the input minus its one-pole low-pass). Returns `b`. */
export function highpass1(b: Float32Array, fc: number): Float32Array {
  const a = 1 - Math.exp((-2 * Math.PI * fc) / SAMPLE_RATE);
  let y = 0;
  for (let i = 0; i < b.length; i++) {
    y += a * (b[i] - y);
    b[i] = b[i] - y;
  }
  return b;
}

/**
 * RBJ biquad in place: 'bandpass' (constant 0 dB peak), 'lowpass' or 'highpass' with centre /
 * cutoff `f(t)` Hz and quality `q`. Returns `b`.
 */
export function biquad(b: Float32Array, type: 'bandpass' | 'lowpass' | 'highpass', f: number | ((t: number) => number), q: number): Float32Array {
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  for (let i = 0; i < b.length; i++) {
    const fc = Math.min(SAMPLE_RATE * 0.45, typeof f === 'number' ? f : f(i / SAMPLE_RATE));
    const w = (2 * Math.PI * fc) / SAMPLE_RATE;
    const cw = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    let b0: number, b1: number, b2: number;
    if (type === 'bandpass') { b0 = alpha; b1 = 0; b2 = -alpha; }
    else if (type === 'lowpass') { b0 = (1 - cw) / 2; b1 = 1 - cw; b2 = (1 - cw) / 2; }
    else { b0 = (1 + cw) / 2; b1 = -(1 + cw); b2 = (1 + cw) / 2; }
    const a0 = 1 + alpha, a1 = -2 * cw, a2 = 1 - alpha;
    const x0 = b[i];
    const y0 = (b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2) / a0;
    x2 = x1; x1 = x0; y2 = y1; y1 = y0;
    b[i] = y0;
  }
  return b;
}

/** Adds `src` × `gain` into `dst` starting at `at` seconds (clipped to dst's length). */
export function mixInto(dst: Float32Array, src: Float32Array, gain = 1, at = 0): Float32Array {
  const o = Math.round(at * SAMPLE_RATE);
  for (let i = 0; i < src.length && o + i < dst.length; i++) if (o + i >= 0) dst[o + i] += src[i] * gain;
  return dst;
}

/** Adds `src` × `gain` into `dst` at `at` seconds, wrapping around the end (seamless loops). */
export function mixLooped(dst: Float32Array, src: Float32Array, gain = 1, at = 0): Float32Array {
  const o = Math.round(at * SAMPLE_RATE);
  for (let i = 0; i < src.length; i++) dst[(o + i) % dst.length] += src[i] * gain;
  return dst;
}

/** Soft saturation in place: tanh(drive·x)/tanh(drive). Returns `b`. */
export function saturate(b: Float32Array, drive: number): Float32Array {
  const n = Math.tanh(drive);
  for (let i = 0; i < b.length; i++) b[i] = Math.tanh(drive * b[i]) / n;
  return b;
}

/** Scales `b` in place so its peak is `peak` (linear, e.g. 0.89 = −1 dBFS). Returns `b`. */
export function normalize(b: Float32Array, peak = 0.8): Float32Array {
  let m = 0;
  for (let i = 0; i < b.length; i++) m = Math.max(m, Math.abs(b[i]));
  if (m > 0) for (let i = 0; i < b.length; i++) b[i] *= peak / m;
  return b;
}

/** Short linear fades (seconds) at both ends, against clicks. Returns `b`. */
export function fadeEdges(b: Float32Array, fadeIn = 0.0005, fadeOut = 0.01): Float32Array {
  const ni = Math.round(fadeIn * SAMPLE_RATE);
  const no = Math.round(fadeOut * SAMPLE_RATE);
  for (let i = 0; i < ni && i < b.length; i++) b[i] *= i / ni;
  for (let i = 0; i < no && i < b.length; i++) b[b.length - 1 - i] *= i / no;
  return b;
}

/** 16-bit PCM mono WAV bytes of `b` (clamped to −1..1). */
export function wavBytes(b: Float32Array): Buffer {
  const data = Buffer.alloc(b.length * 2);
  for (let i = 0; i < b.length; i++) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, b[i])) * 32767), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0); h.writeUInt32LE(36 + data.length, 4); h.write('WAVE', 8);
  h.write('fmt ', 12); h.writeUInt32LE(16, 16); h.writeUInt16LE(1, 20); h.writeUInt16LE(1, 22);
  h.writeUInt32LE(SAMPLE_RATE, 24); h.writeUInt32LE(SAMPLE_RATE * 2, 28); h.writeUInt16LE(2, 32); h.writeUInt16LE(16, 34);
  h.write('data', 36); h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}
