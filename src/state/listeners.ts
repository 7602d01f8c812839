/**
 * Listener middleware: every side effect of the run lives here, keyed on event actions and
 * on the project-state transitions they cause.
 * - run/drillRequested: ask for a run ticket (POST /api/v1/runs, issue 14) in parallel with
 *   everything below; fetch the game config, parse it, fetch game options and control options
 *   (GET /gameoptions/edit; failure logged, defaults used; on success they also fill the
 *   settings slice, so the in-game settings menu edits the very values the run uses), tell the
 *   host (game-status-update), create the controller (lazy import) and load the scene with a
 *   ticket's seed (a local random seed when the ticket could not be had: that run is stored
 *   unranked) and the player's controls (mouse_skip_filter), reporting progress; then
 *   run/assetsLoaded. The finished run's submission names the ticket (`run_id`); its secret is
 *   kept in src/net/runTickets.ts, so every send of it is signed (APKey).
 * - run/countdownStarted (the first fire input): request pointer lock, tick the countdown.
 * - countdown-complete: controller.startRound(), run/roundStarted, 'project-started',
 *   POST log-drill.
 * - run/paused / run/resumed: controller.pause() / resume().
 * - run/roundFinished: post the submission through the outbox (src/net/outbox.ts: saved on this
 *   device, Idempotency-Key, retried with backoff while the page is open); once stored, navigates
 *   to the drill summary; a refusal for good (4xx) panics with the submit error.
 * - run/submitRetryRequested (the modal's Retry button): the outbox posts at once.
 * - issue 17, the drill editor's preview (`preview=1`): the draft (AppEnv.previewDraft) replaces
 *   drill `id`'s fields (the player's settings stay), checked like a saved drill; no run ticket
 *   (a local seed), no log-drill, and a finished round is not submitted: the page reloads and
 *   the preview starts over with the draft of that moment.
 * - run/restartRequested / run/quitRequested: reload / go home (or tell the host). The runtime
 *   asks for a restart through GameCallbacks.onRestartRequested (the gamepad's restart button);
 *   the restart key is handled by src/ui/useGameInputs.ts (not while a text input has focus).
 * - the runtime's first mouse-skip rejection (GameCallbacks.onMouseSkip):
 *   settings/mouseSkipNoticeShown, which saves notification_shown (settingsListeners.ts).
 */
import { AD_LAST_PREROLL_KEY, AD_STATUS_KEY, AD_TIMEOUT_MS } from '../contracts/ads';
import { loginUrl } from '../contracts/auth';
import { gamePath, summaryPath } from '../contracts/pageFor';
import { createListenerMiddleware, isAnyOf, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { DRILL_SOURCES } from '../contracts/constants';
import { ProjectState, between } from '../contracts/projectState';
import type { GameEventDetail, HostCommand } from '../contracts/hostMessages';
import type { RunSummary } from '../contracts/performance';
import i18n from '../i18n';
import type { GameConfigResponse } from '../contracts/gameConfig';
import type { DrillConfig } from '../contracts/drillConfig';
import { loadedOptionsOf } from '../contracts/gameOptions';
import { parseDrillConfig } from '../drill/parseDrillConfig';
import type { FinishedRun, GameCallbacks, GameController, HudSnapshot } from '../game/types';
import {
  ApiRequestError, fetchGameConfig, fetchGameOptions, fetchPerformance, isNotLoggedIn, logDrill, requestRunTicket,
} from '../net/api';
import { holdRunTicket, type RunTicket } from '../net/runTickets';
import { ChunkLoadError } from '../net/chunkLoad';
import { OutboxRejectedError, outboxFor } from '../net/outbox';
import type { AppEnv } from './env';
import { getController, setController, takeBootLoad, waitForSurface } from './gameHolder';
import { hudActions, sameHud } from './hud/hudSlice';
import { canRestartInPlace, countdownStepS, runActions, type DrillInfo, type RunState } from './run/runSlice';
import { COUNTDOWN_SHORT_S } from '../contracts/constants';
import { hudPrefsOf, pageKeysOf, settingsActions, valuesFromServer } from './settings';
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
type MessagePanic = 'load_error' | 'config_invalid' | 'chunk_error';

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
    analysisMode: drill.analysisMode === 1,
    tiers: [...drill.tiers],
    clipSize: drill.weapon.clipSize,
    zoom: drill.ads.enabled && drill.ads.zoom > 1 ? drill.ads.zoom : null,
    requirements: (['targets_destroyed', 'accuracy', 'time_destroy', 'crit_hit'] as const)
      .filter((m) => typeof drill.thresholds[m] === 'number')
      .map((m) => ({ metric: m, threshold: drill.thresholds[m] as number })),
    premium: config.premium === true,
  };
}

/** `run`'s submission naming run ticket `runId` (top-level `run_id`); `run` itself when null. */
export function withRunId(run: FinishedRun, runId: string | null): FinishedRun {
  return runId === null ? run : { ...run, submission: { ...run.submission, run_id: runId } };
}

/** The runtime's callbacks: each becomes an event action. The HUD is dispatched only when
 * its numbers changed (it is already at most once per rendered frame). `runId()` is the run
 * ticket the finished run's submission names (null: none). */
export function makeGameCallbacks(dispatch: ListenerDispatch, runId: () => string | null = () => null): GameCallbacks {
  let lastHud: HudSnapshot | null = null;
  return {
    onProgress: (percent) => dispatch(runActions.loadProgressed(percent)),
    onFrame: (_events, hud) => {
      if (lastHud && sameHud(lastHud, hud)) return;
      lastHud = { ...hud, clip: { ...hud.clip } };
      dispatch(hudActions.frameRendered(lastHud));
    },
    onFinished: (result) => dispatch(runActions.roundFinished(withRunId(result, runId()))),
    onPauseRequested: () => dispatch(runActions.paused()),
    onRestartRequested: () => dispatch(runActions.restartRequested()),
    onShots: (records) => dispatch(hudActions.shotsRecorded(records)),
    onMouseSkip: () => dispatch(settingsActions.mouseSkipNoticeShown()),
  };
}

/** A restart in place waits this long for its run ticket (ms) before the round starts on a local
 * seed (stored unranked), so a slow server never holds the countdown up for long. */
export const RESTART_TICKET_WAIT_MS = 3000;

/** A round's result must reach the server this long (ms) after its last tick, at the latest. */
export const TICKET_SUBMIT_MARGIN_MS = 5 * 60_000;

/** Whether a run ticket expiring at `expiresAt` (ISO time) would expire before a round of
 * `durationMs` started at `nowMs` (ms since the epoch) is over and submitted, with
 * TICKET_SUBMIT_MARGIN_MS to spare. An unreadable time counts as expiring. */
export function ticketExpiresTooSoon(expiresAt: string, durationMs: number, nowMs: number): boolean {
  const at = Date.parse(expiresAt);
  return !(at - nowMs > durationMs + TICKET_SUBMIT_MARGIN_MS);
}

/** `p`, or a rejection after `ms` ms. */
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then((v) => { clearTimeout(timer); resolve(v); }, (e: unknown) => { clearTimeout(timer); reject(e); });
  });
}

/** Creates the listener middleware of one store, with its effects bound to `env`. */
export function createAppListeners(env: AppEnv) {
  const listeners = createListenerMiddleware<ListenerRootState, ListenerDispatch, AppEnv>({
    extra: env,
    onError: (e) => console.error('Listener failed', e),
  });
  const startListening = listeners.startListening;
  /** the run ticket of the round being played (its run id names the submission); replaced by a
   * restart in place */
  let currentTicket: RunTicket | null = null;
  /** set while a new run ticket is on its way (renewTicket) until its seed is in the controller:
   * the round does not start before it settles */
  let seedReady: Promise<void> | null = null;

  /** Asks for a new run ticket for drill `id` (a restart in place, or a held ticket that would
   * expire before the round could be submitted); the controller gets its seed when it arrives,
   * or a local seed (the run is then stored unranked) when none comes within
   * RESTART_TICKET_WAIT_MS. The round waits for it (`seedReady`). */
  const renewTicket = (extra: AppEnv, controller: NonNullable<ReturnType<typeof getController>>, id: number): void => {
    currentTicket = null;
    const ready = withTimeout(requestRunTicket(extra.fetch, id), RESTART_TICKET_WAIT_MS).then(
      (t) => {
        holdRunTicket(t);
        return t.drill_id === id ? t : null;
      },
      (e: unknown) => {
        console.warn('No run ticket: this run plays with a local seed and is stored unranked', e);
        return null;
      },
    ).then((t) => {
      currentTicket = t;
      controller.setSeed(t ? t.seed >>> 0 : extra.randomSeed());
    });
    seedReady = ready;
    void ready.finally(() => {
      if (seedReady === ready) seedReady = null;
    });
  };

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
      const { drillId: id, source, context, preview } = api.getState().run;
      if (id === null) return;
      const { extra } = api;
      // the run ticket (server seed, run id, secret) comes in parallel with the config: no wait;
      // a preview (issue 17) is never stored: no ticket
      const ticketP: Promise<RunTicket | null> = preview ? Promise.resolve(null) : requestRunTicket(extra.fetch, id).then(
        (t) => {
          holdRunTicket(t);
          return t;
        },
        (e: unknown) => {
          console.warn('No run ticket: this run plays with a local seed and is stored unranked', e);
          return null;
        },
      );
      currentTicket = null;
      // the page's entry may have booted this drill's load before the UI (src/main.ts,
      // src/game/boot.ts): its GETs, controller and load are adopted, not started again
      const boot = preview ? null : takeBootLoad(id);
      // the game chunk is fetched in parallel with the API calls (issue 18: no waterfall); its
      // failure is read where it is awaited below
      const createP = boot ? null : extra.loadControllerFactory();
      createP?.catch(() => undefined);
      // the player's settings are asked for with the config, not after it (issue 18: no
      // waterfall); a failure is read where they are awaited below
      const configP = boot ? boot.config : fetchGameConfig(extra.fetch, id);
      configP.catch(() => undefined);
      const optionsP = boot ? boot.options : fetchGameOptions(extra.fetch);
      optionsP.catch(() => undefined);

      let config: GameConfigResponse;
      try {
        config = await configP;
      } catch (e) {
        if (isNotLoggedIn(e)) {
          extra.navigate(loginUrl(`/?id=${id}`));
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
        // the editor's draft over the drill's fields, checked like a saved drill (issue 17)
        // (loaded only for a preview: the drill schema stays out of the game page's first chunk)
        if (preview) config = (await import('../drill/customDrill')).previewConfig(config, extra.previewDraft?.() ?? null);
        drill = parseDrillConfig(config);
      } catch (e) {
        console.error('Invalid drill config', e);
        panicWith(api.dispatch, 'config_invalid', e);
        return;
      }
      api.dispatch(runActions.configLoaded(drillInfoOf(config, drill)));

      // the options over the defaults, and the player's controls as the server sent them
      // (partial): mouse_skip_filter is read from them, a missing field falls back to the
      // gameconfig's (mouseSkipFilterEnabled); the boot loads with the same (src/game/boot.ts)
      let loaded: ReturnType<typeof loadedOptionsOf>;
      try {
        const res = await optionsP;
        loaded = loadedOptionsOf(res);
        api.dispatch(settingsActions.loaded(valuesFromServer(res)));
      } catch (e) {
        console.warn('Loading settings failed; using defaults', e);
        loaded = loadedOptionsOf(null);
      }
      const { options, controls } = loaded;
      api.dispatch(runActions.settingsLoaded({ keys: pageKeysOf(options), hudPrefs: hudPrefsOf(options) }));
      extra.emitHostEvent('game-status-update', {
        gameId: id,
        highScore: typeof config.best_score === 'number' ? config.best_score : null,
        gameName: config.name,
      });

      try {
        const callbacks = makeGameCallbacks(api.dispatch, () => currentTicket?.run_id ?? null);
        let controller: GameController;
        if (boot) {
          controller = await boot.adopt(callbacks);
        } else {
          const surface = await waitForSurface();
          const create = await createP!;
          controller = await create(surface.canvas, surface.overlayRoot, callbacks);
        }
        setController(controller);
        const t = await ticketP;
        const ticket = t && t.drill_id === id ? t : null;
        currentTicket = ticket;
        // the engine uses the server's seed (issue 14): the client never chooses a seed that counts
        const seed = ticket ? ticket.seed >>> 0 : extra.randomSeed();
        if (boot) {
          // the boot loads with the same config, drill and options as above, and seed 0 until now
          controller.setSeed(seed);
          await boot.loaded;
        } else {
          await controller.load({ config, drill, options, controls, seed, source, context: context ?? null });
        }
        api.dispatch(runActions.assetsLoaded());
        // the ad flow (issue 13): an env without ads (tests' fakes) starts with no ad flow at all
        // (the drill editor's preview plays as premium does: no ad, the short countdown; it starts
        // over on every edit)
        if (extra.rewardAds !== undefined) {
          api.dispatch(runActions.adFlowStarted({ premium: config.premium === true || preview, rewardAds: extra.rewardAds() }));
        }
        extra.emitHostEvent('ready', { gameId: id, gameName: config.name, durationMs: drill.durationMs });
      } catch (e) {
        console.error('Loading the game failed', e);
        panicWith(api.dispatch, e instanceof ChunkLoadError ? 'chunk_error' : 'load_error', e);
      }
    },
  });

  // The reward ad (issue 13, spec section 4): not loaded within AD_TIMEOUT_MS -> ad_fail_timeout
  // (counts as complete, long countdown). The ad slot (src/ui/overlays/RewardAd.tsx) reports
  // the rest: loaded, showing, complete, skipped, or an error (ad_fail).
  startListening({
    actionCreator: runActions.adFlowStarted,
    effect: async (_action, api) => {
      if (api.getState().run.adMode !== 'reward') return;
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
      const { drill: info, drillId } = api.getState().run;
      // a ticket held since long before (the player idled on the pre-game screen) would expire
      // before this round's result reached the server (410, the result lost): a new one first
      if (controller && drillId !== null && info && currentTicket && ticketExpiresTooSoon(currentTicket.expires_at, info.durationMs, Date.now())) {
        renewTicket(extra, controller, drillId);
      }
      if (seedReady) await seedReady; // a restart in place or a renewed ticket: its new seed first
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

  startListening({
    predicate: entered(ProjectState.GamePaused),
    effect: (_a, api) => {
      getController()?.pause();
      if (typeof document !== 'undefined' && document.pointerLockElement) document.exitPointerLock?.();
      api.extra.emitHostEvent('paused', { gameId: api.getState().run.drillId });
    },
  });

  startListening({
    predicate: (action, cur, prev) =>
      runActions.resumed.match(action) &&
      prev.run.projectState === ProjectState.GamePaused &&
      cur.run.projectState === ProjectState.GameRunning,
    effect: (_a, api) => {
      getController()?.resume();
      api.extra.emitHostEvent('resumed', { gameId: api.getState().run.drillId });
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

  startListening({
    predicate: (_a, cur, prev) => cur.run.panic !== null && prev.run.panic === null,
    effect: (_a, api) => {
      const controller = getController();
      try {
        controller?.stop();
      } catch (e) {
        console.warn('controller.stop failed', e);
      }
      const panic = api.getState().run.panic;
      if (panic) {
        const t = (key: string) => i18n.t(key, { ...(panic.params ?? {}), defaultValue: key });
        api.extra.emitHostEvent('error', { title: t(panic.title), description: t(panic.description) });
      }
    },
  });

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
      else renewTicket(extra, controller, id);
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

  return listeners;
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

/** Sends the host page's commands (src/host/hostBridge.ts `onCommand`) into the store: pause
 * opens the pause menu (only while the round runs), resume closes it, quit is the Quit button
 * pressed by the host. Returns the unsubscribe. */
export function connectHostCommands(
  bridge: { onCommand(handler: (command: HostCommand) => void): () => void },
  dispatch: (action: UnknownAction) => unknown,
): () => void {
  return bridge.onCommand((command) => {
    if (command === 'pause') dispatch(runActions.paused());
    else if (command === 'resume') dispatch(runActions.resumed());
    else if (command === 'goto-post-game') dispatch(runActions.gotoPostGame());
    else dispatch(runActions.quitRequested({ by: 'host' }));
  });
}
