/**
 * Keyboard behaviour of the menus (issue 33 item 7), after the WAI-ARIA Authoring Practices:
 * - tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): in a `role="tablist"`, Left / Right
 *   move to the previous / next tab (wrapping), Home / End to the first / last; the tab reached is
 *   focused and selected (automatic activation);
 * - modal dialogs (https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/): Tab and Shift+Tab
 *   cycle through the dialog's focusable elements and never leave it.
 */
import { useEffect, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';

/** What can take focus inside a dialog (disabled and hidden elements excluded). */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focusable elements of `root`, in document order, that are rendered. */
export function focusablesOf(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden && el.getAttribute('aria-hidden') !== 'true');
}

/** onKeyDown of a `role="tablist"`: arrow keys, Home and End move between its tabs (focus and
 * select). Other keys pass. */
export function tabListKeyDown(e: ReactKeyboardEvent<HTMLElement>): void {
  const tabs = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')].filter((el) => !(el as HTMLButtonElement).disabled);
  if (tabs.length === 0) return;
  const at = tabs.findIndex((el) => el === document.activeElement);
  let next: number;
  switch (e.key) {
    case 'ArrowRight': next = at < 0 ? 0 : (at + 1) % tabs.length; break;
    case 'ArrowLeft': next = at < 0 ? tabs.length - 1 : (at - 1 + tabs.length) % tabs.length; break;
    case 'Home': next = 0; break;
    case 'End': next = tabs.length - 1; break;
    default: return;
  }
  e.preventDefault();
  tabs[next].focus();
  tabs[next].click();
}

/**
 * Keeps keyboard focus inside `ref`'s element while `active` (the newest active trap wins, so a
 * confirm dialog over a menu keeps focus in the confirm): Tab from its last focusable goes
 * to its first, Shift+Tab from its first to its last, and a Tab pressed while focus is outside
 * it (e.g. on the page behind) brings focus in.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active = true): void {
  useEffect(() => {
    if (!active) return;
    // dialogs open over dialogs (a confirm over the settings menu): only the newest one traps
    const token = {};
    trapStack.push(token);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || trapStack[trapStack.length - 1] !== token) return;
      const root = ref.current;
      if (!root) return;
      const items = focusablesOf(root);
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const inside = root.contains(document.activeElement);
      if (!inside) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      } else if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      const i = trapStack.indexOf(token);
      if (i >= 0) trapStack.splice(i, 1);
    };
  }, [ref, active]);
}

/** The traps active now, oldest first (useFocusTrap): the last one handles Tab. */
const trapStack: object[] = [];
