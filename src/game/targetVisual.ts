/**
 * How a target is drawn (pure; no Babylon): interpolated position, despawn scale and colour.
 * Positions in metres, colours as linear 0-1 RGB triples.
 */
import type { RemovalReason } from '../contracts/engine';
import { DECOY_COLOUR, DECOY_COLOUR_ALT } from '../contracts/drillConfig';

/** `a + (b − a)·t`. */
export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** Kill colour (normal kill), critical colour and despawn colour (any other removal), spec
 * section 4: fixed values, linear RGB 0-1. */
export const KILL_COLOUR = [1, 1, 1] as const;
export const CRIT_COLOUR = [1, 0.85, 0.2] as const;
export const DESPAWN_COLOUR = [0.45, 0.45, 0.5] as const;

/**
 * The colour decoys (targets that must not be shot, config decoyShare) are drawn in for a
 * player whose live targets have colour `target` (linear 0-1 RGB): DECOY_COLOUR (blue),
 * or DECOY_COLOUR_ALT (amber) when the target colour is within 0.45 of it (Euclidean RGB
 * distance, our choice), so a decoy never looks like a target.
 */
export function decoyColourFor(target: readonly [number, number, number]): readonly [number, number, number] {
  const d = Math.hypot(target[0] - DECOY_COLOUR[0], target[1] - DECOY_COLOUR[1], target[2] - DECOY_COLOUR[2]);
  return d < 0.45 ? DECOY_COLOUR_ALT : DECOY_COLOUR;
}

/** The colour a despawning target turns to for its removal `reason`. */
export function despawnColourFor(reason: RemovalReason | null): readonly [number, number, number] {
  if (reason === 'playerKilled') return KILL_COLOUR;
  if (reason === 'playerKilledCrit') return CRIT_COLOUR;
  return DESPAWN_COLOUR;
}

/**
 * Despawn animation at progress `p` (TargetView.despawn: −1 alive, 0..1 despawning):
 * `scale` multiplies the radius (1 while alive, then 1 − p: gone when the animation ends);
 * `mix` is how far (0-1) the colour has moved from the target colour to the despawn colour
 * (fast: min(1, 3p)), which reads as a flash then a fade.
 */
export function despawnLook(p: number): { scale: number; mix: number } {
  if (p < 0) return { scale: 1, mix: 0 };
  const q = Math.min(1, p);
  return { scale: 1 - q, mix: Math.min(1, 3 * q) };
}

/** '#rrggbb' (or '#rgb') → linear-ish 0-1 RGB triple (sRGB values / 255; no gamma).
 * Falls back to `fallback` when the string is not a hex colour. */
export function hexToRgb01(hex: string | null | undefined, fallback: readonly [number, number, number]): [number, number, number] {
  if (typeof hex !== 'string') return [...fallback];
  let h = hex.trim().replace(/^#/, '');
  if (/^[0-9a-fA-F]{3}$/.test(h)) h = h.split('').map((c) => c + c).join('');
  if (!/^[0-9a-fA-F]{6}$/.test(h)) return [...fallback];
  const n = parseInt(h, 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Despawn animation length in ms for a visual.target_despawn_animation setting (spec section 4:
 * none 0, glow 100, holo 200, dissolve 700, explode 700); unknown values → holo (200). */
export function despawnAnimationMsFor(anim: string | null | undefined): number {
  switch (anim) {
    case 'none': return 0;
    case 'glow': return 100;
    case 'dissolve': case 'explode': return 700;
    default: return 200;
  }
}

/** Length of a target's spawn animation, ms (issue 35 item 2: targets enter with a short
 * animation; view only, the engine's hit shape is whole from the tick the target spawns). 140 ms:
 * under 10 frames at 60 Hz, short enough not to delay a flick (a human reaction takes about
 * 200 ms; reference/training.md), long enough to catch the eye in the periphery. */
export const SPAWN_ANIMATION_MS = 140;

/**
 * The spawn animation at progress `p` (0 at the spawn, 1 at SPAWN_ANIMATION_MS; ≥ 1 or < 0:
 * done): `scale` multiplies the radius, from 0.4 up with an ease-out that overshoots to about
 * 1.08 (easeOutBack, overshoot constant 1.70158, https://easings.net/#easeOutBack) and settles
 * on 1; `flash` (0-1) is how far the colour is mixed toward white, 0.6 at the spawn, fading
 * linearly to 0.
 */
export function spawnLook(p: number): { scale: number; flash: number } {
  if (!(p >= 0) || p >= 1) return { scale: 1, flash: 0 };
  const c1 = 1.70158, c3 = c1 + 1, q = p - 1;
  const ease = 1 + c3 * q * q * q + c1 * q * q;
  return { scale: 0.4 + 0.6 * ease, flash: 0.6 * (1 - p) };
}
