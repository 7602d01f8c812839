/**
 * What a shot looks like (Babylon), each part switched by its visual setting:
 *  - muzzle flash (visual.muzzle_flash_size 0-10, 0 = off): an additive, camera-facing quad
 *    with the soft particle texture at the muzzle for MUZZLE_FLASH_MS after each shot;
 *  - tracer bullets (visual.tracer_bullets): a bright streak from the muzzle to where the shot
 *    ended (the hit target, or the wall), thin instances (one draw call);
 *  - bullet holes (visual.bullet_holes): a decal (assets/images/bullet_hole.png) where a missed
 *    shot meets a wall, the floor or the ceiling; at most MAX_BULLET_HOLES, the oldest recycled;
 *    thin instances (one draw call).
 * Maths in shotMaths.ts.
 */
import type { Scene } from '@babylonjs/core/scene';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import { CreatePlane } from '@babylonjs/core/Meshes/Builders/planeBuilder';
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Texture } from '@babylonjs/core/Materials/Textures/texture';
import { Material } from '@babylonjs/core/Materials/material';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Constants } from '@babylonjs/core/Engines/constants';
import { IMAGE_URLS } from '../assetUrls';
import { InstanceBatch } from './instanceBatch';
import { markNear } from './nearDepth';
import {
  BULLET_HOLE_LIFT, BULLET_HOLE_SIZE, MAX_BULLET_HOLES, muzzleFlashSize, RingPool, tracerSpan, TRACER_MS,
  writeBasisMatrix, writeSegmentMatrix, type RoomHit,
} from './shotMaths';

type V3 = { x: number; y: number; z: number };

/** Most tracers drawn at once. */
export const MAX_TRACERS = 24;
/** Tracer streak cross-section, metres. */
export const TRACER_WIDTH = 0.012;

interface Tracer { from: V3; dir: V3; dist: number; at: number }

/** The shot effects of a scene. */
export class ShotEffects {
  readonly flash: Mesh;
  private readonly flashMat: StandardMaterial;
  private lastShotAt = -Infinity;
  private readonly tracers: Tracer[] = [];
  private readonly tracerBatch: InstanceBatch;
  private readonly holes = new RingPool<RoomHit>(MAX_BULLET_HOLES);
  private readonly holeBatch: InstanceBatch;
  private holesDirty = true;
  private readonly a: V3 = { x: 0, y: 0, z: 0 };
  private readonly b: V3 = { x: 0, y: 0, z: 0 };

  /** @param flashSize visual.muzzle_flash_size (0-10; 0 = no flash)
   * @param flashScale the weapon's flash size relative to that setting (effects/weaponView.ts
   * WEAPON_PLACEMENTS: pistol 0.7, rifle 1, sniper 1.5) */
  constructor(scene: Scene, private readonly flashSize: number, private readonly tracersOn: boolean, private readonly holesOn: boolean,
    private readonly flashScale = 1) {
    // muzzle flash: additive soft quad, always facing the camera
    this.flash = CreatePlane('muzzleFlash', { size: 1 }, scene);
    this.flash.isPickable = false;
    this.flash.billboardMode = 7; // Mesh.BILLBOARDMODE_ALL
    this.flashMat = new StandardMaterial('muzzleFlashMat', scene);
    this.flashMat.disableLighting = true;
    this.flashMat.emissiveColor = new Color3(1, 0.78, 0.35);
    this.flashMat.diffuseTexture = new Texture(IMAGE_URLS.particle, scene);
    this.flashMat.diffuseTexture.hasAlpha = true;
    this.flashMat.useAlphaFromDiffuseTexture = true;
    this.flashMat.opacityTexture = this.flashMat.diffuseTexture;
    this.flashMat.alphaMode = Constants.ALPHA_ADD;
    this.flashMat.disableDepthWrite = true;
    this.flashMat.backFaceCulling = false;
    this.flash.material = this.flashMat;
    markNear(this.flash); // over the scene, as the weapon (nearDepth.ts)
    this.flash.isVisible = false;

    const tracerMesh = CreateBox('tracers', { size: 1 }, scene);
    const tm = new StandardMaterial('tracerMat', scene);
    tm.disableLighting = true; // unlit: emissive (white) × the instance colour
    tm.emissiveColor = new Color3(1, 1, 1);
    tm.diffuseColor = new Color3(0, 0, 0);
    tm.specularColor = new Color3(0, 0, 0);
    tracerMesh.material = tm;
    this.tracerBatch = new InstanceBatch(tracerMesh, MAX_TRACERS);
    tracerMesh.isVisible = tracersOn;

    const holeMesh = CreatePlane('bulletHoles', { size: 1, sideOrientation: 2 /* Mesh.DOUBLESIDE */ }, scene);
    const hm = new StandardMaterial('bulletHoleMat', scene);
    const ht = new Texture(IMAGE_URLS.bulletHole, scene);
    ht.hasAlpha = true;
    hm.opacityTexture = ht; // the decal's alpha, blended over the wall
    hm.diffuseColor = new Color3(0.04, 0.04, 0.045);
    hm.transparencyMode = Material.MATERIAL_ALPHABLEND;
    hm.disableDepthWrite = true;
    hm.specularColor = new Color3(0, 0, 0);
    hm.zOffset = -2; // drawn over the wall it sits on
    holeMesh.material = hm;
    holeMesh.receiveShadows = false;
    this.holeBatch = new InstanceBatch(holeMesh, MAX_BULLET_HOLES);
    holeMesh.isVisible = holesOn;
  }

  /** Records a shot fired at page time `now` from `muzzle` along unit `dir`, ending `dist`
   * metres away; `wall` is where it met the room when it hit no target (for a bullet hole). */
  shot(now: number, muzzle: V3, dir: V3, dist: number, wall: RoomHit | null): void {
    this.lastShotAt = now;
    if (this.tracersOn && dist > 0) {
      if (this.tracers.length >= MAX_TRACERS) this.tracers.shift();
      this.tracers.push({ from: { ...muzzle }, dir: { ...dir }, dist, at: now });
    }
    if (this.holesOn && wall) {
      this.holes.push(wall);
      this.holesDirty = true;
    }
  }

  /** Number of bullet holes kept now (≤ MAX_BULLET_HOLES). */
  get holeCount(): number {
    return this.holes.size;
  }

  /** Updates the flash (placed at `muzzle`, world metres) and the tracer / hole batches for
   * page time `now` (ms). */
  frame(now: number, muzzle: V3): void {
    const size = muzzleFlashSize(this.flashSize, now - this.lastShotAt) * this.flashScale;
    this.flash.isVisible = size > 0;
    if (size > 0) {
      this.flash.position.set(muzzle.x, muzzle.y, muzzle.z);
      this.flash.scaling.set(size, size, size);
      this.flash.rotation.z = (now * 0.37) % (Math.PI * 2); // a different star each shot
    }
    if (this.tracersOn) {
      this.tracerBatch.begin();
      for (let k = this.tracers.length - 1; k >= 0; k--) {
        const t = this.tracers[k];
        if (now - t.at >= TRACER_MS) { this.tracers.splice(k, 1); continue; }
        const span = tracerSpan(t.dist, now - t.at);
        if (!span) continue;
        const i = this.tracerBatch.next();
        if (i < 0) break;
        this.a.x = t.from.x + t.dir.x * span.from; this.a.y = t.from.y + t.dir.y * span.from; this.a.z = t.from.z + t.dir.z * span.from;
        this.b.x = t.from.x + t.dir.x * span.to; this.b.y = t.from.y + t.dir.y * span.to; this.b.z = t.from.z + t.dir.z * span.to;
        writeSegmentMatrix(this.tracerBatch.matrices, i * 16, this.a, this.b, TRACER_WIDTH);
        this.tracerBatch.setColour(i, 1, 0.9, 0.55);
      }
      this.tracerBatch.commit();
    }
    if (this.holesOn && this.holesDirty) {
      this.holesDirty = false;
      this.holeBatch.begin();
      this.holes.forEach((h) => {
        const i = this.holeBatch.next();
        if (i < 0) return;
        writeBasisMatrix(this.holeBatch.matrices, i * 16, h.nx, h.ny, h.nz, BULLET_HOLE_SIZE, BULLET_HOLE_SIZE, 1,
          h.x + h.nx * BULLET_HOLE_LIFT, h.y + h.ny * BULLET_HOLE_LIFT, h.z + h.nz * BULLET_HOLE_LIFT);
        this.holeBatch.setColour(i, 1, 1, 1);
      });
      this.holeBatch.commit();
    }
  }

  /** Forgets shots, tracers and holes (a new round). */
  reset(): void {
    this.lastShotAt = -Infinity;
    this.tracers.length = 0;
    this.holes.clear();
    this.holesDirty = true;
  }

  dispose(): void {
    this.flash.dispose();
    this.flashMat.dispose(true, true);
    this.tracerBatch.dispose();
    this.holeBatch.dispose();
  }
}
