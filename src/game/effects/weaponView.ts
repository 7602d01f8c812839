/**
 * The first-person weapon (visual.show_weapon): the model of the drill's weapon_type
 * (src/contracts/weaponModels.ts: assets/meshes/weapon_{pistol,rifle,sniper}.glb; metres, barrel
 * along −z, grip top at the origin; its 'muzzle' and 'sight' nodes say where the flash starts and
 * the sight dot sits) held at the lower right of the view (WEAPON_PLACEMENTS: each model its own
 * pose and size), parented to the camera and
 * drawn over the scene, never clipped by a wall (its depth squeezed to the nearest end, drawn
 * first: nearDepth.ts), with a sight dot in visual.sight_colour on the front sight and, with
 * visual.weapon_sway, a lag behind fast aim movements (shotMaths.ts swayStep). The model is
 * loaded without its glTF materials (no PBR shader): gunmetal and polymer colours lit by the room's two lights as they fall on the weapon
 * at the view's rest pose (aim straight ahead), baked into vertex colours and drawn unlit
 * (roomLighting.ts, the room's own formulas; no specular highlight). The weapon moves with the
 * view, so lighting it per frame from the world's lights bought a shading that changed as the
 * player turned and cost 9-12 ms a frame under SwiftShader (drill 134, every option on, in-page
 * A/B: BENCHMARKS.md, 2026-11-26 third stop). The model's parts are merged into one mesh (one
 * draw), its triangles nearest the eye first (triangleOrder.ts); the sight dot is a disc facing
 * the eye (16 triangles).
 */
import type { Scene } from '@babylonjs/core/scene';
import type { Camera } from '@babylonjs/core/Cameras/camera';
import { TransformNode } from '@babylonjs/core/Meshes/transformNode';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { CreateDisc } from '@babylonjs/core/Meshes/Builders/discBuilder';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Matrix, Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer';
import { bakedVertexColours, type RoomLights, type Rgb } from '../roomLighting';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader';
import '@babylonjs/loaders/glTF/2.0/glTFLoader';
import { hexToRgb01 } from '../targetVisual';
import { swayStep } from './shotMaths';
import { MIDDLE_VIEW_LAYER } from '../multiView';
import { frontToBackIndices } from './triangleOrder';
import { markNear } from './nearDepth';
import type { WeaponModel } from '../../contracts/weaponModels';

/** How a weapon model is held in the view: `rest`, where its grip sits in camera space, metres
 * (x right, y up, −z ahead); `turn`, its rotation (radians about x, then y: turned a little
 * inward so the barrel points near the crosshair); `scale`, the size it is drawn at (its glb is
 * in metres; a smaller gun reads better at wide fovs and hides less of the drill); `flash`, the
 * muzzle flash's size relative to visual.muzzle_flash_size (a pistol's is small, a sniper's
 * large); `dotRadius`, the sight dot's radius in the model's metres. Our choice of look, tuned
 * on 1280x720 screenshots at the default fov 103. */
export interface WeaponPlacement {
  rest: { x: number; y: number; z: number };
  turn: { x: number; y: number };
  scale: number;
  flash: number;
  dotRadius: number;
}

/** The placement of each weapon model (see WeaponPlacement). */
export const WEAPON_PLACEMENTS: Readonly<Record<WeaponModel, WeaponPlacement>> = {
  pistol: { rest: { x: 0.2, y: -0.13, z: -0.32 }, turn: { x: 0.03, y: 0.12 }, scale: 0.92, flash: 0.7, dotRadius: 0.0032 },
  rifle: { rest: { x: 0.16, y: -0.16, z: -0.38 }, turn: { x: 0.02, y: 0.1 }, scale: 0.6, flash: 1, dotRadius: 0.006 },
  sniper: { rest: { x: 0.16, y: -0.165, z: -0.3 }, turn: { x: 0.02, y: 0.08 }, scale: 0.55, flash: 1.5, dotRadius: 0.006 },
};

/** Where the muzzle flash and tracers start when no weapon is drawn (camera space, metres). */
export const NO_WEAPON_MUZZLE = { x: 0.16, y: -0.14, z: -0.9 } as const;

/** Gunmetal (the receiver) and polymer (the other parts): diffuse and emissive colours, lit by
 * the room's lights (our choice of look). */
const METAL = { diffuse: [0.2, 0.21, 0.24], emissive: [0.05, 0.05, 0.06] } as const satisfies { diffuse: Rgb; emissive: Rgb };
const POLYMER = { diffuse: [0.1, 0.1, 0.11], emissive: [0.04, 0.04, 0.045] } as const satisfies { diffuse: Rgb; emissive: Rgb };
/** The glb's node names (scripts/generate-assets/weapons.ts) → their look: gunmetal, black
 * polymer, the accent (the sniper's tan stock, the rifle's rail and magazine: a dark olive-tan)
 * and the scope glass (deep blue with a faint glint). */
const LOOKS: Readonly<Record<string, { diffuse: Rgb; emissive: Rgb }>> = {
  metal: METAL,
  receiver: METAL,
  polymer: POLYMER,
  accent: { diffuse: [0.36, 0.31, 0.22], emissive: [0.07, 0.06, 0.045] },
  lens: { diffuse: [0.1, 0.22, 0.34], emissive: [0.03, 0.07, 0.12] },
};

/**
 * Gives `mesh` per-vertex colours: `diffuse` lit by `lights` (hemispheric and directional, as
 * StandardMaterial computes them, roomLighting.ts bakedFaceColour) on each vertex normal turned
 * by `rest` (the weapon's rotation in the view; the view at rest looks along −z with no turn, so
 * that is its rotation in the world), plus `emissive` (roomLighting.ts bakedVertexColours).
 * Throws when the mesh has no normals.
 */
function bakeWeaponMesh(mesh: Mesh, lights: RoomLights, rest: Matrix, diffuse: Rgb, emissive: Rgb): void {
  const normals = mesh.getVerticesData(VertexBuffer.NormalKind);
  if (!normals) throw new Error(`weapon part ${mesh.name} has no normals`);
  const turned = new Float32Array(normals.length);
  const v = new Vector3();
  for (let i = 0; i + 2 < normals.length; i += 3) {
    Vector3.TransformNormalFromFloatsToRef(normals[i], normals[i + 1], normals[i + 2], rest, v);
    turned[i] = v.x; turned[i + 1] = v.y; turned[i + 2] = v.z;
  }
  mesh.setVerticesData(VertexBuffer.ColorKind, bakedVertexColours(lights, turned, diffuse, emissive), false);
}

/** The eye (the camera's origin) in the space of `root`, the weapon's node under the camera, at
 * its rest pose: metres of the model. */
function eyeInWeapon(root: TransformNode): Vector3 {
  const toWeapon = Matrix.Compose(root.scaling, Quaternion.FromEulerVector(root.rotation), root.position).invert();
  return Vector3.TransformCoordinates(Vector3.Zero(), toWeapon);
}

/** The weapon of a scene. */
export class WeaponView {
  readonly root: TransformNode;
  readonly meshes: Mesh[] = [];
  private readonly muzzle: TransformNode;
  private sway = { x: 0, y: 0 };
  private lastAim: { yaw: number; pitch: number; at: number } | null = null;

  private readonly rest: { x: number; y: number; z: number };

  private constructor(scene: Scene, camera: Camera, private readonly swayOn: boolean, readonly model: WeaponModel) {
    const place = WEAPON_PLACEMENTS[model];
    this.rest = place.rest;
    this.root = new TransformNode('weapon', scene);
    this.root.parent = camera;
    this.root.position.set(place.rest.x, place.rest.y, place.rest.z);
    this.root.rotation.set(place.turn.x, place.turn.y, 0);
    this.root.scaling.set(place.scale, place.scale, place.scale);
    this.muzzle = new TransformNode('muzzle', scene);
    this.muzzle.parent = this.root;
  }

  /**
   * Loads weapon model `model`'s glb (`url`: weaponMeshUrl) into `scene` under `camera`, its
   * colours lit by `lights` (the room's: GameScene.lights). `sightColour` is visual.sight_colour
   * ('#rrggbb'; the default '#ffe711' when unreadable): the dot on the glb's 'sight' node, none
   * where the model has no such node (the sniper: its sight is the scope). Rejects when the glb
   * cannot be loaded or has no 'muzzle' node.
   */
  static async load(scene: Scene, camera: Camera, url: string, model: WeaponModel, lights: RoomLights,
    sightColour: string | null | undefined, sway: boolean): Promise<WeaponView> {
    const view = new WeaponView(scene, camera, sway, model);
    const container = await LoadAssetContainerAsync(url, scene, { pluginExtension: '.glb', pluginOptions: { gltf: { skipMaterials: true } } });
    container.addAllToScene();
    // the marker nodes: their glTF translations, in the model's metres (the loader's root node,
    // which turns glTF's right-handed space, is dropped below as for the meshes)
    const marker = (name: string): Vector3 | null => {
      const n = container.transformNodes.find((t) => t.name === name);
      return n ? n.position.clone() : null;
    };
    const muzzleAt = marker('muzzle');
    const sightAt = marker('sight');
    for (const t of container.transformNodes) t.dispose();
    if (!muzzleAt) { for (const m of container.meshes) m.dispose(); throw new Error(`${url} has no muzzle node`); }
    view.muzzle.position.copyFrom(muzzleAt);
    // unlit: the baked vertex colour is the colour (clamp(1) · vertex colour)
    const baked = new StandardMaterial('weaponBaked', scene);
    baked.disableLighting = true;
    baked.emissiveColor = new Color3(1, 1, 1);
    baked.ambientColor = new Color3(0, 0, 0);
    baked.specularColor = new Color3(0, 0, 0);
    const rest = Matrix.RotationYawPitchRoll(view.root.rotation.y, view.root.rotation.x, view.root.rotation.z);
    const eye = eyeInWeapon(view.root);
    const parts: Mesh[] = [];
    for (const m of container.meshes) {
      if (m instanceof Mesh && m.getTotalVertices() > 0) {
        m.setParent(null);
        m.position.set(0, 0, 0);
        m.rotationQuaternion = null;
        m.rotation.set(0, 0, 0);
        m.scaling.set(1, 1, 1);
        m.computeWorldMatrix(true);
        const look = LOOKS[m.name] ?? POLYMER;
        bakeWeaponMesh(m, lights, rest, look.diffuse, look.emissive);
        parts.push(m);
      }
    }
    for (const m of container.meshes) if (!parts.includes(m as Mesh)) m.dispose();
    if (parts.length === 0) throw new Error(`${url} has no geometry`);
    // one mesh (one draw; each part's look is in its vertex colours), its triangles nearest the
    // eye first: a pixel the weapon covers twice is shaded once, the farther part failing the
    // depth test
    const body = parts.length === 1 ? parts[0] : Mesh.MergeMeshes(parts, true, true);
    if (!body) throw new Error(`${url}: the weapon's parts could not be merged`);
    body.name = 'weapon';
    const idx = body.getIndices();
    const pos = body.getVerticesData(VertexBuffer.PositionKind);
    if (idx && pos) body.setIndices(frontToBackIndices(idx, pos, eye));
    body.parent = view.root;
    body.material = baked;
    body.isPickable = false;
    markNear(body);
    body.layerMask = MIDDLE_VIEW_LAYER; // multi-monitor mode: the middle view only
    body.alwaysSelectAsActiveMesh = true;
    view.meshes.push(body);
    if (!sightAt) return view;
    const dotRadius = WEAPON_PLACEMENTS[model].dotRadius;
    const rgb = hexToRgb01(sightColour, [1, 0.906, 0.067]);
    const sightMat = new StandardMaterial('weaponSight', scene);
    sightMat.disableLighting = true;
    sightMat.emissiveColor = new Color3(rgb[0], rgb[1], rgb[2]);
    // a disc square to the line to the eye (the camera's origin, in the weapon's space): unlit, it
    // draws what a sphere of its radius drew (a dot of one colour) from 16 triangles, not 256
    sightMat.backFaceCulling = false;
    const dot = CreateDisc('weaponSightDot', { radius: dotRadius, tessellation: 16 }, scene);
    dot.parent = view.root;
    dot.position.copyFrom(sightAt); // on top of the front sight
    dot.lookAt(eye);
    // moved toward the eye by its radius, to where the sphere's front was: the front sight's
    // post does not cover its lower edge
    dot.position.addInPlace(eye.subtract(dot.position).normalize().scale(dotRadius));
    dot.material = sightMat;
    dot.isPickable = false;
    markNear(dot);
    dot.layerMask = MIDDLE_VIEW_LAYER;
    view.meshes.push(dot);
    return view;
  }

  /** The muzzle's world position now (metres); call after the camera pose is set. */
  muzzleWorld(out: Vector3): Vector3 {
    this.root.computeWorldMatrix(true);
    this.muzzle.computeWorldMatrix(true);
    return out.copyFrom(this.muzzle.getAbsolutePosition());
  }

  /** Moves the weapon for the aim (degrees) at page time `now` (ms): the sway lag when on. */
  frame(yaw: number, pitch: number, now: number): void {
    if (!this.swayOn) return;
    const last = this.lastAim;
    this.lastAim = { yaw, pitch, at: now };
    if (!last) return;
    let dYaw = yaw - last.yaw;
    if (dYaw > 180) dYaw -= 360; else if (dYaw < -180) dYaw += 360;
    this.sway = swayStep(this.sway, dYaw, pitch - last.pitch, now - last.at);
    this.root.position.set(this.rest.x + this.sway.x, this.rest.y + this.sway.y, this.rest.z);
  }

  /** Shows or hides the weapon: hidden while aiming down sights with a zoom, where the
   * divided fov would magnify the camera-held model over the view (the ADS crosshair, when the
   * player has one, takes its place). */
  setShown(shown: boolean): void {
    if (this.root.isEnabled() !== shown) this.root.setEnabled(shown);
  }

  /** Whether the weapon is drawn now. */
  get shown(): boolean {
    return this.root.isEnabled();
  }

  dispose(): void {
    for (const m of this.meshes) m.dispose(false, true);
    this.root.dispose();
  }
}
