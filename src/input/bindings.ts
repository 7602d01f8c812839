/**
 * Input bindings → matchers (pure; no DOM). Binding values (contracts/gameOptions.ts):
 * keyboard `KeyboardEvent.code` values ('KeyW', 'Escape'), mouse buttons `mouse{n}`
 * (`MouseEvent.button` n: 0 left, 1 middle, 2 right), gamepad buttons `button{n}`.
 */
import type { Binding, BindingAction } from '../contracts/gameOptions';
import { DEFAULT_BINDINGS } from '../contracts/gameOptions';

/** The mouse buttons and key codes that trigger one action. */
export interface ActionMatcher {
  /** MouseEvent.button values */
  buttons: number[];
  /** KeyboardEvent.code values */
  keys: string[];
}

/** Parses one binding value: `mouse{n}` → {button n}, `button{n}` (gamepad) → null, other
 * non-empty strings → {key}. */
export function parseBindingValue(v: string | null | undefined): { button: number } | { key: string } | null {
  if (!v) return null;
  const m = /^mouse(\d+)$/.exec(v);
  if (m) return { button: Number(m[1]) };
  if (/^button\d+$/.test(v)) return null;
  return { key: v };
}

/** The matcher of `binding` (its key and alt; the pad button is ignored here). */
export function matcherOf(binding: Binding | null | undefined): ActionMatcher {
  const out: ActionMatcher = { buttons: [], keys: [] };
  for (const v of [binding?.key, binding?.alt]) {
    const p = parseBindingValue(v);
    if (!p) continue;
    if ('button' in p) out.buttons.push(p.button);
    else out.keys.push(p.key);
  }
  return out;
}

/** Matchers for the actions the runtime records. If fire has no mouse or key binding, the
 * left mouse button (0) fires (spec section 3); pause falls back to Escape. */
export function inputMatchers(bindings: Partial<Record<BindingAction, Binding>> | null | undefined): Record<BindingAction, ActionMatcher> {
  const b = { ...DEFAULT_BINDINGS, ...(bindings ?? {}) } as Record<BindingAction, Binding>;
  const out = {} as Record<BindingAction, ActionMatcher>;
  for (const action of Object.keys(DEFAULT_BINDINGS) as BindingAction[]) out[action] = matcherOf(b[action]);
  if (out.fire.buttons.length === 0 && out.fire.keys.length === 0) out.fire.buttons.push(0);
  if (out.pause.keys.length === 0 && out.pause.buttons.length === 0) out.pause.keys.push('Escape');
  return out;
}

/** Movement key bitmask bits (contracts/engine.ts 'move' events). */
export { MOVE_BITS } from '../contracts/engine';
