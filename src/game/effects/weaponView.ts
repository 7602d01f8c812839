/**
 * The first-person weapon (visual.show_weapon): assets/meshes/weapon.glb (metres, barrel along
 * −z, grip top at the origin) held at the lower right of the view, parented to the camera and
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

/** Where the weapon's grip sits in camera space, metres (x right, y up, −z ahead). */
export const WEAPON_REST = { x: 0.17, y: -0.16, z: -0.34 } as const;
/** Size the model is drawn at in the view (its glb is in metres; a smaller gun reads better
 * at wide fovs and hides less of the drill). */
export const WEAPON_VIEW_SCALE = 0.6;
/** The sight dot's radius in the weapon model's metres (our choice; 6 mm). */
export const SIGHT_DOT_RADIUS_M = 0.006;
/** The muzzle in the weapon's own space (barrel end, weapon.glb), metres. */
export const WEAPON_MUZZLE = { x: 0, y: 0.03, z: -0.64 } as const;
/** Where the muzzle flash and tracers start when no weapon is drawn (camera space, metres). */
export const NO_WEAPON_MUZZLE = { x: 0.16, y: -0.14, z: -0.9 } as const;

/** Gunmetal (the receiver) and polymer (the other parts): diffuse and emissive colours, lit by
 * the room's lights (our choice of look). */
const METAL = { diffuse: [0.2, 0.21, 0.24], emissive: [0.05, 0.05, 0.06] } as const satisfies { diffuse: Rgb; emissive: Rgb };
const POLYMER = { diffuse: [0.1, 0.1, 0.11], emissive: [0.04, 0.04, 0.045] } as const satisfies { diffuse: Rgb; emissive: Rgb };

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

  private constructor(scene: Scene, camera: Camera, private readonly swayOn: boolean) {
    this.root = new TransformNode('weapon', scene);
    this.root.parent = camera;
    this.root.position.set(WEAPON_REST.x, WEAPON_REST.y, WEAPON_REST.z);
    // turned a little inward so the barrel points near the crosshair
    this.root.rotation.set(0.02, 0.1, 0);
    this.root.scaling.set(WEAPON_VIEW_SCALE, WEAPON_VIEW_SCALE, WEAPON_VIEW_SCALE);
    this.muzzle = new TransformNode('muzzle', scene);
    this.muzzle.parent = this.root;
    this.muzzle.position.set(WEAPON_MUZZLE.x, WEAPON_MUZZLE.y, WEAPON_MUZZLE.z);
  }

  /**
   * Loads the weapon glb at `url` into `scene` under `camera`, its colours lit by `lights` (the
   * room's: GameScene.lights). `sightColour` is visual.sight_colour ('#rrggbb'; the default
   * '#ffe711' when unreadable). Rejects when the glb cannot be loaded.
   */
  static async load(scene: Scene, camera: Camera, url: string, lights: RoomLights, sightColour: string | null | undefined,
    sway: boolean): Promise<WeaponView> {
    const view = new WeaponView(scene, camera, sway);
    const container = await LoadAssetContainerAsync(url, scene, { pluginExtension: '.glb', pluginOptions: { gltf: { skipMaterials: true } } });
    container.addAllToScene();
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
        const look = m.name === 'receiver' ? METAL : POLYMER;
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
    const rgb = hexToRgb01(sightColour, [1, 0.906, 0.067]);
    const sightMat = new StandardMaterial('weaponSight', scene);
    sightMat.disableLighting = true;
    sightMat.emissiveColor = new Color3(rgb[0], rgb[1], rgb[2]);
    // a disc square to the line to the eye (the camera's origin, in the weapon's space): unlit, it
    // draws what a sphere of its radius drew (a dot of one colour) from 16 triangles, not 256
    sightMat.backFaceCulling = false;
    const dot = CreateDisc('weaponSightDot', { radius: SIGHT_DOT_RADIUS_M, tessellation: 16 }, scene);
    dot.parent = view.root;
    dot.position.set(0, 0.103, -0.19); // on top of the front sight
    dot.lookAt(eye);
    // moved toward the eye by its radius, to where the sphere's front was: the front sight's
    // post does not cover its lower edge
    dot.position.addInPlace(eye.subtract(dot.position).normalize().scale(SIGHT_DOT_RADIUS_M));
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
    this.root.position.set(WEAPON_REST.x + this.sway.x, WEAPON_REST.y + this.sway.y, WEAPON_REST.z);
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
