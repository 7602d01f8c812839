/**
 * The layer over the game view for what follows world points: off-screen spawn arrows
 * (`hud.spawn_indicator`, default on) and kill / crit pop-ups (with the HUD: `hud.enabled`).
 * Placement maths: offscreen.ts.
 *
 * Drawn as a few small DOM elements (MAX_ARROWS arrows, MAX_POPUPS pop-ups), each its own
 * composited layer (`will-change: transform, opacity`), moved by their transform and opacity:
 * a frame that only moves or fades them changes compositor properties (no paint, no raster; an
 * element is painted when it shows or its text changes). It was one full-view 2D
 * canvas, cleared and redrawn every frame while anything showed: under software GL (SwiftShader)
 * compositing and clearing that 1280x720 layer cost about 8 ms a frame of drill 134 with every
 * option on (hidden by CSS in the same running page: 65.8 -> 57.6 ms mean; BENCHMARKS.md render,
 * issue 11). The container itself paints nothing.
 */
import type { EngineEvent } from '../contracts/engine';
import { viewBasis } from './aim';
import { ArrowPicker, MAX_POPUPS, PopupList, popupLook, screenPoint, toView, type ViewPoint } from './offscreen';
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
  /** a critical kill shows CRIT (else '+1'): only where a crit changes something
   * (critFeedback.ts critMatters; absent = true) */
  critPopups?: boolean;
  /** arrow fill, CSS colour (the target colour) */
  arrowColour: string;
}

/** The pop-ups' largest scale (popupLook peaks at 1.15): their text is laid out at this size
 * and only ever scaled down, so it stays sharp. */
const POPUP_MAX_SCALE = 1.15;
/** Pop-up text: size at scale 1 (CSS px) and fill, kill and critical kill. */
const POPUP_STYLE = { kill: { text: '+1', px: 19, fill: '#ffffff' }, crit: { text: 'CRIT', px: 24, fill: '#ffd23f' } } as const;
/** The pop-up sits this far above the kill's screen point, CSS px (then rises POPUP_RISE_PX). */
const POPUP_LIFT_PX = 28;
/** Room around the arrow's shape in its SVG for the outline, CSS px. */
const ARROW_PAD_PX = 3;

/** One arrow or pop-up element and what was last written to it (writes only on change). */
interface Slot { el: HTMLElement; shown: boolean; transform: string; opacity: string; kind: string }

/** The arrows-and-pop-ups layer of a game view. */
export class WorldOverlay {
  private readonly el: HTMLElement;
  private readonly arrowSlots: Slot[] = [];
  private readonly popupSlots: Slot[] = [];
  private readonly popups = new PopupList();
  private readonly basis = viewBasis(0, 0);
  private readonly vp: ViewPoint = { cx: 0, cy: 0, cz: 0 };
  private readonly scr = { x: 0, y: 0 };
  /** the frame's arrows, nearest the aim first (filled by TargetRenderer.sync's pass) */
  private readonly arrows = new ArrowPicker(MAX_ARROWS, ARROW_INSETS);
  private cssW = 0;
  private cssH = 0;

  constructor(overlayRoot: HTMLElement, private readonly gameCanvas: HTMLCanvasElement, private opts: WorldOverlayOptions) {
    const doc = overlayRoot.ownerDocument;
    this.el = doc.createElement('div');
    this.el.className = 'game-world-overlay';
    this.el.dataset.testid = 'world-overlay';
    this.el.setAttribute('aria-hidden', 'true'); // what it shows the HUD's numbers say
    const s = this.el.style;
    s.position = 'fixed';
    s.pointerEvents = 'none';
    s.overflow = 'hidden';
    s.contain = 'strict';
    for (let i = 0; i < MAX_ARROWS; i++) this.arrowSlots.push(this.slot(arrowElement(doc, opts.arrowColour)));
    for (let i = 0; i < MAX_POPUPS; i++) this.popupSlots.push(this.slot(popupElement(doc)));
    overlayRoot.appendChild(this.el);
    this.layout();
  }

  private slot(el: HTMLElement): Slot {
    const s = el.style;
    s.position = 'absolute';
    s.left = '0';
    s.top = '0';
    s.display = 'none';
    s.willChange = 'transform, opacity';
    this.el.appendChild(el);
    return { el, shown: false, transform: '', opacity: '', kind: '' };
  }

  /** Changes what shows (live settings). */
  setOptions(opts: WorldOverlayOptions): void {
    if (opts.arrowColour !== this.opts.arrowColour) {
      for (const a of this.arrowSlots) a.el.querySelector('path')?.setAttribute('fill', opts.arrowColour);
    }
    this.opts = opts;
    if (!opts.arrows) for (const a of this.arrowSlots) hide(a);
    if (!opts.popups) for (const p of this.popupSlots) hide(p);
  }

  /** Covers the game canvas; call on resize. */
  layout(): void {
    const r = this.gameCanvas.getBoundingClientRect();
    this.el.style.left = `${r.left}px`;
    this.el.style.top = `${r.top}px`;
    this.el.style.width = `${r.width}px`;
    this.el.style.height = `${r.height}px`;
    this.cssW = r.width;
    this.cssH = r.height;
  }

  /** Removes every pop-up and arrow (a new round, a pause). */
  clear(): void {
    this.popups.clear();
    this.arrows.count = 0;
    for (const a of this.arrowSlots) hide(a);
    for (const p of this.popupSlots) hide(p);
  }

  /**
   * Starts the frame's arrows for `view`: returns the picker to fill with the live targets
   * (TargetRenderer.sync does, in its one pass over the targets, and skips the bars of targets
   * the picker says cannot be seen); with arrows off (hud.spawn_indicator) it keeps none. Then
   * `frame`.
   */
  arrowsFor(view: ViewFrame): ArrowPicker {
    this.arrows.count = 0;
    this.arrows.keepArrows = this.opts.arrows;
    this.arrows.begin(view.eye, viewBasis(view.yawDeg, view.pitchDeg, this.basis), view.tanH, view.tanV, this.cssW, this.cssH);
    return this.arrows;
  }

  /**
   * Shows the frame: pop-ups for this frame's kills (`events`), then the arrows the picker of
   * `arrowsFor` kept (at most MAX_ARROWS, nearest the aim first) and the live pop-ups. `view` is
   * the frame's view (as given to arrowsFor); `nowMs` is performance.now().
   */
  frame(events: readonly EngineEvent[], view: ViewFrame, nowMs: number): void {
    if (this.opts.popups) {
      for (const ev of events) {
        if (ev.type === 'removed' && (ev.reason === 'playerKilled' || ev.reason === 'playerKilledCrit')) {
          this.popups.add(ev.x, ev.y, ev.z, ev.reason === 'playerKilledCrit' && this.opts.critPopups !== false, nowMs);
        }
      }
    }
    const count = this.opts.arrows ? this.arrows.count : 0;
    if (count > 0) this.arrows.finish();
    for (let i = 0; i < MAX_ARROWS; i++) {
      const slot = this.arrowSlots[i];
      if (i >= count) { hide(slot); continue; }
      const a = this.arrows.candidates[i].a;
      // the SVG's tip is at (ARROW_LENGTH_PX + pad, ARROW_WIDTH_PX / 2 + pad), pointing along +x
      place(slot, `translate(${px(a.x - ARROW_LENGTH_PX - ARROW_PAD_PX)}px,${px(a.y - ARROW_WIDTH_PX / 2 - ARROW_PAD_PX)}px) rotate(${a.angle.toFixed(4)}rad)`, '0.92');
    }
    let used = 0;
    if (this.opts.popups) {
      const b = viewBasis(view.yawDeg, view.pitchDeg, this.basis);
      let avoidRead = false;
      this.popups.forEachAlive(nowMs, (p, k) => {
        if (used >= this.popupSlots.length) return;
        const v = toView(p.x, p.y, p.z, view.eye, b, this.vp);
        const s = view.split
          ? multiViewScreenPoint(v.cx, v.cy, v.cz, view.split, view.tanV, this.cssW, this.cssH, this.scr)
          : screenPoint(v.cx, v.cy, v.cz, view.tanH, view.tanV, this.cssW, this.cssH, this.scr);
        if (!s) return;
        const slot = this.popupSlots[used++];
        const kind = p.crit ? 'crit' : 'kill';
        if (slot.kind !== kind) {
          const st = POPUP_STYLE[kind];
          slot.el.textContent = st.text;
          slot.el.style.color = st.fill;
          slot.el.style.fontSize = `${Math.round(st.px * POPUP_MAX_SCALE)}px`;
          slot.kind = kind;
        }
        const look = popupLook(k);
        if (!avoidRead) { this.readAvoidRects(); avoidRead = true; }
        const st = POPUP_STYLE[kind];
        const y = this.clearOfHud(s.x, s.y - POPUP_LIFT_PX - look.rise, st.px * POPUP_MAX_SCALE, st.text.length);
        // the element's centre on the point above the kill, scaled about that centre
        place(slot, `translate(${px(s.x)}px,${px(y)}px) scale(${(look.scale / POPUP_MAX_SCALE).toFixed(3)}) translate(-50%,-50%)`, look.alpha.toFixed(3));
      });
    }
    for (let i = used; i < this.popupSlots.length; i++) hide(this.popupSlots[i]);
  }

  /** The HUD's boxes this frame, relative to the layer, CSS px: [left, top, right, bottom] ×
   * up to AVOID_MAX (`.hud`: the stats and the objective bar; `.hud-clip`). */
  private readonly avoid = new Float64Array(4 * AVOID_MAX);
  private avoidN = 0;

  /** Reads the HUD's boxes (one layout read per frame with pop-ups on screen). */
  private readAvoidRects(): void {
    this.avoidN = 0;
    const doc = this.el.ownerDocument;
    const base = this.el.getBoundingClientRect();
    for (const el of doc.querySelectorAll(AVOID_SELECTOR)) {
      if (this.avoidN >= AVOID_MAX) break;
      const r = el.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) continue;
      const o = 4 * this.avoidN++;
      this.avoid[o] = r.left - base.left; this.avoid[o + 1] = r.top - base.top;
      this.avoid[o + 2] = r.right - base.left; this.avoid[o + 3] = r.bottom - base.top;
    }
  }

  /**
   * The pop-up centre's y (CSS px) moved clear of the HUD's boxes: a pop-up of font size `fontPx`
   * and `chars` characters centred at (x, y) that would overlap a box is put below it (a box in
   * the top half of the view: the stats, the objective bar) or above it (the clip HUD), with
   * POPUP_HUD_GAP_PX between (issue 35: pop-ups never cover the HUD or the objective bar).
   */
  private clearOfHud(x: number, y: number, fontPx: number, chars: number): number {
    const hw = 0.36 * fontPx * chars + 2, hh = 0.62 * fontPx;
    for (let i = 0; i < this.avoidN; i++) {
      const o = 4 * i;
      const l = this.avoid[o], t = this.avoid[o + 1], r = this.avoid[o + 2], btm = this.avoid[o + 3];
      if (x + hw <= l || x - hw >= r || y + hh <= t || y - hh >= btm) continue;
      y = (t + btm) / 2 < this.cssH / 2 ? btm + hh + POPUP_HUD_GAP_PX : t - hh - POPUP_HUD_GAP_PX;
    }
    return y;
  }

  /** Removes the layer. */
  dispose(): void {
    this.el.remove();
  }
}

/** The HUD elements pop-ups keep clear of (src/ui/overlays/Hud.tsx). */
const AVOID_SELECTOR = '.hud, .hud-clip';
/** Most HUD boxes considered. */
const AVOID_MAX = 4;
/** Gap between a moved pop-up and the HUD box, CSS px. */
const POPUP_HUD_GAP_PX = 6;

/** A CSS px value rounded to 1/10 px. */
function px(v: number): string {
  return v.toFixed(1);
}

/** Shows `slot` with `transform` and `opacity`, writing only what changed. */
function place(slot: Slot, transform: string, opacity: string): void {
  const s = slot.el.style;
  if (!slot.shown) { s.display = 'block'; slot.shown = true; }
  if (slot.transform !== transform) { s.transform = transform; slot.transform = transform; }
  if (slot.opacity !== opacity) { s.opacity = opacity; slot.opacity = opacity; }
}

function hide(slot: Slot): void {
  if (!slot.shown) return;
  slot.el.style.display = 'none';
  slot.shown = false;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An arrow: an SVG of a notched triangle (tip, two barbs, a notch at 0.7 of the length) filled
 * with `fill` and outlined dark, pointing along +x, rotating about its tip. */
function arrowElement(doc: Document, fill: string): HTMLElement {
  const pad = ARROW_PAD_PX, w = ARROW_LENGTH_PX + 2 * pad, h = ARROW_WIDTH_PX + 2 * pad;
  const tipX = pad + ARROW_LENGTH_PX, cy = pad + ARROW_WIDTH_PX / 2, hw = ARROW_WIDTH_PX / 2;
  const el = doc.createElement('div');
  el.className = 'game-world-overlay__arrow';
  el.style.width = `${w}px`;
  el.style.height = `${h}px`;
  el.style.transformOrigin = `${tipX}px ${cy}px`;
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('width', String(w));
  svg.setAttribute('height', String(h));
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.style.display = 'block';
  svg.style.overflow = 'visible';
  const path = doc.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', `M${tipX} ${cy}L${pad} ${cy + hw}L${tipX - ARROW_LENGTH_PX * 0.7} ${cy}L${pad} ${cy - hw}Z`);
  path.setAttribute('fill', fill);
  path.setAttribute('stroke', 'rgba(0, 0, 0, 0.65)');
  path.setAttribute('stroke-width', '2');
  path.setAttribute('stroke-linejoin', 'round');
  svg.appendChild(path);
  el.appendChild(svg);
  return el;
}

/** A pop-up: bold text with a dark outline (text, colour and size set when shown: POPUP_STYLE). */
function popupElement(doc: Document): HTMLElement {
  const el = doc.createElement('div');
  el.className = 'game-world-overlay__popup';
  const s = el.style;
  s.fontWeight = '800';
  s.fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  s.lineHeight = '1';
  s.whiteSpace = 'nowrap';
  s.transformOrigin = '0 0';
  s.setProperty('-webkit-text-stroke', '4px rgba(0, 0, 0, 0.7)');
  s.setProperty('paint-order', 'stroke fill');
  return el;
}
