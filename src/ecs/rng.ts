/**
 * The seeded PRNG of a run: sfc32 (Chris Doty-Humphrey's Small Fast Counter, 32-bit), seeded
 * through splitmix32 so that nearby seeds give unrelated streams. It is the only source of
 * randomness in the engine (no Math.random): the same seed gives the same stream in Node and
 * in the browser, because it uses only 32-bit integer arithmetic (`Math.imul`, `>>>`).
 * Source: DESIGN.md "rng.ts seeded PRNG; the only randomness in a run".
 */

/** A seeded random stream. `state` (4 x uint32) is exposed for the state hash. */
export interface Rng {
  /** the generator state, 4 uint32 words (read-only use) */
  readonly state: Uint32Array;
  /** uniform float in [0, 1) with 32 bits of resolution */
  next(): number;
  /** uniform float in [lo, hi) */
  range(lo: number, hi: number): number;
  /** uniform integer in [0, n) for n >= 1 */
  int(n: number): number;
  /** the next `n` values of `next()`, written to out[0 .. n): the same stream, but no number
   * crosses a call, so hot paths that use it allocate nothing (`range(lo, hi)` is
   * lo + (hi - lo) * next(): write that formula with out[i] for the same bits) */
  fill(out: Float64Array, n: number): void;
}

/**
 * Creates an sfc32 stream from a seed. Non-integer or negative seeds are reduced with `>>> 0`.
 * Burns the first 12 outputs (recommended for sfc32).
 */
export function createRng(seed: number): Rng {
  const s = new Uint32Array(4);
  let x = seed >>> 0;
  const splitmix = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  s[0] = splitmix();
  s[1] = splitmix();
  s[2] = splitmix();
  s[3] = splitmix() | 1;
  const nextU32 = (): number => {
    const a = s[0], b = s[1], c = s[2], d = s[3];
    const t = (((a + b) >>> 0) + d) >>> 0;
    s[3] = (d + 1) >>> 0;
    s[0] = (b ^ (b >>> 9)) >>> 0;
    s[1] = (c + (c << 3)) >>> 0;
    const cr = ((c << 21) | (c >>> 11)) >>> 0;
    s[2] = (cr + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) nextU32();
  const next = (): number => nextU32() / 4294967296;
  return {
    state: s,
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (n) => Math.floor(next() * n),
    fill: (out, n) => {
      for (let i = 0; i < n; i++) {
        // nextU32, inlined by hand (a uint32 above 2^30 returned from a call would be boxed)
        const a = s[0], b = s[1], c = s[2], d = s[3];
        const t = (((a + b) >>> 0) + d) >>> 0;
        s[3] = (d + 1) >>> 0;
        s[0] = (b ^ (b >>> 9)) >>> 0;
        s[1] = (c + (c << 3)) >>> 0;
        const cr = ((c << 21) | (c >>> 11)) >>> 0;
        s[2] = (cr + t) >>> 0;
        out[i] = t / 4294967296;
      }
    },
  };
}
