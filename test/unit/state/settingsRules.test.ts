/** Pure settings rules: clampAndRound (spec section 5) and the binding rules. */
import { DEFAULT_BINDINGS } from '../../../src/contracts/gameOptions';
import {
  assignBinding,
  bindingLabel,
  clearBinding,
  defaultBindings,
  findBinding,
  isSlotEditable,
  slotAccepts,
} from '../../../src/state/settings/bindings';
import { SETTING_RANGES, clampAndRound, decimalsOf } from '../../../src/state/settings/clampAndRound';

describe('clampAndRound', () => {
  test('clamps to min and max', () => {
    expect(clampAndRound(150, SETTING_RANGES.fov)).toBe(140);
    expect(clampAndRound(10, SETTING_RANGES.fov)).toBe(40);
    expect(clampAndRound(11, SETTING_RANGES.audio)).toBe(10);
    expect(clampAndRound(-1, SETTING_RANGES.audio)).toBe(0);
    expect(clampAndRound(0, SETTING_RANGES.mouse_sens)).toBe(0.001);
    expect(clampAndRound(1000, SETTING_RANGES.ads_sens)).toBe(100);
    expect(clampAndRound(50, SETTING_RANGES.max_fps)).toBe(60);
    expect(clampAndRound(5000, SETTING_RANGES.max_fps)).toBe(4000);
    expect(clampAndRound(300, SETTING_RANGES.line_thickness)).toBe(250);
    expect(clampAndRound(0.7, SETTING_RANGES.deadzone)).toBe(0.5);
  });

  test('rounds to the step with its decimals', () => {
    expect(clampAndRound(1.234, SETTING_RANGES.status_bar_size)).toBe(1.23);
    expect(clampAndRound(0.123, SETTING_RANGES.deadzone)).toBe(0.12);
    expect(clampAndRound(0.123, SETTING_RANGES.status_bar_size)).toBe(0.6); // below the range
    expect(clampAndRound(103.456, SETTING_RANGES.fov)).toBe(103.46);
    expect(clampAndRound(3.6, SETTING_RANGES.audio)).toBe(4);
    expect(clampAndRound(0.93, SETTING_RANGES.brightness)).toBe(0.95);
    expect(clampAndRound(0.72, SETTING_RANGES.render_scale)).toBe(0.7);
    expect(clampAndRound(1.23456, SETTING_RANGES.mouse_sens)).toBe(1.235);
    expect(clampAndRound(850, SETTING_RANGES.mouse_dpi)).toBe(900);
    expect(clampAndRound(0.1 + 0.2, { min: 0, max: 1, step: 0.1 })).toBe(0.3);
  });

  test('garbage gives the minimum', () => {
    expect(clampAndRound(Number.NaN, SETTING_RANGES.fov)).toBe(40);
    expect(clampAndRound(Infinity, SETTING_RANGES.audio)).toBe(0);
  });

  test('decimalsOf', () => {
    expect(decimalsOf(0.01)).toBe(2);
    expect(decimalsOf(100)).toBe(0);
    expect(decimalsOf(0.05)).toBe(2);
    expect(decimalsOf(1e-7)).toBe(7);
    expect(decimalsOf(1.5e-7)).toBe(8);
  });
});

describe('binding rules', () => {
  const base = defaultBindings();

  test('defaults are DEFAULT_BINDINGS (fresh copy)', () => {
    expect(base).toEqual(DEFAULT_BINDINGS);
    expect(base).not.toBe(DEFAULT_BINDINGS);
  });

  test('assigning sets the cell without touching the input', () => {
    const next = assignBinding(base, 'fire', 'alt', 'KeyF');
    expect(next.fire).toEqual({ key: 'mouse0', alt: 'KeyF', pad: 'button7' });
    expect(base.fire.alt).toBeNull();
  });

  test('a code already used by another binding is cleared there', () => {
    const next = assignBinding(base, 'forward', 'key', 'KeyS');
    expect(next.forward.key).toBe('KeyS');
    expect(next.backward.key).toBeNull();
    const mouse = assignBinding(base, 'restart', 'alt', 'mouse2');
    expect(mouse.restart.alt).toBe('mouse2');
    expect(mouse.ads.key).toBeNull();
    const pad = assignBinding(base, 'fire', 'pad', 'button6');
    expect(pad.fire.pad).toBe('button6');
    expect(pad.ads.pad).toBeNull();
    // the same binding's other cell too: no code twice
    const same = assignBinding(assignBinding(base, 'left', 'alt', 'ArrowLeft'), 'left', 'key', 'ArrowLeft');
    expect(same.left).toEqual({ key: 'ArrowLeft', alt: null, pad: 'button14' });
    expect(findBinding(same, 'ArrowLeft')).toEqual([{ action: 'left', slot: 'key' }]);
  });

  test("the pause binding's main key cannot be edited or taken", () => {
    expect(isSlotEditable('pause', 'key')).toBe(false);
    expect(isSlotEditable('pause', 'alt')).toBe(true);
    expect(assignBinding(base, 'pause', 'key', 'KeyP')).toBe(base);
    expect(assignBinding(base, 'fire', 'key', 'Escape')).toBe(base);
    const alt = assignBinding(base, 'pause', 'alt', 'KeyP');
    expect(alt.pause).toEqual({ key: 'Escape', alt: 'KeyP', pad: 'button9' });
  });

  test('pad cells take pad buttons, key cells keys and mouse buttons', () => {
    expect(slotAccepts('pad', 'button3')).toBe(true);
    expect(slotAccepts('pad', 'KeyW')).toBe(false);
    expect(slotAccepts('key', 'button3')).toBe(false);
    expect(slotAccepts('alt', 'mouse4')).toBe(true);
    expect(assignBinding(base, 'fire', 'pad', 'KeyW')).toBe(base);
    expect(assignBinding(base, 'fire', 'key', 'button1')).toBe(base);
  });

  test('clear empties a binding; pause keeps its main key', () => {
    expect(clearBinding(base, 'fire').fire).toEqual({ key: null, alt: null, pad: null });
    expect(clearBinding(base, 'pause').pause).toEqual({ key: 'Escape', alt: null, pad: null });
    expect(base.fire.key).toBe('mouse0');
  });

  test('labels', () => {
    expect(bindingLabel('KeyW')).toBe('W');
    expect(bindingLabel('Digit3')).toBe('3');
    expect(bindingLabel('mouse0')).toBe('Mouse Left');
    expect(bindingLabel('mouse2')).toBe('Mouse Right');
    expect(bindingLabel('button7')).toBe('Pad 7');
    expect(bindingLabel('ShiftLeft')).toBe('Shift Left');
    expect(bindingLabel(null)).toBe('');
  });
});
