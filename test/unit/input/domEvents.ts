/**
 * Browser input events with a chosen `timeStamp` (ms, the recorder's time base), dispatched the
 * way the browser delivers them, for the jsdom tests of the input recorder (PointerLockInput).
 */

/** A pointer-lock mouse move of (`dx`, `dy`) counts (movementX / movementY) on the document,
 * as the event the recorder reads look from (PointerLockInput LOOK_EVENT, `pointermove`),
 * pointerType 'mouse', with no coalesced events (as a synthetic event has none). */
export function move(dx: number, dy: number, timeStamp: number, type = 'pointermove', pointerType = 'mouse'): void {
  const e = new MouseEvent(type, { bubbles: true });
  Object.defineProperty(e, 'pointerType', { value: pointerType });
  Object.defineProperty(e, 'movementX', { value: dx });
  Object.defineProperty(e, 'movementY', { value: dy });
  Object.defineProperty(e, 'timeStamp', { value: timeStamp });
  document.dispatchEvent(e);
}

/** One `pointermove` dispatched at `timeStamp` whose `getCoalescedEvents()` lists `reports`
 * ([dx, dy, timeStamp] each, counts and ms), its own movement their sum: what a browser that
 * coalesces device reports to one event a frame delivers. */
export function moveCoalesced(reports: ReadonlyArray<readonly [number, number, number]>, timeStamp: number): void {
  const e = new MouseEvent('pointermove', { bubbles: true });
  const list = reports.map(([dx, dy, t]) => ({ movementX: dx, movementY: dy, timeStamp: t, pointerType: 'mouse' }));
  Object.defineProperty(e, 'pointerType', { value: 'mouse' });
  Object.defineProperty(e, 'movementX', { value: reports.reduce((a, r) => a + r[0], 0) });
  Object.defineProperty(e, 'movementY', { value: reports.reduce((a, r) => a + r[1], 0) });
  Object.defineProperty(e, 'timeStamp', { value: timeStamp });
  Object.defineProperty(e, 'getCoalescedEvents', { value: () => list });
  document.dispatchEvent(e);
}

/** Mouse button `b` (0 left, 2 right, …) going down or up on the page body. */
export function button(type: 'mousedown' | 'mouseup', b: number, timeStamp: number): void {
  const e = new MouseEvent(type, { bubbles: true, button: b });
  Object.defineProperty(e, 'timeStamp', { value: timeStamp });
  document.body.dispatchEvent(e);
}

/** Key `code` (KeyboardEvent.code) going down or up on `target` (default the page body). */
export function key(type: 'keydown' | 'keyup', code: string, timeStamp: number, target: EventTarget = document.body): void {
  const e = new KeyboardEvent(type, { bubbles: true, code });
  Object.defineProperty(e, 'timeStamp', { value: timeStamp });
  target.dispatchEvent(e);
}
