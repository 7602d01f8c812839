/**
 * The game controller's load (createGameController.ts `load`): the Babylon engine, the room and
 * its first frame, then the round's chunk, the target model, effects, HUD layers, sounds and the
 * shaders they add, reported in LOAD_STEPS steps through `onProgress`. A load that is disposed
 * or replaced by a newer one meanwhile stops where it notices.
 */
import { critMatters } from './critFeedback';
import { despawnAnimationMsFor } from './targetVisual';
import type { Scene } from '@babylonjs/core/scene';
import type { DrillEngine, EngineSettings } from '../contracts/engine';
import type { DrillConfig } from '../contracts/drillConfig';
import { IDENTITY_LOOK_SCALE, positiveOr } from '../input/lookScale';
import { loadChunk } from '../net/chunkLoad';
import { isBuiltInSphere, meshUrlFor } from './assetUrls';
import { CrosshairOverlay, overlayConfigsOf } from './crosshairOverlay';
import { roomTextureUrlOf } from './roomTexture';
import { applyCameraPose, buildRoomScene } from './scene';
import type { AudioWiring } from './audioWiring';
import type { EffectsWiring } from './effectsWiring';
import type { GameRuntime } from './gameRuntime';
import type { HudFeed } from './hudFeed';
import type { InputWiring } from './inputWiring';
import type { RoundSubmission } from './roundSubmission';
import type { GameLoadOptions } from './types';
import type { Viewport } from './viewport';
import { hasScope, weaponModelOf } from '../contracts/weaponModels';

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
export const noTargetsOf = (drill: DrillConfig): DrillEngine =>
  ({ drill, forEachTarget() {}, forEachSpark() {} }) as unknown as DrillEngine;

const nextFrame = (): Promise<void> => new Promise((resolve) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => resolve());
  else setTimeout(resolve, 0);
});

/** Resolves once `scene.isReady()` (every material's shaders compiled), checked at once and then
 * every animation frame, or when `stop()` answers true (the load was dropped). Babylon's
 * `whenReadyAsync` checks every 100 ms, which added up to a tenth of a second to the first
 * frame (issue 18 item 1). */
export async function whenSceneReady(scene: Scene, stop: () => boolean): Promise<void> {
  for (;;) {
    scene.incrementRenderId(); // the materials check their effects again (as whenReadyAsync does)
    if (scene.isReady() || scene.isDisposed || stop()) return;
    await nextFrame();
  }
}

/** The controller's parts a load prepares. */
export interface LoadParts {
  rt: GameRuntime;
  inputs: InputWiring;
  sound: AudioWiring;
  effects: EffectsWiring;
  hud: HudFeed;
  viewport: Viewport;
  submission: RoundSubmission;
}

/** Loads `opts` (GameController.load). */
export async function loadScene(p: LoadParts, opts: GameLoadOptions): Promise<void> {
  const { rt, inputs, sound, effects, hud, viewport } = p;
  const { callbacks } = rt;
  if (rt.disposed) throw new Error('game controller disposed');
  p.submission.drop();
  rt.loadOpts = opts;
  let step = 0;
  const progress = (): void => {
    step = Math.min(LOAD_STEPS, step + 1);
    // a User Timing mark per step ('aim:load-step-N'), for the loader benchmark (e2e)
    if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(`aim:load-step-${step}`);
    callbacks.onProgress(Math.round((step / LOAD_STEPS) * 100));
  };
  callbacks.onProgress(0);
  inputs.configure(opts);
  void sound.audio.setOptions(opts.options.audio);
  sound.audio.critMatters = critMatters(opts.drill); // issue 35: no crit sound where crits change nothing
  rt.settings = engineSettingsOf(opts.config);
  rt.liveSens = null;
  inputs.input.setLookScale(IDENTITY_LOOK_SCALE);

  viewport.attach(opts.options);
  sound.serveUiSounds();
  progress(); // 1: engine
  await nextFrame();

  effects.dispose();
  (rt.gs ?? rt.room)?.scene.dispose(); // with it the side views' cameras
  rt.gs = null;
  rt.room = null;
  viewport.sceneDropped();
  hud.sceneDropped(); // the old scene (and its bars) is gone
  rt.roomShown = false;
  const roomTextureUrl = await roomTextureUrlOf(opts.options); // throws the server's error (spec 8)
  const built = await buildRoomScene(rt.babylon!, opts.options, progress, opts.drill.levelStyle, {
    roomTextureUrl,
    targetColourable: opts.drill.target.colourable,
  }); // 2-3: room and lights, room texture
  rt.room = built;
  viewport.sceneBuilt(built.scene, built.camera, opts.drill, opts.options, opts.controls);
  const ps = opts.drill.playerStart ?? [0, 1.3, 3.5];
  applyCameraPose(built.camera, { x: ps[0], y: ps[1], z: ps[2] }, 0, 0);
  rt.overlay?.dispose();
  const looks = overlayConfigsOf(opts.config, opts.drill.showCrosshair !== false);
  const overlay = new CrosshairOverlay(rt.overlayRoot, rt.canvas, looks.hit, looks.miss);
  rt.overlay = overlay;
  overlay.apply(looks);
  overlay.setZoomed(viewport.ads.zoomed);
  overlay.update(performance.now());
  rt.scope?.dispose();
  rt.scope = null;
  progress(); // 4: camera fov + crosshair

  const dropped = (): boolean => rt.disposed || rt.room !== built;
  await whenSceneReady(built.scene, dropped);
  if (dropped()) return; // disposed or loaded again meanwhile
  rt.roomShown = true;
  rt.renderOnce(); // the first frame: the room as the player sees it before the start
  progress(); // 5: shaders compiled, first frame
  // every sound is fetched and decoded now, with the round's chunk (never during a round;
  // not before the first frame: the AudioContext and the decoding would compete with it)
  const soundsLoaded = sound.load(opts.options.audio, opts.drill.weapon.type);

  // issue 18 item 1: the round's chunk (glTF loader, shadows, effects, drill engine,
  // submission) is requested now, right after the first frame, and the load ends only when
  // it, the target model, the sounds and the shaders they add are in: no round starts
  // without them, and none of them delays the first frame
  const parts = await loadChunk('game', () => import('./roundParts'));
  if (dropped()) return; // disposed or loaded again meanwhile
  rt.round = parts;
  // the scope view of a scoped weapon (the sniper) while zoomed, under the crosshair layer
  // (the round's chunk: no JS before the first frame)
  if (hasScope(weaponModelOf(opts.drill.weapon.type))) {
    rt.scope = new parts.ScopeOverlay(rt.overlayRoot, rt.canvas);
    rt.scope.setShown(viewport.ads.zoomed);
  }
  // the sphere (most drills) is built in: no sphere.glb to fetch and parse before "Click to
  // start" (issue 33 item 5); other models load through the glTF loader
  const modelUrl = meshUrlFor(opts.drill.target.model);
  const targetParts = isBuiltInSphere(modelUrl) ? parts.sphereTargetParts(built.scene) : await parts.loadTargetModel(built.scene, modelUrl);
  if (dropped()) return;
  const gs = built.complete({ targetParts, TargetRenderer: parts.TargetRenderer, addRoomLights: parts.addRoomLights, setupShadows: parts.setupShadows });
  rt.gs = gs;
  progress(); // 6: the round's code and the target model
  // issue 33 item 5: "Click to start" is a frame with the round's first targets; the load
  // resolves with it (and the sounds: the first fire input plays the countdown's music), and
  // what the pre-game does not need (the effects, the weapon, the bars and layers, the shadows'
  // shaders) follows in `rt.tail`, which the round waits for (GameController.loadTail)
  await drawStartTargets(rt);
  if (dropped()) return;
  const sounds = soundsLoaded.then(() => { if (!dropped()) progress(); }); // 7: sounds (after 6)
  // started by the first loadTail (the store calls it once the pre-game is painted: under
  // software rendering its shader compiles would hold the prompt's first paint back)
  let tail: Promise<void> | null = null;
  rt.tail = () => {
    tail ??= (async () => {
      await effects.build(parts, gs, opts);
      if (dropped()) return;
      hud.applyLayers(opts.options, opts.drill); // the target bars, the arrows and pop-ups layer
      await sounds;
      await whenSceneReady(gs.scene, dropped);
      if (dropped()) return;
      rt.renderIfIdle(); // with the weapon and the shadow-receiving room
      gs.freezeMaterials();
      progress(); // 8: shadows, effects and their shaders compiled
    })().catch((e: unknown) => {
      if (!dropped()) throw e;
    });
    return tail;
  };
  await sounds;
}

/**
 * Draws the targets the next `startRound` starts with (the round's engine created as startRound
 * will: same drill, seed, settings; its initial spawn) behind the pre-game overlay, once their
 * shaders are compiled, and marks `aim:targets-frame` after that frame (issue 33 item 5: the
 * load-time benchmark's "Click to start" is a frame with the drill's targets). Nothing when the
 * load's round parts are not in, a round runs, or they were drawn for this seed and scene.
 */
export async function drawStartTargets(rt: GameRuntime): Promise<void> {
  const { loadOpts, gs, round } = rt;
  if (!loadOpts || !gs || !round || rt.disposed || rt.roundActive) return;
  const seed = loadOpts.seed >>> 0;
  if (rt.startTargetsOf && rt.startTargetsOf.seed === seed && rt.startTargetsOf.scene === gs.scene) return;
  rt.startTargetsOf = { seed, scene: gs.scene };
  const anim = loadOpts.options.visual?.target_despawn_animation;
  const preview = round.createDrillEngine({
    drill: loadOpts.drill, seed, settings: rt.settings, despawnAnimationMs: despawnAnimationMsFor(anim), despawnAnimation: anim,
  });
  gs.targets.sync(preview, 1); // dropped after this draw: startRound creates its own
  const stale = (): boolean => rt.disposed || rt.gs !== gs || rt.roundActive || rt.startTargetsOf?.seed !== seed;
  await whenSceneReady(gs.scene, stale); // the targets' shaders compiled
  if (stale()) return;
  rt.renderIfIdle();
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark('aim:targets-frame');
}
