/**
 * The room of a drill view in Babylon (issue 18 item 2, "a cheaper room with the same look"):
 * walls + ceiling (a box seen from inside), a floor a shade darker and the grid lines; the two
 * lights (a hemisphere and the sun, the key light that casts the target shadows) are added with
 * the round's chunk (roomLightSources.ts: they light only the targets and the shadow patch, so
 * the first frame needs neither them nor their code, issue 18 item 1). Deep imports only;
 * room.ts keeps the room's extent as pure data (the shot maths use it without Babylon).
 *
 * What makes it cheap under software rendering (SwiftShader draws every covered pixel's
 * fragment shader on the CPU), the look unchanged:
 *  - the lighting of every flat face is a constant (roomLighting.ts): walls and ceiling are drawn
 *    UNLIT with the colour each face had lit (per-face vertex colours; the room texture still
 *    multiplies), so their fragments are a texture fetch at most, no light loop;
 *  - the floor is unlit too, except one patch: the floor is a 3 × 3 grid of quads whose centre
 *    cell is moved, at each shadow-map redraw, onto the rectangle the targets' shadows can reach
 *    (effects/shadows.ts, shadowFootprint of casterSpheres). That patch is the room's only
 *    shadow receiver (the sun, along (−0.3, −0.8, −0.5), throws the shadows onto the floor: a
 *    target would need to be more than 6 m high beyond 20 m deep to shade the far wall, which
 *    no longer receives) and is lit by the sun alone, the hemisphere's share baked into its
 *    emissive colour: one light; the patch is disabled while shadows are off (it is the only
 *    lit room mesh: the first frame, before the shadows are set up, compiles no lit room shader);
 *  - the walls, the floor and the grid share one shader (unlit, per-vertex colour: white on the
 *    floor and the grid, whose colour is their material's emissive colour);
 *  - back-face culling: the box's front faces are culled (`cullBackFaces = false`), only its
 *    inside is drawn, and its bottom face (under the floor) is removed;
 *  - static geometry: world matrices frozen, always active (never culled per frame), materials
 *    frozen by the caller once the shaders are ready; the grid is one mesh drawn as a line list
 *    by an unlit StandardMaterial (one draw; no LinesMesh, whose ShaderMaterial and colour
 *    shader would be more code and one more shader to compile before the first frame, issue 18
 *    item 1).
 */
import type { Scene } from '@babylonjs/core/scene';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder';
import { Material } from '@babylonjs/core/Materials/material';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer';
import { Texture } from '@babylonjs/core/Materials/Textures/texture';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import { ROOM } from './room';
import { bakedFaceColour, roomLights, sunTerm, type FloorRect, type Rgb, type RoomLights, type Vec3 } from './roomLighting';
import { floorLineWeight, skyBoxLookup, type RoomBox, type RoomLook } from './roomStyles';
import { SKYBOX_URL_BASE } from './assetUrls';
import { drawNearFirst, markLast } from './effects/nearDepth';

/** How far the room box's walls reach under the floor, metres (the box once had a bottom face
 * there: 1 mm under the floor it z-fought into a flicker near the far wall). */
export const ROOM_SINK = 0.5;
/** The floor's grid lines are drawn as pieces of this length, metres: a line that passes the
 * eye crosses the camera's near plane, and under SwiftShader such a line was not drawn at all
 * (from the start pose the floor showed only its lines across the view, none of those running
 * away from the player; turned 90°, the same for the others). Cut in pieces, only the piece
 * passing the eye can be lost, and it lies beside the player, out of the view. */
export const FLOOR_LINE_PIECE_M = 0.5;

/** Diameter of the range's sky dome, metres: inside the camera's far plane (CAMERA_FAR 1000 m)
 * from its centre, the eye. */
export const SKY_DOME_DIAMETER = 500;
/** The sky dome's segments (sphereBuilder: (s + 2) rings of 2 (s + 2) quads, so 12 = 784
 * triangles; 32 was 4,624): its vertex colours (colourSky, each the sky box averaged over the
 * rings' spacing) come every 180° · SKY_DOME_SLICE / 14 ≈ 7.7° of elevation, enough for its
 * faces' smooth gradients. */
const SKY_DOME_SEGMENTS = 12;
/** The share of the sky dome kept, from its top (sphereBuilder's `slice`): 0.6 = down to 18°
 * below the horizon. Below that the floor hides the dome in every direction (its farthest
 * edge seen lowest is the one behind the player: ROOM.maxZ 6.5 m behind the eye at 1.3 m, 11°
 * down), and the dome's pixels there were rasterised for nothing: the whole floor's area of
 * the view (frameProbe: with the dome's draw skipped, the range's frame took 35-50 % less GPU-
 * process CPU, at 32 or 12 segments alike, drawn first or last: pixels, not triangles). */
export const SKY_DOME_SLICE = 0.6;

/** The built room. */
export interface RoomView {
  /** the box: walls + ceiling, seen from inside */
  walls: Mesh;
  floor: Mesh;
  /** the grid lines (one mesh, drawn as a line list) */
  grid: Mesh;
  /** the room's extra geometry (pillars, light panels, neon bands, the range's backstop and
   * berms: one unlit mesh of baked colours); null when the room has none */
  boxes: Mesh | null;
  /** the two lights' values at the room's brightness (roomLighting.ts), for the light sources
   * added after the first frame (roomLightSources.ts) */
  lights: RoomLights;
  /** the meshes no light may light (their lighting is baked): walls, floor, grid */
  unlit: Mesh[];
  /** the room's materials (the caller freezes them once ready, unfreezes them to change) */
  materials: StandardMaterial[];
  /** the meshes that receive the target shadows when they are on (the floor's shadow patch) */
  shadowReceivers: Mesh[];
  /**
   * Moves the floor's shadow patch (the only part of the room that receives and runs the lit,
   * shadow-sampling shader) to `rect` (metres; null: none, the floor all unlit). Ignored (none)
   * while shadows are off. effects/shadows.ts calls it with the targets' shadow footprint each
   * time the shadow map is redrawn.
   */
  setShadowPatch(rect: FloorRect | null): void;
  /**
   * Turns the floor's shadow patch on (true: setShadowPatch places it) or off (false: the whole
   * floor unlit, the patch empty). Call with the shadow generator's presence (null = off) after
   * setting it up; the materials must be unfrozen (the patch's shader changes).
   */
  receiveShadows(on: boolean): void;
  /**
   * Loads the room texture at `url` (the walls' and, re-tiled, the floor's; 128 px a tile per 4 m)
   * with `anisotropy` (1-16) filtering. Rejects with Error('Room texture URL failed to load…').
   */
  loadTexture(url: string, anisotropy: number): Promise<void>;
  /** Loads the sky box (the range room: its six faces, assets/images/skybox, sampled into the
   * sky dome's vertex colours; the other rooms: nothing to do). Rejects with Error('Sky box …
   * failed to load…'). */
  loadSky(): Promise<void>;
  /** Sets the textures' anisotropic filtering level (clamped to 1-16; missing = 16). */
  setAnisotropy(level: number | null | undefined): void;
  /**
   * Draws the room in the colours of `look` (roomStyles.ts roomLookOf of the SAME style, built
   * from the player's new wall, line and target colours: issue 33 item 7, the theme saved in the
   * pause menu applies on Resume): the walls' and boxes' baked vertex colours, the floor's and
   * the grid's material colours, at the room's brightness as built. The materials must be
   * unfrozen (the caller unfreezes and freezes them again). Throws when `look.style` is not the
   * built room's (its geometry differs: a changed room applies on the next load).
   */
  recolour(look: RoomLook): void;
}

const c3 = (rgb: Rgb): Color3 => new Color3(rgb[0], rgb[1], rgb[2]);
const scaled = (rgb: Rgb, k: number): Rgb => [rgb[0] * k, rgb[1] * k, rgb[2] * k];

/** Clamps a video.anisotropy value to 1-16 (missing / not a number: 16). */
function anisotropyOf(level: number | null | undefined): number {
  return typeof level === 'number' && Number.isFinite(level) ? Math.max(1, Math.min(16, level)) : 16;
}

/**
 * Builds the room of `look` (roomStyles.ts roomLookOf: the factory room in the player's wall and
 * line colours, or the studio, the arena, the range) on `scene`, its lights scaled by
 * `brightness` (brightness.ts sceneBrightness: applied by the caller to the factory room only),
 * with the floor all unlit (shadows off: call `receiveShadows(true)` after setting the shadows
 * up, and `setShadowPatch` on each redraw). The box's material is StandardMaterial with
 * lighting disabled and per-face vertex colours = the colour the lit box had (the inside of each
 * face lit with the face's outward normal, as Babylon's one-sided lighting drew it); the range's
 * walls are a sky dome instead, its vertex colours the shipped sky box's, sampled by `loadSky`
 * before the first frame.
 */
export function buildRoom(scene: Scene, look: RoomLook, brightness: number): RoomView {
  const w = ROOM.maxX - ROOM.minX;
  const h = ROOM.maxY - ROOM.minY;
  const d = ROOM.maxZ - ROOM.minZ;
  const lights: RoomLights = roomLights(brightness, look.lights);
  const line = look.line;

  // walls + ceiling: a box whose inside is drawn, unlit, one baked colour a face; the range: a
  // sky dome instead, centred on the eye (infiniteDistance), its vertex colours the shipped sky
  // box's (loadSky: sampled once, per vertex direction), drawn by the same unlit vertex-colour
  // program as the walls of the other rooms (it was the cube map itself, in SKYBOX_MODE: a
  // shader program of its own with a cube-texture fetch per pixel over the upper half of the
  // view, 1.5x the factory's frame time under SwiftShader: BENCHMARKS.md "render per room")
  const walls = look.sky
    ? CreateSphere('room', { diameter: SKY_DOME_DIAMETER, segments: SKY_DOME_SEGMENTS, slice: SKY_DOME_SLICE }, scene)
    : CreateBox('room', { width: w, height: h + ROOM_SINK, depth: d }, scene);
  if (look.sky) {
    walls.infiniteDistance = true;
    markLast(walls); // behind everything: drawn last, its hidden pixels never shaded
    drawNearFirst(scene); // (the group's order: near meshes, the rest, the last; nearDepth.ts)
  }
  else walls.position.set((ROOM.minX + ROOM.maxX) / 2, (ROOM.minY + ROOM.maxY - ROOM_SINK) / 2, (ROOM.minZ + ROOM.maxZ) / 2);
  walls.isPickable = false;
  if (look.sky) walls.setVerticesData(VertexBuffer.ColorKind, whiteColours(walls.getTotalVertices()), true); // (loadSky colours it)
  else {
    bakeBox(walls, lights, (n) => faceColourOf(look, n), look.ambient);
    removeBottomFace(walls);
  }
  const wallMat = new StandardMaterial('wallMat', scene);
  wallMat.disableLighting = true;
  wallMat.emissiveColor = new Color3(1, 1, 1); // clamp(1)·texture·vertex colour = the baked colour
  wallMat.ambientColor = new Color3(0, 0, 0);
  wallMat.specularColor = new Color3(0, 0, 0);
  wallMat.backFaceCulling = true;
  wallMat.cullBackFaces = false; // cull the outside: only the faces the player sees from inside
  walls.material = wallMat;

  // the floor: a 3 × 3 grid of quads whose centre cell is the shadow patch (setShadowPatch):
  // the eight others are unlit (baked colour), the patch is lit by the sun and receives
  const up = [0, 1, 0] as const;
  const floorMat = new StandardMaterial('floorMat', scene);
  floorMat.disableLighting = true;
  floorMat.ambientColor = new Color3(0, 0, 0);
  floorMat.specularColor = new Color3(0, 0, 0);
  floorMat.diffuseColor = new Color3(0, 0, 0); // unused (no lights); the texture still multiplies
  const patchMat = new StandardMaterial('floorShadowMat', scene);
  patchMat.ambientColor = new Color3(0, 0, 0);
  patchMat.specularColor = new Color3(0, 0, 0);
  /** the floor's colours for `l`: the unlit cells its baked colour; the patch clamp(sun · shadow
   * · diffuse + emissive) with emissive = hemisphere · diffuse + ambient: what the two lights drew */
  /** the floor's drawn colour for `l` (its unlit cells) */
  const floorDrawnOf = (l: RoomLook): Rgb => bakedFaceColour(lights, up, l.floor, scaled(l.floor, l.floorAmbient), true);
  const colourFloor = (l: RoomLook): void => {
    const ambientOf = scaled(l.floor, l.floorAmbient);
    floorMat.emissiveColor = c3(floorDrawnOf(l));
    patchMat.diffuseColor = c3(l.floor);
    patchMat.emissiveColor = c3(bakedFaceColour(lights, up, l.floor, ambientOf, false));
  };
  colourFloor(look);
  for (const m of [floorMat, patchMat]) m.backFaceCulling = false; // a plane seen from above only
  const floor = new Mesh('floor', scene);
  const patch = new Mesh('floorShadow', scene);
  const floorGrid = floorGridData(null);
  floorGrid.rest.applyToMesh(floor, true);
  floorGrid.patch.applyToMesh(patch, true);
  floor.material = floorMat;
  patch.material = patchMat;
  floor.isPickable = false;
  patch.isPickable = false;
  // white vertex colours (the colour is the material's): the floor and the grid then draw with
  // the walls' shader (the same defines), one program to compile before the first frame
  floor.setVerticesData(VertexBuffer.ColorKind, whiteColours(16), false);
  // the patch is drawn (and its lit shader compiled) only while shadows are on (receiveShadows)
  patch.setEnabled(false);

  // grid lines in the line colour (look.lines; the factory: floor every 2 m in
  // FLOOR_LINE_PIECE_M pieces, front wall every 2 m; one mesh, one draw)
  const ends: number[] = [];
  /** each vertex's share of the line colour (floorLineWeight: the far floor's lines fade into
   * the floor; the far wall's lines are drawn whole) */
  const weights: number[] = [];
  const seg = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, w0 = 1, w1 = 1): void => {
    ends.push(x0, y0, z0, x1, y1, z1);
    weights.push(w0, w1);
  };
  const yf = ROOM.minY + 0.01;
  const zf = ROOM.minZ + 0.01;
  /** a floor line from (x0, z0) to (x1, z1), in pieces of at most FLOOR_LINE_PIECE_M */
  const floorLine = (x0: number, z0: number, x1: number, z1: number, stepM: number): void => {
    const pieces = Math.ceil(Math.hypot(x1 - x0, z1 - z0) / FLOOR_LINE_PIECE_M);
    const along = z0 === z1 ? 'x' : 'z';
    for (let i = 0; i < pieces; i++) {
      const a = i / pieces, b = (i + 1) / pieces;
      const xa = x0 + (x1 - x0) * a, za = z0 + (z1 - z0) * a, xb = x0 + (x1 - x0) * b, zb = z0 + (z1 - z0) * b;
      seg(xa, yf, za, xb, yf, zb, floorLineWeight(along, stepM, xa, za), floorLineWeight(along, stepM, xb, zb));
    }
  };
  const { floorStepX, floorStepZ, farStep } = look.lines;
  if (floorStepX) for (let x = ROOM.minX; x <= ROOM.maxX; x += floorStepX) floorLine(x, ROOM.minZ, x, ROOM.maxZ, floorStepX);
  if (floorStepZ) for (let z = ROOM.minZ; z <= ROOM.maxZ; z += floorStepZ) floorLine(ROOM.minX, z, ROOM.maxX, z, floorStepZ);
  if (farStep) {
    for (let x = ROOM.minX; x <= ROOM.maxX; x += farStep) seg(x, ROOM.minY, zf, x, ROOM.maxY, zf);
    for (let y = ROOM.minY; y <= ROOM.maxY; y += farStep) seg(ROOM.minX, y, zf, ROOM.maxX, y, zf);
  }
  const grid = new Mesh('grid', scene);
  const gridData = new VertexData();
  gridData.positions = ends;
  gridData.indices = Array.from({ length: ends.length / 3 }, (_, i) => i);
  gridData.colors = whiteColours(ends.length / 3);
  gridData.applyToMesh(grid, true);
  /** the grid's vertex colours: the line colour `l` faded by each vertex's weight into the
   * floor's drawn colour `f` (clamp(1) · vertex colour, as the walls draw theirs) */
  const colourGrid = (l: Rgb, f: Rgb): void => {
    const c = new Float32Array(weights.length * 4);
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i];
      c[i * 4] = f[0] + (l[0] - f[0]) * w;
      c[i * 4 + 1] = f[1] + (l[1] - f[1]) * w;
      c[i * 4 + 2] = f[2] + (l[2] - f[2]) * w;
      c[i * 4 + 3] = 1;
    }
    grid.updateVerticesData(VertexBuffer.ColorKind, c);
  };
  const gridMat = new StandardMaterial('gridMat', scene);
  gridMat.fillMode = Material.LineListDrawMode; // 1 px lines, as a LinesMesh draws them
  gridMat.disableLighting = true;
  gridMat.emissiveColor = new Color3(1, 1, 1); // clamp(1) · vertex colour: colourGrid's
  colourGrid(line, floorDrawnOf(look));
  gridMat.diffuseColor = new Color3(0, 0, 0);
  gridMat.ambientColor = new Color3(0, 0, 0);
  gridMat.specularColor = new Color3(0, 0, 0);
  gridMat.backFaceCulling = false;
  grid.material = gridMat;
  grid.isPickable = false;

  // the extra geometry: one mesh of baked (or glowing) boxes in the walls' unlit shader
  let boxes: Mesh | null = null;
  let boxMat: StandardMaterial | null = null;
  if (look.boxes.length > 0) {
    boxes = new Mesh('roomBoxes', scene);
    boxesData(look.boxes, lights, look.ambient, look.backdrop).applyToMesh(boxes, false);
    boxMat = new StandardMaterial('roomBoxMat', scene);
    boxMat.disableLighting = true;
    boxMat.emissiveColor = new Color3(1, 1, 1);
    boxMat.diffuseColor = new Color3(0, 0, 0);
    boxMat.ambientColor = new Color3(0, 0, 0);
    boxMat.specularColor = new Color3(0, 0, 0);
    boxMat.backFaceCulling = false;
    boxes.material = boxMat;
    boxes.isPickable = false;
  }
  for (const m of [walls, floor, patch, grid, ...(boxes ? [boxes] : [])]) {
    // (the sky dome follows the eye: its world matrix is computed each frame)
    if (!(look.sky && m === walls)) m.freezeWorldMatrix();
    m.alwaysSelectAsActiveMesh = true; // always in view: no per-frame culling test
  }

  let receiving = false;
  const setShadowPatch = (rect: FloorRect | null): void => {
    const g = floorGridData(receiving ? rect : null);
    floor.updateVerticesData(VertexBuffer.PositionKind, g.restPositions);
    floor.updateVerticesData(VertexBuffer.UVKind, g.restUvs);
    patch.updateVerticesData(VertexBuffer.PositionKind, g.patchPositions);
    patch.updateVerticesData(VertexBuffer.UVKind, g.patchUvs);
  };
  const receiveShadows = (on: boolean): void => {
    receiving = on;
    patch.receiveShadows = on;
    patch.setEnabled(on);
    if (!on) setShadowPatch(null);
  };
  // the sun's Lambert term on the floor is what the receiver adds: if it were 0 the floor
  // could not show a shadow at all (a guard for a changed sun direction)
  if (!(sunTerm(lights, up) > 0)) throw new Error('roomBuilder: the sun does not light the floor');

  const materials = [wallMat, floorMat, patchMat, gridMat, ...(boxMat ? [boxMat] : [])];
  const recolour = (next: RoomLook): void => {
    if (next.style !== look.style) throw new Error(`roomBuilder: cannot recolour the ${look.style} room as the ${next.style} room`);
    if (!next.sky) bakeBox(walls, lights, (n) => faceColourOf(next, n), next.ambient); // (the sky keeps its colours)
    colourFloor(next);
    colourGrid(next.line, floorDrawnOf(next));
    if (boxes) boxes.setVerticesData(VertexBuffer.ColorKind, boxesData(next.boxes, lights, next.ambient, next.backdrop).colors as number[], false);
  };
  return {
    walls, floor, grid, boxes, lights, unlit: [walls, floor, grid, ...(boxes ? [boxes] : [])], materials,
    async loadSky() {
      if (!look.sky) return;
      const faces = await Promise.all(SKY_FACES.map((f) => loadImagePixels(`${SKYBOX_URL_BASE}_${f}.png`)));
      colourSky(walls, faces, (Math.PI * SKY_DOME_SLICE) / (SKY_DOME_SEGMENTS + 2)); // (the rings' spacing)
    },
    shadowReceivers: [patch],
    receiveShadows,
    setShadowPatch,
    async loadTexture(url, anisotropy) {
      if (look.sky) { // the range: the walls are the sky; the texture goes on the floor only
        const tex = await new Promise<Texture>((resolve, reject) => {
          const t: Texture = new Texture(url, scene, {
            onLoad: () => resolve(t),
            onError: (message) => reject(new Error(`Room texture ${url} failed to load${message ? `: ${message}` : ''}`)),
          });
        });
        tex.uScale = w / 4;
        tex.vScale = d / 4;
        tex.anisotropicFilteringLevel = anisotropyOf(anisotropy);
        floorMat.diffuseTexture = tex;
        patchMat.diffuseTexture = tex;
        return;
      }
      const tex = await new Promise<Texture>((resolve, reject) => {
        const t: Texture = new Texture(url, scene, {
          onLoad: () => resolve(t),
          onError: (message) => reject(new Error(`Room texture ${url} failed to load${message ? `: ${message}` : ''}`)),
        });
      });
      tex.uScale = w / 4; // one 128 px tile per 4 m
      tex.vScale = h / 4;
      tex.anisotropicFilteringLevel = anisotropyOf(anisotropy);
      wallMat.diffuseTexture = tex;
      const floorTex = tex.clone();
      floorTex.anisotropicFilteringLevel = tex.anisotropicFilteringLevel;
      floorTex.uScale = w / 4;
      floorTex.vScale = d / 4;
      floorMat.diffuseTexture = floorTex;
      patchMat.diffuseTexture = floorTex;
    },
    recolour,
    setAnisotropy(level) {
      const a = anisotropyOf(level);
      for (const m of materials) if (m.diffuseTexture) m.diffuseTexture.anisotropicFilteringLevel = a;
    },
  };
}

/** `n` RGBA vertex colours of white (1, 1, 1, 1). */
const whiteColours = (n: number): Float32Array => new Float32Array(n * 4).fill(1);

/** The sky box's faces in the order `skyBoxLookup` (roomStyles.ts) numbers them (the file
 * suffixes of assets/images/skybox, Babylon CubeTexture's default extension names). */
const SKY_FACES = ['px', 'nx', 'py', 'ny', 'pz', 'nz'] as const;

/** A decoded image: RGBA bytes, row by row from the top. */
interface ImagePixels { width: number; height: number; data: Uint8ClampedArray }

/** Fetches and decodes the image at `url` (a 2D canvas's getImageData). Rejects with
 * Error('Sky box … failed to load…'). */
async function loadImagePixels(url: string): Promise<ImagePixels> {
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const bitmap = await createImageBitmap(await res.blob());
    const canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(bitmap.width, bitmap.height) : Object.assign(document.createElement('canvas'), { width: bitmap.width, height: bitmap.height });
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!ctx) throw new Error('no 2D context');
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    return { width: canvas.width, height: canvas.height, data: ctx.getImageData(0, 0, canvas.width, canvas.height).data };
  } catch (err) {
    throw new Error(`Sky box ${url} failed to load: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Samples per side of the square of directions a sky dome vertex averages (colourSky). */
const SKY_SAMPLES = 5;

/** Gives the sky dome `mesh` (a sphere centred on its origin) per-vertex colours: the sky box
 * `faces` (SKY_FACES order) averaged over the directions within ±`spreadRad` / 2 of elevation and
 * azimuth of each vertex (SKY_SAMPLES² samples, skyBoxLookup, nearest texel): the box filter a
 * coarse dome needs (a vertex every 8° sampling single texels drew the clouds as blotchy
 * triangles). Throws when the mesh has no positions. */
function colourSky(mesh: Mesh, faces: readonly ImagePixels[], spreadRad: number): void {
  const pos = mesh.getVerticesData(VertexBuffer.PositionKind);
  if (!pos) throw new Error('roomBuilder: the sky dome has no positions');
  const n = pos.length / 3;
  const colours = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) {
    const x = pos[i * 3], y = pos[i * 3 + 1], z = pos[i * 3 + 2];
    const el0 = Math.atan2(y, Math.hypot(x, z));
    const az0 = Math.atan2(x, z);
    let r = 0, g = 0, b = 0;
    for (let a = 0; a < SKY_SAMPLES; a++) {
      const el = Math.max(-Math.PI / 2, Math.min(Math.PI / 2, el0 + spreadRad * (a / (SKY_SAMPLES - 1) - 0.5)));
      for (let c = 0; c < SKY_SAMPLES; c++) {
        const az = az0 + spreadRad * (c / (SKY_SAMPLES - 1) - 0.5);
        const hit = skyBoxLookup(Math.cos(el) * Math.sin(az), Math.sin(el), Math.cos(el) * Math.cos(az));
        const img = faces[hit.face];
        const px = Math.min(img.width - 1, Math.floor(hit.u * img.width));
        const py = Math.min(img.height - 1, Math.floor(hit.v * img.height));
        const o = (py * img.width + px) * 4;
        r += img.data[o];
        g += img.data[o + 1];
        b += img.data[o + 2];
      }
    }
    const k = 1 / (255 * SKY_SAMPLES * SKY_SAMPLES);
    colours.set([r * k, g * k, b * k, 1], i * 4);
  }
  mesh.setVerticesData(VertexBuffer.ColorKind, colours, false);
}

/**
 * Gives the box `mesh` per-vertex colours = the lit colour of each face (its vertex normals are
 * per face; `colourOf(normal)` its diffuse colour, `ambient` × that its ambient colour). Throws
 * when the mesh has no normals.
 */
function bakeBox(mesh: Mesh, lights: RoomLights, colourOf: (normal: Vec3) => Rgb, ambient: number): void {
  const normals = mesh.getVerticesData(VertexBuffer.NormalKind);
  if (!normals) throw new Error('roomBuilder: the box has no normals');
  const n = normals.length / 3;
  const colours = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) {
    const nv: Vec3 = [normals[i * 3], normals[i * 3 + 1], normals[i * 3 + 2]];
    const diffuse = colourOf(nv);
    const c = bakedFaceColour(lights, nv, diffuse, scaled(diffuse, ambient));
    colours.set([c[0], c[1], c[2], 1], i * 4);
  }
  mesh.setVerticesData(VertexBuffer.ColorKind, colours, false);
}

/** Removes the bottom face of the box `mesh` (normal −y: under the floor, never seen). Throws
 * when the mesh has no normals or indices. */
function removeBottomFace(mesh: Mesh): void {
  const normals = mesh.getVerticesData(VertexBuffer.NormalKind);
  const indices = mesh.getIndices();
  if (!normals || !indices) throw new Error('roomBuilder: the box has no normals or indices');
  const kept: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t];
    if (normals[a * 3 + 1] < -0.5) continue; // the bottom face
    kept.push(indices[t], indices[t + 1], indices[t + 2]);
  }
  mesh.setIndices(kept);
}

/** The diffuse colour of the room box's face of outward normal `n`: the ceiling (+y), the wall
 * behind the player (+z), else the backdrop (the far wall, −z, and the side walls, ±x). */
function faceColourOf(look: RoomLook, n: Vec3): Rgb {
  if (n[1] > 0.5) return look.ceiling;
  if (n[2] > 0.5) return look.back;
  return look.backdrop;
}

/** The six faces of an axis-aligned box: outward normal and its 4 corners (counter-clockwise
 * seen from outside). */
const BOX_FACES: ReadonlyArray<{ n: Vec3; corners: ReadonlyArray<readonly [0 | 1, 0 | 1, 0 | 1]> }> = [
  { n: [1, 0, 0], corners: [[1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 0, 1]] },
  { n: [-1, 0, 0], corners: [[0, 0, 1], [0, 1, 1], [0, 1, 0], [0, 0, 0]] },
  { n: [0, 1, 0], corners: [[0, 1, 0], [0, 1, 1], [1, 1, 1], [1, 1, 0]] },
  { n: [0, 0, 1], corners: [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]] },
  { n: [0, 0, -1], corners: [[1, 0, 0], [0, 0, 0], [0, 1, 0], [1, 1, 0]] },
];

/**
 * The room's extra boxes as one mesh (positions, per-vertex colours, indices; no bottom faces):
 * each face in its baked colour under `lights` (diffuse = the box's colour or, with `backdrop`,
 * the room's backdrop colour; ambient `ambient` × it), a `glow` box in its own colour.
 * Their material culls nothing (`backFaceCulling` false): a face is drawn from either side.
 */
function boxesData(list: readonly RoomBox[], lights: RoomLights, ambient: number, backdrop: Rgb): VertexData {
  const positions: number[] = [];
  const colours: number[] = [];
  const indices: number[] = [];
  for (const b of list) {
    const colour = b.backdrop ? backdrop : b.colour;
    for (const f of BOX_FACES) {
      const c = b.glow ? colour : bakedFaceColour(lights, f.n, colour, scaled(colour, ambient));
      const base = positions.length / 3;
      for (const k of f.corners) {
        positions.push(k[0] ? b.max[0] : b.min[0], k[1] ? b.max[1] : b.min[1], k[2] ? b.max[2] : b.min[2]);
        colours.push(c[0], c[1], c[2], 1);
      }
      indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
  }
  const data = new VertexData();
  data.positions = positions;
  data.colors = colours;
  data.indices = indices;
  return data;
}

/** The floor as a 3 × 3 grid (x and z cut at the patch's bounds): the eight outer cells (`rest`,
 * 16 shared vertices, so no cracks at the patch's edges) and the centre cell (`patch`, the same
 * 4 corner positions). Laid out as CreateGround lays out a ground (rows from +z to −z, columns
 * from −x to +x, the same triangle order and UVs u = (x − minX) / width, v = (z − minZ) / depth),
 * so the texture lies as it did on the ground. `rect` null: the patch collapses to the floor's
 * corner (zero area). */
function floorGridData(rect: FloorRect | null): {
  rest: VertexData; patch: VertexData;
  restPositions: Float32Array; restUvs: Float32Array; patchPositions: Float32Array; patchUvs: Float32Array;
} {
  const r = rect ?? { minX: ROOM.minX, maxX: ROOM.minX, minZ: ROOM.minZ, maxZ: ROOM.minZ };
  const xs = [ROOM.minX, r.minX, r.maxX, ROOM.maxX];
  const zs = [ROOM.maxZ, r.maxZ, r.minZ, ROOM.minZ]; // rows from +z to −z
  const w = ROOM.maxX - ROOM.minX, d = ROOM.maxZ - ROOM.minZ;
  const restPositions = new Float32Array(16 * 3), restUvs = new Float32Array(16 * 2);
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 4; col++) {
      const i = row * 4 + col;
      restPositions.set([xs[col], ROOM.minY, zs[row]], i * 3);
      restUvs.set([(xs[col] - ROOM.minX) / w, (zs[row] - ROOM.minZ) / d], i * 2);
    }
  }
  const cell = (row: number, col: number, stride: number, base = 0): number[] => [
    base + col + 1 + (row + 1) * stride, base + col + 1 + row * stride, base + col + row * stride,
    base + col + (row + 1) * stride, base + col + 1 + (row + 1) * stride, base + col + row * stride,
  ];
  const restIndices: number[] = [];
  for (let row = 0; row < 3; row++) for (let col = 0; col < 3; col++) if (row !== 1 || col !== 1) restIndices.push(...cell(row, col, 4));
  const corners = [5, 6, 9, 10]; // rows 1-2, columns 1-2 of the 4 × 4 vertices
  const patchPositions = new Float32Array(4 * 3), patchUvs = new Float32Array(4 * 2);
  corners.forEach((v, k) => {
    patchPositions.set(restPositions.subarray(v * 3, v * 3 + 3), k * 3);
    patchUvs.set(restUvs.subarray(v * 2, v * 2 + 2), k * 2);
  });
  const normals = (n: number): Float32Array => { const a = new Float32Array(n * 3); for (let i = 0; i < n; i++) a[i * 3 + 1] = 1; return a; };
  const rest = new VertexData();
  rest.positions = restPositions; rest.uvs = restUvs; rest.normals = normals(16); rest.indices = restIndices;
  const patch = new VertexData();
  patch.positions = patchPositions; patch.uvs = patchUvs; patch.normals = normals(4); patch.indices = cell(0, 0, 2);
  return { rest, patch, restPositions, restUvs, patchPositions, patchUvs };
}
