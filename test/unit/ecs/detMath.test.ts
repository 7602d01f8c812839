/**
 * src/ecs/detMath.ts: deterministic sin / cos / atan / atan2 / asin (fdlibm ports built from
 * + - * / and sqrt). Checks the accuracy bound against Node's Math.* over dense samples (at most
 * 1 ulp; Math.* is itself within 1 ulp of the true value), exact symmetries and special values,
 * and pinned bit patterns (the same bits must come out in every engine: if a pinned value
 * changes, the engine's rules changed and REPLAY_ENGINE_VERSION must be bumped).
 */
import { asin, atan, atan2, cos, sin, sinCos } from '../../../src/ecs/detMath';

const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);
/** Monotonic integer order of a double's bits (for ulp distances). */
function ord(x: number): bigint {
  f64[0] = x;
  const b = i64[0];
  return b < 0n ? -(b & 0x7fffffffffffffffn) : b;
}
function ulps(a: number, b: number): number {
  const d = ord(a) - ord(b);
  return Number(d < 0n ? -d : d);
}
const u64 = new BigUint64Array(f64.buffer);
/** The IEEE-754 bits of x as 16 hex digits. */
function bits(x: number): string {
  f64[0] = x;
  return u64[0].toString(16).padStart(16, '0');
}
/** Largest ulp distance of f from g over xs. */
function maxUlp(f: (x: number) => number, g: (x: number) => number, xs: Iterable<number>): number {
  let m = 0;
  for (const x of xs) {
    const u = ulps(f(x), g(x));
    if (u > m) m = u;
  }
  return m;
}
function* grid(a: number, b: number, n: number): Generator<number> {
  for (let i = 0; i < n; i++) yield a + ((b - a) * (i + 0.5)) / n;
}
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

describe('accuracy against Math.* (at most 1 ulp)', () => {
  it('sin and cos on [-8 pi, 8 pi] (400 000 points) and [-1e5, 1e5]', () => {
    expect(maxUlp(sin, Math.sin, grid(-8 * Math.PI, 8 * Math.PI, 400000))).toBeLessThanOrEqual(1);
    expect(maxUlp(cos, Math.cos, grid(-8 * Math.PI, 8 * Math.PI, 400000))).toBeLessThanOrEqual(1);
    expect(maxUlp(sin, Math.sin, grid(-1e5, 1e5, 100000))).toBeLessThanOrEqual(1);
    expect(maxUlp(cos, Math.cos, grid(-1e5, 1e5, 100000))).toBeLessThanOrEqual(1);
  });

  it('sin and cos near multiples of pi/2 (hard cancellation in the reduction) and tiny arguments', () => {
    const near = Array.from({ length: 20000 }, (_v, k) => ((k + 1) * Math.PI) / 2);
    expect(maxUlp(sin, Math.sin, near)).toBeLessThanOrEqual(1);
    expect(maxUlp(cos, Math.cos, near)).toBeLessThanOrEqual(1);
    const tiny = Array.from({ length: 1000 }, (_v, k) => 1.3 * 2 ** (-k - 1));
    expect(maxUlp(sin, Math.sin, tiny)).toBe(0);
    expect(maxUlp(cos, Math.cos, tiny)).toBeLessThanOrEqual(1);
  });

  it('atan on [-50, 50] and atan2 on 200 000 random (y, x) of mixed magnitudes', () => {
    expect(maxUlp(atan, Math.atan, grid(-50, 50, 200000))).toBeLessThanOrEqual(1);
    const r = lcg(99);
    let m = 0;
    for (let i = 0; i < 200000; i++) {
      const sc = i % 4 === 0 ? 1 : i % 4 === 1 ? 1e-3 : i % 4 === 2 ? 1e3 : 10 ** (r() * 40 - 20);
      const y = (r() * 2 - 1) * sc, x = (r() * 2 - 1) * (i % 3 === 0 ? sc : 1);
      m = Math.max(m, ulps(atan2(y, x), Math.atan2(y, x)));
    }
    expect(m).toBeLessThanOrEqual(1);
  });

  it('asin on [-1, 1] (200 000 points) and next to ±1', () => {
    expect(maxUlp(asin, Math.asin, grid(-1, 1, 200000))).toBeLessThanOrEqual(1);
    expect(maxUlp(asin, Math.asin, Array.from({ length: 10000 }, (_v, i) => 1 - (i + 1) * 1e-11))).toBeLessThanOrEqual(1);
  });
});

describe('exact symmetries and special values', () => {
  const xs = [...grid(-30, 30, 20001), 1e-300, 1e-9, 0.5, 1, 2, 1e5, 1.6e6];
  it('sin is odd, cos is even, atan and asin are odd, atan2 is odd in y, bit for bit', () => {
    for (const x of xs) {
      expect(bits(sin(-x))).toBe(bits(-sin(x)));
      expect(bits(cos(-x))).toBe(bits(cos(x)));
      expect(bits(atan(-x))).toBe(bits(-atan(x)));
      expect(bits(atan2(-x, 0.7))).toBe(bits(-atan2(x, 0.7)));
      expect(bits(atan2(-x, -0.7))).toBe(bits(-atan2(x, -0.7)));
      const a = Math.max(-1, Math.min(1, x / 30));
      expect(bits(asin(-a))).toBe(bits(-asin(a)));
    }
  });

  it('signed zeros, infinities, NaN and the quadrant constants', () => {
    expect(Object.is(sin(0), 0)).toBe(true);
    expect(Object.is(sin(-0), -0)).toBe(true);
    expect(cos(0)).toBe(1);
    expect(cos(-0)).toBe(1);
    for (const v of [NaN, Infinity, -Infinity]) { expect(sin(v)).toBeNaN(); expect(cos(v)).toBeNaN(); }
    expect(atan(Infinity)).toBe(Math.PI / 2);
    expect(atan(-Infinity)).toBe(-Math.PI / 2);
    expect(Object.is(atan(-0), -0)).toBe(true);
    expect(atan(NaN)).toBeNaN();
    // the IEEE 754 / ECMAScript table of atan2
    expect(Object.is(atan2(0, 1), 0)).toBe(true);
    expect(Object.is(atan2(-0, 1), -0)).toBe(true);
    expect(Object.is(atan2(0, 0), 0)).toBe(true);
    expect(Object.is(atan2(-0, 0), -0)).toBe(true);
    expect(atan2(0, -0)).toBe(Math.PI);
    expect(atan2(-0, -0)).toBe(-Math.PI);
    expect(atan2(0, -1)).toBe(Math.PI);
    expect(atan2(-0, -1)).toBe(-Math.PI);
    expect(atan2(1, 0)).toBe(Math.PI / 2);
    expect(atan2(-1, -0)).toBe(-Math.PI / 2);
    expect(atan2(Infinity, Infinity)).toBe(Math.PI / 4);
    expect(atan2(-Infinity, -Infinity)).toBe(Math.atan2(-Infinity, -Infinity));
    expect(atan2(1, -Infinity)).toBe(Math.PI);
    expect(Object.is(atan2(-1, Infinity), -0)).toBe(true);
    expect(atan2(Infinity, 5)).toBe(Math.PI / 2);
    expect(atan2(NaN, 1)).toBeNaN();
    expect(atan2(1, NaN)).toBeNaN();
    expect(atan2(1, 1)).toBe(Math.PI / 4);
    expect(atan2(1e300, 1e-300)).toBe(Math.PI / 2);
    expect(atan2(1e-300, -1e300)).toBe(Math.PI);
    expect(asin(1)).toBe(Math.PI / 2);
    expect(asin(-1)).toBe(-Math.PI / 2);
    expect(Object.is(asin(-0), -0)).toBe(true);
    expect(asin(1.0000001)).toBeNaN();
    expect(asin(NaN)).toBeNaN();
    expect(sin(Math.PI / 2)).toBe(1);
    expect(cos(Math.PI)).toBe(-1);
  });
});

describe('determinism', () => {
  it('gives pinned bit patterns (recorded from this implementation; same in Chromium and Node)', () => {
    const args = [0.1, 1, 2.5, -3, 10, 123.456, 1e5 + 0.25];
    expect(args.map((x) => bits(sin(x)))).toEqual(PINNED_SIN);
    expect(args.map((x) => bits(cos(x)))).toEqual(PINNED_COS);
    expect(args.map((x) => bits(atan2(x, 0.75)))).toEqual(PINNED_ATAN2);
    expect([0.1, 0.3, 0.6, 0.9, 0.99].map((x) => bits(asin(x)))).toEqual(PINNED_ASIN);
  });

  it('sinCos gives exactly sin and cos (one reduction, same bits), into a Float64Array or an array', () => {
    const out = new Float64Array(2);
    const arr = [0, 0];
    for (const x of [...grid(-1e4, 1e4, 50001), 0, -0, 1e-12, Math.PI / 4, 3 * Math.PI / 4, 1.6e6, NaN, Infinity]) {
      sinCos(x, out);
      sinCos(x, arr);
      expect([bits(out[0]), bits(out[1])]).toEqual([bits(sin(x)), bits(cos(x))]);
      expect([bits(arr[0]), bits(arr[1])]).toEqual([bits(sin(x)), bits(cos(x))]);
    }
  });

  it('is a pure function: repeated and interleaved calls give the same bits (module scratch is safe)', () => {
    const r = lcg(5);
    const xs = Array.from({ length: 5000 }, () => (r() - 0.5) * 2000);
    const first = xs.map((x) => [sin(x), cos(x), atan2(x, 3)]);
    const again = xs.map((x, i) => [sin(x), cos(xs[xs.length - 1 - i]) && cos(x), atan2(x, 3)]);
    expect(again).toEqual(first);
  });
});

// recorded with `bits(...)` of this implementation when it was written (Node 20)
const PINNED_SIN = ['3fb98eaecb8bcb2c', '3feaed548f090cee', '3fe326af0dcfcab0', 'bfc210386db6d55b', 'bfe1689ef5f34f52', 'bfe9b9dadc41aeb6', 'bfcb36c03d8ef22d'];
const PINNED_COS = ['3fefd712f9a817c1', '3fe14a280fb5068c', 'bfe9a2f7ef858b7d', 'bfefae04be85e5d2', 'bfead9ac890c6b1f', 'bfe307e5980a1558', 'bfef44b5d9b09859'];
const PINNED_ATAN2 = ['3fc0f772d81fdc0b', '3fedac670561bb4f', '3ff4782cbabc8157', 'bff5368c951e9cfd', '3ff7ef5b16e8f4a3', '3ff90919447ed556', '3ff921f37701639e'];
const PINNED_ASIN = ['3fb9a49276037884', '3fd380159e14f6ff', '3fe4978fa3269ee1', '3ff1ea93705fa172', '3ff6de3c6f33d51d'];
