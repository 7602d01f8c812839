/**
 * The room of every drill view (pure data; no Babylon, so the effect maths and their tests use
 * it too).
 */

/** Room extent in metres: x ∈ [−24, 24], y ∈ [0, 12], z ∈ [−24, 10] (targets live around
 * z −10 … −15 and, for '180' drills, on a 10-15 m half ring around the player at z 3.5). */
export const ROOM = { minX: -24, maxX: 24, minY: 0, maxY: 12, minZ: -24, maxZ: 10 } as const;
