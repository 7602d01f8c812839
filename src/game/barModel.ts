/**
 * Target health and lifetime bars: what to show over a target (pure; no Babylon). Spec section 9
 * "Bars: health bar hidden when health is 1 or at least 9000; lifetime bar hidden at lifetime
 * 30000 or more; [...] Bar liquid effect, glow 500 ms, interpolation 100 ms"; switched by
 * `hud.show_target_health_bar` / `hud.show_target_lifetime_bar` (spec section 3, default true)
 * and scaled by `hud.status_bar_size` (0.6-1.4, default 1.4).
 *
 * The drawing is src/game/targetBars.ts (one thin-instanced quad, one draw call for every bar).
 */

/** A target of this many hit points or more has no health bar (spec section 9). */
export const HEALTH_BAR_HIDDEN_FROM = 9000;
/** A drill whose target lifetime is this many ms or more has no lifetime bar (spec section 9). */
export const LIFETIME_BAR_HIDDEN_FROM_MS = 30000;
/** How long a bar glows after its value dropped, ms (spec section 9). */
export const BAR_GLOW_MS = 500;
/** How long the drawn health takes to reach a new value, ms (spec section 9). */
export const BAR_INTERPOLATION_MS = 100;
/** Default of `hud.status_bar_size` (spec section 3). */
export const DEFAULT_STATUS_BAR_SIZE = 1.4;

/** Whether a target with `maxHealth` hit points gets a health bar: not for one-hit targets
 * (health 1 or less) nor for "unkillable" ones (9000 or more). */
export function healthBarShown(maxHealth: number, enabled = true): boolean {
  return enabled && maxHealth > 1 && maxHealth < HEALTH_BAR_HIDDEN_FROM;
}

/** Whether the targets of a drill with target lifetime `lifetimeMs` (Infinity = none) get a
 * lifetime bar: only when it is finite and under 30000 ms. */
export function lifetimeBarShown(lifetimeMs: number, enabled = true): boolean {
  return enabled && Number.isFinite(lifetimeMs) && lifetimeMs > 0 && lifetimeMs < LIFETIME_BAR_HIDDEN_FROM_MS;
}

/** The bars' size for a target of radius `radius` metres, metres: width 1.5 × radius scaled by
 * status_bar_size (so at the default 1.4 a bar is about as wide as the target), height 16 % of
 * the width; `gap` between the target's top and the lowest bar. Out-of-range sizes clamp to
 * 0.6-1.4. Writes into and returns `out` (the per-frame path allocates nothing). */
export function barSize(radius: number, statusBarSize: number | null | undefined,
  out: { width: number; height: number; gap: number } = { width: 0, height: 0, gap: 0 }): { width: number; height: number; gap: number } {
  const s = typeof statusBarSize === 'number' && Number.isFinite(statusBarSize)
    ? Math.min(1.4, Math.max(0.6, statusBarSize)) : DEFAULT_STATUS_BAR_SIZE;
  out.width = radius * 1.5 * s;
  out.height = out.width * 0.16;
  out.gap = radius * 0.3;
  return out;
}

/**
 * The drawn health of every target, by entity id: a new value is reached linearly over
 * BAR_INTERPOLATION_MS from what was drawn when it changed, and a drop starts a BAR_GLOW_MS glow
 * that fades linearly. State lives in typed arrays indexed by entity id (grown by doubling), so
 * a frame allocates nothing. Call `reset(eid)` when an entity id is (re)used by a new target.
 */
/** `a` copied into a new array of `n` entries, the rest `fill`. (Module level: a closure inside
 * BarSmoother.ensure made V8 allocate its context on every call, growing or not.) */
function grown(a: Float64Array, n: number, fill: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n);
  b.fill(fill);
  b.set(a);
  return b;
}

/** `sample`'s argument for `sampleHealth` (one object, reused: value as health of max 1). */
const SAMPLE = { eid: 0, health: 0, maxHealth: 1 };
/** `sample`'s (fill, glow) from `sampleHealth`. */
const SAMPLED = new Float64Array(2);

export class BarSmoother {
  private from = new Float64Array(0);
  private to = new Float64Array(0);
  private changedAt = new Float64Array(0);
  private glowAt = new Float64Array(0);

  private ensure(eid: number): void {
    if (eid < this.to.length) return;
    let n = Math.max(64, this.to.length);
    while (n <= eid) n *= 2;
    this.from = grown(this.from, n, NaN);
    this.to = grown(this.to, n, NaN);
    this.changedAt = grown(this.changedAt, n, -Infinity);
    this.glowAt = grown(this.glowAt, n, -Infinity);
  }

  /** Forgets entity `eid` (a new target got its id): its next value is drawn at once. */
  reset(eid: number): void {
    this.ensure(eid);
    this.from[eid] = NaN;
    this.to[eid] = NaN;
    this.changedAt[eid] = -Infinity;
    this.glowAt[eid] = -Infinity;
  }

  /** The frame's time for `sampleHealth`, ms (performance.now()); set once per frame. */
  now = 0;

  /**
   * The fraction to draw for `eid` whose true fraction is `value` (0-1) at `nowMs`; a first
   * value is drawn as it is. Returns the drawn fraction and writes the glow (0-1) into
   * `out.glow`.
   */
  sample(eid: number, value: number, nowMs: number, out: { fill: number; glow: number }): { fill: number; glow: number } {
    SAMPLE.eid = eid;
    SAMPLE.health = value;
    this.now = nowMs;
    this.sampleHealth(SAMPLE, SAMPLED, 0);
    out.fill = SAMPLED[0];
    out.glow = SAMPLED[1];
    return out;
  }

  /**
   * `sample` of a target's health fraction (health / maxHealth, 0 when maxHealth is 0) at
   * `this.now`, read from the target itself, written as (fill, glow) into `out[at]`,
   * `out[at + 1]` (the bars' instance data): the view calls this per target per frame, and the
   * number arguments of a call V8 does not inline are boxed, a heap allocation each time.
   */
  sampleHealth(t: { readonly eid: number; readonly health: number; readonly maxHealth: number }, out: Float32Array | Float64Array, at: number): void {
    const eid = t.eid;
    const max = t.maxHealth;
    const value = max > 0 ? (t.health > 0 ? t.health : 0) / max : 0;
    const nowMs = this.now;
    if (eid >= this.to.length) this.ensure(eid);
    const to = this.to[eid];
    if (value === to && nowMs - this.changedAt[eid] >= BAR_INTERPOLATION_MS && nowMs - this.glowAt[eid] >= BAR_GLOW_MS) {
      // settled (the common case): the value itself, no glow; what the full path gives here
      out[at] = to;
      out[at + 1] = 0;
      return;
    }
    if (Number.isNaN(to)) {
      this.from[eid] = value;
      this.to[eid] = value;
      this.changedAt[eid] = nowMs;
    } else if (value !== to) {
      const drawn = this.drawnAt(eid, nowMs);
      if (value < to) this.glowAt[eid] = nowMs;
      this.from[eid] = drawn;
      this.to[eid] = value;
      this.changedAt[eid] = nowMs;
    }
    out[at] = this.drawnAt(eid, nowMs);
    const g = 1 - (nowMs - this.glowAt[eid]) / BAR_GLOW_MS;
    out[at + 1] = g > 0 ? (g > 1 ? 1 : g) : 0;
  }

  private drawnAt(eid: number, nowMs: number): number {
    const k = (nowMs - this.changedAt[eid]) / BAR_INTERPOLATION_MS;
    if (k >= 1) return this.to[eid];
    const t = k < 0 ? 0 : k;
    return this.from[eid] + (this.to[eid] - this.from[eid]) * t;
  }
}
