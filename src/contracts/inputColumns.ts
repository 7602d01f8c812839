/**
 * Input events in columns (issue 38 item 4): the engine's input system reads a tick's events
 * from four typed arrays instead of one object per event. The same layout is what the replay
 * decoder writes (src/contracts/replayCodec.ts `decodeReplayLogColumns`), so the server's
 * re-simulation hands the decoded log to the engine as it is (`DrillEngine.stepColumns`), and
 * `DrillEngine.step` turns its event objects into these columns first (`writeInputColumns`):
 * one input system serves both.
 *
 * Event i is `code[i]` (INPUT_CODE_*), at round time `t[i]` ms, with `a[i]` = a look's dx
 * (counts), a move's mask, a fire / ads event's down (1 / 0), and `b[i]` = a look's dy (counts).
 * Typed arrays keep every value exactly (-0, NaN and infinities included). No dependencies:
 * this module is part of the engine's first-frame chunk.
 */
import type { InputEvent } from './engine';

/** A look event without a device (the counter is `EngineSettings.inputDevice`'s, else mouse). */
export const INPUT_CODE_LOOK = 0;
export const INPUT_CODE_FIRE = 1;
export const INPUT_CODE_MOVE = 2;
export const INPUT_CODE_ADS = 3;
/** A look event with device 'Mouse'. */
export const INPUT_CODE_LOOK_MOUSE = 4;
/** A look event with device 'Cont'. */
export const INPUT_CODE_LOOK_CONT = 5;
/** An object of no known type (`writeInputColumns`): the input system moves its cursor to it
 * (walking, automatic fire) and applies nothing, as it did for such an object. Never encoded in a
 * replay log (its codes stop at 5). */
export const INPUT_CODE_OTHER = 6;

/** Input events in columns (see the module comment); the events read are given by index range. */
export interface InputColumns {
  readonly code: Uint8Array;
  readonly t: Float64Array;
  readonly a: Float64Array;
  readonly b: Float64Array;
}

/** Growable columns (`createInputColumns`); `writeInputColumns` replaces the arrays when it grows
 * them, so read the fields after writing. */
export interface InputColumnsBuffer extends InputColumns {
  code: Uint8Array;
  t: Float64Array;
  a: Float64Array;
  b: Float64Array;
}

/** Empty columns with room for `capacity` events (at least 16). */
export function createInputColumns(capacity = 16): InputColumnsBuffer {
  const n = Math.max(16, capacity);
  return { code: new Uint8Array(n), t: new Float64Array(n), a: new Float64Array(n), b: new Float64Array(n) };
}

/** The code of event `e` (INPUT_CODE_*). */
export function inputCode(e: InputEvent): number {
  switch (e.type) {
    case 'look': return e.device === undefined ? INPUT_CODE_LOOK : e.device === 'Cont' ? INPUT_CODE_LOOK_CONT : INPUT_CODE_LOOK_MOUSE;
    case 'fire': return INPUT_CODE_FIRE;
    case 'move': return INPUT_CODE_MOVE;
    case 'ads': return INPUT_CODE_ADS;
    default: return INPUT_CODE_OTHER;
  }
}

/**
 * Writes `events[start, end)` into `into` from index 0 (growing its arrays when needed) and
 * returns the count written. A look event's dx / dy go to a / b (a look's `device`: its code;
 * `rejected` is not kept: the engine never reads it), a move's mask to a, a fire / ads event's
 * down to a as 1 (truthy) or 0. Never throws.
 */
export function writeInputColumns(events: readonly InputEvent[], start: number, end: number, into: InputColumnsBuffer): number {
  const n = end - start;
  if (n > into.code.length) {
    let c = into.code.length;
    while (c < n) c *= 2;
    into.code = new Uint8Array(c); into.t = new Float64Array(c); into.a = new Float64Array(c); into.b = new Float64Array(c);
  }
  const code = into.code, ts = into.t, as = into.a, bs = into.b;
  for (let i = 0; i < n; i++) {
    const e = events[start + i];
    const c = inputCode(e);
    code[i] = c;
    ts[i] = e.t;
    if (c === INPUT_CODE_LOOK || c === INPUT_CODE_LOOK_MOUSE || c === INPUT_CODE_LOOK_CONT) {
      const l = e as Extract<InputEvent, { type: 'look' }>;
      as[i] = l.dx; bs[i] = l.dy;
    } else if (c === INPUT_CODE_MOVE) {
      as[i] = (e as Extract<InputEvent, { type: 'move' }>).mask; bs[i] = 0;
    } else if (c === INPUT_CODE_OTHER) {
      as[i] = 0; bs[i] = 0;
    } else {
      as[i] = (e as Extract<InputEvent, { type: 'fire' }>).down ? 1 : 0; bs[i] = 0;
    }
  }
  return n;
}

/** Event `i` of `cols` as the engine's InputEvent (a new object; a look has `device` only when
 * its code names one). Codes above INPUT_CODE_LOOK_CONT come back as an ads event (the replay
 * decoder never writes them). */
export function inputColumnEvent(cols: InputColumns, i: number): InputEvent {
  const code = cols.code[i], t = cols.t[i];
  switch (code) {
    case INPUT_CODE_LOOK: return { type: 'look', t, dx: cols.a[i], dy: cols.b[i] };
    case INPUT_CODE_LOOK_MOUSE: return { type: 'look', t, dx: cols.a[i], dy: cols.b[i], device: 'Mouse' };
    case INPUT_CODE_LOOK_CONT: return { type: 'look', t, dx: cols.a[i], dy: cols.b[i], device: 'Cont' };
    case INPUT_CODE_MOVE: return { type: 'move', t, mask: cols.a[i] };
    case INPUT_CODE_FIRE: return { type: 'fire', t, down: cols.a[i] === 1 };
    default: return { type: 'ads', t, down: cols.a[i] === 1 };
  }
}
