/**
 * The return-to-centre marker (drills with `return_to_centre`: spec sections 3 and 4; issue 35):
 * after a kill the next target waits until the aim is back within the drill's return angle of
 * the eye -> `return_pos` direction (returnToCentreSystem.ts). While it waits, a ring is drawn
 * round that direction whose angular radius IS the return angle, so the player sees where to go
 * and how close counts: the crosshair inside the ring is back. A white ring with a dark rim
 * reads on every room and theme (light or dark walls); it is hidden while nothing waits.
 *
 * The ring stands MARKER_DISTANCE_M from the eye along that direction (return_pos itself is
 * usually 40 m out, behind the room's far wall), facing the eye, unlit, in the round's chunk.
 */
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { CreateTorus } from '@babylonjs/core/Meshes/Builders/torusBuilder';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import type { Scene } from '@babylonjs/core/scene';
import type { Vec3 } from '../../contracts/drillConfig';

/** How far from the eye the ring stands, metres: inside the 48 m room, in front of its far
 * wall (24 m out from the room's centre) for the default eye. */
export const MARKER_DISTANCE_M = 12;
/** The white ring's and the dark rim's tube widths as a share of the ring's radius, with a
 * floor in radians of view (about 2.5 px and 5.5 px at 1280 px over a 103° horizontal fov,
 * 509 px per radian, for the default 3° angle: radius 27 px). */
const CORE_WIDTH = { share: 0.09, minRad: 0.005 };
const RIM_WIDTH = { share: 0.2, minRad: 0.011 };

/** Where the ring stands and how big it is: its centre, metres from the world origin; its
 * radius, metres (the return angle at MARKER_DISTANCE_M); the core and rim tube widths,
 * metres. Throws when `returnAngleDeg` is not in (0, 90). */
export function returnMarkerGeometry(eye: Vec3, returnPos: Vec3, returnAngleDeg: number): { centre: Vec3; radius: number; core: number; rim: number } {
  if (!(returnAngleDeg > 0 && returnAngleDeg < 90)) throw new Error(`returnMarkerGeometry: return angle ${returnAngleDeg}° is not in (0, 90)`);
  let dx = returnPos[0] - eye[0], dy = returnPos[1] - eye[1], dz = returnPos[2] - eye[2];
  const len = Math.hypot(dx, dy, dz);
  if (len === 0) { dx = 0; dy = 0; dz = -1; } else { dx /= len; dy /= len; dz /= len; }
  const d = MARKER_DISTANCE_M;
  const radius = d * Math.tan((returnAngleDeg * Math.PI) / 180);
  const width = (w: { share: number; minRad: number }) => Math.max(radius * w.share, d * w.minRad);
  return { centre: [eye[0] + dx * d, eye[1] + dy * d, eye[2] + dz * d], radius, core: width(CORE_WIDTH), rim: width(RIM_WIDTH) };
}

/** The ring of a return-to-centre drill (see the module comment). */
export class ReturnMarker {
  private readonly core: Mesh;
  private readonly rim: Mesh;
  private readonly materials: StandardMaterial[] = [];
  private shown = false;

  /** Builds the ring, hidden, for the eye `eye` (the drill's playerStart + playerOffset, metres),
   * `returnPos` and the return angle (degrees). */
  constructor(scene: Scene, eye: Vec3, returnPos: Vec3, returnAngleDeg: number) {
    const g = returnMarkerGeometry(eye, returnPos, returnAngleDeg);
    const at = new Vector3(eye[0], eye[1], eye[2]);
    const ring = (name: string, width: number, colour: Color3, back: number): Mesh => {
      // a torus of the ring's radius (diameter 2r, tube `width`), turned so that its axis is the
      // local z axis, then faced to the eye (lookAt turns local +z towards it)
      const m = CreateTorus(name, { diameter: 2 * g.radius, thickness: width, tessellation: 96 }, scene);
      m.bakeTransformIntoVertices(Matrix.RotationX(Math.PI / 2));
      // the rim a hair behind the core, so the core draws over it (no z-fighting)
      const k = 1 + back;
      m.position.set(eye[0] + (g.centre[0] - eye[0]) * k, eye[1] + (g.centre[1] - eye[1]) * k, eye[2] + (g.centre[2] - eye[2]) * k);
      m.scaling.setAll(k);
      m.lookAt(at);
      const mat = new StandardMaterial(`${name}-mat`, scene);
      mat.disableLighting = true;
      mat.emissiveColor = colour;
      mat.diffuseColor = Color3.Black();
      mat.specularColor = Color3.Black();
      m.material = mat;
      m.isPickable = false;
      m.receiveShadows = false;
      m.setEnabled(false);
      this.materials.push(mat);
      return m;
    };
    this.rim = ring('return-marker-rim', g.rim, new Color3(0.06, 0.07, 0.09), 0.004);
    this.core = ring('return-marker', g.core, new Color3(1, 1, 1), 0);
  }

  /** Shows the ring while the engine waits for the aim (`awaiting`: DrillEngine.awaitingReturn). */
  frame(awaiting: boolean): void {
    if (awaiting === this.shown) return;
    this.shown = awaiting;
    this.core.setEnabled(awaiting);
    this.rim.setEnabled(awaiting);
  }

  /** Whether the ring is drawn now. */
  get visible(): boolean {
    return this.shown;
  }

  dispose(): void {
    this.core.dispose();
    this.rim.dispose();
    for (const m of this.materials) m.dispose();
  }
}
