/** The one crosshair geometry shared by the editor preview and the game layer: arm rectangles,
 * corner radius, inaccuracy spread, legacy looks, the gameconfig → overlay configs mapping and
 * the painting (with a recording 2D context). */
import { defaultCrosshairConfig } from '../../../src/contracts/crosshair';
import {
  crosshairGeometry, defaultHitMarkerConfig, defaultMissMarkerConfig, effectiveConfigOf, growRect, legacyConfigOf,
} from '../../../src/game/crosshairGeometry';
import { drawMarker, overlayConfigsOf, paintMarkers } from '../../../src/game/crosshairOverlay';

/** A 2D context that records the calls the painting makes. */
function recordingCtx() {
  const calls: Array<[string, ...unknown[]]> = [];
  const state = { fillStyle: '', strokeStyle: '', lineWidth: 1 };
  const rec = (name: string) => (...args: unknown[]) => { calls.push([name, ...args]); };
  const ctx = {
    calls,
    save: rec('save'), restore: rec('restore'), translate: rec('translate'), rotate: rec('rotate'),
    setTransform: rec('setTransform'), clearRect: rec('clearRect'), beginPath: rec('beginPath'), arc: rec('arc'),
    stroke: () => calls.push(['stroke', state.strokeStyle, state.lineWidth]),
    fill: () => calls.push(['fill', state.fillStyle]),
    fillRect: (...a: unknown[]) => calls.push(['fillRect', state.fillStyle, ...a]),
    roundRect: rec('roundRect'),
    set fillStyle(v: string) { state.fillStyle = v; }, get fillStyle() { return state.fillStyle; },
    set strokeStyle(v: string) { state.strokeStyle = v; }, get strokeStyle() { return state.strokeStyle; },
    set lineWidth(v: number) { state.lineWidth = v; }, get lineWidth() { return state.lineWidth; },
  };
  return ctx;
}

describe('preview geometry (pure)', () => {
  test('len 8 thick 8 gap 2: four 8 px arms, 4 px wide (thick ×2 in quarter px), 2 px from the centre', () => {
    const c = defaultCrosshairConfig();
    c.crosshair = { ...c.crosshair, len: 8, thick: 8, gap: 2 };
    c.dot.enabled = false;
    const g = crosshairGeometry(c);
    expect(g.rects).toEqual([
      { x: 2, y: -2, w: 8, h: 4 },
      { x: -10, y: -2, w: 8, h: 4 },
      { x: -2, y: 2, w: 4, h: 8 },
      { x: -2, y: -10, w: 4, h: 8 },
    ]);
  });

  test('max values: len 20 thick 20 gap 20 → arms 10 px wide from 20 to 40 px', () => {
    const c = defaultCrosshairConfig();
    c.crosshair = { ...c.crosshair, len: 20, thick: 20, gap: 20 };
    const g = crosshairGeometry(c);
    expect(g.rects[0]).toEqual({ x: 20, y: -5, w: 20, h: 10 });
    expect(g.extent).toBe(42); // 40 + outline 2
  });

  test('radius rounds arms and dot (capped at half the short side); the outline grows it', () => {
    const c = defaultCrosshairConfig();
    c.crosshair.radius = 5;
    const g = crosshairGeometry(c);
    expect(g.rects[0]).toEqual({ x: 2, y: -2, w: 8, h: 4, radius: 2 });
    expect(growRect(g.rects[0], 2)).toEqual({ x: 0, y: -4, w: 12, h: 8, radius: 4 });
  });

  test('inaccuracy spread moves arms / disc only when their flags are on', () => {
    const c = defaultCrosshairConfig();
    c.disc.enabled = true;
    expect(crosshairGeometry(c, { firingPx: 5, movementPx: 3 }).rects[0].x).toBe(2);
    c.crosshair.firing_inaccuracy = true;
    c.crosshair.movement_inaccuracy = true;
    c.crosshair.disc_movement_inaccuracy = true;
    const g = crosshairGeometry(c, { firingPx: 5, movementPx: 3 });
    expect(g.rects[0].x).toBe(10);
    expect(g.rings[0].r).toBe(13);
  });

  test('legacy looks per type and the effective config', () => {
    expect(legacyConfigOf('crosshair')).toEqual(defaultCrosshairConfig());
    expect(legacyConfigOf('ads')).toEqual(defaultCrosshairConfig());
    expect(legacyConfigOf('hitmarker')).toEqual(defaultHitMarkerConfig());
    expect(legacyConfigOf('missmarker')).toEqual(defaultMissMarkerConfig());
    const custom = { ...defaultCrosshairConfig(), outline: 0 };
    expect(effectiveConfigOf('hitmarker', { enabled: true, config: custom })).toBe(custom);
    expect(effectiveConfigOf('hitmarker', { enabled: false, config: custom })).toEqual(defaultHitMarkerConfig());
    expect(effectiveConfigOf('missmarker', null)).toEqual(defaultMissMarkerConfig());
  });
});

describe('gameconfig → overlay configs', () => {
  test('null configs give the legacy looks and no ADS crosshair', () => {
    const o = overlayConfigsOf({ crosshair_config: null, hitmarker_config: null, missmarker_config: null, ads_config: null });
    expect(o.crosshair).toEqual(defaultCrosshairConfig());
    expect(o.hit).toEqual(defaultHitMarkerConfig());
    expect(o.miss).toEqual(defaultMissMarkerConfig());
    expect(o.ads).toBeNull();
  });

  test('bare configs (the gameconfig shape) are used; show_crosshair false hides crosshair and ADS', () => {
    const ads = { ...defaultCrosshairConfig(), outline: 0, dot: { enabled: true, size: 2 } };
    const hit = { ...defaultCrosshairConfig(), rotation: true };
    const o = overlayConfigsOf({ crosshair_config: null, hitmarker_config: hit, ads_config: ads });
    expect(o.ads).toEqual(ads);
    expect(o.hit).toEqual(hit);
    const hidden = overlayConfigsOf({ ads_config: ads }, false);
    expect(hidden.crosshair).toBeNull();
    expect(hidden.ads).toBeNull();
  });
});

describe('painting', () => {
  test('drawMarker: outline pass (grown shapes) first, then the colour pass', () => {
    const ctx = recordingCtx();
    drawMarker(ctx as unknown as CanvasRenderingContext2D, crosshairGeometry(defaultCrosshairConfig()), 200, 200);
    const rects = ctx.calls.filter((c) => c[0] === 'fillRect');
    expect(rects).toHaveLength(10);
    expect(rects[0]).toEqual(['fillRect', 'rgba(0, 0, 0, 1)', 0, -4, 12, 8]);
    expect(rects[5]).toEqual(['fillRect', 'rgba(255, 0, 0, 1)', 2, -2, 8, 4]);
    expect(ctx.calls[1]).toEqual(['translate', 200, 200]);
  });

  test('paintMarkers clears the device-px canvas, scales by dpr × scale and centres', () => {
    const ctx = recordingCtx();
    paintMarkers(ctx as unknown as CanvasRenderingContext2D, 400, 2, [crosshairGeometry(defaultCrosshairConfig()), null], 4);
    expect(ctx.calls[1]).toEqual(['clearRect', 0, 0, 800, 800]);
    expect(ctx.calls[2]).toEqual(['setTransform', 8, 0, 0, 8, 0, 0]);
    expect(ctx.calls.find((c) => c[0] === 'translate')).toEqual(['translate', 50, 50]);
  });

  test('rings are stroked with width + 2 × outline, then width', () => {
    const ctx = recordingCtx();
    drawMarker(ctx as unknown as CanvasRenderingContext2D, crosshairGeometry(defaultMissMarkerConfig()), 0, 0);
    expect(ctx.calls.filter((c) => c[0] === 'stroke')).toEqual([
      ['stroke', 'rgba(0, 0, 0, 1)', 4],
      ['stroke', 'rgba(255, 96, 96, 1)', 2],
    ]);
  });
});
