/**
 * The runtime's callbacks (src/game/types.ts GameCallbacks) as event actions of the store.
 */
import type { FinishedRun, GameCallbacks, HudSnapshot } from '../../game/types';
import { hudActions, sameHud } from '../hud/hudSlice';
import { runActions } from '../run/runSlice';
import { settingsActions } from '../settings';
import type { ListenerDispatch } from './listenerTypes';

/** `run`'s submission naming run ticket `runId` (top-level `run_id`); `run` itself when null. */
export function withRunId(run: FinishedRun, runId: string | null): FinishedRun {
  return runId === null ? run : { ...run, submission: { ...run.submission, run_id: runId } };
}

/** The runtime's callbacks: each becomes an event action. The HUD is dispatched only when
 * its numbers changed (it is already at most once per rendered frame). `runId()` is the run
 * ticket the finished run's submission names (null: none). */
export function makeGameCallbacks(dispatch: ListenerDispatch, runId: () => string | null = () => null): GameCallbacks {
  let lastHud: HudSnapshot | null = null;
  return {
    onProgress: (percent) => dispatch(runActions.loadProgressed(percent)),
    onFrame: (_events, hud) => {
      if (lastHud && sameHud(lastHud, hud)) return;
      lastHud = { ...hud, clip: { ...hud.clip } };
      dispatch(hudActions.frameRendered(lastHud));
    },
    onFinished: (result) => dispatch(runActions.roundFinished(withRunId(result, runId()))),
    onPauseRequested: () => dispatch(runActions.paused()),
    onRestartRequested: () => dispatch(runActions.restartRequested()),
    onShots: (records) => dispatch(hudActions.shotsRecorded(records)),
    onMouseSkip: () => dispatch(settingsActions.mouseSkipNoticeShown()),
  };
}
