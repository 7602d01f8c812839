/**
 * The hit and kill particles (Babylon): one thin-instanced unlit sphere batch of at most
 * MAX_PARTICLES (64, spec section 9) for the engine's explode sparks (8 per exploding kill plus
 * the centre burst, `DrillEngine.forEachSpark`, colours from the kill / critical ramps) and the
 * on-hit bursts (particles.ts). One draw call. The centre burst thins out by the noise cut-out
 * (dissolvePlugin.ts) as it grows.
 */
import type { Scene } from '@babylonjs/core/scene';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import type { DrillEngine } from '../../contracts/engine';
import { InstanceBatch } from './instanceBatch';
import { EXPLODE_POP_SHARE } from './despawnStyles';
import { CutoutMaterialPlugin } from './dissolvePlugin';
import { forEachParticle, MAX_PARTICLES, type HitBurst, type ParticleDraw } from './particles';

/** The particle batch of a scene. */
export class ParticleRenderer {
  private readonly batch: InstanceBatch;
  private readonly draw: ParticleDraw = { x: 0, y: 0, z: 0, size: 0, r: 0, g: 0, b: 0, fade: 1 };

  constructor(scene: Scene) {
    const mesh = CreateSphere('particles', { diameter: 2, segments: 6 }, scene); // unit radius
    const mat = new StandardMaterial('particleMat', scene);
    mat.disableLighting = true; // unlit: colour = emissive (white) × the instance colour
    mat.emissiveColor = new Color3(1, 1, 1);
    mat.diffuseColor = new Color3(0, 0, 0);
    mat.specularColor = new Color3(0, 0, 0);
    new CutoutMaterialPlugin(mat);
    // frozen: once ready, Babylon skips re-checking its defines every frame (nothing that
    // changes them changes: unlit, no shadows, always >= 1 thin instance)
    mat.freeze();
    mesh.material = mat;
    this.batch = new InstanceBatch(mesh, MAX_PARTICLES);
  }

  /** The batch's mesh (one draw call). */
  get mesh(): InstanceBatch['mesh'] {
    return this.batch.mesh;
  }

  /** `put` of one ParticleDraw (made once: no closure per frame). */
  private readonly putDraw = (p: ParticleDraw): void => { this.put(p.x, p.y, p.z, p.size, p.r, p.g, p.b, p.fade); };

  private put(x: number, y: number, z: number, size: number, r: number, g: number, b: number, fade: number): boolean {
    const i = this.batch.next();
    if (i < 0) return false;
    const m = this.batch.matrices;
    const o = i * 16;
    m.fill(0, o, o + 16);
    m[o] = size; m[o + 5] = size; m[o + 10] = size;
    m[o + 12] = x; m[o + 13] = y; m[o + 14] = z; m[o + 15] = 1;
    this.batch.setColour(i, r, g, b, fade);
    return true;
  }

  /**
   * Draws this frame's particles (particles.ts forEachParticle): the engine's sparks (when
   * `sparks`), then the on-hit `bursts` at page time `now` (ms), at most MAX_PARTICLES in all.
   * Returns the count drawn.
   */
  sync(engine: DrillEngine | null, sparks: boolean, bursts: readonly HitBurst[], now: number): number {
    this.batch.begin();
    const n = forEachParticle(sparks ? engine : null, bursts, now, this.batch.capacity, EXPLODE_POP_SHARE, this.draw,
      this.putDraw);
    this.batch.commit();
    return n;
  }

  dispose(): void {
    this.batch.dispose();
  }
}
