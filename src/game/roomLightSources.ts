/**
 * The room's two light sources (roomLighting.ts gives their values): a hemisphere and the sun,
 * the key light that casts the target shadows (effects/shadows.ts). They light the targets and
 * the floor's shadow patch (the sun alone); the walls, the floor and the grid have their lighting
 * baked and are excluded. Added with the round's chunk (roundParts.ts), after the first frame,
 * which draws only unlit room meshes (issue 18 item 1).
 */
import type { Scene } from '@babylonjs/core/scene';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight';
import { DirectionalLight } from '@babylonjs/core/Lights/directionalLight';
import type { RoomLights } from './roomLighting';

/** The room's light sources. */
export interface RoomLightSources {
  hemi: HemisphericLight;
  /** the key light: lights the targets, casts their shadows */
  sun: DirectionalLight;
}

/**
 * Adds the hemisphere and the sun of `lights` to `scene`; neither lights `unlit` (baked
 * meshes), and the hemisphere does not light `sunOnly` either (the shadow patch: its hemisphere
 * share is baked into its emissive colour, roomBuilder.ts).
 */
export function addRoomLights(scene: Scene, lights: RoomLights, unlit: readonly AbstractMesh[], sunOnly: readonly AbstractMesh[]): RoomLightSources {
  const [hr, hg, hb] = lights.hemiGround;
  const hemi = new HemisphericLight('hemi', new Vector3(...lights.hemiDirection), scene);
  hemi.intensity = lights.hemiIntensity;
  hemi.groundColor = new Color3(hr, hg, hb);
  const sun = new DirectionalLight('sun', new Vector3(...lights.sunDirection), scene);
  sun.intensity = lights.sunIntensity;
  hemi.excludedMeshes.push(...unlit, ...sunOnly);
  sun.excludedMeshes.push(...unlit);
  return { hemi, sun };
}
