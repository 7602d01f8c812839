/**
 * Match modes (src/sensitivity/match.ts) and the two-way converter (src/sensitivity/twoWay.ts).
 *
 * Sources of the expected numbers:
 * - [R1] sensitivity.md §1 worked example (S1/S3/S5 yaws): CS2 2 → VALORANT 0.6286, Overwatch 2
 *   6.667 at the same 360° distance (0.044° per count).
 * - [R2] sensitivity.md §3 check values (S6, S7): CS2's 90 (h4:3) = 106.26° horizontal and 73.74°
 *   vertical at 16:9; VALORANT's 103 horizontal at 16:9 = 70.53° vertical.
 * - [H] hand-computed from the published formulas (S12/S13 monitor distance
 *   atan(p·tan(b))/atan(p·tan(a)); S12/S5 0 % = tan(b)/tan(a); S14 viewspeed sin(b)/sin(a)), the
 *   arithmetic written next to each number (double precision, python `math`).
 * - [E] exact identities: tan(36.87°) = 3/4 so sin(36.87°) = 3/5; atan(tan x) = x.
 */
import { sensitivityGameBySlug, SERVED_SENSITIVITY_GAMES, type SensitivityGame } from '../../../src/sensitivity/games';
import {
  matchFactor, monitorDistanceFactor, MATCH_MODES, viewspeedFactor,
} from '../../../src/sensitivity/match';
import { convertSensitivity, type SensSide } from '../../../src/sensitivity/twoWay';

const W = 16 / 9;
const game = (slug: string): SensitivityGame => {
  const g = sensitivityGameBySlug(slug);
  if (!g) throw new Error(`no game ${slug}`);
  return g;
};
const side = (slug: string, fov?: number): SensSide => ({ kind: 'game', game: game(slug), fov: fov ?? null });
const product = (fov = 103, fovType: 'h' | 'v' | 'h4:3' = 'h'): SensSide => ({ kind: 'product', fov, fovType });
/** CS2 horizontal FOV at 16:9 [R2]: 2·atan(tan 45° · 16/9 · 3/4) = 106.2602°. */
const CS2_H = 106.26020470831195;

describe('monitorDistanceFactor', () => {
  test('0 % is the focal-length (tan) ratio [H]: tan(51.5°)/tan(53.130°) = 0.942879', () => {
    expect(monitorDistanceFactor(CS2_H, 103, 0)).toBeCloseTo(0.9428792241892163, 12);
  });
  test('100 % is the linear FOV ratio [E]: atan(tan x) = x, so 103 / 106.2602 = 0.969319', () => {
    expect(monitorDistanceFactor(CS2_H, 103, 1)).toBeCloseTo(103 / CS2_H, 12);
    expect(monitorDistanceFactor(CS2_H, 103, 1)).toBeCloseTo(0.9693186671599088, 12);
  });
  test('56.25 % and 75 % [H]: atan(p·tan 51.5°)/atan(p·tan 53.130°) = 0.956509 and 0.962577', () => {
    expect(monitorDistanceFactor(CS2_H, 103, 0.5625)).toBeCloseTo(0.9565093061882594, 12);
    expect(monitorDistanceFactor(CS2_H, 103, 0.75)).toBeCloseTo(0.9625774541538988, 12);
  });
  test('tends to the 0 % ratio as p → 0, and is 1 for equal FOVs at every p', () => {
    expect(monitorDistanceFactor(60, 120, 1e-7)).toBeCloseTo(monitorDistanceFactor(60, 120, 0), 9);
    for (const p of [0, 0.5625, 0.75, 1]) expect(monitorDistanceFactor(90, 90, p)).toBe(1);
  });
  test('is monotonic in p between the 0 % and 100 % ratios (wider target FOV → bigger factor)', () => {
    const ps = [0, 0.25, 0.5625, 0.75, 1];
    const f = ps.map((p) => monitorDistanceFactor(70, 110, p));
    for (let i = 1; i < f.length; i++) expect(f[i]).toBeLessThan(f[i - 1]);
    expect(f[0]).toBeGreaterThan(110 / 70);
    expect(f[4]).toBeCloseTo(110 / 70, 12);
  });
  test('refuses a negative ratio and FOVs outside (0, 180)', () => {
    expect(() => monitorDistanceFactor(90, 90, -0.1)).toThrow(RangeError);
    expect(() => monitorDistanceFactor(0, 90, 0.5)).toThrow(RangeError);
    expect(() => monitorDistanceFactor(90, 180, 0.5)).toThrow(RangeError);
  });
});

describe('viewspeedFactor and matchFactor', () => {
  test('viewspeed CS2 → VALORANT [H, E]: sin(35.2664°)/sin(36.8699°) = 0.57735/0.6 = 0.962298', () => {
    // vertical FOVs from [R2]: 73.74° (tan 36.87° = 3/4 → sin = 3/5) and 70.53°
    expect(viewspeedFactor(73.73979529168804, 70.53280043291677)).toBeCloseTo(0.962298200087684, 9);
    expect(matchFactor('viewspeed', { fov: 90, fovType: 'h4:3' }, { fov: 103, fovType: 'h' }, W)).toBeCloseTo(0.962298200087684, 9);
  });
  test('monitor distance uses the horizontal FOVs of both views on the same screen (FOV types converted)', () => {
    // CS2 90 (h4:3) = 106.26° h; 70.53° vertical = 103° h at 16:9 [R2]
    expect(matchFactor('md0', { fov: 90, fovType: 'h4:3' }, { fov: 70.53280043291677, fovType: 'v' }, W)).toBeCloseTo(0.9428792241892163, 9);
    expect(matchFactor('md100', { fov: 90, fovType: 'h4:3' }, { fov: 103, fovType: 'h' }, W)).toBeCloseTo(0.9693186671599088, 9);
  });
  test('360 ignores the FOVs; every other mode needs both views', () => {
    expect(matchFactor('360', null, null, W)).toBe(1);
    for (const m of MATCH_MODES.filter((x) => x !== '360')) {
      expect(() => matchFactor(m, null, { fov: 90, fovType: 'h' }, W)).toThrow(RangeError);
    }
  });
});

describe('convertSensitivity: both ways and game to game', () => {
  test('game → game at 360° distance [R1]: CS2 2 → VALORANT 0.6286, Overwatch 2 6.667', () => {
    expect(convertSensitivity({ from: side('cs2'), value: 2, to: side('valorant'), mode: '360', aspect: W })).toBeCloseTo(0.6286, 4);
    expect(convertSensitivity({ from: side('cs2'), value: 2, to: side('overwatch2'), mode: '360', aspect: W })).toBeCloseTo(6.6667, 4);
  });
  test('game → this trainer and back at 360° [R1 yaw 0.022]: CS2 2 = product 2; product 2 → VALORANT 0.6286', () => {
    expect(convertSensitivity({ from: side('cs2'), value: 2, to: product(), mode: '360', aspect: W })).toBeCloseTo(2, 12);
    expect(convertSensitivity({ from: product(), value: 2, to: side('valorant'), mode: '360', aspect: W })).toBeCloseTo(0.6286, 4);
  });
  test('CS2 2 → VALORANT by monitor distance [H]: 0.044° × factor / 0.07', () => {
    const c = (mode: (typeof MATCH_MODES)[number]) => convertSensitivity({ from: side('cs2'), value: 2, to: side('valorant'), mode, aspect: W });
    expect(c('md0')).toBeCloseTo(0.5926669409189359, 9); // 0.044 × 0.942879 / 0.07
    expect(c('md100')).toBeCloseTo(0.6092860193576569, 9); // 0.044 × 0.969319 / 0.07
    expect(c('md56.25')).toBeCloseTo((0.044 * 0.9565093061882594) / 0.07, 9);
    expect(c('viewspeed')).toBeCloseTo((0.044 * 0.962298200087684) / 0.07, 9);
  });
  test('this trainer at 103 h → CS2 at 0 % [H]: tan(53.130°)/tan(51.5°) = 1.060581 per product unit', () => {
    expect(convertSensitivity({ from: product(103, 'h'), value: 1, to: side('cs2'), mode: 'md0', aspect: W })).toBeCloseTo(1.060581222223771, 9);
  });
  test('a game whose FOV is the product FOV converts at factor 1 in every mode', () => {
    for (const mode of MATCH_MODES) {
      // CS2 90 h4:3 as the product's FOV: the same view
      expect(convertSensitivity({ from: side('cs2'), value: 1.5, to: product(90, 'h4:3'), mode, aspect: W })).toBeCloseTo(1.5, 12);
    }
  });
  test('round trip A → B → A is the identity for every served game, both ways with the product, in every mode', () => {
    const fovFor = (g: SensitivityGame) => g.defaultFov ?? (g.fovType === 'v' ? 70 : 100);
    for (const g of SERVED_SENSITIVITY_GAMES) {
      const s: SensSide = { kind: 'game', game: g, fov: fovFor(g) };
      const v = g.style === 'minecraft' ? (g.ingameMultiplier === 1 ? 0.5 : 100) : g.style === 'frostbite' ? (g.slug.endsWith('config') ? 0.05 : 40) : 3;
      // a game with no known FOV type converts by 360° distance only (FOV modes need its FOV axis)
      for (const mode of g.fovType === null ? (['360'] as const) : MATCH_MODES) {
        const there = convertSensitivity({ from: s, value: v, to: product(), mode, aspect: W });
        const back = convertSensitivity({ from: product(), value: there, to: s, mode, aspect: W });
        expect([g.slug, mode, Math.abs(back - v) / v < 1e-9]).toEqual([g.slug, mode, true]);
      }
    }
  });
  test('game to game composes through the product (CS2 → Minecraft = CS2 → product → Minecraft)', () => {
    const mc = side('minecraft');
    for (const mode of MATCH_MODES) {
      const direct = convertSensitivity({ from: side('cs2'), value: 2, to: mc, mode, aspect: W });
      const viaProduct = convertSensitivity({
        from: product(), value: convertSensitivity({ from: side('cs2'), value: 2, to: product(), mode: '360', aspect: W }),
        to: mc, mode: '360', aspect: W,
      });
      if (mode === '360') expect(direct).toBeCloseTo(viaProduct, 9);
      expect(direct).toBeGreaterThan(0);
    }
  });
  test('a FOV-based mode without the game FOV is refused (no silent default)', () => {
    const od: SensSide = { kind: 'game', game: game('overwatch2') }; // table default 103 is not served
    const served = SERVED_SENSITIVITY_GAMES.find((g) => g.slug === 'overwatch2')!;
    expect(served.defaultFov).toBeNull();
    expect(() => convertSensitivity({ from: { kind: 'game', game: served }, value: 5, to: product(), mode: 'md0', aspect: W })).toThrow(RangeError);
    expect(convertSensitivity({ from: od, value: 5, to: product(), mode: '360', aspect: W })).toBeCloseTo(1.5, 12);
  });
});
