/**
 * The depth squeeze of the meshes drawn over the scene (nearDepth.ts): their depth moved into
 * the nearest NEAR_DEPTH_SHARE of the depth range, so that nothing farther than
 * nearDepthFloorM can hide them. Pure maths, no Babylon.
 */

/** The share of the depth range (nearest end) the near meshes are squeezed into (our choice:
 * 1 % keeps at least 26 depth steps a millimetre over the weapon's 0.15-0.8 m in a 24-bit
 * buffer, 186 at 0.3 m, and puts everything farther than 1.01 × the near plane behind it). */
export const NEAR_DEPTH_SHARE = 0.01;

/**
 * Clip-space z after the squeeze, for clip-space `z` and `w` of a vertex: NDC depth in [-1, 1]
 * (WebGL) maps to [-1, -1 + 2 · NEAR_DEPTH_SHARE], i.e. z' = −w + (z + w) · share; with
 * `halfRange` (NDC depth in [0, 1], WebGPU) z' = z · share. The GLSL of
 * NearDepthMaterialPlugin computes the same.
 */
export function squeezedClipZ(z: number, w: number, halfRange = false): number {
  return halfRange ? z * NEAR_DEPTH_SHARE : -w + (z + w) * NEAR_DEPTH_SHARE;
}

/**
 * The distance from the eye (metres, along the view axis) beyond which every point lies behind
 * every squeezed point, for a perspective projection with near plane `near` and far plane `far`
 * (metres; OpenGL depth: NDC z = (f + n)/(f − n) − 2fn / ((f − n) d)): the d whose NDC depth is
 * −1 + 2 · NEAR_DEPTH_SHARE.
 */
export function nearDepthFloorM(near: number, far: number): number {
  const ndc = -1 + 2 * NEAR_DEPTH_SHARE;
  return (2 * far * near) / ((far - near) * ((far + near) / (far - near) - ndc));
}
