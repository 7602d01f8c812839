import { parseDrillConfig } from '../../../src/drill/parseDrillConfig';
import { compareSettingsWithDrill, drillSettingsOf } from '../../../src/metrics/settingsCompare';

const drill = (config: Record<string, unknown> = {}, over: Record<string, unknown> = {}) =>
  parseDrillConfig({
    id: 7, name: 'x', config: JSON.stringify(config), duration: 30000, num_targets: 3, spawn_mode: 'Random', target_size: 0.5,
    ...over,
  } as never);

const locked = drill({ minFov: 90, maxFov: 103 });

describe('drillSettingsOf', () => {
  it('records the compared drill fields (an unlimited lifetime as null) and no position, floor, tier or game-mode field', () => {
    const s = drillSettingsOf(locked);
    expect(s).toMatchObject({
      duration_ms: 30000, num_targets: 3, spawn_mode: 'Random', target_size: 0.5, target_lifetime_ms: null,
      weapon_fire_rate: 20, clip_size: 99999, primary_metric: 'targets_destroyed', min_fov: 90, max_fov: 103, max_fps: 240,
    });
    for (const k of Object.keys(s)) expect(k).not.toMatch(/position|pos|floor|tier|game_?mode|spawn_area|audio|volume|start|offset/i);
  });
});

describe('compareSettingsWithDrill (spec section 5)', () => {
  it('a fov inside the lock, or a drill without a lock, gives no difference', () => {
    expect(compareSettingsWithDrill({ fov: 90, fov_type: 'h' }, locked)).toEqual([]);
    expect(compareSettingsWithDrill({ fov: 103, fov_type: 'h' }, locked)).toEqual([]);
    expect(compareSettingsWithDrill({ fov: 130, fov_type: 'h' }, drill())).toEqual([]);
  });

  it('a fov outside the lock is a fov_lock difference', () => {
    expect(compareSettingsWithDrill({ fov: 120, fov_type: 'h' }, locked)).toEqual([
      { field: 'fov', reason: 'fov_lock', expected: { min: 90, max: 103, fov_type: 'h' }, actual: 120 },
    ]);
    expect(compareSettingsWithDrill({ fov: 89.5, fov_type: 'h' }, locked)).toEqual([
      { field: 'fov', reason: 'fov_lock', expected: { min: 90, max: 103, fov_type: 'h' }, actual: 89.5 },
    ]);
    expect(compareSettingsWithDrill({ fov: 120 }, drill({ maxFov: 110 }))).toEqual([
      { field: 'fov', reason: 'fov_lock', expected: { min: null, max: 110, fov_type: 'h' }, actual: 120 },
    ]);
  });

  it('compares the fov number as the game clamps it, whatever its type (src/game/fov.ts resolveFov)', () => {
    const v = drill({ minFov: 60, maxFov: 75, drillFovType: 'v' });
    expect(compareSettingsWithDrill({ fov: 75, fov_type: 'h' }, v)).toEqual([]);
    expect(compareSettingsWithDrill({ fov: 103, fov_type: 'v' }, v)).toEqual([
      { field: 'fov', reason: 'fov_lock', expected: { min: 60, max: 75, fov_type: 'v' }, actual: 103 },
    ]);
    expect(compareSettingsWithDrill({ fov: 103.005, fov_type: 'h' }, locked)).toEqual([]); // within the 0.01 step
    expect(compareSettingsWithDrill({ fov: 103.02, fov_type: 'h' }, locked)).toHaveLength(1);
  });

  it('drill fields that differ are drill_changed differences, in the list order', () => {
    const start = { fov: 100, fov_type: 'h', drill: { ...drillSettingsOf(locked), num_targets: 1, target_size: 0.7, max_fps: 1000 } };
    expect(compareSettingsWithDrill(start, locked)).toEqual([
      { field: 'num_targets', reason: 'drill_changed', expected: 3, actual: 1 },
      { field: 'target_size', reason: 'drill_changed', expected: 0.5, actual: 0.7 },
      { field: 'max_fps', reason: 'drill_changed', expected: 240, actual: 1000 },
    ]);
  });

  it('ignores position, floor, tier, game-mode and audio fields, unknown keys and fields not recorded', () => {
    const start = {
      fov: 95, fov_type: 'h', floor: false, tiers: [1], gameMode: 'elimination', audio: { volume: 0 }, positions: [[9, 9, 9]],
      drill: {
        duration_ms: 30000, positions: [[1, 2, 3]], position_mode: 'Fixed', player_start: [0, 9, 0], floor: false, tiers: [99],
        game_mode: 'elimination', initial_spawn_area_index: 1, audio_volume: 0, something_new: 5,
      },
    };
    expect(compareSettingsWithDrill(start, locked)).toEqual([]);
  });

  it('nothing recorded gives no differences', () => {
    expect(compareSettingsWithDrill(null, locked)).toEqual([]);
    expect(compareSettingsWithDrill('x', locked)).toEqual([]);
    expect(compareSettingsWithDrill({}, locked)).toEqual([]);
  });
});

test('every compared drill field has a label in en.json (the summary notice names it)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const en = require('../../../src/i18n/en.json') as { settings_diff: { field: Record<string, string> } };
  expect(Object.keys(en.settings_diff.field).sort()).toEqual(Object.keys(drillSettingsOf(locked)).sort());
});
