/**
 * The crosshair editor's number rule (spec section 5: "Sliders and number inputs clamp to
 * min/max and round to decimals/step"). Pure.
 */

/** A numeric field's range: `min`..`max`, values on multiples of `step`. */
export interface NumberRange {
  min: number;
  max: number;
  step: number;
}

/** Number of decimals of `step` (0.001 → 3, 0.5 → 1, 1 → 0). */
export function stepDecimals(step: number): number {
  const s = String(step);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * `value` rounded to the nearest multiple of `range.step` (counted from `range.min`), then
 * clamped into [min, max], without floating-point dust (0.1 + 0.2 style). A value that is not
 * a finite number gives `fallback` (default `range.min`).
 * Examples: len 25 → 20 (1-20); thick 0.7 → 0.5 (0.5-20 step 0.5); outline 2.6 → 3.
 */
export function clampToRange(value: number, range: NumberRange, fallback = range.min): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  const { min, max, step } = range;
  let v = value;
  if (step > 0) v = min + Math.round((v - min) / step) * step;
  v = Math.min(max, Math.max(min, v));
  const d = step > 0 ? stepDecimals(step) : 10;
  return Number(v.toFixed(Math.min(d, 10)));
}
