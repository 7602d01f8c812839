/** The in-game crosshair layer (jsdom, recording 2D context): crosshair, hit / miss markers
 * for 50 ms replacing each other, the ADS crosshair while zoomed, the spread. */
import { defaultCrosshairConfig } from '../../../src/contracts/crosshair';
import { defaultHitMarkerConfig, defaultMissMarkerConfig } from '../../../src/game/crosshairGeometry';
import { applySettingToLiveOverlays, CROSSHAIR_CANVAS_PX, CrosshairOverlay, frameMarkerOf, overlayConfigsOf } from '../../../src/game/crosshairOverlay';
import { AdsViewFollower } from '../../../src/game/adsView';
import type { InputEvent } from '../../../src/contracts/engine';
import type { GameConfigResponse } from '../../../src/contracts/gameConfig';
import { parseDrillConfig } from '../../../src/drill/parseDrillConfig';
import { createDrillEngine } from '../../../src/ecs/engine';
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

test('setSpread on a config without inaccuracy flags changes nothing and does not redraw', () => {
  const { o } = makeOverlay();
  o.setCrosshair(defaultCrosshairConfig());
  o.update(0);
  canvas.reset();
  o.setSpread(6, 3);
  o.update(1);
  expect(canvas.calls).toHaveLength(0); // nothing changed on screen: no repaint
  const cfg = defaultCrosshairConfig();
  cfg.crosshair.firing_inaccuracy = true;
  o.setCrosshair(cfg); // a config that uses it picks up the current spread
  o.update(2);
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

describe('wired as the runtime wires it (createGameController)', () => {
  const green = 'rgba(0, 255, 0, 1)';
  const drillOf = (config: Record<string, unknown>) =>
    parseDrillConfig({ id: 1, name: 't', config: JSON.stringify(config), duration: 60000, num_targets: 1, spawn_mode: 'Random' } as GameConfigResponse);

  test('the frame marker is the last hit or miss of the frame', () => {
    expect(frameMarkerOf([])).toBeNull();
    expect(frameMarkerOf([{ type: 'spawn' }])).toBeNull();
    expect(frameMarkerOf([{ type: 'hit' }, { type: 'spawn' }, { type: 'miss' }, { type: 'removed' }])).toBe('miss');
    expect(frameMarkerOf([{ type: 'miss' }, { type: 'hit' }])).toBe('hit');
  });

  test('all four gameconfig looks at load; the engine\'s ADS zoom swaps in the ADS crosshair and back', () => {
    const { o } = makeOverlay();
    const ads = { ...defaultCrosshairConfig(), color: { r: 0, g: 255, b: 0, a: 255 } };
    const drill = drillOf({ adsZoom: 2 });
    o.apply(overlayConfigsOf({ crosshair_config: null, ads_config: { enabled: true, config: ads } }, drill.showCrosshair !== false));
    const fovZooms: number[] = [];
    const follower = new AdsViewFollower({ overlay: () => o, applyFov: (z) => void fovZooms.push(z) });
    const engine = createDrillEngine({ drill, seed: 1, settings: { sensitivity: 1, sensitivityY: null, invertY: false } });
    const frame = (untilMs: number, events: InputEvent[]) => {
      engine.advanceTo(untilMs, events);
      follower.follow(engine.zoom);
      o.update(untilMs);
    };
    frame(1000 / 64, []);
    expect(o.layers(null)[0]?.fill).toBe(red);
    frame(2000 / 64, [{ type: 'ads', t: 20, down: true }]);
    expect(engine.zoom).toBe(2);
    expect(o.isZoomed()).toBe(true);
    expect(o.layers(null)[0]?.fill).toBe(green);
    frame(3000 / 64, [{ type: 'ads', t: 35, down: false }]);
    expect(o.isZoomed()).toBe(false);
    expect(o.layers(null)[0]?.fill).toBe(red);
    expect(fovZooms).toEqual([2, 1]);
  });

  test('a drill that hides the crosshair hides the ADS crosshair too, zoomed or not', () => {
    const { o } = makeOverlay();
    o.apply(overlayConfigsOf({ ads_config: { enabled: true, config: defaultCrosshairConfig() } }, false));
    o.setZoomed(true);
    expect(o.layers(null)[0]).toBeNull();
    expect(o.layers('hit')[1]).not.toBeNull();
  });
});
