/**
 * The game runtime of one page (contract: src/game/types.ts): Babylon view, fixed-step loop,
 * input recording, crosshair and markers, the e2e debug hook.
 *
 * Frame (each animation frame while the round runs):
 *  1. round time r = performance.now() − round start − paused time (RoundClock);
 *  2. the ticks whose window ended by r are due: targetTick = min(⌊r / TICK_MS⌋, durationTicks)
 *     (planFrame); the recorded input events with t < targetTick·TICK_MS are taken from the
 *     queue in delivery order and `engine.advanceTo(targetTick·TICK_MS, events)` runs them
 *     (advancing to an exact tick boundary, so events of the current, unfinished tick wait for
 *     the next frame and no tick ever sees an event outside its window);
 *  3. `engine.drainEvents()` → hit / miss markers (the last of the frame wins; each shows 50 ms
 *     and replaces the other); ADS: engine.zoom → the ADS crosshair and the zoomed fov
 *     (adsView.ts); the crosshair spread from the frame's shots and the eye (crosshairSpread.ts);
 *     camera pose from engine.eye / yaw / pitch;
 *     thin instances from forEachTarget, interpolated by alpha = (r − targetTick·TICK_MS) / TICK_MS
 *     between the previous and current tick positions; render; the frame rate (HUD fps, and the
 *     low-FPS monitor, lowFps.ts, whose first trip announces the notice once per session);
 *  4. `callbacks.onFrame(events, hud)` once;
 *  5. when `engine.finished`: stop the loop and input, build the submission, `onFinished`.
 *
 * Crosshair layer: all four looks of the gameconfig (crosshair, hit marker, miss marker, ADS
 * crosshair; overlayConfigsOf) at load; later saves of the crosshair editors reach it through
 * applySettingToLiveOverlays. The dynamic spread (CrosshairOverlay.setSpread) follows the
 * frame's shots and the eye's walking speed (crosshairSpread.ts); it is visual only, shots have
 * no inaccuracy.
 *
 * Settings saved mid-drill: `applySettings` (liveSettings.ts says what applies live and how the
 * sensitivity stays replay-exact).
 *
 * This file is the composition root: the state the parts share is gameRuntime.ts; the parts are
 * inputWiring.ts (pointer lock, gamepad), audioWiring.ts (sounds, round cues), effectsWiring.ts
 * (effects and weapon, rebuilt on saved settings), hudFeed.ts (markers, spread, target bars, world
 * overlay, shot feed), viewport.ts (Babylon engine, resize, render scale, fov, ADS, multi-monitor),
 * roundStats.ts (frame rate, low-FPS notice, frame times), roundSubmission.ts (the finished
 * round's submission), sceneLoading.ts (load), roundLoop.ts (the frame above) and debugWiring.ts
 * (`window.__aimDebug`).
 */
import { isDesktopClient } from '../contracts/desktopClient';
import type { PointerLockKind } from '../input/PointerLockInput';
import type { FinishedRun, GameCallbacks, GameController, GameLoadOptions, LiveSettings } from './types';
import { applyCameraPose } from './scene';
import { applyLiveSettings } from './liveSettings';
import { RoundClock } from './roundClock';
import { installDebugHook, removeDebugHook } from './debugHook';
import { despawnAnimationMsFor } from './targetVisual';
import { GameRuntime } from './gameRuntime';
import { InputWiring } from './inputWiring';
import { AudioWiring } from './audioWiring';
import { EffectsWiring } from './effectsWiring';
import { HudFeed } from './hudFeed';
import { Viewport } from './viewport';
import { RoundStats } from './roundStats';
import { RoundSubmission } from './roundSubmission';
import { RoundLoop } from './roundLoop';
import { createControllerDebugHook } from './debugWiring';
import { drawStartTargets, loadScene, noTargetsOf } from './sceneLoading';

export { LOAD_STEPS, engineSettingsOf } from './sceneLoading';

/**
 * Creates the runtime for `canvas` (the WebGL canvas) with the crosshair layer in
 * `overlayRoot`. Nothing is built until `load`.
 */
export function createGameController(canvas: HTMLCanvasElement, overlayRoot: HTMLElement, callbacks: GameCallbacks): GameController {
  const rt = new GameRuntime(canvas, overlayRoot, callbacks);
  const clock = new RoundClock();
  const inputs = new InputWiring(rt, clock);
  const { input } = inputs;
  const sound = new AudioWiring();
  const { audio } = sound;
  const effects = new EffectsWiring(rt);
  const hud = new HudFeed(rt);
  const viewport = new Viewport(rt, () => hud.world?.layout());
  const stats = new RoundStats();
  const submission = new RoundSubmission(rt, stats);
  const hook = createControllerDebugHook({ rt, sound, hud, stats, effects, viewport });

  /** The round is over (its time is up, or it was ended): stop and build the submission. */
  const finish = (): void => {
    loop.stop();
    rt.roundActive = false;
    audio.setWalking(false);
    inputs.halt();
    if (!rt.loadOpts?.keepLockAtEnd) input.exitPointerLock();
    submission.build(input.lastLockKind === 'none' ? null : input.lastLockKind === 'unadjusted');
  };
  const loop = new RoundLoop({ rt, clock, inputs, sound, effects, hud, viewport, stats }, finish);

  return {
    load(opts: GameLoadOptions): Promise<void> {
      return loadScene({ rt, inputs, sound, effects, hud, viewport, submission }, opts);
    },

    requestPointerLock(): Promise<PointerLockKind> {
      audio.unlock(); // called from the first fire input: a user gesture
      audio.startMusic(); // the countdown starts with the first fire input: its looping music
      return input.requestPointerLock();
    },

    startRound(): void {
      const { loadOpts, gs, round } = rt;
      if (!loadOpts || !gs || !round || rt.disposed) throw new Error('startRound before load');
      loop.stop();
      rt.startTargetsOf = null; // the round's engine draws from now on
      submission.despawnMs = despawnAnimationMsFor(loadOpts.options.visual?.target_despawn_animation);
      effects.roundStarting(loadOpts.options); // a despawn animation saved during the last round
      const engine = round.createDrillEngine({
        drill: loadOpts.drill,
        seed: loadOpts.seed >>> 0,
        settings: rt.settings,
        despawnAnimationMs: submission.despawnMs,
        // view only (not hashed): 'explode' gives kills their sparks (forEachSpark)
        despawnAnimation: loadOpts.options.visual?.target_despawn_animation,
      });
      rt.engine = engine;
      submission.settingsStart = round.settingsSnapshot(loadOpts, rt.settings);
      hud.roundStarted(loadOpts.drill);
      clock.start(performance.now());
      if (typeof performance.mark === 'function') performance.mark('aim:round-start');
      stats.roundStarted();
      rt.overlay?.clearMarkers();
      hud.world?.clear();
      viewport.ads.reset();
      hud.resetSpread(loadOpts.drill);
      inputs.start(true);
      sound.roundStarted();
      rt.roundActive = true;
      installDebugHook(hook);
      applyCameraPose(gs.camera, engine.eye, engine.yaw, engine.pitch);
      loop.start();
    },

    pause(): void {
      if (!rt.roundActive || clock.isPaused) return;
      const now = performance.now();
      clock.pause(now);
      inputs.halt(now); // held fire / ADS / movement released in the log
      loop.stop();
      sound.paused();
      stats.paused();
      viewport.autoQ?.reset();
      rt.overlay?.clearMarkers();
      rt.overlay?.update(performance.now());
      input.exitPointerLock();
    },

    resume(): void {
      if (!rt.roundActive || !clock.isPaused) return;
      clock.resume(performance.now());
      hud.resume();
      inputs.start(false);
      loop.start();
      // spec sections 4 and 6: pointer lock applies on menu close in the desktop client; in a
      // browser the player's next click on the game takes it back (and is not a shot)
      if (isDesktopClient(typeof navigator !== 'undefined' ? navigator.userAgent : '')) void input.requestPointerLock();
      else input.lockOnNextClick();
    },

    applySettings(next: LiveSettings): void {
      if (rt.disposed || !rt.loadOpts) return;
      const res = applyLiveSettings({ input, gamepad: inputs.gamepad, audio }, {
        config: rt.loadOpts.config,
        drill: rt.loadOpts.drill,
        engineSettings: rt.settings,
        engineStarted: rt.engine !== null,
      }, next);
      rt.settings = res.engineSettings;
      rt.liveSens = res.live; // what the aim turns per count now (the engine's own before the round)
      // the effects, shadows and anisotropy follow the saved options (the despawn animation stays)
      effects.applyLiveLook(next.gameOptions);
      // the submission's fov / settings_end and the render scale follow the saved options
      rt.loadOpts = { ...rt.loadOpts, options: next.gameOptions, controls: next.controls };
      hud.applyLayers(next.gameOptions, rt.loadOpts.drill);
      viewport.applySaved(res.fov, next.controls);
      rt.overlay?.layout();
      rt.renderIfIdle();
    },

    endRound(): void {
      if (!rt.roundActive || !rt.engine) return;
      finish();
    },

    partialRun(): FinishedRun | null {
      if (!rt.roundActive || !rt.engine) return null;
      return submission.buildNow(input.lastLockKind === 'none' ? null : input.lastLockKind === 'unadjusted');
    },

    get finishing(): boolean {
      return submission.pending;
    },

    prepareRestart(): void {
      const { loadOpts, gs } = rt;
      if (!loadOpts || !gs || rt.disposed) return;
      submission.drop(); // a submission still being built belongs to the dropped round
      loop.stop();
      rt.roundActive = false;
      audio.setWalking(false);
      inputs.halt();
      rt.engine = null;
      rt.startTargetsOf = null;
      gs.targets.sync(noTargetsOf(loadOpts.drill), 1);
      hud.bars?.clear();
      effects.reset();
      rt.overlay?.clearMarkers();
      rt.overlay?.update(performance.now());
      hud.world?.clear();
      // the room without the round, drawn in the next frame: the restart's countdown (the
      // store's render in this task) is not held back by a scene render (issue 15: within
      // 300 ms of the key); the round loop starts only after the countdown
      rt.renderNextFrame();
    },

    setSeed(seed: number): void {
      if (rt.loadOpts) rt.loadOpts = { ...rt.loadOpts, seed: seed >>> 0 };
    },

    showStartTargets(): Promise<void> {
      return drawStartTargets(rt);
    },

    loadTail(): Promise<void> {
      return rt.tail();
    },

    stop(): void {
      loop.stop();
      rt.roundActive = false;
      audio.setWalking(false);
      audio.stopMusic();
      inputs.halt();
    },

    dispose(): void {
      if (rt.disposed) return;
      loop.stop();
      rt.roundActive = false;
      rt.disposed = true;
      removeDebugHook(hook);
      inputs.gamepad?.stop();
      input.exitPointerLock();
      input.dispose();
      sound.dispose();
      rt.overlay?.dispose();
      rt.overlay = null;
      rt.scope?.dispose();
      rt.scope = null;
      hud.dispose();
      effects.dispose();
      viewport.detach();
      (rt.gs ?? rt.room)?.scene.dispose();
      rt.gs = null;
      rt.room = null;
      rt.babylon?.dispose();
      rt.babylon = null;
      rt.engine = null;
    },
  };
}
