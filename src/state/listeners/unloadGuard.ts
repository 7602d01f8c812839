/**
 * Leaving a round (issue 33 item 6): while a round is under way (countdown complete .. paused)
 * the page asks before it is reloaded or closed (`beforeunload`: the browser's own "Leave
 * site?" dialog), and when the player confirms, the round so far is kept: on `pagehide` the
 * runtime builds it at once (GameController.partialRun) and it goes into the outbox with its run
 * ticket, saved on this device; the next page load posts it (src/net/outbox.ts startOutbox) and
 * the server verifies and stores it like any run ended early. A drill editor preview is never
 * guarded or kept (it is never stored).
 */
import { between, ProjectState } from '../../contracts/projectState';
import { outboxFor } from '../../net/outbox';
import { getController } from '../gameHolder';
import type { AppEnv } from '../env';
import { withRunId } from './gameCallbacks';
import type { AppStartListening } from './listenerTypes';
import type { TicketHolder } from './runTickets';

/** Whether a round is under way in `projectState` (started, not over): leaving loses it. */
export function roundUnderway(projectState: ProjectState): boolean {
  return between(projectState, ProjectState.CountdownComplete, ProjectState.GamePaused);
}

export function listenUnloadGuard(startListening: AppStartListening, tickets: TicketHolder): void {
  let guarded = false; // a round is under way (and not a preview)
  let installedOn: EventTarget | null = null;
  let env: AppEnv | null = null;

  const onBeforeUnload = (e: Event): void => {
    if (!guarded) return;
    e.preventDefault();
    (e as BeforeUnloadEvent).returnValue = ''; // older browsers show the dialog only with this set
  };
  const onPageHide = (): void => {
    if (!guarded || !env) return;
    guarded = false; // once
    const run = getController()?.partialRun?.();
    if (!run) return;
    try {
      outboxFor(env.fetch, env.storage).add(withRunId(run, tickets.current?.run_id ?? null).submission);
    } catch (err) {
      console.error('the partial run could not be kept', err);
    }
  };

  startListening({
    predicate: (_action, cur, prev) => cur.run.projectState !== prev.run.projectState || cur.run.preview !== prev.run.preview,
    effect: (_action, api) => {
      const { run } = api.getState();
      guarded = roundUnderway(run.projectState) && !run.preview;
      if (!guarded || installedOn) return;
      const target = api.extra.unloadTarget?.() ?? null;
      if (!target) return;
      env = api.extra;
      installedOn = target;
      target.addEventListener('beforeunload', onBeforeUnload);
      target.addEventListener('pagehide', onPageHide);
    },
  });
}
