/**
 * The 2D layer over the game view for what follows world points: off-screen spawn arrows
 * (`hud.spawn_indicator`, default on) and kill / crit pop-ups (with the HUD: `hud.enabled`).
 * One canvas the size of the game canvas (devicePixelRatio-scaled), under the crosshair layer,
 * redrawn only while something shows (and cleared once when the last thing goes). Placement
 * maths: offscreen.ts.
 */
import type { EngineEvent } from '../contracts/engine';
import { viewBasis } from './aim';
import { ArrowPicker, PopupList, popupLook, screenPoint, toView, type ArrowPlacement, type ViewPoint } from './offscreen';
import { multiViewScreenPoint, type SplitView } from './multiView';

/** Most arrows drawn at once: the targets nearest the aim (by angle) get them. */
export const MAX_ARROWS = 8;
/** Arrow size: length from tip to base and base width, CSS px. */
export const ARROW_LENGTH_PX = 22;
export const ARROW_WIDTH_PX = 18;
/** Arrow tips sit this far inside the view's edges, CSS px: 30, and 120 at the top, below the
 * HUD's stat cards and objective bar (src/ui/overlays/Hud.tsx). */
export const ARROW_INSETS = { top: 120, right: 30, bottom: 30, left: 30 } as const;

/** The camera's view: half-angle tangents and the eye, for one frame. */
export interface ViewFrame {
  eye: { x: number; y: number; z: number };
  yawDeg: number;
  pitchDeg: number;
  tanH: number;
  tanV: number;
  /** multi-monitor mode: the canvas's views (multiView.ts; tanH is then their combined
   * horizontal fov's, tanV each view's); null = one view */
  split: SplitView | null;
}

/** What the layer shows. */
export interface WorldOverlayOptions {
  /** off-screen spawn arrows (hud.spawn_indicator) */
  arrows: boolean;
  /** kill and crit pop-ups (hud.enabled) */
  popups: boolean;
  /** arrow fill, CSS colour (the target colour) */
  arrowColour: string;
}

/** The arrows-and-pop-ups canvas of a game view. */
export class WorldOverlay {
  private readonly el: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly popups = new PopupList();
  private readonly basis = viewBasis(0, 0);
  private readonly vp: ViewPoint = { cx: 0, cy: 0, cz: 0 };
  private readonly scr = { x: 0, y: 0 };
  /** the frame's arrows, nearest the aim first (filled by TargetRenderer.sync's pass) */
  private readonly arrows = new ArrowPicker(MAX_ARROWS, ARROW_INSETS);
  private dirty = false;
  private dpr = 1;
  private cssW = 0;
  private cssH = 0;

  constructor(overlayRoot: HTMLElement, private readonly gameCanvas: HTMLCanvasElement, private opts: WorldOverlayOptions) {
    const doc = overlayRoot.ownerDocument;
    this.el = doc.createElement('canvas');
    this.el.className = 'game-world-overlay';
    this.el.dataset.testid = 'world-overlay';
    const s = this.el.style;
    s.position = 'fixed';
    s.pointerEvents = 'none';
    overlayRoot.appendChild(this.el);
    this.ctx = this.el.getContext('2d');
    this.layout();
  }

  /** Changes what shows (live settings). */
  setOptions(opts: WorldOverlayOptions): void {
    this.opts = opts;
    this.dirty = true;
  }

  /** Covers the game canvas and matches devicePixelRatio; call on resize. */
  layout(): void {
    const win = this.el.ownerDocument.defaultView;
    const dpr = win?.devicePixelRatio || 1;
    const r = this.gameCanvas.getBoundingClientRect();
    this.el.style.left = `${r.left}px`;
    this.el.style.top = `${r.top}px`;
    this.el.style.width = `${r.width}px`;
    this.el.style.height = `${r.height}px`;
    this.cssW = r.width;
    this.cssH = r.height;
    this.dpr = dpr;
    this.el.width = Math.max(1, Math.round(r.width * dpr));
    this.el.height = Math.max(1, Math.round(r.height * dpr));
    this.dirty = true;
  }

  /** Removes every pop-up and arrow (a new round, a pause). */
  clear(): void {
    this.popups.clear();
    this.arrows.count = 0;
    if (this.ctx) this.ctx.clearRect(0, 0, this.el.width, this.el.height);
    this.dirty = false;
  }

  /**
   * Starts the frame's arrows for `view`: returns the picker to fill with the live targets
   * (TargetRenderer.sync does, in its one pass over the targets, and skips the bars of targets
   * the picker says cannot be seen); with arrows off (hud.spawn_indicator) it keeps none. Null
   * when nothing can be drawn (no 2D context). Then `frame`.
   */
  arrowsFor(view: ViewFrame): ArrowPicker | null {
    this.arrows.count = 0;
    if (!this.ctx) return null;
    this.arrows.keepArrows = this.opts.arrows;
    this.arrows.begin(view.eye, viewBasis(view.yawDeg, view.pitchDeg, this.basis), view.tanH, view.tanV, this.cssW, this.cssH);
    return this.arrows;
  }

  /**
   * Draws the frame: pop-ups for this frame's kills (`events`), then the arrows the picker of
   * `arrowsFor` kept (at most MAX_ARROWS, nearest the aim first) and the live pop-ups. `view` is
   * the frame's view (as given to arrowsFor); `nowMs` is performance.now().
   */
  frame(events: readonly EngineEvent[], view: ViewFrame, nowMs: number): void {
    if (!this.ctx) return;
    if (this.opts.popups) {
      for (const ev of events) {
        if (ev.type === 'removed' && (ev.reason === 'playerKilled' || ev.reason === 'playerKilledCrit')) {
          this.popups.add(ev.x, ev.y, ev.z, ev.reason === 'playerKilledCrit', nowMs);
        }
      }
    }
    const b = viewBasis(view.yawDeg, view.pitchDeg, this.basis);
    const count = this.opts.arrows ? this.arrows.count : 0;
    if (count > 0) this.arrows.finish();
    const showPopups = this.opts.popups && this.popups.anyAlive(nowMs);
    if (count === 0 && !showPopups && !this.dirty) return;
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.cssW, this.cssH);
    this.dirty = count > 0 || showPopups; // clear once more after the last drawing
    for (let i = 0; i < count; i++) drawArrow(ctx, this.arrows.candidates[i].a, this.opts.arrowColour);
    if (showPopups) {
      this.popups.forEachAlive(nowMs, (p, k) => {
        const v = toView(p.x, p.y, p.z, view.eye, b, this.vp);
        const s = view.split
          ? multiViewScreenPoint(v.cx, v.cy, v.cz, view.split, view.tanV, this.cssW, this.cssH, this.scr)
          : screenPoint(v.cx, v.cy, v.cz, view.tanH, view.tanV, this.cssW, this.cssH, this.scr);
        if (!s) return;
        drawPopup(ctx, s.x, s.y, p.crit, k);
      });
    }
  }

  /** Removes the canvas. */
  dispose(): void {
    this.el.remove();
  }
}

/** A filled triangle whose tip is at (a.x, a.y) pointing along a.angle, with a dark outline. */
function drawArrow(ctx: CanvasRenderingContext2D, a: ArrowPlacement, fill: string): void {
  const c = Math.cos(a.angle), s = Math.sin(a.angle);
  const bx = a.x - c * ARROW_LENGTH_PX, by = a.y - s * ARROW_LENGTH_PX;
  const hw = ARROW_WIDTH_PX / 2;
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(bx - s * hw, by + c * hw);
  ctx.lineTo(a.x - c * ARROW_LENGTH_PX * 0.7, a.y - s * ARROW_LENGTH_PX * 0.7);
  ctx.lineTo(bx + s * hw, by - c * hw);
  ctx.closePath();
  ctx.globalAlpha = 0.92;
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.65)';
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/** The pop-up of a kill ("+1", white) or a critical kill ("CRIT", gold) at (x, y) px. */
function drawPopup(ctx: CanvasRenderingContext2D, x: number, y: number, crit: boolean, progress: number): void {
  const look = popupLook(progress);
  const size = Math.round((crit ? 24 : 19) * look.scale);
  ctx.globalAlpha = look.alpha;
  ctx.font = `800 ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 4;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.7)';
  const text = crit ? 'CRIT' : '+1';
  const ty = y - 28 - look.rise;
  ctx.strokeText(text, x, ty);
  ctx.fillStyle = crit ? '#ffd23f' : '#ffffff';
  ctx.fillText(text, x, ty);
  ctx.globalAlpha = 1;
}
