/**
 * Binding rules of the settings menu (spec section 5), pure functions on
 * `Record<BindingAction, Binding>`:
 * - assigning a code already used by another binding clears it there;
 * - the pause binding's main key cannot be edited (nor taken by another binding);
 * - a clear button empties a binding (the pause main key stays);
 * - key / alt cells take keyboard codes and mouse buttons (`mouse{n}`), pad cells gamepad
 *   buttons (`button{n}`).
 * Inputs are never mutated; a refused change returns the same object.
 */
import { BINDING_ACTIONS, DEFAULT_BINDINGS, type Binding, type BindingAction } from '../../contracts/gameOptions';
import { isKeyOrMouseCode, isPadButtonCode } from '../../contracts/settingsRules';

/** The three cells of a binding. */
export type BindingSlot = keyof Binding;
/** The cells in table order. */
export const BINDING_SLOTS: readonly BindingSlot[] = ['key', 'alt', 'pad'];

/** All bindings of the player. */
export type Bindings = Record<BindingAction, Binding>;


/** Whether a cell may be edited: everything but the pause binding's main key. */
export function isSlotEditable(action: BindingAction, slot: BindingSlot): boolean {
  return !(action === 'pause' && slot === 'key');
}

/** Whether `code` fits `slot` as the server checks it (contracts/settingsRules.ts): pad cells
 * take button0 .. button16 (the standard gamepad mapping), key and alt cells a
 * `KeyboardEvent.code` of the UI Events code values or mouse0 .. mouse4 (media keys and the like
 * are not bindable). */
export function slotAccepts(slot: BindingSlot, code: string): boolean {
  if (!code) return false;
  return slot === 'pad' ? isPadButtonCode(code) : isKeyOrMouseCode(code);
}

/** `mouse{n}` for a `MouseEvent.button` n (0 left, 1 middle, 2 right). */
export function mouseButtonCode(button: number): string {
  return `mouse${button}`;
}

/** `button{n}` for a gamepad button index n. */
export function padButtonCode(index: number): string {
  return `button${index}`;
}

/** Every (action, slot) holding `code`. */
export function findBinding(bindings: Bindings, code: string): Array<{ action: BindingAction; slot: BindingSlot }> {
  const out: Array<{ action: BindingAction; slot: BindingSlot }> = [];
  for (const action of BINDING_ACTIONS) {
    for (const slot of BINDING_SLOTS) {
      if (bindings[action]?.[slot] === code) out.push({ action, slot });
    }
  }
  return out;
}

/**
 * Puts `code` into `bindings[action][slot]`, clearing it wherever else it was bound.
 * Refused (returns `bindings` unchanged): the pause main key, a code that does not fit the
 * slot, or a code held by the pause main key (it cannot be taken away).
 */
export function assignBinding(bindings: Bindings, action: BindingAction, slot: BindingSlot, code: string): Bindings {
  if (!isSlotEditable(action, slot) || !slotAccepts(slot, code)) return bindings;
  if (bindings.pause?.key === code) return bindings;
  const out = {} as Bindings;
  for (const a of BINDING_ACTIONS) {
    const b: Binding = { ...(bindings[a] ?? { key: null, alt: null, pad: null }) };
    for (const s of BINDING_SLOTS) {
      if (b[s] === code && !(a === action && s === slot)) b[s] = null;
    }
    out[a] = b;
  }
  out[action][slot] = code;
  return out;
}

/** Empties `bindings[action]` (key, alt and pad); the pause binding keeps its main key. */
export function clearBinding(bindings: Bindings, action: BindingAction): Bindings {
  const cur = bindings[action];
  const cleared: Binding = { key: isSlotEditable(action, 'key') ? null : (cur?.key ?? null), alt: null, pad: null };
  return { ...bindings, [action]: cleared };
}

/** Fresh default bindings (spec section 9). */
export function defaultBindings(): Bindings {
  return structuredClone(DEFAULT_BINDINGS);
}

const MOUSE_NAMES: Record<string, string> = {
  mouse0: 'Mouse Left',
  mouse1: 'Mouse Middle',
  mouse2: 'Mouse Right',
  mouse3: 'Mouse 4',
  mouse4: 'Mouse 5',
};

/** A short label for a binding code: 'KeyW' → 'W', 'Digit1' → '1', 'mouse0' → 'Mouse Left',
 * 'button7' → 'Pad 7', 'ShiftLeft' → 'Shift Left'; null or '' → ''. */
export function bindingLabel(code: string | null | undefined): string {
  if (!code) return '';
  if (MOUSE_NAMES[code]) return MOUSE_NAMES[code];
  let m = /^mouse(\d+)$/.exec(code);
  if (m) return `Mouse ${Number(m[1]) + 1}`;
  m = /^button(\d+)$/.exec(code);
  if (m) return `Pad ${m[1]}`;
  m = /^Key([A-Z])$/.exec(code);
  if (m) return m[1];
  m = /^Digit(\d)$/.exec(code);
  if (m) return m[1];
  m = /^Numpad(.+)$/.exec(code);
  if (m) return `Num ${m[1]}`;
  if (code === 'Escape') return 'Esc';
  return code.replace(/([a-z])([A-Z])/g, '$1 $2');
}
