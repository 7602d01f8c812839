/**
 * A fixed-capacity batch of thin instances of one mesh (Babylon): one matrix buffer and one
 * colour buffer, written each frame, uploaded once: ONE draw call for the whole batch. Used by
 * the particles, tracers and bullet holes (effects/*). Never fewer than one instance (a
 * zero-scale one when empty) so the material's instance defines stay compiled (see
 * targetRenderer.ts).
 */
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import '@babylonjs/core/Meshes/thinInstanceMesh';

/** A thin-instance batch of `capacity` instances of `mesh`. */
export class InstanceBatch {
  readonly matrices: Float32Array;
  readonly colours: Float32Array;
  private n = 0;
  /** the uploaded buffers hold instances (false: the hidden empty one was uploaded last) */
  private dirty = true;

  /** @param mesh the mesh to instance (made unpickable, never culled)
   *  @param capacity most instances drawn per frame */
  constructor(readonly mesh: Mesh, readonly capacity: number) {
    this.matrices = new Float32Array(capacity * 16);
    this.colours = new Float32Array(capacity * 4);
    mesh.isPickable = false;
    mesh.alwaysSelectAsActiveMesh = true;
    mesh.doNotSyncBoundingInfo = true;
    mesh.thinInstanceSetBuffer('matrix', this.matrices, 16, false);
    mesh.thinInstanceSetBuffer('color', this.colours, 4, false);
    this.commit();
  }

  /** Starts a frame: no instances. */
  begin(): void {
    this.n = 0;
  }

  /** Instances written so far this frame. */
  get count(): number {
    return this.n;
  }

  /** Reserves the next instance; returns its index, or −1 when the batch is full. The caller
   * writes `matrices[i*16..]` and `colours[i*4..]`. */
  next(): number {
    return this.n < this.capacity ? this.n++ : -1;
  }

  /** Writes a colour (linear RGB, alpha = the cut-out code of dissolvePlugin.ts; 1 = solid). */
  setColour(i: number, r: number, g: number, b: number, a = 1): void {
    const k = i * 4;
    this.colours[k] = r; this.colours[k + 1] = g; this.colours[k + 2] = b; this.colours[k + 3] = a;
  }

  /** Uploads the frame's instances; with none, the mesh is made invisible (and a hidden
   * zero-scale instance written once). */
  commit(): void {
    if (this.n === 0) {
      this.matrices.fill(0, 0, 16);
      this.matrices[15] = 1;
      this.colours.fill(0, 0, 4);
    }
    this.mesh.thinInstanceCount = Math.max(1, this.n);
    // an empty batch is not drawn at all (Babylon skips an invisible mesh before any per-mesh
    // work: render-cpu); its hidden instance keeps the instanced shader variant compiled
    this.mesh.isVisible = this.n > 0;
    if (this.n === 0 && !this.dirty) return;
    this.dirty = this.n > 0;
    this.mesh.thinInstanceBufferUpdated('matrix');
    this.mesh.thinInstanceBufferUpdated('color');
  }

  dispose(): void {
    this.mesh.material?.dispose();
    this.mesh.dispose();
  }
}
