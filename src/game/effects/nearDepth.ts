/**
 * The meshes drawn over the scene, never hidden by a wall or a target (the weapon, its sight dot
 * and the muzzle flash; weaponView.ts, shotEffects.ts), drawn in the scene's own rendering group
 * with their depth squeezed into the nearest NEAR_DEPTH_SHARE of the depth range, and drawn
 * before the rest of the scene's opaque meshes.
 *
 * How it stays on top: after the squeeze a near mesh's depth is at most NEAR_DEPTH_SHARE ·
 * (its unsqueezed depth), so it is nearer than any other point farther from the eye than
 * depthSqueeze.ts nearDepthFloorM (1.01 × the camera's near plane of 0.1 m, 1 mm past it;
 * the near plane cuts what is nearer still). Among the near meshes the order of depths is kept
 * (the squeeze is linear), so the sight dot stays in front of the sight's post.
 *
 * Why not a rendering group of their own with a depth clear before it (as until 2026-11-27): the
 * clear (of the 4x-multisampled depth buffer, scissored to the weapon's rectangle) was one more
 * pass every frame, and the room was shaded under the weapon only to be drawn over. Drawn
 * first, the weapon's depth makes the room's pixels behind it fail the depth test before they
 * are shaded; the view shows the same pixels (e2e visualEffects.test.ts). The frame time did
 * not change by what this VM can resolve (BENCHMARKS.md, 2026-11-27 fifth stop): it is the
 * simpler of the two, not a measured gain.
 */
import type { Scene } from '@babylonjs/core/scene';
import type { Material } from '@babylonjs/core/Materials/material';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh';
import type { SubMesh } from '@babylonjs/core/Meshes/subMesh';
import { MaterialPluginBase } from '@babylonjs/core/Materials/materialPluginBase';
import { ShaderLanguage } from '@babylonjs/core/Materials/shaderLanguage';
import { RenderingGroup } from '@babylonjs/core/Rendering/renderingGroup';
import { NEAR_DEPTH_SHARE } from './depthSqueeze';

/** A StandardMaterial plugin squeezing the material's depth (depthSqueeze.ts squeezedClipZ).
 * GLSL (WebGL) only, and for a depth buffer that is not reversed (the game's engine has
 * `useReverseDepthBuffer` off); attach with `new NearDepthMaterialPlugin(material)` before the
 * material is first drawn (markNear does). */
export class NearDepthMaterialPlugin extends MaterialPluginBase {
  private readonly halfRange: boolean;

  constructor(material: Material) {
    super(material, 'AimNearDepth', 220, undefined, true, true);
    this.halfRange = material.getScene().getEngine().isNDCHalfZRange;
  }

  override getClassName(): string {
    return 'NearDepthMaterialPlugin';
  }

  override isCompatible(shaderLanguage: ShaderLanguage): boolean {
    return shaderLanguage === ShaderLanguage.GLSL;
  }

  override getCustomCode(shaderType: string): { [pointName: string]: string } | null {
    if (shaderType !== 'vertex') return null;
    const share = NEAR_DEPTH_SHARE.toFixed(6);
    return {
      CUSTOM_VERTEX_MAIN_END: this.halfRange
        ? `gl_Position.z *= ${share};`
        : `gl_Position.z = -gl_Position.w + (gl_Position.z + gl_Position.w) * ${share};`,
    };
  }
}

/** The meshes marked near (markNear), of every scene. */
const nearMeshes = new WeakSet<AbstractMesh>();

/**
 * Makes `mesh` a near mesh: its material (StandardMaterial; shared materials are squeezed for
 * every mesh using them) gets the squeeze and it is drawn in rendering group 0, before the
 * group's other opaque meshes (drawNearFirst). Throws when the mesh has no material.
 */
export function markNear(mesh: AbstractMesh): void {
  const mat = mesh.material;
  if (!mat) throw new Error(`near mesh ${mesh.name} has no material`);
  if (!mat.pluginManager?.getPlugin('AimNearDepth')) new NearDepthMaterialPlugin(mat);
  mesh.renderingGroupId = 0;
  nearMeshes.add(mesh);
}

/** The meshes drawn after every other opaque mesh (markLast), of every scene. */
const lastMeshes = new WeakSet<AbstractMesh>();

/**
 * Makes `mesh` (rendering group 0, opaque) draw after the group's other opaque meshes: for a
 * backdrop behind everything (the range's sky dome, roomBuilder.ts), so that its pixels hidden
 * by the floor, the backstop and the targets fail the depth test before they are shaded instead
 * of being shaded and then drawn over (the dome, drawn first by its material's order, was a
 * second full layer under the range's floor: BENCHMARKS.md "render per room").
 */
export function markLast(mesh: AbstractMesh): void {
  mesh.renderingGroupId = 0;
  lastMeshes.add(mesh);
}

/** 0: near (markNear), 2: last (markLast), 1: the rest. */
function drawRank(s: SubMesh): number {
  const m = s.getMesh();
  return nearMeshes.has(m) ? 0 : lastMeshes.has(m) ? 2 : 1;
}

/** Group 0's opaque order: near meshes first, the last meshes last, Babylon's default (by
 * material, then mesh) within each. */
function nearFirst(a: SubMesh, b: SubMesh): number {
  return drawRank(a) - drawRank(b) || RenderingGroup.PainterSortCompare(a, b);
}

/** Sets `scene`'s rendering group 0 to draw its near meshes (markNear) before its other opaque
 * meshes and its last meshes (markLast) after them, keeping Babylon's default order otherwise
 * (alpha-tested by material, transparent back to front). Idempotent. */
export function drawNearFirst(scene: Scene): void {
  scene.setRenderingOrder(0, nearFirst, RenderingGroup.PainterSortCompare, RenderingGroup.defaultTransparentSortCompare);
}
