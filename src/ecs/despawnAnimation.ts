/**
 * Despawn animations and their fixed colours (spec section 4 "Despawn animations: none, glow
 * (0.1 s), holo (0.2 s), dissolve (0.7 s), explode (0.7 s). A normal or critical kill gets a kill
 * colour or critical colour; any other death gets the despawn colour. Explode adds 8 sparks plus
 * a centre burst on kills."; spec section 9 "Despawn colours and particle ramps (4 for kills, 7
 * for criticals) are fixed"; "Particles max 64").
 *
 * The engine holds each removed target for its animation's length (state Despawning) with a
 * colour index (DESPAWN_COLOUR_INDEX_*); with 'explode', kills also carry spark data, read by the
 * view through `DrillEngine.forEachSpark`. The colour VALUES are our choice (the spec fixes that
 * they are constant, not what they are): linear RGB 0..1.
 */

/** The despawn animations (spec section 9; default holo). */
export const DESPAWN_ANIMATIONS = ['none', 'glow', 'holo', 'dissolve', 'explode'] as const;
/** One despawn animation name. */
export type DespawnAnimation = (typeof DESPAWN_ANIMATIONS)[number];

/** Length of each animation, ms (spec section 4). */
export const DESPAWN_ANIMATION_MS: Readonly<Record<DespawnAnimation, number>> = {
  none: 0, glow: 100, holo: 200, dissolve: 700, explode: 700,
};

/** Length in ms of a named animation; unknown or missing names are holo (200, the default). */
export function despawnAnimationMs(name: string | null | undefined): number {
  return name && Object.prototype.hasOwnProperty.call(DESPAWN_ANIMATION_MS, name)
    ? DESPAWN_ANIMATION_MS[name as DespawnAnimation] : DESPAWN_ANIMATION_MS.holo;
}

/** Colour index of a despawning target: kill colour (playerKilled). */
export const DESPAWN_COLOUR_INDEX_KILL = 0;
/** Colour index: critical colour (playerKilledCrit). */
export const DESPAWN_COLOUR_INDEX_CRIT = 1;
/** Colour index: despawn colour (timedOut, missed, gameOver). */
export const DESPAWN_COLOUR_INDEX_DESPAWN = 2;

/** An RGB colour, linear 0..1. */
export type Rgb = readonly [number, number, number];

/** The three despawn colours by index (kill, critical, despawn). */
export const DESPAWN_COLOURS: readonly Rgb[] = [
  [1, 1, 1],        // kill: white flash
  [1, 0.85, 0.2],   // critical: gold
  [0.45, 0.45, 0.5] // despawn: grey
];

/** Particle colour ramp of a kill explosion: 4 colours, hot to cool (spec section 9). */
export const KILL_PARTICLE_RAMP: readonly Rgb[] = [
  [1, 1, 1], [1, 0.9, 0.6], [1, 0.6, 0.2], [0.5, 0.2, 0.1],
];

/** Particle colour ramp of a critical-kill explosion: 7 colours (spec section 9). */
export const CRIT_PARTICLE_RAMP: readonly Rgb[] = [
  [1, 1, 1], [1, 1, 0.7], [1, 0.92, 0.4], [1, 0.8, 0.2], [1, 0.6, 0.1], [0.9, 0.35, 0.05], [0.5, 0.15, 0.02],
];

/** Sparks per exploding kill (spec section 4), plus one centre burst. */
export const SPARK_COUNT = 8;
/** Spark speed, metres/second (our choice). */
export const SPARK_SPEED = 4;
/** Spark size at the start of the animation, metres (shrinks linearly to 0). */
export const SPARK_SIZE = 0.06;
/** Most particles the engine reports per frame (spec section 9 "Particles max 64"). */
export const MAX_PARTICLES = 64;

const S = 1 / Math.sqrt(3);
/** The fixed spark directions: the 8 cube corners (+-1, +-1, +-1) / sqrt(3), unit vectors. */
export const SPARK_DIRECTIONS: readonly Rgb[] = [
  [S, S, S], [S, S, -S], [S, -S, S], [S, -S, -S], [-S, S, S], [-S, S, -S], [-S, -S, S], [-S, -S, -S],
];

/** The ramp colour at animation progress p (0..1): ramp[min(n-1, floor(p*n))]. */
export function rampColour(ramp: readonly Rgb[], p: number): Rgb {
  const n = ramp.length;
  const i = Math.floor((p < 0 ? 0 : p) * n);
  return ramp[i >= n ? n - 1 : i];
}
