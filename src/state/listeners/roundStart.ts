/**
 * From the first fire input to the round: run/countdownStarted requests pointer lock and ticks
 * the countdown; countdown-complete renews a run ticket that would expire too soon, waits for a
 * renewed ticket's seed, then controller.startRound(), run/roundStarted, 'project-started' and
 * POST log-drill (not for a preview). The countdown's last tick waits for the load's last part
 * (GameController.loadTail, `run.loadTailPending`), so the round starts in the render of
 * countdown-complete.
 */
import { ProjectState } from '../../contracts/projectState';
import { logDrill } from '../../net/api';
import { getController } from '../gameHolder';
import { countdownStepS, runActions } from '../run/runSlice';
import { entered, panicWith, type AppStartListening } from './listenerTypes';
import { ticketExpiresTooSoon, type TicketHolder } from './runTickets';

export function listenRoundStart(startListening: AppStartListening, tickets: TicketHolder): void {
  // First fire input: pointer lock + countdown ticks.
  startListening({
    predicate: entered(ProjectState.CountdownStarted),
    effect: async (_action, api) => {
      const controller = getController();
      if (controller) {
        controller.requestPointerLock().catch((e) => console.warn('Pointer lock refused', e));
      }
      for (;;) {
        const { projectState, countdown, panic } = api.getState().run;
        if (panic || projectState < ProjectState.CountdownStarted || projectState > ProjectState.Countdown1sLeft) break;
        await api.delay(Math.round(countdownStepS(countdown ?? 0) * 1000));
        // the countdown's end waits for the load's last part (issue 33 item 5: it follows
        // "Click to start"), so countdown-complete starts the round in the same render
        if (api.getState().run.projectState === ProjectState.Countdown1sLeft && api.getState().run.loadTailPending) {
          await api.condition((_a, s) => !s.run.loadTailPending || !!s.run.panic);
        }
        api.dispatch(runActions.countdownTick());
      }
    },
  });

  // Countdown complete: the round starts.
  startListening({
    predicate: entered(ProjectState.CountdownComplete),
    effect: async (_action, api) => {
      const { extra } = api;
      const controller = getController();
      const { drill: info, drillId } = api.getState().run;
      // a ticket held since long before (the player idled on the pre-game screen) would expire
      // before this round's result reached the server (410, the result lost): a new one first
      if (controller && drillId !== null && info && tickets.current && ticketExpiresTooSoon(tickets.current.expires_at, info.durationMs, Date.now())) {
        tickets.renew(extra, controller, drillId);
      }
      if (tickets.seedReady) await tickets.seedReady; // a restart in place or a renewed ticket: its new seed first
      // the load's last part (the weapon, effects, shadows: after "Click to start", issue 33
      // item 5) is in before the round: the countdown waited for it; only a path that skipped
      // the countdown waits here
      if (api.getState().run.loadTailPending) {
        await api.condition((_a, s) => !s.run.loadTailPending || !!s.run.panic);
        if (api.getState().run.panic) return;
      }
      try {
        controller?.startRound();
      } catch (e) {
        console.error('startRound failed', e);
        panicWith(api.dispatch, 'load_error', e);
        return;
      }
      api.dispatch(runActions.roundStarted());
      const id = api.getState().run.drillId;
      extra.emitHostEvent('project-started', { gameId: id });
      if (id !== null && !api.getState().run.preview) {
        try {
          await logDrill(extra.fetch, id);
        } catch (e) {
          console.warn('log-drill failed', e);
        }
      }
    },
  });
}
