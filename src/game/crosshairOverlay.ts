/**
 * The crosshair / hit-marker / miss-marker layer: one 2D canvas, 400×400 CSS px (spec
 * section 9 "crosshair canvas defaults to 400x400"), fixed over the centre of the game canvas,
 * inside `overlayRoot`, not hit-testable. Geometry in crosshairGeometry.ts. DOM only.
 */
import type { CrosshairConfig } from '../contracts/crosshair';
import { MARKER_SHOW_MS } from '../contracts/constants';
import {
  crosshairGeometry, growRect, MarkerTimer, type MarkerGeometry,
} from './crosshairGeometry';

/** CSS px side of the crosshair canvas. */
export const CROSSHAIR_CANVAS_PX = 400;

/** Draws `g` on `ctx` centred at (`cx`, `cy`) (canvas units after the current transform). */
export function drawMarker(ctx: CanvasRenderingContext2D, g: MarkerGeometry, cx: number, cy: number): void {
  ctx.save();
  ctx.translate(cx, cy);
  if (g.rotation) ctx.rotate(g.rotation);
  const pass = (grow: number, style: string): void => {
    ctx.fillStyle = style;
    ctx.strokeStyle = style;
    for (const r of g.rects) {
      const q = grow ? growRect(r, grow) : r;
      ctx.fillRect(q.x, q.y, q.w, q.h);
    }
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

/** The crosshair layer of one game. */
export class CrosshairOverlay {
  private readonly el: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private crosshair: MarkerGeometry | null = null;
  private hit: MarkerGeometry;
  private miss: MarkerGeometry;
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
    this.hit = crosshairGeometry(hitCfg);
    this.miss = crosshairGeometry(missCfg);
    this.layout();
  }

  /** Sets the crosshair (null hides it) and redraws. */
  setCrosshair(cfg: CrosshairConfig | null): void {
    this.crosshair = cfg ? crosshairGeometry(cfg) : null;
    this.drawn = null;
  }

  /** Sets the hit and miss marker looks. */
  setMarkers(hitCfg: CrosshairConfig, missCfg: CrosshairConfig): void {
    this.hit = crosshairGeometry(hitCfg);
    this.miss = crosshairGeometry(missCfg);
    this.drawn = null;
  }

  /** Shows the hit or miss marker for MARKER_SHOW_MS (50 ms) from `nowMs` (performance.now()),
   * replacing the other one. */
  showMarker(kind: 'hit' | 'miss', nowMs: number): void {
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
    const key = marker ?? '-';
    if (key === this.drawn || !this.ctx) return;
    this.drawn = key;
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.el.width, this.el.height);
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    const c = CROSSHAIR_CANVAS_PX / 2;
    if (this.crosshair) drawMarker(ctx, this.crosshair, c, c);
    if (marker === 'hit') drawMarker(ctx, this.hit, c, c);
    else if (marker === 'miss') drawMarker(ctx, this.miss, c, c);
  }

  /** Removes the canvas. */
  dispose(): void {
    this.el.remove();
  }
}
