/**
 * The round's parts of the game chunk (issue 18 item 1): everything the game needs after its
 * first frame and before the round can start, in a chunk of its own that
 * sceneLoading.ts (`loadScene`) imports right after the first frame, so the first
 * frame waits only for the engine, the room, the camera and their shaders:
 * - the glTF loader, the target model (targetMeshes.ts; the sphere is built in, builtInSphere.ts,
 *   with no glb) and the target renderer,
 * - the room's light sources (roomLightSources.ts; they light only the targets and the shadow
 *   patch) and the shadow generator and its shaders (effects/shadows.ts; only targets cast
 *   shadows),
 * - the effects and the weapon model (effects/gameEffects.ts), the target bars (ShaderMaterial),
 *   the arrows and pop-ups layer, the analysis mode's shot feed,
 * - the drill engine (src/ecs, bitecs) and the round's submission and analyses (submission.ts).
 * The load resolves only when all of it is in (GameController.load), so a round never starts
 * without them.
 */
import '@babylonjs/core/Shaders/shadowMap.vertex';
import '@babylonjs/core/Shaders/shadowMap.fragment';
import '@babylonjs/core/Shaders/depthBoxBlur.fragment';
import '@babylonjs/core/Shaders/ShadersInclude/shadowMapFragmentSoftTransparentShadow';
import type { Scene } from '@babylonjs/core/scene';
import { loadTargetParts, type TargetPart } from './targetMeshes';

export { setupShadows } from './effects/shadows';
export { addRoomLights } from './roomLightSources';
export { TargetRenderer } from './targetRenderer';
export { GameEffects } from './effects/gameEffects';
export { TargetBars } from './targetBars';
export { WorldOverlay } from './worldOverlay';
export { ShotFeed } from './shotFeed';
export { ScopeOverlay } from './scopeOverlay';
export { createDrillEngine } from '../ecs/engine';
export { advanceSampled, buildSubmission, buildSubmissionSliced, settingsSnapshot } from './submission';
export { sphereTargetParts } from './builtInSphere';

/**
 * Loads the drill's target model (`url`, assetUrls.ts meshUrlFor; null = the built-in sphere)
 * into `scene`: its parts, or null when there is no model or it fails to load (the error is
 * logged and spheres are drawn, as before the split).
 */
export async function loadTargetModel(scene: Scene, url: string | null): Promise<TargetPart[] | null> {
  if (!url) return null;
  try {
    return await loadTargetParts(scene, url);
  } catch (err) {
    console.error(`Target model ${url} failed to load; drawing spheres:`, err);
    return null;
  }
}
