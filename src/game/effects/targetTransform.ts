/**
 * Pure maths of how one target instance is placed and tinted (no Babylon): its world matrix
 * (non-uniform drill scale, face-player yaw, position), the on-hit target flash and the
 * target colour a drill allows (`target_colourable`).
 *
 * Matrices are Babylon's layout: 16 floats, row-vector convention (v' = v·M), translation in
 * elements 12-14.
 */
import type { GameOptions } from '../../contracts/gameOptions';
import { THEME_PRESETS } from '../../contracts/gameOptions';

/** A scale factor: itself when a positive finite number, else 1 (module level: axisSizes runs
 * per target per frame and must not make a closure each time). */
function positiveFactor(v: number | undefined): number {
  return typeof v === 'number' && v > 0 && Number.isFinite(v) ? v : 1;
}

/**
 * Per-axis size factors of a target drawn at hit radius `radius` (metres): the engine's radius
 * is size × the largest scale factor (drillConfig.ts target.scale), so each axis is
 * radius × scale_i / max(scale). Non-positive or missing factors count as 1.
 */
export function axisSizes(radius: number, scale: readonly [number, number, number] | readonly number[] | null | undefined,
  out: [number, number, number] = [0, 0, 0]): [number, number, number] {
  const f = positiveFactor;
  const sx = f(scale?.[0]), sy = f(scale?.[1]), sz = f(scale?.[2]);
  const m = Math.max(sx, sy, sz);
  out[0] = (radius * sx) / m; out[1] = (radius * sy) / m; out[2] = (radius * sz) / m;
  return out;
}

/**
 * Writes at `m[o..o+15]` the matrix scale (sx, sy, sz) · rotation about y by `yawDeg` degrees
 * (TargetView.facing: 0 faces +z; the model's +z front turns to (sin θ, 0, cos θ)) ·
 * translation (x, y, z), in a buffer whose slots hold the matrix's constant elements already
 * (initTargetMatrices: 1, 3, 4, 6, 7, 9, 11 = 0 and 15 = 1): only the 8 elements that vary are
 * written. The view writes every target's matrix every frame: this halves its stores
 * (render-cpu, BENCHMARKS.md 2026-11-27).
 */
export function writeTargetPlacement(m: Float32Array, o: number, sx: number, sy: number, sz: number, yawDeg: number,
  x: number, y: number, z: number): void {
  const a = (yawDeg * Math.PI) / 180;
  const c = yawDeg === 0 ? 1 : Math.cos(a);
  const s = yawDeg === 0 ? 0 : Math.sin(a);
  m[o] = sx * c; m[o + 2] = -sx * s;
  m[o + 5] = sy;
  m[o + 8] = sz * s; m[o + 10] = sz * c;
  m[o + 12] = x; m[o + 13] = y; m[o + 14] = z;
}

/** Writes the constant elements of every 16-float matrix slot of `m` from slot `from` on
 * (elements 1, 3, 4, 6, 7, 9, 11 = 0 and 15 = 1), so that writeTargetPlacement completes each
 * slot's matrix. */
export function initTargetMatrices(m: Float32Array, from = 0): void {
  for (let o = from * 16; o + 15 < m.length; o += 16) {
    m[o + 1] = 0; m[o + 3] = 0; m[o + 4] = 0; m[o + 6] = 0; m[o + 7] = 0; m[o + 9] = 0; m[o + 11] = 0; m[o + 15] = 1;
  }
}

/** How long the on-hit target flash (visual.on_hit_target) lasts, ms (our choice). */
export const HIT_FLASH_MS = 120;

/** Strength 0..1 of the on-hit target flash `msSinceHit` ms after a hit: 1 − t/HIT_FLASH_MS,
 * 0 outside [0, HIT_FLASH_MS). The target colour moves this far toward white. */
export function hitFlashAmount(msSinceHit: number): number {
  if (!(msSinceHit >= 0) || msSinceHit >= HIT_FLASH_MS) return 0;
  return 1 - msSinceHit / HIT_FLASH_MS;
}

/** The target colour to draw: the player's `texture.target_colour` when the drill's targets are
 * colourable (drill `target_colourable`, default true), else the default theme's target colour
 * (spec section 3; the drill's own look). */
export function effectiveTargetColour(options: Pick<GameOptions, 'texture'> | null | undefined, colourable: boolean | undefined): string {
  if (colourable === false) return THEME_PRESETS.Default.target_colour;
  return options?.texture?.target_colour ?? THEME_PRESETS.Default.target_colour;
}
