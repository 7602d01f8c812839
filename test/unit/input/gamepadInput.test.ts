/** Gamepad aiming: deadzones, curve, stick → degrees → counts, polling and buttons. */
import {
  degreesToCounts, ENGINE_STICK_DEADZONE, GamepadInput, padButtonOf, padButtons, radialDeadzone,
  responseCurve, STICK_DEG_PER_S, stickDeadzone, stickLookDegrees, type PadLike,
} from '../../../src/input/gamepadInput';
import type { InputEvent } from '../../../src/contracts/engine';

describe('deadzones and curve (pure)', () => {
  test('scaled radial deadzone: zero inside, 0..1 outside, direction kept', () => {
    expect(radialDeadzone(0.1, 0, 0.15)).toEqual([0, 0]);
    expect(radialDeadzone(0.15, 0, 0.15)).toEqual([0, 0]);
    expect(radialDeadzone(1, 0, 0.15)).toEqual([1, 0]);
    const [x, y] = radialDeadzone(0.6, 0.8, 0.5); // magnitude 1 → 1
    expect(Math.hypot(x, y)).toBeCloseTo(1, 12);
    expect(x / y).toBeCloseTo(0.75, 12);
    expect(radialDeadzone(0.575, 0, 0.15)[0]).toBeCloseTo(0.5, 12); // (0.575-0.15)/0.85
  });

  test('engine 0.15 then settings 0.1 = one deadzone of 0.15 + 0.1·0.85 = 0.235', () => {
    expect(ENGINE_STICK_DEADZONE).toBe(0.15);
    expect(stickDeadzone(0.234, 0, 0.1)).toEqual([0, 0]);
    expect(stickDeadzone(0.236, 0, 0.1)[0]).toBeGreaterThan(0);
    expect(stickDeadzone(1, 0, 0.1)[0]).toBeCloseTo(1, 12);
    expect(stickDeadzone(0.6175, 0, 0.1)[0]).toBeCloseTo(0.5, 12); // 0.235 + 0.5·0.765
    expect(stickDeadzone(0.2, 0, 0)[0]).toBeCloseTo(0.05 / 0.85, 12);
  });

  test('response curve squares the magnitude', () => {
    expect(responseCurve(0.5, 0)).toEqual([0.25, 0]);
    expect(responseCurve(0, 0)).toEqual([0, 0]);
    const [x, y] = responseCurve(0.3, 0.4);
    expect(Math.hypot(x, y)).toBeCloseTo(0.25, 12);
  });

  test('full deflection turns 180°/s at sens 1; sens and invert apply; stick up raises the aim', () => {
    const opts = { horizontal_sens: 1, vertical_sens: 1, invert_look: false, right_deadzone: 0.1 };
    expect(STICK_DEG_PER_S).toBe(180);
    expect(stickLookDegrees(1, 0, 1000, opts).yaw).toBeCloseTo(18, 9); // one step is capped at 100 ms
    expect(stickLookDegrees(1, 0, 100, opts)).toEqual({ yaw: 18, pitch: 0 });
    expect(stickLookDegrees(0, -1, 100, opts).pitch).toBeCloseTo(18, 12);
    expect(stickLookDegrees(0, -1, 100, { ...opts, invert_look: true }).pitch).toBeCloseTo(-18, 12);
    expect(stickLookDegrees(-1, 0, 50, { ...opts, horizontal_sens: 2 }).yaw).toBeCloseTo(-18, 12);
    expect(stickLookDegrees(0, 1, 50, { ...opts, vertical_sens: 0.5 }).pitch).toBeCloseTo(-4.5, 12);
    expect(stickLookDegrees(0.2, 0.1, 16, opts)).toEqual({ yaw: 0, pitch: 0 }); // inside the deadzone
  });

  test('degrees → counts use the signed engine degrees per count', () => {
    const dpc = { x: 0.022 * 2, y: -0.022 * 2 };
    const { dx, dy } = degreesToCounts(0.88, 0.44, dpc);
    expect(dx).toBeCloseTo(20, 12);
    expect(dy).toBeCloseTo(-10, 12); // aim up = negative counts, like moving the mouse up
    expect(degreesToCounts(0.44, 0.44, { x: 0.022, y: 0.022 }).dy).toBeCloseTo(20, 12); // mouse inverted
  });

  test('pad bindings: button{n} values, defaults 7 fire, 6 ads, 10 adsSwitch, 9 pause, 8 restart, 12-15 movement', () => {
    expect(padButtonOf('button7')).toBe(7);
    expect(padButtonOf('KeyR')).toBeNull();
    expect(padButtons(null)).toEqual({ fire: 7, ads: 6, adsSwitch: 10, pause: 9, restart: 8, forward: 12, backward: 13, left: 14, right: 15 });
    expect(padButtons({ fire: { key: 'mouse0', alt: null, pad: 'button5' } }).fire).toBe(5);
  });
});

describe('GamepadInput polling', () => {
  function setup() {
    const buttons = Array.from({ length: 17 }, () => ({ pressed: false, value: 0 }));
    const pad: PadLike = { connected: true, axes: [0, 0, 0, 0], buttons };
    const events: Array<{ ts: number; ev: Omit<InputEvent, 't'> }> = [];
    let now = 1000;
    let tick: (() => void) | null = null;
    let interval = 0;
    const onPause = jest.fn();
    const onRestart = jest.fn();
    const onAdsSwitch = jest.fn();
    const g = new GamepadInput({
      getGamepads: () => [null, pad],
      record: (ts, ev) => events.push({ ts, ev }),
      degPerCount: () => ({ x: 0.022, y: -0.022 }),
      onPause,
      onRestart,
      onAdsSwitch,
      now: () => now,
      setInterval: (cb, ms) => { tick = cb; interval = ms; return 1; },
      clearInterval: () => { tick = null; },
    });
    return {
      g, pad, events, onPause, onRestart, onAdsSwitch,
      advance(ms: number) { now += ms; tick?.(); },
      get interval() { return interval; },
      get ticking() { return tick !== null; },
    };
  }

  test('polls at 60 Hz; the right stick becomes controller look events in counts', () => {
    const s = setup();
    s.g.start();
    expect(s.interval).toBeCloseTo(1000 / 60, 12);
    (s.pad.axes as number[])[2] = 1;
    s.advance(50);
    expect(s.events).toHaveLength(1);
    const ev = s.events[0].ev as { type: string; dx: number; dy: number; device: string };
    expect(ev.type).toBe('look');
    expect(ev.device).toBe('Cont');
    expect(ev.dx).toBeCloseTo(9 / 0.022, 9); // 180°/s × 0.05 s = 9°
    expect(ev.dy).toBe(0);
    expect(s.events[0].ts).toBe(1050);
  });

  test('fire / ads edges become events; pause and restart buttons call back once per press', () => {
    const s = setup();
    s.g.start();
    s.pad.buttons[7].pressed = true;
    s.advance(16);
    s.advance(16);
    s.pad.buttons[7].pressed = false;
    s.pad.buttons[6].value = 1;
    s.advance(16);
    expect(s.events.map((e) => e.ev)).toEqual([
      { type: 'fire', down: true }, { type: 'fire', down: false }, { type: 'ads', down: true },
    ]);
    s.pad.buttons[9].pressed = true;
    s.advance(16);
    s.advance(16);
    expect(s.onPause).toHaveBeenCalledTimes(1);
    s.pad.buttons[8].pressed = true;
    s.advance(16);
    expect(s.onRestart).toHaveBeenCalledTimes(1);
    s.g.stop();
    expect(s.ticking).toBe(false);
    expect(s.events.at(-1)!.ev).toEqual({ type: 'ads', down: false }); // released on stop
  });

  test('the adsSwitch button (10 by default) calls back once per press with the poll time; held at start: not a press', () => {
    const s = setup();
    s.pad.buttons[10].pressed = true;
    s.g.start();
    s.advance(16);
    expect(s.onAdsSwitch).not.toHaveBeenCalled();
    s.pad.buttons[10].pressed = false;
    s.advance(16);
    s.pad.buttons[10].pressed = true;
    s.advance(16);
    s.advance(16);
    expect(s.onAdsSwitch.mock.calls).toEqual([[1048]]);
    expect(s.events).toEqual([]); // the recorder records the toggle (PointerLockInput.toggleAdsAt)
  });

  test('no pad: nothing recorded', () => {
    const events: unknown[] = [];
    const g = new GamepadInput({
      getGamepads: () => [null], record: (_t, e) => events.push(e), degPerCount: () => ({ x: 1, y: -1 }),
      onPause: () => {}, now: () => 0, setInterval: () => 1, clearInterval: () => {},
    });
    g.start();
    g.poll(16);
    expect(events).toEqual([]);
  });
});
