import {
  CONVERSION_STYLES, SENSITIVITY_GAMES, SERVED_REFERENCES, SERVED_SENSITIVITY_GAMES, UNREAL_FOV_SCALE,
  UNRESOLVED_YAW_CANDIDATES, sensitivityGameBySlug, sensitivityTitle,
} from '../../../src/sensitivity/games';
import type { SensitivityGame } from '../../../src/sensitivity/games';
import { canConvert, incrementFromCm360, incrementFromGame } from '../../../src/sensitivity/convert';

const FIELDS: (keyof SensitivityGame)[] = [
  'slug', 'name', 'fovType', 'defaultFov', 'hfov', 'vfov', 'affectedByFov', 'ingameMultiplier', 'style',
  'yaw', 'offset', 'fovScale', 'referenceConfidence', 'unverified', 'marks', 'source', 'note',
];

const isNumOrNull = (x: unknown): boolean => x === null || (typeof x === 'number' && Number.isFinite(x));

describe('sensitivity game table', () => {
  test('has at least 30 games with unique lower-case slugs', () => {
    expect(SENSITIVITY_GAMES.length).toBeGreaterThanOrEqual(30);
    expect(SENSITIVITY_GAMES.length).toBe(77);
    const slugs = SENSITIVITY_GAMES.map((g) => g.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });

  test.each(SENSITIVITY_GAMES.map((g) => [g.slug, g] as const))('%s has every field with a valid value', (_slug, g) => {
    for (const f of FIELDS) expect(Object.prototype.hasOwnProperty.call(g, f)).toBe(true);
    expect(typeof g.name).toBe('string');
    expect(g.name.length).toBeGreaterThan(0);
    expect(CONVERSION_STYLES).toContain(g.style);
    expect([null, 'h', 'v', 'h4:3']).toContain(g.fovType);
    expect(isNumOrNull(g.defaultFov)).toBe(true);
    expect(isNumOrNull(g.hfov)).toBe(true);
    expect(isNumOrNull(g.vfov)).toBe(true);
    expect(isNumOrNull(g.yaw)).toBe(true);
    expect(isNumOrNull(g.fovScale)).toBe(true);
    expect(typeof g.affectedByFov).toBe('boolean');
    expect(Number.isFinite(g.ingameMultiplier) && g.ingameMultiplier > 0).toBe(true);
    expect(Number.isFinite(g.offset)).toBe(true);
    expect(['high', 'medium', 'low', 'not-found']).toContain(g.referenceConfidence);
    expect(typeof g.unverified).toBe('boolean');
    expect(g.source).toMatch(/^(none|S\d+(, S\d+)*)$/);
    expect(typeof g.note).toBe('string');
    for (const m of g.marks) expect(['UNVERIFIED', 'CONFLICT', 'NOT FOUND']).toContain(m);
    // unverified follows from the marks and the confidence
    expect(g.unverified).toBe(g.marks.length > 0 || g.referenceConfidence === 'low' || g.referenceConfidence === 'not-found');
    // every marked entry says why in its note
    for (const m of g.marks) expect(g.note).toContain(m === 'NOT FOUND' ? 'NOT FOUND' : `[${m}]`);
    // derived FOVs exist exactly when the default FOV and its axis are known
    expect(g.hfov === null).toBe(g.defaultFov === null || g.fovType === null);
    expect(g.vfov === null).toBe(g.defaultFov === null || g.fovType === null);
    if (g.defaultFov !== null) expect(g.defaultFov > 0 && g.defaultFov < 180).toBe(true);
    // style-specific fields
    if (g.affectedByFov) expect(g.fovScale).not.toBeNull();
    else expect(g.fovScale).toBeNull();
    if (g.style !== 'frostbite') expect(g.offset).toBe(0);
    if (g.style === 'minecraft') expect(g.yaw).toBeNull();
    if (g.yaw === null && g.style !== 'minecraft') {
      expect(g.marks).toContain('NOT FOUND');
      expect(canConvert(g)).toBe(false);
    } else {
      expect(canConvert(g)).toBe(true);
      const inc = incrementFromGame(g, 1, { aspect: 16 / 9, fov: g.affectedByFov ? 90 : undefined });
      expect(Number.isFinite(inc) && inc > 0).toBe(true);
    }
    expect(Object.isFrozen(g)).toBe(true);
  });

  test('all seven spec styles occur', () => {
    expect(CONVERSION_STYLES).toEqual(['normal', 'minecraft', 'warframe', 'frostbite', 'unreal', 'roguecompany', 'arma3']);
    for (const s of CONVERSION_STYLES) expect(SENSITIVITY_GAMES.some((g) => g.style === s)).toBe(true);
  });

  test('exactly the reference-marked entries are unverified', () => {
    const unverified = SENSITIVITY_GAMES.filter((g) => g.unverified).map((g) => g.slug).sort();
    expect(unverified).toEqual([...new Set([
      '3daimtrainer', 'apex', 'arma3', 'battlefield', 'battlefield-config', 'battlefield6', 'cod', 'diabotical',
      'paladins', 'r6siege', 'roblox', 'roguecompany', 'splitgate', 'ue4', 'ue4-stock', 'ut3', 'valorant', 'warframe',
    ].concat(
      // added for issue 33: reference-marked or single-source
      SENSITIVITY_GAMES.slice(SENSITIVITY_GAMES.findIndex((g) => g.slug === 'kovaaks-source'))
        .filter((g) => g.marks.length > 0 || g.referenceConfidence === 'low').map((g) => g.slug),
    ))].sort());
    expect(sensitivityGameBySlug('valorant')!.marks).toEqual(['CONFLICT']);
    expect(sensitivityGameBySlug('diabotical')!.marks).toEqual(['CONFLICT']);
    expect(sensitivityGameBySlug('battlefield6')!.marks).toEqual(['CONFLICT']);
    for (const s of ['warframe', 'roguecompany', 'arma3']) {
      const g = sensitivityGameBySlug(s)!;
      expect(g.marks).toContain('NOT FOUND');
      expect(g.yaw).toBeNull();
      expect(g.referenceConfidence).toBe('not-found');
    }
    expect(sensitivityGameBySlug('cs2')!.unverified).toBe(false);
    expect(sensitivityGameBySlug('minecraft')!.unverified).toBe(false);
  });

  test('PUBG (exponential, no spec style) is left out', () => {
    expect(sensitivityGameBySlug('pubg')).toBeUndefined();
  });

  test('yaws match sensitivity_games.json yawDegPerCountAtSens1', () => {
    const expected: Record<string, number> = {
      cs2: 0.022, tf2: 0.022, apex: 0.022, valorant: 0.07, overwatch2: 0.0066, cod: 0.0066, destiny2: 0.0066,
      fortnite: 0.005555, 'fortnite-config': 2.222, r6siege: 0.005729577951308232, quake: 0.022,
      quakechampions: 0.022, diabotical: 0.016666666666666666, reflex: 0.005729577951308232,
      battlefield: 0.0034377486, battlefield6: 0.0017362342283, halo: 0.022222, rust: 0.1125, ue4: 0.07,
      ut3: 0.0054931640625, roblox: 1.01061008, thefinals: 0.001, marvelrivals: 0.0175, deadlock: 0.044,
      hunt: 0.0429718162181364, deltaforce: 0.03, fragpunk: 0.05555, strinova: 0.01388194363, gta5: 0.005446,
      battalion1944: 0.017501, '3daimtrainer': 0.0066, krunker: 0.13750954927425516, titanfall2: 0.022,
    };
    for (const [slug, yaw] of Object.entries(expected)) {
      const g = sensitivityGameBySlug(slug);
      expect(g).toBeDefined();
      expect(g!.yaw).toBeCloseTo(yaw, 15);
    }
    expect(sensitivityGameBySlug('ut3')!.yaw).toBe(0.0054931640625);
    expect(sensitivityGameBySlug('battlefield')!.offset).toBe(0.011459162);
    expect(sensitivityGameBySlug('battlefield6')!.offset).toBe(0.002314981532);
    expect(sensitivityGameBySlug('gta5')!.offset).toBe(0.032809);
    expect(sensitivityGameBySlug('paladins')!.yaw! * sensitivityGameBySlug('paladins')!.fovScale!).toBeCloseTo(0.000091176, 15);
    expect(sensitivityGameBySlug('splitgate')!.yaw! * sensitivityGameBySlug('splitgate')!.fovScale!).toBeCloseTo(0.000104156, 15);
    expect(sensitivityGameBySlug('ut3')!.fovScale).toBe(UNREAL_FOV_SCALE);
    expect(sensitivityGameBySlug('minecraft')!.ingameMultiplier).toBe(0.005);
  });

  test('default FOVs give the reference hfov / vfov at 16:9 (2 decimals)', () => {
    const expected: [string, number, number][] = [
      ['cs2', 106.26, 73.74], ['apex', 106.26, 73.74], ['valorant', 103, 70.53], ['overwatch2', 103, 70.53],
      ['cod', 80, 50.53], ['fortnite', 80, 50.53], ['fortnite-config', 80, 50.53], ['r6siege', 91.49, 60],
      ['minecraft', 102.45, 70], ['ue4', 90, 58.72], ['ut3', 90, 58.72], ['roblox', 102.45, 70], ['arma3', 106.26, 73.74],
    ];
    for (const [slug, h, v] of expected) {
      const g = sensitivityGameBySlug(slug)!;
      expect([slug, g.hfov!.toFixed(2)]).toEqual([slug, h.toFixed(2)]);
      expect([slug, g.vfov!.toFixed(2)]).toEqual([slug, v.toFixed(2)]);
    }
    expect(sensitivityGameBySlug('arma3')!.fovType).toBe('v');
    expect(sensitivityGameBySlug('cs2')!.fovType).toBe('h4:3');
    expect(sensitivityGameBySlug('minecraft')!.fovType).toBe('v');
  });

  test('sensitivityGameBySlug finds entries and returns undefined for unknown slugs', () => {
    expect(sensitivityGameBySlug('cs2')!.name).toBe('Counter-Strike 2 / CS:GO');
    expect(sensitivityGameBySlug('nope')).toBeUndefined();
    expect(sensitivityGameBySlug('')).toBeUndefined();
  });
});

describe('served games (issue 33 item 8: every usable formula, each with its confidence)', () => {
  test('every entry with a formula is served; only the three without a yaw are not', () => {
    const served = new Set(SERVED_SENSITIVITY_GAMES.map((g) => g.slug));
    expect(SERVED_SENSITIVITY_GAMES.length).toBe(Object.keys(SERVED_REFERENCES).length);
    const unserved = SENSITIVITY_GAMES.filter((g) => !served.has(g.slug)).map((g) => g.slug);
    expect(unserved.sort()).toEqual(['arma3', 'roguecompany', 'warframe']);
    for (const g of SENSITIVITY_GAMES) expect([g.slug, served.has(g.slug)]).toEqual([g.slug, canConvert(g)]);
    // every slug of SERVED_REFERENCES is a table entry
    for (const slug of Object.keys(SERVED_REFERENCES)) expect([slug, sensitivityGameBySlug(slug) !== undefined]).toEqual([slug, true]);
  });

  test('at least 45 titles are served, Aim Lab and KovaaK\'s among them', () => {
    const titles = new Set(SERVED_SENSITIVITY_GAMES.filter((g) => !g.name.startsWith('Unreal Engine')).map((g) => sensitivityTitle(g.name)));
    expect(titles.size).toBeGreaterThanOrEqual(45);
    expect(titles).toContain('KovaaK\'s');
    expect(titles).toContain('Aim Lab');
    expect(titles).toContain('Fortnite');
    expect(sensitivityTitle('Fortnite (X/Y slider, %)')).toBe('Fortnite');
    expect(sensitivityTitle('Left 4 Dead 1 & 2')).toBe('Left 4 Dead 1 & 2');
  });

  test('each served entry has a confidence level that matches its references', () => {
    const levels = { 'two-references': 0, 'one-reference': 0, measured: 0 };
    for (const g of SERVED_SENSITIVITY_GAMES) {
      levels[g.confidence] += 1;
      expect(g.references.length).toBeGreaterThanOrEqual(1);
      expect(g.source).toBe(g.references.join('; '));
      // a citation starts with its S-number, or is a parenthesised remark on a disagreeing one
      for (const r of g.references) expect([g.slug, /^(S\d+ |\(S\d+ )/.test(r)]).toEqual([g.slug, true]);
      const cited = g.references.filter((r) => !r.startsWith('('));
      const sources = new Set(cited.map((r) => r.split(' ')[0]));
      if (g.confidence === 'two-references') expect([g.slug, sources.size >= 2]).toEqual([g.slug, true]);
      else expect([g.slug, sources.size]).toEqual([g.slug, 1]);
      if (g.confidence === 'measured') expect(g.references.join(' ')).toMatch(/measured/);
      expect(g.style === 'minecraft' || g.yaw !== null).toBe(true);
    }
    expect(levels['two-references']).toBeGreaterThanOrEqual(40);
    expect(levels['one-reference']).toBeGreaterThanOrEqual(20);
    expect(levels.measured).toBeGreaterThanOrEqual(1);
  });

  test('formerly hidden single-source games are served with one-reference; S23 gives a second one for six of them', () => {
    const level = Object.fromEntries(SERVED_SENSITIVITY_GAMES.map((g) => [g.slug, g.confidence]));
    expect(level).toMatchObject({
      paladins: 'one-reference', splitgate: 'one-reference', battlefield6: 'one-reference', roblox: 'one-reference',
      deltaforce: 'one-reference', gta5: 'one-reference', krunker: 'one-reference', '3daimtrainer': 'one-reference',
      ut3: 'one-reference', 'ue4-stock': 'one-reference',
      thefinals: 'two-references', marvelrivals: 'two-references', deadlock: 'two-references', hunt: 'two-references',
      fragpunk: 'two-references', strinova: 'two-references',
      cs2: 'two-references', valorant: 'two-references', riskofrain2: 'measured',
    });
  });

  test('KovaaK\'s scales are its own FovSensConfig formulas (S3), Aim Lab\'s default is 0.022 (one reference)', () => {
    const yaw = (slug: string) => SERVED_SENSITIVITY_GAMES.find((g) => g.slug === slug)!;
    expect(yaw('kovaaks-source')).toMatchObject({ yaw: 0.022, fovType: 'h4:3', confidence: 'two-references' });
    expect(yaw('kovaaks-overwatch')).toMatchObject({ yaw: 0.0066, confidence: 'two-references' });
    expect(yaw('kovaaks-fortnite')).toMatchObject({ yaw: 0.005555, confidence: 'two-references' });
    expect(yaw('kovaaks-valorant')).toMatchObject({ yaw: 0.06996, confidence: 'one-reference' });
    expect(yaw('aimlab')).toMatchObject({ yaw: 0.022, confidence: 'one-reference', fovType: null });
    expect(yaw('aimlab').note).toMatch(/\[UNVERIFIED\]/);
  });

  test('VALORANT is 0.07 (UE4 stock, most references); KovaaK\'s VALORANT scale 0.06996 is 0.057 % apart, 0.02 cm at 800 DPI 0.4', () => {
    const val = SERVED_SENSITIVITY_GAMES.find((g) => g.slug === 'valorant')!;
    const kv = SERVED_SENSITIVITY_GAMES.find((g) => g.slug === 'kovaaks-valorant')!;
    expect(val.yaw).toBe(0.07);
    expect(val.references.filter((r) => /0\.07\b/.test(r) && !r.startsWith('S3')).length).toBeGreaterThanOrEqual(5);
    expect((val.yaw! - kv.yaw!) / val.yaw!).toBeCloseTo(0.000571, 6);
    const cm = (yaw: number) => 914.4 / (800 * 0.4 * yaw);
    expect(cm(val.yaw!)).toBeCloseTo(40.82, 2);
    expect(cm(kv.yaw!)).toBeCloseTo(40.84, 2);
    // the same in-game 0.4 is 0.4002 in KovaaK's VALORANT scale
    expect((0.4 * val.yaw!) / kv.yaw!).toBeCloseTo(0.4002, 4);
  });

  test('a served default FOV is one a reference fixes (CS2 90 h4:3, VALORANT 103, Fortnite 80, Minecraft 70 v); others are dropped', () => {
    const fov = Object.fromEntries(SERVED_SENSITIVITY_GAMES.map((g) => [g.slug, g.defaultFov]));
    expect(fov).toMatchObject({ cs2: 90, valorant: 103, fortnite: 80, minecraft: 70, apex: null, cod: null, overwatch2: null, r6siege: null, roblox: null });
  });
});

describe('Warframe, Rogue Company, Arma 3: yaws found but not agreeing (issue 16 item 2)', () => {
  test('each game has at least two candidates and they disagree by more than the 0.1 % agreement rule, so none is served', () => {
    const served = new Set(SERVED_SENSITIVITY_GAMES.map((g) => g.slug));
    for (const [slug, candidates] of Object.entries(UNRESOLVED_YAW_CANDIDATES)) {
      expect(candidates.length).toBeGreaterThanOrEqual(2);
      const yaws = candidates.map((c) => c.yaw);
      // the closest pair is still far apart: Rogue Company 0.0066 / 0.005555 = 1.19 is the smallest spread
      expect([slug, Math.max(...yaws) / Math.min(...yaws) > 1.001]).toEqual([slug, true]);
      expect([slug, slug in SERVED_REFERENCES, served.has(slug)]).toEqual([slug, false, false]);
      const g = sensitivityGameBySlug(slug)!;
      expect([slug, g.yaw, canConvert(g)]).toEqual([slug, null, false]);
    }
  });

  test('the yaws derived from the SQL seed rows follow from their cm and DPI (914.4 / (DPI × cm × sens))', () => {
    // Warframe: sens 0.5, 9800 DPI, 4.24 cm/180 = 8.48 cm/360; Arma 3: sens 0.4, 2400 DPI, 15.8 cm/360
    expect(incrementFromCm360(8.48, 9800) / 0.5).toBeCloseTo(UNRESOLVED_YAW_CANDIDATES.warframe[1].yaw, 6);
    expect(incrementFromCm360(15.8, 2400) / 0.4).toBeCloseTo(UNRESOLVED_YAW_CANDIDATES.arma3[2].yaw, 6);
  });
});
