/**
 * The game controller's input (createGameController.ts): pointer lock and the recorded input
 * events (src/input/PointerLockInput.ts), the gamepad polled into the same log
 * (src/input/gamepadInput.ts), and what they ask of the round (pause, restart, the mouse-skip
 * notice).
 */
import { GamepadInput, type PadLike } from '../input/gamepadInput';
import { announceMouseSkip } from '../input/mouseSkipEvent';
import { mouseSkipFilterEnabled } from '../input/mouseSkipFilter';
import { PointerLockInput } from '../input/PointerLockInput';
import { quantizeEventTime } from '../contracts/eventTime';
import { degPerCountOf } from './debugHook';
import type { GameRuntime } from './gameRuntime';
import type { RoundClock } from './roundClock';
import type { GameLoadOptions } from './types';

export class InputWiring {
  readonly input: PointerLockInput;
  readonly gamepad: GamepadInput | null;

  constructor(rt: GameRuntime, clock: RoundClock) {
    const { callbacks } = rt;
    const input = new PointerLockInput(rt.canvas, {
      bindings: null,
      // on the replay codec's 1/16 ms grid, so the log encodes compactly and exactly (issue 18)
      roundTimeOf: (ts) => quantizeEventTime(clock.eventRoundTime(ts)),
      onPauseRequested: () => {
        if (rt.roundActive) callbacks.onPauseRequested();
      },
      onMouseSkip: (info) => {
        // the 'mouse skipping' notice, once per page, unless the player has already seen it
        if (rt.loadOpts?.options.other?.mouse_skip?.notification_shown === true) return;
        announceMouseSkip(info);
        callbacks.onMouseSkip?.();
      },
    });
    this.input = input;
    this.gamepad =
      typeof navigator !== 'undefined' && typeof navigator.getGamepads === 'function'
        ? new GamepadInput({
          getGamepads: () => navigator.getGamepads() as ReadonlyArray<PadLike | null>,
          record: (ts, ev) => { input.recordAt(ts, ev); },
          move: (ts, mask) => { input.setPadMoveMask(ts, mask); },
          // the ENGINE's deg/count: stick degrees become exactly the counts the engine applies
          degPerCount: () => degPerCountOf(rt.settings),
          onPause: () => input.requestPauseFromPad(),
          onRestart: () => { if (rt.roundActive) callbacks.onRestartRequested?.(); },
          onAdsSwitch: (ts) => input.toggleAdsAt(ts),
        })
        : null;
  }

  /** A load's bindings, mouse-skip filter and gamepad options. */
  configure(opts: GameLoadOptions): void {
    this.input.setBindings(opts.options.control?.bindings);
    this.input.setMouseSkipFilter(mouseSkipFilterEnabled(opts.controls, opts.config));
    this.gamepad?.configure(opts.options.control?.gamepad, opts.options.control?.bindings ?? null);
    this.gamepad?.setMovement((opts.drill.playerMovementSpeed ?? 0) > 0);
  }

  /** Stops the gamepad's polling and the recording (held inputs released in the log, at
   * `releaseAtMs` when given). */
  halt(releaseAtMs?: number): void {
    this.gamepad?.stop();
    this.input.stopRecording(releaseAtMs);
  }

  /** Starts the recording (`fresh`: a new round's log) and the gamepad's polling. */
  start(fresh: boolean): void {
    this.input.startRecording(fresh);
    this.gamepad?.start();
  }
}
