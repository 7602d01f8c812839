import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { ProjectState } from '../contracts/projectState';
import { useAppDispatch } from '../state/hooks';
import { canToggleMenu, readyToStart, runActions, startCountdownSeconds } from '../state/run/runSlice';
import type { RootState } from '../state/store';
import { onGamepadConnected } from '../input/gamepadInput';
import { isTypingInTextInput } from '../input/textInput';

/** True while the focus is in a text field (keys then belong to the field, spec section 2);
 * the one rule of src/input/textInput.ts, re-exported for the UI. */
export { isTypingInTextInput };

/** After the pause menu opens, an Escape within this many ms is the same press (pointer-lock
 * release and keydown can both arrive) and must not close it again. */
const PAUSE_DEBOUNCE_MS = 400;

/** Page-level inputs of the game page: the first fire input (left mouse button, or a gamepad
 * connecting) after the ad flow starts the countdown; the restart key reloads; the pause key toggles the menu
 * from countdown-complete on. Ignored while typing in a text input. */
export function useGameInputs(): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const pausedAt = useRef(-Infinity);

  useEffect(() => {
    let prevState = store.getState().run.projectState;
    const unsubscribe = store.subscribe(() => {
      const cur = store.getState().run.projectState;
      if (cur === ProjectState.GamePaused && prevState !== ProjectState.GamePaused) pausedAt.current = performance.now();
      prevState = cur;
    });

    const start = () => {
      // not while the reward ad runs; the countdown is the ad flow's (0.5 / 10 / 3 s, spec section 4)
      const state = store.getState();
      if (readyToStart(state)) dispatch(runActions.countdownStarted({ seconds: startCountdownSeconds(state) }));
    };
    const onMouseDown = (e: MouseEvent) => {
      if (e.button === 0) start();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (isTypingInTextInput(document.activeElement)) return;
      const state = store.getState();
      const { keys } = state.run;
      if (keys.restart.includes(e.code)) {
        e.preventDefault();
        dispatch(runActions.restartRequested());
        return;
      }
      if (keys.pause.includes(e.code) && !e.repeat) {
        if (state.run.projectState === ProjectState.GamePaused) {
          if (performance.now() - pausedAt.current >= PAUSE_DEBOUNCE_MS) dispatch(runActions.resumed());
        } else if (canToggleMenu(state)) {
          dispatch(runActions.paused());
        }
      }
    };
    window.addEventListener('mousedown', onMouseDown);
    window.addEventListener('keydown', onKeyDown);
    const offPad = onGamepadConnected(window, start);
    return () => {
      unsubscribe();
      window.removeEventListener('mousedown', onMouseDown);
      window.removeEventListener('keydown', onKeyDown);
      offPad();
    };
  }, [dispatch, store]);
}
