/**
 * The finished round's result (run/roundFinished): posted through the outbox (src/net/outbox.ts:
 * saved on this device, Idempotency-Key, retried with backoff while the page is open); once
 * stored, the summary (on the game page, or the host told with `drill-complete`); a refusal for
 * good (4xx) shows the submit error. run/submitRetryRequested (the modal's Retry button): the
 * outbox posts at once. A preview (issue 17) is not submitted: the page reloads and the preview
 * starts over with the draft of that moment.
 */
import type { GameEventDetail } from '../../contracts/hostMessages';
import type { RunSummary } from '../../contracts/performance';
import { summaryPath } from '../../contracts/pageFor';
import { ProjectState } from '../../contracts/projectState';
import { fetchPerformance } from '../../net/api';
import { OutboxRejectedError, outboxFor } from '../../net/outbox';
import { runActions } from '../run/runSlice';
import { playlistActive } from '../playlist/playlistSlice';
import { finderSession } from '../finder/finderSlice';
import { messageOf, type AppStartListening } from './listenerTypes';

export function listenSubmission(startListening: AppStartListening): void {
  // Round over: post the stats through the outbox (issue 14 item 4: saved on this device with an
  // idempotency key first, retried with backoff until stored; only a refusal for good panics).
  startListening({
    predicate: (action, cur, prev) =>
      runActions.roundFinished.match(action) &&
      prev.run.projectState !== ProjectState.GameComplete &&
      cur.run.projectState === ProjectState.GameComplete,
    effect: async (action, api) => {
      if (!runActions.roundFinished.match(action)) return;
      const { extra } = api;
      // a preview is never stored (issue 17): it starts over with the editor's current draft
      if (api.getState().run.preview) {
        extra.reload();
        return;
      }
      const { submission } = action.payload;
      const shownAt = Date.now();
      try {
        const outbox = outboxFor(extra.fetch, extra.storage);
        const queued = outbox.submit(submission);
        api.dispatch(runActions.submitQueued({ savedOnDevice: outbox.isPersisted(queued.key) }));
        const created = await queued.result;
        const wait = extra.submitModalMinMs - (Date.now() - shownAt);
        if (wait > 0) await api.delay(wait);
        api.dispatch(runActions.submitSucceeded({ performanceId: created.id, summary: asRunSummary(created) }));
      } catch (e) {
        // refused for good (a 4xx): the stats post failed (spec section 8: the submit error, no
        // summary); the run stays in the outbox marked failed, with the server's reason
        console.error('Could not submit the result', e instanceof OutboxRejectedError ? `(HTTP ${e.status})` : '', e);
        api.dispatch(runActions.submitFailed({ message: messageOf(e) }));
      }
    },
  });

  // The Retry button of the 'Calculating Result' modal: post now.
  startListening({
    actionCreator: runActions.submitRetryRequested,
    effect: (_action, api) => {
      void outboxFor(api.extra.fetch, api.extra.storage).retryNow();
    },
  });

  // The run is stored: a host page that embeds the game gets `drill-complete` and the game stays
  // where it is (the host opens its summary); otherwise the summary opens on the game page itself
  // (issue 15: its Play again restarts in place) with its own URL in the address bar, so a
  // reload or a shared link opens the summary page; without `replaceUrl`, the browser goes there.
  startListening({
    actionCreator: runActions.submitSucceeded,
    effect: async (action, api) => {
      const { extra } = api;
      const { source } = api.getState().run;
      // a playlist's run (issue 36 item 4): its listener (playlist.ts) tells the host and goes on
      if (playlistActive(api.getState())) return;
      // a sensitivity finder round (issue 37 item 6): its listener (sensFinder.ts) goes on
      if (finderSession(api.getState())) return;
      const { protocol, host } = extra.origin();
      const runId = action.payload.performanceId;
      const summaryUrl = `${protocol}//${host}${summaryPath(runId, source)}`;
      if (extra.hostEmbedded()) {
        // the stored numbers: the server's answer, else (a run another tab or an earlier page
        // delivered) read back from the server
        const summary = action.payload.summary ?? (await fetchPerformance(extra.fetch, runId).then(asRunSummary, () => null));
        if (summary) {
          extra.emitHostEvent('drill-complete', drillCompleteDetail(summary, summaryUrl));
          api.dispatch(runActions.handedToHost());
          return;
        }
      }
      if (extra.replaceUrl) {
        extra.replaceUrl(summaryPath(runId, source));
        api.dispatch(runActions.summaryShownInPlace());
        return;
      }
      extra.navigate(summaryUrl);
    },
  });
}

/** The server's answer to a submission as a RunSummary, or null when it lacks a field the
 * host's `drill-complete` carries. */
export function asRunSummary(body: unknown): RunSummary | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const nums = ['id', 'game_id', 'targets_destroyed', 'hits', 'shots', 'accuracy', 'time_destroy', 'crit_hit', 'damage', 'score'];
  if (!nums.every((k) => typeof b[k] === 'number')) return null;
  if (typeof b.drill_name !== 'string' || typeof b.passed !== 'boolean' || typeof b.primary_metric !== 'string') return null;
  return body as RunSummary;
}

/** The `drill-complete` payload of a stored run: exactly the numbers the server stored. */
export function drillCompleteDetail(s: RunSummary, summaryUrl: string): GameEventDetail['drill-complete'] {
  return {
    runId: s.id,
    gameId: s.game_id,
    gameName: s.drill_name,
    passed: s.passed,
    bestScore: s.best_score,
    stats: {
      targets_destroyed: s.targets_destroyed,
      hits: s.hits,
      shots: s.shots,
      accuracy: s.accuracy,
      time_destroy: s.time_destroy,
      crit_hit: s.crit_hit,
      damage: s.damage ?? 0,
      input_type: s.input_type ?? 'Mouse',
      score: s.score,
      primary_metric: s.primary_metric,
      threshold: s.threshold,
    },
    summaryUrl,
  };
}
