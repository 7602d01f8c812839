/**
 * The page-level signal that the round runs without pointer lock and waits for a click to take
 * it back (issue 33 item 6: after Resume in a browser, spec section 4). No deps, so the prompt
 * component can import it without pulling in the game runtime. The input recorder
 * (PointerLockInput) dispatches `LOCK_CLICK_EVENT` on its document's window each time the
 * waiting state changes: `waiting: true` when a resume left the round unlocked, `false` when the
 * click took the lock back (that click is not a shot), the lock came back another way, or
 * recording stopped (pause again, round over).
 */

/** Name of the window CustomEvent; `detail` is {@link LockClickDetail}. */
export const LOCK_CLICK_EVENT = 'aimtrainer:lock-click';

/** Whether the next click on the game takes pointer lock back instead of firing. */
export interface LockClickDetail {
  waiting: boolean;
}

/** Dispatches {@link LOCK_CLICK_EVENT} on `target` (no-op without one or without CustomEvent). */
export function announceLockClick(waiting: boolean, target: EventTarget | null | undefined): void {
  if (!target || typeof CustomEvent !== 'function') return;
  target.dispatchEvent(new CustomEvent<LockClickDetail>(LOCK_CLICK_EVENT, { detail: { waiting } }));
}
