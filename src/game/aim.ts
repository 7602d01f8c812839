/**
 * Aim and camera orientation maths (pure; no Babylon, no DOM). Angles in degrees unless a name
 * says radians; positions in metres.
 *
 * Engine convention (contracts/engine.ts): right-handed, y up; the aim for yaw θ, pitch φ is
 *   d(θ, φ) = (sin θ · cos φ, sin φ, −cos θ · cos φ);
 * yaw increasing turns RIGHT (towards +x from −z), pitch increasing looks UP.
 *
 * Babylon (scene.useRightHandedSystem = true): a TargetCamera's forward is its reference point
 * (0, 0, −1) (Vector3.Forward(true)) transformed by Matrix.RotationYawPitchRoll(rot.y, rot.x,
 * rot.z), i.e. (column form) Ry(rot.y) · Rx(rot.x) · Rz(rot.z) applied to (0, 0, −1), with the
 * right-hand rotations
 *   Rx(a)·(0,0,−1) = (0, sin a, −cos a),
 *   Ry(b)·(x,y,z)  = (x cos b + z sin b, y, −x sin b + z cos b).
 * So with rot = (φ, β, 0): forward = Ry(β)·(0, sin φ, −cos φ) = (−sin β cos φ, sin φ, −cos β cos φ).
 * Setting β = −θ gives (sin θ cos φ, sin φ, −cos θ cos φ) = d(θ, φ): the aimed direction is
 * exactly the view axis, i.e. the screen centre. Hence rotation = (pitch, −yaw, 0) in radians.
 * The up vector stays (0, 1, 0) and LookAtRH keeps +x on screen-right at yaw 0, so increasing
 * yaw turns the view right. (Checked numerically against Babylon 9.28 with a NullEngine: the
 * projection of eye + 10·d(θ, φ) lands on the viewport centre for θ, φ ∈ {(0,0), (30,0),
 * (90,0), (−45,20), (200,−60)}, and a point one metre to the player's right lands right of it.)
 */

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;

/** Babylon camera rotation (radians; x = pitch about X, y = yaw about Y, z = roll) for an aim
 * of `yawDeg`, `pitchDeg` degrees in a right-handed scene (see the file comment). */
export function cameraRotationFor(yawDeg: number, pitchDeg: number): { x: number; y: number; z: number } {
  return { x: pitchDeg * D2R, y: -yawDeg * D2R, z: 0 };
}

/** The unit aim direction (x, y, z) for `yawDeg`, `pitchDeg` degrees (engine convention). */
export function aimDirection(yawDeg: number, pitchDeg: number): { x: number; y: number; z: number } {
  const t = yawDeg * D2R;
  const p = pitchDeg * D2R;
  return { x: Math.sin(t) * Math.cos(p), y: Math.sin(p), z: -Math.cos(t) * Math.cos(p) };
}

/** `deg` wrapped into [−180, 180). */
export function wrap180(deg: number): number {
  const w = ((((deg + 180) % 360) + 360) % 360) - 180;
  return w;
}

/**
 * Yaw and pitch (degrees, engine convention) of the direction (dx, dy, dz) (any length > 0).
 * The yaw is unwrapped to lie within ±180° of `nearYawDeg` (so it can be compared with an
 * engine yaw that has turned past ±180°). Returns pitch in [−90, 90].
 */
export function yawPitchOf(dx: number, dy: number, dz: number, nearYawDeg = 0): { yaw: number; pitch: number } {
  const len = Math.hypot(dx, dy, dz);
  if (len === 0) return { yaw: nearYawDeg, pitch: 0 };
  const yaw0 = Math.atan2(dx, -dz) * R2D;
  const pitch = Math.asin(Math.max(-1, Math.min(1, dy / len))) * R2D;
  const yaw = nearYawDeg + wrap180(yaw0 - nearYawDeg);
  return { yaw, pitch };
}

/** The view's orthonormal basis for an aim of `yawDeg`, `pitchDeg` (engine convention):
 * `forward` = aimDirection, `right` = (cos θ, 0, sin θ) (screen right), `up` = right × forward
 * = (−sin θ sin φ, cos φ, cos θ sin φ) (screen up). Writes into and returns `out`. */
export function viewBasis(yawDeg: number, pitchDeg: number, out: ViewBasis = newViewBasis()): ViewBasis {
  const t = yawDeg * D2R;
  const p = pitchDeg * D2R;
  const st = Math.sin(t), ct = Math.cos(t), sp = Math.sin(p), cp = Math.cos(p);
  out.fx = st * cp; out.fy = sp; out.fz = -ct * cp;
  out.rx = ct; out.ry = 0; out.rz = st;
  out.ux = -st * sp; out.uy = cp; out.uz = ct * sp;
  return out;
}

/** A view basis (viewBasis): forward f, right r, up u, unit vectors. */
export interface ViewBasis { fx: number; fy: number; fz: number; rx: number; ry: number; rz: number; ux: number; uy: number; uz: number }

/** A zeroed ViewBasis to write into. */
export function newViewBasis(): ViewBasis {
  return { fx: 0, fy: 0, fz: 0, rx: 0, ry: 0, rz: 0, ux: 0, uy: 0, uz: 0 };
}
