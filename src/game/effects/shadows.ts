/**
 * Target shadows (video.shadows 0 off, 1 low, 2 high; Babylon): a shadow map of the key light
 * of shadowMapSize(shadows, the hardware's max texture size) texels (1024 low / 4096 high,
 * capped; videoQuality.ts), cast by the targets (thin instances) onto the floor and walls. The
 * light's orthographic shadow box is fixed to the room (thin instances have no synced bounds, so
 * automatic extents would miss them). Low: Poisson sampling; high: percentage-closer filtering.
 * The map is drawn only when asked (`refreshRate` render-once): TargetRenderer.sync asks for it
 * in a frame whose target matrices differ from the last drawn ones, and once more if that redraw
 * ran before the targets' shadow shaders were ready (`shadows` of TargetRenderer, wired by
 * scene.ts), so a still scene (drill 134 between kills) never redraws a 4096² depth map (issue
 * 18 item 2: in SwiftShader that map was most of a frame).
 * A redraw clears only the map's texels the casters covered at the last redraw or cover now
 * (`shadowMapRect`, a scissored depth clear): SwiftShader cleared the whole 4096² depth texture
 * (64 MB) at every redraw, about 10 ms of each kill's frame (frameProbe.ts, BENCHMARKS.md).
 * Receiving costs a lit, shadow-sampling fragment shader on every receiving pixel: at each
 * redraw the room is told where the casters' shadows can fall (roomLighting.ts shadowFootprint
 * of casterSpheres) and only that patch of the floor receives (roomBuilder.ts; the rest of the
 * room is drawn unlit).
 */
import type { Scene } from '@babylonjs/core/scene';
import type { DirectionalLight } from '@babylonjs/core/Lights/directionalLight';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh';
import { ShadowGenerator } from '@babylonjs/core/Lights/Shadows/shadowGenerator';
import { RenderTargetTexture } from '@babylonjs/core/Materials/Textures/renderTargetTexture';
import '@babylonjs/core/Lights/Shadows/shadowGeneratorSceneComponent';
import '@babylonjs/core/Engines/thinEngine.scissor';
import { shadowMapSize } from './videoQuality';
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Color4 } from '@babylonjs/core/Maths/math.color';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import { shadowFootprint, type FloorRect } from '../roomLighting';
import { shadowMapRect, unionRect, type TexelRect } from './shadowMapRect';

/** The room's extent the shadow box covers, metres (scene.ts ROOM). */
interface Box { minX: number; maxX: number; minY: number; maxY: number; minZ: number; maxZ: number }

/** How far (metres) the receiving floor patch reaches past the casters' shadow bounds: the
 * filter's blur (PCF / Poisson kernels span a few texels of 1.5-6 cm) and the bias, with room
 * to spare (our choice). */
export const FOOTPRINT_MARGIN = 0.5;

/**
 * The bounding spheres of what `casters` draw into the shadow map, metres, 4 numbers a sphere
 * (centre x, y, z, radius): each thin instance (or the mesh itself when it has none) as the
 * sphere bounding its geometry, moved and scaled by its matrix (the largest axis scale).
 * Disabled, invisible or zero-size meshes and instances draw nothing and are left out.
 */
export function casterSpheres(casters: readonly AbstractMesh[]): number[] {
  const spheres: number[] = [];
  const c = new Vector3();
  const inst = new Matrix();
  const add = (m: Matrix, local: Vector3, r: number): void => {
    Vector3.TransformCoordinatesToRef(local, m, c);
    const e = m.m;
    const s = Math.max(Math.hypot(e[0], e[1], e[2]), Math.hypot(e[4], e[5], e[6]), Math.hypot(e[8], e[9], e[10]));
    if (r * s > 0) spheres.push(c.x, c.y, c.z, r * s);
  };
  for (const mesh of casters) {
    if (!mesh.isEnabled() || !mesh.isVisible) continue;
    const sphere = mesh.getBoundingInfo().boundingSphere;
    const world = mesh.getWorldMatrix();
    const m = mesh as Mesh;
    if (m.hasThinInstances) {
      // the instance matrices as the GPU gets them (Babylon's storage of thinInstanceSetBuffer;
      // the public thinInstanceGetWorldMatrices caches its first answer and goes stale)
      const data = (m as unknown as { _thinInstanceDataStorage?: { matrixData?: Float32Array | null } })._thinInstanceDataStorage?.matrixData;
      const n = m.thinInstanceCount;
      if (!data) continue;
      for (let i = 0; i < n && (i + 1) * 16 <= data.length; i++) {
        Matrix.FromArrayToRef(data, i * 16, inst);
        add(inst.multiplyToRef(world, inst), sphere.center, sphere.radius);
      }
    } else add(world, sphere.center, sphere.radius);
  }
  return spheres;
}

/**
 * Sets up shadows for `shadows` on `sun`: returns the generator, or null when shadows are off
 * (then nothing changes). `casters` cast, `receivers` receive. `onFootprint`, when given, is
 * called before each redraw of the map with the floor rectangle the casters' shadows can fall
 * on (shadowFootprint of casterSpheres, grown by FOOTPRINT_MARGIN; null: none): the room moves
 * its receiving floor patch there.
 */
export function setupShadows(scene: Scene, sun: DirectionalLight, shadows: number | null | undefined, room: Box,
  casters: readonly AbstractMesh[], receivers: readonly AbstractMesh[],
  onFootprint?: (rect: FloorRect | null) => void): ShadowGenerator | null {
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
  if (map) {
    map.refreshRate = RenderTargetTexture.REFRESHRATE_RENDER_ONCE; // redrawn on request (see above)
    // the texels the last redraw drew into (null: nothing; `full`: the map is not known clear
    // outside it, as when new) and the ones this redraw will
    let full = true;
    let drawn: TexelRect | null = null;
    let clear: TexelRect | null = null;
    const d = sun.direction;
    map.onBeforeRenderObservable.add(() => {
      const spheres = casterSpheres(casters);
      onFootprint?.(shadowFootprint(spheres, spheres.length / 4, [d.x, d.y, d.z], room.minY, room, FOOTPRINT_MARGIN));
      const now = shadowMapRect(spheres, gen.getTransformMatrix().m, size);
      clear = unionRect(drawn, now);
      drawn = now;
    });
    // replaces the generator's clear of the whole map, clearing what it clears: PCF samples the
    // depth texture (depth to 1), Poisson the colour texture (colour and depth to 1)
    const colour = gen.usePercentageCloserFiltering ? null : new Color4(1, 1, 1, 1);
    map.onClearObservable.clear();
    map.onClearObservable.add((engine) => {
      if (full) {
        full = false;
        engine.clear(colour, !!colour, true, false);
      } else if (clear) {
        engine.enableScissor(clear.x, clear.y, clear.w, clear.h);
        engine.clear(colour, !!colour, true, false);
        engine.disableScissor();
      }
    });
  }
  for (const m of casters) gen.addShadowCaster(m, false);
  for (const m of receivers) m.receiveShadows = true;
  return gen;
}
