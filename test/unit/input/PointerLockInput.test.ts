/**
 * @jest-environment jsdom
 */
/**
 * PointerLockInput: every mouse delta is recorded as the browser gave it (floating point, never
 * scaled by devicePixelRatio, never merged), sums exactly through the engine, and the mouse-skip
 * filter records a rejected sample as rejected (raw values kept, nothing applied).
 */
import type { InputEvent } from '../../../src/contracts/engine';
import type { GameConfigResponse } from '../../../src/contracts/gameConfig';
import { YAW_DEG_PER_COUNT } from '../../../src/contracts/constants';
import { parseDrillConfig } from '../../../src/drill/parseDrillConfig';
import { createDrillEngine } from '../../../src/ecs/engine';
import { LOOK_EVENT, lookSamples, PointerLockInput } from '../../../src/input/PointerLockInput';
import { LOCK_CLICK_EVENT } from '../../../src/input/lockClickEvent';
import { button, move, moveCoalesced } from './domEvents';

function setup(opts: { mouseSkipFilter?: boolean } = {}) {
  const canvas = document.createElement('canvas');
  document.body.appendChild(canvas);
  const onMouseSkip = jest.fn();
  const input = new PointerLockInput(canvas, {
    roundTimeOf: (ts) => ts, // round time = time stamp
    onPauseRequested: () => {},
    onMouseSkip,
    ...opts,
  });
  input.startRecording(true);
  return { input, onMouseSkip, canvas };
}

const looks = (evs: InputEvent[]) => evs.filter((e): e is Extract<InputEvent, { type: 'look' }> => e.type === 'look');

afterEach(() => {
  document.body.innerHTML = '';
});

describe('mouse deltas', () => {
  test('recorded exactly as given: fractions kept, no devicePixelRatio scaling, none merged', () => {
    Object.defineProperty(window, 'devicePixelRatio', { value: 2, configurable: true });
    const { input } = setup();
    const deltas = [[1, 0], [0.5, -0.25], [3.1, 2.7], [-7, 0.1], [0.3, 0.3]];
    deltas.forEach(([dx, dy], i) => move(dx, dy, 10 + i));
    const got = looks(input.takeBefore(1000));
    expect(got.map((e) => [e.dx, e.dy])).toEqual(deltas);
    expect(got.map((e) => e.t)).toEqual([10, 11, 12, 13, 14]);
    expect(got.every((e) => e.rejected === undefined)).toBe(true);
    input.dispose();
  });

  test('a long sequence of deltas sums exactly (in float64) and turns the engine by exactly that', () => {
    const { input } = setup();
    let seed = 7;
    const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    const injected: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const dx = Math.round((rnd() * 2 - 1) * 40 * 8) / 8; // eighths of a count, |dx| <= 40
      injected.push(dx);
      move(dx, 0, 1 + i * 0.5);
    }
    const got = looks(input.takeBefore(2000));
    expect(got).toHaveLength(2000);
    let sumInjected = 0;
    for (const d of injected) sumInjected += d;
    let sumRecorded = 0;
    for (const e of got) sumRecorded += e.dx;
    expect(sumRecorded).toBe(sumInjected);

    // the engine accumulates yaw += dx · sens · 0.022 in the same order
    const resp = { id: 1, name: 't', config: '{}', duration: 60000, num_targets: 1, spawn_mode: 'Random' } as GameConfigResponse;
    const engine = createDrillEngine({ drill: parseDrillConfig(resp), seed: 1, settings: { sensitivity: 1.5, sensitivityY: null, invertY: false } });
    engine.advanceTo(1024 * (1000 / 64), got);
    let yaw = 0;
    for (const e of got) yaw += e.dx * (1.5 * YAW_DEG_PER_COUNT);
    expect(engine.yaw).toBe(yaw);
    expect(engine.counters().mouseInputs).toBe(2000);
    input.dispose();
  });
});

describe('mouse-skip filter in PointerLockInput', () => {
  test('a spike is recorded as rejected with its raw values and not applied; the notice fires once', () => {
    const { input, onMouseSkip } = setup();
    const xs = [20, 22, 21, 21 + 560, 23, 22, 22 - 480, 20];
    xs.forEach((x, i) => move(x, 1, 100 + i));
    const got = looks(input.takeBefore(1000));
    expect(got).toHaveLength(8); // nothing dropped from the log
    expect(got[3]).toEqual({ type: 'look', t: 103, dx: 0, dy: 0, rejected: { dx: 581, dy: 1 } });
    expect(got[6]).toEqual({ type: 'look', t: 106, dx: 0, dy: 0, rejected: { dx: -458, dy: 1 } });
    expect(got.filter((e) => !e.rejected).map((e) => e.dx)).toEqual([20, 22, 21, 23, 22, 20]);
    expect(onMouseSkip).toHaveBeenCalledTimes(1);
    expect(onMouseSkip).toHaveBeenCalledWith({ dx: 581, dy: 1, t: 103 });
    expect(input.skipStats).toEqual({ samples: 8, rejected: 2 });

    // replaying the log applies exactly the accepted deltas
    const resp = { id: 1, name: 't', config: '{}', duration: 60000, num_targets: 1, spawn_mode: 'Random' } as GameConfigResponse;
    const engine = createDrillEngine({ drill: parseDrillConfig(resp), seed: 1, settings: { sensitivity: 1, sensitivityY: null, invertY: false } });
    engine.advanceTo(1000, got);
    let yaw = 0;
    for (const d of [20, 22, 21, 0, 23, 22, 0, 20]) yaw += d * YAW_DEG_PER_COUNT;
    expect(engine.yaw).toBe(yaw);
    input.dispose();
  });

  test('with mouse_skip_filter off every delta is applied as given', () => {
    const { input, onMouseSkip } = setup({ mouseSkipFilter: false });
    expect(input.mouseSkipFilterEnabled).toBe(false);
    [20, 22, 600, 21].forEach((x, i) => move(x, 0, 100 + i));
    const got = looks(input.takeBefore(1000));
    expect(got.map((e) => e.dx)).toEqual([20, 22, 600, 21]);
    expect(got.some((e) => e.rejected)).toBe(false);
    expect(onMouseSkip).not.toHaveBeenCalled();
    input.setMouseSkipFilter(true);
    expect(input.mouseSkipFilterEnabled).toBe(true);
    input.dispose();
  });

  test('recordAt adds another source (gamepad) to the same ordered queue only while recording', () => {
    const { input } = setup();
    move(5, 0, 10);
    expect(input.recordAt(11, { type: 'look', dx: 2.5, dy: 0, device: 'Cont' })).toBe(true);
    move(6, 0, 12);
    input.stopRecording();
    expect(input.recordAt(13, { type: 'fire', down: true })).toBe(false);
    const got = input.takeBefore(1000);
    expect(got.map((e) => e.t)).toEqual([10, 11, 12]);
    expect(got[1]).toEqual({ type: 'look', t: 11, dx: 2.5, dy: 0, device: 'Cont' });
    input.dispose();
  });
});

describe('the look event (issue 18 item 4, issue 33 item 1)', () => {
  test('look is read from pointermove, the event the browser orders against clicks', () => {
    expect(LOOK_EVENT).toBe('pointermove');
  });

  test('only pointermove is read: mousemove and pointerrawupdate add nothing (no double count)', () => {
    Object.defineProperty(window, 'onpointerrawupdate', { value: null, configurable: true, writable: true });
    try {
      const { input } = setup();
      expect(input.lookEvent).toBe('pointermove');
      move(5, 1, 10, 'pointermove');
      move(5, 1, 10, 'mousemove'); // the compatibility event of the same motion
      move(5, 1, 10, 'pointerrawupdate'); // the raw event of the same motion, where the browser has it
      const got = looks(input.takeBefore(1000));
      expect(got.map((e) => [e.dx, e.dy])).toEqual([[5, 1]]);
      input.dispose();
    } finally {
      delete (window as unknown as Record<string, unknown>).onpointerrawupdate;
    }
  });

  test('a pointermove with coalesced events records one look per device report, each at its own time', () => {
    const { input } = setup();
    moveCoalesced([[3, 1, 10], [4, 0, 11], [-2, 2, 12]], 12);
    const got = looks(input.takeBefore(1000));
    expect(got.map((e) => [e.t, e.dx, e.dy])).toEqual([[10, 3, 1], [11, 4, 0], [12, -2, 2]]);
    expect(input.skipStats.samples).toBe(3);
    input.dispose();
  });

  test('coalesced reports then a click: the click is recorded after every report', () => {
    const { input } = setup();
    moveCoalesced([[1, 0, 10], [2, 0, 11], [3, 0, 12]], 12);
    button('mousedown', 0, 12.5);
    moveCoalesced([[5, 0, 13], [6, 0, 14]], 14);
    const got = input.takeBefore(1000).map((e) => (e.type === 'look' ? e.dx : e.type));
    expect(got).toEqual([1, 2, 3, 'fire', 5, 6]);
    input.dispose();
  });

  test('lookSamples: no coalesced list, one entry, or a list that does not add up -> the event itself', () => {
    const ev = (dx: number, dy: number, t: number, list?: Array<[number, number, number]>) => ({
      movementX: dx, movementY: dy, timeStamp: t,
      getCoalescedEvents: list ? () => list.map(([x, y, ts]) => ({ movementX: x, movementY: y, timeStamp: ts })) : undefined,
    });
    expect(lookSamples(ev(4, 1, 7))).toEqual([{ dx: 4, dy: 1, timeStamp: 7 }]);
    expect(lookSamples(ev(4, 1, 7, []))).toEqual([{ dx: 4, dy: 1, timeStamp: 7 }]);
    expect(lookSamples(ev(4, 1, 7, [[4, 1, 6]]))).toEqual([{ dx: 4, dy: 1, timeStamp: 7 }]);
    expect(lookSamples(ev(4, 1, 7, [[1, 1, 5], [2, 0, 6]]))).toEqual([{ dx: 4, dy: 1, timeStamp: 7 }]);
    expect(lookSamples(ev(3, 1, 7, [[1, 1, 5], [2, 0, 6]]))).toEqual([{ dx: 1, dy: 1, timeStamp: 5 }, { dx: 2, dy: 0, timeStamp: 6 }]);
    expect(lookSamples(ev(0.3, 0, 7, [[0.1, 0, 5], [0.2, 0, 6]]))).toHaveLength(2); // 0.1 + 0.2 differs from 0.3 in the last bit: within the tolerance
  });

  test('the mouse-skip filter sees each coalesced report, not their sum', () => {
    const { input } = setup({ mouseSkipFilter: true });
    // 25 reports of 30 counts coalesced into one dispatch: each is ordinary motion
    moveCoalesced(Array.from({ length: 25 }, (_, i) => [30, 0, 10 + i] as [number, number, number]), 34);
    const got = looks(input.takeBefore(1000));
    expect(got).toHaveLength(25);
    expect(got.reduce((a, e) => a + e.dx, 0)).toBe(750);
    expect(input.skipStats.rejected).toBe(0);
    input.dispose();
  });

  test('pen and touch pointers do not look', () => {
    const { input } = setup();
    move(9, 0, 10, 'pointermove', 'pen');
    move(9, 0, 11, 'pointermove', 'touch');
    move(2, 0, 12, 'pointermove', 'mouse');
    expect(looks(input.takeBefore(1000)).map((e) => e.dx)).toEqual([2]);
    input.dispose();
  });

  test('a click after N moves is recorded after all N of them', () => {
    const { input } = setup();
    for (let i = 0; i < 25; i++) move(8, 0, 10 + i);
    button('mousedown', 0, 34);
    for (let i = 0; i < 5; i++) move(-3, 0, 35 + i);
    button('mouseup', 0, 40);
    const evs = input.takeBefore(1000);
    const fireAt = evs.findIndex((e) => e.type === 'fire');
    expect(fireAt).toBe(25);
    expect(looks(evs.slice(0, fireAt)).reduce((a, e) => a + e.dx, 0)).toBe(200);
    input.dispose();
  });
});

describe('the click that takes pointer lock back after a resume (issue 33 item 6)', () => {
  test('announces waiting, the click is not a shot, then announces the end of waiting', () => {
    const { input } = setup();
    const seen: boolean[] = [];
    const onEvent = (e: Event) => seen.push((e as CustomEvent<{ waiting: boolean }>).detail.waiting);
    window.addEventListener(LOCK_CLICK_EVENT, onEvent);
    try {
      input.lockOnNextClick();
      expect(input.waitingForLockClick).toBe(true);
      button('mousedown', 0, 10);
      button('mouseup', 0, 11);
      expect(input.takeBefore(1000).filter((e) => e.type === 'fire' && e.down)).toEqual([]);
      expect(input.waitingForLockClick).toBe(false);
      button('mousedown', 0, 12);
      expect(input.takeBefore(5000).filter((e) => e.type === 'fire' && e.down)).toHaveLength(1);
      input.lockOnNextClick();
      input.stopRecording(20); // paused again before clicking: nothing to wait for
      expect(seen).toEqual([true, false, true, false]);
    } finally {
      window.removeEventListener(LOCK_CLICK_EVENT, onEvent);
      input.dispose();
    }
  });
});
