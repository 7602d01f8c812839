/**
 * Target shadows (video.shadows 0 off, 1 low, 2 high; Babylon): a shadow map of the key light
 * of shadowMapSize(shadows, the hardware's max texture size) texels (1024 low / 4096 high,
 * capped; videoQuality.ts), cast by the targets (thin instances) onto the floor and walls. The
 * light's orthographic shadow box is fixed to the room (thin instances have no synced bounds, so
 * automatic extents would miss them). Low: Poisson sampling; high: percentage-closer filtering.
 * The map is drawn only when asked (`refreshRate` render-once): TargetRenderer.sync asks for it
 * in a frame whose target matrices differ from the last drawn ones, and every 30 frames
 * (`shadowMap` of TargetRenderer, wired by scene.ts), so a still scene (drill 134 between kills) does not redraw
 * a 4096² depth map every frame (issue 18 item 2: in SwiftShader that map was most of a frame).
 */
import type { Scene } from '@babylonjs/core/scene';
import type { DirectionalLight } from '@babylonjs/core/Lights/directionalLight';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh';
import { ShadowGenerator } from '@babylonjs/core/Lights/Shadows/shadowGenerator';
import { RenderTargetTexture } from '@babylonjs/core/Materials/Textures/renderTargetTexture';
import '@babylonjs/core/Lights/Shadows/shadowGeneratorSceneComponent';
import { shadowMapSize } from './videoQuality';

/** The room's extent the shadow box covers, metres (scene.ts ROOM). */
interface Box { minX: number; maxX: number; minY: number; maxY: number; minZ: number; maxZ: number }

/**
 * Sets up shadows for `shadows` on `sun`: returns the generator, or null when shadows are off
 * (then nothing changes). `casters` cast, `receivers` receive.
 */
export function setupShadows(scene: Scene, sun: DirectionalLight, shadows: number | null | undefined, room: Box,
  casters: readonly AbstractMesh[], receivers: readonly AbstractMesh[]): ShadowGenerator | null {
  const size = shadowMapSize(shadows, scene.getEngine().getCaps().maxTextureSize);
  if (size === 0) return null;
  const cx = (room.minX + room.maxX) / 2, cy = (room.minY + room.maxY) / 2, cz = (room.minZ + room.maxZ) / 2;
  const d = sun.direction.normalizeToNew();
  const reach = Math.hypot(room.maxX - room.minX, room.maxY - room.minY, room.maxZ - room.minZ);
  sun.position.set(cx - d.x * reach, cy - d.y * reach, cz - d.z * reach);
  sun.autoUpdateExtends = false;
  sun.autoCalcShadowZBounds = false;
  const half = reach / 2;
  sun.orthoLeft = -half; sun.orthoRight = half; sun.orthoBottom = -half; sun.orthoTop = half;
  sun.shadowMinZ = 0.5;
  sun.shadowMaxZ = reach * 2;
  const gen = new ShadowGenerator(size, sun);
  if (shadows === 2) {
    gen.usePercentageCloserFiltering = true;
    gen.filteringQuality = ShadowGenerator.QUALITY_HIGH;
  } else {
    gen.usePoissonSampling = true;
  }
  gen.bias = 0.0015;
  gen.setDarkness(0.35);
  const map = gen.getShadowMap();
  if (map) map.refreshRate = RenderTargetTexture.REFRESHRATE_RENDER_ONCE; // redrawn on request (see above)
  for (const m of casters) gen.addShadowCaster(m, false);
  for (const m of receivers) m.receiveShadows = true;
  return gen;
}
