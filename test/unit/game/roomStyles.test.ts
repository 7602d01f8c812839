/**
 * The rooms as data (src/game/roomStyles.ts): which room a drill gets, the WCAG contrast maths,
 * and the backdrop guard (every theme preset's target colour gets a backdrop of at least
 * BACKDROP_MIN_CONTRAST in the studio, the arena and the range, as the room bakes it).
 */
import { THEME_PRESETS } from '../../../src/contracts/gameOptions';
import { bakedFaceColour, roomLights } from '../../../src/game/roomLighting';
import { ARENA_FLOORS, BACKDROP_MIN_CONTRAST, FLOOR_MIN_CONTRAST, GRID_FADE_EYE, RANGE_FLOORS, ROOM_BACKDROPS, STUDIO_FLOORS, floorLineWeight, skyBoxLookup, contrastRatio, relativeLuminance, roomLookOf, roomStyleOf } from '../../../src/game/roomStyles';
import { hexToRgb01 } from '../../../src/game/targetVisual';

test('the room: the player\'s choice, else the drill\'s level_style, else factory', () => {
  expect(roomStyleOf(null)).toBe('factory');
  expect(roomStyleOf('Studio')).toBe('studio');
  expect(roomStyleOf('moon base')).toBe('factory');
  expect(roomStyleOf('range', 'drill')).toBe('range');
  expect(roomStyleOf('range', 'arena')).toBe('arena');
  expect(roomStyleOf(null, 'studio')).toBe('studio');
});

test('WCAG luminance and contrast (black / white 21:1, equal 1:1, #777 on white about 4.48:1)', () => {
  expect(relativeLuminance([0, 0, 0])).toBe(0);
  expect(relativeLuminance([1, 1, 1])).toBeCloseTo(1, 10);
  expect(contrastRatio([0, 0, 0], [1, 1, 1])).toBeCloseTo(21, 6);
  expect(contrastRatio([0.3, 0.4, 0.5], [0.3, 0.4, 0.5])).toBe(1);
  const g = 0x77 / 255;
  expect(contrastRatio([g, g, g], [1, 1, 1])).toBeCloseTo(4.48, 2);
});

test.each(Object.keys(THEME_PRESETS))('theme %s: in the studio, the arena and the range the far wall as baked gives the target colour the minimum contrast', (name) => {
  const p = THEME_PRESETS[name as keyof typeof THEME_PRESETS];
  const target = hexToRgb01(p.target_colour, [0, 0, 0]);
  for (const style of ['studio', 'arena', 'range'] as const) {
    const look = roomLookOf(style, hexToRgb01(p.wall_colour, [0, 0, 0]), hexToRgb01(p.line_colour, [0, 0, 0]), target);
    expect(ROOM_BACKDROPS[style]).toContain(look.backdrop);
    const b = look.backdrop;
    const normal = style === 'range' ? [0, 0, 1] as const : [0, 0, -1] as const; // the backstop faces the player
    const drawn = bakedFaceColour(roomLights(1, look.lights), normal, b, [b[0] * look.ambient, b[1] * look.ambient, b[2] * look.ambient]);
    expect([style, contrastRatio(drawn, target) >= BACKDROP_MIN_CONTRAST]).toEqual([style, true]);
  }
});

test('the factory room is the player\'s colours and the only one brightness applies to; the range has the sky', () => {
  const wall = [0.2, 0.3, 0.4] as const, line = [1, 0.8, 0] as const;
  const f = roomLookOf('factory', wall, line, [1, 0, 0]);
  expect(f.backdrop).toEqual(wall);
  expect(f.line).toEqual(line);
  expect(f.brightnessApplies).toBe(true);
  for (const s of ['studio', 'arena', 'range'] as const) expect(roomLookOf(s, wall, line, [1, 0, 0]).brightnessApplies).toBe(false);
  expect(roomLookOf('range', wall, line, [1, 0, 0]).sky).toBe(true);
  // the studio stays white for the default red target; a white target gets a dark backdrop
  expect(roomLookOf('studio', wall, line, hexToRgb01(THEME_PRESETS.Default.target_colour, [0, 0, 0])).backdrop).toEqual([1, 1, 1]);
  expect(relativeLuminance(roomLookOf('studio', wall, line, [1, 1, 1]).backdrop)).toBeLessThan(0.1);
});

/** The floor of `look` as the room bakes it (face up, its ambient share, under its lights). */
function floorAsBaked(look: ReturnType<typeof roomLookOf>) {
  const a = look.floorAmbient;
  return bakedFaceColour(roomLights(1, look.lights), [0, 1, 0], look.floor, [look.floor[0] * a, look.floor[1] * a, look.floor[2] * a]);
}

test.each(['range', 'arena'] as const)('the %s\'s floor (behind a low target) gives every theme preset\'s target the backdrop contrast, as baked under its lights', (room) => {
  for (const [name, preset] of Object.entries(THEME_PRESETS)) {
    const target = hexToRgb01(preset.target_colour, [1, 0, 0]);
    const look = roomLookOf(room, [0.2, 0.2, 0.2], [0.3, 0.3, 0.3], target);
    expect([name, contrastRatio(floorAsBaked(look), target) >= BACKDROP_MIN_CONTRAST]).toEqual([name, true]);
  }
});

test('the range keeps its grass under a dark target; the arena keeps its dark floor under the red Default target and turns light under Winter\'s deep blue one', () => {
  expect(roomLookOf('range', [0.2, 0.2, 0.2], [0.3, 0.3, 0.3], [0.02, 0.03, 0.08]).floor).toEqual(RANGE_FLOORS[0]);
  expect(roomLookOf('arena', [0.2, 0.2, 0.2], [0.3, 0.3, 0.3], hexToRgb01(THEME_PRESETS.Default.target_colour, [1, 0, 0])).floor).toEqual(ARENA_FLOORS[0]);
  expect(relativeLuminance(roomLookOf('arena', [0.2, 0.2, 0.2], [0.3, 0.3, 0.3], hexToRgb01(THEME_PRESETS.Winter.target_colour, [1, 0, 0])).floor)).toBeGreaterThan(0.1);
});

test('the studio\'s floor follows its walls: pale under the white backdrop, else a slate floor and lines that both give the target the backdrop contrast', () => {
  for (const [name, preset] of Object.entries(THEME_PRESETS)) {
    const target = hexToRgb01(preset.target_colour, [1, 0, 0]);
    const look = roomLookOf('studio', [0.2, 0.2, 0.2], [0.3, 0.3, 0.3], target);
    expect([name, 'floor', contrastRatio(floorAsBaked(look), target) >= BACKDROP_MIN_CONTRAST]).toEqual([name, 'floor', true]);
    if (look.backdrop === ROOM_BACKDROPS.studio[0]) {
      expect([name, look.floor, look.line]).toEqual([name, STUDIO_FLOORS[0].floor, STUDIO_FLOORS[0].line]);
    } else {
      // the lines are drawn unlit, in their own colour
      expect([name, 'lines', contrastRatio(look.line, target) >= BACKDROP_MIN_CONTRAST]).toEqual([name, 'lines', true]);
    }
  }
  // the red Default target keeps the white studio; a white target (Monochrome) gets a dark floor
  expect(roomLookOf('studio', [0.2, 0.2, 0.2], [0.3, 0.3, 0.3], hexToRgb01(THEME_PRESETS.Default.target_colour, [1, 0, 0])).floor).toEqual(STUDIO_FLOORS[0].floor);
  expect(relativeLuminance(roomLookOf('studio', [0.2, 0.2, 0.2], [0.3, 0.3, 0.3], [1, 1, 1]).floor)).toBeLessThan(0.1);
});

test('the sky box lookup (OpenGL cube map rule): the major axis picks the face, up is the top row of a side face', () => {
  expect(skyBoxLookup(1, 0, 0)).toEqual({ face: 0, u: 0.5, v: 0.5 }); // px
  expect(skyBoxLookup(-1, 0, 0)).toEqual({ face: 1, u: 0.5, v: 0.5 }); // nx
  expect(skyBoxLookup(0, 1, 0)).toEqual({ face: 2, u: 0.5, v: 0.5 }); // py: the zenith
  expect(skyBoxLookup(0, -1, 0)).toEqual({ face: 3, u: 0.5, v: 0.5 }); // ny
  expect(skyBoxLookup(0, 0, -1)).toEqual({ face: 5, u: 0.5, v: 0.5 }); // nz: straight ahead
  // 45° up ahead: the top edge of the face ahead; 20° up: above its middle row
  expect(skyBoxLookup(0, 1, -1.0000001).v).toBeCloseTo(0, 6);
  const up20 = skyBoxLookup(0, Math.tan(20 * Math.PI / 180), -1);
  expect(up20.face).toBe(5);
  expect(up20.v).toBeCloseTo((1 - Math.tan(20 * Math.PI / 180)) / 2, 10);
  // to the right on the face ahead (−z): sc = −x, so u falls as x grows
  expect(skyBoxLookup(0.5, 0, -1).u).toBeCloseTo(0.25, 10);
  expect(skyBoxLookup(0, 0, 0)).toEqual({ face: 2, u: 0.5, v: 0.5 });
});

test('floor grid lines fade where they crowd on screen: full near the eye, 1/spacing far away, lines running away kept', () => {
  const z = (ahead: number) => GRID_FADE_EYE.z - ahead;
  // the factory's 2 m lines across the view: whole up to ~15 m ahead, then fading as 1/dz²
  expect(floorLineWeight('x', 2, 0, z(5))).toBe(1);
  expect(floorLineWeight('x', 2, 0, z(14))).toBe(1);
  const w20 = floorLineWeight('x', 2, 0, z(20)), w27 = floorLineWeight('x', 2, 0, z(27));
  expect(w20).toBeLessThan(1);
  expect(w27).toBeLessThan(w20);
  expect(w27 / w20).toBeCloseTo((20 * 20) / (27 * 27), 6);
  // the studio's 1 m lines fade nearer than the factory's 2 m ones
  expect(floorLineWeight('x', 1, 0, z(14))).toBeLessThan(floorLineWeight('x', 2, 0, z(14)));
  // lines running away from the view (along z) stay whole across the room
  expect(floorLineWeight('z', 2, 2, z(27))).toBe(1);
  expect(floorLineWeight('z', 4, 20, z(27))).toBe(1);
});

test('the factory floor darkens under a light target: every theme preset\'s target gets FLOOR_MIN_CONTRAST from it, or is darker than it', () => {
  for (const [name, p] of Object.entries(THEME_PRESETS)) {
    const target = hexToRgb01(p.target_colour, [1, 0, 0]);
    const wall = hexToRgb01(p.wall_colour, [0, 0, 0]);
    const look = roomLookOf('factory', wall, hexToRgb01(p.line_colour, [0, 0, 0]), target);
    const f = look.floor;
    const drawn = bakedFaceColour(roomLights(1, look.lights), [0, 1, 0], f, [f[0] * look.floorAmbient, f[1] * look.floorAmbient, f[2] * look.floorAmbient], true);
    expect([name, relativeLuminance(drawn) >= relativeLuminance(target) || contrastRatio(drawn, target) >= FLOOR_MIN_CONTRAST]).toEqual([name, true]);
  }
  // Default keeps the floor at 0.8 of the wall; Spring's pink gets a darker one
  const def = THEME_PRESETS.Default, spring = THEME_PRESETS.Spring;
  const w = hexToRgb01(def.wall_colour, [0, 0, 0]);
  expect(roomLookOf('factory', w, w, hexToRgb01(def.target_colour, [0, 0, 0])).floor).toEqual([w[0] * 0.8, w[1] * 0.8, w[2] * 0.8]);
  const ws = hexToRgb01(spring.wall_colour, [0, 0, 0]);
  expect(roomLookOf('factory', ws, ws, hexToRgb01(spring.target_colour, [0, 0, 0])).floor[1]).toBeLessThan(ws[1] * 0.8);
});
