/**
 * Seeded synthetic mouse traces for the skip-filter tests (benchmarks.md 'skip-filter').
 *
 * A 1 kHz, human-like trace: back-to-back segments of
 *  - small moves (70 %): 20-200 ms, peak speed up to ±40 counts per report on x, ±25 on y;
 *  - flicks (20 %): 40-150 ms, peak speed up to ±400 counts per report on x, ±150 on y;
 *  - holds (10 %): 20-150 ms of sensor noise (−1, 0, +1).
 * Each segment's speed follows the minimum-jerk bell 16·s²(1−s)² (Flash & Hogan 1985), the
 * shape of human aimed movements; fractional counts carry over to the next report like a
 * sensor's, so the reports are whole counts. Report times are i ms ± 0.25 ms of jitter.
 * Skips: at about 1 report in `skipEvery`, never two within 5 reports, a skip of ±300…720
 * counts is ADDED to the real report on x (70 %), y (20 %) or both (10 %), as the bug reports
 * describe (three.js #12757: the API "is adding approximately 360 degrees +/-").
 */

/** mulberry32: small seeded PRNG, uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticTrace {
  /** [dx, dy, t] as delivered (skips included) */
  samples: Array<[number, number, number]>;
  /** the real reports, without skips */
  real: Array<[number, number]>;
  /** true where a skip was injected */
  skip: boolean[];
}

/** Builds a trace of `n` reports at 1 kHz with seed `seed` (see the file comment). */
export function syntheticTrace(seed: number, n: number, skipEvery = 500): SyntheticTrace {
  const rnd = mulberry32(seed);
  const uni = (a: number, b: number) => a + (b - a) * rnd();
  const sign = () => (rnd() < 0.5 ? -1 : 1);
  const samples: Array<[number, number, number]> = [];
  const real: Array<[number, number]> = [];
  const skip: boolean[] = [];
  let carryX = 0;
  let carryY = 0;
  let lastSkip = -100;
  while (real.length < n) {
    const kind = rnd();
    let len: number;
    let peakX: number;
    let peakY: number;
    let hold = false;
    if (kind < 0.7) { len = Math.round(uni(20, 200)); peakX = uni(0, 40) * sign(); peakY = uni(0, 25) * sign(); }
    else if (kind < 0.9) { len = Math.round(uni(40, 150)); peakX = uni(100, 400) * sign(); peakY = uni(0, 150) * sign(); }
    else { len = Math.round(uni(20, 150)); peakX = 0; peakY = 0; hold = true; }
    for (let k = 0; k < len && real.length < n; k++) {
      let dx: number;
      let dy: number;
      if (hold) {
        dx = Math.floor(uni(-1, 2));
        dy = Math.floor(uni(-1, 2));
      } else {
        const s = (k + 0.5) / len;
        const bell = 16 * s * s * (1 - s) * (1 - s);
        const fx = peakX * bell + carryX;
        const fy = peakY * bell + carryY;
        dx = Math.round(fx);
        dy = Math.round(fy);
        carryX = fx - dx;
        carryY = fy - dy;
      }
      const i = real.length;
      real.push([dx, dy]);
      let sx = dx;
      let sy = dy;
      let isSkip = false;
      if (i - lastSkip >= 5 && rnd() < 1 / skipEvery) {
        isSkip = true;
        lastSkip = i;
        const which = rnd();
        const mag = () => Math.round(uni(300, 720)) * sign();
        if (which < 0.7) sx += mag();
        else if (which < 0.9) sy += mag();
        else { sx += mag(); sy += mag(); }
      }
      skip.push(isSkip);
      samples.push([sx, sy, i + uni(-0.25, 0.25)]);
    }
  }
  return { samples, real, skip };
}
