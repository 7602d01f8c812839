/** The in-game crosshair layer (jsdom, recording 2D context): crosshair, hit / miss markers
 * for 50 ms replacing each other, the ADS crosshair while zoomed, the spread. */
import { defaultCrosshairConfig } from '../../../src/contracts/crosshair';
import { defaultHitMarkerConfig, defaultMissMarkerConfig } from '../../../src/game/crosshairGeometry';
import { applySettingToLiveOverlays, CROSSHAIR_CANVAS_PX, CrosshairOverlay, overlayConfigsOf } from '../../../src/game/crosshairOverlay';
import { mockCanvas } from './helpers';

let canvas: ReturnType<typeof mockCanvas>;
beforeEach(() => {
  canvas = mockCanvas();
});
afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

function makeOverlay() {
  const root = document.createElement('div');
  const game = document.createElement('canvas');
  document.body.append(root, game);
  const o = new CrosshairOverlay(root, game, defaultHitMarkerConfig(), defaultMissMarkerConfig());
  return { o, root };
}

const red = 'rgba(255, 0, 0, 1)';
const armRight = (c: typeof canvas) => c.calls.filter((x) => x[0] === 'fillRect' && x[1] === red && x[2] === 2 && x[3] === -2 && x[4] === 8);

test('a 400×400 CSS px layer, not hit-testable, drawing the crosshair', () => {
  const { o, root } = makeOverlay();
  const el = root.querySelector('canvas') as HTMLCanvasElement;
  expect(el.style.width).toBe(`${CROSSHAIR_CANVAS_PX}px`);
  expect(el.style.pointerEvents).toBe('none');
  o.setCrosshair(defaultCrosshairConfig());
  o.update(0);
  expect(canvas.calls).toContainEqual(['fillRect', red, 2, -2, 8, 4]);
});

test('markers show 50 ms and replace each other; nothing is redrawn when nothing changed', () => {
  const { o } = makeOverlay();
  o.setCrosshair(defaultCrosshairConfig());
  o.update(0);
  canvas.reset();
  o.update(10);
  expect(canvas.calls).toHaveLength(0);
  o.showMarker('hit', 100);
  o.update(100);
  expect(canvas.calls).toContainEqual(['fillRect', 'rgba(255, 255, 255, 1)', 10, -1, 8, 2]);
  expect(o.layers('hit')[1]).not.toBeNull();
  canvas.reset();
  o.showMarker('miss', 120);
  o.update(120);
  expect(canvas.calls.some((c) => c[0] === 'arc')).toBe(true);
  expect(canvas.calls.some((c) => c[0] === 'fillRect' && c[1] === 'rgba(255, 255, 255, 1)')).toBe(false);
  canvas.reset();
  o.update(170);
  expect(canvas.calls.some((c) => c[0] === 'arc')).toBe(false);
  expect(armRight(canvas)).toHaveLength(1);
});

test('while zoomed the ADS crosshair replaces the crosshair; without one the crosshair stays', () => {
  const { o } = makeOverlay();
  const ads = { ...defaultCrosshairConfig(), color: { r: 0, g: 255, b: 0, a: 255 }, dot: { enabled: false, size: 4 } };
  o.apply(overlayConfigsOf({ crosshair_config: null, ads_config: ads }));
  o.setZoomed(true);
  expect(o.isZoomed()).toBe(true);
  o.update(0);
  expect(canvas.calls.some((c) => c[1] === 'rgba(0, 255, 0, 1)')).toBe(true);
  expect(canvas.calls.some((c) => c[0] === 'fillRect' && c[1] === red)).toBe(false);
  canvas.reset();
  o.setZoomed(false);
  o.update(1);
  expect(armRight(canvas)).toHaveLength(1);
  canvas.reset();
  o.setAds(null);
  o.setZoomed(true);
  o.update(2);
  expect(armRight(canvas)).toHaveLength(1);
});

test('setSpread moves the arms of a config with firing inaccuracy', () => {
  const { o } = makeOverlay();
  const cfg = defaultCrosshairConfig();
  cfg.crosshair.firing_inaccuracy = true;
  o.setCrosshair(cfg);
  o.setSpread(6, 0);
  o.update(0);
  expect(canvas.calls).toContainEqual(['fillRect', red, 8, -2, 8, 4]);
});

test('a saved setting reaches live layers; a drill-hidden crosshair stays hidden; disposed layers are left alone', () => {
  const { o } = makeOverlay();
  o.setCrosshair(defaultCrosshairConfig());
  const green = { ...defaultCrosshairConfig(), color: { r: 0, g: 255, b: 0, a: 255 } };
  applySettingToLiveOverlays('crosshair', { enabled: true, config: green });
  o.update(0);
  expect(canvas.calls.some((c) => c[0] === 'fillRect' && c[1] === 'rgba(0, 255, 0, 1)')).toBe(true);
  applySettingToLiveOverlays('hitmarker', { enabled: true, config: green });
  expect(o.layers('hit')[1]?.fill).toBe('rgba(0, 255, 0, 1)');
  applySettingToLiveOverlays('hitmarker', { enabled: false, config: green });
  expect(o.layers('hit')[1]?.fill).toBe('rgba(255, 255, 255, 1)');
  applySettingToLiveOverlays('ads', { enabled: true, config: green });
  o.setZoomed(true);
  expect(o.layers(null)[0]?.fill).toBe('rgba(0, 255, 0, 1)');

  const hidden = makeOverlay().o;
  hidden.setCrosshair(null);
  applySettingToLiveOverlays('crosshair', { enabled: true, config: green });
  applySettingToLiveOverlays('ads', { enabled: true, config: green });
  hidden.setZoomed(true);
  expect(hidden.layers(null)[0]).toBeNull();

  o.dispose();
  applySettingToLiveOverlays('crosshair', { enabled: false, config: green });
  o.setZoomed(false);
  expect(o.layers(null)[0]?.fill).toBe('rgba(0, 255, 0, 1)');
});
