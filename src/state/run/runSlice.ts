/**
 * The run lifecycle (spec section 4): the project state, the countdown, the loaded drill's
 * info, the panic error and the stored result's id. Actions are events ('run/roundStarted'),
 * not setters; each reducer only moves the project state forward along the spec's order and
 * ignores an event that does not fit the current state (a second fire input does not restart
 * the countdown, the menu cannot open before countdown-complete, ...).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ProjectState, after, before, between } from '../../contracts/projectState';
import type { FinishedRun } from '../../game/types';
import type { RunSummary } from '../../contracts/performance';
import { COUNTDOWN_LONG_S, COUNTDOWN_NO_REWARD_ADS_S, COUNTDOWN_SHORT_S } from '../../contracts/constants';
import type { AdStatus } from '../../contracts/ads';

/** What the pre-game overlay shows of the drill. */
export interface DrillInfo {
  id: number;
  name: string;
  /** HTML description from our own drill catalogue */
  descriptionHtml: string;
  objective: string;
  bestScore: number | null;
  durationMs: number;
  primaryMetric: string;
  /** the player can walk (speed above 0): the movement key hints show */
  movement: boolean;
  /** the drill's analysis mode is on: Quit during the round jumps to post-game (spec section 2) */
  analysisMode: boolean;
  /** the objective bar's thresholds of the primary metric (DrillConfig.tiers); [] = no bar */
  tiers: number[];
  /** rounds per clip (99999 = no clip: no clip HUD) */
  clipSize: number;
  /** issue 35: a tracking (hold-fire: automatic weapon) drill: the HUD shows time on target and
   * damage instead of kills and kill time. Optional for older hand-made infos in tests. */
  tracking?: boolean;
  /** the weapon's ADS zoom (fov divisor) when it has one (ADS enabled, zoom above 1), else null:
   * the zoom and toggle-zoom key hints show only then (spec section 2). Optional for older
   * hand-made infos in tests. */
  zoom?: number | null;
  /** the drill's requirements (its non-null `{metric}_score` thresholds, spec sections 2 and 3),
   * in the order targets destroyed, accuracy, time to destroy (ms, at most), crit hits (%). */
  requirements?: Array<{ metric: 'targets_destroyed' | 'accuracy' | 'time_destroy' | 'crit_hit'; threshold: number }>;
  /** the player is premium (gameconfig's `premium`, decided by the server): the analysis
   * overlay's premium metric (path efficiency) is shown only then, else locked (issue 13 item 3).
   * Optional for older hand-made infos in tests (absent = not premium). */
  premium?: boolean;
}

/** The error overlay's content: i18n keys (plus interpolation values) of its title and text. */
export interface PanicError {
  title: string;
  description: string;
  params?: Record<string, string | number>;
}

/** Key codes (`KeyboardEvent.code`) of the page-level bindings, and the movement keys for
 * the pre-game hints. */
export interface PageKeys {
  restart: string[];
  pause: string[];
  /** forward, left, backward, right main keys */
  movement?: string[];
  /** the ADS (zoom) binding's key and alt, mouse buttons included: for the pre-game hints only */
  zoom?: string[];
  /** the ADS switch (toggle zoom) binding's key and alt: for the pre-game hints only */
  toggleZoom?: string[];
}

/** What the HUD shows (game options `hud`, spec section 3): `stats` 0 none, 1 timer,
 * 2 regular (the timer, accuracy and the flagged stats: targets destroyed, time to destroy,
 * crit %); `fps` adds the frame-rate counter; `clip` the clip HUD (drills with a clip);
 * `objectiveBar` the objective bar (drills with tiers); `statusBarSize` (0.6-1.4) scales both. */
export interface HudPrefs {
  enabled: boolean;
  stats: 0 | 1 | 2;
  fps: boolean;
  targetsDestroyed: boolean;
  timeDestroy: boolean;
  critHit: boolean;
  clip: boolean;
  objectiveBar: boolean;
  statusBarSize: number;
}

/** Default HUD preferences (spec section 3: hud defaults). */
export const DEFAULT_HUD_PREFS: HudPrefs = {
  enabled: true, stats: 2, fps: false, targetsDestroyed: true, timeDestroy: true, critHit: false, clip: true,
  objectiveBar: true, statusBarSize: 1.4,
};

/** The run slice: plain serializable data only. */
export interface RunState {
  /** a ProjectState enum value */
  projectState: ProjectState;
  drillId: number | null;
  /** the `source` query parameter */
  source: string | null;
  /** issue 17: the drill editor's preview (`preview=1`): the draft plays over drill `drillId`,
   * with no run ticket, no log-drill and no submission */
  preview: boolean;
  /** the `context` query parameter (gameData.context; 'assessment': benchmark objective, spec
   * section 9); absent = none */
  context?: string | null;
  /** asset loading progress, 0-100 */
  loadProgress: number;
  /** seconds left on the countdown (one decimal); null before it starts */
  countdown: number | null;
  drill: DrillInfo | null;
  panic: PanicError | null;
  /** id of the stored result once the submission succeeded */
  performanceId: number | null;
  /** the stored result was handed to the host page that embeds the game (`drill-complete`)
   * instead of navigating to the summary */
  handedToHost: boolean;
  /** the stored result's summary is shown on the game page itself (issue 15: Play again and the
   * restart key then start the next run in place, without a page load); the address bar shows
   * the summary's URL */
  summaryInPlace: boolean;
  /** false when the finished run could not be written to this device's storage (the outbox
   * keeps it in the page only: the submit modal asks to keep the page open) */
  submitSavedOnDevice?: boolean;
  keys: PageKeys;
  hudPrefs: HudPrefs;
  /** Quit is taking the player home: the quit message shows (spec section 2) */
  quitting?: boolean;
  /** The ad flow (issue 13, spec section 4 "Ad flow and countdown"): `pending` until it starts,
   * `reward` while the reward ad runs and after (ads show until countdown-1sleft), `none` for
   * no ads (premium, or reward ads off). */
  adMode?: 'pending' | 'reward' | 'none';
  /** the countdown the start-game signal carries, s; null until the ad flow settled */
  startCountdownS?: number | null;
  /** how the reward ad ended: ad_fail / ad_fail_timeout / complete / skipped; null = no ad yet */
  adStatus?: AdStatus | null;
  /** issue 33 item 5: the load's last part (the weapon, effects, shadows and their shaders:
   * GameController.loadTail) is still loading after "Click to start" showed. While true the
   * reward ad does not show (its 2 s load time-out and 3 s showing time do not run against the
   * compiles) and the countdown does not complete (the round starts only with the
   * load complete, in the same render as countdown-complete); absent / false: nothing loads */
  loadTailPending?: boolean;
}

/** Default page keys (spec section 9): restart R, pause Escape. */
export const DEFAULT_PAGE_KEYS: PageKeys = { restart: ['KeyR'], pause: ['Escape'] };

/** The panic error of an invalid drill id (spec sections 2 and 5). */
export const INVALID_ID_ERROR: PanicError = {
  title: 'game_errors.invalid_id.title',
  description: 'game_errors.invalid_id.description',
};

/** The panic error of a failed stats post (spec section 8). */
export const SUBMIT_ERROR: PanicError = {
  title: 'game_errors.submit_error.title',
  description: 'game_errors.submit_error.description',
};

/** A fresh run: assets-loading, nothing loaded. */
export const initialRunState: RunState = {
  projectState: ProjectState.AssetsLoading,
  drillId: null,
  source: null,
  preview: false,
  loadProgress: 0,
  countdown: null,
  drill: null,
  panic: null,
  performanceId: null,
  handedToHost: false,
  summaryInPlace: false,
  keys: DEFAULT_PAGE_KEYS,
  hudPrefs: DEFAULT_HUD_PREFS,
};

/** Rounds to one decimal (the countdown's 0.1 s steps), avoiding 0.30000000000000004. */
const tenths = (x: number): number => Math.round(x * 10) / 10;

/** How long until the next countdown tick, in seconds: whole seconds above 1 s, then 0.1 s
 * steps in the last second (spec section 4). */
export function countdownStepS(countdown: number): number {
  return countdown > 1 ? 1 : 0.1;
}

const runSlice = createSlice({
  name: 'run',
  initialState: initialRunState,
  reducers: {
    /** The page asked for drill `id` (already validated as all digits). */
    drillRequested(state, action: PayloadAction<{ id: number; source: string | null; context?: string | null; preview?: boolean }>) {
      if (state.drillId !== null || state.panic) return;
      state.drillId = action.payload.id;
      state.source = action.payload.source;
      state.context = action.payload.context ?? null;
      state.preview = action.payload.preview === true;
    },
    /** A playlist's next drill (issue 36 item 4): once the last run is stored, the run starts
     * over for drill `id` in place (no page load; the load listener reuses the controller, its
     * canvas and pointer lock). The page keys and HUD preferences stay; ignored unless the
     * current run is stored (game-complete with a performance id) and nothing panicked. */
    nextDrillRequested(state, action: PayloadAction<{ id: number }>) {
      if (state.panic || state.projectState !== ProjectState.GameComplete || state.performanceId === null) return;
      return { ...initialRunState, keys: state.keys, hudPrefs: state.hudPrefs, drillId: action.payload.id, source: state.source, context: state.context ?? null };
    },
    /** Something went wrong: the error overlay shows. The first panic stays. */
    panic(state, action: PayloadAction<PanicError>) {
      if (!state.panic) state.panic = action.payload;
    },
    /** The game config was fetched and parsed. */
    configLoaded(state, action: PayloadAction<DrillInfo>) {
      if (state.drill || after(state.projectState, ProjectState.AssetsLoaded)) return;
      state.drill = action.payload;
    },
    /** The player's game options are known (fetched, or defaults after a failed fetch). */
    settingsLoaded(state, action: PayloadAction<{ keys?: PageKeys; hudPrefs?: HudPrefs } | undefined>) {
      if (action.payload?.keys) state.keys = action.payload.keys;
      if (action.payload?.hudPrefs) state.hudPrefs = action.payload.hudPrefs;
      if (before(state.projectState, ProjectState.SettingsLoaded)) state.projectState = ProjectState.SettingsLoaded;
    },
    /** Scene loading progress, 0-100. */
    loadProgressed(state, action: PayloadAction<number>) {
      const p = Math.max(0, Math.min(100, Math.round(action.payload)));
      if (before(state.projectState, ProjectState.AssetsLoaded) && p > state.loadProgress) state.loadProgress = p;
    },
    /** The scene is built: the pre-game overlay shows. */
    assetsLoaded(state) {
      if (!before(state.projectState, ProjectState.AssetsLoaded)) return;
      state.projectState = ProjectState.AssetsLoaded;
      state.loadProgress = 100;
    },
    /** The load's last part (GameController.loadTail) started after "Click to start" showed
     * (issue 33 item 5): `loadTailPending` until `loadTailDone`. Ignored unless assets-loaded. */
    loadTailStarted(state) {
      if (state.projectState === ProjectState.AssetsLoaded) state.loadTailPending = true;
    },
    /** The load's last part is in (or failed: the load listener panics then). */
    loadTailDone(state) {
      state.loadTailPending = false;
    },
    /** The scene is loaded: the ad flow starts (spec section 4). Premium players get no ads and
     * the short countdown (0.5 s); with reward ads off the game starts with a countdown of 3 s;
     * otherwise the reward ad component runs (`advertLoaded` ... `advertComplete`). */
    adFlowStarted(state, action: PayloadAction<{ premium: boolean; rewardAds: boolean }>) {
      if (state.projectState !== ProjectState.AssetsLoaded || (state.adMode ?? 'pending') !== 'pending') return;
      if (action.payload.premium) {
        state.adMode = 'none';
        state.startCountdownS = COUNTDOWN_SHORT_S;
      } else if (!action.payload.rewardAds) {
        state.adMode = 'none';
        state.startCountdownS = COUNTDOWN_NO_REWARD_ADS_S;
      } else {
        state.adMode = 'reward';
        state.startCountdownS = null;
      }
    },
    /** The reward ad's creative loaded: advert-loaded. */
    advertLoaded(state) {
      if (state.adMode === 'reward' && state.projectState === ProjectState.AssetsLoaded) state.projectState = ProjectState.AdvertLoaded;
    },
    /** The reward ad is on screen: advert-showing. */
    advertShowing(state) {
      if (state.adMode === 'reward' && state.projectState === ProjectState.AdvertLoaded) state.projectState = ProjectState.AdvertShowing;
    },
    /** The player skipped the reward ad: advert-skipped, then the game starts (0.5 s). */
    advertSkipped(state) {
      if (state.adMode !== 'reward' || !between(state.projectState, ProjectState.AdvertLoaded, ProjectState.AdvertShowing)) return;
      state.projectState = ProjectState.AdvertSkipped;
      state.adStatus = 'skipped';
      state.startCountdownS = COUNTDOWN_SHORT_S;
    },
    /** The reward ad ended: watched (no status: 0.5 s), or failed (`ad_fail`: no ad player or an
     * ad error; `ad_fail_timeout`: not loaded within the 2 s time-out), which counts as complete
     * with the long countdown (10 s). advert-complete either way. */
    advertComplete(state, action: PayloadAction<{ status?: 'ad_fail' | 'ad_fail_timeout' } | undefined>) {
      if (state.adMode !== 'reward' || !between(state.projectState, ProjectState.AssetsLoaded, ProjectState.AdvertShowing)) return;
      const failed = action.payload?.status;
      state.projectState = ProjectState.AdvertComplete;
      state.adStatus = failed ?? 'complete';
      state.startCountdownS = failed ? COUNTDOWN_LONG_S : COUNTDOWN_SHORT_S;
    },
    /** The first fire input: the countdown starts (only once, only before the round). */
    countdownStarted(state, action: PayloadAction<{ seconds: number }>) {
      if (!canStartCountdown({ run: state })) return;
      state.projectState = ProjectState.CountdownStarted;
      state.countdown = tenths(Math.max(0, action.payload.seconds));
    },
    /** One countdown step: 1 s above one second left, then 0.1 s steps to 0 (countdown-1sleft),
     * then countdown-complete. */
    countdownTick(state) {
      if (!between(state.projectState, ProjectState.CountdownStarted, ProjectState.Countdown1sLeft)) return;
      const left = tenths((state.countdown ?? 0) - countdownStepS(state.countdown ?? 0));
      if (left <= 0) {
        state.countdown = 0;
        state.projectState = ProjectState.CountdownComplete;
      } else {
        state.countdown = left;
        if (left <= 1) state.projectState = ProjectState.Countdown1sLeft;
      }
    },
    /** The controller started the round (t = 0). */
    roundStarted(state) {
      if (state.projectState === ProjectState.CountdownComplete) state.projectState = ProjectState.GameRunning;
    },
    /** The pause menu opened (the pause key or a lost pointer lock), never before countdown-complete. */
    paused(state) {
      if (between(state.projectState, ProjectState.CountdownComplete, ProjectState.GameRunning) && !state.panic) {
        state.projectState = ProjectState.GamePaused;
      }
    },
    /** The pause menu closed: the round goes on. */
    resumed(state) {
      if (state.projectState === ProjectState.GamePaused) state.projectState = ProjectState.GameRunning;
    },
    /** The round time is up: stats are posted. The payload (counters and submission) is for the
     * listener; nothing of it is kept in the state. */
    roundFinished: {
      reducer(state) {
        if (between(state.projectState, ProjectState.CountdownComplete, ProjectState.GamePaused)) {
          state.projectState = ProjectState.GameComplete;
        }
      },
      prepare(result: FinishedRun) {
        return { payload: result };
      },
    },
    /** The server stored the run as performance `performanceId`; `summary` is its answer (the
     * stored numbers), for the host's `drill-complete`. */
    submitSucceeded(state, action: PayloadAction<{ performanceId: number; summary?: RunSummary | null }>) {
      if (state.projectState === ProjectState.GameComplete) state.performanceId = action.payload.performanceId;
    },
    /** The stored run was handed to the embedding host page (`drill-complete`): no navigation;
     * the game shows a small "run saved" card until the host closes it. */
    handedToHost(state) {
      if (state.performanceId !== null) state.handedToHost = true;
    },
    /** The stored run's summary opened on the game page (no navigation): see `summaryInPlace`. */
    summaryShownInPlace(state) {
      if (state.performanceId !== null) state.summaryInPlace = true;
    },
    /** The player pressed Retry in the 'Calculating Result' modal (after its time-out): the
     * outbox posts the run at once (listeners/submission.ts). */
    submitRetryRequested() {},
    /** The outbox holds the finished run (listeners/submission.ts); `savedOnDevice` false = in this page
     * only (storage unavailable or full). */
    submitQueued(state, action: PayloadAction<{ savedOnDevice: boolean }>) {
      state.submitSavedOnDevice = action.payload.savedOnDevice;
    },
    /** The player asked to restart (the restart key, the pause menu, the gamepad, Play again):
     * in place when `canRestartInPlace`, else the page reloads (listeners/roundExit.ts). */
    restartRequested() {},
    /** Restart in place (issue 15): the run starts over from the countdown on the loaded scene,
     * no reload (the listener has already reset the runtime and asked for a new run ticket).
     * `durationMs` is the drill's, for the HUD's timer. Ignored when `canRestartInPlace` is false. */
    restartedInPlace(state, action: PayloadAction<{ seconds: number; durationMs: number }>) {
      if (!canRestartInPlace({ run: state })) return;
      state.projectState = ProjectState.CountdownStarted;
      state.countdown = tenths(Math.max(0, action.payload.seconds));
      state.performanceId = null;
      state.handedToHost = false;
      state.summaryInPlace = false;
      delete state.submitSavedOnDevice;
    },
    /** Quit: pressed by the player (pause menu, error card) or sent by the host page. */
    quitRequested: {
      reducer() {},
      prepare(opts?: { by?: 'player' | 'host' }) {
        return { payload: { by: opts?.by ?? 'player' } as { by: 'player' | 'host' } };
      },
    },
    /** goto-post-game (spec section 4; a host command): the round ends now (listeners/roundExit.ts). */
    gotoPostGame() {},
    /** The player is leaving for home (Quit with no host to tell): the quit message shows. */
    quitting(state) {
      state.quitting = true;
    },
    /** The stats post failed: panic with the submit error; the summary is not shown. */
    submitFailed(state, _action: PayloadAction<{ message: string } | undefined>) {
      if (!state.panic) state.panic = SUBMIT_ERROR;
    },
  },
});

/** The run slice's event action creators. */
export const runActions = runSlice.actions;
/** The run slice's reducer (pure). */
export const runReducer = runSlice.reducer;
export default runSlice;

/** Anything with the run slice under `run` (the root state, or a bare wrapper in tests). */
export interface WithRun {
  run: RunState;
}

/** The current project state. */
export const selectProjectState = (s: WithRun): ProjectState => s.run.projectState;
/** The panic error, or null. */
export const selectPanic = (s: WithRun): PanicError | null => s.run.panic;

/** Loader: until assets-loaded. */
export const showLoader = (s: WithRun): boolean =>
  !s.run.panic && s.run.drillId !== null && before(s.run.projectState, ProjectState.AssetsLoaded);
/** Pre-game info and 'Click to start': from assets-loaded until the countdown starts. */
export const showPregame = (s: WithRun): boolean =>
  !s.run.panic && between(s.run.projectState, ProjectState.AssetsLoaded, ProjectState.AdvertComplete);
/** The countdown number: countdown-started and countdown-1sleft. */
export const showCountdown = (s: WithRun): boolean =>
  !s.run.panic && between(s.run.projectState, ProjectState.CountdownStarted, ProjectState.Countdown1sLeft);
/** HUD: from countdown-complete while the round runs or is paused. */
export const showHud = (s: WithRun): boolean =>
  !s.run.panic && between(s.run.projectState, ProjectState.CountdownComplete, ProjectState.GamePaused);
/** Pause menu: game-paused. */
export const showPauseMenu = (s: WithRun): boolean =>
  !s.run.panic && between(s.run.projectState, ProjectState.GamePaused, ProjectState.GamePaused);
/** The "run saved" card of an embedded game: the result went to the host page. */
export const showHandedToHost = (s: WithRun): boolean => !s.run.panic && s.run.handedToHost;
/** The post-game summary on the game page (issue 15): the stored run, shown without a page load. */
export const showSummaryInPlace = (s: WithRun): boolean => !s.run.panic && s.run.summaryInPlace && s.run.performanceId !== null;
/** 'Calculating Result': game-complete until the result is stored. */
export const showSubmitModal = (s: WithRun): boolean =>
  !s.run.panic && !before(s.run.projectState, ProjectState.GameComplete) && s.run.performanceId === null;
/** The first fire input may start the countdown: the scene is loaded and it has not started. */
export const canStartCountdown = (s: WithRun): boolean =>
  !s.run.panic &&
  s.run.drill !== null &&
  between(s.run.projectState, ProjectState.AssetsLoaded, ProjectState.AdvertComplete);
/** The first fire input may start the countdown and no reward ad is running (it has ended, or
 * there is none): the countdown then runs `startCountdownSeconds` seconds. */
export const readyToStart = (s: WithRun): boolean =>
  canStartCountdown(s) && !(s.run.adMode === 'reward' && (s.run.startCountdownS ?? null) === null);
/** The countdown the start-game signal carries (spec section 4): set by the ad flow, else 0.5 s. */
export const startCountdownSeconds = (s: WithRun): number => s.run.startCountdownS ?? COUNTDOWN_SHORT_S;
/** The reward-ad slot: the reward ad runs (assets-loaded until advert-showing). */
export const showRewardAd = (s: WithRun): boolean =>
  !s.run.panic && s.run.adMode === 'reward' && between(s.run.projectState, ProjectState.AssetsLoaded, ProjectState.AdvertShowing);
/** The banner ad (or the ad-block message): ads are on for this player, from the end of the
 * reward ad (skipped, complete or failed) until the last countdown second (spec section 2: ads
 * show before the last countdown second). */
export const showBannerAd = (s: WithRun): boolean =>
  !s.run.panic && s.run.adMode === 'reward' && between(s.run.projectState, ProjectState.AdvertSkipped, ProjectState.CountdownStarted);

/** The menu may toggle: from countdown-complete until game-complete (spec section 4). */
export const canToggleMenu = (s: WithRun): boolean =>
  !s.run.panic &&
  !before(s.run.projectState, ProjectState.CountdownComplete) &&
  before(s.run.projectState, ProjectState.GameComplete);

/**
 * Whether a restart can happen in place (issue 15: no reload, no loader, no second click): the
 * drill is loaded, nothing panicked, and a round is under way (countdown to paused) or its stored
 * result was handed to the embedding host (the Drill complete card's Play again) or is shown on
 * the game page (the summary's Play again and the restart key). Before the
 * countdown there is nothing to restart; while a finished run is being submitted the page
 * reloads as before (the outbox keeps the run).
 */
export function canRestartInPlace(s: WithRun): boolean {
  const r = s.run;
  if (r.panic || r.drill === null) return false;
  return between(r.projectState, ProjectState.CountdownStarted, ProjectState.GamePaused)
    || (r.projectState === ProjectState.GameComplete && (r.handedToHost || r.summaryInPlace));
}
