/** Pure settings rules: the binding rules (clampAndRound and the ranges of spec section 5 are
 * tested in test/unit/contracts/settingRanges.test.ts). */
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
