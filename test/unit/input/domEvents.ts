/**
 * Browser input events with a chosen `timeStamp` (ms, the recorder's time base), dispatched the
 * way the browser delivers them, for the jsdom tests of the input recorder (PointerLockInput).
 */

/** A pointer-lock mouse move of (`dx`, `dy`) counts (movementX / movementY) on the document,
 * as the event the recorder reads look from (PointerLockInput lookEventType: `pointermove` in
 * jsdom, which has no `pointerrawupdate`), pointerType 'mouse'. */
export function move(dx: number, dy: number, timeStamp: number, type = 'pointermove', pointerType = 'mouse'): void {
  const e = new MouseEvent(type, { bubbles: true });
  Object.defineProperty(e, 'pointerType', { value: pointerType });
  Object.defineProperty(e, 'movementX', { value: dx });
  Object.defineProperty(e, 'movementY', { value: dy });
  Object.defineProperty(e, 'timeStamp', { value: timeStamp });
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
