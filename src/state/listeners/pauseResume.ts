/**
 * Pause and resume (run/paused, run/resumed): controller.pause() / resume(), the pointer lock
 * released on pause, and the host told ('paused', 'resumed').
 */
import { ProjectState } from '../../contracts/projectState';
import { getController } from '../gameHolder';
import { runActions } from '../run/runSlice';
import { entered, type AppStartListening } from './listenerTypes';

export function listenPauseResume(startListening: AppStartListening): void {
  startListening({
    predicate: entered(ProjectState.GamePaused),
    effect: (_a, api) => {
      getController()?.pause();
      if (typeof document !== 'undefined' && document.pointerLockElement) document.exitPointerLock?.();
      api.extra.emitHostEvent('paused', { gameId: api.getState().run.drillId });
    },
  });

  startListening({
    predicate: (action, cur, prev) =>
      runActions.resumed.match(action) &&
      prev.run.projectState === ProjectState.GamePaused &&
      cur.run.projectState === ProjectState.GameRunning,
    effect: (_a, api) => {
      getController()?.resume();
      api.extra.emitHostEvent('resumed', { gameId: api.getState().run.drillId });
    },
  });
}
