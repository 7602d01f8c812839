/**
 * The contract between the React/Redux side (src/state, src/ui) and the game runtime
 * (src/game: Babylon view, fixed-step loop; src/input: pointer lock and input recording).
 * Redux never holds the controller, engine or meshes: the controller lives in a module-level
 * holder used by listener middleware and the canvas component.
 */
import type { DrillConfig } from '../contracts/drillConfig';
import type { EngineEvent, RunCounters } from '../contracts/engine';
import type { GameConfigResponse } from '../contracts/gameConfig';
import type { ControlOptions, GameOptions } from '../contracts/gameOptions';

/** HUD numbers, computed once per rendered frame. Times in ms. */
export interface HudSnapshot {
  /** remaining round time, ms (duration − elapsed, never below 0) */
  remainingMs: number;
  targetsDestroyed: number;
  /** accuracy %, 2 decimals (spec section 9) */
  accuracy: number;
  shots: number;
  hits: number;
  /** frames per second over the last second */
  fps: number;
  /** average time to destroy a target, ms (0 before the first kill) */
  timeDestroyMs: number;
  /** crit hits % of shots, 2 decimals */
  critPercent: number;
  /** damage dealt so far, hit points (counters.damage) */
  damage: number;
  /** the weapon's clip: rounds per clip (99999 = no clip), rounds left, reload progress 0..1 */
  clip: { size: number; remaining: number; reloadProgress: number };
}

export interface GameCallbacks {
  /** asset / scene loading progress, 0-100 */
  onProgress(percent: number): void;
  /** the load drew its first frame (the room with its shaders compiled, `aim:first-frame`):
   * once per controller (the boot entry, src/main.ts, loads the UI from then on) */
  onFirstFrame?(): void;
  /** once per rendered frame while the round runs: the engine events of the frame's ticks
   * (hits, misses, spawns, removals) and the HUD numbers after them */
  onFrame(events: EngineEvent[], hud: HudSnapshot): void;
  /** the round time is up: rendering and updates have stopped */
  onFinished(result: FinishedRun): void;
  /** the player pressed the pause binding (Escape by default) while pointer lock was held
   * or the browser released pointer lock during the round */
  onPauseRequested(): void;
  /** the mouse-skip filter rejected its first sample of the page (the 'mouse skipping' notice;
   * also announced as the window event src/input/mouseSkipEvent.ts MOUSE_SKIP_EVENT) */
  onMouseSkip?(): void;
  /** the gamepad's restart button was pressed during the round (restart in place, issue 15) */
  onRestartRequested?(): void;
  /** analysis mode (drill analysis_mode 1): the shot-performance overlay's last shots changed
   * (src/game/shotFeed.ts), at most once per frame */
  onShots?(records: import('./shotFeed').ShotRecord[]): void;
}

/** Everything needed to build the performance submission once a round is over. */
export interface FinishedRun {
  counters: RunCounters;
  /** gameData + bulletData ready to POST (built with src/metrics) */
  submission: import('../contracts/performance').PerformanceSubmission;
}

export interface GameLoadOptions {
  config: GameConfigResponse;
  drill: DrillConfig;
  options: GameOptions;
  /** the run's PRNG seed (uint32) */
  seed: number;
  /** drill source query parameter, if any */
  source: string | null;
  /** the `context` query parameter (gameData.context), if any; decides the objective with
   * `source` (src/metrics/objectiveBySource.ts) */
  context?: string | null;
  /** the player's control options (GET /gameoptions/edit `controls`), when the caller has them:
   * `mouse_skip_filter` is read from here, else from `config.mouse_skip_filter`, else true */
  controls?: Partial<ControlOptions> | null;
  /** the round's end keeps pointer lock (a playlist with another drill after this one, issue 36
   * item 4: the next drill loads in place and its first click needs no new lock); default false:
   * the end releases it */
  keepLockAtEnd?: boolean;
}

/** The player's saved settings, as the settings slice holds them after a successful save
 * (POST /gameoptions/edit: `game_options` and `controls`, merged over the defaults). */
export interface LiveSettings {
  gameOptions: GameOptions;
  controls: ControlOptions;
}

/** The game runtime of one page. Created once per canvas. */
export interface GameController {
  /** builds the scene (room, targets, camera); reports progress through onProgress */
  load(opts: GameLoadOptions): Promise<void>;
  /** first fire input: requests pointer lock (unadjusted movement if granted, plain otherwise);
   * resolves when lock is held or was refused (the game still runs without it) */
  requestPointerLock(): Promise<'unadjusted' | 'plain' | 'none'>;
  /** starts the round now: t = 0 of the engine is this moment (performance.now() base) */
  startRound(): void;
  /** stops the animation loop and input (menu open); the round clock stops too */
  pause(): void;
  /** resumes the loop; re-requests pointer lock */
  resume(): void;
  /** stops rendering and updates for good */
  stop(): void;
  /** restart in place (issue 15): drops the round (loop, input recording, engine, markers,
   * pop-ups) and draws the room without targets (in the next animation frame); the scene, the
   * assets and pointer lock stay.
   * `startRound` then plays a fresh round. No-op before `load`. */
  prepareRestart(): void;
  /** the PRNG seed (uint32) of the next `startRound` (a restart's new run ticket) */
  setSeed(seed: number): void;
  /** issue 33 item 5 ("Click to start" is a frame with the drill's targets): draws the targets
   * the next `startRound` starts with (its drill and seed: the same engine's initial spawn, so
   * nothing moves when the round starts) behind the pre-game overlay, once their shaders are
   * compiled, and marks `aim:targets-frame` (User Timing) after that frame. Resolves when drawn,
   * or at once when there is nothing to draw (before the load ended, during a round, disposed).
   * Absent in fakes. */
  showStartTargets?(): Promise<void>;
  /** issue 33 item 5: `load` resolves once "Click to start" can show (the room, the round's
   * first targets, the sounds); the effects, the weapon, the target bars and the shadows' shaders
   * follow, started by the first call of this (the store calls it once the pre-game is
   * painted and holds `run.loadTailPending` until it settles: the countdown's last tick and the
   * reward ad's showing wait for it). Resolves when they are in (rejects as `load` would
   * have; the store then panics with `load_error`); `startRound` must wait for it. Absent in
   * fakes (nothing to wait for). */
  loadTail?(): Promise<void>;
  /** ends the running (or paused) round now, as if its time were up: the run so far is built
   * and handed to `onFinished` (Quit in analysis mode, spec section 2: post-game). No-op when no
   * round is running. */
  endRound(): void;
  /** the running (or paused) round so far as a finished run, built at once (issue 33 item 6: the
   * page is being unloaded after the player confirmed leaving); the round goes on. Null when no
   * round runs. Absent in fakes. */
  partialRun?(): FinishedRun | null;
  /** true from the round's end until `onFinished` (its submission is built in slices of the main
   * thread, a few hundred ms at most): a restart waits for the result instead of dropping it */
  readonly finishing?: boolean;
  /**
   * The player saved settings (pause → Settings → Save): applies at once what may change
   * during a drill (src/game/liveSettings.ts): mouse sensitivity / vertical sensitivity /
   * invert / ADS sensitivity (for the look events recorded from now on, replay-exact), FOV
   * (clamped by the drill's lock), render scale, audio volumes, bindings, gamepad options, the
   * mouse-skip filter, the visual effects, shadows and anisotropy; the despawn animation from
   * the next round. Anti-aliasing, brightness and textures apply on the next load. Crosshair looks go live through the
   * crosshair slice's save (crosshairOverlay.ts applySettingToLiveOverlays). No-op before `load`.
   */
  applySettings(settings: LiveSettings): void;
  dispose(): void;
}
