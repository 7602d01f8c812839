/**
 * All targets as ONE sphere mesh drawn with thin instances (Babylon). Per frame: one matrix
 * (scale = radius × despawn scale, translation = interpolated centre) and one colour per target
 * from `engine.forEachTarget`; buffers grow by doubling; `thinInstanceBufferUpdated` once each.
 */
import type { Scene } from '@babylonjs/core/scene';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import '@babylonjs/core/Meshes/thinInstanceMesh';
import type { DrillEngine } from '../contracts/engine';
import { despawnColourFor, despawnLook, interpolatedPosition, lerp } from './targetVisual';

const INITIAL_CAPACITY = 64;

/** The thin-instanced target spheres of a scene. */
export class TargetRenderer {
  readonly mesh: Mesh;
  readonly material: StandardMaterial;
  private capacity = 0;
  private matrices = new Float32Array(0);
  private colours = new Float32Array(0);
  private readonly pos = { x: 0, y: 0, z: 0 };

  /** @param targetColour linear 0-1 RGB of live targets (texture.target_colour)
   *  @param roughness visual.target_roughness 0-1 (less shine when rough) */
  constructor(scene: Scene, private readonly targetColour: readonly [number, number, number], roughness: number) {
    // unit radius: an instance's scale is its radius in metres
    this.mesh = CreateSphere('targets', { diameter: 2, segments: 24 }, scene);
    this.mesh.isPickable = false;
    this.mesh.alwaysSelectAsActiveMesh = true; // thin instances move every frame: skip culling
    this.mesh.doNotSyncBoundingInfo = true;
    const mat = new StandardMaterial('targetMat', scene);
    mat.diffuseColor = new Color3(1, 1, 1); // multiplied by the per-instance colour
    const shine = Math.max(0, Math.min(1, 1 - roughness));
    mat.specularColor = new Color3(0.6 * shine, 0.6 * shine, 0.6 * shine);
    mat.specularPower = 16 + 48 * shine;
    mat.emissiveColor = new Color3(0.12, 0.12, 0.12);
    this.material = mat;
    this.mesh.material = mat;
    this.grow(INITIAL_CAPACITY);
    // Never fewer than one thin instance (a zero-scale one when there are no targets): the
    // material's defines (INSTANCES, INSTANCESCOLOR) are computed when the scene first gets
    // ready and are not recomputed when a mesh goes from 0 to n thin instances, so with 0 at
    // that moment the per-instance colours would be ignored (targets drawn white).
    this.writeEmpty();
  }

  private writeEmpty(): void {
    this.matrices.fill(0, 0, 16);
    this.matrices[15] = 1;
    this.colours.fill(0, 0, 4);
    this.mesh.thinInstanceCount = 1;
    this.mesh.thinInstanceBufferUpdated('matrix');
    this.mesh.thinInstanceBufferUpdated('color');
  }

  private grow(min: number): void {
    let cap = Math.max(this.capacity, INITIAL_CAPACITY);
    while (cap < min) cap *= 2;
    if (cap === this.capacity) return;
    const m = new Float32Array(cap * 16);
    m.set(this.matrices);
    const c = new Float32Array(cap * 4);
    c.set(this.colours);
    this.matrices = m;
    this.colours = c;
    this.capacity = cap;
    this.mesh.thinInstanceSetBuffer('matrix', m, 16, false);
    this.mesh.thinInstanceSetBuffer('color', c, 4, false);
  }

  /**
   * Copies the engine's targets into the instance buffers: centre interpolated `alpha` (0-1) of
   * the way from the previous tick to the current one, despawning targets shrunk and recoloured
   * (targetVisual.ts). Returns the number of instances drawn.
   */
  sync(engine: DrillEngine, alpha: number): number {
    let n = 0;
    const base = this.targetColour;
    engine.forEachTarget((t) => {
      if (n >= this.capacity) this.grow(n + 1);
      const look = despawnLook(t.despawn);
      const s = t.radius * look.scale;
      const p = interpolatedPosition(t, alpha, this.pos);
      const m = this.matrices;
      const o = n * 16;
      m[o] = s; m[o + 1] = 0; m[o + 2] = 0; m[o + 3] = 0;
      m[o + 4] = 0; m[o + 5] = s; m[o + 6] = 0; m[o + 7] = 0;
      m[o + 8] = 0; m[o + 9] = 0; m[o + 10] = s; m[o + 11] = 0;
      m[o + 12] = p.x; m[o + 13] = p.y; m[o + 14] = p.z; m[o + 15] = 1;
      let r = base[0], g = base[1], b = base[2];
      if (t.priority && t.despawn < 0) {
        // priority targets: lighter
        r = lerp(r, 1, 0.45); g = lerp(g, 1, 0.45); b = lerp(b, 1, 0.45);
      }
      if (look.mix > 0) {
        const d = despawnColourFor(t.removalReason);
        r = lerp(r, d[0], look.mix); g = lerp(g, d[1], look.mix); b = lerp(b, d[2], look.mix);
      }
      const c = this.colours;
      const k = n * 4;
      c[k] = r; c[k + 1] = g; c[k + 2] = b; c[k + 3] = 1;
      n++;
    });
    if (n === 0) {
      this.writeEmpty();
      return 0;
    }
    this.mesh.thinInstanceCount = n;
    this.mesh.thinInstanceBufferUpdated('matrix');
    this.mesh.thinInstanceBufferUpdated('color');
    return n;
  }

  /** Frees the mesh and material. */
  dispose(): void {
    this.mesh.dispose();
    this.material.dispose();
  }
}
