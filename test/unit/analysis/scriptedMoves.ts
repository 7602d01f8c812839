import { TICK_MS, type Kit } from '../../../src/kit';

/** Degrees per count at sensitivity 1 (the kit's KIT_SETTINGS: 0.022 × 1). */
export const DPC = 0.022;

/** Minimum-jerk share at phase x (0..1; Flash & Hogan 1985): 10x³ − 15x⁴ + 6x⁵. */
export const mj = (x: number): number => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * x * (10 - 15 * x + 6 * x * x));

/** Scripts on `kit` a minimum-jerk move of (dyaw, dpitch) degrees from round time `t0` (ms)
 * over `T` ms, one look event per ms (fractional counts are fine for the engine). Shared by the
 * run analysis and weak-spot drill tests. */
export function scriptMove(kit: Kit, t0: number, T: number, dyaw: number, dpitch: number): void {
  let prev = 0;
  for (let ms = 1; ms <= T; ms++) {
    const f = mj(ms / T);
    const t = t0 + ms;
    const tick = Math.floor(t / TICK_MS);
    kit.at(tick).look(((f - prev) * dyaw) / DPC, (-(f - prev) * dpitch) / DPC, t - tick * TICK_MS);
    prev = f;
  }
}
