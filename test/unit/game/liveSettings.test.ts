/**
 * Settings saved mid-drill (src/game/liveSettings.ts): what goes to the recorder, gamepad and
 * audio; engine settings change only before the round's engine exists, afterwards the recorder
 * rescales; FOV follows the saved option within the drill's lock; the mouse-skip filter
 * follows controls.mouse_skip_filter. Also the ADS view follower (adsView.ts) and the zoomed fov.
 */
import { defaultControlOptions, defaultGameOptions, type ControlOptions, type GameOptions } from '../../../src/contracts/gameOptions';
import type { EngineSettings } from '../../../src/contracts/engine';
import type { GameConfigResponse } from '../../../src/contracts/gameConfig';
import { parseDrillConfig } from '../../../src/drill/parseDrillConfig';
import { IDENTITY_LOOK_SCALE, type LookScale } from '../../../src/input/lookScale';
import { applyLiveSettings, engineLookSensitivity, liveSensitivityOf, type LiveRun } from '../../../src/game/liveSettings';
import { AdsViewFollower } from '../../../src/game/adsView';
import { cameraFovFor, zoomedFovRadians } from '../../../src/game/fov';

const drillOf = (config: Record<string, unknown> = {}, extra: Partial<GameConfigResponse> = {}) =>
  parseDrillConfig({ id: 1, name: 't', config: JSON.stringify(config), duration: 60000, num_targets: 1, spawn_mode: 'Random', ...extra } as GameConfigResponse);

function targets() {
  const calls: Array<[string, unknown]> = [];
  let scale: LookScale | null = null;
  return {
    calls,
    get scale() { return scale; },
    t: {
      input: {
        setBindings: (b: unknown) => void calls.push(['setBindings', b]),
        setMouseSkipFilter: (on: boolean) => void calls.push(['setMouseSkipFilter', on]),
        setLookScale: (s: LookScale) => { scale = s; calls.push(['setLookScale', s]); },
      },
      gamepad: { configure: (o: unknown, b: unknown) => void calls.push(['gamepad', [o, b]]) },
      audio: { setOptions: (a: unknown) => void calls.push(['audio', a]) },
    },
  };
}

function saved(controls: Partial<ControlOptions> = {}, edit: (g: GameOptions) => void = () => {}) {
  const gameOptions = defaultGameOptions();
  edit(gameOptions);
  return { gameOptions, controls: { ...defaultControlOptions(), ...controls } };
}

const base: EngineSettings = { sensitivity: 1, sensitivityY: null, invertY: false, inputDevice: 'Mouse' };

function run(over: Partial<LiveRun> = {}): LiveRun {
  return { config: {}, drill: drillOf(), engineSettings: base, engineStarted: true, ...over };
}

test('bindings, gamepad options, audio and the mouse-skip filter go to the runtime', () => {
  const x = targets();
  const s = saved({ mouse_skip_filter: false }, (g) => {
    g.audio.gun = 9;
    g.control.gamepad.right_deadzone = 0.3;
    g.control.bindings.fire = { key: 'KeyF', alt: null, pad: 'button5' };
  });
  const res = applyLiveSettings(x.t, run(), s);
  const by = Object.fromEntries(x.calls);
  expect(by.setBindings).toBe(s.gameOptions.control.bindings);
  expect(by.gamepad).toEqual([s.gameOptions.control.gamepad, s.gameOptions.control.bindings]);
  expect(by.audio).toBe(s.gameOptions.audio);
  expect(by.setMouseSkipFilter).toBe(false);
  expect(res.mouseSkipFilter).toBe(false);
  const on = applyLiveSettings(x.t, run(), saved({ mouse_skip_filter: true }));
  expect(on.mouseSkipFilter).toBe(true);
});

test('before the round: the engine settings take the new sensitivity, no rescaling', () => {
  const x = targets();
  const res = applyLiveSettings(x.t, run({ engineStarted: false }), saved({ mouse_sens: 2, mouse_sens_y: 1.5, mouse_inverse: 1, ads_sens: 1 }));
  expect(res.engineSettings).toEqual({ sensitivity: 2, sensitivityY: 1.5, invertY: true, inputDevice: 'Mouse' });
  expect(res.lookScale).toEqual(IDENTITY_LOOK_SCALE);
  expect(x.scale).toEqual(IDENTITY_LOOK_SCALE);
});

test('during the round: the engine settings (the replay\'s) stay; the recorder gets the ratio', () => {
  const x = targets();
  const res = applyLiveSettings(x.t, run(), saved({ mouse_sens: 2, mouse_sens_y: 0.5, mouse_inverse: 1 }));
  expect(res.engineSettings).toBe(base);
  expect(res.live).toEqual({ sensitivity: 2, sensitivityY: 0.5, invertY: true, adsSensitivity: 1 });
  expect(x.scale).toEqual({ x: 2, y: -0.5, ads: 1 });
  // unchanged sensitivity → identity
  applyLiveSettings(x.t, run(), saved({ mouse_sens: 1 }));
  expect(x.scale).toEqual(IDENTITY_LOOK_SCALE);
});

test('ADS sensitivity: the engine\'s is the drill adsSens unless the settings set one', () => {
  const drill = drillOf({}, { ads_sens: 0.5 } as Partial<GameConfigResponse>);
  expect(engineLookSensitivity(base, drill).adsSensitivity).toBe(drill.adsSens);
  const x = targets();
  applyLiveSettings(x.t, run({ drill }), saved({ ads_sens: drill.adsSens * 2 }));
  expect(x.scale!.ads).toBeCloseTo(2, 12);
});

test('liveSensitivityOf: missing or invalid values keep the fallback', () => {
  const fb = { sensitivity: 3, sensitivityY: 2, invertY: true, adsSensitivity: 0.5 };
  expect(liveSensitivityOf({}, fb)).toEqual(fb);
  expect(liveSensitivityOf({ mouse_sens: -1, mouse_sens_y: null, mouse_inverse: 0 }, fb)).toEqual({ ...fb, sensitivityY: null, invertY: false });
});

test('FOV: the saved option, clamped by the drill lock', () => {
  const x = targets();
  expect(applyLiveSettings(x.t, run(), saved({}, (g) => { g.other.fov = 90; g.other.fov_type = 'v'; })).fov).toEqual({ fov: 90, fovType: 'v' });
  const locked = drillOf({ minFov: 95, maxFov: 100 });
  expect(applyLiveSettings(x.t, run({ drill: locked }), saved({}, (g) => { g.other.fov = 120; })).fov.fov).toBe(100);
});

describe('ADS view', () => {
  test('follow: only changes reach the overlay and the fov; reset unzooms', () => {
    const zoomed: boolean[] = [];
    const fovs: number[] = [];
    const f = new AdsViewFollower({ overlay: () => ({ setZoomed: (z) => void zoomed.push(z) }), applyFov: (z) => void fovs.push(z) });
    expect(f.follow(1)).toBe(false);
    expect(f.follow(2.5)).toBe(true);
    expect(f.follow(2.5)).toBe(false);
    expect(f.zoomed).toBe(true);
    expect(f.follow(1)).toBe(true);
    expect(f.follow(Number.NaN)).toBe(false);
    f.follow(1.5);
    f.reset();
    expect(zoomed).toEqual([true, false, true, false]);
    expect(fovs).toEqual([2.5, 1, 1.5, 1]);
    expect(f.current).toBe(1);
  });

  test('no overlay yet: the fov still follows', () => {
    const fovs: number[] = [];
    const f = new AdsViewFollower({ overlay: () => null, applyFov: (z) => void fovs.push(z) });
    f.follow(2);
    expect(fovs).toEqual([2]);
  });

  test('zoomed fov = fov / zoom; below 1 or NaN = no zoom', () => {
    const r = cameraFovFor(103, 'h').radians;
    expect(zoomedFovRadians(r, 2)).toBe(r / 2);
    expect(zoomedFovRadians(r, 0.5)).toBe(r);
    expect(zoomedFovRadians(r, Number.NaN)).toBe(r);
  });
});
