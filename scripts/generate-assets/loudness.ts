/**
 * Loudness of the generated sounds (issue 35 item 7): integrated loudness per ITU-R BS.1770-4
 * (K-weighting, 400 ms gating blocks with 75 % overlap, absolute gate −70 LUFS, relative gate
 * −10 LU), the sound's duration and its spectral centroid. Our own implementation, checked in
 * test/unit/assets/loudness.test.ts against the reference values of a 997 Hz sine (a full-scale
 * 997 Hz sine reads −3.01 LUFS, BS.1770-4 section 2.1 / EBU Tech 3341).
 *
 * K-weighting: the two biquads of BS.1770-4 Annex 1 derived for any sample rate from their
 * analogue prototypes as pyloudnorm does (https://github.com/csteinmetz1/pyloudnorm, after
 * Brecht De Man's derivation): a high shelf (f0 1681.974450955533 Hz, gain 3.999843853973347 dB,
 * Q 0.7071752369554196) and a high pass (f0 38.13547087602444 Hz, Q 0.5003270373238773); at
 * 48 kHz they give the standard's coefficients.
 *
 * A sound shorter than one gating block (400 ms) is measured as one block: the sound followed by
 * silence up to 400 ms (so a 100 ms click reads as its energy spread over 400 ms: about 6 dB
 * under its loudness over its own length; the same rule for every short cue keeps them
 * comparable).
 */

/** The K-weighting biquads' coefficients at `rate` Hz: [b0, b1, b2, a1, a2] each (a0 = 1). */
export function kWeightingCoefficients(rate: number): [number[], number[]] {
  // stage 1: high shelf
  let f0 = 1681.974450955533, G = 3.999843853973347, Q = 0.7071752369554196;
  let K = Math.tan((Math.PI * f0) / rate);
  const Vh = 10 ** (G / 20);
  const Vb = Vh ** 0.4996667741545416;
  let a0 = 1 + K / Q + K * K;
  const shelf = [
    (Vh + (Vb * K) / Q + K * K) / a0, (2 * (K * K - Vh)) / a0, (Vh - (Vb * K) / Q + K * K) / a0,
    (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0,
  ];
  // stage 2: high pass
  f0 = 38.13547087602444; Q = 0.5003270373238773;
  K = Math.tan((Math.PI * f0) / rate);
  a0 = 1 + K / Q + K * K;
  const hp = [1, -2, 1, (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0];
  return [shelf, hp];
}

function biquad(x: Float32Array | Float64Array, c: number[]): Float64Array {
  const [b0, b1, b2, a1, a2] = c;
  const y = new Float64Array(x.length);
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const v = b0 * x[i] + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1; x1 = x[i]; y2 = y1; y1 = v; y[i] = v;
  }
  return y;
}

/**
 * Integrated loudness (LUFS) of mono `samples` (−1..1) at `rate` Hz, times `gain` (linear).
 * −Infinity for silence (every block under the absolute gate).
 */
export function integratedLoudness(samples: Float32Array, rate: number, gain = 1): number {
  const block = Math.round(0.4 * rate);
  const step = Math.round(0.1 * rate);
  const x = new Float64Array(Math.max(samples.length, block));
  for (let i = 0; i < samples.length; i++) x[i] = samples[i] * gain;
  const [shelf, hp] = kWeightingCoefficients(rate);
  const y = biquad(biquad(x, shelf), hp);
  const powers: number[] = [];
  for (let s = 0; s + block <= y.length; s += step) {
    let sum = 0;
    for (let i = s; i < s + block; i++) sum += y[i] * y[i];
    powers.push(sum / block);
  }
  const lufs = (p: number): number => -0.691 + 10 * Math.log10(p);
  const abs = powers.filter((p) => lufs(p) > -70);
  if (abs.length === 0) return -Infinity;
  const mean = (a: number[]): number => a.reduce((s, v) => s + v, 0) / a.length;
  const relGate = lufs(mean(abs)) - 10;
  const rel = abs.filter((p) => lufs(p) > relGate);
  return lufs(mean(rel));
}

/** Duration (s) of `samples` at `rate` Hz up to the last sample within 60 dB of the peak. */
export function audibleDuration(samples: Float32Array, rate: number): number {
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  const floor = peak * 1e-3;
  let last = 0;
  for (let i = 0; i < samples.length; i++) if (Math.abs(samples[i]) >= floor) last = i;
  return (last + 1) / rate;
}

/** In-place radix-2 FFT of (re, im), length a power of two. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) { [re[i], re[j]] = [re[j], re[i]]; [im[i], im[j]] = [im[j], im[i]]; }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(ang * k), wi = Math.sin(ang * k);
        const ar = re[i + k + len / 2], ai = im[i + k + len / 2];
        const tr = ar * wr - ai * wi, ti = ar * wi + ai * wr;
        re[i + k + len / 2] = re[i + k] - tr; im[i + k + len / 2] = im[i + k] - ti;
        re[i + k] += tr; im[i + k] += ti;
      }
    }
  }
}

/** Spectral centroid (Hz) of `samples` at `rate` Hz: the magnitude-weighted mean frequency of
 * the whole sound's spectrum (one FFT, zero-padded to a power of two). */
export function spectralCentroid(samples: Float32Array, rate: number): number {
  let n = 1;
  while (n < samples.length) n <<= 1;
  const re = new Float64Array(n), im = new Float64Array(n);
  re.set(samples);
  fft(re, im);
  let num = 0, den = 0;
  for (let k = 1; k < n / 2; k++) {
    const m = Math.hypot(re[k], im[k]);
    num += ((k * rate) / n) * m;
    den += m;
  }
  return den > 0 ? num / den : 0;
}
