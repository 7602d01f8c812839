/**
 * Listener middleware: every side effect of the run lives here, keyed on event actions and
 * on the project-state transitions they cause; one file per feature, registered in this order:
 * - loadDrill.ts, run/drillRequested: the run ticket, game config, options and controls, the
 *   controller and its load (the drill editor's preview, issue 17: the draft over the drill, no
 *   ticket); then run/assetsLoaded.
 * - adFlow.ts: the reward ad's time-out and the ad status in session storage (issue 13).
 * - roundStart.ts, run/countdownStarted (the first fire input): request pointer lock, tick the
 *   countdown; countdown-complete: controller.startRound(), run/roundStarted, 'project-started',
 *   POST log-drill (not for a preview).
 * - pauseResume.ts, run/paused / run/resumed: controller.pause() / resume().
 * - submission.ts, run/roundFinished: post the submission through the outbox (saved on this
 *   device, Idempotency-Key, retried with backoff while the page is open); once stored, the
 *   summary; a refusal for good (4xx) shows the submit error. run/submitRetryRequested (the
 *   modal's Retry button): the outbox posts at once. A preview's round is not submitted: the page
 *   reloads and the preview starts over with the draft of that moment.
 * - playlist.ts (issue 36 item 4), playlist/requested: the playlist and its first drill; each
 *   stored run of it: its result, then the next drill in place (run/nextDrillRequested) or the
 *   playlist summary; the host's drill-complete and playlist-complete.
 * - sensFinder.ts (issue 37 item 6): each stored run of a sensitivity finder session is its
 *   round's score; the next round loads in place at its own hidden sensitivity, or the result
 *   (the fit) shows.
 * - panic.ts: a panic stops the controller and tells the host.
 * - roundExit.ts, run/gotoPostGame: the round ends now; run/restartRequested: a restart in place
 *   (issue 15: the runtime drops the round and keeps the scene, a new run ticket, the short
 *   countdown) while a round is under way or after a run handed to the host, else the page
 *   reloads (an error card's Try again); run/quitRequested: analysis mode's run so far to
 *   post-game, else the host told, else home.
 * The run ticket of the round (its run id names the submission) is held by runTickets.ts.
 * Around the listeners: the runtime's callbacks as actions (gameCallbacks.ts; its first
 * mouse-skip rejection becomes settings/mouseSkipNoticeShown, which saves notification_shown in
 * src/state/settings/settingsListeners.ts), the host's commands (hostCommands.ts).
 */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { AppEnv } from '../env';
import { listenAdFlow } from './adFlow';
import { listenLoadDrill } from './loadDrill';
import type { ListenerDispatch, ListenerRootState } from './listenerTypes';
import { listenPanic } from './panic';
import { listenPauseResume } from './pauseResume';
import { listenRoundExit } from './roundExit';
import { listenRoundStart } from './roundStart';
import { TicketHolder } from './runTickets';
import { listenSubmission } from './submission';
import { listenPlaylist } from './playlist';
import { listenSensFinder } from './sensFinder';
import { listenUnloadGuard } from './unloadGuard';

export type { ListenerRootState } from './listenerTypes';
export { drillInfoOf } from './loadDrill';
export { makeGameCallbacks, withRunId } from './gameCallbacks';
export { RESTART_TICKET_WAIT_MS, TICKET_SUBMIT_MARGIN_MS, ticketExpiresTooSoon } from './runTickets';
export { asRunSummary, drillCompleteDetail } from './submission';
export { connectHostCommands } from './hostCommands';

/** Creates the listener middleware of one store, with its effects bound to `env`. */
export function createAppListeners(env: AppEnv) {
  const listeners = createListenerMiddleware<ListenerRootState, ListenerDispatch, AppEnv>({
    extra: env,
    onError: (e) => console.error('Listener failed', e),
  });
  const start = listeners.startListening;
  const tickets = new TicketHolder();
  listenLoadDrill(start, tickets);
  listenAdFlow(start);
  listenRoundStart(start, tickets);
  listenPauseResume(start);
  listenSubmission(start);
  listenPlaylist(start);
  listenSensFinder(start);
  listenPanic(start);
  listenRoundExit(start, tickets);
  listenUnloadGuard(start, tickets);
  return listeners;
}
