import {
  crosshairGeometry, cssColour, customConfigOf, defaultHitMarkerConfig, defaultMissMarkerConfig,
  drawnThicknessPx, growRect, MarkerTimer, resolveCrosshair,
} from '../../../src/game/crosshairGeometry';
import { defaultCrosshairConfig } from '../../../src/contracts/crosshair';

describe('crosshair geometry (CSS px, centre-relative, +y down)', () => {
  test('thickness is doubled into quarter-px units: drawn width = thick / 2', () => {
    expect(drawnThicknessPx(8)).toBe(4);
    expect(drawnThicknessPx(0.5)).toBe(0.25);
    expect(drawnThicknessPx(20)).toBe(10);
  });

  test('default crosshair: four 8×4 arms 2 px from the centre, a 4 px dot, 2 px black outline, red', () => {
    const g = crosshairGeometry(defaultCrosshairConfig());
    expect(g.rects).toEqual([
      { x: 2, y: -2, w: 8, h: 4 }, // right
      { x: -10, y: -2, w: 8, h: 4 }, // left
      { x: -2, y: 2, w: 4, h: 8 }, // bottom
      { x: -2, y: -10, w: 4, h: 8 }, // top
      { x: -2, y: -2, w: 4, h: 4 }, // dot
    ]);
    expect(g.rings).toEqual([]);
    expect(g.outline).toBe(2);
    expect(g.rotation).toBe(0);
    expect(g.fill).toBe('rgba(255, 0, 0, 1)');
    expect(g.outlineFill).toBe('rgba(0, 0, 0, 1)');
    expect(g.extent).toBe(12);
    expect(growRect(g.rects[0], 2)).toEqual({ x: 0, y: -4, w: 12, h: 8 });
  });

  test('tStyle drops the top arm; rotation turns it into an X; disc is a ring', () => {
    const c = defaultCrosshairConfig();
    c.crosshair.tStyle = true;
    c.rotation = true;
    c.dot.enabled = false;
    c.disc = { enabled: true, size: 20, thick: 5 };
    const g = crosshairGeometry(c);
    expect(g.rects).toHaveLength(3);
    expect(g.rects.some((r) => r.y === -10)).toBe(false);
    expect(g.rotation).toBeCloseTo(Math.PI / 4, 15);
    expect(g.rings).toEqual([{ r: 10, width: 2.5 }]);
  });

  test('alpha multiplies colour alpha', () => {
    expect(cssColour({ r: 10, g: 20, b: 30, a: 255 }, 51)).toBe('rgba(10, 20, 30, 0.2)');
  });

  test('stored settings: enabled config merged over defaults, disabled → null', () => {
    const cfg = customConfigOf({ enabled: true, config: { crosshair: { len: 12 }, color: { r: 0, g: 255, b: 0, a: 255 } } });
    expect(cfg?.crosshair.len).toBe(12);
    expect(cfg?.crosshair.thick).toBe(8);
    expect(cfg?.color).toEqual({ r: 0, g: 255, b: 0, a: 255 });
    expect(customConfigOf({ enabled: false, config: { crosshair: { len: 12 } } })).toBeNull();
    expect(customConfigOf(null)).toBeNull();
    expect(resolveCrosshair(undefined)).toEqual(defaultCrosshairConfig());
  });

  test('built-in markers: hit = rotated arms without dot, miss = ring', () => {
    const hit = crosshairGeometry(defaultHitMarkerConfig());
    expect(hit.rotation).toBeCloseTo(Math.PI / 4, 15);
    expect(hit.rects).toHaveLength(4);
    expect(hit.rings).toHaveLength(0);
    const miss = crosshairGeometry(defaultMissMarkerConfig());
    expect(miss.rects).toHaveLength(0);
    expect(miss.rings).toEqual([{ r: 16, width: 2 }]);
    expect(hit.rects[0]).toEqual({ x: 10, y: -1, w: 8, h: 2 });
  });
});

describe('MarkerTimer (50 ms, each replaces the other)', () => {
  test('shows for exactly showMs and the latest kind wins', () => {
    const m = new MarkerTimer(50);
    expect(m.current(0)).toBeNull();
    m.show('hit', 100);
    expect(m.current(100)).toBe('hit');
    expect(m.current(149.99)).toBe('hit');
    m.show('miss', 120);
    expect(m.current(150)).toBe('miss');
    expect(m.current(170)).toBeNull();
  });
});
