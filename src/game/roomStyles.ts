/**
 * The four rooms a drill can be played in (issue 35 item 1), as pure data (no Babylon, so the
 * choice of room, its palette and its contrast guard are unit-tested on their own; roomBuilder.ts
 * draws them). A room is named by the drill's `level_style` (src/contracts/drillSchema.ts
 * ROOM_STYLES) unless the player overrides it (game_options.visual.room):
 *  - 'factory': the grey grid room in the player's theme colours (wall, line), the player's
 *    brightness applied (spec section 5); today's room, unchanged;
 *  - 'studio': a bright, soft-lit white studio: light walls, a white ceiling with light panels,
 *    a pale floor with a fine 1 m tile grid (a slate one under a light target: STUDIO_FLOORS);
 *  - 'arena': a dark arena: near-black walls and floor, cyan neon bands round the walls and a
 *    4 m floor grid, four corner pillars, hard key light;
 *  - 'range': an outdoor range under the shipped skybox (assets/images/skybox): turf with lane
 *    lines (grass, or the dark turf or sand the contrast guard picks: RANGE_FLOORS), a backstop
 *    wall behind the targets, low side berms, warm sun.
 *
 * Targets that read (issue 35 item 2): in the studio, the arena and the range the walls behind
 * the targets (the "backdrop") take the room's own tone unless that gives a target of the
 * player's colour a WCAG contrast under {@link BACKDROP_MIN_CONTRAST}; then they take the room's
 * alternative tone (the one of opposite lightness). The factory room keeps the player's colours.
 * Colours are 0-1 RGB triples (sRGB values / 255, as targetVisual.ts hexToRgb01 gives them;
 * Babylon draws them unconverted).
 */
import { ROOM_STYLES, type RoomStyle } from '../contracts/drillSchema';
import { bakedFaceColour, roomLights, type Rgb, type RoomLights, type Vec3 } from './roomLighting';

export { ROOM_STYLES, type RoomStyle };

export { ROOM_CHOICES, type RoomChoice } from '../contracts/gameOptions';

/**
 * The room drawn for a drill of `levelStyle` (its `level_style`; null, empty or unknown =
 * 'factory') when the player chose `choice` (game_options.visual.room; missing or 'drill' = the
 * drill's). Case-insensitive.
 */
export function roomStyleOf(levelStyle: string | null | undefined, choice?: string | null): RoomStyle {
  const pick = (s: string | null | undefined): RoomStyle | null => {
    const v = typeof s === 'string' ? s.trim().toLowerCase() : '';
    return (ROOM_STYLES as readonly string[]).includes(v) ? (v as RoomStyle) : null;
  };
  return pick(choice) ?? pick(levelStyle) ?? 'factory';
}

/** WCAG 2 relative luminance of a 0-1 sRGB colour (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance:
 * each channel linearised, c ≤ 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4, then
 * 0.2126 R + 0.7152 G + 0.0722 B). Returns 0-1. */
export function relativeLuminance(rgb: Rgb): number {
  const lin = (c: number): number => {
    const v = Math.min(1, Math.max(0, c));
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
}

/** WCAG 2 contrast ratio of two 0-1 sRGB colours: (L1 + 0.05) / (L2 + 0.05), L1 the lighter
 * (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio). 1 (equal) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a), lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The lights of a room, as factors of the factory room's (roomLighting.ts roomLights): the
 * hemisphere's and the sun's intensities and the hemisphere's ground colour. */
export interface RoomLightMix {
  hemi: number;
  sun: number;
  ground: Rgb;
}

/** A box of extra geometry (pillars, berms, the backstop, ceiling panels, neon bands), metres,
 * drawn unlit in its baked colour. `backdrop`: it takes the backdrop colour instead of `colour`.
 * `glow`: drawn at its colour with no lighting (a light panel, a neon band). */
export interface RoomBox {
  min: readonly [number, number, number];
  max: readonly [number, number, number];
  colour: Rgb;
  backdrop?: boolean;
  glow?: boolean;
}

/** Where the room draws lines (the grid), metres; all in the line colour. */
export interface RoomLines {
  /** floor lines across (along x) every `floorStepZ` metres; null none */
  floorStepZ: number | null;
  /** floor lines ahead (along z) every `floorStepX` metres; null none */
  floorStepX: number | null;
  /** the far wall's grid every `farStep` metres; null none */
  farStep: number | null;
}

/** Everything roomBuilder.ts needs to draw a room. */
export interface RoomLook {
  style: RoomStyle;
  /** the walls behind and beside the targets (the far and side walls) */
  backdrop: Rgb;
  /** the wall nearest the player (behind the eye) */
  back: Rgb;
  ceiling: Rgb;
  floor: Rgb;
  /** ambient share of the walls' colour (the factory's 0.35) */
  ambient: number;
  /** ambient share of the floor's colour (the factory's 0.375: 0.3 of the wall colour, its
   * floor being 0.8 of it) */
  floorAmbient: number;
  line: Rgb;
  lines: RoomLines;
  lights: RoomLightMix;
  /** true: the range's sky (the shipped sky box, assets/images/skybox) instead of walls and
   * ceiling */
  sky: boolean;
  /** the player's brightness applies (the factory style only, spec section 5) */
  brightnessApplies: boolean;
  boxes: readonly RoomBox[];
  /** the clear colour (seen only where nothing is drawn: before the first frame) */
  clear: Rgb;
}

const hex = (h: string): Rgb => {
  const n = parseInt(h.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
};

/** The contrast a backdrop must give the target colour (both as the room draws them: the
 * backdrop baked under the room's lights, the target at its nominal colour) for the room to use
 * it: 3.3, a tenth above the 3:1 the screenshot test asks (WCAG 2.1 SC 1.4.11, non-text
 * contrast), for the target's shading (its lit side brighter, its rim darker). */
export const BACKDROP_MIN_CONTRAST = 3.3;

/** Each room's backdrop tones, the room's own first: the first that gives the target colour
 * BACKDROP_MIN_CONTRAST is used (the studio stays as light as the target allows, the arena as
 * dark, the range's backstop timber unless the target is dark). */
export const ROOM_BACKDROPS: Record<Exclude<RoomStyle, 'factory'>, readonly Rgb[]> = {
  // (the range's dark timber was '#2e2822': the red Default target seen from below, its shaded
  // underside, measured 2.83:1 on it; test/e2e/roomLooks.test.ts)
  studio: [hex('#ffffff'), hex('#4b5360'), hex('#323843'), hex('#1f232a')],
  arena: [hex('#1a1d25'), hex('#0f1116'), hex('#b4c0ce'), hex('#e2e8ef')],
  range: [hex('#1f1b17'), hex('#171411'), hex('#cfc4ab'), hex('#e6dcc6')],
};

/** The range's floor tones, its grass first: the floor is behind a low target seen from the
 * eye (the line of sight meets the floor before the backstop), so it takes the contrast guard too
 * (the grass lit by the sun drew #92ab60: 1.30:1 against the red Default target, in CI's
 * test/e2e/roomLooks.test.ts); a dark turf, a darker one, then light sand. */
export const RANGE_FLOORS: readonly Rgb[] = [hex('#5b6b3c'), hex('#1b2513'), hex('#141a0e'), hex('#e6dcc6')];

/** The arena's floor tones, its near-black floor first, then light greys for a dark target: a
 * low target is seen against the floor and its cyan grid (a Winter target, deep blue, drew 2.87:1
 * against the dark floor and its lines where the floor meets the far wall, in CI's
 * test/e2e/roomLooks.test.ts; the dark floor as baked gives it about 2:1). */
export const ARENA_FLOORS: readonly Rgb[] = [hex('#15171d'), hex('#646c7a'), hex('#7a8292')];

/** The studio's floor and grid-line tones, its own pale floor first. A target below the eye is
 * seen against the floor, and from the eye the far floor's 1 m grid is mostly line: over the
 * pale floor's #bdb6aa lines a white Monochrome target measured 1.89:1, a Spring one 1.24:1, in
 * CI's test/e2e/roomLooks.test.ts. So the floor follows the backdrop (studioFloorFor): the pale
 * floor where the walls keep the studio's own white (the red Default target, whose shaded
 * screen colour reads over the pale lines), else the first slate pair whose floor as baked and
 * lines as drawn (unlit, their own colour) both give the target BACKDROP_MIN_CONTRAST. */
export const STUDIO_FLOORS: readonly { floor: Rgb; line: Rgb }[] = [
  { floor: hex('#d8d3cb'), line: hex('#bdb6aa') },
  { floor: hex('#4a4e56'), line: hex('#3b3f46') },
  { floor: hex('#33363c'), line: hex('#282a2f') },
  { floor: hex('#1f2125'), line: hex('#17181b') },
];

/** The studio's floor and lines for target colour `target` (0-1 RGB) and the studio's chosen
 * `backdrop` (backdropFor): STUDIO_FLOORS[0] with the studio's own white backdrop, else the
 * first of the others whose floor (face up, ambient share `ambient`, baked under `lights`) and
 * lines both give `target` at least BACKDROP_MIN_CONTRAST, else the one whose worse contrast is
 * the highest. */
export function studioFloorFor(target: Rgb, backdrop: Rgb, lights: RoomLights, ambient: number): { floor: Rgb; line: Rgb } {
  if (backdrop === ROOM_BACKDROPS.studio[0]) return STUDIO_FLOORS[0];
  return firstThatReads(STUDIO_FLOORS.slice(1), (pair) => Math.min(contrastRatio(drawnFace(lights, [0, 1, 0], pair.floor, ambient), target),
    contrastRatio(pair.line, target)), BACKDROP_MIN_CONTRAST);
}

/**
 * The backdrop colour of `style` for targets of colour `target` (0-1 RGB) under `lights`: the
 * first of ROOM_BACKDROPS[style] whose colour as baked (bakedFaceColour with `normal`: the room
 * box's far wall (0, 0, −1), the range's backstop its front face (0, 0, 1); ambient share
 * `ambient`) gives at least BACKDROP_MIN_CONTRAST against the target colour,
 * else the one that gives the most.
 */
export function backdropFor(style: Exclude<RoomStyle, 'factory'>, target: Rgb, lights: RoomLights, ambient: number,
  normal: readonly [number, number, number] = [0, 0, -1]): Rgb {
  return toneFor(ROOM_BACKDROPS[style], target, lights, ambient, normal);
}

/** The first of `tones` whose colour as baked under `lights` (face `normal`, ambient share
 * `ambient`) gives the target colour `target` at least BACKDROP_MIN_CONTRAST (WCAG contrast
 * ratio), else the one that gives the most (backdropFor; the range's floor, RANGE_FLOORS). */
export function toneFor(tones: readonly Rgb[], target: Rgb, lights: RoomLights, ambient: number,
  normal: readonly [number, number, number]): Rgb {
  return firstThatReads(tones, (c) => contrastRatio(drawnFace(lights, normal, c, ambient), target), BACKDROP_MIN_CONTRAST);
}

/** The first of `candidates` whose `ratioOf` (a contrast ratio) is at least `min`, else the one
 * with the highest ratio (the room's contrast guards: backdrops, floors). */
export function firstThatReads<T>(candidates: readonly T[], ratioOf: (c: T) => number, min: number): T {
  let best = candidates[0];
  let bestRatio = -1;
  for (const c of candidates) {
    const ratio = ratioOf(c);
    if (ratio >= min) return c;
    if (ratio > bestRatio) { best = c; bestRatio = ratio; }
  }
  return best;
}

/** Colour `c` (0-1 RGB) as a room face of outward normal `normal` draws it under `lights`, its
 * ambient colour `ambient` × c (bakedFaceColour). */
export function drawnFace(lights: RoomLights, normal: readonly [number, number, number], c: Rgb, ambient: number): Rgb {
  return bakedFaceColour(lights, normal as Vec3, c, [c[0] * ambient, c[1] * ambient, c[2] * ambient]);
}

/**
 * Where direction (x, y, z) meets the sky box: its face (index into SKY_FACES) and texture
 * coordinates u, v in [0, 1] (v = 0 the image's top row), by the OpenGL cube map rule (major
 * axis; OpenGL 4.6 core profile, section 8.13 "Cube Map Texture Selection", table 8.19).
 */
export function skyBoxLookup(x: number, y: number, z: number): { face: number; u: number; v: number } {
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  let face: number, sc: number, tc: number, ma: number;
  if (ax >= ay && ax >= az) { ma = ax; if (x > 0) { face = 0; sc = -z; tc = -y; } else { face = 1; sc = z; tc = -y; } }
  else if (ay >= az) { ma = ay; if (y > 0) { face = 2; sc = x; tc = z; } else { face = 3; sc = x; tc = -z; } }
  else { ma = az; if (z > 0) { face = 4; sc = x; tc = -y; } else { face = 5; sc = -x; tc = -y; } }
  if (ma === 0) return { face: 2, u: 0.5, v: 0.5 };
  return { face, u: (sc / ma + 1) / 2, v: (tc / ma + 1) / 2 };
}

/** The eye the floor grid's fade is worked out for: the default player start (0, 1.3, 3.5), m. */
export const GRID_FADE_EYE = { x: 0, y: 1.3, z: 3.5 } as const;
/** Screen px per radian of the view the fade is worked out for: 1280 px over a 103° horizontal
 * fov (640 / tan(51.5°)). */
const GRID_FADE_PX_PER_RAD = 509;
/** On-screen spacing of neighbouring floor lines at and above which a line is drawn in its full
 * colour, px. */
export const GRID_FULL_SPACING_PX = 6;

/**
 * How much of the line colour a floor grid line shows at floor point (x, z), 0-1 (the rest is
 * the floor's colour): the lines' on-screen spacing there over GRID_FULL_SPACING_PX, at most 1.
 * A line is drawn 1 px wide however far it is, so where neighbouring lines come closer than a
 * few px (the far floor, seen at a grazing angle) the lines would fill the floor with their
 * colour (a pink target low in the factory's Spring theme measured 2.97:1 against the far floor
 * and its green lines, CI's roomLooks; the studio's light lines 1.2-1.9:1). Texture mip-mapping
 * draws such a pattern at its mean; this does the same per vertex: a line of spacing s px covers
 * 1/s of the floor there. Spacing: lines across the view (along x, `stepM` apart in z) come
 * k·stepM·h / dz² px apart (h the eye's height, dz the distance ahead); lines running away from
 * the view (along z, `stepM` apart in x) k·stepM / d apart (d the distance); k = px per radian.
 */
export function floorLineWeight(along: 'x' | 'z', stepM: number, x: number, z: number): number {
  const e = GRID_FADE_EYE;
  const dz = Math.abs(z - e.z);
  const d = Math.hypot(x - e.x, dz);
  const spacing = along === 'x'
    ? (GRID_FADE_PX_PER_RAD * stepM * e.y) / Math.max(dz * dz, 1e-6)
    : (GRID_FADE_PX_PER_RAD * stepM) / Math.max(d, 1e-6);
  return Math.min(1, spacing / GRID_FULL_SPACING_PX);
}

/** The factory's lights (roomLighting.ts roomLights, unchanged). */
const FACTORY_LIGHTS: RoomLightMix = { hemi: 1, sun: 1, ground: [0.35, 0.35, 0.4] };

/** The contrast the factory's floor (as drawn) must give a target lighter than it: 4.0. A
 * target low in the view is seen against the floor with its shaded underside: the Spring theme's
 * pink (#ff7eb6, 3.39:1 against the floor as baked) drew #ea74aa there, 2.86:1 against the floor
 * in CI's roomLooks. */
export const FLOOR_MIN_CONTRAST = 4;
/** The factory floor's share of the wall colour, the first that gives FLOOR_MIN_CONTRAST:
 * 0.8 (the room as it always was), then darker. */
export const FACTORY_FLOOR_SHARES: readonly number[] = [0.8, 0.6, 0.45, 0.3];

/** The factory's floor for wall colour `wall` and target colour `target` (0-1 RGB): the wall at
 * the first of FACTORY_FLOOR_SHARES whose floor, as the room draws it (face up, unlit cells,
 * ambient 0.375), is lighter than the target or gives it FLOOR_MIN_CONTRAST; else the one that
 * gives the most (the darkest). */
export function factoryFloorOf(wall: Rgb, target: Rgb): Rgb {
  const lights = roomLights(1, FACTORY_LIGHTS);
  const tL = relativeLuminance(target);
  const floors = FACTORY_FLOOR_SHARES.map((k): Rgb => [wall[0] * k, wall[1] * k, wall[2] * k]);
  return firstThatReads(floors, (f) => {
    const drawn = drawnFace(lights, [0, 1, 0], f, 0.375);
    return relativeLuminance(drawn) >= tL ? Infinity : contrastRatio(drawn, target); // (a floor lighter than the target stays)
  }, FLOOR_MIN_CONTRAST);
}

/**
 * The look of room `style` for the player's `wall` and `line` colours (used by the factory room
 * only) and target colour `target` (the backdrop's contrast guard of the other rooms).
 */
export function roomLookOf(style: RoomStyle, wall: Rgb, line: Rgb, target: Rgb): RoomLook {
  switch (style) {
    case 'studio': {
      const lights: RoomLightMix = { hemi: 1.05, sun: 0.55, ground: [0.75, 0.74, 0.72] };
      const backdrop = backdropFor('studio', target, roomLights(1, lights), 0.45);
      const { floor, line } = studioFloorFor(target, backdrop, roomLights(1, lights), 0.45);
      const panel = hex('#ffffff');
      const panels: RoomBox[] = [-12, 0, 12].map((x) => ({ min: [x - 3, 11.95, -20], max: [x + 3, 11.97, -2], colour: panel, glow: true }));
      // a pale grey skirting (30 cm) round the far and side walls: where the walls meet the floor
      const skirt = hex('#b9bec6');
      const skirting: RoomBox[] = [
        { min: [-24, 0, -23.98], max: [24, 0.3, -23.96], colour: skirt },
        { min: [-23.98, 0, -24], max: [-23.96, 0.3, 10], colour: skirt },
        { min: [23.96, 0, -24], max: [23.98, 0.3, 10], colour: skirt },
      ];
      return {
        style, backdrop, back: hex('#eef0f3'), ceiling: hex('#cfd4db'), floor, ambient: 0.45, floorAmbient: 0.45,
        line, lines: { floorStepZ: 1, floorStepX: 1, farStep: null },
        lights, sky: false, brightnessApplies: false,
        boxes: [...panels, ...skirting],  clear: hex('#eef0f3'),
      };
    }
    case 'arena': {
      // (hemisphere 1.25: at 0.8 the default red target measured 3.00:1 on the dark backdrop, at
      // 1.0 a target high on the right drew #b83730, 2.97:1, in CI's roomLooks)
      const lights: RoomLightMix = { hemi: 1.25, sun: 1.35, ground: [0.2, 0.22, 0.35] };
      const backdrop = backdropFor('arena', target, roomLights(1, lights), 0.55);
      const pillar = hex('#2a2f3a');
      const p = (x: number, z: number): RoomBox => ({ min: [x - 1, 0, z - 1], max: [x + 1, 12, z + 1], colour: pillar });
      const neon = hex('#19c3ff');
      // neon bands round the far and side walls (8 cm high, 2 cm off the wall), at the floor,
      // at 4 m and under the ceiling
      const bands: RoomBox[] = [0.1, 4, 11.8].flatMap((y): RoomBox[] => [
        { min: [-24, y, -24], max: [24, y + 0.08, -23.98], colour: neon, glow: true },
        { min: [-24, y, -24], max: [-23.98, y + 0.08, 10], colour: neon, glow: true },
        { min: [23.98, y, -24], max: [24, y + 0.08, 10], colour: neon, glow: true },
      ]);
      return {
        style, backdrop, back: hex('#171a21'), ceiling: hex('#0c0d11'), ambient: 0.55, floorAmbient: 0.3,
        floor: toneFor(ARENA_FLOORS, target, roomLights(1, lights), 0.3, [0, 1, 0]),
        line: hex('#19c3ff'), lines: { floorStepZ: 4, floorStepX: 4, farStep: null },
        lights, sky: false, brightnessApplies: false,
        boxes: [p(-21, -21), p(21, -21), p(-21, 7), p(21, 7), ...bands], clear: hex('#0c0d11'),
      };
    }
    case 'range': {
      const lights: RoomLightMix = { hemi: 1.05, sun: 1.3, ground: [0.45, 0.42, 0.32] };
      const backdrop = backdropFor('range', target, roomLights(1, lights), 0.35, [0, 0, 1]);
      const berm = hex('#4a4a34');
      return {
        style, backdrop, back: hex('#8fb3d9'), ceiling: hex('#8fb3d9'), ambient: 0.35, floorAmbient: 0.35,
        floor: toneFor(RANGE_FLOORS, target, roomLights(1, lights), 0.35, [0, 1, 0]),
        line: hex('#e8e4d4'), lines: { floorStepZ: null, floorStepX: 4, farStep: null },
        lights, sky: true, brightnessApplies: false,
        boxes: [
          // the backstop behind the targets: 9 m high, as wide as the range
          { min: [-24, 0, -24], max: [24, 9, -22.5], colour: backdrop, backdrop: true },
          // low earth berms along the sides
          { min: [-24, 0, -24], max: [-22, 1.6, 10], colour: berm },
          { min: [22, 0, -24], max: [24, 1.6, 10], colour: berm },
        ],
        clear: hex('#8fb3d9'),
      };
    }
    default:
      return {
        style: 'factory', backdrop: wall, back: wall, ceiling: wall, floor: factoryFloorOf(wall, target), ambient: 0.35, floorAmbient: 0.375,
        line, lines: { floorStepZ: 2, floorStepX: 2, farStep: 2 },
        lights: FACTORY_LIGHTS, sky: false, brightnessApplies: true, boxes: [], clear: wall,
      };
  }
}
