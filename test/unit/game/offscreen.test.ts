import { aimDirection, viewBasis } from '../../../src/game/aim';
import { barSize } from '../../../src/game/barModel';
import {
  ArrowPicker, BAR_REACH, MAX_POPUPS, POPUP_MS, POPUP_RISE_PX, PopupList, inView, offscreenArrow, popupLook, screenPoint, toView,
  type ArrowPlacement, type ViewPoint,
} from '../../../src/game/offscreen';

const W = 1280, H = 720;
// 103° horizontal at 16:9 → tan(51.5°) horizontally, tan(51.5°)·9/16 vertically
const tanH = Math.tan((51.5 * Math.PI) / 180);
const tanV = tanH * (9 / 16);
const insets = { top: 120, right: 30, bottom: 30, left: 30 };
const eye = { x: 0, y: 1.3, z: 3.5 };
const arrow = (): ArrowPlacement => ({ edge: 'right', x: 0, y: 0, angle: 0 });

/** The view point of world point (x, y, z) seen from `eye` aiming at yaw/pitch (degrees). */
function seen(x: number, y: number, z: number, yaw = 0, pitch = 0): ViewPoint {
  return toView(x, y, z, eye, viewBasis(yaw, pitch), { cx: 0, cy: 0, cz: 0 });
}

describe('viewBasis', () => {
  test.each([[0, 0], [30, 10], [-120, -45], [200, 80]])('yaw %p pitch %p: orthonormal, forward = aimDirection', (yaw, pitch) => {
    const b = viewBasis(yaw, pitch);
    const d = aimDirection(yaw, pitch);
    expect(b.fx).toBeCloseTo(d.x, 12); expect(b.fy).toBeCloseTo(d.y, 12); expect(b.fz).toBeCloseTo(d.z, 12);
    const dot = (a: number[], c: number[]) => a[0] * c[0] + a[1] * c[1] + a[2] * c[2];
    const f = [b.fx, b.fy, b.fz], r = [b.rx, b.ry, b.rz], u = [b.ux, b.uy, b.uz];
    expect(dot(f, r)).toBeCloseTo(0, 12); expect(dot(f, u)).toBeCloseTo(0, 12); expect(dot(r, u)).toBeCloseTo(0, 12);
    expect(dot(r, r)).toBeCloseTo(1, 12); expect(dot(u, u)).toBeCloseTo(1, 12);
  });

  test('at yaw 0 right is +x and up is +y; yaw 90 looks along +x with right +z', () => {
    expect(viewBasis(0, 0)).toMatchObject({ rx: 1, ry: 0, rz: 0, ux: -0, uy: 1 });
    const b = viewBasis(90, 0);
    expect(b.fx).toBeCloseTo(1, 12); expect(b.rz).toBeCloseTo(1, 12);
  });
});

describe('screen placement', () => {
  test('a point straight ahead is at the centre; one 1 m right and 1 m up at 10 m lands right of and above it', () => {
    const p = seen(0, 1.3, -6.5);
    expect(inView(p.cx, p.cy, p.cz, tanH, tanV)).toBe(true);
    expect(screenPoint(p.cx, p.cy, p.cz, tanH, tanV, W, H, { x: 0, y: 0 })).toEqual({ x: 640, y: 360 });
    const q = seen(1, 2.3, -6.5);
    const s = screenPoint(q.cx, q.cy, q.cz, tanH, tanV, W, H, { x: 0, y: 0 })!;
    // 1 m at 10 m = tan 0.1: x = 640 + 0.1/tanH·640, y = 360 − 0.1/tanV·360
    expect(s.x).toBeCloseTo(640 + (0.1 / tanH) * 640, 6);
    expect(s.y).toBeCloseTo(360 - (0.1 / tanV) * 360, 6);
    expect(screenPoint(0, 0, -1, tanH, tanV, W, H, { x: 0, y: 0 })).toBeNull();
  });

  test('a target in view gets no arrow', () => {
    const p = seen(2, 2, -8);
    expect(offscreenArrow(p.cx, p.cy, p.cz, tanH, tanV, W, H, insets, arrow())).toBeNull();
  });

  test('a target 90° to the left (a 180 Switch spawn) gets an arrow on the left edge pointing left', () => {
    const p = seen(-10, 1.3, 3.5);
    const a = offscreenArrow(p.cx, p.cy, p.cz, tanH, tanV, W, H, insets, arrow())!;
    expect(a.edge).toBe('left');
    expect(a.x).toBeCloseTo(30, 6);
    expect(a.y).toBeCloseTo(360, 6);
    expect(a.angle).toBeCloseTo(Math.PI, 6);
  });

  test('a target to the right at the same height: right edge, pointing right', () => {
    const p = seen(10, 1.3, 3.5);
    const a = offscreenArrow(p.cx, p.cy, p.cz, tanH, tanV, W, H, insets, arrow())!;
    expect(a).toEqual({ edge: 'right', x: 1250, y: 360, angle: 0 });
  });

  test('a target straight above: top edge, below the HUD inset, pointing up', () => {
    const p = seen(0, 11, 3.4);
    const a = offscreenArrow(p.cx, p.cy, p.cz, tanH, tanV, W, H, insets, arrow())!;
    expect(a.edge).toBe('top');
    expect(a.x).toBeCloseTo(640, 6);
    expect(a.y).toBeCloseTo(120, 6);
    expect(a.angle).toBeCloseTo(-Math.PI / 2, 6);
  });

  test('a target behind and slightly left: the arrow points left (the shorter turn), not right', () => {
    const p = seen(-0.5, 1.3, 12);
    const a = offscreenArrow(p.cx, p.cy, p.cz, tanH, tanV, W, H, insets, arrow())!;
    expect(a.edge).toBe('left');
    expect(Math.cos(a.angle)).toBeLessThan(0);
  });

  test('a target straight behind counts as to the right; one below ahead goes to the bottom edge', () => {
    const b = seen(0, 1.3, 12);
    expect(offscreenArrow(b.cx, b.cy, b.cz, tanH, tanV, W, H, insets, arrow())!.edge).toBe('right');
    const d = seen(0, -20, -2);
    const a = offscreenArrow(d.cx, d.cy, d.cz, tanH, tanV, W, H, insets, arrow())!;
    expect(a.edge).toBe('bottom');
    expect(a.y).toBeCloseTo(690, 6);
  });

  test('a target behind and far above still gets a side arrow (turn left or right), high on that edge', () => {
    const p = seen(-1, 9, 12);
    const a = offscreenArrow(p.cx, p.cy, p.cz, tanH, tanV, W, H, insets, arrow())!;
    expect(a.edge).toBe('left');
    expect(a.x).toBe(30);
    expect(a.y).toBeLessThan(360);
    expect(a.y).toBeGreaterThanOrEqual(120);
    expect(a.angle).toBe(Math.PI);
  });

  test('turned 90° right, a target that was ahead is now on the left', () => {
    const p = seen(0, 1.3, -10, 90, 0);
    expect(offscreenArrow(p.cx, p.cy, p.cz, tanH, tanV, W, H, insets, arrow())!.edge).toBe('left');
  });
});

describe('pop-ups', () => {
  test('a pop-up lives POPUP_MS; the list keeps the newest MAX_POPUPS', () => {
    const list = new PopupList();
    list.add(0, 0, 0, false, 1000);
    expect(list.anyAlive(1000)).toBe(true);
    expect(list.anyAlive(1000 + POPUP_MS - 1)).toBe(true);
    expect(list.anyAlive(1000 + POPUP_MS)).toBe(false);
    for (let i = 0; i < MAX_POPUPS + 3; i++) list.add(i, 0, 0, i % 2 === 0, 2000 + i);
    const seenX: number[] = [];
    list.forEachAlive(2100, (p) => seenX.push(p.x));
    expect(seenX.sort((a, b) => a - b)).toEqual(Array.from({ length: MAX_POPUPS }, (_, i) => i + 3));
  });

  test('look: pops to 1.15, settles at 1, rises POPUP_RISE_PX and fades over the last 40 %', () => {
    expect(popupLook(0)).toEqual({ scale: 0.6, rise: 0, alpha: 1 });
    expect(popupLook(0.15).scale).toBeCloseTo(1.15, 10);
    expect(popupLook(0.5)).toEqual({ scale: 1, rise: POPUP_RISE_PX * 0.75, alpha: 1 });
    expect(popupLook(0.8).alpha).toBeCloseTo(0.5, 10);
    expect(popupLook(1)).toEqual({ scale: 1, rise: POPUP_RISE_PX, alpha: 0 });
  });
});

describe('ArrowPicker: the off-screen targets nearest the aim', () => {
  const basis = viewBasis(0, 0); // aim along −z
  const picker = (max: number): ArrowPicker => {
    const p = new ArrowPicker(max, insets);
    p.begin(eye, basis, tanH, tanV, W, H);
    return p;
  };
  const angleOff = (x: number, y: number, z: number): number => {
    const v = seen(x, y, z);
    return Math.acos(v.cz / Math.hypot(v.cx, v.cy, v.cz));
  };

  test('a target in view gets no arrow; one outside gets the arrow offscreenArrow places', () => {
    const p = picker(8);
    expect(p.consider({ x: 0, y: 1.3, z: -10, radius: 0.3 })).toBe(true); // straight ahead
    expect(p.count).toBe(0);
    expect(p.consider({ x: -20, y: 1.3, z: 3.5, radius: 0.3 })).toBe(false); // 90° to the left: its bars cannot show
    expect(p.count).toBe(1);
    p.finish();
    const v = seen(-20, 1.3, 3.5);
    expect(p.candidates[0].a).toEqual(offscreenArrow(v.cx, v.cy, v.cz, tanH, tanV, W, H, insets, arrow()));
    expect(p.candidates[0].a.edge).toBe('left');
    expect(p.candidates[0].off).toBeCloseTo(Math.PI / 2, 6);
  });

  test('keeps the `max` smallest angles off the aim, nearest first, whatever the order they come in', () => {
    const p = picker(3);
    // five targets on a circle around the eye, 60° to 180° off the aim (all out of view)
    const degs = [150, 60, 180, 90, 120];
    for (const d of degs) {
      const a = (d * Math.PI) / 180;
      p.consider({ x: eye.x + 10 * Math.sin(a), y: eye.y, z: eye.z - 10 * Math.cos(a), radius: 0.3 });
    }
    expect(p.count).toBe(3);
    p.finish();
    const kept = p.candidates.slice(0, 3).map((c) => Math.round((c.off * 180) / Math.PI));
    expect(kept).toEqual([60, 90, 120]);
    expect(p.candidates[0].off).toBeCloseTo(angleOff(eye.x + 10 * Math.sin(Math.PI / 3), eye.y, eye.z - 10 * Math.cos(Math.PI / 3)), 9);
  });

  test('bars can show for a target just outside the view (within BAR_REACH radii of it), not for one farther out', () => {
    const p = picker(8);
    const z = -10, depth = eye.z - z; // 13.5 m ahead
    const edgeY = eye.y - depth * tanV; // the bottom edge of the view at that depth
    const r = 0.3;
    // its centre 1 radius below the bottom edge: outside the view (an arrow), but its bars
    // (above it) can be on screen
    expect(p.consider({ x: 0, y: edgeY - r, z, radius: r })).toBe(true);
    expect(p.count).toBe(1);
    // BAR_REACH + 1 radii below (and to the side): nothing of it or its bars shows
    expect(p.consider({ x: 0, y: edgeY - (BAR_REACH + 1) * r * (1 + tanV), z, radius: r })).toBe(false);
    expect(p.consider({ x: depth * tanH + (BAR_REACH + 1) * r * (1 + tanH), y: eye.y, z, radius: r })).toBe(false);
  });

  test('BAR_REACH bounds the bars at the largest status_bar_size (a live target off the view gets nothing written for its bars: they must be off the view too)', () => {
    const r = 0.3;
    const b = barSize(r, 1.4);
    // targetBars.ts's vertex shader: the stack starts `gap` above the target's top; the
    // lifetime bar is 0.7 heights tall, 0.35 heights apart from the health bar's one height
    expect(b.width / 2).toBeLessThanOrEqual(BAR_REACH * r);
    expect(r + b.gap + (0.7 + 0.35 + 1) * b.height).toBeLessThanOrEqual(BAR_REACH * r);
    expect(barSize(r, 99).width).toBe(b.width); // clamped at 1.4
  });

  test('with keepArrows off it keeps no arrows but still says what can be seen', () => {
    const p = picker(8);
    p.keepArrows = false;
    expect(p.consider({ x: -20, y: 1.3, z: 3.5, radius: 0.3 })).toBe(false);
    expect(p.consider({ x: 0, y: 1.3, z: -10, radius: 0.3 })).toBe(true);
    expect(p.count).toBe(0);
  });

  test('begin starts a new frame with no arrows', () => {
    const p = picker(8);
    p.consider({ x: 20, y: 1.3, z: 3.5, radius: 0.3 });
    expect(p.count).toBe(1);
    p.begin(eye, basis, tanH, tanV, W, H);
    expect(p.count).toBe(0);
  });
});
