/**
 * Loading the drill (run/drillRequested): ask for a run ticket (POST /api/v1/runs, issue 14) in
 * parallel with everything below; fetch the game config, parse it, fetch game options and
 * control options (GET /gameoptions/edit; failure logged, defaults used; on success they also
 * fill the settings slice, so the in-game settings menu edits the very values the run uses), tell
 * the host (game-status-update), create the controller (lazy import) and load the scene with a
 * ticket's seed (a local random seed when the ticket could not be had: that run is stored
 * unranked) and the player's controls (mouse_skip_filter), reporting progress; then
 * run/assetsLoaded. The finished run's submission names the ticket (`run_id`); its secret is
 * kept in src/net/runTickets.ts, so every send of it is signed (APKey).
 *
 * The drill editor's preview (`preview=1`, issue 17): the draft (AppEnv.previewDraft) replaces
 * drill `id`'s fields (the player's settings stay), checked like a saved drill; no run ticket
 * (a local seed).
 */
import { loadedOptionsOf } from '../../contracts/gameOptions';
import type { GameConfigResponse } from '../../contracts/gameConfig';
import type { DrillConfig } from '../../contracts/drillConfig';
import { parseDrillConfig } from '../../drill/parseDrillConfig';
import type { GameController } from '../../game/types';
import { loginUrl } from '../../contracts/auth';
import { ApiRequestError, fetchGameConfig, fetchGameOptions, isNotLoggedIn, requestRunTicket } from '../../net/api';
import { ChunkLoadError } from '../../net/chunkLoad';
import { holdRunTicket, type RunTicket } from '../../net/runTickets';
import { getController, setController, takeBootLoad, waitForSurface } from '../gameHolder';
import { playlistHasNext } from '../playlist/playlistSlice';
import { finderControls, finderHasNext, finderRoundSens } from '../finder/finderSlice';
import { runActions, type DrillInfo } from '../run/runSlice';
import { hudPrefsOf, pageKeysOf, settingsActions, valuesFromServer } from '../settings';
import { makeGameCallbacks } from './gameCallbacks';
import { panicWith, type AppStartListening } from './listenerTypes';
import type { TicketHolder } from './runTickets';

/** Runs `fn` in the first task after the next frame's paint (at once without frames). */
function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(fn, 0));
  else setTimeout(fn, 0);
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
    tracking: drill.weapon.automatic,
    zoom: drill.ads.enabled && drill.ads.zoom > 1 ? drill.ads.zoom : null,
    requirements: (['targets_destroyed', 'accuracy', 'time_destroy', 'crit_hit'] as const)
      .filter((m) => typeof drill.thresholds[m] === 'number')
      .map((m) => ({ metric: m, threshold: drill.thresholds[m] as number })),
    premium: config.premium === true,
  };
}

export function listenLoadDrill(startListening: AppStartListening, tickets: TicketHolder): void {
  startListening({
    // the page's drill, or a playlist's next drill (issue 36 item 4: the run starts over in place)
    predicate: (action, cur, prev) =>
      (runActions.drillRequested.match(action) && prev.run.drillId === null && cur.run.drillId !== null)
      || (runActions.nextDrillRequested.match(action) && prev.run.performanceId !== null && cur.run.performanceId === null && cur.run.drillId !== null),
    effect: async (action, api) => {
      const { drillId: id, source, context, preview } = api.getState().run;
      if (id === null) return;
      const { extra } = api;
      // the run ticket (server seed, run id, secret) comes in parallel with the config: no wait;
      // a preview (issue 17) is never stored: no ticket
      // the page's entry may have booted this drill's load before the UI (src/main.ts,
      // src/game/boot.ts): its GETs, run ticket, controller and load are adopted, not started again
      const boot = preview ? null : takeBootLoad(id);
      const ticketP: Promise<RunTicket | null> = preview ? Promise.resolve(null) : (boot?.ticket ?? requestRunTicket(extra.fetch, id)).then(
        (t) => {
          holdRunTicket(t);
          return t;
        },
        (e: unknown) => {
          console.warn('No run ticket: this run plays with a local seed and is stored unranked', e);
          return null;
        },
      );
      tickets.current = null;
      // a playlist's next drill (issue 36 item 4) loads into the page's controller: same canvas,
      // pointer lock kept
      const existing = !boot && runActions.nextDrillRequested.match(action) ? getController() : null;
      // the game chunk is fetched in parallel with the API calls (issue 18: no waterfall); its
      // failure is read where it is awaited below
      const createP = boot || existing ? null : extra.loadControllerFactory();
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
        if (preview) config = (await import('../../drill/customDrill')).previewConfig(config, extra.previewDraft?.() ?? null);
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
      const { options } = loaded;
      // a sensitivity finder round (issue 37 item 6) loads at the round's hidden sensitivity:
      // the engine takes it from the config (sceneLoading.ts engineSettingsOf), the live
      // settings from the controls; the saved settings are not changed
      const controls = finderControls(api.getState(), loaded.controls);
      const roundSens = finderRoundSens(api.getState());
      if (roundSens !== null) {
        config = { ...config, mouse_sensitivity: controls?.mouse_sens ?? roundSens, mouse_sensitivity_y: controls?.mouse_sens_y ?? null };
      }
      api.dispatch(runActions.settingsLoaded({ keys: pageKeysOf(options), hudPrefs: hudPrefsOf(options) }));
      extra.emitHostEvent('game-status-update', {
        gameId: id,
        highScore: typeof config.best_score === 'number' ? config.best_score : null,
        gameName: config.name,
      });

      try {
        const callbacks = makeGameCallbacks(api.dispatch, () => tickets.current?.run_id ?? null);
        let controller: GameController;
        if (boot) {
          controller = await boot.adopt(callbacks);
        } else if (existing) {
          controller = existing;
        } else {
          const surface = await waitForSurface();
          const create = await createP!;
          controller = await create(surface.canvas, surface.overlayRoot, callbacks);
        }
        setController(controller);
        const t = await ticketP;
        const ticket = t && t.drill_id === id ? t : null;
        tickets.current = ticket;
        // the engine uses the server's seed (issue 14): the client never chooses a seed that counts
        const seed = ticket ? ticket.seed >>> 0 : extra.randomSeed();
        if (boot) {
          // the boot loads with the same config, drill and options as above, and seed 0 until now
          controller.setSeed(seed);
          await boot.loaded;
        } else {
          // a playlist drill with another after it keeps pointer lock at its end (issue 36 item 4)
          const keepLockAtEnd = playlistHasNext(api.getState()) || finderHasNext(api.getState());
          await controller.load({ config, drill, options, controls, seed, source, context: context ?? null, keepLockAtEnd });
        }
        // "Click to start" shows the round's first targets (issue 33 item 5): drawn with the
        // ticket's seed, before the pre-game overlay
        await controller.showStartTargets?.();
        api.dispatch(runActions.assetsLoaded());
        // the load's last part (the weapon, effects, shadows) once the pre-game is painted
        // (issue 33 item 5): the reward ad's creative and the countdown's end wait for it
        // (run.loadTailPending: RewardAd, adFlow.ts, roundStart.ts), so its compiles never run
        // against the ad's time-outs nor between countdown-complete and the round
        const loadTail = controller.loadTail?.bind(controller);
        if (loadTail) {
          api.dispatch(runActions.loadTailStarted());
          afterPaint(() => {
            loadTail().then(
              () => { if (getController() === controller) api.dispatch(runActions.loadTailDone()); },
              (e: unknown) => {
                if (getController() !== controller) return;
                console.error('Loading the game failed', e);
                api.dispatch(runActions.loadTailDone());
                panicWith(api.dispatch, 'load_error', e);
              },
            );
          });
        }
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
}
