/**
 * Side effects of the settings slice (listener middleware, registered by makeStore):
 * - settings/loadRequested: GET /gameoptions/edit → settings/loaded; a failure is logged only
 *   and ends loading (spec section 8);
 * - settings/saveRequested: POST /gameoptions/edit `{ game_options, controls }` →
 *   settings/saveSucceeded with the server's (clamped) answer, or settings/saveFailed;
 * - settings/saveSucceeded: the running page takes the new settings where it can without a
 *   reload: the page keys and HUD preferences (run/settingsLoaded), and, once a drill is loaded
 *   (a controller exists), `GameController.applySettings` (sensitivity, FOV, bindings, gamepad,
 *   audio, mouse-skip filter, render scale: src/game/liveSettings.ts). What the runtime cannot
 *   change live (anti-aliasing, the scene's look) applies on the next run: the gameconfig of
 *   the next load carries the saved values;
 * - settings/mouseSkipNoticeShown (the 'mouse skipping' notice was shown) and
 *   settings/lowFpsDontShowAgain ("Don't show again" on the low-FPS notice): the flag
 *   (game_options.other.mouse_skip.notification_shown, other.low_fps.notification_enabled) is
 *   saved: a POST of the last SAVED copy with the flag set, so unsaved menu edits are not sent
 *   (spec section 8: the mouse-skip notice is "shown once"; the low-FPS one stores "Don't show
 *   again" as notification_enabled). Only once the player's settings were loaded: a POST of the
 *   defaults would overwrite them. A failure is logged only.
 */
import { createListenerMiddleware, isAnyOf, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { fetchGameOptions, postJson } from '../../net/api';
import { GAME_OPTIONS_PATH } from '../../contracts/gameOptions';
import type { AppEnv } from '../env';
import { getController } from '../gameHolder';
import { runActions } from '../run/runSlice';
import { finderControls, type WithFinder } from '../finder/finderSlice';
import { hudPrefsOf, pageKeysOf } from './options';
import { saveBodyOf, settingsActions, valuesFromServer, type ServerSettings, type WithSettings } from './settingsSlice';

type SettingsDispatch = ThunkDispatch<WithSettings, unknown, UnknownAction>;

/** The URL of the game options (GET loads, POST saves). */
export const GAME_OPTIONS_URL = GAME_OPTIONS_PATH;

/** Creates the settings listener middleware of one store, with its effects bound to `env`. */
export function createSettingsListeners(env: AppEnv) {
  const listeners = createListenerMiddleware<WithSettings, SettingsDispatch, AppEnv>({
    extra: env,
    onError: (e) => console.error('Settings listener failed', e),
  });

  listeners.startListening({
    actionCreator: settingsActions.loadRequested,
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      try {
        const res = await fetchGameOptions(api.extra.fetch);
        api.dispatch(settingsActions.loaded(valuesFromServer(res)));
      } catch (e) {
        console.error('Loading settings failed', e);
        api.dispatch(settingsActions.loadFailed());
      }
    },
  });

  listeners.startListening({
    actionCreator: settingsActions.saveRequested,
    effect: async (_action, api) => {
      const body = saveBodyOf(api.getState().settings);
      try {
        const res = await postJson<ServerSettings & { success?: boolean }>(api.extra.fetch, GAME_OPTIONS_URL, body);
        if (res && res.success === false) throw new Error('The server did not save the settings');
        const answered = res && (res.game_options || res.controls);
        api.dispatch(settingsActions.saveSucceeded(answered ? valuesFromServer(res) : undefined));
      } catch (e) {
        console.error('Saving settings failed', e);
        api.dispatch(settingsActions.saveFailed());
      }
    },
  });

  listeners.startListening({
    actionCreator: settingsActions.saveSucceeded,
    effect: (_action, api) => {
      const { gameOptions, controls } = api.getState().settings;
      api.dispatch(runActions.settingsLoaded({ keys: pageKeysOf(gameOptions), hudPrefs: hudPrefsOf(gameOptions) }));
      const controller = getController();
      if (controller && typeof controller.applySettings === 'function') {
        try {
          // during a sensitivity finder round the round's hidden sensitivity stays (issue 37 item 6)
          controller.applySettings({ controls: finderControls(api.getState() as WithFinder, controls), gameOptions });
        } catch (e) {
          console.warn('The game could not apply the new settings live; they apply on the next run', e);
        }
      }
    },
  });

  listeners.startListening({
    matcher: isAnyOf(settingsActions.mouseSkipNoticeShown, settingsActions.lowFpsDontShowAgain),
    effect: async (action, api) => {
      const what = settingsActions.lowFpsDontShowAgain.match(action) ? 'low-FPS' : 'mouse-skip';
      const { loaded, saved } = api.getState().settings;
      if (!loaded) {
        console.warn(`The ${what} notice flag is not saved: the player settings were not loaded`);
        return;
      }
      try {
        await postJson(api.extra.fetch, GAME_OPTIONS_URL, { game_options: saved.gameOptions, controls: saved.controls });
      } catch (e) {
        console.warn(`Saving the ${what} notice flag failed`, e);
      }
    },
  });

  return listeners;
}
