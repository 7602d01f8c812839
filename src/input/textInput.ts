/**
 * "A text input has focus" (spec sections 2 and 4: the restart key reloads unless a text input
 * has focus; the pause key is ignored while typing in a text input). DOM only, no deps, so the
 * page-level key handler (src/ui/useGameInputs.ts), the settings menu and the runtime's input
 * recorder (PointerLockInput) use one rule.
 */

/** `<input type=…>` values that take no typing: keys pressed while they have focus still
 * belong to the game. */
const NON_TEXT_INPUT_TYPES = ['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file', 'image'];

/**
 * True when `el` takes typed text: a `<textarea>`, an `<input>` whose type takes text (text,
 * number, search, email, password, …; not checkbox, radio, range, button, color, file, image,
 * submit, reset), or a content-editable element. A `<select>` is not a text input. Null or a
 * non-element (window, document) → false.
 */
export function isTypingInTextInput(el: EventTarget | Element | null | undefined): boolean {
  if (!el || typeof (el as Element).tagName !== 'string') return false;
  const tag = (el as Element).tagName;
  if (tag === 'TEXTAREA') return true;
  if (tag === 'SELECT') return false;
  if (tag === 'INPUT') return !NON_TEXT_INPUT_TYPES.includes(((el as HTMLInputElement).type || 'text').toLowerCase());
  return (el as HTMLElement).isContentEditable === true;
}
