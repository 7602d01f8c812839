/**
 * Particle maths of the hit and kill effects (pure; no Babylon). Two sources share one batch of
 * at most MAX_PARTICLES (spec section 9 "Particles max 64") drawn as thin instances
 * (particleRenderer.ts):
 *  - the engine's explode sparks (8 per exploding kill plus the centre burst,
 *    DrillEngine.forEachSpark), which come first;
 *  - the on-hit effect (visual.on_hit_effect / on_hit_effect_auto): a short burst of
 *    HIT_BURST_COUNT particles thrown from the hit target's surface toward the player.
 */
import { MAX_PARTICLES, SPARK_COUNT } from '../../ecs/despawnAnimation';
import type { DrillEngine } from '../../contracts/engine';
import { writeBasisMatrix } from './shotMaths';

export { MAX_PARTICLES };

/** Particles per on-hit burst (our choice). */
export const HIT_BURST_COUNT = 6;
/** Life of an on-hit burst, ms (our choice). */
export const HIT_BURST_MS = 260;
/** Speed of on-hit particles, metres/second (our choice). */
export const HIT_BURST_SPEED = 3;
/** Start radius of an on-hit particle, metres (shrinks linearly to 0). */
export const HIT_BURST_SIZE = 0.05;

/** One on-hit burst: where (metres), toward the player (unit `dir`), when (ms, page clock). */
export interface HitBurst {
  x: number; y: number; z: number;
  dx: number; dy: number; dz: number;
  at: number;
  crit: boolean;
}

/** One particle to draw: centre and radius in metres, linear RGB 0..1. */
export interface ParticleDraw {
  x: number; y: number; z: number;
  size: number;
  r: number; g: number; b: number;
  /** 0..1 share of its surface drawn (1 = solid; the centre burst thins out) */
  fade: number;
}

/**
 * Which on-hit setting applies to a drill (settings label "On-hit effect (automatic weapons)"):
 * `on_hit_effect_auto` for drills with an automatic weapon, `on_hit_effect` otherwise.
 */
export function onHitEffectEnabled(visual: { on_hit_effect?: boolean; on_hit_effect_auto?: boolean } | null | undefined,
  weaponAutomatic: boolean): boolean {
  return weaponAutomatic ? visual?.on_hit_effect_auto === true : visual?.on_hit_effect !== false;
}

/** Fixed spread offsets of a burst's particles in the plane facing the player (unit circle,
 * 6 directions 60° apart), with a forward share of 0.6. */
const SPREAD: ReadonlyArray<readonly [number, number]> = Array.from({ length: HIT_BURST_COUNT }, (_, i) => {
  const a = (i / HIT_BURST_COUNT) * Math.PI * 2;
  return [Math.cos(a), Math.sin(a)] as const;
});

/**
 * The burst of a hit on a target at centre (cx, cy, cz), radius r metres, seen from `eye`, at
 * page time `at` ms: starts on the surface point nearest the eye, moving toward the eye.
 */
export function hitBurstAt(cx: number, cy: number, cz: number, r: number, eye: { x: number; y: number; z: number },
  at: number, crit: boolean): HitBurst {
  let dx = eye.x - cx, dy = eye.y - cy, dz = eye.z - cz;
  const len = Math.hypot(dx, dy, dz) || 1;
  dx /= len; dy /= len; dz /= len;
  return { x: cx + dx * r, y: cy + dy * r, z: cz + dz * r, dx, dy, dz, at, crit };
}

/**
 * Calls `cb` for each live particle of `bursts` at page time `now` (ms), at most `budget`
 * particles in all; returns how many it drew. A burst older than HIT_BURST_MS draws nothing.
 * Particle k flies along 0.6·dir + spread_k (spread in the plane normal to dir) at
 * HIT_BURST_SPEED, shrinking from HIT_BURST_SIZE to 0; colour white → the sight yellow
 * (criticals gold).
 */
export function forEachHitParticle(bursts: readonly HitBurst[], now: number, budget: number,
  out: ParticleDraw, cb: (p: ParticleDraw) => void): number {
  let n = 0;
  for (const b of bursts) {
    const age = now - b.at;
    if (age < 0 || age >= HIT_BURST_MS) continue;
    const p = age / HIT_BURST_MS;
    // a basis of the plane normal to dir
    let ux = -b.dz, uy = 0, uz = b.dx;
    let ul = Math.hypot(ux, uy, uz);
    if (ul < 1e-6) { ux = 1; uy = 0; uz = 0; ul = 1; }
    ux /= ul; uz /= ul;
    const vx = b.dy * uz - b.dz * uy, vy = b.dz * ux - b.dx * uz, vz = b.dx * uy - b.dy * ux;
    const dist = (HIT_BURST_SPEED * age) / 1000;
    for (let k = 0; k < HIT_BURST_COUNT; k++) {
      if (n >= budget) return n;
      const [s, t] = SPREAD[k];
      const mx = 0.6 * b.dx + s * ux + t * vx, my = 0.6 * b.dy + s * uy + t * vy, mz = 0.6 * b.dz + s * uz + t * vz;
      const ml = Math.hypot(mx, my, mz) || 1;
      out.x = b.x + (mx / ml) * dist; out.y = b.y + (my / ml) * dist; out.z = b.z + (mz / ml) * dist;
      out.size = HIT_BURST_SIZE * (1 - p);
      out.r = 1; out.g = b.crit ? 0.85 - 0.2 * p : 1 - 0.1 * p; out.b = b.crit ? 0.2 : 1 - 0.7 * p;
      out.fade = 1;
      n++;
      cb(out);
    }
  }
  return n;
}

/** Drops bursts older than HIT_BURST_MS at `now` (in place); returns the list. */
export function pruneBursts(bursts: HitBurst[], now: number): HitBurst[] {
  let w = 0;
  for (let i = 0; i < bursts.length; i++) if (now - bursts[i].at < HIT_BURST_MS) bursts[w++] = bursts[i];
  bursts.length = w;
  return bursts;
}

/** Sparks are drawn this many times the engine's spark radius (SPARK_SIZE 6 cm reads as a
 * 3 px dot at 12 m; a hot spark's glow reads larger than its core). */
export const SPARK_DRAW_SCALE = 2.5;

/**
 * Every particle of a frame, at most `cap` (MAX_PARTICLES): first the engine's explode sparks
 * (`sparks.forEachSpark`, when given): sparks drawn SPARK_DRAW_SCALE× their radius, solid; the
 * centre burst (index SPARK_COUNT) only after the target's pop (progress ≥ `popShare`), at its
 * own radius, thinning out (fade 0.85·(1 − progress)); then the on-hit `bursts` at `now` (ms).
 * Returns the number drawn.
 */
export function forEachParticle(sparks: Pick<DrillEngine, 'forEachSpark'> | null, bursts: readonly HitBurst[], now: number,
  cap: number, popShare: number, out: ParticleDraw, cb: (p: ParticleDraw) => void): number {
  let n = 0;
  if (sparks) {
    sparks.forEachSpark((s) => {
      if (n >= cap || s.size <= 0) return;
      const burst = s.index === SPARK_COUNT;
      if (burst && s.progress < popShare) return;
      out.x = s.x; out.y = s.y; out.z = s.z;
      out.size = burst ? s.size : s.size * SPARK_DRAW_SCALE;
      out.r = s.r; out.g = s.g; out.b = s.b;
      out.fade = burst ? Math.max(0, 0.85 * (1 - s.progress)) : 1;
      n++;
      cb(out);
    });
  }
  if (n < cap && bursts.length > 0) n += forEachHitParticle(bursts, now, cap - n, out, cb);
  return n;
}

/**
 * Writes at `m[o..o+15]` (Babylon's matrix layout) the placement of a particle drawn as a unit
 * disc (local xy plane, radius 1) of radius `size` metres at (x, y, z), turned square to the line
 * from it to `eye` (world metres): local z toward the eye, local x horizontal (shotMaths.ts
 * writeBasisMatrix; world x straight above or below the eye). Unlit, the disc then draws what a
 * sphere of that radius draws from the eye: a circle of one colour, of angular radius
 * atan(size / d) at distance d against the sphere's asin(size / d).
 */
export function writeFacingDisc(m: Float32Array, o: number, x: number, y: number, z: number, size: number,
  eye: { x: number; y: number; z: number }): void {
  let nx = eye.x - x, ny = eye.y - y, nz = eye.z - z;
  const d = Math.hypot(nx, ny, nz);
  if (d > 0) { nx /= d; ny /= d; nz /= d; } else { nx = 0; ny = 0; nz = -1; }
  writeBasisMatrix(m, o, nx, ny, nz, size, size, size, x, y, z);
}
