/**
 * Deterministic trigonometry for the drill engine: `sinCos`, `sin`, `cos`, `atan`, `atan2`, `asin`.
 *
 * Why: ECMAScript leaves Math.sin / cos / atan2 / asin / exp / log / pow "implementation-
 * approximated", and Chromium 156 and Node 20 (two V8 versions with different libm ports) round
 * them differently in the last bit for 3-15 % of arguments. A drill whose state goes through them
 * then ends one ulp apart in the browser and on the server (test/e2e/replay.test.ts). These
 * functions use only IEEE-754 double operations that every engine rounds exactly the same way
 * (+ - * /, Math.sqrt, Math.abs, Math.round, Math.floor, comparisons; JavaScript never fuses a*b+c and
 * has no extended precision), so the same argument gives the same bits everywhere.
 *
 * Source of the algorithms and coefficients: FreeBSD msun, i.e. Sun's fdlibm 5.3
 * (Copyright (C) 1993-2004 Sun Microsystems, freely redistributable with the notice; the files
 * below name the routines ported line by line, coefficients copied digit for digit):
 * - argument reduction `e_rem_pio2.c` (medium case): Cody-Waite with pi/2 split into 33-bit
 *   parts pio2_1 + pio2_2 + pio2_3 (+ tail), up to three stages chosen by the cancellation seen;
 * - `k_sin.c` (__kernel_sin: degree-13 odd minimax polynomial S1..S6 on [-pi/4, pi/4], error
 *   bound 2^-58 relative) and `k_cos.c` (__kernel_cos, FreeBSD 2004 version: C1..C6, error
 *   bound 2^-58);
 * - `s_atan.c` (atan: reduction to [0, 7/16] with atan(1/2), atan(1), atan(3/2), pi/2 in
 *   hi + lo parts, degree-22 odd polynomial aT[0..10]) and `e_atan2.c` (quadrants, signed zeros,
 *   infinities);
 * - `e_asin.c` (rational approximation pS0..pS5 / qS1..qS4 of (asin(x) - x) / x^3 on
 *   [0, 0.5], and the sqrt((1 - |x|) / 2) identity above 0.5). fdlibm splits s = sqrt(t) by
 *   clearing its low 32 bits; we split with Dekker's (Veltkamp's) exact split instead (an
 *   equally exact w*w), which is why asin can differ from fdlibm in the last bit.
 * Where fdlibm branches on the high word of a double (its exponent), we compare magnitudes
 * against the same thresholds, so no bit access is needed.
 *
 * Accuracy, measured against Node 20's Math.* (V8 11.3; its results are within 1 ulp of the true
 * value) with dense sweeps (numbers below), re-checked by test/unit/ecs/detMath.test.ts:
 * - sin / cos: 2 000 000 evenly spaced points of [-8 pi, 8 pi], 200 000 of [-1e5, 1e5] and of
 *   [-1.6e6, 1.6e6]: at most 1 ulp apart (0.8-1.0 % of the points differ by that 1 ulp, i.e. an
 *   absolute difference of at most 1.11e-16); 0 ulp at the 100 000 multiples k pi/2 and for
 *   tiny arguments;
 * - atan2: 1 000 000 random (y, x) of magnitudes 1e-20 .. 1e20: at most 1 ulp (0.06 % differ,
 *   absolute difference at most 2.2e-16);
 * - atan on [-50, 50] (1 000 000 points) and asin on [-1, 1] (1 000 000 points, plus 100 000
 *   next to 1): identical to Math.atan / Math.asin on every point.
 * Exact: sin(-x) = -sin(x), cos(-x) = cos(x), atan2(-y, x) = -atan2(y, x), asin(-x) = -asin(x)
 * bit for bit, sin(±0) = ±0, cos(0) = 1, sin(pi/2) = 1, cos(pi) = -1, atan2(0, -1) = pi
 * (= Math.PI), asin(1) = pi/2, NaN in -> NaN out, sin / cos of ±Infinity = NaN.
 * Range: the reduction is exact (to ~2^-100 absolute) for |x| < 2^20 * pi/2 (about 1.6e6 rad);
 * beyond that n * pio2_1 is no longer exact and the result loses accuracy gradually, but stays
 * deterministic (the engine's angles stay far below: aim in degrees x pi/180, orbit phases).
 */

// e_rem_pio2.c
const INV_PIO2 = 6.36619772367581382433e-01; // 0x3FE45F30, 0x6DC9C883
const PIO2_1 = 1.57079632673412561417e+00; // 0x3FF921FB, 0x54400000: first 33 bits of pi/2
const PIO2_1T = 6.07710050650619224932e-11; // pi/2 - PIO2_1
const PIO2_2 = 6.07710050630396597660e-11; // 0x3DD0B461, 0x1A600000: second 33 bits
const PIO2_2T = 2.02226624879595063154e-21; // pi/2 - (PIO2_1 + PIO2_2)
const PIO2_3 = 2.02226624871116645580e-21; // 0x3BA3198A, 0x2E000000: third 33 bits
const PIO2_3T = 8.47842766036889956997e-32; // pi/2 - (PIO2_1 + PIO2_2 + PIO2_3)
const PIO4 = 7.85398163397448278999e-01; // 0x3FE921FB, 0x54442D18

// k_sin.c
const S1 = -1.66666666666666324348e-01; // 0xBFC55555, 0x55555549
const S2 = 8.33333333332248946124e-03; // 0x3F811111, 0x1110F8A6
const S3 = -1.98412698298579493134e-04; // 0xBF2A01A0, 0x19C161D5
const S4 = 2.75573137070700676789e-06; // 0x3EC71DE3, 0x57B1FE7D
const S5 = -2.50507602534068634195e-08; // 0xBE5AE5E6, 0x8A2B9CEB
const S6 = 1.58969099521155010221e-10; // 0x3DE5D93A, 0x5ACFD57C

// k_cos.c (FreeBSD 2004 revision)
const C1 = 4.16666666666666019037e-02; // 0x3FA55555, 0x5555554C
const C2 = -1.38888888888741095749e-03; // 0xBF56C16C, 0x16C15177
const C3 = 2.48015872894767294178e-05; // 0x3EFA01A0, 0x19CB1590
const C4 = -2.75573143513906633035e-07; // 0xBE927E4F, 0x809C52AD
const C5 = 2.08757232129817482790e-09; // 0x3E21EE9E, 0xBDB4B1C4
const C6 = -1.13596475577881948265e-11; // 0xBDA8FAE9, 0xBE8838D4

/** Output of `sinCos`: [sin, cos]. */
export type SinCosOut = Float64Array | number[];

/**
 * Deterministic sine AND cosine of `x` radians with one argument reduction, written to
 * out[0] = sin x, out[1] = cos x (bit-identical to `sin(x)` / `cos(x)`; within 1 ulp of the
 * true values for |x| < 1.6e6 rad). Allocation-free when `out` is a preallocated
 * Float64Array: the engine's hot paths (spawning, orbits, shots) use it so that no number is
 * boxed on the heap per call. fdlibm e_rem_pio2.c (medium case) + k_sin.c + k_cos.c, inlined
 * by hand (see the module comment).
 */
export function sinCos(x: number, out: SinCosOut): void {
  // the argument travels in a typed array: this wrapper is small enough to be inlined by the
  // optimizing compiler, and the worker's call then passes no boxed number
  ARG[0] = x;
  sinCosArg(out);
}

/** Argument scratch of `sinCos`. */
const ARG = new Float64Array(1);

/** The body of `sinCos`, on x = ARG[0]. */
function sinCosArg(out: SinCosOut): void {
  const x = ARG[0];
  if (x !== x || x === Infinity || x === -Infinity) { out[0] = NaN; out[1] = NaN; return; }
  const neg = x < 0;
  const ax = neg ? -x : x;
  let y0: number, y1: number, q: number;
  const reduced = ax > PIO4;
  if (!reduced) {
    if (ax < 7.450580596923828e-9) { // 2^-27: sin x = x, cos x = 1 (to double precision)
      out[0] = x; out[1] = 1;
      return;
    }
    y0 = ax; y1 = 0; q = 0;
  } else {
    // e_rem_pio2.c: ax = n * pi/2 + (y0 + y1), Cody-Waite in up to three stages
    const fn = Math.round(ax * INV_PIO2);
    let r = ax - fn * PIO2_1;
    let w = fn * PIO2_1T; // first round: good to 85 bits
    y0 = r - w;
    // fdlibm: more stages when the subtraction cancelled more than 16 (then 49) bits
    if ((y0 < 0 ? -y0 : y0) < ax * 1.52587890625e-5) { // 2^-16
      let t = r;
      w = fn * PIO2_2;
      r = t - w;
      w = fn * PIO2_2T - ((t - r) - w); // second round: good to 118 bits
      y0 = r - w;
      if ((y0 < 0 ? -y0 : y0) < ax * 1.7763568394002505e-15) { // 2^-49
        t = r;
        w = fn * PIO2_3;
        r = t - w;
        w = fn * PIO2_3T - ((t - r) - w); // third round: 151 bits
        y0 = r - w;
      }
    }
    y1 = (r - y0) - w;
    q = fn - 4 * Math.floor(fn / 4); // n mod 4 (fn is an integer below 2^53)
  }
  const z = y0 * y0;
  // k_sin.c: iy = 0 (no tail) form for unreduced arguments, tail form after a reduction
  const v = z * y0;
  const rs = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  const ks = reduced ? y0 - ((z * (0.5 * y1 - v * rs) - y1) - v * S1) : y0 + v * (S1 + z * rs);
  // k_cos.c
  const w2 = z * z;
  const rc = z * (C1 + z * (C2 + z * C3)) + w2 * w2 * (C4 + z * (C5 + z * C6));
  const hz = 0.5 * z;
  const wc = 1 - hz;
  const kc = wc + (((1 - wc) - hz) + (z * rc - y0 * y1));
  let s: number, c: number;
  if (q === 0) { s = ks; c = kc; } else if (q === 1) { s = kc; c = -ks; } else if (q === 2) { s = -ks; c = -kc; } else { s = -kc; c = ks; }
  out[0] = neg ? -s : s;
  out[1] = c;
}

const SC = new Float64Array(2);

/**
 * Deterministic sine of `x` radians (same bits in every JavaScript engine); within 1 ulp of the
 * true value for |x| < 1.6e6 rad (see the module comment for the measured accuracy and sources).
 * sin(-x) = -sin(x) exactly; sin(±0) = ±0; NaN and ±Infinity give NaN. = `sinCos(x)[0]`.
 */
export function sin(x: number): number {
  sinCos(x, SC);
  return SC[0];
}

/**
 * Deterministic cosine of `x` radians (same bits in every JavaScript engine); within 1 ulp of the
 * true value for |x| < 1.6e6 rad. cos(-x) = cos(x) exactly; cos(0) = 1; NaN and ±Infinity give
 * NaN. = `sinCos(x)[1]`. Sources and measured accuracy: module comment.
 */
export function cos(x: number): number {
  sinCos(x, SC);
  return SC[1];
}

// s_atan.c
const ATAN_HI = [
  4.63647609000806093515e-01, // atan(0.5) hi 0x3FDDAC67, 0x0561BB4F
  7.85398163397448278999e-01, // atan(1.0) hi 0x3FE921FB, 0x54442D18
  9.82793723247329054082e-01, // atan(1.5) hi 0x3FEF730B, 0xD281F69B
  1.57079632679489655800e+00, // atan(inf) hi 0x3FF921FB, 0x54442D18
];
const ATAN_LO = [
  2.26987774529616870924e-17, // atan(0.5) lo 0x3C7A2B7F, 0x222F65E2
  3.06161699786838301793e-17, // atan(1.0) lo 0x3C81A626, 0x33145C07
  1.39033110312309984516e-17, // atan(1.5) lo 0x3C700788, 0x7AF0CBBD
  6.12323399573676603587e-17, // atan(inf) lo 0x3C91A626, 0x33145C07
];
const AT0 = 3.33333333333329318027e-01; // 0x3FD55555, 0x5555550D
const AT1 = -1.99999999998764832476e-01; // 0xBFC99999, 0x9998EBC4
const AT2 = 1.42857142725034663711e-01; // 0x3FC24924, 0x920083FF
const AT3 = -1.11111104054623557880e-01; // 0xBFBC71C6, 0xFE231671
const AT4 = 9.09088713343650656196e-02; // 0x3FB745CD, 0xC54C206E
const AT5 = -7.69187620504482999495e-02; // 0xBFB3B0F2, 0xAF749A6D
const AT6 = 6.66107313738753120669e-02; // 0x3FB10D66, 0xA0D03D51
const AT7 = -5.83357013379057348645e-02; // 0xBFADDE2D, 0x52DEFD9A
const AT8 = 4.97687799461593236017e-02; // 0x3FA97B4B, 0x24760DEB
const AT9 = -3.65315727442169155270e-02; // 0xBFA2B444, 0x2C6A6C2F
const AT10 = 1.62858201153657823623e-02; // 0x3F90AD3A, 0xE322DA11

/**
 * Deterministic arctangent of `x`, radians in [-pi/2, pi/2] (fdlibm s_atan.c; within 1 ulp).
 * atan(-x) = -atan(x) exactly; atan(±0) = ±0; atan(±Infinity) = ±pi/2; NaN gives NaN.
 */
export function atan(x: number): number {
  if (x !== x) return x;
  const neg = x < 0;
  let ax = neg ? -x : x;
  if (ax >= 7.378697629483821e19) { // 2^66: atan = pi/2 to double precision
    const z = ATAN_HI[3] + ATAN_LO[3];
    return neg ? -z : z;
  }
  let id: number;
  if (ax < 0.4375) {
    if (ax < 7.450580596923828e-9) return x; // 2^-27
    id = -1;
  } else if (ax < 1.1875) {
    if (ax < 0.6875) { id = 0; ax = (2 * ax - 1) / (2 + ax); } // 7/16 <= |x| < 11/16
    else { id = 1; ax = (ax - 1) / (ax + 1); } // 11/16 <= |x| < 19/16
  } else if (ax < 2.4375) { id = 2; ax = (ax - 1.5) / (1 + 1.5 * ax); } // 19/16 <= |x| < 39/16
  else { id = 3; ax = -1 / ax; } // 39/16 <= |x| < 2^66
  const z = ax * ax;
  const w = z * z;
  // odd and even parts of the polynomial, evaluated separately (as fdlibm does)
  const s1 = z * (AT0 + w * (AT2 + w * (AT4 + w * (AT6 + w * (AT8 + w * AT10)))));
  const s2 = w * (AT1 + w * (AT3 + w * (AT5 + w * (AT7 + w * AT9))));
  if (id < 0) {
    const r = ax - ax * (s1 + s2);
    return neg ? -r : r;
  }
  const r = ATAN_HI[id] - ((ax * (s1 + s2) - ATAN_LO[id]) - ax);
  return neg ? -r : r;
}

// e_atan2.c
const PI = 3.1415926535897931160e+00; // 0x400921FB, 0x54442D18 (= Math.PI)
const PI_LO = 1.2246467991473531772e-16; // 0x3CA1A626, 0x33145C07
const PI_O_2 = 1.5707963267948965580e+00; // 0x3FF921FB, 0x54442D18
const PI_O_4 = 7.8539816339744827900e-01; // 0x3FE921FB, 0x54442D18

/** True for -0 and negative numbers (the sign bit). */
function signBit(v: number): boolean {
  return v < 0 || (v === 0 && 1 / v < 0);
}

/**
 * Deterministic two-argument arctangent: the angle of the point (x, y) from the +x axis,
 * radians in [-pi, pi] (fdlibm e_atan2.c; within 1 ulp). Special cases as Math.atan2 /
 * IEEE 754: atan2(±0, +0) = ±0, atan2(±0, -0) = ±pi, atan2(±y, 0) = ±pi/2, infinities give
 * multiples of pi/4, NaN in gives NaN. atan2(-y, x) = -atan2(y, x) exactly.
 */
export function atan2(y: number, x: number): number {
  if (x !== x || y !== y) return x + y;
  if (x === 1) return atan(y);
  const m = (signBit(y) ? 1 : 0) | (signBit(x) ? 2 : 0);
  if (y === 0) {
    if (m < 2) return y; // atan2(±0, +anything) = ±0
    return m === 2 ? PI : -PI; // atan2(±0, -anything) = ±pi
  }
  if (x === 0) return m & 1 ? -PI_O_2 : PI_O_2;
  if (x === Infinity || x === -Infinity) {
    if (y === Infinity || y === -Infinity) {
      return m === 0 ? PI_O_4 : m === 1 ? -PI_O_4 : m === 2 ? 3 * PI_O_4 : -3 * PI_O_4;
    }
    return m === 0 ? 0 : m === 1 ? -0 : m === 2 ? PI : -PI;
  }
  if (y === Infinity || y === -Infinity) return m & 1 ? -PI_O_2 : PI_O_2;
  const ay = y < 0 ? -y : y, ax = x < 0 ? -x : x;
  let z: number;
  // fdlibm compares exponents: |y/x| > 2^60 -> pi/2; x < 0 and |y/x| < 2^-60 -> 0
  const q = ay / ax;
  if (q > 1.152921504606847e18) { z = PI_O_2 + 0.5 * PI_LO; if (m >= 2) return m === 2 ? z : -z; }
  else if (m >= 2 && q < 8.673617379884035e-19) z = 0;
  else z = atan(q);
  switch (m) {
    case 0: return z;
    case 1: return -z;
    case 2: return PI - (z - PI_LO);
    default: return (z - PI_LO) - PI;
  }
}

// e_asin.c
const PIO2_HI = 1.57079632679489655800e+00; // 0x3FF921FB, 0x54442D18
const PIO2_LO = 6.12323399573676603587e-17; // 0x3C91A626, 0x33145C07
const PIO4_HI = 7.85398163397448278999e-01; // 0x3FE921FB, 0x54442D18
const PS0 = 1.66666666666666657415e-01; // 0x3FC55555, 0x55555555
const PS1 = -3.25565818622400915405e-01; // 0xBFD4D612, 0x03EB6F7D
const PS2 = 2.01212532134862925881e-01; // 0x3FC9C155, 0x0E884455
const PS3 = -4.00555345006794114027e-02; // 0xBFA48228, 0xB5688F3B
const PS4 = 7.91534994289814532176e-04; // 0x3F49EFE0, 0x7501B288
const PS5 = 3.47933107596021167570e-05; // 0x3F023DE1, 0x0DFDF709
const QS1 = -2.40339491173441421878e+00; // 0xC0033A27, 0x1C8A2D4B
const QS2 = 2.02094576023350569471e+00; // 0x40002AE5, 0x9C598AC8
const QS3 = -6.88283971605453293030e-01; // 0xBFE6066C, 0x1B8D0159
const QS4 = 7.70381505559019352791e-02; // 0x3FB3B8C5, 0xB12E9282
/** Veltkamp split factor 2^27 + 1: hi = (v * F) - (v * F - v) has 26 significant bits. */
const SPLIT = 134217729;

/**
 * Deterministic arcsine of `x` (dimensionless, [-1, 1]), radians in [-pi/2, pi/2] (fdlibm
 * e_asin.c with a Veltkamp split; within 1 ulp). asin(-x) = -asin(x) exactly; asin(±0) = ±0;
 * asin(±1) = ±pi/2; |x| > 1 or NaN gives NaN.
 */
export function asin(x: number): number {
  if (x !== x) return x;
  const neg = x < 0;
  const ax = neg ? -x : x;
  if (ax >= 1) {
    if (ax === 1) return x * PIO2_HI + x * PIO2_LO;
    return NaN;
  }
  if (ax < 0.5) {
    if (ax < 1.4901161193847656e-8) return x; // 2^-26
    const t = x * x;
    const p = t * (PS0 + t * (PS1 + t * (PS2 + t * (PS3 + t * (PS4 + t * PS5)))));
    const q = 1 + t * (QS1 + t * (QS2 + t * (QS3 + t * QS4)));
    const r = ax + ax * (p / q);
    return neg ? -r : r;
  }
  const w0 = 1 - ax;
  const t = w0 * 0.5;
  const p = t * (PS0 + t * (PS1 + t * (PS2 + t * (PS3 + t * (PS4 + t * PS5)))));
  const q = 1 + t * (QS1 + t * (QS2 + t * (QS3 + t * QS4)));
  const s = Math.sqrt(t);
  let res: number;
  if (ax >= 0.975) {
    res = PIO2_HI - (2 * (s + s * (p / q)) - PIO2_LO);
  } else {
    const sf = s * SPLIT;
    const w = sf - (sf - s); // s rounded to 26 bits: w * w is exact
    const c = (t - w * w) / (s + w);
    const r = p / q;
    const pp = 2 * s * r - (PIO2_LO - 2 * c);
    const qq = PIO4_HI - 2 * w;
    res = PIO4_HI - (pp - qq);
  }
  return neg ? -res : res;
}
