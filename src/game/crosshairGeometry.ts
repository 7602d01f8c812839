/**
 * Crosshair, hit-marker and miss-marker geometry (pure; no DOM). All lengths are CSS px,
 * relative to the screen centre, +x right, +y DOWN (canvas convention).
 *
 * Geometry decided here (spec section 3 gives the fields, section 9 says "crosshair thickness
 * is multiplied by 2 for drawing"; the units are ours):
 *  - `len`, `gap`, `dot.size`, `disc.size`, `outline` are CSS px.
 *  - `thick` (0.5-20 in 0.5 steps) is doubled for drawing, into quarter-px units:
 *      drawn width (CSS px) = thick × 2 × THICK_UNIT_PX = thick × 2 × 0.25 = thick / 2.
 *    The unit is chosen so the defaults (len 8, thick 8, gap 2, dot 4) form a closed plus sign:
 *    arm width 4 px = dot size 4 px = 2 × gap.
 *  - An arm is a rectangle starting `gap` px from the centre and `len` px long, centred on its
 *    axis; `tStyle` drops the top arm. The dot is a `size`×`size` square on the centre. The disc
 *    is a ring whose centre line has radius size/2 and width disc.thick × 2 × THICK_UNIT_PX.
 *  - The outline: every shape is first drawn grown by `outline` px on each side (rings: width
 *    + 2·outline) in outlineColor, then drawn itself in color.
 *  - `rotation` true rotates the whole crosshair by 45° (an X).
 *  - Opacity: each colour's a/255 times the overall alpha/255.
 *  - `crosshair.radius` (px) rounds the corners of the arms and of the dot (capped at half the
 *    shorter side); 0 = square corners. Grown outline shapes get radius + outline.
 *  - Inaccuracy (optional `spread` argument): `firing_inaccuracy` / `movement_inaccuracy` push
 *    the arms out by the firing / movement spread (px added to `gap`); `disc_firing_inaccuracy` /
 *    `disc_movement_inaccuracy` grow the disc's radius by the same amounts. Without a spread
 *    (the editor preview, a standing player) nothing moves.
 *
 * ONE definition: the editor preview (src/ui/crosshair) and the in-game layer
 * (crosshairOverlay.ts) both draw `crosshairGeometry(cfg)` with `drawMarker`.
 */
import type { CrosshairConfig, CrosshairSetting, CrosshairType, Rgba } from '../contracts/crosshair';
import { defaultCrosshairConfig } from '../contracts/crosshair';
import { isPlainObject, mergeDeep } from '../contracts/merge';

/** CSS px of one unit of doubled thickness (see the file comment). */
export const THICK_UNIT_PX = 0.25;

/** Axis-aligned rectangle, CSS px, relative to the centre (+y down); `radius` = corner radius
 * (absent = square corners). */
export interface Rect { x: number; y: number; w: number; h: number; radius?: number }
/** Ring around the centre: `r` = radius of the stroke's centre line, `width` = stroke width (CSS px). */
export interface Ring { r: number; width: number }

/** Everything needed to draw one crosshair-like marker. */
export interface MarkerGeometry {
  /** rotation about the centre, radians (clockwise on screen) */
  rotation: number;
  rects: Rect[];
  rings: Ring[];
  /** outline px added on each side; 0 = no outline */
  outline: number;
  /** CSS colours with alpha already combined */
  fill: string;
  outlineFill: string;
  /** half the size of the square the marker fits in (CSS px, outline included), for canvas sizing */
  extent: number;
}

/** Drawn arm / ring width in CSS px for a configured thickness (thick × 2 × THICK_UNIT_PX). */
export function drawnThicknessPx(thick: number): number {
  return thick * 2 * THICK_UNIT_PX;
}

/** CSS rgba() of `c` (channels 0-255) with its alpha multiplied by `alpha`/255. */
export function cssColour(c: Rgba, alpha = 255): string {
  const a = Math.max(0, Math.min(1, ((c.a ?? 255) / 255) * (alpha / 255)));
  return `rgba(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)}, ${+a.toFixed(4)})`;
}

/** Current weapon inaccuracy in CSS px (see the file comment); both default to 0. */
export interface CrosshairSpread {
  /** px the arms / disc move out while firing */
  firingPx?: number;
  /** px the arms / disc move out while moving */
  movementPx?: number;
}

/** Whether `cfg` draws the spread at all (any of its four *_inaccuracy flags on). */
export function usesSpread(cfg: CrosshairConfig | null): boolean {
  const ch = cfg?.crosshair;
  return !!ch && !!(ch.firing_inaccuracy || ch.movement_inaccuracy || ch.disc_firing_inaccuracy || ch.disc_movement_inaccuracy);
}

/** `rect` with corner radius `radius` capped at half its shorter side (no key when 0). */
function rounded(rect: Rect, radius: number): Rect {
  const r = Math.min(radius, rect.w / 2, rect.h / 2);
  return r > 0 ? { ...rect, radius: r } : rect;
}

/** The shapes of `cfg` (see the file comment for the geometry); `spread` = current
 * inaccuracy (none by default). */
export function crosshairGeometry(cfg: CrosshairConfig, spread: CrosshairSpread = {}): MarkerGeometry {
  const rects: Rect[] = [];
  const rings: Ring[] = [];
  let extent = 0;
  const ch = cfg.crosshair;
  const firing = Math.max(0, spread.firingPx ?? 0);
  const moving = Math.max(0, spread.movementPx ?? 0);
  const radius = Math.max(0, ch.radius || 0);
  if (ch.enabled && ch.len > 0) {
    const w = drawnThicknessPx(ch.thick);
    const g = ch.gap + (ch.firing_inaccuracy ? firing : 0) + (ch.movement_inaccuracy ? moving : 0);
    const l = ch.len;
    rects.push(rounded({ x: g, y: -w / 2, w: l, h: w }, radius)); // right
    rects.push(rounded({ x: -g - l, y: -w / 2, w: l, h: w }, radius)); // left
    rects.push(rounded({ x: -w / 2, y: g, w, h: l }, radius)); // bottom
    if (!ch.tStyle) rects.push(rounded({ x: -w / 2, y: -g - l, w, h: l }, radius)); // top
    extent = Math.max(extent, g + l, w / 2);
  }
  if (cfg.dot.enabled && cfg.dot.size > 0) {
    const s = cfg.dot.size;
    rects.push(rounded({ x: -s / 2, y: -s / 2, w: s, h: s }, radius));
    extent = Math.max(extent, s / 2);
  }
  if (cfg.disc.enabled && cfg.disc.size > 0) {
    const width = drawnThicknessPx(cfg.disc.thick);
    const r = cfg.disc.size / 2 + (ch.disc_firing_inaccuracy ? firing : 0) + (ch.disc_movement_inaccuracy ? moving : 0);
    rings.push({ r, width });
    extent = Math.max(extent, r + width / 2);
  }
  const outline = Math.max(0, cfg.outline || 0);
  // rotated by 45°, a square's corner reaches sqrt(2) × its half side
  const reach = (extent + outline) * (cfg.rotation ? Math.SQRT2 : 1);
  return {
    rotation: cfg.rotation ? Math.PI / 4 : 0,
    rects,
    rings,
    outline,
    fill: cssColour(cfg.color, cfg.alpha),
    outlineFill: cssColour(cfg.outlineColor, cfg.alpha),
    extent: reach,
  };
}

/** `r` grown by `by` px on every side (a rounded corner's radius grows by `by` too). */
export function growRect(r: Rect, by: number): Rect {
  const out: Rect = { x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by };
  if (r.radius) out.radius = r.radius + by;
  return out;
}

const isObj = isPlainObject;

/**
 * The config of a stored crosshair setting (`{ enabled, config }`, contracts/crosshair.ts) as
 * found in the gameconfig response (`crosshair_config`, `hitmarker_config`, ...): its config
 * merged over `base` when the setting is present and enabled, else null (use the built-in look).
 * A bare CrosshairConfig (has `crosshair` but no `config`) is accepted as an enabled setting.
 */
export function customConfigOf(raw: unknown, base: CrosshairConfig = defaultCrosshairConfig()): CrosshairConfig | null {
  if (!isObj(raw)) return null;
  if (isObj(raw.config)) {
    if (raw.enabled === false) return null;
    return mergeDeep(base, raw.config, { typed: true });
  }
  if (isObj(raw.crosshair)) return mergeDeep(base, raw, { typed: true });
  return null;
}

/** The crosshair to draw: `crosshair_config` when present and enabled, else the default of
 * spec section 3 (defaultCrosshairConfig). */
export function resolveCrosshair(raw: unknown): CrosshairConfig {
  return customConfigOf(raw) ?? defaultCrosshairConfig();
}

/** Built-in hit marker: a white X around the crosshair (arms 8 px long, 2 px wide, starting
 * 10 px from the centre, 1 px black outline). */
export function defaultHitMarkerConfig(): CrosshairConfig {
  const c = defaultCrosshairConfig();
  c.color = { r: 255, g: 255, b: 255, a: 255 };
  c.outline = 1;
  c.rotation = true;
  c.crosshair = { ...c.crosshair, len: 8, thick: 4, gap: 10 };
  c.dot = { enabled: false, size: 4 };
  return c;
}

/** Built-in miss marker: a small ring around the crosshair (radius 16 px, 2 px wide, light red,
 * 1 px black outline). */
export function defaultMissMarkerConfig(): CrosshairConfig {
  const c = defaultCrosshairConfig();
  c.color = { r: 255, g: 96, b: 96, a: 255 };
  c.outline = 1;
  c.crosshair = { ...c.crosshair, enabled: false };
  c.dot = { enabled: false, size: 4 };
  c.disc = { enabled: true, size: 32, thick: 4 };
  return c;
}

/** The built-in ('legacy') look of `type`, shown when the player has no custom config of it
 * or has it disabled (spec section 8, "No crosshair config → the legacy crosshair"): the
 * default crosshair for crosshair and ads (zoomed without a custom scoped crosshair the normal
 * crosshair stays), the built-in hit and miss markers. */
export function legacyConfigOf(type: CrosshairType): CrosshairConfig {
  if (type === 'hitmarker') return defaultHitMarkerConfig();
  if (type === 'missmarker') return defaultMissMarkerConfig();
  return defaultCrosshairConfig();
}

/** The config drawn for a setting of `type`: its config when enabled, else the legacy look. */
export function effectiveConfigOf(type: CrosshairType, setting: CrosshairSetting | null | undefined): CrosshairConfig {
  return setting && setting.enabled ? setting.config : legacyConfigOf(type);
}

/** The shot markers: hit, miss and (issue 35) blocked: a hit on a protected target for no
 * damage, never shown as a hit. */
export type MarkerKind = 'hit' | 'miss' | 'blocked';

/** Steel grey-blue of the blocked marker (our choice: no hit red, no miss colour). */
const BLOCKED_MARKER_RGBA = { r: 150, g: 172, b: 196, a: 255 } as const;

/**
 * The blocked marker's look, from the player's hit marker config: a ring (the hit marker's
 * size, its outline) in steel grey-blue, with no lines and no dot, so it never reads as the
 * hit marker.
 */
export function blockedMarkerConfig(hit: CrosshairConfig): CrosshairConfig {
  const size = Math.max(8, Math.round((hit.crosshair.len + hit.crosshair.gap) * 1.6));
  return {
    ...hit,
    color: { ...BLOCKED_MARKER_RGBA },
    crosshair: { ...hit.crosshair, enabled: false },
    dot: { ...hit.dot, enabled: false },
    disc: { enabled: true, size, thick: Math.max(2, Math.min(4, hit.crosshair.thick)) },
  };
}

/** Which marker shows now: the last of hit / miss / blocked, for `showMs` after it was shown. Showing
 * one replaces the other (spec section 4). Times in ms (any one timebase). */
export class MarkerTimer {
  private kind: MarkerKind | null = null;
  private at = 0;

  constructor(private readonly showMs: number) {}

  /** Shows marker `kind` from time `nowMs`, replacing the other one. */
  show(kind: MarkerKind, nowMs: number): void {
    this.kind = kind;
    this.at = nowMs;
  }

  /** The marker visible at `nowMs` (visible while nowMs − shownAt < showMs), or null. */
  current(nowMs: number): MarkerKind | null {
    if (this.kind === null) return null;
    if (nowMs - this.at >= this.showMs) {
      this.kind = null;
      return null;
    }
    return this.kind;
  }

  /** Hides any marker. */
  clear(): void { this.kind = null; }
}
