/**
 * The Redux store of the game page: `run` (lifecycle) and `hud` slices, with the listener
 * middleware owning every side effect. No class instances, meshes or the controller here.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { browserEnv, type AppEnv } from './env';
import { crosshairReducer } from './crosshair/crosshairSlice';
import { hudReducer } from './hud/hudSlice';
import { createAppListeners } from './listeners';
import { runActions, runReducer } from './run/runSlice';
import { createSettingsListeners } from './settings/settingsListeners';
import { settingsReducer } from './settings/settingsSlice';
import { playlistReducer } from './playlist/playlistSlice';
import { finderReducer } from './finder/finderSlice';

/** The root reducer: `{ run, hud }`. */
export const rootReducer = combineReducers({ run: runReducer, hud: hudReducer, crosshair: crosshairReducer, settings: settingsReducer, playlist: playlistReducer, finder: finderReducer });
/** The root state: `{ run, hud }`. */
export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; `env` overrides the browser's implementations (tests inject fakes). */
export function makeStore(env: Partial<AppEnv> = {}, preloadedState?: Partial<RootState>) {
  const fullEnv: AppEnv = { ...browserEnv(), ...env };
  const listeners = createAppListeners(fullEnv);
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        // the finished run's payload (counters, bullet records) only passes through to the listener
        serializableCheck: { ignoredActions: [runActions.roundFinished.type] },
        immutableCheck: { ignoredPaths: [] },
      }).prepend(listeners.middleware, createSettingsListeners(fullEnv).middleware),
  });
}

/** A store made by `makeStore`. */
export type AppStore = ReturnType<typeof makeStore>;
/** The store's dispatch (thunks included). */
export type AppDispatch = AppStore['dispatch'];
