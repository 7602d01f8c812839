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
 */
import { createFrameLimiter, type FrameLimiter } from './frameLimiter';
import { frameCapOf, isDesktopClient } from '../contracts/desktopClient';
import { Engine } from '@babylonjs/core/Engines/engine';
import type { DrillEngine, EngineEvent, EngineSettings } from '../contracts/engine';
import { PointerLockInput, type PointerLockKind } from '../input/PointerLockInput';
import { GamepadInput, type PadLike } from '../input/gamepadInput';
import { announceMouseSkip } from '../input/mouseSkipEvent';
import { mouseSkipFilterEnabled } from '../input/mouseSkipFilter';
import { IDENTITY_LOOK_SCALE, positiveOr, type LookSensitivity } from '../input/lookScale';
import type { FinishedRun, GameCallbacks, GameController, GameLoadOptions, LiveSettings } from './types';
import { applyCameraFov, applyCameraPose, buildRoomScene, type GameScene, type RoomScene } from './scene';
import { CrosshairOverlay, frameMarkerOf, overlayConfigsOf } from './crosshairOverlay';
import { AdsViewFollower } from './adsView';
import { CrosshairSpreadModel, shotsOf, type SpreadPx } from './crosshairSpread';
import { announceLowFps, claimLowFpsNotice, LowFpsMonitor } from './lowFps';
import { applyLiveSettings } from './liveSettings';
import { FpsMeter, planFrame, RoundClock } from './roundClock';
import { hudSnapshot } from './hud';
import { horizontalFovDeg, resolveFov } from './fov';
import { MULTI_MONITOR_VIEWS, multiViewLayout, type MultiViewLayout } from './multiView';
import { MultiViewRig } from './multiViewRig';
import { createDebugHook, degPerCountOf, installDebugHook, removeDebugHook } from './debugHook';
import { despawnAnimationMsFor } from './targetVisual';
import { quantizeEventTime } from '../contracts/eventTime';
import { yieldToEventLoop } from '../contracts/slices';
import { GameAudio } from '../audio/gameAudio';
import { setUiSoundPlayer } from '../audio/uiSounds';
import { RoundCues } from '../audio/roundCues';
import { meshUrlFor } from './assetUrls';
import { roomTextureUrlOf } from './roomTexture';
import type { TargetBars } from './targetBars';
import type { ShotFeed } from './shotFeed';
import type { ViewFrame, WorldOverlay } from './worldOverlay';
import { Camera } from '@babylonjs/core/Cameras/camera';
import type { Scene } from '@babylonjs/core/scene';
import { THEME_PRESETS, type GameOptions } from '../contracts/gameOptions';
import type { DrillConfig } from '../contracts/drillConfig';
import type { GameEffects } from './effects/gameEffects';
import { loadChunk } from '../net/chunkLoad';
import { AutoQualityController, effectiveRenderScale, publishAutoRenderScale } from './effects/videoQuality';

/** Loading steps reported through onProgress (spec section 9: "loading progress total is 8"),
 * each advancing when its load really completes: 1 engine; 2 room and lights; 3 room texture
 * (GET /api/v1/assets/textures/{name} and its image, when the player chose one); 4 camera fov
 * and crosshair layer; 5 the room's shaders compiled and the first frame drawn
 * (`aim:first-frame`); 6 the round's chunk (roundParts.ts, requested right after the first
 * frame) and the target model's glb; 7 every sound fetched and decoded (started right after the
 * first frame, in parallel with 6); 8 the shadows, effects and weapon built and their shaders compiled. */
export const LOAD_STEPS = 8;

/** Engine settings of a run from the gameconfig response: sensitivity = mouse_sensitivity,
 * sensitivityY = mouse_sensitivity_y (null = same), invertY = mouse_inverse === 1. */
export function engineSettingsOf(config: GameLoadOptions['config']): EngineSettings {
  return {
    sensitivity: positiveOr(config.mouse_sensitivity, 1),
    sensitivityY: positiveOr(config.mouse_sensitivity_y, null),
    invertY: config.mouse_inverse === 1,
    inputDevice: 'Mouse',
  };
}

/** An engine view of `drill` with no targets: draws the room empty between a restart and its
 * round (the renderers read the drill and iterate targets and sparks, nothing else). */
const noTargetsOf = (drill: DrillConfig): DrillEngine =>
  ({ drill, forEachTarget() {}, forEachSpark() {} }) as unknown as DrillEngine;

/** The round's chunk (roundParts.ts), loaded right after the first frame. */
type RoundParts = typeof import('./roundParts');

const nextFrame = (): Promise<void> => new Promise((resolve) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => resolve());
  else setTimeout(resolve, 0);
});

/** Resolves once `scene.isReady()` (every material's shaders compiled), checked at once and then
 * every animation frame, or when `stop()` answers true (the load was dropped). Babylon's
 * `whenReadyAsync` checks every 100 ms, which added up to a tenth of a second to the first
 * frame (issue 18 item 1). */
async function whenSceneReady(scene: Scene, stop: () => boolean): Promise<void> {
  for (;;) {
    scene.incrementRenderId(); // the materials check their effects again (as whenReadyAsync does)
    if (scene.isReady() || scene.isDisposed || stop()) return;
    await nextFrame();
  }
}

/** Most frame durations kept per round for the input health's frame-rate percentiles. */
const MAX_FRAME_TIMES = 200_000;

/**
 * Creates the runtime for `canvas` (the WebGL canvas) with the crosshair layer in
 * `overlayRoot`. Nothing is built until `load`.
 */
export function createGameController(canvas: HTMLCanvasElement, overlayRoot: HTMLElement, callbacks: GameCallbacks): GameController {
  let babylon: Engine | null = null;
  let gs: GameScene | null = null;
  /** the room of the scene being loaded, before its targets and shadows (its first frame) */
  let room: RoomScene | null = null;
  /** the round's parts (roundParts.ts): set once the chunk arrived after the first frame */
  let round: RoundParts | null = null;
  let overlay: CrosshairOverlay | null = null;
  /** health / lifetime bars over the targets (null: none can show) */
  let bars: TargetBars | null = null;
  /** off-screen spawn arrows and kill pop-ups */
  let world: WorldOverlay | null = null;
  /** analysis mode: the shot-performance overlay's live records (null otherwise) */
  let shotFeed: ShotFeed | null = null;
  const view: ViewFrame = { eye: { x: 0, y: 0, z: 0 }, yawDeg: 0, pitchDeg: 0, tanH: 1, tanV: 1, split: null };
  /** multi-monitor mode (the drill's multiMonitorMode): the side views and their layout */
  let rig: MultiViewRig | null = null;
  let multiLayout: MultiViewLayout | null = null;
  let loadOpts: GameLoadOptions | null = null;
  let engine: DrillEngine | null = null;
  /** the settings the round's engine is created with (fixed once it exists: the replay's) */
  let settings: EngineSettings = { sensitivity: 1, sensitivityY: null, invertY: false };
  /** what the player's aim turns per mouse count now (differs from `settings` after a mid-run
   * save; null = as `settings`) */
  let liveSens: LookSensitivity | null = null;
  /** despawn animation length the round's engine uses, ms (pinned: part of the replay) */
  let despawnMs = 0;
  let looping = false;
  let roundActive = false; // started and not finished / stopped
  let disposed = false;
  let lastRoundTime = 0;
  let frameCount = 0;
  /** issue 15: rendered frame durations of the round (ms), for the input health (the first
   * MAX_FRAME_TIMES: 10 minutes at 333 fps) */
  let frameTimes: number[] = [];
  let lastFrameAt = 0;
  const clock = new RoundClock();
  const fps = new FpsMeter();
  const lowFpsMonitor = new LowFpsMonitor(); // trips once per page
  let lastFps = 0;
  let settingsStart: Record<string, unknown> | null = null;
  let fx: GameEffects | null = null; // hit / kill / shot effects and the weapon (effects/)
  let autoQ: AutoQualityController | null = null; // graphics_quality_auto (effects/videoQuality.ts)

  const input = new PointerLockInput(canvas, {
    bindings: null,
    // on the replay codec's 1/16 ms grid, so the log encodes compactly and exactly (issue 18)
    roundTimeOf: (ts) => quantizeEventTime(clock.eventRoundTime(ts)),
    onPauseRequested: () => {
      if (roundActive) callbacks.onPauseRequested();
    },
    onMouseSkip: (info) => {
      // the 'mouse skipping' notice, once per page, unless the player has already seen it
      if (loadOpts?.options.other?.mouse_skip?.notification_shown === true) return;
      announceMouseSkip(info);
      callbacks.onMouseSkip?.();
    },
  });

  const gamepad: GamepadInput | null =
    typeof navigator !== 'undefined' && typeof navigator.getGamepads === 'function'
      ? new GamepadInput({
        getGamepads: () => navigator.getGamepads() as ReadonlyArray<PadLike | null>,
        record: (ts, ev) => { input.recordAt(ts, ev); },
        move: (ts, mask) => { input.setPadMoveMask(ts, mask); },
        // the ENGINE's deg/count: stick degrees become exactly the counts the engine applies
        degPerCount: () => degPerCountOf(settings),
        onPause: () => input.requestPauseFromPad(),
        onRestart: () => { if (roundActive) callbacks.onRestartRequested?.(); },
        onAdsSwitch: (ts) => input.toggleAdsAt(ts),
      })
      : null;

  const audio = new GameAudio();
  const roundCues = new RoundCues(); // steps while walking, reload sounds
  /** the sensitivity the aim follows now (the debug hook's degPerCount, settings_end) */
  const liveSettingsOf = (): EngineSettings => (liveSens ? { ...settings, ...liveSens } : settings);
  const hook = createDebugHook(() => engine, liveSettingsOf, () => lastSpread);
  hook.sounds = () => audio.played.map((p) => ({ ...p }));
  hook.targetParts = () => gs?.targets.meshes.map((m) => m.name) ?? [];
  hook.counters = () => engine?.counters() ?? null;
  hook.frames = () => frameCount;
  let frameLimiter: FrameLimiter = createFrameLimiter(null);
  hook.effects = () => (fx ? { ...fx.stats(), renderScale: autoQ ? autoQ.scale : null } : null);

  let firstFrameMarked = false;
  /** A User Timing mark 'aim:first-frame' after the first scene render of the page (the
   * `load-time` benchmark of benchmarks.md, test/bench/loadTime.ts). */
  const markFirstFrame = (): void => {
    if (firstFrameMarked) return;
    firstFrameMarked = true;
    if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark('aim:first-frame');
    callbacks.onFirstFrame?.();
  };
  /** the load has reached its first frame (the room's shaders compiled): renders outside the
   * round (resize, saved settings) draw only from then on, so `aim:first-frame` is never an
   * unfinished room */
  let roomShown = false;
  const renderOnce = (): void => {
    const scene = gs?.scene ?? room?.scene;
    if (scene && roomShown && !disposed) {
      scene.render();
      markFirstFrame();
    }
  };

  const onResize = (): void => {
    if (!babylon) return;
    applyScaling();
    babylon.resize();
    applyFov();
    overlay?.layout();
    world?.layout();
    if (!looping) renderOnce();
  };

  /** The camera's view this frame, for the world overlay: eye, aim, half-angle tangents. */
  const viewFrameOf = (e: DrillEngine): ViewFrame => {
    const cam = gs!.camera;
    if (multiLayout) {
      // the views together: their combined horizontal fov (arrows), each view (pop-ups)
      const m = multiLayout;
      view.tanH = Math.tan(Math.min(m.eachHfovRad * m.count, Math.PI * 0.99) / 2);
      view.tanV = Math.tan(m.vfovRad / 2);
      const split = view.split ?? (view.split = { count: 1, tanEach: 1, eachHfovRad: 1 });
      split.count = m.count; split.eachHfovRad = m.eachHfovRad; split.tanEach = Math.tan(m.eachHfovRad / 2);
    } else {
      const w = babylon!.getRenderWidth(), h = babylon!.getRenderHeight();
      const aspect = w > 0 && h > 0 ? w / h : 16 / 9;
      const t = Math.tan(cam.fov / 2);
      if (cam.fovMode === Camera.FOVMODE_HORIZONTAL_FIXED) { view.tanH = t; view.tanV = t / aspect; } else { view.tanV = t; view.tanH = t * aspect; }
      view.split = null;
    }
    view.eye = e.eye;
    view.yawDeg = e.yaw;
    view.pitchDeg = e.pitch;
    return view;
  };

  /** (Re)builds the target bars and the arrows-and-pop-ups layer for `options` (the HUD group,
   * spec section 3) and `drill`: the bars are rebuilt only when what they show changes, and
   * only once the scene has its targets (the bars wait for the round's chunk). */
  const applyHudLayers = (options: GameOptions, drill: DrillConfig): void => {
    const hud = options.hud;
    const on = hud?.enabled !== false;
    const barOpts = {
      health: on && hud?.show_target_health_bar !== false,
      lifetime: on && hud?.show_target_lifetime_bar !== false,
      drillLifetimeMs: drill.target.lifetimeMs,
      statusBarSize: hud?.status_bar_size,
    };
    const key = JSON.stringify(barOpts);
    // the bars come with the round's chunk (roundParts.ts), after the first frame
    if (gs && round && key !== barsKey) {
      bars?.dispose();
      bars = round.TargetBars.create(gs.scene, barOpts);
      barsKey = key;
    }
    const worldOpts = {
      arrows: on && hud?.spawn_indicator !== false,
      popups: on,
      arrowColour: options.texture?.target_colour ?? THEME_PRESETS.Default.target_colour,
    };
    // the layer comes with the round's chunk too (nothing is on it before the round)
    if (world) world.setOptions(worldOpts);
    else if (round) world = new round.WorldOverlay(overlayRoot, canvas, worldOpts);
  };
  let barsKey = '';

  /** The despawn animation the effects draw: the round's (its length is part of the replay,
   * `replay.despawn_ms`, so a mid-round save changes it from the next round on). */
  let roundDespawn: GameOptions['visual']['target_despawn_animation'] | undefined;
  /** `options` with the round's despawn animation: what the effects are built from. */
  const effectsOptionsOf = (options: GameOptions): GameOptions =>
    ({ ...options, visual: { ...options.visual, target_despawn_animation: roundDespawn } as GameOptions['visual'] });
  let fxKey = '';
  let fxBuild = 0;

  /** Applies visual and video options saved mid-drill (pause → Settings → Save) or a new round's
   * despawn animation: the effects (despawn style, on-hit, muzzle flash, tracers, bullet holes,
   * weapon, sight colour) are rebuilt when what they are built from changed; shadows and
   * anisotropy go through the scene. */
  const applyLiveLook = (options: GameOptions): void => {
    const scene = gs;
    const parts = round;
    if (!scene || !loadOpts || !parts) return;
    if (scene.setVideo(options.video)) {
      void scene.scene.whenReadyAsync().then(() => { if (gs === scene) scene.freezeMaterials(); if (!looping) renderOnce(); });
    }
    const merged = effectsOptionsOf(options);
    const key = JSON.stringify(merged.visual ?? null);
    if (key === fxKey) return;
    fxKey = key;
    const build = ++fxBuild;
    const drill = loadOpts.drill;
    void parts.GameEffects.create(scene, merged, drill).then((next) => {
      if (build !== fxBuild || gs !== scene || disposed) { next.dispose(); return; }
      fx?.dispose();
      fx = next;
      if (!looping) renderOnce();
    }).catch((err) => console.error('Effects could not be rebuilt with the saved settings:', err));
  };

  const applyScaling = (): void => {
    if (!babylon) return;
    const dpr = (typeof window !== 'undefined' && window.devicePixelRatio) || 1;
    const rs = loadOpts?.options.video?.render_scale;
    const renderScale = effectiveRenderScale(autoQ !== null, autoQ?.scale ?? 1, rs);
    babylon.setHardwareScalingLevel(1 / (dpr * renderScale));
  };

  let resizeObserver: ResizeObserver | null = null;
  let runFov: { fov: number; fovType: string } | null = null;

  /** (Re)applies the run's fov for the canvas's current aspect (the lock axis depends on it),
   * divided by the current ADS zoom; in multi-monitor mode, split over the views (multiView.ts:
   * the base horizontal fov divided by the view count). */
  const applyFov = (): void => {
    const camera = gs?.camera ?? room?.camera;
    if (!camera || !runFov || !babylon) return;
    const w = babylon.getRenderWidth();
    const h = babylon.getRenderHeight();
    const aspect = w > 0 && h > 0 ? w / h : (canvas.clientWidth || 16) / (canvas.clientHeight || 9);
    if (rig) {
      const baseHfovRad = horizontalFovDeg(runFov.fov, runFov.fovType, aspect) * (Math.PI / 180);
      multiLayout = multiViewLayout(MULTI_MONITOR_VIEWS, baseHfovRad, aspect, ads.current);
      rig.apply(multiLayout);
    } else {
      multiLayout = null;
      applyCameraFov(camera, runFov.fov, runFov.fovType, aspect, ads.current);
    }
  };

  const ads = new AdsViewFollower({ overlay: () => overlay, applyFov: () => applyFov() });
  let spread = new CrosshairSpreadModel(0);
  let lastSpread: SpreadPx = { firingPx: 0, movementPx: 0 };

  const frame = (): void => {
    if (!engine || !gs || !babylon || !loadOpts || !round) return;
    const now = performance.now();
    if (frameLimiter.skip(now)) return; // the desktop client's max-FPS cap (frameLimiter.ts)
    const roundTime = clock.roundTime(now);
    const plan = planFrame(roundTime, engine.durationTicks);
    let events: EngineEvent[];
    try {
      if (plan.targetTick > engine.tick) {
        const evs = input.takeBefore(plan.boundaryMs);
        round.advanceSampled(engine, plan.boundaryMs, evs); // = advanceTo, sampling state hashes for the replay
      }
      events = engine.drainEvents();
    } catch (err) {
      console.error('drill engine failed; stopping the round', err);
      stopLoop();
      roundActive = false;
      gamepad?.stop();
      input.stopRecording();
      return;
    }
    // markers: the last hit or miss of the frame wins (each replaces the other)
    const marker = frameMarkerOf(events);
    if (marker) overlay?.showMarker(marker, now);
    ads.follow(engine.zoom);
    lastSpread = spread.frame(now, shotsOf(events), engine.eye);
    overlay?.setSpread(lastSpread.firingPx, lastSpread.movementPx);
    applyCameraPose(gs.camera, engine.eye, engine.yaw, engine.pitch);
    fx?.frame(events, now, engine, plan.alpha);
    const view = world ? viewFrameOf(engine) : null;
    // targets, bars and the off-screen arrows' picks in one pass over the targets
    gs.targets.sync(engine, plan.alpha, bars, events, now, engine.yaw, engine.pitch, view ? world!.arrowsFor(view) : null);
    if (world && view) world.frame(events, view, now);
    if (shotFeed?.frame(events, engine)) callbacks.onShots?.([...shotFeed.records]);
    audio.playEvents(events, now);
    overlay?.update(now);
    gs.scene.render();
    markFirstFrame();
    lastFps = fps.frame(now);
    if (autoQ?.frame(now)) { applyScaling(); publishAutoRenderScale(autoQ.scale); }
    const lowFps = lowFpsMonitor.frame(now);
    if (lowFps !== null && claimLowFpsNotice(loadOpts.options.other?.low_fps?.notification_enabled)) {
      announceLowFps({ fps: lowFps }); // the low-FPS notice (src/ui/overlays/LowFpsNotice.tsx)
    }
    frameCount++;
    if (lastFrameAt > 0 && frameTimes.length < MAX_FRAME_TIMES) frameTimes.push(now - lastFrameAt);
    lastFrameAt = now;
    lastRoundTime = roundTime;
    const counters = engine.counters();
    const cue = roundCues.frame(now, engine.eye, counters.clip);
    audio.setWalking(cue.walking);
    if (cue.reload !== 0) audio.playReload(cue.reload, now);
    const hud = hudSnapshot(counters, roundTime, loadOpts.drill.durationMs, fps.shown(now), engine.returnPauseMs);
    callbacks.onFrame(events, hud);
    if (engine.finished) finish();
  };

  const startLoop = (): void => {
    if (looping || !babylon) return;
    looping = true;
    lastFrameAt = 0; // a pause is not a frame
    // issue 13: in the desktop client, the max-FPS setting and the drill's max_fps cap the loop
    frameLimiter = createFrameLimiter(
      frameCapOf(typeof navigator !== 'undefined' ? navigator.userAgent : '', loadOpts?.options.video?.max_fps, loadOpts?.drill.maxFps),
    );
    babylon.runRenderLoop(frame);
  };

  const stopLoop = (): void => {
    if (!looping || !babylon) return;
    looping = false;
    babylon.stopRenderLoop(frame);
  };

  const finish = (): void => {
    stopLoop();
    roundActive = false;
    audio.setWalking(false);
    gamepad?.stop();
    input.stopRecording();
    input.exitPointerLock();
    if (!engine || !loadOpts || !round) return;
    // average frame rate over the round's running time (pauses excluded)
    const playedMs = Math.min(lastRoundTime, loadOpts.drill.durationMs);
    const avgFps = playedMs > 0 ? (frameCount * 1000) / playedMs : lastFps;
    const counters = engine.counters();
    const build = ++finishBuild;
    finishPending = true;
    const sub = {
      engine,
      load: loadOpts,
      settings,
      viewportWidth: canvas.clientWidth || canvas.width,
      viewportHeight: canvas.clientHeight || canvas.height,
      frameRate: Math.round(avgFps * 100) / 100,
      settingsStart,
      settingsEnd: round.settingsSnapshot(loadOpts, liveSettingsOf()),
      despawnAnimationMs: despawnMs,
      frameTimesMs: frameTimes,
      rawInput: input.lastLockKind === 'none' ? null : input.lastLockKind === 'unadjusted',
    };
    const built = round;
    // issue 18 item 3: the analyses' replays and the log's encoding run in slices of ~6 ms
    // (submission.ts buildSubmissionSliced), so no long task stands between the last tick and
    // the summary; they start in a task of their own, not in the final frame's (frame() calls
    // finish from its requestAnimationFrame task, which under SwiftShader on a loaded machine is
    // a long task by itself: the frame's drawing, not the round's end); a restart, a new load or
    // dispose before it is done drops the result
    void yieldToEventLoop().then(() => {
      if (build !== finishBuild || disposed) return undefined;
      if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark('aim:round-end');
      return built.buildSubmissionSliced(sub);
    }).then((submission) => {
      if (!submission) return;
      if (build !== finishBuild || disposed) return;
      finishPending = false;
      if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark('aim:submission-built');
      const result: FinishedRun = { counters, submission };
      callbacks.onFinished(result);
    }, (err) => {
      if (build === finishBuild) finishPending = false;
      console.error('the round\'s submission could not be built', err);
    });
  };
  /** bumped by each finish and by whatever drops a round (restart, load, dispose) */
  let finishBuild = 0;
  /** a finished round's submission is being built (GameController.finishing) */
  let finishPending = false;

  return {
    async load(opts: GameLoadOptions): Promise<void> {
      if (disposed) throw new Error('game controller disposed');
      finishBuild++;
      finishPending = false;
      loadOpts = opts;
      let step = 0;
      const progress = (): void => {
        step = Math.min(LOAD_STEPS, step + 1);
        // a User Timing mark per step ('aim:load-step-N'), for the loader benchmark (e2e)
        if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(`aim:load-step-${step}`);
        callbacks.onProgress(Math.round((step / LOAD_STEPS) * 100));
      };
      callbacks.onProgress(0);
      input.setBindings(opts.options.control?.bindings);
      input.setMouseSkipFilter(mouseSkipFilterEnabled(opts.controls, opts.config));
      gamepad?.configure(opts.options.control?.gamepad, opts.options.control?.bindings ?? null);
      gamepad?.setMovement((opts.drill.playerMovementSpeed ?? 0) > 0);
      audio.setOptions(opts.options.audio);
      settings = engineSettingsOf(opts.config);
      liveSens = null;
      input.setLookScale(IDENTITY_LOOK_SCALE);

      if (!babylon) {
        babylon = new Engine(canvas, opts.options.video?.anti_aliasing !== false, {
          stencil: false, preserveDrawingBuffer: false, powerPreference: 'high-performance', audioEngine: false,
          // Babylon writes this into the canvas on pointer moves; its default 1 puts the canvas
          // first in the tab order (an axe-core violation): focusable from script only
          canvasTabIndex: -1,
        }, true);
        window.addEventListener('resize', onResize);
        if (typeof ResizeObserver === 'function') {
          resizeObserver = new ResizeObserver(onResize);
          resizeObserver.observe(canvas);
        }
      }
      applyScaling();
      babylon.resize();
      setUiSoundPlayer((name) => audio.playUi(name));
      progress(); // 1: engine
      await nextFrame();

      fx?.dispose();
      fx = null;
      (gs ?? room)?.scene.dispose(); // with it the side views' cameras
      gs = null;
      room = null;
      rig = null;
      multiLayout = null;
      barsKey = ''; // the old scene (and its bars) is gone
      bars = null;
      roomShown = false;
      const roomTextureUrl = await roomTextureUrlOf(opts.options); // throws the server's error (spec 8)
      const built = await buildRoomScene(babylon, opts.options, progress, opts.drill.levelStyle, {
        roomTextureUrl,
        targetColourable: opts.drill.target.colourable,
      }); // 2-3: room and lights, room texture
      room = built;
      autoQ = opts.controls?.graphics_quality_auto === true ? new AutoQualityController() : null;
      publishAutoRenderScale(autoQ ? autoQ.scale : null);
      applyScaling();
      runFov = resolveFov(opts.drill, opts.options);
      if (opts.drill.multiMonitorMode) rig = new MultiViewRig(built.scene, built.camera, MULTI_MONITOR_VIEWS);
      applyFov();
      const ps = opts.drill.playerStart ?? [0, 1.3, 3.5];
      applyCameraPose(built.camera, { x: ps[0], y: ps[1], z: ps[2] }, 0, 0);
      overlay?.dispose();
      const looks = overlayConfigsOf(opts.config, opts.drill.showCrosshair !== false);
      overlay = new CrosshairOverlay(overlayRoot, canvas, looks.hit, looks.miss);
      overlay.apply(looks);
      overlay.setZoomed(ads.zoomed);
      overlay.update(performance.now());
      progress(); // 4: camera fov + crosshair

      await whenSceneReady(built.scene, () => disposed || room !== built);
      if (disposed || room !== built) return; // disposed or loaded again meanwhile
      roomShown = true;
      renderOnce(); // the first frame: the room as the player sees it before the start
      progress(); // 5: shaders compiled, first frame
      // every sound is fetched and decoded now, with the round's chunk (never during a round;
      // not before the first frame: the AudioContext and the decoding would compete with it)
      const soundsLoaded = audio.load(opts.options.audio);

      // issue 18 item 1: the round's chunk (glTF loader, shadows, effects, drill engine,
      // submission) is requested now, right after the first frame, and the load ends only when
      // it, the target model, the sounds and the shaders they add are in: no round starts
      // without them, and none of them delays the first frame
      const parts = await loadChunk('game', () => import('./roundParts'));
      if (disposed || room !== built) return; // disposed or loaded again meanwhile
      round = parts;
      const targetParts = await parts.loadTargetModel(built.scene, meshUrlFor(opts.drill.target.model));
      if (disposed || room !== built) return;
      gs = built.complete({ targetParts, TargetRenderer: parts.TargetRenderer, addRoomLights: parts.addRoomLights, setupShadows: parts.setupShadows });
      progress(); // 6: the round's code and the target model
      roundDespawn = opts.options.visual?.target_despawn_animation;
      fx = await parts.GameEffects.create(gs, opts.options, opts.drill);
      fxKey = JSON.stringify(effectsOptionsOf(opts.options).visual ?? null);
      fxBuild++; // a rebuild still loading belongs to the old scene
      applyHudLayers(opts.options, opts.drill); // the target bars, the arrows and pop-ups layer
      await soundsLoaded;
      progress(); // 7: sounds
      await whenSceneReady(gs.scene, () => disposed || room !== built);
      if (disposed || room !== built) return;
      renderOnce(); // with the weapon and the shadow-receiving room
      gs.freezeMaterials();
      progress(); // 8: shadows, effects and their shaders compiled
    },

    requestPointerLock(): Promise<PointerLockKind> {
      audio.unlock(); // called from the first fire input: a user gesture
      audio.startMusic(); // the countdown starts with the first fire input: its looping music
      return input.requestPointerLock();
    },

    startRound(): void {
      if (!loadOpts || !gs || !round || disposed) throw new Error('startRound before load');
      stopLoop();
      despawnMs = despawnAnimationMsFor(loadOpts.options.visual?.target_despawn_animation);
      roundDespawn = loadOpts.options.visual?.target_despawn_animation;
      applyLiveLook(loadOpts.options); // a despawn animation saved during the last round
      engine = round.createDrillEngine({
        drill: loadOpts.drill,
        seed: loadOpts.seed >>> 0,
        settings,
        despawnAnimationMs: despawnMs,
        // view only (not hashed): 'explode' gives kills their sparks (forEachSpark)
        despawnAnimation: loadOpts.options.visual?.target_despawn_animation,
      });
      settingsStart = round.settingsSnapshot(loadOpts, settings);
      shotFeed = loadOpts.drill.analysisMode === 1 ? new round.ShotFeed() : null;
      clock.start(performance.now());
      if (typeof performance.mark === 'function') performance.mark('aim:round-start');
      fps.reset();
      lowFpsMonitor.reset();
      frameCount = 0;
      frameTimes = [];
      lastRoundTime = 0;
      overlay?.clearMarkers();
      world?.clear();
      ads.reset();
      spread = new CrosshairSpreadModel(loadOpts.drill.playerMovementSpeed ?? 0);
      lastSpread = { firingPx: 0, movementPx: 0 };
      overlay?.setSpread(0, 0);
      input.startRecording(true);
      gamepad?.start();
      audio.unlock();
      audio.stopMusic(); // the countdown is over
      audio.resetQueue();
      roundCues.reset();
      roundActive = true;
      installDebugHook(hook);
      applyCameraPose(gs.camera, engine.eye, engine.yaw, engine.pitch);
      startLoop();
    },

    pause(): void {
      if (!roundActive || clock.isPaused) return;
      const now = performance.now();
      clock.pause(now);
      gamepad?.stop();
      input.stopRecording(now); // held fire / ADS / movement released in the log
      stopLoop();
      audio.setWalking(false);
      roundCues.reset();
      fps.reset();
      lowFpsMonitor.reset();
      autoQ?.reset();
      overlay?.clearMarkers();
      overlay?.update(performance.now());
      input.exitPointerLock();
    },

    resume(): void {
      if (!roundActive || !clock.isPaused) return;
      clock.resume(performance.now());
      spread.resume();
      input.startRecording(false);
      gamepad?.start();
      startLoop();
      // spec sections 4 and 6: pointer lock applies on menu close in the desktop client; in a
      // browser the player's next click on the game takes it back (and is not a shot)
      if (isDesktopClient(typeof navigator !== 'undefined' ? navigator.userAgent : '')) void input.requestPointerLock();
      else input.lockOnNextClick();
    },

    applySettings(next: LiveSettings): void {
      if (disposed || !loadOpts) return;
      const res = applyLiveSettings({ input, gamepad, audio }, {
        config: loadOpts.config,
        drill: loadOpts.drill,
        engineSettings: settings,
        engineStarted: engine !== null,
      }, next);
      settings = res.engineSettings;
      liveSens = res.live; // what the aim turns per count now (the engine's own before the round)
      // the effects, shadows and anisotropy follow the saved options (the despawn animation stays)
      applyLiveLook(next.gameOptions);
      // the submission's fov / settings_end and the render scale follow the saved options
      loadOpts = { ...loadOpts, options: next.gameOptions, controls: next.controls };
      runFov = res.fov;
      applyHudLayers(next.gameOptions, loadOpts.drill);
      // automatic quality follows a mid-drill save (effects/videoQuality.ts)
      autoQ = next.controls?.graphics_quality_auto === true ? (autoQ ?? new AutoQualityController()) : null;
      publishAutoRenderScale(autoQ ? autoQ.scale : null);
      applyScaling();
      babylon?.resize();
      applyFov();
      overlay?.layout();
      if (!looping) renderOnce();
    },

    endRound(): void {
      if (!roundActive || !engine) return;
      finish();
    },

    get finishing(): boolean {
      return finishPending;
    },

    prepareRestart(): void {
      if (!loadOpts || !gs || disposed) return;
      finishBuild++; // a submission still being built belongs to the dropped round
      finishPending = false;
      stopLoop();
      roundActive = false;
      audio.setWalking(false);
      gamepad?.stop();
      input.stopRecording();
      engine = null;
      const empty = noTargetsOf(loadOpts.drill);
      gs.targets.sync(empty, 1);
      bars?.clear();
      fx?.reset();
      overlay?.clearMarkers();
      overlay?.update(performance.now());
      world?.clear();
      renderOnce();
    },

    setSeed(seed: number): void {
      if (loadOpts) loadOpts = { ...loadOpts, seed: seed >>> 0 };
    },

    stop(): void {
      stopLoop();
      roundActive = false;
      audio.setWalking(false);
      audio.stopMusic();
      gamepad?.stop();
      input.stopRecording();
    },

    dispose(): void {
      if (disposed) return;
      stopLoop();
      roundActive = false;
      disposed = true;
      removeDebugHook(hook);
      gamepad?.stop();
      input.exitPointerLock();
      input.dispose();
      setUiSoundPlayer(null);
      audio.dispose();
      overlay?.dispose();
      overlay = null;
      world?.dispose();
      world = null;
      bars = null;
      fx?.dispose();
      fx = null;
      publishAutoRenderScale(null);
      window.removeEventListener('resize', onResize);
      resizeObserver?.disconnect();
      (gs ?? room)?.scene.dispose();
      gs = null;
      room = null;
      babylon?.dispose();
      babylon = null;
      engine = null;
    },
  };
}
