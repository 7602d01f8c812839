/**
 * The round's chunk (issue 18 item 1): what the game needs after its first frame to draw
 * "Click to start" with the round's first targets (issue 33 item 5), in a chunk of its own that
 * sceneLoading.ts (`loadScene`) imports right after the first frame, so the first frame waits
 * only for the engine, the room, the camera and their shaders:
 * - the target model: the sphere built in (builtInSphere.ts: no glTF loader, no glb); other
 *   models through the glTF loader (targetMeshes.ts, a chunk of its own loaded only for them);
 * - the target renderer, the room's light sources (roomLightSources.ts; they light only the
 *   targets and the shadow patch) and the shadow generator and its shaders (effects/shadows.ts;
 *   only targets cast shadows);
 * - the drill engine (src/ecs, bitecs: the pre-game draws its initial spawn).
 * What only the running round needs (effects, weapon, bars, overlays, submission) is the tail
 * chunk (roundTail.ts, `loadRoundTail`), loaded after the prompt shows.
 */
import '@babylonjs/core/Shaders/shadowMap.vertex';
import '@babylonjs/core/Shaders/shadowMap.fragment';
import '@babylonjs/core/Shaders/depthBoxBlur.fragment';
import '@babylonjs/core/Shaders/ShadersInclude/shadowMapFragmentSoftTransparentShadow';
import type { Scene } from '@babylonjs/core/scene';
import type { TargetPart } from './targetMeshes';
import { loadChunk } from '../net/chunkLoad';

export { setupShadows } from './effects/shadows';
export { addRoomLights } from './roomLightSources';
export { TargetRenderer } from './targetRenderer';
export { createDrillEngine } from '../ecs/engine';
export { sphereTargetParts } from './builtInSphere';

/** Imports the round's tail chunk (roundTail.ts: effects, weapon, bars, overlays, submission);
 * rejects with ChunkLoadError as loadChunk does. */
export function loadRoundTail(): Promise<typeof import('./roundTail')> {
  return loadChunk('game', () => import('./roundTail'));
}

/**
 * Loads the drill's target model (`url`, assetUrls.ts meshUrlFor; null = none) into `scene`
 * through the glTF loader (targetMeshes.ts, imported here: its chunk comes only for models that
 * are not the built-in sphere, assetUrls.ts `isBuiltInSphere`): its parts, or null when there is no model or
 * it (or the loader's chunk) fails to load (the error is logged and the renderer draws its own
 * sphere, as before the split).
 */
export async function loadTargetModel(scene: Scene, url: string | null): Promise<TargetPart[] | null> {
  if (!url) return null;
  try {
    const { loadTargetParts } = await loadChunk('game', () => import('./targetMeshes'));
    return await loadTargetParts(scene, url);
  } catch (err) {
    console.error(`Target model ${url} failed to load; drawing spheres:`, err);
    return null;
  }
}
