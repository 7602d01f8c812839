/**
 * The hit and kill particles (Babylon): one thin-instanced unlit batch of at most MAX_PARTICLES
 * (64, spec section 9) for the engine's explode sparks (8 per exploding kill plus the centre
 * burst, `DrillEngine.forEachSpark`, colours from the kill / critical ramps) and the on-hit
 * bursts (particles.ts). One draw call. The centre burst thins out by the noise cut-out
 * (dissolvePlugin.ts) as it grows.
 *
 * Each particle is a disc of PARTICLE_DISC_SEGMENTS triangles turned to face the eye: unlit, a
 * sphere draws a disc of one colour (its outline seen from the eye), and a disc turned toward the
 * eye draws the same outline from every view of the eye (multi-monitor mode's side views too).
 * It was a sphere of 256 triangles: with 9-23 particles live in drill 134 with every option on,
 * SwiftShader spent about 3 ms of each frame transforming and setting up their triangles
 * (Linux perf of Chromium's GPU process, BENCHMARKS.md, issue 11).
 */
import type { Scene } from '@babylonjs/core/scene';
import { CreateDisc } from '@babylonjs/core/Meshes/Builders/discBuilder';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import type { DrillEngine } from '../../contracts/engine';
import { InstanceBatch } from './instanceBatch';
import { EXPLODE_POP_SHARE } from './despawnStyles';
import { CutoutMaterialPlugin } from './dissolvePlugin';
import { forEachParticle, MAX_PARTICLES, writeFacingDisc, type HitBurst, type ParticleDraw } from './particles';

/** Triangles of a particle's disc (our choice: its outline a 24-gon, which reads as round at the
 * centre burst's largest, twice the target's radius). */
export const PARTICLE_DISC_SEGMENTS = 24;

type V3 = { x: number; y: number; z: number };

const NO_EYE: V3 = { x: 0, y: 0, z: 0 };

/** The particle batch of a scene. */
export class ParticleRenderer {
  private readonly batch: InstanceBatch;
  private readonly draw: ParticleDraw = { x: 0, y: 0, z: 0, size: 0, r: 0, g: 0, b: 0, fade: 1 };
  /** the eye of the frame being written (sync) */
  private eye: V3 = NO_EYE;

  constructor(scene: Scene) {
    const mesh = CreateDisc('particles', { radius: 1, tessellation: PARTICLE_DISC_SEGMENTS }, scene); // unit radius
    const mat = new StandardMaterial('particleMat', scene);
    mat.backFaceCulling = false; // a disc: either side may face the eye
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
    writeFacingDisc(this.batch.matrices, i * 16, x, y, z, size, this.eye);
    this.batch.setColour(i, r, g, b, fade);
    return true;
  }

  /**
   * Draws this frame's particles (particles.ts forEachParticle): the engine's sparks (when
   * `sparks`), then the on-hit `bursts` at page time `now` (ms), at most MAX_PARTICLES in all,
   * each a disc facing `eye` (world metres: the engine's eye). Returns the count drawn.
   */
  sync(engine: DrillEngine | null, sparks: boolean, bursts: readonly HitBurst[], now: number, eye: V3): number {
    this.eye = eye;
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
