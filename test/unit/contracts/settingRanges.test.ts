/**
 * The shared table of ranges and the one rule of spec section 5 (src/contracts/settingRanges.ts),
 * and that the server (src/server/settings.ts) and the client (settings UI, crosshair editor)
 * clamp every ranged field to the same value. The agreement tests iterate over the tables, so
 * a new range is covered automatically.
 */
import { defaultControlOptions, defaultGameOptions } from '../../../src/contracts/gameOptions';
import { defaultCrosshairConfig } from '../../../src/contracts/crosshair';
import {
  clampAndRound, clampFields, clampForSave, CONTROL_RANGES, CROSSHAIR_CONFIG_RANGES, CROSSHAIR_RANGES,
  decimalsOf, GAME_OPTION_RANGES, getPath, MAX_FPS_ENABLED_DEFAULT, setPath, SETTING_RANGES, type SettingRange,
} from '../../../src/contracts/settingRanges';
import { clampControls, clampGameOptions, resolveCrosshairConfig } from '../../../src/server/settings';
import { clampConfig } from '../../../src/state/crosshair/fields';
import * as settingsState from '../../../src/state/settings';

describe('clampAndRound (spec section 5: clamp to min/max, round to decimals/step)', () => {
  test('clamps to min and max', () => {
    expect(clampAndRound(150, SETTING_RANGES.fov)).toBe(140);
    expect(clampAndRound(10, SETTING_RANGES.fov)).toBe(40);
    expect(clampAndRound(11, SETTING_RANGES.audio)).toBe(10);
    expect(clampAndRound(-1, SETTING_RANGES.audio)).toBe(0);
    expect(clampAndRound(0, SETTING_RANGES.mouse_sens)).toBe(0.001);
    expect(clampAndRound(1000, SETTING_RANGES.ads_sens)).toBe(100);
    expect(clampAndRound(50, SETTING_RANGES.max_fps)).toBe(60);
    expect(clampAndRound(5000, SETTING_RANGES.max_fps)).toBe(4000);
    expect(clampAndRound(300, SETTING_RANGES.line_thickness)).toBe(250);
    expect(clampAndRound(0.7, SETTING_RANGES.deadzone)).toBe(0.5);
    expect(clampAndRound(25, CROSSHAIR_RANGES['crosshair.len'])).toBe(20);
    expect(clampAndRound(0, CROSSHAIR_RANGES['crosshair.len'])).toBe(1);
    expect(clampAndRound(21, CROSSHAIR_RANGES['crosshair.thick'])).toBe(20);
    expect(clampAndRound(11, CROSSHAIR_RANGES.outline)).toBe(10);
    expect(clampAndRound(-1, CROSSHAIR_RANGES['crosshair.gap'])).toBe(0);
    expect(clampAndRound(1, CROSSHAIR_RANGES['dot.size'])).toBe(2);
    expect(clampAndRound(50, CROSSHAIR_RANGES['disc.size'])).toBe(40);
    expect(clampAndRound(0, CROSSHAIR_RANGES['disc.thick'])).toBe(1);
    expect(clampAndRound(300, CROSSHAIR_RANGES.alpha)).toBe(255);
  });

  test('rounds to the step counted from min, with the step decimals', () => {
    expect(clampAndRound(1.234, SETTING_RANGES.status_bar_size)).toBe(1.23);
    expect(clampAndRound(0.123, SETTING_RANGES.deadzone)).toBe(0.12);
    expect(clampAndRound(0.123, SETTING_RANGES.status_bar_size)).toBe(0.6); // below the range
    expect(clampAndRound(103.456, SETTING_RANGES.fov)).toBe(103.46);
    expect(clampAndRound(3.6, SETTING_RANGES.audio)).toBe(4);
    expect(clampAndRound(0.93, SETTING_RANGES.brightness)).toBe(0.95);
    expect(clampAndRound(0.72, SETTING_RANGES.render_scale)).toBe(0.7);
    expect(clampAndRound(1.23456, SETTING_RANGES.mouse_sens)).toBe(1.235);
    expect(clampAndRound(1.75, SETTING_RANGES.mouse_sens)).toBe(1.75);
    expect(clampAndRound(850, SETTING_RANGES.mouse_dpi)).toBe(900);
    expect(clampAndRound(8.12345, CROSSHAIR_RANGES['crosshair.len'])).toBe(8.123);
    expect(clampAndRound(0.7, CROSSHAIR_RANGES['crosshair.thick'])).toBe(0.5);
    expect(clampAndRound(0.8, CROSSHAIR_RANGES['crosshair.thick'])).toBe(1);
    expect(clampAndRound(2.6, CROSSHAIR_RANGES.outline)).toBe(3);
  });

  test('no floating-point dust', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(clampAndRound(0.1 + 0.2, { min: 0, max: 1, step: 0.1 })).toBe(0.3);
    expect(clampAndRound(0.6 + 0.01 * 7, SETTING_RANGES.status_bar_size)).toBe(0.67);
    expect(clampAndRound(0.5 + 0.05 * 3, SETTING_RANGES.brightness)).toBe(0.65);
  });

  test('max itself is kept (no step back because of dust)', () => {
    expect(clampAndRound(1.2, SETTING_RANGES.brightness)).toBe(1.2);
    expect(clampAndRound(5, SETTING_RANGES.brightness)).toBe(1.2);
    expect(clampAndRound(1.4, SETTING_RANGES.status_bar_size)).toBe(1.4);
  });

  test('a value off the grid at max stays within max', () => {
    expect(clampAndRound(9.9, { min: 0, max: 9.9, step: 1 })).toBe(9);
  });

  test('non-finite gives min, or the fallback', () => {
    expect(clampAndRound(Number.NaN, SETTING_RANGES.fov)).toBe(40);
    expect(clampAndRound(Infinity, SETTING_RANGES.audio)).toBe(0);
    expect(clampAndRound(-Infinity, SETTING_RANGES.max_fps)).toBe(60);
    expect(clampAndRound(NaN, CROSSHAIR_RANGES['crosshair.len'])).toBe(1);
    expect(clampAndRound(NaN, CROSSHAIR_RANGES['crosshair.len'], 8)).toBe(8);
    expect(clampAndRound(undefined as unknown as number, SETTING_RANGES.fov, 103)).toBe(103);
  });

  test('decimalsOf', () => {
    expect(decimalsOf(0.01)).toBe(2);
    expect(decimalsOf(100)).toBe(0);
    expect(decimalsOf(0.05)).toBe(2);
    expect(decimalsOf(0.001)).toBe(3);
    expect(decimalsOf(1)).toBe(0);
    expect(decimalsOf(1e-7)).toBe(7);
    expect(decimalsOf(1.5e-7)).toBe(8);
  });
});

describe('clampForSave (the server)', () => {
  test('rounds like the UI, except that a sensitivity is only clamped (kept exact)', () => {
    expect(clampForSave(1.234, SETTING_RANGES.status_bar_size)).toBe(1.23);
    expect(clampForSave(2.6, SETTING_RANGES.audio)).toBe(3);
    expect(clampForSave(1.75, SETTING_RANGES.mouse_sens)).toBe(1.75);
    expect(clampForSave(1.23456, SETTING_RANGES.mouse_sens)).toBe(1.23456);
    expect(clampForSave(0.83333, SETTING_RANGES.ads_sens)).toBe(0.83333);
    expect(clampForSave(50, SETTING_RANGES.mouse_sens)).toBe(10);
    expect(clampForSave(0, SETTING_RANGES.mouse_sens)).toBe(0.001);
    expect(clampForSave(NaN, SETTING_RANGES.mouse_sens, 1)).toBe(1);
  });
});

describe('the table (spec section 5)', () => {
  test('the spec numbers', () => {
    expect(SETTING_RANGES.audio).toEqual({ min: 0, max: 10, step: 1 });
    expect(SETTING_RANGES.fov).toEqual({ min: 40, max: 140, step: 0.01 });
    expect(SETTING_RANGES.status_bar_size).toEqual({ min: 0.6, max: 1.4, step: 0.01 });
    expect(SETTING_RANGES.gamepad_sens).toMatchObject({ min: 0.001, max: 10 });
    expect(SETTING_RANGES.deadzone).toEqual({ min: 0, max: 0.5, step: 0.01 });
    expect(SETTING_RANGES.ads_sens).toMatchObject({ min: 0.001, max: 100 });
    expect(SETTING_RANGES.mouse_sens).toMatchObject({ min: 0.001, max: 10 });
    expect(SETTING_RANGES.mouse_dpi).toMatchObject({ min: 0, step: 100 });
    expect(SETTING_RANGES.brightness).toEqual({ min: 0.5, max: 1.2, step: 0.05 });
    expect(SETTING_RANGES.max_fps).toMatchObject({ min: 60, max: 4000 });
    expect(MAX_FPS_ENABLED_DEFAULT).toBe(1000);
    expect(SETTING_RANGES.render_scale).toEqual({ min: 0.5, max: 1, step: 0.05 });
    expect(SETTING_RANGES.target_roughness).toEqual({ min: 0, max: 1, step: 0.01 });
    expect(SETTING_RANGES.muzzle_flash_size).toMatchObject({ min: 0, max: 10 });
    expect(SETTING_RANGES.line_thickness).toMatchObject({ min: 0, max: 250 });
    expect(CROSSHAIR_RANGES.outline).toEqual({ min: 0, max: 10, step: 1 });
    expect(CROSSHAIR_RANGES['crosshair.len']).toEqual({ min: 1, max: 20, step: 0.001 });
    expect(CROSSHAIR_RANGES['crosshair.thick']).toEqual({ min: 0.5, max: 20, step: 0.5 });
  });

  const allRanges: Array<[string, SettingRange]> = [
    ...Object.entries(SETTING_RANGES),
    ...Object.entries(CROSSHAIR_CONFIG_RANGES),
  ];
  test.each(allRanges)('%s: min < max, min and max on the step grid, defaults inside', (_name, r) => {
    expect(r.min).toBeLessThan(r.max);
    expect(r.step).toBeGreaterThan(0);
    expect(clampAndRound(r.min, r)).toBe(r.min);
    expect(clampAndRound(r.max, r)).toBe(r.max);
  });

  test('the settings state re-exports the same table and rule', () => {
    expect(settingsState.SETTING_RANGES).toBe(SETTING_RANGES);
    expect(settingsState.clampAndRound).toBe(clampAndRound);
  });
});

/** Every field of the three payloads that has a range, with the server's and the client's clamp. */
interface Payload {
  name: string;
  ranges: Readonly<Record<string, SettingRange>>;
  defaults: () => object;
  server(doc: object): object;
  /** the client: the settings UI clamps each control with `clampAndRound(value, range)`; the
   * crosshair editor clamps the whole config with `clampConfig` */
  client(doc: object, path: string, range: SettingRange): number;
}
const payloads: Payload[] = [
  {
    name: 'controls',
    ranges: CONTROL_RANGES,
    defaults: defaultControlOptions,
    server: (d) => clampControls(d as ReturnType<typeof defaultControlOptions>),
    client: (d, path, range) => clampAndRound(getPath(d, path) as number, range),
  },
  {
    name: 'game options',
    ranges: GAME_OPTION_RANGES,
    defaults: defaultGameOptions,
    server: (d) => clampGameOptions(d as ReturnType<typeof defaultGameOptions>),
    client: (d, path, range) => clampAndRound(getPath(d, path) as number, range),
  },
  {
    name: 'crosshair config',
    ranges: CROSSHAIR_CONFIG_RANGES,
    defaults: defaultCrosshairConfig,
    server: (d) => resolveCrosshairConfig(d),
    client: (d, path) => getPath(clampConfig(d as ReturnType<typeof defaultCrosshairConfig>), path) as number,
  },
];

const cases = payloads.flatMap((p) =>
  Object.entries(p.ranges).map(([path, range]) => [p.name, path, range, p] as const));

describe('server and client clamp every ranged field the same', () => {
  test.each(cases)('%s %s', (_name, path, range, p) => {
    const probes = {
      belowMin: range.min - 3 * range.step - 0.5,
      aboveMax: range.max + 3 * range.step + 0.5,
      offStep: range.min + 2.37 * range.step,
      justOffStep: range.min + range.step + range.step / 3,
    };
    for (const [kind, value] of Object.entries(probes)) {
      const doc = p.defaults();
      setPath(doc, path, value);
      const server = getPath(p.server(doc), path);
      const client = p.client(doc, path, range);
      const label = `${path} ${kind} ${value}`;
      expect([label, client]).toEqual([label, clampAndRound(value, range)]);
      if (range.keepPrecision && kind.includes('Step')) {
        // a sensitivity is saved as sent (only clamped), the UI rounds what is typed
        expect([label, server]).toEqual([label, value]);
      } else {
        expect([label, server]).toEqual([label, client]);
      }
      expect(server as number).toBeGreaterThanOrEqual(range.min);
      expect(server as number).toBeLessThanOrEqual(range.max);
    }
  });

  test('the tables name number fields of the defaults; every number field has a range or is an enumeration', () => {
    // enumerations: checked by the body schemas, not ranged
    const enumerations = new Set(['video.shadows', 'video.anisotropy', 'hud.stats', 'mouse_inverse', 'sens_profile_id']);
    for (const p of payloads) {
      const leaves: string[] = [];
      const walk = (v: unknown, path: string): void => {
        if (v !== null && typeof v === 'object') {
          for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
        } else if (typeof v === 'number' || (v === null && !/_name$/.test(path))) {
          leaves.push(path);
        }
      };
      walk(p.defaults(), '');
      for (const path of Object.keys(p.ranges)) {
        const d = getPath(p.defaults(), path);
        expect([path, d === null || typeof d === 'number']).toEqual([path, true]);
      }
      for (const path of leaves) {
        if (path.startsWith('control.bindings.')) continue;
        expect([p.name, path, path in p.ranges || enumerations.has(path)]).toEqual([p.name, path, true]);
      }
    }
  });

  test('an optional setting switched off (null) stays null on both sides', () => {
    const controls = { ...defaultControlOptions(), mouse_sens_y: null, mouse_dpi: null };
    expect(clampControls(controls)).toEqual(controls);
    const options = defaultGameOptions();
    options.video.max_fps = null;
    expect(clampGameOptions(options).video.max_fps).toBeNull();
    expect(clampFields(options, GAME_OPTION_RANGES, defaultGameOptions()).video.max_fps).toBeNull();
  });

  test('a missing or non-number field takes its default; the input is not mutated', () => {
    const cfg = defaultCrosshairConfig() as unknown as Record<string, unknown>;
    cfg.outline = 'x';
    const frozen = Object.freeze(cfg);
    const out = clampFields(frozen, CROSSHAIR_CONFIG_RANGES, defaultCrosshairConfig() as unknown as Record<string, unknown>);
    expect(out.outline).toBe(defaultCrosshairConfig().outline);
    expect(frozen.outline).toBe('x');
  });
});
