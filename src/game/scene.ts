/**
 * Builds the Babylon scene of a drill: right-handed world equal to the engine's (metres, y up,
 * −z ahead), a room in the theme colours (or the player's room texture, tinted by the wall
 * colour) with a hemispheric + directional light (roomBuilder.ts, roomLightSources.ts), the thin-instanced targets of the drill's target
 * model (its glb from assets/meshes, targetMeshes.ts) and a TargetCamera (no built-in inputs:
 * only our input moves it; a FreeCamera would bring its keyboard, mouse and touch inputs into
 * the first frame's code, issue 18 item 1).
 * Deep imports only.
 */
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import { Scene } from '@babylonjs/core/scene';
import { TargetCamera } from '@babylonjs/core/Cameras/targetCamera';
import { Camera } from '@babylonjs/core/Cameras/camera';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color';
import type { GameOptions } from '../contracts/gameOptions';
import { CAMERA_FAR, CAMERA_NEAR } from '../contracts/constants';
import { THEME_PRESETS } from '../contracts/gameOptions';
import { sceneBrightness } from './brightness';
import { cameraFovFor, zoomedFovRadians } from './fov';
import { cameraRotationFor } from './aim';
import { MIDDLE_VIEW_LAYER } from './multiView';
import { hexToRgb01 } from './targetVisual';
import { effectiveTargetColour } from './effects/targetTransform';
import type { TargetRenderer } from './targetRenderer';
import type { TargetPart } from './targetMeshes';
import type { setupShadows } from './effects/shadows';
import type { addRoomLights } from './roomLightSources';
import type { RoomLights } from './roomLighting';
import type { ShadowGenerator } from '@babylonjs/core/Lights/Shadows/shadowGenerator';

import { ROOM } from './room';
import { buildRoom, ROOM_SINK } from './roomBuilder';
import { roomLookOf, roomStyleOf, type RoomStyle } from './roomStyles';
/** Room extent in metres (room.ts). */
export { ROOM };

/** How far the room box reaches under the floor, metres (roomBuilder.ts). */
export { ROOM_SINK };

/** The parts of a built scene. */
export interface GameScene {
  scene: Scene;
  camera: TargetCamera;
  targets: TargetRenderer;
  /** the target shadows (video.shadows; null = off) */
  shadows: ShadowGenerator | null;
  /** the lights the room is lit with (roomLighting.ts: the player's brightness applied), for
   * what bakes them (the weapon, effects/weaponView.ts) */
  lights: RoomLights;
  /** the room drawn (roomStyles.ts: the drill's level_style or the player's visual.room) */
  roomStyle: RoomStyle;
  /** freezes the static materials once everything compiled */
  freezeMaterials(): void;
  /**
   * Applies video options saved mid-drill: `anisotropy` (1-16) to the room textures at once, and
   * `shadows` (0 off / 1 low / 2 high) by rebuilding the shadow map. Returns true when the
   * shadows changed: the static materials are then unfrozen (their shaders must recompile with
   * or without shadows) and the caller freezes them again once the scene is ready.
   */
  setVideo(video: GameOptions['video'] | undefined): boolean;
  /**
   * Applies the colours saved mid-drill (issue 33 item 7: theme, target, wall and line colours
   * apply on Resume / Restart, no reload): the room (its theme colours in the factory room; the
   * other rooms' backdrop contrast guard for the new target colour, roomStyles.ts backdropFor)
   * and the targets. The room itself (visual.room), the brightness and the room texture apply
   * on the next load. Returns true when a colour changed: the static materials are then
   * unfrozen and the caller freezes them again once the scene is ready.
   */
  setColours(options: GameOptions): boolean;
}


/** The assets a scene loads before its first frame: the room texture (null = none). */
export interface SceneAssets {
  /** URL of the room texture (GET /api/v1/assets/textures/{name} → url); null = plain colours */
  roomTextureUrl: string | null;
  /** the drill's `target_colourable` (false: the player's target colour does not apply; the
   * default theme's is drawn); default true */
  targetColourable?: boolean;
}

/** What a room scene needs after its first frame to become a GameScene (loaded with the
 * round's chunk, src/game/roundParts.ts): the target model's parts (null = the built-in
 * sphere; targetMeshes.ts loadTargetParts), the target renderer (targetRenderer.ts), the
 * room's light sources (roomLightSources.ts) and the shadow set-up (effects/shadows.ts). */
export interface RoundSceneParts {
  targetParts: TargetPart[] | null;
  TargetRenderer: typeof TargetRenderer;
  addRoomLights: typeof addRoomLights;
  setupShadows: typeof setupShadows;
}

/** A scene ready for its first frame: the room, its lights and the camera, no targets and no
 * shadow map yet (none are seen before the round starts). `complete` adds them (once). */
export interface RoomScene {
  scene: Scene;
  camera: TargetCamera;
  /** the room drawn (roomStyles.ts roomStyleOf) */
  roomStyle: RoomStyle;
  /** Adds the targets (`parts.targetParts`) and the shadows (video.shadows) and returns the
   * full scene. Throws when called twice. */
  complete(parts: RoundSceneParts): GameScene;
}

/**
 * Creates the room scene on `engine` (issue 18 item 1: what the first frame draws, with no
 * glTF loader and no shadow generator in its code). `step()` is called after each of the two
 * build steps (room and lights; room texture loaded) so the caller can report loading
 * progress. `levelStyle` (the drill's `level_style`; null = the factory room) names the room
 * (roomStyles.ts) unless the player's `visual.room` overrides it; the player's brightness
 * applies to the factory room only (brightness.ts). Rejects when the room texture or the sky box
 * cannot be loaded.
 */
export async function buildRoomScene(engine: AbstractEngine, options: GameOptions, step: () => void, levelStyle: string | null = null,
  assets: SceneAssets = { roomTextureUrl: null }): Promise<RoomScene> {
  const scene = new Scene(engine);
  scene.useRightHandedSystem = true;
  scene.skipPointerMovePicking = true;
  scene.detachControl(); // no Babylon pointer handling (and so no picking) at all
  const roomStyle = roomStyleOf(levelStyle, options.visual?.room);
  const { target, look } = coloursOf(options, roomStyle, assets.targetColourable);
  scene.clearColor = new Color4(look.clear[0], look.clear[1], look.clear[2], 1);
  scene.ambientColor = new Color3(1, 1, 1);

  // the room and its lights (roomBuilder.ts: baked, unlit walls; the floor receives the shadows)
  const room = buildRoom(scene, look, sceneBrightness(options.video?.brightness, roomStyle));
  step(); // room and lights

  await Promise.all([
    assets.roomTextureUrl ? room.loadTexture(assets.roomTextureUrl, options.video?.anisotropy ?? 16) : null,
    room.loadSky(),
  ]);
  step(); // room texture, sky

  const camera = new TargetCamera('eye', new Vector3(0, 1.3, 3.5), scene, true);
  camera.minZ = CAMERA_NEAR;
  camera.maxZ = CAMERA_FAR;
  camera.inertia = 0;
  camera.layerMask |= MIDDLE_VIEW_LAYER; // the weapon's layer (multiView.ts)
  const r = cameraRotationFor(0, 0);
  camera.rotation.set(r.x, r.y, r.z);
  scene.activeCamera = camera;

  let completed = false;
  const complete = ({ targetParts, TargetRenderer, addRoomLights, setupShadows }: RoundSceneParts): GameScene => {
    if (completed) throw new Error('RoomScene.complete called twice');
    completed = true;
    const { sun } = addRoomLights(scene, room.lights, room.unlit, room.shadowReceivers);
    const targets = new TargetRenderer(scene, target, options.visual?.target_roughness ?? 0.3, targetParts);
    const shadows = setupShadows(scene, sun, options.video?.shadows ?? 2, ROOM, targets.meshes, room.shadowReceivers, room.setShadowPatch);
    room.receiveShadows(shadows != null);
    targets.useShadows(shadows);
    let shadowLevel = options.video?.shadows ?? 2;
    let colourKey = colourKeyOf(options);
    const built: GameScene = {
      scene,
      camera,
      targets,
      shadows,
      lights: room.lights,
      roomStyle,
      freezeMaterials() {
        for (const m of room.materials) m.freeze();
        for (const m of targets.materials) m.freeze();
      },
      setVideo(video) {
        room.setAnisotropy(video?.anisotropy);
        const level = video?.shadows ?? 2;
        if (level === shadowLevel) return false;
        shadowLevel = level;
        for (const m of [...room.materials, ...targets.materials]) m.unfreeze();
        built.shadows?.dispose();
        built.shadows = setupShadows(scene, sun, level, ROOM, targets.meshes, room.shadowReceivers, room.setShadowPatch);
        targets.useShadows(built.shadows);
        room.receiveShadows(built.shadows != null);
        return true;
      },
      setColours(next) {
        const key = colourKeyOf(next);
        if (key === colourKey) return false;
        colourKey = key;
        const c = coloursOf(next, roomStyle, assets.targetColourable);
        for (const m of [...room.materials, ...targets.materials]) m.unfreeze();
        room.recolour(c.look);
        targets.setColour(c.target);
        scene.clearColor = new Color4(c.look.clear[0], c.look.clear[1], c.look.clear[2], 1);
        return true;
      },
    };
    return built;
  };
  return { scene, camera, roomStyle, complete };
}

/** The player's colours in `options` (texture.wall_colour, line_colour, target_colour; the
 * Default theme's where missing or invalid; the target's the Default theme's too where the
 * drill's target is not colourable) as 0-1 RGB, and the look of room `style` they give. */
function coloursOf(options: GameOptions, style: RoomStyle, targetColourable: boolean | undefined) {
  const def = THEME_PRESETS.Default;
  const wall = hexToRgb01(options.texture?.wall_colour, hexToRgb01(def.wall_colour, [0.2, 0.2, 0.24]));
  const line = hexToRgb01(options.texture?.line_colour, hexToRgb01(def.line_colour, [0.3, 0.3, 0.35]));
  const target = hexToRgb01(effectiveTargetColour(options, targetColourable), hexToRgb01(def.target_colour, [1, 0.3, 0.25]));
  return { target, look: roomLookOf(style, wall, line, target) };
}

/** What the scene's colours are built from in `options` (compared to skip a save that changed none). */
const colourKeyOf = (options: GameOptions): string =>
  JSON.stringify([options.texture?.wall_colour, options.texture?.line_colour, options.texture?.target_colour, options.texture?.theme]);

/** Applies a player fov (`fovDeg` degrees of type `fovType`) to `camera` for a view of
 * `aspect` (w/h): the lock axis and the fov on it come from fov.ts `cameraFovFor` (vertical at
 * 16:9 or narrower, horizontal when wider; spec section 9), divided by the ADS `zoom` (default
 * 1; fov.ts zoomedFovRadians). Call again when the aspect or the zoom changes. */
export function applyCameraFov(camera: Camera, fovDeg: number, fovType: string, aspect: number, zoom = 1): void {
  const f = cameraFovFor(fovDeg, fovType, aspect);
  camera.fovMode = f.mode === 'horizontal' ? Camera.FOVMODE_HORIZONTAL_FIXED : Camera.FOVMODE_VERTICAL_FIXED;
  camera.fov = zoomedFovRadians(f.radians, zoom);
}

/** Puts `camera` at the eye (metres) looking along yaw / pitch (degrees, engine convention). */
export function applyCameraPose(camera: TargetCamera, eye: { x: number; y: number; z: number }, yawDeg: number, pitchDeg: number): void {
  camera.position.set(eye.x, eye.y, eye.z);
  const r = cameraRotationFor(yawDeg, pitchDeg);
  camera.rotation.set(r.x, r.y, r.z);
}
