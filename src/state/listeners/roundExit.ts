/**
 * Leaving a round: goto-post-game (the round ends now and its run is posted), restart (in place
 * while a round is under way, issue 15; otherwise the page reloads) and quit (spec section 2,
 * issue 12). The runtime asks for a restart through GameCallbacks.onRestartRequested (the
 * gamepad's restart button); the restart key is handled by src/ui/useGameInputs.ts (not while a
 * text input has focus).
 */
import { COUNTDOWN_SHORT_S, DRILL_SOURCES } from '../../contracts/constants';
import { gamePath } from '../../contracts/pageFor';
import { ProjectState, between } from '../../contracts/projectState';
import { getController } from '../gameHolder';
import { canRestartInPlace, runActions } from '../run/runSlice';
import type { AppStartListening } from './listenerTypes';
import type { TicketHolder } from './runTickets';

export function listenRoundExit(startListening: AppStartListening, tickets: TicketHolder): void {
  // goto-post-game (spec section 4): stops the game like the end of the round: the run so far
  // is posted and its summary follows. Only while a round is under way.
  startListening({
    actionCreator: runActions.gotoPostGame,
    effect: (_a, api) => {
      const { projectState, panic } = api.getState().run;
      const controller = getController();
      if (panic || !controller || !between(projectState, ProjectState.CountdownComplete, ProjectState.GamePaused)) {
        console.warn('goto-post-game ignored: no round under way');
        return;
      }
      controller.endRound();
    },
  });

  // Restart (issue 15): in place while a round is under way (or after a run handed to the host):
  // the runtime drops the round and keeps the scene, assets and pointer lock, a new run ticket is
  // asked for, and the countdown starts at once; the round waits for the ticket's seed (or a local
  // seed when no ticket comes). Otherwise (an error card's Try again, a finished run being
  // submitted) the page reloads.
  startListening({
    actionCreator: runActions.restartRequested,
    effect: async (_a, api) => {
      const { extra } = api;
      let controller = getController();
      // the round just ended and its result is being built: wait for it (a restart never drops a
      // finished run); it then goes the way of a finished run (below: a reload, the outbox keeps it)
      if (controller?.finishing) {
        await api.condition((_a, s) => s.run.projectState >= ProjectState.GameComplete || !!s.run.panic, 10_000);
        controller = getController();
      }
      const state = api.getState();
      const { drillId: id, drill, summaryInPlace, source } = state.run;
      if (!controller || id === null || !drill || !canRestartInPlace(state)) {
        extra.reload();
        return;
      }
      // from the summary shown in place: the address bar names the game again
      if (summaryInPlace) extra.replaceUrl?.(gamePath(id, source));
      controller.prepareRestart();
      if (state.run.preview) controller.setSeed(extra.randomSeed());
      else tickets.renew(extra, controller, id);
      api.dispatch(runActions.restartedInPlace({ seconds: COUNTDOWN_SHORT_S, durationMs: drill.durationMs }));
    },
  });

  // Quit (spec section 2, issue 12): in analysis mode during the round, the run so far goes to
  // post-game; with a known drill source the host is told and the game does nothing else (a
  // standalone page's listener takes over with preventDefault(); with none the player goes
  // home); otherwise home: the stored referrer, else back in the game's own frame, else the
  // drill list.
  startListening({
    actionCreator: runActions.quitRequested,
    effect: (action, api) => {
      const { source, drillId, drill, projectState, panic } = api.getState().run;
      const controller = getController();
      if (drill?.analysisMode && !panic && controller && between(projectState, ProjectState.CountdownComplete, ProjectState.GamePaused)) {
        controller.endRound();
        return;
      }
      if (source && (DRILL_SOURCES as readonly string[]).includes(source)) {
        const handled = api.extra.emitHostEvent('in-game-quit-pressed', { gameId: drillId, source, by: action.payload.by });
        if (handled) return;
      }
      api.dispatch(runActions.quitting()); // the quit message shows until the page goes
      api.extra.goHome();
    },
  });
}
