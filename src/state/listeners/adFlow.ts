/**
 * The ad flow (issue 13, spec section 4): the reward ad's time-out, and the ad status kept in
 * session storage.
 */
import { isAnyOf } from '@reduxjs/toolkit';
import { AD_LAST_PREROLL_KEY, AD_STATUS_KEY, AD_TIMEOUT_MS } from '../../contracts/ads';
import { ProjectState } from '../../contracts/projectState';
import { runActions } from '../run/runSlice';
import type { AppStartListening } from './listenerTypes';

export function listenAdFlow(startListening: AppStartListening): void {
  // The reward ad (issue 13, spec section 4): not loaded within AD_TIMEOUT_MS (from the end of
  // the game's load) -> ad_fail_timeout
  // (counts as complete, long countdown). The ad slot (src/ui/overlays/RewardAd.tsx) reports
  // the rest: loaded, showing, complete, skipped, or an error (ad_fail).
  startListening({
    actionCreator: runActions.adFlowStarted,
    effect: async (_action, api) => {
      if (api.getState().run.adMode !== 'reward') return;
      // the time-out starts once the game's load is complete (issue 33 item 5: the load's last
      // part follows "Click to start"): it judges the ad's loading, not the game's shader
      // compiles holding the page (a creative in by then is advert-loaded already)
      if (api.getState().run.loadTailPending) {
        await api.condition((_a, s) => !s.run.loadTailPending || s.run.projectState !== ProjectState.AssetsLoaded || !!s.run.panic);
        // `condition` waits for a later action: the creative may be in (and showing) already
        const now = api.getState().run;
        if (now.projectState !== ProjectState.AssetsLoaded || now.panic) return;
      }
      const loaded = await api.condition((_a, s) => s.run.projectState !== ProjectState.AssetsLoaded || !!s.run.panic, AD_TIMEOUT_MS);
      if (!loaded) api.dispatch(runActions.advertComplete({ status: 'ad_fail_timeout' }));
    },
  });
  // The ad status is kept in session storage (spec section 8), and the last pre-roll time when
  // it is fail, complete or skipped (spec section 9).
  startListening({
    matcher: isAnyOf(runActions.advertComplete, runActions.advertSkipped),
    effect: (_action, api) => {
      const status = api.getState().run.adStatus;
      const store = api.extra.adStorage?.() ?? null;
      if (!status || !store) return;
      try {
        store.setItem(AD_STATUS_KEY, status);
        store.setItem(AD_LAST_PREROLL_KEY, String(Date.now()));
      } catch {
        /* storage unavailable */
      }
    },
  });
}
