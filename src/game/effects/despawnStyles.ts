/**
 * How each despawn animation (visual.target_despawn_animation; spec sections 4 and 9: none,
 * glow 0.1 s, holo 0.2 s, dissolve 0.7 s, explode 0.7 s) draws a target at progress `p`
 * (TargetView.despawn, 0..1 over the animation's length; the lengths themselves are the
 * engine's, src/ecs/despawnAnimation.ts). Pure: no Babylon.
 *
 * A look is: a scale factor on the target's size; how far (0-1) its colour has moved to the
 * despawn colour (kill / critical / despawn colour, targetVisual.ts despawnColourFor); a
 * brightness multiplier on that colour (> 1 reads as an emissive flash: the lit colour
 * saturates toward white); and a cut-out code for the target shader (dissolvePlugin.ts):
 *  - `fade` 1 = solid; 0..1 = the share of the surface still drawn, cut by a world-space
 *    noise threshold (dissolve, glow's fade-out);
 *  - `scan` true = the share is cut along screen scanlines instead (holo).
 * The instance colour's alpha carries these to the shader (`cutoutAlpha`).
 */

/** The animation names (spec section 9; default holo). */
export type DespawnStyle = 'none' | 'glow' | 'holo' | 'dissolve' | 'explode';

/** What a despawning target looks like at one moment. */
export interface DespawnStyleLook {
  /** multiplies the target's size (1 = as alive) */
  scale: number;
  /** 0..1 colour move from the target colour to the despawn colour */
  mix: number;
  /** multiplies the colour (1 = unchanged; 2.5 = a bright flash) */
  bright: number;
  /** 0..1 share of the surface drawn (1 = solid) */
  fade: number;
  /** the cut follows screen scanlines (holo) instead of noise */
  scan: boolean;
  /** the instance-colour alpha that carries the cut-out to the shader: cutoutAlpha of this look
   * (set by despawnStyleLook; the view reads it instead of calling cutoutAlpha per target, a
   * call that boxes its number result when not inlined) */
  cut: number;
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

/** The look of a live target. */
export const ALIVE_LOOK: Readonly<DespawnStyleLook> = Object.freeze({ scale: 1, mix: 0, bright: 1, fade: 1, scan: false, cut: 1 });

/** Share of the explode animation the target's pop takes (then only the particles remain). */
export const EXPLODE_POP_SHARE = 0.15;
/** How much a popping target swells before it bursts (explode): +40 % at the end of the pop. */
export const EXPLODE_POP_GROWTH = 0.4;
/** Holo: flicker frequency over the animation, on/off phases per animation (12 → 6 flickers). */
export const HOLO_FLICKER_PHASES = 12;

/** Normalises a setting value to a style; unknown or missing values are holo (the default). */
export function despawnStyleOf(name: string | null | undefined): DespawnStyle {
  return name === 'none' || name === 'glow' || name === 'dissolve' || name === 'explode' ? name : 'holo';
}

/**
 * The look of a target of animation `style` at progress `p` (−1 or below 0: alive; clamped to
 * 1). Curves (p in 0..1):
 *  - none: gone (scale 0) as soon as it is removed;
 *  - glow: colour jumps to the despawn colour, bright 1 + 2.5·(1 − p) (a flash that fades),
 *    swells to 1.25×, and its surface fades out by noise in the second half (fade 1 − max(0, 2p − 1));
 *  - holo: despawn colour ×1.4, shrinks to 40 % (scale 1 − 0.6p), scanline cut keeping
 *    (1 − p) of the lines, flickering to 55 % of that on every other of 12 phases;
 *  - dissolve: colour moves over the first third (mix min(1, 3p)), size kept, noise cut keeps
 *    (1 − p)^0.8 of the surface, the colour dims by 30 % toward the end;
 *  - explode: a pop: swells by 40 % over the first 15 % (bright 1.8) then vanishes (scale 0):
 *    the particles (sparkParticles.ts) carry the rest.
 */
export function despawnStyleLook(style: DespawnStyle, p: number, out: DespawnStyleLook = { ...ALIVE_LOOK }): DespawnStyleLook {
  PROGRESS.despawn = p;
  return despawnStyleLookOf(style, PROGRESS, out);
}

/** despawnStyleLook's progress for despawnStyleLookOf (one object, reused). */
const PROGRESS = { despawn: 0 };

/**
 * The despawn progress (TargetView.despawn, 0..1) from which animation `style` draws nothing of
 * the target (its look's scale is 0 from there on; despawnStyleLook): none 0 (gone at once),
 * explode EXPLODE_POP_SHARE (only its particles remain), the others 1. The view skips such a
 * target before computing its look: with explode, 85 % of a despawning target's frames.
 */
export function despawnDrawnUntil(style: DespawnStyle): number {
  return style === 'none' ? 0 : style === 'explode' ? EXPLODE_POP_SHARE : 1;
}

/**
 * despawnStyleLook of a target's `despawn` progress (TargetView.despawn), read from the target
 * itself: the view calls this per despawning target per frame, and a number argument of a call
 * V8 does not inline is boxed, a heap allocation each time (render-cpu: garbage and GC pauses).
 */
export function despawnStyleLookOf(style: DespawnStyle, target: { readonly despawn: number }, out: DespawnStyleLook): DespawnStyleLook {
  const p = target.despawn;
  if (!(p >= 0)) {
    // ALIVE_LOOK, field by field (this runs per live target per frame; Object.assign is slower)
    out.scale = 1; out.mix = 0; out.bright = 1; out.fade = 1; out.scan = false; out.cut = 1;
    return out;
  }
  const q = clamp01(p);
  out.scan = false;
  switch (style) {
    case 'none':
      out.scale = 0; out.mix = 1; out.bright = 1; out.fade = 0;
      break;
    case 'glow':
      out.scale = 1 + 0.25 * q; out.mix = 1; out.bright = 1 + 2.5 * (1 - q); out.fade = 1 - Math.max(0, 2 * q - 1);
      break;
    case 'holo': {
      const on = Math.floor(q * HOLO_FLICKER_PHASES) % 2 === 0;
      out.scale = 1 - 0.6 * q; out.mix = 1; out.bright = 1.4; out.fade = (1 - q) * (on ? 1 : 0.55); out.scan = true;
      break;
    }
    case 'dissolve':
      out.scale = 1; out.mix = Math.min(1, 3 * q); out.bright = 1 - 0.3 * q; out.fade = Math.pow(1 - q, 0.8);
      break;
    case 'explode':
      if (q < EXPLODE_POP_SHARE) {
        out.scale = 1 + EXPLODE_POP_GROWTH * (q / EXPLODE_POP_SHARE); out.mix = 1; out.bright = 1.8; out.fade = 1;
      } else {
        out.scale = 0; out.mix = 1; out.bright = 1; out.fade = 0;
      }
      break;
  }
  if (q >= 1) out.scale = 0; // the animation is over: nothing left to draw
  out.cut = cutoutAlpha(out);
  return out;
}

/**
 * The instance-colour alpha that carries a look's cut-out to the target shader
 * (dissolvePlugin.ts): fade in [0, 1] for the noise cut (1 = solid), 2 + fade in [2, 3] for the
 * scanline cut. A solid look is exactly 1.
 */
export function cutoutAlpha(look: Pick<DespawnStyleLook, 'fade' | 'scan'>): number {
  const f = clamp01(look.fade);
  return look.scan ? 2 + f : f;
}
