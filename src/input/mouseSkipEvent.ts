/**
 * The page-level signal that the mouse-skip filter rejected a sample (no deps, so the notice
 * component can import it without pulling in the game runtime). The runtime dispatches
 * `MOUSE_SKIP_EVENT` on `window` once per page, at the first rejected sample, unless the
 * player has already seen the notice (game_options.other.mouse_skip.notification_shown).
 */

/** Name of the window CustomEvent; `detail` is {@link MouseSkipDetail}. */
export const MOUSE_SKIP_EVENT = 'aimtrainer:mouse-skip';

/** The rejected sample: raw movementX / movementY (counts) and its round time (ms). */
export interface MouseSkipDetail {
  dx: number;
  dy: number;
  t: number;
}

/** Dispatches {@link MOUSE_SKIP_EVENT} on `target` (default `window`; no-op without one). */
export function announceMouseSkip(detail: MouseSkipDetail, target: EventTarget | null = typeof window !== 'undefined' ? window : null): void {
  if (!target || typeof CustomEvent !== 'function') return;
  target.dispatchEvent(new CustomEvent<MouseSkipDetail>(MOUSE_SKIP_EVENT, { detail }));
}
