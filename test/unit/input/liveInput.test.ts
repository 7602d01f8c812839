/**
 * @jest-environment jsdom
 */
/**
 * The recorder's live parts (src/input/lookScale.ts, PointerLockInput, textInput.ts):
 * - a sensitivity / vertical sensitivity / invert / ADS sensitivity saved mid-run rescales the
 *   mouse counts recorded from then on; the engine (created with the old settings) then turns as
 *   the new settings ask, and replaying the log with the run's settings is bit-identical;
 * - keyboard and gamepad movement are combined into one `move` mask;
 * - the adsSwitch binding toggles ADS; a pause releases what is held (fire, ADS, movement);
 * - the pause key is ignored while a text input has focus (not while a checkbox has).
 */
import type { InputEvent } from '../../../src/contracts/engine';
import type { GameConfigResponse } from '../../../src/contracts/gameConfig';
import { YAW_DEG_PER_COUNT } from '../../../src/contracts/constants';
import { parseDrillConfig } from '../../../src/drill/parseDrillConfig';
import { createDrillEngine } from '../../../src/ecs/engine';
import { PointerLockInput } from '../../../src/input/PointerLockInput';
import { IDENTITY_LOOK_SCALE, isIdentityLookScale, lookScaleOf, scaleLook, type LookSensitivity } from '../../../src/input/lookScale';
import { isTypingInTextInput } from '../../../src/input/textInput';
import { button, key, move } from './domEvents';

function setup() {
  const canvas = document.createElement('canvas');
  document.body.appendChild(canvas);
  const onPauseRequested = jest.fn();
  const input = new PointerLockInput(canvas, { roundTimeOf: (ts) => ts, onPauseRequested, mouseSkipFilter: false });
  input.startRecording(true);
  return { input, onPauseRequested };
}

const sens = (sensitivity: number, sensitivityY: number | null = null, invertY = false, adsSensitivity = 1): LookSensitivity =>
  ({ sensitivity, sensitivityY, invertY, adsSensitivity });

const drillOf = (config: Record<string, unknown> = {}) =>
  parseDrillConfig({ id: 1, name: 't', config: JSON.stringify(config), duration: 60000, num_targets: 1, spawn_mode: 'Random' } as GameConfigResponse);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('lookScaleOf (pure)', () => {
  test('same settings: identity; inputs returned unchanged', () => {
    const s = lookScaleOf(sens(1.5, 2, true, 0.6), sens(1.5, 2, true, 0.6));
    expect(s).toEqual(IDENTITY_LOOK_SCALE);
    expect(isIdentityLookScale(s)).toBe(true);
    expect(scaleLook(0.1, -0.3, s, true)).toEqual({ dx: 0.1, dy: -0.3 });
  });

  test('ratios of the live over the engine deg/count; invert flips y; Y null = X', () => {
    expect(lookScaleOf(sens(1), sens(2))).toEqual({ x: 2, y: 2, ads: 1 });
    expect(lookScaleOf(sens(1), sens(2, 0.5))).toEqual({ x: 2, y: 0.5, ads: 1 });
    expect(lookScaleOf(sens(2, 4), sens(2, null))).toEqual({ x: 1, y: 0.5, ads: 1 });
    expect(lookScaleOf(sens(1), sens(1, null, true))).toEqual({ x: 1, y: -1, ads: 1 });
    expect(lookScaleOf(sens(1, null, false, 0.5), sens(1, null, false, 0.75))).toEqual({ x: 1, y: 1, ads: 1.5 });
    // a drill without ADS: the engine ignores the button, so does the scale
    expect(lookScaleOf(sens(1, null, false, 0.5), sens(1, null, false, 0.75), false).ads).toBe(1);
  });

  test('scaleLook applies ads only while held', () => {
    const s = { x: 2, y: -1, ads: 0.5 };
    expect(scaleLook(3, 4, s, false)).toEqual({ dx: 6, dy: -4 });
    expect(scaleLook(3, 4, s, true)).toEqual({ dx: 3, dy: -2 });
  });
});

describe('PointerLockInput with a live sensitivity', () => {
  test('samples after setLookScale are rescaled; earlier ones keep their scale; rejected raw kept', () => {
    const { input } = setup();
    move(10, 5, 1);
    input.setLookScale(lookScaleOf(sens(1), sens(2, 0.5, true)));
    move(10, 5, 2);
    const got = input.takeBefore(100).filter((e): e is Extract<InputEvent, { type: 'look' }> => e.type === 'look');
    expect(got.map((e) => [e.dx, e.dy])).toEqual([[10, 5], [20, -2.5]]);
    input.dispose();
  });

  test('the engine (old settings) turns as the new settings ask; the replay of the log is bit-identical', () => {
    const { input } = setup();
    const drill = drillOf();
    const engineSettings = { sensitivity: 1.3, sensitivityY: null, invertY: false };
    const live = sens(0.7, 0.45, true);
    let seed = 11;
    const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    const before: Array<[number, number]> = [];
    const after: Array<[number, number]> = [];
    for (let i = 0; i < 300; i++) {
      const d: [number, number] = [Math.round((rnd() * 2 - 1) * 80) / 4, Math.round((rnd() * 2 - 1) * 40) / 4];
      before.push(d);
      move(d[0], d[1], 1 + i);
    }
    // paused at a tick boundary, settings saved, resumed
    input.setLookScale(lookScaleOf({ ...engineSettings, adsSensitivity: 1 }, live));
    for (let i = 0; i < 300; i++) {
      const d: [number, number] = [Math.round((rnd() * 2 - 1) * 80) / 4, Math.round((rnd() * 2 - 1) * 40) / 4];
      after.push(d);
      move(d[0], d[1], 1000 + i);
    }
    const log = input.takeBefore(2000);
    const engine = createDrillEngine({ drill, seed: 5, settings: engineSettings });
    engine.advanceTo(2000, log);

    // what the player asked for: the old deg/count before the save, the new one after
    let yaw = 0;
    let pitch = 0;
    for (const [dx, dy] of before) { yaw += dx * 1.3 * YAW_DEG_PER_COUNT; pitch -= dy * 1.3 * YAW_DEG_PER_COUNT; }
    for (const [dx, dy] of after) { yaw += dx * 0.7 * YAW_DEG_PER_COUNT; pitch += dy * 0.45 * YAW_DEG_PER_COUNT; }
    expect(engine.yaw).toBeCloseTo(yaw, 9);
    expect(Math.max(-89, Math.min(89, pitch))).toBeCloseTo(engine.pitch, 9);

    // the replay: the same drill, seed, settings and the recorded log → bit-identical state
    const replay = createDrillEngine({ drill, seed: 5, settings: engineSettings });
    replay.advanceTo(2000, JSON.parse(JSON.stringify(engine.inputLog())) as InputEvent[]);
    expect(replay.yaw).toBe(engine.yaw);
    expect(replay.pitch).toBe(engine.pitch);
    expect(replay.stateHash()).toBe(engine.stateHash());
    input.dispose();
  });

  test('a new ADS sensitivity applies only while the ADS button is held', () => {
    const { input } = setup();
    input.setLookScale(lookScaleOf(sens(1, null, false, 0.5), sens(1, null, false, 0.25)));
    move(8, 0, 1);
    button('mousedown', 2, 2); // ads (right mouse by default)
    move(8, 0, 3);
    button('mouseup', 2, 4);
    move(8, 0, 5);
    const dxs = input.takeBefore(100).filter((e) => e.type === 'look').map((e) => (e as { dx: number }).dx);
    expect(dxs).toEqual([8, 4, 8]);
    input.dispose();
  });
});

describe('movement: keyboard and gamepad combined', () => {
  test('pad and keys OR together; a change of either records the combined mask once', () => {
    const { input } = setup();
    key('keydown', 'KeyW', 1); // forward 1
    input.setPadMoveMask(2, 8); // pad right
    input.setPadMoveMask(3, 8); // unchanged: nothing
    key('keyup', 'KeyW', 4);
    input.setPadMoveMask(5, 0);
    const moves = input.takeBefore(100).filter((e) => e.type === 'move').map((e) => [e.t, (e as { mask: number }).mask]);
    expect(moves).toEqual([[1, 1], [2, 9], [4, 8], [5, 0]]);
    input.dispose();
  });

  test('nothing is recorded from the pad while not recording', () => {
    const { input } = setup();
    input.stopRecording();
    input.setPadMoveMask(1, 1);
    expect(input.takeBefore(100)).toEqual([]);
    input.dispose();
  });
});

describe('ADS switch and the releases at pause', () => {
  const adsDowns = (evs: InputEvent[]) => evs.filter((e) => e.type === 'ads').map((e) => [e.t, (e as { down: boolean }).down]);

  test('each adsSwitch press (Left Shift by default, or a bound mouse button) toggles ADS; holding does not repeat', () => {
    const { input } = setup();
    key('keydown', 'ShiftLeft', 1);
    key('keyup', 'ShiftLeft', 2); // a release does nothing
    key('keydown', 'ShiftLeft', 3);
    button('mousedown', 2, 4); // ads held on top: down (already down)
    button('mouseup', 2, 5); // ads released: up
    key('keydown', 'ShiftLeft', 6); // switch again: on
    expect(adsDowns(input.takeBefore(100))).toEqual([[1, true], [3, false], [4, true], [5, false], [6, true]]);
    input.setBindings({ adsSwitch: { key: 'mouse3', alt: '', pad: 'button10' } });
    button('mousedown', 3, 107);
    button('mouseup', 3, 108);
    expect(adsDowns(input.takeBefore(200))).toEqual([[107, false]]);
    input.dispose();
  });

  test('toggleAdsAt (the pad adsSwitch) shares the state with the keys; ignored while not recording', () => {
    const { input } = setup();
    input.toggleAdsAt(1);
    key('keydown', 'ShiftLeft', 2);
    input.toggleAdsAt(3);
    input.stopRecording();
    input.toggleAdsAt(4);
    expect(adsDowns(input.takeBefore(100))).toEqual([[1, true], [2, false], [3, true]]);
    input.dispose();
  });

  test('stopRecording(at) releases held fire, ADS and movement at that time; nothing when none is held', () => {
    const { input } = setup();
    button('mousedown', 0, 1);
    button('mousedown', 2, 2);
    key('keydown', 'KeyD', 3);
    input.setPadMoveMask(4, 1);
    input.stopRecording(10);
    const evs = input.takeBefore(100).filter((e) => e.t === 10);
    expect(evs).toEqual([{ type: 'fire', down: false, t: 10 }, { type: 'ads', down: false, t: 10 }, { type: 'move', mask: 0, t: 10 }]);
    // the mouse let go in the pause menu is not seen; after the resume nothing is held
    button('mouseup', 0, 20);
    key('keyup', 'KeyD', 21);
    input.startRecording(false);
    input.stopRecording(30);
    expect(input.takeBefore(100)).toEqual([]);
    input.dispose();
  });

  test('an automatic weapon held at pause stops firing after the resume (engine), and the log replays it', () => {
    const { input } = setup();
    const drill = drillOf({ weapon_automatic: true, weapon_fire_rate: 10 });
    const settings = { sensitivity: 1, sensitivityY: null, invertY: false };
    const engine = createDrillEngine({ drill, seed: 3, settings });
    button('mousedown', 0, 100);
    input.stopRecording(1000); // pause at 1 s while holding fire
    const log: InputEvent[] = input.takeBefore(Infinity);
    engine.advanceTo(1000, log.filter((e) => e.t < 1000));
    const shotsAtPause = engine.counters().shots;
    engine.advanceTo(5000, log.filter((e) => e.t >= 1000));
    const shotsAfter = engine.counters().shots;
    expect(shotsAtPause).toBeGreaterThanOrEqual(9);
    expect(shotsAfter - shotsAtPause).toBeLessThanOrEqual(1); // at most the shot of the pause's own tick
    const replay = createDrillEngine({ drill, seed: 3, settings });
    replay.advanceTo(5000, log);
    expect(replay.counters()).toEqual(engine.counters());
    expect(replay.stateHash()).toBe(engine.stateHash());
    input.dispose();
  });
});

describe('the pause key and text inputs', () => {
  test('ignored while a text input has focus; a focused checkbox does not block it', () => {
    const { input, onPauseRequested } = setup();
    const text = document.createElement('input');
    text.type = 'text';
    const check = document.createElement('input');
    check.type = 'checkbox';
    document.body.append(text, check);
    key('keydown', 'Escape', 1, text);
    expect(onPauseRequested).not.toHaveBeenCalled();
    key('keydown', 'Escape', 2, check);
    expect(onPauseRequested).toHaveBeenCalledTimes(1);
    input.dispose();
  });

  test('isTypingInTextInput: text-like inputs, textarea, contenteditable; not checkbox, range, select, button', () => {
    const el = (tag: string, type?: string) => {
      const e = document.createElement(tag);
      if (type) (e as HTMLInputElement).type = type;
      return e;
    };
    expect(isTypingInTextInput(el('input'))).toBe(true);
    expect(isTypingInTextInput(el('input', 'number'))).toBe(true);
    expect(isTypingInTextInput(el('input', 'search'))).toBe(true);
    expect(isTypingInTextInput(el('textarea'))).toBe(true);
    const ce = el('div');
    Object.defineProperty(ce, 'isContentEditable', { value: true });
    expect(isTypingInTextInput(ce)).toBe(true);
    expect(isTypingInTextInput(el('input', 'checkbox'))).toBe(false);
    expect(isTypingInTextInput(el('input', 'range'))).toBe(false);
    expect(isTypingInTextInput(el('select'))).toBe(false);
    expect(isTypingInTextInput(el('button'))).toBe(false);
    expect(isTypingInTextInput(null)).toBe(false);
    expect(isTypingInTextInput(window)).toBe(false);
  });
});
