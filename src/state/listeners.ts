/**
 * Listener middleware: every side effect of the run lives here, keyed on event actions and
 * on the project-state transitions they cause.
 * - run/drillRequested: fetch the game config, parse it, fetch game options and control options
 *   (GET /gameoptions/edit; failure logged, defaults used; on success they also fill the
 *   settings slice, so the in-game settings menu edits the very values the run uses), tell the
 *   host (game-status-update), create the controller (lazy import) and load the scene with a
 *   random seed and the player's controls (mouse_skip_filter), reporting progress; then
 *   run/assetsLoaded.
 * - run/countdownStarted (the first fire input): request pointer lock, tick the countdown.
 * - countdown-complete: controller.startRound(), run/roundStarted, 'project-started',
 *   POST log-drill.
 * - run/paused / run/resumed: controller.pause() / resume().
 * - run/roundFinished: post the submission through the outbox (src/net/outbox.ts: saved on this
 *   device, Idempotency-Key, retried with backoff while the page is open); once stored, navigates
 *   to the drill summary; a refusal for good (4xx) panics with the submit error.
 * - run/submitRetryRequested (the modal's Retry button): the outbox posts at once.
 * - run/restartRequested / run/quitRequested: reload / go home (or tell the host). The runtime
 *   asks for a restart through GameCallbacks.onRestartRequested (the gamepad's restart button);
 *   the restart key is handled by src/ui/useGameInputs.ts (not while a text input has focus).
 * - the runtime's first mouse-skip rejection (GameCallbacks.onMouseSkip):
 *   settings/mouseSkipNoticeShown, which saves notification_shown (settingsListeners.ts).
 */
import { createListenerMiddleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { DRILL_SOURCES } from '../contracts/constants';
import { ProjectState } from '../contracts/projectState';
import type { GameConfigResponse } from '../contracts/gameConfig';
import type { DrillConfig } from '../contracts/drillConfig';
import type { ControlOptions, GameOptions } from '../contracts/gameOptions';
import { parseDrillConfig } from '../drill/parseDrillConfig';
import type { GameCallbacks, HudSnapshot } from '../game/types';
import { ApiRequestError, fetchGameConfig, fetchGameOptions, isNotLoggedIn, logDrill, postPerformance } from '../net/api';
import { OutboxRejectedError, outboxFor } from '../net/outbox';
import type { AppEnv } from './env';
import { getController, setController, waitForSurface } from './gameHolder';
import { hudActions, sameHud } from './hud/hudSlice';
import { countdownStepS, runActions, type DrillInfo, type RunState } from './run/runSlice';
import { hudPrefsOf, mergeGameOptions, pageKeysOf, settingsActions, valuesFromServer } from './settings';
import type { HudState } from './hud/hudSlice';

/** The root state shape (kept here to type the listeners without an import cycle). */
export interface ListenerRootState {
  run: RunState;
  hud: HudState;
}
type ListenerDispatch = ThunkDispatch<ListenerRootState, unknown, UnknownAction>;

const messageOf = (e: unknown): string =>
  e instanceof ApiRequestError ? (e.serverMessage ?? e.message) : e instanceof Error ? e.message : String(e);

/** The panic errors whose text carries the failure's message. */
type MessagePanic = 'load_error' | 'config_invalid';

/** Panics with `game_errors.{kind}.title` / `.description` and `{ message }` of `e`
 * (the server's message for an API error, else the error's message). */
function panicWith(dispatch: ListenerDispatch, kind: MessagePanic, e: unknown): void {
  dispatch(
    runActions.panic({
      title: `game_errors.${kind}.title`,
      description: `game_errors.${kind}.description`,
      params: { message: messageOf(e) },
    }),
  );
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** What the pre-game overlay needs of a loaded drill. */
export function drillInfoOf(config: GameConfigResponse, drill: DrillConfig): DrillInfo {
  return {
    id: drill.id ?? config.id,
    name: drill.name || config.name,
    descriptionHtml: drill.descriptionHtml ?? config.game_type_description ?? '',
    objective: drill.objective ?? config.objective ?? '',
    bestScore: typeof config.best_score === 'number' ? config.best_score : null,
    durationMs: drill.durationMs,
    primaryMetric: drill.primaryMetric,
    movement: (drill.playerMovementSpeed ?? 0) > 0,
  };
}

/** The runtime's callbacks: each becomes an event action. The HUD is dispatched only when
 * its numbers changed (it is already at most once per rendered frame). */
export function makeGameCallbacks(dispatch: ListenerDispatch): GameCallbacks {
  let lastHud: HudSnapshot | null = null;
  return {
    onProgress: (percent) => dispatch(runActions.loadProgressed(percent)),
    onFrame: (_events, hud) => {
      if (lastHud && sameHud(lastHud, hud)) return;
      lastHud = { ...hud };
      dispatch(hudActions.frameRendered(lastHud));
    },
    onFinished: (result) => dispatch(runActions.roundFinished(result)),
    onPauseRequested: () => dispatch(runActions.paused()),
    onRestartRequested: () => dispatch(runActions.restartRequested()),
    onMouseSkip: () => dispatch(settingsActions.mouseSkipNoticeShown()),
  };
}

/** Creates the listener middleware of one store, with its effects bound to `env`. */
export function createAppListeners(env: AppEnv) {
  const listeners = createListenerMiddleware<ListenerRootState, ListenerDispatch, AppEnv>({
    extra: env,
    onError: (e) => console.error('Listener failed', e),
  });
  const startListening = listeners.startListening;

  /** Enters `to` from an earlier project state. */
  const entered =
    (to: ProjectState) =>
    (_a: UnknownAction, cur: ListenerRootState, prev: ListenerRootState): boolean =>
      cur.run.projectState === to && prev.run.projectState !== to;

  // Load the drill.
  startListening({
    predicate: (action, cur, prev) =>
      runActions.drillRequested.match(action) && prev.run.drillId === null && cur.run.drillId !== null,
    effect: async (_action, api) => {
      const { drillId: id, source } = api.getState().run;
      if (id === null) return;
      const { extra } = api;

      let config: GameConfigResponse;
      try {
        config = await fetchGameConfig(extra.fetch, id);
      } catch (e) {
        if (isNotLoggedIn(e)) {
          extra.navigate('/login');
          return;
        }
        console.error('Error fetching game configuration for game id', id, e);
        const message = e instanceof ApiRequestError ? e.serverMessage : null;
        api.dispatch(
          runActions.panic({
            title: 'game_errors.config_error.title',
            description: message ? 'game_errors.config_error.description_with_message' : 'game_errors.config_error.description',
            params: { id, message: message ?? '' },
          }),
        );
        return;
      }

      let drill: DrillConfig;
      try {
        drill = parseDrillConfig(config);
      } catch (e) {
        console.error('Invalid drill config', e);
        panicWith(api.dispatch, 'config_invalid', e);
        return;
      }
      api.dispatch(runActions.configLoaded(drillInfoOf(config, drill)));

      let options: GameOptions;
      // the player's controls as the server sent them (partial): mouse_skip_filter is read from
      // them, a missing field falls back to the gameconfig's (mouseSkipFilterEnabled)
      let controls: Partial<ControlOptions> | null = null;
      try {
        const res = await fetchGameOptions(extra.fetch);
        options = mergeGameOptions(res?.game_options);
        controls = isObject(res?.controls) ? (res.controls as Partial<ControlOptions>) : null;
        api.dispatch(settingsActions.loaded(valuesFromServer(res)));
      } catch (e) {
        console.warn('Loading settings failed; using defaults', e);
        options = mergeGameOptions(null);
      }
      api.dispatch(runActions.settingsLoaded({ keys: pageKeysOf(options), hudPrefs: hudPrefsOf(options) }));
      extra.emitHostEvent('game-status-update', {
        gameId: id,
        highScore: typeof config.best_score === 'number' ? config.best_score : null,
        gameName: config.name,
      });

      try {
        const surface = await waitForSurface();
        const create = await extra.loadControllerFactory();
        const controller = await create(surface.canvas, surface.overlayRoot, makeGameCallbacks(api.dispatch));
        setController(controller);
        await controller.load({ config, drill, options, controls, seed: extra.randomSeed(), source });
        api.dispatch(runActions.assetsLoaded());
      } catch (e) {
        console.error('Loading the game failed', e);
        panicWith(api.dispatch, 'load_error', e);
      }
    },
  });

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
      if (id !== null) {
        try {
          await logDrill(extra.fetch, id);
        } catch (e) {
          console.warn('log-drill failed', e);
        }
      }
    },
  });

  startListening({
    predicate: entered(ProjectState.GamePaused),
    effect: () => {
      getController()?.pause();
      if (typeof document !== 'undefined' && document.pointerLockElement) document.exitPointerLock?.();
    },
  });

  startListening({
    predicate: (action, cur, prev) =>
      runActions.resumed.match(action) &&
      prev.run.projectState === ProjectState.GamePaused &&
      cur.run.projectState === ProjectState.GameRunning,
    effect: () => {
      getController()?.resume();
    },
  });

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
      const { submission } = action.payload;
      const shownAt = Date.now();
      try {
        const outbox = outboxFor(extra.fetch, extra.storage);
        const queued = outbox.submit(submission);
        api.dispatch(runActions.submitQueued({ savedOnDevice: outbox.isPersisted(queued.key) }));
        const created = await queued.result;
        const wait = extra.submitModalMinMs - (Date.now() - shownAt);
        if (wait > 0) await api.delay(wait);
        api.dispatch(runActions.submitSucceeded({ performanceId: created.id }));
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

  startListening({
    actionCreator: runActions.submitSucceeded,
    effect: (action, api) => {
      const { protocol, host } = api.extra.origin();
      api.extra.navigate(`${protocol}//${host}/app/#/drill-summary?id=${action.payload.performanceId}`);
    },
  });

  startListening({
    predicate: (_a, cur, prev) => cur.run.panic !== null && prev.run.panic === null,
    effect: () => {
      const controller = getController();
      try {
        controller?.stop();
      } catch (e) {
        console.warn('controller.stop failed', e);
      }
    },
  });

  startListening({
    actionCreator: runActions.restartRequested,
    effect: (_a, api) => api.extra.reload(),
  });

  startListening({
    actionCreator: runActions.quitRequested,
    effect: (_a, api) => {
      const { source, drillId } = api.getState().run;
      // A known drill source means a host app: it is told (spec section 2). A host that takes
      // over calls preventDefault(); otherwise (no host listening) the player still goes home.
      if (source && (DRILL_SOURCES as readonly string[]).includes(source)) {
        const handled = api.extra.emitHostEvent('in-game-quit-pressed', { gameId: drillId, source });
        if (handled) return;
      }
      api.extra.goHome();
    },
  });

  return listeners;
}
