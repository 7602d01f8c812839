/**
 * A sensitivity finder session on the game page (issue 37 item 6; src/state/finder/finderSlice.ts):
 * each stored run of it (run/submitSucceeded, posted as usual by submission.ts, which shows no
 * summary for it) is its round's score: the stored run's `score` (the drill's primary metric,
 * as the server computed it from the verified replay, read back when the answer lacks it; NaN,
 * which the fit leaves out, when it cannot be had).
 * While rounds are left, the same drill loads again in place (run/nextDrillRequested: no page
 * load, pointer lock kept) and loadDrill.ts gives that load the next round's sensitivity;
 * after the last one the page shows the fit (src/ui/overlays/SensFinderResult.tsx).
 */
import { fetchPerformance } from '../../net/api';
import { finderActions, finderActive } from '../finder/finderSlice';
import { runActions } from '../run/runSlice';
import type { AppStartListening } from './listenerTypes';
import { asRunSummary } from './submission';

export function listenSensFinder(startListening: AppStartListening): void {
  startListening({
    actionCreator: runActions.submitSucceeded,
    effect: async (action, api) => {
      if (!finderActive(api.getState())) return;
      const runId = action.payload.performanceId;
      const summary = action.payload.summary ?? (await fetchPerformance(api.extra.fetch, runId).then(asRunSummary, () => null));
      if (!finderActive(api.getState())) return;
      api.dispatch(finderActions.roundStored({ score: summary ? summary.score : NaN, runId }));
      const f = api.getState().finder!;
      if (!f.finished && f.drillId !== null) api.dispatch(runActions.nextDrillRequested({ id: f.drillId }));
    },
  });
}
