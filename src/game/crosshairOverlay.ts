/**
 * The crosshair / hit-marker / miss-marker / ADS-crosshair layer: one 2D canvas, 400×400 CSS px
 * (spec section 9 "crosshair canvas defaults to 400x400"), fixed over the centre of the game
 * canvas, inside `overlayRoot`, not hit-testable. Geometry in crosshairGeometry.ts; the editor
 * preview (src/ui/crosshair/CrosshairPreview.tsx) paints with the same `paintMarkers`, so the
 * preview and the game draw the very same pixels. DOM only (no Babylon).
 */
import type { CrosshairConfig, CrosshairSetting, CrosshairType } from '../contracts/crosshair';
import { MARKER_SHOW_MS } from '../contracts/constants';
import {
  crosshairGeometry, customConfigOf, defaultHitMarkerConfig, defaultMissMarkerConfig, effectiveConfigOf, growRect,
  MarkerTimer, resolveCrosshair, type CrosshairSpread, type MarkerGeometry, type Rect, usesSpread,
  blockedMarkerConfig, type MarkerKind,
} from './crosshairGeometry';

/** CSS px side of the crosshair canvas. */
export const CROSSHAIR_CANVAS_PX = 400;

/** Adds rectangle `q` to the current path (rounded corners when `q.radius` and the context
 * supports roundRect), or fills it directly when square. */
function fillRect(ctx: CanvasRenderingContext2D, q: Rect): void {
  if (q.radius && typeof ctx.roundRect === 'function') {
    ctx.beginPath();
    ctx.roundRect(q.x, q.y, q.w, q.h, q.radius);
    ctx.fill();
  } else {
    ctx.fillRect(q.x, q.y, q.w, q.h);
  }
}

/** Draws `g` on `ctx` centred at (`cx`, `cy`) (canvas units after the current transform):
 * first every shape grown by the outline in the outline colour, then the shapes in colour. */
export function drawMarker(ctx: CanvasRenderingContext2D, g: MarkerGeometry, cx: number, cy: number): void {
  ctx.save();
  ctx.translate(cx, cy);
  if (g.rotation) ctx.rotate(g.rotation);
  const pass = (grow: number, style: string): void => {
    ctx.fillStyle = style;
    ctx.strokeStyle = style;
    for (const r of g.rects) fillRect(ctx, grow ? growRect(r, grow) : r);
    for (const ring of g.rings) {
      ctx.beginPath();
      ctx.lineWidth = ring.width + 2 * grow;
      ctx.arc(0, 0, ring.r, 0, Math.PI * 2);
      ctx.stroke();
    }
  };
  if (g.outline > 0) pass(g.outline, g.outlineFill);
  pass(0, g.fill);
  ctx.restore();
}

/**
 * Clears a square canvas of `cssPx` CSS px drawn at `dpr` device px per CSS px and draws
 * `layers` (bottom first) centred, at 1 CSS px per px of geometry times `scale` (the editor
 * preview may magnify; the game uses 1). Used by the game layer and by the editor preview.
 */
export function paintMarkers(
  ctx: CanvasRenderingContext2D, cssPx: number, dpr: number, layers: ReadonlyArray<MarkerGeometry | null>, scale = 1,
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, Math.round(cssPx * dpr), Math.round(cssPx * dpr));
  ctx.setTransform(dpr * scale, 0, 0, dpr * scale, 0, 0);
  const c = cssPx / 2 / scale;
  for (const g of layers) if (g) drawMarker(ctx, g, c, c);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** The four looks of one game, from the gameconfig response (`crosshair_config`,
 * `hitmarker_config`, `missmarker_config`, `ads_config`: a config, or null when the player has
 * none or disabled it). */
export interface OverlayConfigs {
  /** null: no crosshair at all (the drill hides it) */
  crosshair: CrosshairConfig | null;
  hit: CrosshairConfig;
  miss: CrosshairConfig;
  /** null: no custom scoped crosshair, the crosshair stays while zoomed */
  ads: CrosshairConfig | null;
}

/**
 * What the game layer draws for a gameconfig response: the player's configs when present and
 * enabled, else the legacy looks (spec section 8 "No crosshair config → the legacy crosshair").
 * `showCrosshair` false (drill `show_crosshair`) hides the crosshair and the ADS crosshair.
 */
export function overlayConfigsOf(config: {
  crosshair_config?: unknown; hitmarker_config?: unknown; missmarker_config?: unknown; ads_config?: unknown;
}, showCrosshair = true): OverlayConfigs {
  return {
    crosshair: showCrosshair ? resolveCrosshair(config.crosshair_config) : null,
    hit: customConfigOf(config.hitmarker_config) ?? defaultHitMarkerConfig(),
    miss: customConfigOf(config.missmarker_config) ?? defaultMissMarkerConfig(),
    ads: showCrosshair ? customConfigOf(config.ads_config) : null,
  };
}

/**
 * The marker a rendered frame shows for its engine events (`EngineEvent[]` of the frame's
 * ticks, oldest first): the type of the LAST hit, miss or blocked hit ('hit' | 'miss' |
 * 'blocked': a hit on a protected target, its own marker; the markers replace
 * each other, spec section 4), or null when the frame had neither.
 */
export function frameMarkerOf(events: ReadonlyArray<{ type: string }>): MarkerKind | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const t = events[i].type;
    if (t === 'hit' || t === 'miss' || t === 'blocked') return t;
  }
  return null;
}

/** The layers currently on screen (created and not disposed). */
const liveOverlays = new Set<CrosshairOverlay>();

/**
 * Applies a just-saved setting of `type` to every live game layer, so a crosshair saved in the
 * pause menu's editor shows at once (the crosshair slice's save calls it). A layer whose drill
 * hides the crosshair keeps it hidden.
 */
export function applySettingToLiveOverlays(type: CrosshairType, setting: CrosshairSetting): void {
  for (const o of liveOverlays) o.applySetting(type, setting);
}

/** The crosshair layer of one game. */
export class CrosshairOverlay {
  private readonly el: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private crosshairCfg: CrosshairConfig | null = null;
  private adsCfg: CrosshairConfig | null = null;
  private crosshair: MarkerGeometry | null = null;
  private ads: MarkerGeometry | null = null;
  private zoomed = false;
  private spread: CrosshairSpread = {};
  private hit: MarkerGeometry;
  private miss: MarkerGeometry;
  /** the blocked marker (blockedMarkerConfig of the hit marker's config) */
  private blocked: MarkerGeometry;
  private hitCfg: CrosshairConfig;
  private missCfg: CrosshairConfig;
  private readonly timer = new MarkerTimer(MARKER_SHOW_MS);
  private drawn: string | null = null;
  private dpr = 1;

  /**
   * @param overlayRoot element the canvas is appended to
   * @param gameCanvas the game canvas whose centre the crosshair sits on
   */
  constructor(overlayRoot: HTMLElement, private readonly gameCanvas: HTMLCanvasElement,
    hitCfg: CrosshairConfig, missCfg: CrosshairConfig) {
    const doc = overlayRoot.ownerDocument;
    this.el = doc.createElement('canvas');
    this.el.className = 'game-crosshair';
    this.el.dataset.testid = 'crosshair';
    const s = this.el.style;
    s.position = 'fixed';
    s.width = `${CROSSHAIR_CANVAS_PX}px`;
    s.height = `${CROSSHAIR_CANVAS_PX}px`;
    s.pointerEvents = 'none';
    overlayRoot.appendChild(this.el);
    this.ctx = this.el.getContext('2d');
    this.hitCfg = hitCfg;
    this.missCfg = missCfg;
    this.hit = crosshairGeometry(hitCfg);
    this.miss = crosshairGeometry(missCfg);
    this.blocked = crosshairGeometry(blockedMarkerConfig(hitCfg));
    this.layout();
    liveOverlays.add(this);
  }

  /** Sets the crosshair (null hides it) and redraws. */
  setCrosshair(cfg: CrosshairConfig | null): void {
    this.crosshairCfg = cfg;
    this.crosshair = cfg ? crosshairGeometry(cfg, this.spread) : null;
    this.drawn = null;
  }

  /** Sets the scoped (ADS) crosshair drawn instead of the crosshair while zoomed; null: the
   * crosshair stays while zoomed. */
  setAds(cfg: CrosshairConfig | null): void {
    this.adsCfg = cfg;
    this.ads = cfg ? crosshairGeometry(cfg, this.spread) : null;
    this.drawn = null;
  }

  /** Aim-down-sights state: while zoomed the ADS crosshair (when set) replaces the crosshair.
   * The runtime calls this when ADS zoom starts and ends. */
  setZoomed(zoomed: boolean): void {
    if (zoomed === this.zoomed) return;
    this.zoomed = zoomed;
    this.drawn = null;
  }

  /** True while zoomed (setZoomed). */
  isZoomed(): boolean { return this.zoomed; }

  /** Current weapon inaccuracy in px (moves the arms / disc of configs whose *_inaccuracy flags
   * are on); the runtime may call it every frame, it only redraws when the values change. */
  setSpread(firingPx: number, movementPx: number): void {
    if (this.spread.firingPx === firingPx && this.spread.movementPx === movementPx) return;
    this.spread = { firingPx, movementPx };
    if (!usesSpread(this.crosshairCfg) && !usesSpread(this.adsCfg)) return; // nothing moves: no redraw
    this.crosshair = this.crosshairCfg ? crosshairGeometry(this.crosshairCfg, this.spread) : null;
    this.ads = this.adsCfg ? crosshairGeometry(this.adsCfg, this.spread) : null;
    this.drawn = null;
  }

  /** Applies a stored setting of `type` (`{ enabled, config }`): enabled → its config, else
   * the legacy look (no ADS crosshair for ads). A hidden crosshair (drill show_crosshair
   * false) stays hidden, and so does the ADS crosshair then. */
  applySetting(type: CrosshairType, setting: CrosshairSetting): void {
    if (type === 'hitmarker') this.setMarkers(effectiveConfigOf(type, setting), this.missCfg);
    else if (type === 'missmarker') this.setMarkers(this.hitCfg, effectiveConfigOf(type, setting));
    else if (this.crosshairCfg === null) return;
    else if (type === 'crosshair') this.setCrosshair(effectiveConfigOf(type, setting));
    else this.setAds(setting.enabled ? setting.config : null);
  }

  /** Sets all four looks at once (see overlayConfigsOf). */
  apply(configs: OverlayConfigs): void {
    this.setCrosshair(configs.crosshair);
    this.setAds(configs.ads);
    this.setMarkers(configs.hit, configs.miss);
  }

  /** Sets the hit and miss marker looks. */
  setMarkers(hitCfg: CrosshairConfig, missCfg: CrosshairConfig): void {
    this.hitCfg = hitCfg;
    this.missCfg = missCfg;
    this.hit = crosshairGeometry(hitCfg);
    this.miss = crosshairGeometry(missCfg);
    this.blocked = crosshairGeometry(blockedMarkerConfig(hitCfg));
    this.drawn = null;
  }

  /** Shows the hit or miss marker for MARKER_SHOW_MS (50 ms) from `nowMs` (performance.now()),
   * replacing the other one. */
  showMarker(kind: MarkerKind, nowMs: number): void {
    this.timer.show(kind, nowMs);
  }

  /** Hides the markers. */
  clearMarkers(): void { this.timer.clear(); }

  /** Shows or hides the whole layer. */
  setVisible(visible: boolean): void {
    this.el.style.display = visible ? '' : 'none';
  }

  /** Re-centres the layer on the game canvas and matches devicePixelRatio; call on resize. */
  layout(): void {
    const win = this.el.ownerDocument.defaultView;
    const dpr = win?.devicePixelRatio || 1;
    const r = this.gameCanvas.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    this.el.style.left = `${cx - CROSSHAIR_CANVAS_PX / 2}px`;
    this.el.style.top = `${cy - CROSSHAIR_CANVAS_PX / 2}px`;
    if (dpr !== this.dpr || this.el.width !== Math.round(CROSSHAIR_CANVAS_PX * dpr)) {
      this.dpr = dpr;
      this.el.width = Math.round(CROSSHAIR_CANVAS_PX * dpr);
      this.el.height = Math.round(CROSSHAIR_CANVAS_PX * dpr);
    }
    this.drawn = null;
  }

  /** Redraws if what should show at `nowMs` (performance.now()) changed since the last draw. */
  update(nowMs: number): void {
    const marker = this.timer.current(nowMs);
    const key = `${marker ?? '-'}${this.zoomed ? 'z' : ''}`;
    if (key === this.drawn || !this.ctx) return;
    this.drawn = key;
    paintMarkers(this.ctx, CROSSHAIR_CANVAS_PX, this.dpr, this.layers(marker));
  }

  /** What is drawn, bottom first, with marker `marker` showing: the crosshair (the ADS
   * crosshair instead while zoomed, when there is one), then the hit or miss marker. */
  layers(marker: MarkerKind | null): Array<MarkerGeometry | null> {
    const base = this.zoomed && this.ads ? this.ads : this.crosshair;
    return [base, marker === 'hit' ? this.hit : marker === 'miss' ? this.miss : marker === 'blocked' ? this.blocked : null];
  }

  /** Removes the canvas. */
  dispose(): void {
    liveOverlays.delete(this);
    this.el.remove();
  }
}
