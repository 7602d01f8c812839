/**
 * Gamepad movement (drills with player_movement_speed > 0): the left stick after the engine
 * deadzone 0.15 and the settings left_deadzone, 8-way, and the movement pad buttons (d-pad
 * 12-15 by default) become the `move` bitmask (1 forward, 2 backward, 4 left, 8 right), sent
 * only when it changes, released on stop; nothing while movement is off.
 */
import { GamepadInput, MOVE_AXIS_SHARE, stickMoveMask, type PadLike } from '../../../src/input/gamepadInput';

describe('stickMoveMask (pure)', () => {
  test('inside the deadzones: no movement (engine 0.15, then settings 0.1 → 0.235 radial)', () => {
    expect(stickMoveMask(0, 0)).toBe(0);
    expect(stickMoveMask(0.2, 0)).toBe(0);
    expect(stickMoveMask(0, -0.234)).toBe(0);
    expect(stickMoveMask(0, -0.24)).toBe(1);
    // a larger settings deadzone swallows more: 0.15 + 0.5 · 0.85 = 0.575
    expect(stickMoveMask(0.57, 0, 0.5)).toBe(0);
    expect(stickMoveMask(0.58, 0, 0.5)).toBe(8);
  });

  test('stick up is forward, down backward, left 4, right 8; diagonals set two bits', () => {
    expect(stickMoveMask(0, -1)).toBe(1);
    expect(stickMoveMask(0, 1)).toBe(2);
    expect(stickMoveMask(-1, 0)).toBe(4);
    expect(stickMoveMask(1, 0)).toBe(8);
    expect(stickMoveMask(0.7, -0.7)).toBe(1 | 8);
    expect(stickMoveMask(-0.7, 0.7)).toBe(2 | 4);
  });

  test('8-way: an axis counts from sin 22.5° of the magnitude', () => {
    expect(MOVE_AXIS_SHARE).toBeCloseTo(Math.sin(Math.PI / 8), 15);
    const deg = (a: number) => [Math.sin((a * Math.PI) / 180), -Math.cos((a * Math.PI) / 180)] as const; // 0° = up
    expect(stickMoveMask(...deg(20))).toBe(1); // near-straight up
    expect(stickMoveMask(...deg(25))).toBe(1 | 8);
    expect(stickMoveMask(...deg(65))).toBe(1 | 8);
    expect(stickMoveMask(...deg(70))).toBe(8);
  });
});

describe('GamepadInput movement', () => {
  function setup(movement: boolean) {
    const buttons = Array.from({ length: 17 }, () => ({ pressed: false, value: 0 }));
    const pad: PadLike = { connected: true, axes: [0, 0, 0, 0], buttons };
    const moves: Array<[number, number]> = [];
    let now = 0;
    let tick: (() => void) | null = null;
    const g = new GamepadInput({
      getGamepads: () => [pad],
      record: () => {},
      move: (ts, mask) => moves.push([ts, mask]),
      degPerCount: () => ({ x: 0.022, y: -0.022 }),
      onPause: () => {},
      now: () => now,
      setInterval: (cb) => { tick = cb; return 1; },
      clearInterval: () => { tick = null; },
    });
    g.setMovement(movement);
    return { g, pad, moves, advance(ms = 16) { now += ms; tick?.(); } };
  }

  test('left stick and d-pad combine; only changes are sent; stop releases', () => {
    const s = setup(true);
    s.g.start();
    (s.pad.axes as number[])[1] = -1; // forward
    s.advance();
    s.advance();
    s.pad.buttons[15].pressed = true; // d-pad right
    s.advance();
    (s.pad.axes as number[])[1] = 0;
    s.advance();
    expect(s.moves).toEqual([[16, 1], [48, 1 | 8], [64, 8]]);
    expect(s.g.currentMoveMask).toBe(8);
    s.g.stop();
    expect(s.moves.at(-1)).toEqual([64, 0]);
    expect(s.g.currentMoveMask).toBe(0);
  });

  test('the settings left_deadzone applies (configure)', () => {
    const s = setup(true);
    s.g.configure({ left_deadzone: 0.5 }, null);
    s.g.start();
    (s.pad.axes as number[])[0] = 0.5;
    s.advance();
    expect(s.moves).toEqual([]);
    (s.pad.axes as number[])[0] = 0.9;
    s.advance();
    expect(s.moves).toEqual([[32, 8]]);
  });

  test('rebound movement buttons (bindings pad values) are read', () => {
    const s = setup(true);
    s.g.configure(null, { forward: { key: 'KeyW', alt: null, pad: 'button3' } });
    s.g.start();
    s.pad.buttons[3].pressed = true;
    s.advance();
    expect(s.moves).toEqual([[16, 1]]);
  });

  test('movement off (drill without player movement): nothing sent; switching off releases', () => {
    const off = setup(false);
    off.g.start();
    (off.pad.axes as number[])[1] = -1;
    off.advance();
    expect(off.moves).toEqual([]);

    const on = setup(true);
    on.g.start();
    (on.pad.axes as number[])[0] = -1;
    on.advance();
    on.g.setMovement(false);
    expect(on.moves).toEqual([[16, 4], [16, 0]]);
  });
});
