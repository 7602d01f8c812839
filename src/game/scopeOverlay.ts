/**
 * The scope view of a scoped weapon (src/contracts/weaponModels.ts hasScope: the sniper) while
 * aiming down sights with a zoom (DrillEngine.zoom > 1; the zoom itself is the drill's ADS zoom,
 * applied to the camera fov by adsView.ts / viewport.ts as for every weapon): a 2D canvas over
 * the game canvas, under the crosshair layer, not hit-testable, drawn once per show or resize:
 *  - a black surround outside the scope's circle (radius SCOPE_RADIUS_OF_HEIGHT of the view's
 *    height, centred), with a soft dark rim inside it (the eyepiece's vignette);
 *  - a duplex reticle: thick posts from the rim to SCOPE_POST_GAP of the radius from the centre,
 *    thin lines through the centre, and small hold marks below the centre on the vertical line.
 * The player's crosshair (or ADS crosshair) and the hit / miss markers stay on their own layer
 * above it (crosshairOverlay.ts). DOM only (no Babylon); geometry in `scopeGeometry` (pure).
 */

/** The scope's circle radius as a fraction of the view's height (our choice: the circle nearly
 * fills the height, as the scope views of Aim Lab and KovaaK's). */
export const SCOPE_RADIUS_OF_HEIGHT = 0.46;
/** Where the thick posts end, as a fraction of the radius from the centre. */
export const SCOPE_POST_GAP = 0.3;

/** The scope drawn on a view of `width` × `height` px: centre, circle radius, post and line
 * widths (px, at least 1), hold-mark spacing (px). */
export interface ScopeGeometry {
  cx: number;
  cy: number;
  r: number;
  post: number;
  line: number;
  mark: number;
}

/** The scope's geometry for a view of `width` × `height` px (see the file comment). */
export function scopeGeometry(width: number, height: number): ScopeGeometry {
  const r = Math.max(1, Math.min(height * SCOPE_RADIUS_OF_HEIGHT, width * 0.5));
  return {
    cx: width / 2,
    cy: height / 2,
    r,
    post: Math.max(2, Math.round(r * 0.018)),
    line: Math.max(1, Math.round(r * 0.004)),
    mark: r * 0.08,
  };
}

/** Paints scope geometry `g` on `ctx` (a cleared canvas of the view's size, in its px). */
export function paintScope(ctx: CanvasRenderingContext2D, width: number, height: number, g: ScopeGeometry): void {
  ctx.clearRect(0, 0, width, height);
  // the surround: the whole view minus the circle (even-odd)
  ctx.fillStyle = '#000';
  ctx.beginPath();
  ctx.rect(0, 0, width, height);
  ctx.arc(g.cx, g.cy, g.r, 0, Math.PI * 2);
  ctx.fill('evenodd');
  // the eyepiece's vignette: dark at the rim, clear from 82 % of the radius inward
  const rim = ctx.createRadialGradient(g.cx, g.cy, g.r * 0.82, g.cx, g.cy, g.r);
  rim.addColorStop(0, 'rgba(0,0,0,0)');
  rim.addColorStop(0.7, 'rgba(0,0,0,0.35)');
  rim.addColorStop(1, 'rgba(0,0,0,0.95)');
  ctx.fillStyle = rim;
  ctx.beginPath();
  ctx.arc(g.cx, g.cy, g.r + 1, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(0,0,0,0.92)';
  // thin cross through the centre
  ctx.fillRect(g.cx - g.r, g.cy - g.line / 2, 2 * g.r, g.line);
  ctx.fillRect(g.cx - g.line / 2, g.cy - g.r, g.line, 2 * g.r);
  // thick posts from the rim to the gap (left, right, bottom; the top one thinner, as duplex scopes)
  const inner = g.r * SCOPE_POST_GAP;
  ctx.fillRect(g.cx - g.r, g.cy - g.post / 2, g.r - inner, g.post);
  ctx.fillRect(g.cx + inner, g.cy - g.post / 2, g.r - inner, g.post);
  ctx.fillRect(g.cx - g.post / 2, g.cy + inner, g.post, g.r - inner);
  ctx.fillRect(g.cx - g.post / 4, g.cy - g.r, g.post / 2, g.r - inner);
  // hold marks below the centre: short ticks, each a little wider
  for (let k = 1; k <= 3; k++) {
    const half = g.r * (0.018 + 0.008 * k);
    ctx.fillRect(g.cx - half, g.cy + k * g.mark - g.line / 2, 2 * half, g.line);
  }
}

/** The scope layer of one loaded drill with a scoped weapon. */
export class ScopeOverlay {
  readonly el: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private shown = false;
  private painted = '';

  /**
   * @param overlayRoot element the canvas is put in (first, under the crosshair layer)
   * @param gameCanvas the game canvas it covers
   */
  constructor(overlayRoot: HTMLElement, private readonly gameCanvas: HTMLCanvasElement) {
    const doc = overlayRoot.ownerDocument;
    this.el = doc.createElement('canvas');
    this.el.className = 'game-scope';
    this.el.dataset.testid = 'scope-overlay';
    this.el.setAttribute('aria-hidden', 'true');
    const s = this.el.style;
    s.position = 'fixed';
    s.pointerEvents = 'none';
    s.display = 'none';
    overlayRoot.prepend(this.el);
    this.ctx = this.el.getContext('2d');
  }

  /** Shows the scope (aiming down sights with a zoom) or hides it. */
  setShown(shown: boolean): void {
    if (shown === this.shown) return;
    this.shown = shown;
    this.el.style.display = shown ? '' : 'none';
    if (shown) this.layout();
  }

  /** Whether the scope is shown now. */
  get isShown(): boolean { return this.shown; }

  /** Covers the game canvas again and repaints at devicePixelRatio when shown; call on resize. */
  layout(): void {
    if (!this.shown) return;
    const r = this.gameCanvas.getBoundingClientRect();
    const dpr = this.el.ownerDocument.defaultView?.devicePixelRatio || 1;
    const s = this.el.style;
    s.left = `${r.left}px`;
    s.top = `${r.top}px`;
    s.width = `${r.width}px`;
    s.height = `${r.height}px`;
    const w = Math.max(1, Math.round(r.width * dpr)), h = Math.max(1, Math.round(r.height * dpr));
    const key = `${w}x${h}`;
    if (key === this.painted || !this.ctx) return;
    this.el.width = w;
    this.el.height = h;
    paintScope(this.ctx, w, h, scopeGeometry(w, h));
    this.painted = key;
  }

  /** Removes the canvas. */
  dispose(): void {
    this.el.remove();
  }
}
