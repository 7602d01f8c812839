/**
 * The hit, kill and shot effects of a drill view, each switched by its game option (spec
 * sections 3 and 9, `visual` group): despawn animation style and on-hit target flash (drawn by
 * targetRenderer.ts from what is set here), explode particles and on-hit bursts
 * (particleRenderer.ts), muzzle flash, tracers and bullet holes (shotEffects.ts) and the
 * weapon with its sway and sight colour (weaponView.ts).
 *
 * The game loop calls `frame(events, now, engine, alpha)` once per frame after the camera
 * pose is set and before the targets are synced and the scene renders.
 */
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { DrillEngine, EngineEvent } from '../../contracts/engine';
import type { GameOptions } from '../../contracts/gameOptions';
import type { DrillConfig } from '../../contracts/drillConfig';
import type { GameScene } from '../scene';
import { ROOM } from '../room';
import { WEAPON_MESH_URLS } from '../assetUrls';
import { weaponModelOf, type WeaponModel } from '../../contracts/weaponModels';
import { despawnStyleOf, type DespawnStyle } from './despawnStyles';
import { hitFlashAmount, HIT_FLASH_MS } from './targetTransform';
import { hitBurstAt, onHitEffectEnabled, pruneBursts, type HitBurst } from './particles';
import { ParticleRenderer } from './particleRenderer';
import { ShotEffects } from './shotEffects';
import { NO_WEAPON_MUZZLE, WEAPON_PLACEMENTS, WeaponView } from './weaponView';
import { aimDirection, rayRoomHit } from './shotMaths';
import { drawNearFirst } from './nearDepth';
import { ReturnMarker } from './returnMarker';

/** What the effects drew in the last frame (for the debug hook and the e2e tests). */
export interface EffectsStats {
  despawnStyle: DespawnStyle;
  /** particles drawn (sparks + on-hit bursts, ≤ 64) */
  particles: number;
  /** bullet holes kept */
  holes: number;
  /** the muzzle flash is drawn */
  muzzleFlash: boolean;
  /** the weapon is loaded and drawn (not while zoomed in ADS) */
  weapon: boolean;
  /** the weapon model of the drill's weapon_type (drawn or not) */
  weaponModel: WeaponModel;
  /** the return-to-centre ring is drawn (returnMarker.ts: a return_to_centre drill waiting for
   * the aim after a kill) */
  returnMarker: boolean;
}

/** The effects of one built scene. */
export class GameEffects {
  private readonly particles: ParticleRenderer;
  private readonly shots: ShotEffects;
  private weapon: WeaponView | null = null;
  private readonly style: DespawnStyle;
  private readonly onHitTarget: boolean;
  private readonly onHitEffect: boolean;
  private readonly hitAt = new Map<number, number>();
  private readonly bursts: HitBurst[] = [];
  private engine: DrillEngine | null = null;
  private now = 0;
  private lastParticles = 0;
  private readonly muzzle = new Vector3();
  private readonly local = new Vector3();
  /** the return-to-centre ring (drills with return_to_centre; null otherwise) */
  private readonly returnMarker: ReturnMarker | null;
  /** the weapon model of the drill's weapon_type */
  readonly weaponModel: WeaponModel;

  private constructor(private readonly gs: GameScene, options: GameOptions, drill: DrillConfig) {
    const v = options.visual;
    this.weaponModel = weaponModelOf(drill.weapon?.type);
    this.style = despawnStyleOf(v?.target_despawn_animation);
    this.onHitTarget = v?.on_hit_target !== false;
    this.onHitEffect = onHitEffectEnabled(v, drill.weapon?.automatic === true);
    this.particles = new ParticleRenderer(gs.scene);
    this.shots = new ShotEffects(gs.scene, v?.muzzle_flash_size ?? 6, v?.tracer_bullets === true, v?.bullet_holes === true,
      WEAPON_PLACEMENTS[this.weaponModel].flash);
    // the weapon and the muzzle flash are drawn over the scene (nearDepth.ts), the weapon first
    drawNearFirst(gs.scene);
    const eye: [number, number, number] = [drill.playerStart[0] + drill.playerOffset[0], drill.playerStart[1] + drill.playerOffset[1], drill.playerStart[2] + drill.playerOffset[2]];
    this.returnMarker = drill.returnToCentre ? new ReturnMarker(gs.scene, eye, drill.returnPos, drill.returnAngleDeg) : null;
    gs.targets.style = this.style;
    gs.targets.setOutline(v?.target_outline === true);
    gs.targets.hitFlashOf = this.onHitTarget ? (eid) => {
      const at = this.hitAt.get(eid);
      return at === undefined ? 0 : hitFlashAmount(this.now - at);
    } : null;
  }

  /**
   * Builds the effects for `gs` with the player's `options` and the `drill` (weapon automatic
   * or not picks the on-hit setting; its weapon_type the weapon model and the muzzle flash's
   * size). The weapon glb (visual.show_weapon) is loaded here; a weapon that fails to load is
   * logged and not drawn.
   */
  static async create(gs: GameScene, options: GameOptions, drill: DrillConfig): Promise<GameEffects> {
    const fx = new GameEffects(gs, options, drill);
    if (options.visual?.show_weapon !== false) {
      try {
        fx.weapon = await WeaponView.load(gs.scene, gs.camera, WEAPON_MESH_URLS[fx.weaponModel], fx.weaponModel, gs.lights,
          options.visual?.sight_colour, options.visual?.weapon_sway !== false);
      } catch (err) {
        console.error('Weapon model failed to load; playing without it:', err);
      }
    }
    return fx;
  }

  /** Forgets everything of the previous round. */
  reset(): void {
    this.hitAt.clear();
    this.bursts.length = 0;
    this.shots.reset();
    this.returnMarker?.frame(false);
  }

  /** One frame: `events` drained this frame, page time `now` (ms), the round's `engine`
   * (its `zoom` > 1, aiming down sights with a zoom, hides the weapon: WeaponView.setShown). */
  frame(events: readonly EngineEvent[], now: number, engine: DrillEngine, _alpha = 1): void {
    if (engine !== this.engine) {
      this.engine = engine;
      this.reset();
    }
    this.now = now;
    const cam = this.gs.camera;
    cam.computeWorldMatrix();
    this.returnMarker?.frame(engine.awaitingReturn);
    this.weapon?.setShown(!(engine.zoom > 1));
    this.weapon?.frame(engine.yaw, engine.pitch, now);
    if (this.weapon?.shown) this.weapon.muzzleWorld(this.muzzle);
    else {
      this.local.set(NO_WEAPON_MUZZLE.x, NO_WEAPON_MUZZLE.y, NO_WEAPON_MUZZLE.z);
      Vector3.TransformCoordinatesToRef(this.local, cam.getWorldMatrix(), this.muzzle);
    }

    let hitTargets: Map<number, { x: number; y: number; z: number; r: number }> | null = null;
    for (const e of events) {
      if (e.type !== 'hit' && e.type !== 'miss') continue;
      const eye = engine.eye;
      const dir = aimDirection(engine.yaw, engine.pitch);
      const wall = rayRoomHit(eye, dir, ROOM);
      let endDist = wall ? wall.t : 50;
      if (e.type === 'hit') {
        if (!hitTargets) {
          const map = new Map<number, { x: number; y: number; z: number; r: number }>();
          engine.forEachTarget((t) => { map.set(t.eid, { x: t.x, y: t.y, z: t.z, r: t.radius }); });
          hitTargets = map;
        }
        const t = hitTargets.get(e.eid);
        if (this.onHitTarget) this.hitAt.set(e.eid, now);
        if (t) {
          endDist = Math.hypot(t.x - eye.x, t.y - eye.y, t.z - eye.z) - t.r;
          if (this.onHitEffect) this.bursts.push(hitBurstAt(t.x, t.y, t.z, t.r, eye, now, e.crit));
        }
      }
      const end = { x: eye.x + dir.x * endDist, y: eye.y + dir.y * endDist, z: eye.z + dir.z * endDist };
      const mx = end.x - this.muzzle.x, my = end.y - this.muzzle.y, mz = end.z - this.muzzle.z;
      const md = Math.hypot(mx, my, mz) || 1;
      this.shots.shot(now, this.muzzle, { x: mx / md, y: my / md, z: mz / md }, md, e.type === 'miss' ? wall : null);
    }
    if (this.hitAt.size > 0) for (const [eid, at] of this.hitAt) if (now - at >= HIT_FLASH_MS) this.hitAt.delete(eid);
    pruneBursts(this.bursts, now);
    this.lastParticles = this.particles.sync(engine, this.style === 'explode', this.bursts, now, engine.eye);
    this.shots.frame(now, this.muzzle);
  }

  /** What the last frame drew. */
  stats(): EffectsStats {
    return {
      despawnStyle: this.style,
      particles: this.lastParticles,
      holes: this.shots.holeCount,
      muzzleFlash: this.shots.flash.isVisible,
      weapon: this.weapon !== null && this.weapon.shown,
      weaponModel: this.weaponModel,
      returnMarker: this.returnMarker?.visible === true,
    };
  }

  dispose(): void {
    this.gs.targets.hitFlashOf = null;
    this.particles.dispose();
    this.shots.dispose();
    this.returnMarker?.dispose();
    this.weapon?.dispose();
    this.weapon = null;
  }
}
