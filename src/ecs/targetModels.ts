/**
 * Target models: THE shape table of every model (spec section 9: "Target crit zones are per
 * model"), shared by the engine's hit test (systems/shootingSystem.ts) and the mesh generator
 * (scripts/generate-assets/meshes.ts builds assets/meshes/{model}.glb from it), so the hit
 * shape is the drawn shape and a crit zone is a drawn part.
 *
 * Units: the target radius r (metres; the engine's hit radius, at the shot's time for growing
 * targets), y up, centred on the target centre, front toward +z (the player at the default
 * position; a drill's `target_face_player` turns the model about y toward the eye, and the
 * drill's target scale stretches it per axis, exactly as the view draws it). Every part lies
 * inside the unit sphere, so the bounding sphere of radius r stays the hit test's cheap first
 * reject.
 *
 * | model      | parts (hit volumes)                                           | crit zone        |
 * |------------|---------------------------------------------------------------|------------------|
 * | 'sphere'   | the unit sphere                                               | a drawn core,    |
 * |            |                                                               | only with config |
 * |            |                                                               | `critCore`       |
 * | 'humanoid' | head sphere, torso capsule, 2 leg capsules, 2 arm capsules    | the head         |
 * | 'plate'    | a thin disc facing +z (a steel plate)                         | none             |
 * | 'bot'      | a body capsule and a head sphere above it                     | the head         |
 *
 * The humanoid is 1.91 r tall (feet at −0.97 r, head top at 0.94 r): a player's 1.8 m at a
 * target_size of about 0.95 m; its proportions (head a sixth of the height, arms hanging apart
 * from the torso with a gap of 0.09 r) are our choice, the spec names per-model crit zones but
 * gives no shapes.
 */

/** A sphere of a model's shape, in units of r (centre x, y, radius). */
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

/** A disc (a capped cylinder along z: radius, half thickness), in units of r. */
export interface ModelDisc {
  radius: number;
  halfDepth: number;
}

/**
 * THE shape table (see the file comment). `sphere.body` is the unit sphere; `humanoid`: head,
 * torso, legs at x = ±legX, arms at x = ±armX; `plate.disc` a disc in the x-y plane; `bot`:
 * body capsule and head sphere.
 */
export const TARGET_MODEL_SHAPES = {
  sphere: { body: { y: 0, radius: 1 } as ModelSphere },
  humanoid: {
    head: { y: 0.78, radius: 0.16 } as ModelSphere,
    torso: { y0: 0.0, y1: 0.45, radius: 0.2 } as ModelCapsule,
    /** legs at x = ±legX */
    legs: { y0: -0.88, y1: -0.15, radius: 0.09 } as ModelCapsule,
    legX: 0.1,
    /** arms at x = ±armX */
    arms: { y0: -0.3, y1: 0.45, radius: 0.07 } as ModelCapsule,
    armX: 0.36,
  },
  plate: { disc: { radius: 0.95, halfDepth: 0.05 } as ModelDisc },
  bot: {
    head: { y: 0.7, radius: 0.24 } as ModelSphere,
    body: { y0: -0.52, y1: 0.08, radius: 0.4 } as ModelCapsule,
  },
} as const;

/** Head sphere centre above the target centre, as a fraction of the radius ('humanoid'). */
export const HUMANOID_HEAD_OFFSET = TARGET_MODEL_SHAPES.humanoid.head.y;
/** Head sphere radius as a fraction of the target radius ('humanoid'). */
export const HUMANOID_HEAD_RADIUS = TARGET_MODEL_SHAPES.humanoid.head.radius;

/** Part kinds of a compiled part table. */
export const PART_SPHERE = 0;
/** a vertical capsule */
export const PART_CAPSULE = 1;
/** a disc facing +z */
export const PART_DISC = 2;

/** One hit volume of a model, in units of r (see TARGET_MODEL_SHAPES). */
export interface ModelPart {
  /** the glb node it is drawn in ('head', 'body') */
  node: string;
  /** PART_SPHERE | PART_CAPSULE | PART_DISC */
  kind: number;
  /** centre x and z (× r) */
  x: number;
  z: number;
  /** sphere, disc: centre y (y0 = y1); capsule: axis ends */
  y0: number;
  y1: number;
  /** radius (× r) */
  radius: number;
  /** disc: half thickness along z (× r); 0 otherwise */
  halfDepth: number;
  /** a hit on this part is a crit */
  crit: boolean;
}

const sph = (node: string, s: ModelSphere, crit: boolean, x = 0): ModelPart =>
  ({ node, kind: PART_SPHERE, x, z: 0, y0: s.y, y1: s.y, radius: s.radius, halfDepth: 0, crit });
const cap = (node: string, c: ModelCapsule, x: number): ModelPart =>
  ({ node, kind: PART_CAPSULE, x, z: 0, y0: c.y0, y1: c.y1, radius: c.radius, halfDepth: 0, crit: false });

/**
 * The hit volumes of `model` (a TARGET_MODELS name), from TARGET_MODEL_SHAPES. The sphere's
 * body is not a crit part: its crit core is the drill's (`critCore`, `critZone`). Throws
 * RangeError for an unknown model.
 */
export function modelParts(model: string): ModelPart[] {
  const S = TARGET_MODEL_SHAPES;
  switch (model) {
    case 'sphere': return [sph('body', S.sphere.body, false)];
    case 'humanoid': {
      const h = S.humanoid;
      return [
        sph('head', h.head, true),
        cap('body', h.torso, 0),
        cap('body', h.legs, -h.legX), cap('body', h.legs, h.legX),
        cap('body', h.arms, -h.armX), cap('body', h.arms, h.armX),
      ];
    }
    case 'plate': {
      const d = S.plate.disc;
      return [{ node: 'body', kind: PART_DISC, x: 0, z: 0, y0: 0, y1: 0, radius: d.radius, halfDepth: d.halfDepth, crit: false }];
    }
    case 'bot': return [sph('head', S.bot.head, true), cap('body', S.bot.body, 0)];
    default: throw new RangeError(`modelParts: unknown target model ${JSON.stringify(model)}`);
  }
}

/** Floats per part in a compiled table: [kind, x, z, y0, y1, radius, halfDepth, crit 0|1]. */
export const PART_STRIDE = 8;

/** `modelParts(model)` as one flat Float64Array (PART_STRIDE floats per part) for the engine's
 * allocation-free hit test. Throws as modelParts. */
export function compileModelParts(model: string): Float64Array {
  const parts = modelParts(model);
  const a = new Float64Array(parts.length * PART_STRIDE);
  parts.forEach((p, i) => {
    a.set([p.kind, p.x, p.z, p.y0, p.y1, p.radius, p.halfDepth, p.crit ? 1 : 0], i * PART_STRIDE);
  });
  return a;
}

/** Whether `model` has a crit zone the player can see: a crit part, or the sphere's drawn core
 * when the drill asks for one (`critCore`). */
export function modelHasCritZone(model: string, critCore: boolean): boolean {
  if (model === 'sphere') return critCore;
  return modelParts(model).some((p) => p.crit);
}

/** Hit of `rayPartsIn`: the entry distance along the local ray (units of its direction) and
 * whether the part hit first is a crit part; written into the caller's array [t, crit 0|1]. */
const EPS = 1e-12;

/**
 * The ray o + t·d (local unit space of the model, d of any non-zero length) against the parts
 * in `parts` (compileModelParts). Writes into `out` [t, crit] the nearest entry t ≥ 0 and
 * whether that part is a crit part (t = Infinity: no part hit). Allocation-free; plain IEEE
 * arithmetic (sqrt only), so deterministic. Capsule: Inigo Quilez's ray-capsule intersection
 * (iquilezles.org/articles/intersectors); disc: the slab |z| ≤ halfDepth intersected with the
 * cylinder x² + y² ≤ radius²; sphere: the quadratic.
 */
export function rayPartsIn(parts: Float64Array, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
  out: Float64Array): void {
  // a unit direction (t scaled back at the end)
  const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
  dx /= len; dy /= len; dz /= len;
  let best = Infinity, bestCrit = 0;
  for (let o = 0, n = parts.length; o < n; o += PART_STRIDE) {
    const kind = parts[o], px = parts[o + 1], pz = parts[o + 2], y0 = parts[o + 3], y1 = parts[o + 4], ra = parts[o + 5];
    let t = Infinity;
    if (kind === PART_SPHERE) {
      t = raySphere(ox - px, oy - y0, oz - pz, dx, dy, dz, ra);
    } else if (kind === PART_CAPSULE) {
      // iq: capIntersect with pa = (px, y0, pz), pb = (px, y1, pz)
      const bay = y1 - y0;
      const oax = ox - px, oay = oy - y0, oaz = oz - pz;
      const baba = bay * bay, bard = bay * dy, baoa = bay * oay;
      const rdoa = dx * oax + dy * oay + dz * oaz;
      const oaoa = oax * oax + oay * oay + oaz * oaz;
      const a = baba - bard * bard;
      const b = baba * rdoa - baoa * bard;
      const c = baba * oaoa - baoa * baoa - ra * ra * baba;
      const h = b * b - a * c;
      let body = false;
      if (a > EPS && h >= 0) {
        const tb = (-b - Math.sqrt(h)) / a;
        const y = baoa + tb * bard;
        if (y > 0 && y < baba) { body = true; if (tb >= 0) t = tb; }
      }
      if (!body) {
        // the caps: the nearer of the two end spheres
        const t0 = raySphere(oax, oay, oaz, dx, dy, dz, ra);
        const t1 = raySphere(oax, oy - y1, oaz, dx, dy, dz, ra);
        t = t0 < t1 ? t0 : t1;
      }
    } else {
      // disc: slab in z, cylinder in x-y
      const hd = parts[o + 6];
      const lx = ox - px, ly = oy - y0, lz = oz - pz;
      let tMin = -Infinity, tMax = Infinity;
      if (dz > EPS || dz < -EPS) {
        let ta = (-hd - lz) / dz, tb = (hd - lz) / dz;
        if (ta > tb) { const s = ta; ta = tb; tb = s; }
        tMin = ta; tMax = tb;
      } else if (lz > hd || lz < -hd) tMax = -Infinity;
      const a = dx * dx + dy * dy;
      if (a > EPS) {
        const b = lx * dx + ly * dy;
        const c = lx * lx + ly * ly - ra * ra;
        const h = b * b - a * c;
        if (h < 0) tMax = -Infinity;
        else {
          const sq = Math.sqrt(h);
          const ta = (-b - sq) / a, tb = (-b + sq) / a;
          if (ta > tMin) tMin = ta;
          if (tb < tMax) tMax = tb;
        }
      } else if (lx * lx + ly * ly > ra * ra) tMax = -Infinity;
      if (tMax >= tMin && tMax >= 0) t = tMin >= 0 ? tMin : tMax;
    }
    if (t < best) { best = t; bestCrit = parts[o + 7]; }
  }
  out[0] = best / len;
  out[1] = bestCrit;
}

/** Entry distance of the unit ray from o (relative to the sphere's centre) along d into the
 * sphere of radius `ra`; the exit when o is inside; Infinity when missed or behind. */
function raySphere(lx: number, ly: number, lz: number, dx: number, dy: number, dz: number, ra: number): number {
  const b = lx * dx + ly * dy + lz * dz;
  const c = lx * lx + ly * ly + lz * lz - ra * ra;
  const h = b * b - c;
  if (h < 0) return Infinity;
  const sq = Math.sqrt(h);
  let t = -b - sq;
  if (t < 0) t = -b + sq;
  return t < 0 ? Infinity : t;
}
