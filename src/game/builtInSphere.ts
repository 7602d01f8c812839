/**
 * The sphere target model without a glTF loader (issue 33 item 5: drills whose targets are
 * spheres, most of the catalogue, load neither the glTF loader nor sphere.glb before "Click to
 * start"). The mesh is the one sphere.glb holds, built from the same function
 * (uvSphere.ts: SPHERE_TARGET_SEGMENTS × SPHERE_TARGET_RINGS, radius TARGET_MODEL_SHAPES.sphere
 * .body: the hit shape's table, src/ecs/targetModels.ts) and set up as the glTF loader sets up
 * its meshes in this right-handed scene (counter-clockwise front faces), so it draws the same
 * pixels.
 */
import type { Scene } from '@babylonjs/core/scene';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import { Constants } from '@babylonjs/core/Engines/constants';
import { TARGET_MODEL_SHAPES } from '../ecs/targetModels';
import { SPHERE_TARGET_RINGS, SPHERE_TARGET_SEGMENTS, uvSphere } from './uvSphere';
import type { TargetPart } from './targetMeshes';

/**
 * The sphere model's parts in `scene`: one part 'body', a unit sphere (radius 1 = the target
 * radius; the renderer scales each thin instance by its radius), positions and normals as in
 * sphere.glb, uint32 indices. No material (targetRenderer.ts gives it one).
 */
export function sphereTargetParts(scene: Scene): TargetPart[] {
  const s = TARGET_MODEL_SHAPES.sphere.body;
  const g = uvSphere(s.radius, 0, s.y, 0, SPHERE_TARGET_SEGMENTS, SPHERE_TARGET_RINGS);
  const mesh = new Mesh('body', scene);
  // as the glTF loader creates its meshes in a right-handed scene (glTFLoader: sideOrientation)
  mesh.sideOrientation = scene.useRightHandedSystem ? Constants.MATERIAL_CounterClockWiseSideOrientation : Constants.MATERIAL_ClockWiseSideOrientation;
  const data = new VertexData();
  data.positions = new Float32Array(g.p);
  data.normals = new Float32Array(g.n);
  data.indices = g.i;
  data.applyToMesh(mesh);
  return [{ name: 'body', mesh }];
}
