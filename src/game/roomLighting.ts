/**
 * The room's lighting baked into colours (pure; no Babylon, so it is unit-tested on its own).
 *
 * The room is made of flat faces (the box's walls and ceiling, the floor) lit by a hemispheric
 * light and a directional one, with no specular term: Babylon's StandardMaterial then computes
 * the same colour for every fragment of a face. Issue 18 item 2 ("a cheaper room with the same
 * look"): that colour is computed here once and drawn unlit (emissive / vertex colour), so the
 * room's fragments no longer run the light loop. The formulas are Babylon 9's, read from its
 * shader sources (Shaders/ShadersInclude/lightsFragmentFunctions.js and default.fragment.js):
 *  - hemispheric: `mix(ground · i, diffuse · i, dot(N, normalize(dir)) · 0.5 + 0.5)`
 *    (`computeHemisphericLighting`; the ground colour is scaled by the intensity in
 *    HemisphericLight.transferToEffect, the light's diffuse in Light._bindLight);
 *  - directional: `max(0, dot(N, normalize(−dir))) · diffuse · i` (`computeLighting`);
 *  - the material: `clamp(Σ lights · diffuseColor + emissive + ambientColor · sceneAmbient, 0, 1)
 *    · texture` (`finalDiffuse`, no specular, image processing at its identity defaults).
 * Colours are linear 0-1 RGB triples; directions need not be unit length.
 */

/** An RGB colour, each channel 0-1 (linear, as Babylon's Color3). */
export type Rgb = readonly [number, number, number];
/** A direction or normal (x, y, z; any length > 0). */
export type Vec3 = readonly [number, number, number];

/** The room's two lights as scene.ts sets them up (light colours white, specular unused). */
export interface RoomLights {
  /** the hemispheric light's direction (toward the sky) */
  hemiDirection: Vec3;
  /** its intensity (0.75 × brightness in scene.ts) */
  hemiIntensity: number;
  /** its ground colour (before the intensity) */
  hemiGround: Rgb;
  /** the directional light's direction (where the light travels) */
  sunDirection: Vec3;
  /** its intensity (0.45 × brightness) */
  sunIntensity: number;
}

/** The room's lights for the light multiplier `brightness` (brightness.ts sceneBrightness):
 * the hemisphere from (0, 1, 0.3) at 0.75 with a (0.35, 0.35, 0.4) ground, the sun along
 * (−0.3, −0.8, −0.5) at 0.45 (our choice of look, unchanged from the first room: the factory
 * room's). `mix` (roomStyles.ts RoomLook.lights) scales the two intensities and replaces the
 * ground colour for the other rooms; the directions stay (the shadow patch follows the sun). */
export function roomLights(brightness: number, mix?: { hemi: number; sun: number; ground: Rgb }): RoomLights {
  return {
    hemiDirection: [0, 1, 0.3],
    hemiIntensity: 0.75 * brightness * (mix?.hemi ?? 1),
    hemiGround: mix?.ground ?? [0.35, 0.35, 0.4],
    sunDirection: [-0.3, -0.8, -0.5],
    sunIntensity: 0.45 * brightness * (mix?.sun ?? 1),
  };
}

const unit = (v: Vec3): Vec3 => {
  const l = Math.hypot(v[0], v[1], v[2]);
  if (!(l > 0)) throw new Error('roomLighting: a zero-length direction');
  return [v[0] / l, v[1] / l, v[2] / l];
};
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

/** The hemispheric light's diffuse term on a face of normal `normal` (per channel, before the
 * material's diffuse colour). */
export function hemiTerm(lights: RoomLights, normal: Vec3): Rgb {
  const t = dot(unit(normal), unit(lights.hemiDirection)) * 0.5 + 0.5;
  const i = lights.hemiIntensity;
  const g = lights.hemiGround;
  return [g[0] * i * (1 - t) + i * t, g[1] * i * (1 - t) + i * t, g[2] * i * (1 - t) + i * t];
}

/** The directional light's diffuse term (Lambert) on a face of normal `normal`, unshadowed. */
export function sunTerm(lights: RoomLights, normal: Vec3): number {
  const l = unit(lights.sunDirection);
  return Math.max(0, dot(unit(normal), [-l[0], -l[1], -l[2]])) * lights.sunIntensity;
}

/**
 * The colour StandardMaterial draws on a flat face of normal `normal` (the normal the shader
 * uses: the mesh's own, not flipped for back faces) with `diffuse` and `ambient` colours under
 * `lights` and a scene ambient colour of white, before the texture multiplies it. `sun` false
 * leaves the directional light out (it is then added by the lit shader: the shadow receiver).
 */
export function bakedFaceColour(lights: RoomLights, normal: Vec3, diffuse: Rgb, ambient: Rgb, sun = true): Rgb {
  const h = hemiTerm(lights, normal);
  const s = sun ? sunTerm(lights, normal) : 0;
  return [
    clamp01((h[0] + s) * diffuse[0] + ambient[0]),
    clamp01((h[1] + s) * diffuse[1] + ambient[1]),
    clamp01((h[2] + s) * diffuse[2] + ambient[2]),
  ];
}

/**
 * RGBA vertex colours (alpha 1) for `normals` (x, y, z per vertex, any length > 0): each
 * vertex's bakedFaceColour with `diffuse` and `ambient` (the sun included). Used for the room's
 * box (roomBuilder.ts) and the weapon (effects/weaponView.ts, normals turned to its rest pose).
 */
export function bakedVertexColours(lights: RoomLights, normals: ArrayLike<number>, diffuse: Rgb, ambient: Rgb): Float32Array {
  const n = Math.floor(normals.length / 3);
  const colours = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) {
    const c = bakedFaceColour(lights, [normals[i * 3], normals[i * 3 + 1], normals[i * 3 + 2]], diffuse, ambient);
    colours[i * 4] = c[0]; colours[i * 4 + 1] = c[1]; colours[i * 4 + 2] = c[2]; colours[i * 4 + 3] = 1;
  }
  return colours;
}

/** A rectangle of the floor, metres (x and z bounds). */
export interface FloorRect { minX: number; maxX: number; minZ: number; maxZ: number }

/**
 * Where on the floor (the plane y = `floorY`) the shadows of `spheres` (centre x, y, z and
 * radius, metres, 4 numbers a sphere) thrown along `sunDirection` (where the light travels; its
 * y must be < 0) can fall, grown by `margin` metres (the shadow filter's blur) and clipped to
 * `bounds`: the union of each sphere's shadow bound, its centre projected along the sun onto the
 * floor ± radius / |unit direction y| (a sphere's shadow on a plane stretches by at most
 * 1 / cos of the light's angle to the plane's normal). Null when there is no sphere or the union
 * misses `bounds`. Throws when the sun does not point down.
 */
export function shadowFootprint(spheres: ArrayLike<number>, count: number, sunDirection: Vec3, floorY: number,
  bounds: FloorRect, margin: number): FloorRect | null {
  const d = unit(sunDirection);
  if (!(d[1] < 0)) throw new Error('shadowFootprint: the sun must point down (direction y < 0)');
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = spheres[i * 4], y = spheres[i * 4 + 1], z = spheres[i * 4 + 2], r = spheres[i * 4 + 3];
    const k = (floorY - y) / d[1];
    const px = x + d[0] * k, pz = z + d[2] * k;
    const reach = r / -d[1] + margin;
    minX = Math.min(minX, px - reach); maxX = Math.max(maxX, px + reach);
    minZ = Math.min(minZ, pz - reach); maxZ = Math.max(maxZ, pz + reach);
  }
  const out = { minX: Math.max(bounds.minX, minX), maxX: Math.min(bounds.maxX, maxX), minZ: Math.max(bounds.minZ, minZ), maxZ: Math.min(bounds.maxZ, maxZ) };
  return out.minX < out.maxX && out.minZ < out.maxZ ? out : null;
}
