import {
  PRODUCT_SENS_MAX, PRODUCT_SENS_MIN, SensitivityUnavailableError, canConvert, cm360Enabled, cmPer360,
  convertGameSens, gameSensFromProduct, gameValueFromIncrement, inchPer360, incrementFromCm360,
  incrementFromGame, incrementFromInch360, isValidDpi, isValidProductSens, productSensFromCm360,
  productSensFromGame, productSensFromInch360, rescaleIncrementForDpi,
} from '../../../src/sensitivity/convert';
import type { ConversionOptions } from '../../../src/sensitivity/convert';
import { CONVERSION_STYLES, SENSITIVITY_GAMES, sensitivityGameBySlug } from '../../../src/sensitivity/games';
import type { ConversionStyle, SensitivityGame } from '../../../src/sensitivity/games';
import { YAW_DEG_PER_COUNT } from '../../../src/contracts/constants';

const WIDE: ConversionOptions = { aspect: 16 / 9 };
const game = (slug: string): SensitivityGame => {
  const g = sensitivityGameBySlug(slug);
  if (!g) throw new Error(`no game ${slug}`);
  return g;
};
/** |a − b| relative to |b|, absolute near 0. */
const relErr = (a: number, b: number): number => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

/**
 * Test-only entries for the three styles whose formula the reference did NOT FIND (their table
 * entries have yaw null). The yaws here are arbitrary stand-ins for a measured yaw (S1), used only
 * to check that the style's forward and inverse functions agree.
 */
const measured = (slug: string, style: ConversionStyle, extra: Partial<SensitivityGame> = {}): SensitivityGame => ({
  ...game(slug), yaw: 0.0123, ...extra, style,
});

describe('published values (sensitivity.md §1)', () => {
  test('CS2 sensitivity 2 at 800 DPI: 0.044 deg/count, 25.98 cm/360, 10.23 in/360', () => {
    const inc = incrementFromGame(game('cs2'), 2, WIDE);
    expect(inc).toBeCloseTo(0.044, 15);
    expect(cmPer360(inc, 800).toFixed(2)).toBe('25.98');
    expect(inchPer360(inc, 800).toFixed(2)).toBe('10.23');
    expect(cmPer360(inc, 1600).toFixed(3)).toBe('12.989');
  });

  test('CS2 2 = Valorant 0.6286 = Overwatch 2 6.667', () => {
    const cs2 = game('cs2');
    expect(convertGameSens(cs2, 2, WIDE, game('valorant'), WIDE).toFixed(4)).toBe('0.6286');
    expect(convertGameSens(cs2, 2, WIDE, game('overwatch2'), WIDE).toFixed(3)).toBe('6.667');
  });

  test('Overwatch yaw 0.0066: OW 10 = CS 3, and OW = CS × 10/3', () => {
    const ow = game('overwatch2');
    const cs = game('cs2');
    expect(convertGameSens(ow, 10, WIDE, cs, WIDE)).toBeCloseTo(3, 12);
    expect(convertGameSens(cs, 3, WIDE, ow, WIDE)).toBeCloseTo(10, 12);
    expect(productSensFromGame(ow, 10, WIDE)).toBeCloseTo(3, 12);
    expect(gameSensFromProduct(ow, 1, WIDE)).toBeCloseTo(10 / 3, 12);
  });

  test('Valorant yaw 0.07: Valorant 1 = CS 3.181818 (multiplierVsSource), Valorant = OW / 10.606', () => {
    const val = game('valorant');
    expect(productSensFromGame(val, 1, WIDE).toFixed(6)).toBe('3.181818');
    expect(convertGameSens(val, 1, WIDE, game('overwatch2'), WIDE).toFixed(4)).toBe('10.6061');
    expect(gameSensFromProduct(val, 2, WIDE).toFixed(4)).toBe('0.6286');
  });

  test('product sensitivity is the Source scale: CS2 value = product value; 25.977 cm at 800 DPI = 2', () => {
    expect(YAW_DEG_PER_COUNT).toBe(0.022);
    for (const v of [0.5, 1, 2, 3.14159]) expect(productSensFromGame(game('cs2'), v, WIDE)).toBeCloseTo(v, 13);
    expect(productSensFromCm360(cmPer360(0.044, 800), 800)).toBeCloseTo(2, 12);
    expect(productSensFromCm360(25.98, 800).toFixed(3)).toBe('2.000');
    expect(productSensFromInch360(inchPer360(0.044, 800), 800)).toBeCloseTo(2, 12);
    expect(incrementFromCm360(25.98, 800).toFixed(5)).toBe('0.04400');
    expect(incrementFromInch360(10, 400)).toBeCloseTo(0.09, 15);
  });

  test('Minecraft: 0% -> 0.0096, 100% (0.5) -> 0.15, 200% (1) -> 0.6144 deg/count (S8)', () => {
    const pct = game('minecraft');
    const cfg = game('minecraft-config');
    expect(incrementFromGame(pct, 0, WIDE)).toBeCloseTo(0.0096, 15);
    expect(incrementFromGame(pct, 100, WIDE)).toBeCloseTo(0.15, 15);
    expect(incrementFromGame(pct, 200, WIDE)).toBeCloseTo(0.6144, 14);
    expect(incrementFromGame(cfg, 0.5, WIDE)).toBeCloseTo(0.15, 15);
    // equivalent form 0.2592·(s + 1/3)^3 (S2)
    for (const s of [0, 0.1, 0.37, 0.9]) {
      expect(incrementFromGame(cfg, s, WIDE)).toBeCloseTo(0.2592 * (s + 1 / 3) ** 3, 14);
    }
    expect(gameValueFromIncrement(pct, 0.15, WIDE)).toBeCloseTo(100, 10);
  });

  test('Battlefield: S=0 still turns 0.01146 deg; menu % and config agree to 1e-5 deg (S3, S2, S11)', () => {
    const bf = game('battlefield');
    const cfg = game('battlefield-config');
    expect(incrementFromGame(bf, 0, WIDE)).toBe(0.011459162);
    expect(incrementFromGame(bf, 50, WIDE)).toBeCloseTo(0.0034377486 * 50 + 0.011459162, 15);
    for (const s of [0, 10, 50, 100]) {
      expect(Math.abs(incrementFromGame(cfg, s * 0.0015, WIDE) - incrementFromGame(bf, s, WIDE))).toBeLessThan(1e-5);
    }
    // config -0.005 = no turn (S2)
    expect(incrementFromGame(cfg, -0.005, WIDE)).toBeCloseTo(0, 15);
    // BF1 calculator (S11): revolutions per count = 0.0063659966·cfg + 0.00003183003
    expect(Math.abs(incrementFromGame(cfg, 0.05, WIDE) - 360 * (0.0063659966 * 0.05 + 0.00003183003))).toBeLessThan(1e-5);
  });

  test('FOV-scaled games: Paladins, Splitgate (S3), UT3 and stock UE4 (S9, S10)', () => {
    expect(incrementFromGame(game('paladins'), 1, { aspect: 16 / 9, fov: 100 })).toBeCloseTo(0.0091176, 15);
    expect(incrementFromGame(game('splitgate'), 2, { aspect: 16 / 9, fov: 120 })).toBeCloseTo(2 * 0.104156 * 0.12, 15);
    // UT3 at its default FOV 90: FOVScale 90·0.01111 = 0.9999
    expect(incrementFromGame(game('ut3'), 1, WIDE)).toBeCloseTo((360 / 65536) * 0.9999, 15);
    expect(incrementFromGame(game('ut3'), 1, { aspect: 16 / 9, fov: 110 })).toBeCloseTo((360 / 65536) * 110 * 0.01111, 15);
    expect(incrementFromGame(game('ue4-stock'), 1, WIDE)).toBeCloseTo(0.175 * 0.9999, 15);
    // KovaaK's UE4 scale has no FOV term
    expect(incrementFromGame(game('ue4'), 1, { aspect: 16 / 9, fov: 120 })).toBeCloseTo(0.07, 15);
    // the FOV may be given on another axis; it is converted to the game's own at the aspect
    const vfov = 58.71550708; // vertical of 90 horizontal at 16:9
    expect(incrementFromGame(game('ut3'), 1, { aspect: 16 / 9, fov: vfov, fovType: 'v' }))
      .toBeCloseTo(incrementFromGame(game('ut3'), 1, WIDE), 10);
    // higher FOV -> faster turn
    expect(incrementFromGame(game('paladins'), 1, { aspect: 16 / 9, fov: 120 }))
      .toBeGreaterThan(incrementFromGame(game('paladins'), 1, { aspect: 16 / 9, fov: 90 }));
    // Paladins has no default FOV
    expect(() => incrementFromGame(game('paladins'), 1, WIDE)).toThrow(RangeError);
    expect(() => incrementFromGame(game('paladins'), 1, { aspect: 16 / 9, fov: 180 })).toThrow(RangeError);
    expect(() => gameValueFromIncrement(game('ut3'), 0.01, { aspect: 16 / 9, fov: NaN })).toThrow(RangeError);
  });
});

describe('round trips for each of the seven styles', () => {
  const cases: [string, SensitivityGame, ConversionOptions][] = [
    ['normal cs2', game('cs2'), WIDE],
    ['normal r6siege', game('r6siege'), WIDE],
    ['normal+FOV paladins', game('paladins'), { aspect: 16 / 9, fov: 95 }],
    ['normal+FOV splitgate (FOV given vertical)', game('splitgate'), { aspect: 21 / 9, fov: 70, fovType: 'v' }],
    ['minecraft %', game('minecraft'), WIDE],
    ['minecraft config', game('minecraft-config'), WIDE],
    ['frostbite battlefield', game('battlefield'), WIDE],
    ['frostbite battlefield-config', game('battlefield-config'), WIDE],
    ['frostbite battlefield6', game('battlefield6'), WIDE],
    ['unreal ue4', game('ue4'), WIDE],
    ['unreal ut3 (default FOV)', game('ut3'), WIDE],
    ['unreal ue4-stock FOV 103', game('ue4-stock'), { aspect: 16 / 9, fov: 103 }],
    ['warframe (measured yaw)', measured('warframe', 'warframe'), WIDE],
    ['roguecompany (measured yaw)', measured('roguecompany', 'roguecompany'), WIDE],
    ['roguecompany (measured yaw, UE4 FOV scaling)', measured('roguecompany', 'roguecompany',
      { affectedByFov: true, fovScale: 0.01111, fovType: 'h' }), { aspect: 16 / 9, fov: 100 }],
    ['arma3 (measured yaw)', measured('arma3', 'arma3'), WIDE],
  ];

  test('the cases cover all seven styles', () => {
    expect(new Set(cases.map(([, g]) => g.style))).toEqual(new Set(CONVERSION_STYLES));
  });

  test.each(cases)('%s: value -> increment -> value', (_name, g, opts) => {
    const values = g.style === 'minecraft' && g.ingameMultiplier === 1 ? [0, 0.05, 0.5, 0.77, 1]
      : g.style === 'minecraft' ? [0, 1, 37, 100, 200]
        : [0.01, 0.5, 1, 2.5, 7, 42, 100, 1234.5];
    for (const v of values) {
      const inc = incrementFromGame(g, v, opts);
      expect(inc).toBeGreaterThan(0);
      const back = gameValueFromIncrement(g, inc, opts);
      if (v === 0) expect(Math.abs(back)).toBeLessThan(1e-12);
      else expect(relErr(back, v)).toBeLessThan(1e-12);
    }
  });

  test.each(cases)('%s: increment -> value -> increment', (_name, g, opts) => {
    for (const inc of [0.0123, 0.022, 0.044, 0.1, 0.15, 0.6144, 1.7]) {
      const v = gameValueFromIncrement(g, inc, opts);
      expect(relErr(incrementFromGame(g, v, opts), inc)).toBeLessThan(1e-12);
    }
  });

  test.each(cases)('%s: product -> game -> product', (_name, g, opts) => {
    for (const p of [0.5, 1, 2, 5, 30]) {
      const v = gameSensFromProduct(g, p, opts);
      expect(relErr(productSensFromGame(g, v, opts), p)).toBeLessThan(1e-12);
    }
  });

  test('every convertible table entry round-trips at its default or a given FOV', () => {
    for (const g of SENSITIVITY_GAMES.filter(canConvert)) {
      const opts: ConversionOptions = { aspect: 16 / 9, fov: g.affectedByFov && g.defaultFov === null ? 100 : undefined };
      const v = gameSensFromProduct(g, 1.5, opts);
      expect([g.slug, relErr(productSensFromGame(g, v, opts), 1.5) < 1e-12]).toEqual([g.slug, true]);
    }
  });

  test('game to game conversions compose (A -> B -> A)', () => {
    const a = game('minecraft');
    const b = game('battlefield');
    const c = game('valorant');
    const bv = convertGameSens(a, 100, WIDE, b, WIDE);
    const cv = convertGameSens(b, bv, WIDE, c, WIDE);
    expect(relErr(convertGameSens(c, cv, WIDE, a, WIDE), 100)).toBeLessThan(1e-12);
    // Minecraft 100% = 0.15 deg = Valorant 0.15/0.07
    expect(cv).toBeCloseTo(0.15 / 0.07, 12);
  });
});

describe('range checks and errors', () => {
  test('isValidProductSens: 0.001-1000 inclusive, finite', () => {
    expect(PRODUCT_SENS_MIN).toBe(0.001);
    expect(PRODUCT_SENS_MAX).toBe(1000);
    for (const ok of [0.001, 0.01, 1, 2.5, 999.999, 1000]) expect(isValidProductSens(ok)).toBe(true);
    for (const bad of [0, 0.000999, -1, 1000.0001, 1e6, NaN, Infinity, -Infinity]) expect(isValidProductSens(bad)).toBe(false);
  });

  test('converted values outside the range are flagged, not clamped', () => {
    expect(productSensFromGame(game('cs2'), 0, WIDE)).toBe(0);
    expect(isValidProductSens(productSensFromGame(game('cs2'), 0, WIDE))).toBe(false);
    const huge = productSensFromGame(game('roblox'), 25000, WIDE);
    expect(huge).toBeCloseTo((25000 * 1.01061008) / 0.022, 6);
    expect(isValidProductSens(huge)).toBe(false);
    expect(isValidProductSens(productSensFromGame(game('thefinals'), 0.01, WIDE))).toBe(false); // 0.000455
    expect(isValidProductSens(productSensFromGame(game('minecraft'), 0, WIDE))).toBe(true); // 0.436
    expect(productSensFromGame(game('minecraft'), 0, WIDE)).toBeCloseTo(0.0096 / 0.022, 12);
  });

  test('NOT FOUND games cannot be converted', () => {
    for (const slug of ['warframe', 'roguecompany', 'arma3']) {
      const g = game(slug);
      expect(canConvert(g)).toBe(false);
      expect(() => incrementFromGame(g, 1, WIDE)).toThrow(SensitivityUnavailableError);
      expect(() => gameValueFromIncrement(g, 0.022, WIDE)).toThrow(SensitivityUnavailableError);
      expect(() => productSensFromGame(g, 1, WIDE)).toThrow(SensitivityUnavailableError);
    }
  });

  test('RangeError for bad numbers', () => {
    const cs2 = game('cs2');
    expect(() => incrementFromGame(cs2, NaN, WIDE)).toThrow(RangeError);
    expect(() => incrementFromGame(cs2, Infinity, WIDE)).toThrow(RangeError);
    expect(() => incrementFromGame(cs2, 1, { aspect: 0 })).toThrow(RangeError);
    expect(() => incrementFromGame(cs2, 1, { aspect: NaN })).toThrow(RangeError);
    for (const bad of [0, -0.01, NaN, Infinity]) {
      expect(() => gameValueFromIncrement(cs2, bad, WIDE)).toThrow(RangeError);
      expect(() => gameSensFromProduct(cs2, bad, WIDE)).toThrow(RangeError);
      expect(() => cmPer360(bad, 800)).toThrow(RangeError);
      expect(() => cmPer360(0.044, bad)).toThrow(RangeError);
      expect(() => inchPer360(0.044, bad)).toThrow(RangeError);
      expect(() => productSensFromCm360(bad, 800)).toThrow(RangeError);
      expect(() => productSensFromCm360(25, bad)).toThrow(RangeError);
    }
  });

  test('DPI: optional, min 0, step 100; cm/360 and in/360 need a DPI above 0', () => {
    for (const ok of [0, 100, 400, 800, 1600, 3200]) expect(isValidDpi(ok)).toBe(true);
    for (const bad of [-100, 50, 850, NaN, Infinity]) expect(isValidDpi(bad)).toBe(false);
    expect(cm360Enabled(null)).toBe(false);
    expect(cm360Enabled(undefined)).toBe(false);
    expect(cm360Enabled(0)).toBe(false);
    expect(cm360Enabled(800)).toBe(true);
  });

  test('different DPIs: the same physical distance needs increment × fromDpi / toDpi', () => {
    const inc = rescaleIncrementForDpi(0.044, 400, 800);
    expect(inc).toBeCloseTo(0.022, 15);
    expect(cmPer360(inc, 800)).toBeCloseTo(cmPer360(0.044, 400), 12);
  });
});
