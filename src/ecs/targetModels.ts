/**
 * Crit zones per target model (spec section 9: "Target crit zones are per model"). The hit
 * shape of every model is the target sphere (radius r, metres, at the shot's time for growing
 * targets); the crit zone depends on the model (contracts/drillConfig.ts TARGET_MODELS):
 *
 * | model      | crit zone                                                                   |
 * |------------|-----------------------------------------------------------------------------|
 * | 'sphere'   | core: the ray passes within critRadiusFraction x r of the centre            |
 * | 'humanoid' | head: the ray hits the sphere of radius HUMANOID_HEAD_RADIUS x r centred    |
 * |            | HUMANOID_HEAD_OFFSET x r above the centre (y up), i.e. the top of the body  |
 *
 * The humanoid proportions are our choice (a head about a fifth of the body height sitting at
 * its top); the spec names per-model crit zones but gives no shapes.
 */

/** A sphere of a model's shape, in units of the target radius r (centre offset y, radius). */
export interface ModelSphere {
  /** centre height above the target centre, × r */
  y: number;
  /** radius, × r */
  radius: number;
}

/** A vertical capsule (segment from y0 to y1 on the axis, radius), in units of r. */
export interface ModelCapsule {
  y0: number;
  y1: number;
  radius: number;
}

/**
 * THE shape table of every target model, in units of the target radius r, y up, centred on the
 * target centre: the engine's crit test (isCritHitIn) reads the humanoid head from it and the
 * mesh generator (scripts/generate-assets/meshes.ts) builds assets/meshes/{model}.glb from it,
 * so the drawn head and the crit zone are the same sphere. Every part lies inside the unit
 * sphere (the hit shape). `sphere.core` is drawn nowhere (its crit zone is the drill's
 * critRadiusFraction); `humanoid.body`: torso capsule, two leg capsules, two arm capsules.
 */
export const TARGET_MODEL_SHAPES = {
  sphere: { body: { y: 0, radius: 1 } as ModelSphere },
  humanoid: {
    head: { y: 0.7, radius: 0.25 } as ModelSphere,
    torso: { y0: -0.05, y1: 0.3, radius: 0.2 } as ModelCapsule,
    /** legs at x = ±legX */
    legs: { y0: -0.8, y1: -0.2, radius: 0.09 } as ModelCapsule,
    legX: 0.11,
    /** arms at x = ±armX */
    arms: { y0: -0.35, y1: 0.3, radius: 0.07 } as ModelCapsule,
    armX: 0.3,
  },
} as const;

/** Head sphere centre above the target centre, as a fraction of the radius ('humanoid'). */
export const HUMANOID_HEAD_OFFSET = TARGET_MODEL_SHAPES.humanoid.head.y;
/** Head sphere radius as a fraction of the target radius ('humanoid'). */
export const HUMANOID_HEAD_RADIUS = TARGET_MODEL_SHAPES.humanoid.head.radius;

/** Crit zone kinds, as stored per world: 0 core, 1 head. */
export const CRIT_CORE = 0;
/** = the humanoid head zone */
export const CRIT_HEAD = 1;

/** The crit zone kind of a model name (drill config already validated). */
export function critKindFor(model: string): number {
  return model === 'humanoid' ? CRIT_HEAD : CRIT_CORE;
}

/**
 * Whether a ray from (ox,oy,oz) along the unit vector (dx,dy,dz) that hits the sphere of radius
 * r at (cx,cy,cz) is a crit. `d2` is the squared distance of the centre from the ray line
 * (metres^2), already computed by the hit test. `coreFraction` is critRadiusFraction.
 */
export function isCritHit(
  kind: number, coreFraction: number, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
  cx: number, cy: number, cz: number, r: number, d2: number,
): boolean {
  const a = CRIT_ARGS;
  a[0] = ox; a[1] = oy; a[2] = oz; a[3] = dx; a[4] = dy; a[5] = dz;
  a[6] = cx; a[7] = cy; a[8] = cz; a[9] = r; a[10] = d2; a[11] = coreFraction;
  return isCritHitIn(kind, a);
}

const CRIT_ARGS = new Float64Array(12);

/**
 * `isCritHit` with its numbers in `a` = [ox, oy, oz, dx, dy, dz, cx, cy, cz, r, d2,
 * coreFraction] (same units): the hit test's hot path passes no boxed numbers (no allocation
 * per shot).
 */
export function isCritHitIn(kind: number, a: Float64Array): boolean {
  const ox = a[0], oy = a[1], oz = a[2], dx = a[3], dy = a[4], dz = a[5];
  const cx = a[6], cy = a[7], cz = a[8], r = a[9], d2 = a[10], coreFraction = a[11];
  if (kind === CRIT_CORE) return d2 <= coreFraction * coreFraction * r * r;
  const hy = cy + HUMANOID_HEAD_OFFSET * r;
  const hr = HUMANOID_HEAD_RADIUS * r;
  const lx = cx - ox, ly = hy - oy, lz = cz - oz;
  const tca = lx * dx + ly * dy + lz * dz;
  const hd2 = lx * lx + ly * ly + lz * lz - tca * tca;
  return hd2 <= hr * hr && tca + Math.sqrt(hr * hr - hd2) >= 0;
}
