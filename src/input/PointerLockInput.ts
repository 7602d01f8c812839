/**
 * Pointer lock and input recording for one game canvas (DOM; no Babylon).
 *
 * While recording, EVERY mouse report becomes `{ type: 'look', t, dx: movementX, dy: movementY }`
 * (counts as the browser reports them: never dropped, merged or scaled by devicePixelRatio).
 * Look is read from `pointermove` and, inside it, from `getCoalescedEvents()` (lookSamples):
 * one sample per device report, each with its own timeStamp, so the input log keeps the mouse's
 * report rate (input health's mouse_hz) even when the browser dispatches one `pointermove` a
 * frame. `pointermove` is used, not `pointerrawupdate`, because the browser orders it against
 * `mousedown`: Chromium flushes the pending (frame-aligned) `pointermove` before it dispatches a
 * click, while `pointerrawupdate` is dispatched on its own schedule and a click could be logged
 * before raw moves made earlier (measured with CDP bursts of 1000 moves: 7 of 9 clicks saw the
 * wrong number of moves, issue 33 item 1). Every click is therefore resolved after exactly the
 * moves that came before it. Pointers other than the mouse (pen, touch) do not look.
 * mousedown / mouseup of the fire binding become `fire` events (ads binding: `ads` events), and
 * movement keys become `move` bitmask events. The adsSwitch binding toggles ADS: each press
 * records `ads` with the opposite of the state held (spec section 3 bindings: ads holds,
 * adsSwitch switches). `t` is the round time in ms of `event.timeStamp`
 * (performance.now() timebase), computed by the `roundTimeOf` function the owner supplies.
 * Nothing is recorded outside `startRecording` … `stopRecording`.
 *
 * Deltas are applied exactly: movementX/Y are passed on as the numbers the browser gave
 * (floating point, summed by the engine in float64), never rounded, merged or multiplied by
 * devicePixelRatio (the engine turns counts into degrees with the sensitivity only).
 *
 * Mouse-skip filter (control option `mouse_skip_filter`, default on): each mousemove goes
 * through {@link MouseSkipFilter}; a rejected sample is still recorded, as
 * `{ type: 'look', dx: 0, dy: 0, rejected: { dx, dy } }` (raw values kept, nothing applied), so
 * the input log and replays stay exact. The first rejection calls `onMouseSkip` once.
 *
 * Live sensitivity (`setLookScale`, src/input/lookScale.ts): after the player saved a new mouse
 * sensitivity mid-run, accepted mouse samples are recorded rescaled so the engine (created with
 * the old settings) turns as the new settings ask and the log stays replay-exact.
 *
 * Movement: the keyboard's movement keys and the gamepad's (`setPadMoveMask`) are combined into
 * one `move` bitmask (the engine keeps the last mask it got, so the two sources must not
 * overwrite each other).
 *
 * Keys typed into a text input (src/input/textInput.ts) are not game input: the pause key is
 * ignored while typing (spec section 4).
 *
 * Pause: `stopRecording(atMs)` first records the release of everything held (fire, ADS, movement),
 * because a button or key let go in the pause menu is never seen by the game; without that an
 * automatic weapon would keep firing after the resume. The releases are in the log, so a replay
 * sees them at the same tick.
 */
import type { InputEvent } from '../contracts/engine';
import type { Binding, BindingAction } from '../contracts/gameOptions';
import { InputQueue } from './inputQueue';
import { inputMatchers, MOVE_BITS, type ActionMatcher } from './bindings';
import { MouseSkipFilter } from './mouseSkipFilter';
import { IDENTITY_LOOK_SCALE, scaleLook, type LookScale } from './lookScale';
import { isTypingInTextInput } from './textInput';
import { announceLockClick } from './lockClickEvent';

/** An input event without its time (distributes over the union). */
export type EventBody = InputEvent extends infer E ? (E extends InputEvent ? Omit<E, 't'> : never) : never;

/** The event mouse look is read from: always `pointermove` (see the file comment for why not
 * `pointerrawupdate`), its device-rate samples taken with lookSamples. */
export const LOOK_EVENT = 'pointermove';

/** One mouse report: counts (movementX / movementY) and its event.timeStamp (ms). */
export interface LookSample {
  dx: number;
  dy: number;
  timeStamp: number;
}

/** A pointer event as lookSamples reads it (PointerEvent, or a MouseEvent without coalescing). */
export type LookEventLike = Pick<MouseEvent, 'movementX' | 'movementY' | 'timeStamp'> & {
  getCoalescedEvents?: () => ArrayLike<Pick<MouseEvent, 'movementX' | 'movementY' | 'timeStamp'>>;
};

/** Largest difference (counts) between a pointermove's movement and the sum of its coalesced
 * events' that still counts as equal (fractional movement summed in another order). */
const COALESCED_SUM_TOLERANCE = 1e-6;

/**
 * The mouse reports inside one `pointermove` `e`, in order: its coalesced events
 * (`getCoalescedEvents()`, one per device report since the previous dispatch) when there are
 * two or more and their movement adds up to `e`'s own, else `e` itself (synthetic events and
 * browsers without coalescing have an empty list; a browser whose coalesced events do not add
 * up to the movement it dispatched is trusted for the sum). Never drops or scales a count.
 */
export function lookSamples(e: LookEventLike): LookSample[] {
  const dx = e.movementX || 0;
  const dy = e.movementY || 0;
  const one = [{ dx, dy, timeStamp: e.timeStamp }];
  const list = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : null;
  if (!list || list.length < 2) return one;
  const out: LookSample[] = [];
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    const s = { dx: c.movementX || 0, dy: c.movementY || 0, timeStamp: c.timeStamp };
    sx += s.dx;
    sy += s.dy;
    out.push(s);
  }
  if (Math.abs(sx - dx) > COALESCED_SUM_TOLERANCE || Math.abs(sy - dy) > COALESCED_SUM_TOLERANCE) return one;
  return out;
}

/** Which pointer lock the browser granted. */
export type PointerLockKind = 'unadjusted' | 'plain' | 'none';

export interface PointerLockInputOptions {
  /** the player's bindings (options.control.bindings); defaults apply where missing */
  bindings?: Partial<Record<BindingAction, Binding>> | null;
  /** round time (ms) of an event stamped `timeStampMs` (event.timeStamp) */
  roundTimeOf(timeStampMs: number): number;
  /** called once per recording span when the player asks to pause: the pause key was pressed,
   * or pointer lock was lost while recording */
  onPauseRequested(): void;
  /** run the mouse-skip filter (control option mouse_skip_filter; default true) */
  mouseSkipFilter?: boolean;
  /** called once, at the first sample the mouse-skip filter rejects (raw counts, round ms) */
  onMouseSkip?(info: { dx: number; dy: number; t: number }): void;
}

/** A form control (mouse events on it belong to the form, not the game, without pointer lock). */
function isFormControl(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable;
}

/** Records the input of a round on `canvas` and manages its pointer lock. */
export class PointerLockInput {
  /** the recorded events not yet consumed by the loop */
  readonly queue = new InputQueue();
  private recording = false;
  private pauseSent = false;
  /** movement keys held (keyboard) */
  private moveMask = 0;
  /** movement the gamepad asks for (setPadMoveMask) */
  private padMoveMask = 0;
  /** the last `move` mask recorded */
  private recordedMoveMask = 0;
  private lookScale: LookScale = IDENTITY_LOOK_SCALE;
  /** the ADS button is held, as the recorded 'ads' events say (mouse, keys and pad) */
  private adsHeld = false;
  /** the fire button is held, as the recorded 'fire' events say (mouse, keys and pad) */
  private fireHeld = false;
  private matchers: Record<BindingAction, ActionMatcher>;
  private lockKind: PointerLockKind = 'none';
  private readonly doc: Document;
  /** the event type mouse look is read from (LOOK_EVENT) */
  readonly lookEvent = LOOK_EVENT;
  private readonly skipFilter = new MouseSkipFilter();
  private skipFilterOn: boolean;
  private skipNotified = false;
  private skipRejected = 0;
  private looksSeen = 0;

  constructor(private readonly canvas: HTMLCanvasElement, private readonly opts: PointerLockInputOptions) {
    this.doc = canvas.ownerDocument;
    this.matchers = inputMatchers(opts.bindings);
    this.skipFilterOn = opts.mouseSkipFilter !== false;
    this.doc.addEventListener(this.lookEvent, this.onMouseMove, { passive: true });
    this.doc.addEventListener('mousedown', this.onMouseDown);
    this.doc.addEventListener('mouseup', this.onMouseUp);
    this.doc.addEventListener('keydown', this.onKeyDown);
    this.doc.addEventListener('keyup', this.onKeyUp);
    this.doc.addEventListener('pointerlockchange', this.onLockChange);
    this.canvas.addEventListener('contextmenu', this.onContextMenu);
  }

  /** Replaces the bindings (settings changed). */
  setBindings(bindings: Partial<Record<BindingAction, Binding>> | null | undefined): void {
    this.matchers = inputMatchers(bindings);
  }

  /** Switches the mouse-skip filter on or off (control option mouse_skip_filter). */
  setMouseSkipFilter(enabled: boolean): void {
    if (enabled && !this.skipFilterOn) this.skipFilter.reset();
    this.skipFilterOn = enabled;
  }

  /**
   * Sets the multipliers for later mouse samples (src/input/lookScale.ts `lookScaleOf`): the
   * live sensitivity over the engine's. Samples already recorded keep their scale.
   */
  setLookScale(scale: LookScale): void {
    this.lookScale = scale;
  }

  /** The current look scale (identity unless the sensitivity changed mid-run). */
  get currentLookScale(): LookScale { return this.lookScale; }

  /**
   * The gamepad's movement bitmask (1 forward, 2 backward, 4 left, 8 right) from
   * `timeStampMs` (performance.now() timebase): recorded, OR-ed with the movement keys held,
   * as a `move` event when the combined mask changes. Ignored while not recording.
   */
  setPadMoveMask(timeStampMs: number, mask: number): void {
    if (!this.recording) return;
    this.padMoveMask = mask & 15;
    this.recordMoveMask(timeStampMs);
  }

  /** Whether the mouse-skip filter runs. */
  get mouseSkipFilterEnabled(): boolean { return this.skipFilterOn; }

  /** Mouse samples recorded and how many of them the skip filter rejected, since construction. */
  get skipStats(): { samples: number; rejected: number } {
    return { samples: this.looksSeen, rejected: this.skipRejected };
  }

  /** True while the canvas holds pointer lock. */
  get locked(): boolean {
    return this.doc.pointerLockElement === this.canvas;
  }

  /** The kind of the last lock granted ('none' if none yet or refused). */
  get lastLockKind(): PointerLockKind { return this.lockKind; }

  /**
   * Requests pointer lock on the canvas: first with `{ unadjustedMovement: true }` (raw input),
   * then plain when the browser answers NotSupportedError (headless Chromium does) or has no
   * promise-based API. Resolves with the lock granted, 'none' when refused (the game still runs).
   * Call it from a user gesture (click) handler.
   */
  async requestPointerLock(): Promise<PointerLockKind> {
    if (this.locked) return this.lockKind === 'none' ? 'plain' : this.lockKind;
    if (typeof this.canvas.requestPointerLock !== 'function') return (this.lockKind = 'none');
    try {
      await this.lockWith({ unadjustedMovement: true });
      return (this.lockKind = 'unadjusted');
    } catch {
      // NotSupportedError (no raw input, e.g. headless Chromium) or any other refusal:
      // try the plain lock once (it fails the same way when the refusal was not about raw input)
    }
    try {
      await this.lockWith(undefined);
      return (this.lockKind = 'plain');
    } catch {
      return (this.lockKind = 'none');
    }
  }

  /** One lock attempt; resolves when the canvas holds the lock, rejects on refusal. With the
   * promise-returning requestPointerLock only its promise counts (a `pointerlockerror` event
   * of an earlier attempt can arrive after its promise rejected, and must not fail this one);
   * the older void-returning API is followed through pointerlockchange / pointerlockerror. */
  private lockWith(options: { unadjustedMovement: boolean } | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let done = false;
      let usesEvents = false;
      const finish = (err: unknown | null): void => {
        if (done) return;
        done = true;
        if (usesEvents) {
          this.doc.removeEventListener('pointerlockchange', onChange);
          this.doc.removeEventListener('pointerlockerror', onError);
        }
        clearTimeout(timer);
        if (err === null || this.locked) resolve();
        else reject(err);
      };
      const onChange = (): void => { if (this.locked) finish(null); };
      const onError = (): void => finish(Object.assign(new Error('pointer lock refused'), { name: 'PointerLockError' }));
      const timer = setTimeout(() => finish(Object.assign(new Error('pointer lock timed out'), { name: 'TimeoutError' })), 1500);
      try {
        const req = this.canvas.requestPointerLock as (o?: { unadjustedMovement?: boolean }) => Promise<void> | void;
        const r = options ? req.call(this.canvas, options) : req.call(this.canvas);
        if (r && typeof (r as Promise<void>).then === 'function') {
          (r as Promise<void>).then(() => finish(null), (err: unknown) => finish(err ?? new Error('pointer lock refused')));
        } else {
          usesEvents = true;
          this.doc.addEventListener('pointerlockchange', onChange);
          this.doc.addEventListener('pointerlockerror', onError);
          if (this.locked) finish(null);
        }
      } catch (err) {
        finish(err);
      }
    });
  }

  /** Releases pointer lock if the canvas holds it. */
  exitPointerLock(): void {
    if (this.locked) this.doc.exitPointerLock();
  }

  /** Starts recording (round running). Clears the queue when `fresh` (a new round). */
  startRecording(fresh: boolean): void {
    if (fresh) {
      this.queue.clear();
      this.moveMask = 0;
      this.padMoveMask = 0;
      this.recordedMoveMask = 0;
      this.adsHeld = false;
      this.fireHeld = false;
    }
    this.skipFilter.reset();
    this.recording = true;
    this.pauseSent = false;
  }

  /**
   * Stops recording (pause, end of round). Events already queued stay queued. With `releaseAtMs`
   * (performance.now() timebase: the pause time), a held fire or ADS button and held movement
   * (keys and pad) are first recorded as released at that time (see the file comment).
   */
  stopRecording(releaseAtMs?: number): void {
    if (this.recording && releaseAtMs !== undefined) {
      if (this.fireHeld) this.record(releaseAtMs, { type: 'fire', down: false });
      if (this.adsHeld) this.record(releaseAtMs, { type: 'ads', down: false });
      this.moveMask = 0;
      this.padMoveMask = 0;
      this.recordMoveMask(releaseAtMs);
    }
    this.recording = false;
    this.setLockOnClick(false); // paused again or the round is over: no click to wait for
  }

  /** The ADS switch (adsSwitch binding; the gamepad's adsSwitch button): records `ads` with the
   * opposite of the state held, at `timeStampMs` (performance.now() timebase). Ignored while
   * not recording. */
  toggleAdsAt(timeStampMs: number): void {
    if (!this.recording) return;
    this.record(timeStampMs, { type: 'ads', down: !this.adsHeld });
  }

  /** True between startRecording and stopRecording. */
  get isRecording(): boolean { return this.recording; }

  /** Removes and returns, in delivery order, the queued events with round time < `boundaryMs`. */
  takeBefore(boundaryMs: number): InputEvent[] {
    return this.queue.takeBefore(boundaryMs);
  }

  /** Removes every listener. */
  dispose(): void {
    this.recording = false;
    this.setLockOnClick(false);
    this.doc.removeEventListener(this.lookEvent, this.onMouseMove);
    this.doc.removeEventListener('mousedown', this.onMouseDown);
    this.doc.removeEventListener('mouseup', this.onMouseUp);
    this.doc.removeEventListener('keydown', this.onKeyDown);
    this.doc.removeEventListener('keyup', this.onKeyUp);
    this.doc.removeEventListener('pointerlockchange', this.onLockChange);
    this.canvas.removeEventListener('contextmenu', this.onContextMenu);
  }

  /**
   * Records an event of another input source (the gamepad) into the same queue, in delivery
   * order, while recording: `timeStampMs` on the performance.now() timebase. Returns false when
   * not recording or before the round started.
   */
  recordAt(timeStampMs: number, ev: EventBody): boolean {
    if (!this.recording) return false;
    return this.record(timeStampMs, ev);
  }

  /** Asks the owner to pause (once per recording span), as the pause key does. */
  requestPauseFromPad(): void {
    if (this.recording) this.requestPause();
  }

  private record(timeStamp: number, ev: EventBody): boolean {
    const t = this.opts.roundTimeOf(timeStamp);
    if (!(t >= 0)) return false; // before the round started (or NaN): not part of the round
    this.queue.push({ ...ev, t } as InputEvent);
    if (ev.type === 'ads') this.adsHeld = ev.down;
    else if (ev.type === 'fire') this.fireHeld = ev.down;
    return true;
  }

  /** Records the combined keyboard + pad movement mask when it changed. */
  private recordMoveMask(timeStamp: number): void {
    const mask = (this.moveMask | this.padMoveMask) & 15;
    if (mask === this.recordedMoveMask) return;
    if (this.record(timeStamp, { type: 'move', mask })) this.recordedMoveMask = mask;
  }

  /** Whether a mouse event belongs to the game: always while pointer lock is held; without lock
   * (refused), any event not aimed at a form control (overlays may sit above the canvas). */
  private ours(e: Event): boolean {
    return this.locked || !isFormControl(e.target);
  }

  private readonly onMouseMove = (ev: Event): void => {
    const e = ev as PointerEvent;
    if (!this.recording || !this.ours(e)) return;
    const pointerType = (e as Partial<PointerEvent>).pointerType;
    if (pointerType !== undefined && pointerType !== '' && pointerType !== 'mouse') return;
    for (const s of lookSamples(e)) this.onLookSample(s.dx, s.dy, s.timeStamp);
  };

  /** Records one mouse report (counts, event.timeStamp ms) through the mouse-skip filter. */
  private onLookSample(dx: number, dy: number, timeStamp: number): void {
    this.looksSeen++;
    if (this.skipFilterOn && this.skipFilter.isSkip(dx, dy, timeStamp)) {
      this.skipRejected++;
      const recorded = this.record(timeStamp, { type: 'look', dx: 0, dy: 0, rejected: { dx, dy } });
      if (!this.skipNotified) {
        this.skipNotified = true;
        try {
          this.opts.onMouseSkip?.({ dx, dy, t: recorded ? this.opts.roundTimeOf(timeStamp) : Number.NaN });
        } catch (err) {
          console.warn('onMouseSkip failed', err);
        }
      }
      return;
    }
    const scaled = scaleLook(dx, dy, this.lookScale, this.adsHeld);
    this.record(timeStamp, { type: 'look', dx: scaled.dx, dy: scaled.dy });
  }

  private readonly onMouseDown = (e: MouseEvent): void => {
    if (!this.recording || !this.ours(e)) return;
    if (this.lockOnClick && !this.locked) {
      // the round resumed without pointer lock (a browser: spec section 4, the lock applies on
      // menu close only in the desktop client): this click takes the lock back and is not a shot
      e.preventDefault();
      this.setLockOnClick(false);
      void this.requestPointerLock();
      return;
    }
    if (this.matchers.fire.buttons.includes(e.button)) {
      e.preventDefault();
      this.record(e.timeStamp, { type: 'fire', down: true });
    } else if (this.matchers.ads.buttons.includes(e.button)) {
      e.preventDefault();
      this.record(e.timeStamp, { type: 'ads', down: true });
    } else if (this.matchers.adsSwitch.buttons.includes(e.button)) {
      e.preventDefault();
      this.toggleAdsAt(e.timeStamp);
    }
  };

  private readonly onMouseUp = (e: MouseEvent): void => {
    if (!this.recording) return;
    if (this.matchers.fire.buttons.includes(e.button)) this.record(e.timeStamp, { type: 'fire', down: false });
    else if (this.matchers.ads.buttons.includes(e.button)) this.record(e.timeStamp, { type: 'ads', down: false });
  };

  private moveBitOf(code: string): number {
    let bit = 0;
    for (const action of ['forward', 'backward', 'left', 'right'] as const) {
      if (this.matchers[action].keys.includes(code)) bit |= MOVE_BITS[action];
    }
    return bit;
  }

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (!this.recording || isTypingInTextInput(e.target)) return;
    if (this.matchers.pause.keys.includes(e.code)) {
      e.preventDefault();
      this.requestPause();
      return;
    }
    if (e.repeat) return;
    if (this.matchers.fire.keys.includes(e.code)) this.record(e.timeStamp, { type: 'fire', down: true });
    else if (this.matchers.ads.keys.includes(e.code)) this.record(e.timeStamp, { type: 'ads', down: true });
    else if (this.matchers.adsSwitch.keys.includes(e.code)) this.toggleAdsAt(e.timeStamp);
    const bit = this.moveBitOf(e.code);
    if (bit && (this.moveMask & bit) !== bit) {
      this.moveMask |= bit;
      this.recordMoveMask(e.timeStamp);
    }
  };

  private readonly onKeyUp = (e: KeyboardEvent): void => {
    if (!this.recording) return;
    if (this.matchers.fire.keys.includes(e.code)) this.record(e.timeStamp, { type: 'fire', down: false });
    else if (this.matchers.ads.keys.includes(e.code)) this.record(e.timeStamp, { type: 'ads', down: false });
    const bit = this.moveBitOf(e.code);
    if (bit && (this.moveMask & bit) !== 0) {
      this.moveMask &= ~bit;
      this.recordMoveMask(e.timeStamp);
    }
  };

  /** The next click on the game (any button) requests pointer lock instead of being input: the
   * round resumed without the lock. A pause may be asked for again. */
  lockOnNextClick(): void {
    this.setLockOnClick(true);
    this.pauseSent = false;
  }

  /** True while the next click will take the pointer lock back (see lockOnNextClick). */
  get waitingForLockClick(): boolean {
    return this.lockOnClick && !this.locked;
  }

  private lockOnClick = false;

  /** Sets the lock-on-click state and announces a change (LOCK_CLICK_EVENT on the window: the
   * 'Click to resume' prompt, src/ui/overlays/ResumePrompt.tsx). */
  private setLockOnClick(waiting: boolean): void {
    if (this.lockOnClick === waiting) return;
    this.lockOnClick = waiting;
    announceLockClick(waiting, this.doc.defaultView);
  }

  private readonly onLockChange = (): void => {
    this.skipFilter.reset(); // lock gained or lost: the motion before it is no reference
    if (this.locked) { this.pauseSent = false; this.setLockOnClick(false); } // lock back: a later loss asks again
    else if (this.recording) this.requestPause();
  };

  private readonly onContextMenu = (e: Event): void => { e.preventDefault(); };

  private requestPause(): void {
    if (this.pauseSent) return;
    this.pauseSent = true;
    this.opts.onPauseRequested();
  }
}
