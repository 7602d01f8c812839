/**
 * `hypot2` (src/analysis/runAnalysis.ts, issue 38 item 4) must give the same double as
 * `Math.hypot` for every pair, since the analysis figures and plausibility verdicts computed with
 * it are pinned: a seeded fuzz over finite values of every magnitude (subnormal to 1e308, whole
 * and fractional), ±0, ±Infinity and NaN in either place, compared with Object.is (so -0 and NaN
 * count).
 */
import { hypot2 } from '../../../src/analysis/runAnalysis';

/** xorshift32 in [0, 1) (no Math.random: a failure must repeat). */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
}

const SPECIAL = [0, -0, Infinity, -Infinity, Number.NaN, 5e-324, -5e-324, 1e-310, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, 1, -1];

describe('hypot2', () => {
  it('equals Math.hypot on the special values in every pair', () => {
    for (const a of SPECIAL) for (const b of SPECIAL) expect([a, b, hypot2(a, b)]).toEqual([a, b, Math.hypot(a, b)]);
  });

  it('equals Math.hypot bit for bit on 1,000,000 seeded pairs of every magnitude', () => {
    const r = rng(20261128);
    const value = (): number => {
      const k = r();
      if (k < 0.02) return SPECIAL[Math.floor(r() * SPECIAL.length)];
      const m = (r() - 0.5) * 10 ** (Math.floor(r() * 640) - 320);
      return k < 0.5 ? m : Math.round(m * 1000) / 1000;
    };
    let differ = 0;
    let first: number[] | null = null;
    for (let i = 0; i < 1_000_000; i++) {
      const a = value(), b = value();
      if (!Object.is(hypot2(a, b), Math.hypot(a, b))) { differ++; first ??= [a, b]; }
    }
    expect({ differ, first }).toEqual({ differ: 0, first: null });
  });

  it('equals Math.hypot on angles of the analysis range (degrees, 1e-6 to 360)', () => {
    const r = rng(7);
    for (let i = 0; i < 200_000; i++) {
      const a = (r() - 0.5) * 720 * r() ** 4, b = (r() - 0.5) * 180 * r() ** 4;
      if (!Object.is(hypot2(a, b), Math.hypot(a, b))) throw new Error(`hypot2(${a}, ${b}) = ${hypot2(a, b)}, Math.hypot ${Math.hypot(a, b)}`);
    }
  });
});
