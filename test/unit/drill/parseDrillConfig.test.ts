import { convertConfigValues, DrillConfigError, parseDrillConfig } from '../../../src/drill/parseDrillConfig';
import { DRILL_DEFAULTS } from '../../../src/contracts/constants';
import { resp } from '../ecs/helpers';

describe('convertConfigValues', () => {
  it("turns 'true'/'false' into booleans and numeric strings into numbers, recursively", () => {
    const src = {
      a: 'true', b: 'false', c: '12', d: '-0.5', e: ' 3 ', f: '1e3', g: 'abc', h: '', i: '0x10', j: 'Infinity',
      k: ['1', 'true', { l: '2.5' }], m: { n: { o: 'false' } }, p: 7, q: null, r: true, s: '1,5', t: '.5',
    };
    const copy = JSON.parse(JSON.stringify(src));
    expect(convertConfigValues(src)).toEqual({
      a: true, b: false, c: 12, d: -0.5, e: 3, f: 1000, g: 'abc', h: '', i: '0x10', j: 'Infinity',
      k: [1, true, { l: 2.5 }], m: { n: { o: false } }, p: 7, q: null, r: true, s: '1,5', t: 0.5,
    });
    expect(src).toEqual(copy); // not mutated
  });

  it('leaves TRUE and True as strings (only the exact lower-case words convert)', () => {
    expect(convertConfigValues({ a: 'TRUE', b: 'True' })).toEqual({ a: 'TRUE', b: 'True' });
  });
});

describe('parseDrillConfig', () => {
  it('applies the spec section 9 defaults', () => {
    const d = parseDrillConfig({ id: 5, name: 'x', config: '{}', duration: null, num_targets: 1, spawn_mode: 'Random' } as never);
    expect(d.durationMs).toBe(60000);
    expect(d.weapon).toEqual({
      automatic: false, fireRate: 20, clipSize: 99999, clipReloadTimeMs: 2000, clipDecrementOnHit: false,
      clipReloadOnDeath: false, type: 'pistol',
    });
    expect(d.target.health).toBe(1);
    expect(d.target.speed).toBe(10);
    expect(d.target.lifetimeMs).toBe(Infinity);
    expect(d.timeBetweenTargetsMs).toBe(0);
    expect(d.fov).toBe(103);
    expect(d.fovType).toBe('h');
    expect(d.playerMovementSpeed).toBe(4);
    expect(d.playerStart).toEqual([0, 1.3, 3.5]);
    expect(d.returnPos).toEqual([0, 0, -40]);
    expect(d.critDmgMultiplier).toBe(1);
    expect(d.primaryMetric).toBe('targets_destroyed');
    expect(d.positionMinDist).toBe(DRILL_DEFAULTS.positionMinDist);
    expect(d.positionMaxDist).toBe(5);
    expect(d.adsSens).toBe(1);
    expect(d.spawnOrder).toBe('random');
    expect(d.thresholds).toEqual({ targets_destroyed: null, accuracy: null, time_destroy: null, crit_hit: null });
  });

  it('lifetime: null = until killed; 0 / negative / garbage = 200 ms fallback; a value is kept', () => {
    expect(parseDrillConfig(resp({ target_lifetime: null })).target.lifetimeMs).toBe(Infinity);
    expect(parseDrillConfig(resp({ target_lifetime: 0 })).target.lifetimeMs).toBe(200);
    expect(parseDrillConfig(resp({ target_lifetime: -5 })).target.lifetimeMs).toBe(200);
    expect(parseDrillConfig(resp({ target_lifetime: 900 })).target.lifetimeMs).toBe(900);
    expect(parseDrillConfig(resp({ config: JSON.stringify({ target_lifetime: '750' }) })).target.lifetimeMs).toBe(750);
  });

  it('spawn interval: null = 0 ms; negative = 500 ms fallback', () => {
    expect(parseDrillConfig(resp({ time_between_targets: null })).timeBetweenTargetsMs).toBe(0);
    expect(parseDrillConfig(resp({ time_between_targets: -1 })).timeBetweenTargetsMs).toBe(500);
    expect(parseDrillConfig(resp({ time_between_targets: 300, time_between_randomise: true }))).toMatchObject({ timeBetweenTargetsMs: 300, timeBetweenRandomise: true });
  });

  it('merges the config JSON: typed keys, fills null response fields, the rest goes to extra converted', () => {
    const d = parseDrillConfig(resp({
      target_speed: null,
      weapon_fire_rate: 8,
      config: JSON.stringify({
        spawnOrder: 'order', positions: [[1, '2', 3], { x: 4, y: 5, z: 6 }, '7,8,9', [1, 2]], critZone: '0.5',
        target_speed: '3', weapon_fire_rate: '99', gameMode: { initialSpawnAreaIndex: '2' }, floor: 'true',
      }),
    }));
    expect(d.spawnOrder).toBe('order');
    expect(d.positions).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9]]);
    expect(d.target.critRadiusFraction).toBe(0.5);
    expect(d.target.speed).toBe(3); // response null -> config
    expect(d.weapon.fireRate).toBe(8); // response wins
    expect(d.extra).toEqual({ target_speed: 3, weapon_fire_rate: 99, gameMode: { initialSpawnAreaIndex: 2 }, floor: true });
  });

  it('keeps unknown spawn modes (the engine places them as 2D random)', () => {
    expect(parseDrillConfig(resp({ spawn_mode: 'Spiral' })).spawnMode).toBe('Spiral');
  });

  it('priority targets are capped at num_targets and at least 1; return-to-centre is off with them', () => {
    expect(parseDrillConfig(resp({ num_targets: 3, priority_target: true, numPriorityTargets: 9, return_to_centre: true }))).toMatchObject({ numPriorityTargets: 3, returnToCentre: false });
    expect(parseDrillConfig(resp({ priority_target: true, numPriorityTargets: 0 })).numPriorityTargets).toBe(1);
    expect(parseDrillConfig(resp({ priority_target: false })).numPriorityTargets).toBe(0);
    expect(parseDrillConfig(resp({ priority_target: false, numPriorityTargets: 0 })).numPriorityTargets).toBe(0);
    // a count with priority mode off cannot be honoured: an error naming the field
    expect(() => parseDrillConfig(resp({ priority_target: false, numPriorityTargets: 2 }))).toThrow(expect.objectContaining({ field: 'numPriorityTargets' }));
  });

  it('reads thresholds, player start and the primary metric', () => {
    const d = parseDrillConfig(resp({
      targets_destroyed_score: 90, accuracy_score: '85', time_destroy_score: null, primary_metric: 'accuracy',
      player_start_x: 1, player_start_y: 2, player_start_z: 3, return_pos: '0,1,-20',
    }));
    expect(d.thresholds).toEqual({ targets_destroyed: 90, accuracy: 85, time_destroy: null, crit_hit: null });
    expect(d.primaryMetric).toBe('accuracy');
    expect(d.playerStart).toEqual([1, 2, 3]);
    expect(d.returnPos).toEqual([0, 1, -20]);
    expect(parseDrillConfig(resp({ primary_metric: 'nonsense' })).primaryMetric).toBe('targets_destroyed');
  });

  it('throws DrillConfigError for broken config JSON, bad duration, bad num_targets', () => {
    expect(() => parseDrillConfig(resp({ config: '{"a":' }))).toThrow(DrillConfigError);
    expect(() => parseDrillConfig(resp({ config: '{"a":' }))).toThrow(/config.*not valid JSON/);
    expect(() => parseDrillConfig(resp({ config: '[1,2]' }))).toThrow(/JSON object/);
    expect(() => parseDrillConfig(resp({ duration: 0 }))).toThrow(/duration/);
    expect(() => parseDrillConfig(resp({ duration: -100 }))).toThrow(DrillConfigError);
    expect(() => parseDrillConfig(resp({ num_targets: 0 }))).toThrow(/num_targets/);
    expect(() => parseDrillConfig(resp({ num_targets: 1.5 }))).toThrow(/num_targets/);
    expect(() => parseDrillConfig(resp({ target_size: -1 }))).toThrow(/target_size/);
    try {
      parseDrillConfig(resp({ num_targets: 0 }));
    } catch (e) {
      expect((e as DrillConfigError).field).toBe('num_targets');
      expect((e as Error).name).toBe('DrillConfigError');
    }
  });

  it('an empty config string is an empty config', () => {
    expect(parseDrillConfig(resp({ config: '' })).extra).toEqual({});
  });
});

describe('parseDrillConfig leniency', () => {
  it('accepts an already parsed config object and converts it', () => {
    const d = parseDrillConfig(resp({ config: { spawnOrder: 'order', foo: '3' } as never }));
    expect(d.spawnOrder).toBe('order');
    expect(d.extra).toEqual({ foo: 3 });
  });
  it('rejects a config that is neither string nor object', () => {
    expect(() => parseDrillConfig(resp({ config: 5 as never }))).toThrow(/JSON string/);
  });
});

describe('parseDrillConfig: every drill field of spec section 3 (issue 3)', () => {
  it('defaults of the new fields (spec section 9 where it gives one)', () => {
    const d = parseDrillConfig(resp());
    expect(d.target).toMatchObject({ model: 'sphere', grounded: false, facePlayer: false, colourable: true, config: {}, growMode: 'none', minSize: 0.175, maxSize: 0.35 });
    expect(d.movement).toBe('free');
    expect(d.movementPattern).toBeNull();
    expect(d.ads).toEqual({ enabled: true, zoom: 1.5 });
    expect(d.gameMode).toBe('default');
    expect(d.initialSpawnAreaIndex).toBe(0);
    expect(d.dynamicTargetSetting).toBeNull();
    expect(d.fovLock).toEqual({ minFov: null, maxFov: null });
    expect(d.drillFovType).toBeNull();
    expect(d.multiMonitorMode).toBe(false);
    expect(d.adaptForFov).toBe(false);
    expect(d.pointerLock).toBe(true);
    expect(d.maxFps).toBe(240);
    expect(d.playerOffset).toEqual([0, 0, 0]);
    expect(d.initialPos).toBeNull();
    expect(d.floor).toBe(true);
    expect(d.levelModel).toBeNull();
    expect(d.levelStyle).toBeNull();
    expect(d.tiers).toEqual([]);
    expect(d.targets).toEqual([]);
    expect(d.warnings).toEqual([]);
    expect(d.returnToCentre).toBe(false);
    expect(d.returnPos).toEqual([0, 0, -40]);
    expect(d.analysisMode).toBe(0);
  });

  it('reads every field from the response or the config JSON', () => {
    const d = parseDrillConfig(resp({
      target_health: 4, target_speed: 2, target_size: 0.3, target_scale_x: 2, target_scale_y: 1, target_scale_z: 1,
      target_lifetime: 1200, target_model: 'humanoid', target_moving: true, target_grounded: true, target_colourable: false,
      target_face_player: true, target_config: '{"glow":"true","ring":"2"}', shots_per_target: 3, time_between_targets: 250,
      time_between_randomise: true, position_mode: 'Relative', position_min_dist: 2, position_max_dist: 6, spawn_mode: 'Random3D',
      movement_pattern: 'depth', crit_dmg_multiplier: 2.5, health_regenerate_rate: 1.5, target_grow_mode: 'grow',
      analysis_mode: 1, return_to_centre: true, return_pos: '1,2,-30', clip_size: 7, clip_reload_time: 900,
      clip_decrement_on_hit: true, clip_reload_on_death: true, weapon_automatic: true, weapon_type: 'rifle', weapon_fire_rate: 12,
      ads_sens: 0.7, player_movement_speed: 6, max_fps: 144, pointer_lock: false, adapt_for_fov: true, level_model: 'range',
      level_style: 'factory', player_offset_x: 0.5, player_offset_y: 0, player_offset_z: -1, special_mode: 'elimination',
      dynamic_target_setting_enabled: true, primary_metric: 'time_destroy', time_destroy_score: 600,
      config: JSON.stringify({
        minSize: '0.1', maxSize: '0.4', minFov: '80', maxFov: 110, drillFovType: 'v', multiMonitorMode: 'true', floor: 'false',
        adsZoom: '3', ads: 'true', initialPos: [0, 1.3, -10], tiers: [900, 600, 400], gameMode: { initialSpawnAreaIndex: 1 },
        targets: [{ properties: { isPriority: true, colour: 'red' } }, {}], spawnOrder: 'order',
        dynamic_target_setting_type: 'speed', dynamic_target_setting_min: 1, dynamic_target_setting_max: 5, dynamic_target_setting_step: '0.5',
      }),
    }));
    expect(d.target).toEqual({
      health: 4, speed: 2, size: 0.3, scale: [2, 1, 1], lifetimeMs: 1200, model: 'humanoid', moving: true, grounded: true,
      facePlayer: true, critRadiusFraction: 0.35, critCore: false, healthRegenerateRate: 1.5, colourable: false, config: { glow: true, ring: 2 },
      growMode: 'grow', minSize: 0.1, maxSize: 0.4,
    });
    expect(d).toMatchObject({
      shotsPerTarget: 3, timeBetweenTargetsMs: 250, timeBetweenRandomise: true, positionMode: 'Relative', positionMinDist: 2,
      positionMaxDist: 6, spawnMode: 'Random3D', movementPattern: 'depth', movement: 'depth', critDmgMultiplier: 2.5,
      analysisMode: 1, returnToCentre: true, returnPos: [1, 2, -30], adsSens: 0.7, playerMovementSpeed: 6, maxFps: 144,
      pointerLock: false, adaptForFov: true, levelModel: 'range', levelStyle: 'factory', playerOffset: [0.5, 0, -1],
      gameMode: 'elimination', initialSpawnAreaIndex: 1, fovLock: { minFov: 80, maxFov: 110 }, drillFovType: 'v',
      multiMonitorMode: true, floor: false, ads: { enabled: true, zoom: 3 }, initialPos: [0, 1.3, -10], tiers: [900, 600, 400],
      spawnOrder: 'order', dynamicTargetSetting: { type: 'speed', min: 1, max: 5, step: 0.5 }, primaryMetric: 'time_destroy',
    });
    expect(d.weapon).toEqual({ automatic: true, fireRate: 12, clipSize: 7, clipReloadTimeMs: 900, clipDecrementOnHit: true, clipReloadOnDeath: true, type: 'rifle' });
    expect(d.targets).toEqual([{ isPriority: true, properties: { isPriority: true, colour: 'red' } }, { isPriority: false, properties: {} }]);
    // minFov / maxFov stay in extra too (the view's fov lock reads them there)
    expect(d.extra).toMatchObject({ minFov: 80, maxFov: 110 });
  });

  it('config gameMode may be a name string', () => {
    expect(parseDrillConfig(resp({ config: JSON.stringify({ gameMode: 'sudden_death' }) })).gameMode).toBe('sudden_death');
  });

  it('tiers default to the primary metric threshold', () => {
    expect(parseDrillConfig(resp({ targets_destroyed_score: 42 })).tiers).toEqual([42]);
    expect(parseDrillConfig(resp({ primary_metric: 'accuracy', accuracy_score: 80, targets_destroyed_score: 42 })).tiers).toEqual([80]);
  });

  it('movement_pattern accepts null, "", free, random, horizontal, vertical, depth (3D modes), circle', () => {
    for (const m of [null, '', 'free', 'random']) expect(parseDrillConfig(resp({ movement_pattern: m })).movement).toBe('free');
    for (const m of ['horizontal', 'vertical', 'circle']) expect(parseDrillConfig(resp({ movement_pattern: m })).movement).toBe(m);
    expect(parseDrillConfig(resp({ movement_pattern: 'depth', spawn_mode: '180' })).movement).toBe('depth');
  });

  const field = (over: Record<string, unknown>, f: string) =>
    expect(() => parseDrillConfig(resp(over))).toThrow(expect.objectContaining({ name: 'DrillConfigError', field: f }));

  it('rejects what the engine cannot honour, naming the field', () => {
    field({ movement_pattern: 'zigzag' }, 'movement_pattern');
    field({ movement_pattern: 'depth', spawn_mode: 'Random' }, 'movement_pattern');
    field({ movement_pattern: 'vertical', target_grounded: true }, 'movement_pattern');
    field({ target_grow_mode: 'pulse', target_lifetime: 500 }, 'target_grow_mode');
    field({ target_grow_mode: 'grow', target_lifetime: null }, 'target_grow_mode');
    field({ target_grow_mode: 'grow', target_lifetime: 500, config: JSON.stringify({ minSize: 0.5, maxSize: 0.2 }) }, 'minSize');
    field({ target_model: 'cube' }, 'target_model');
    field({ special_mode: 'battle_royale' }, 'special_mode');
    field({ config: JSON.stringify({ gameMode: { name: 'nope' } }) }, 'special_mode');
    field({ priority_target: false, numPriorityTargets: 3 }, 'numPriorityTargets');
    field({ config: JSON.stringify({ spawnOrder: 'reverse' }) }, 'spawnOrder');
    field({ config: JSON.stringify({ minFov: 120, maxFov: 90 }) }, 'minFov');
    field({ config: JSON.stringify({ maxFov: 500 }) }, 'maxFov');
    field({ config: JSON.stringify({ drillFovType: 'diag' }) }, 'drillFovType');
    field({ config: JSON.stringify({ tiers: [1, 'x'] }) }, 'tiers');
    field({ config: JSON.stringify({ targets: { a: 1 } }) }, 'targets');
    field({ config: JSON.stringify({ targets: [{ properties: { isPriority: 'yes' } }] }) }, 'targets');
    field({ config: JSON.stringify({ initialPos: 'here' }) }, 'initialPos');
    field({ target_config: '{oops' }, 'target_config');
    field({ dynamic_target_setting_enabled: true }, 'dynamic_target_setting_type');
    field({ dynamic_target_setting_enabled: true, config: JSON.stringify({ dynamic_target_setting_type: 'speed' }) }, 'dynamic_target_setting_type');
    field({ dynamic_target_setting_enabled: true, target_grow_mode: 'grow', target_lifetime: 900, config: JSON.stringify({ dynamic_target_setting_type: 'size' }) }, 'dynamic_target_setting_type');
    field({ dynamic_target_setting_enabled: true, config: JSON.stringify({ dynamic_target_setting_type: 'lifetime' }) }, 'dynamic_target_setting_type');
    field({ dynamic_target_setting_enabled: true, config: JSON.stringify({ dynamic_target_setting_type: 'size', dynamic_target_setting_step: 0 }) }, 'dynamic_target_setting_step');
  });

  it('an ADS zoom override below 1 is a warning (spec section 5), not an error: the default is used', () => {
    const warned: string[] = [];
    const d = parseDrillConfig(resp({ config: JSON.stringify({ adsZoom: '0.8' }) }), { warn: (m) => warned.push(m) });
    expect(d.ads.zoom).toBe(1.5);
    expect(warned).toHaveLength(1);
    expect(d.warnings).toEqual(warned);
    const spy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    parseDrillConfig(resp({ config: JSON.stringify({ adsZoom: 0 }) }));
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(parseDrillConfig(resp({ config: JSON.stringify({ adsZoom: 1 }) })).ads.zoom).toBe(1);
  });

  it("special_mode 'priority' turns priority targets on (at least 1) and return-to-centre off", () => {
    expect(parseDrillConfig(resp({ special_mode: 'priority', return_to_centre: true }))).toMatchObject({
      priorityTarget: true, numPriorityTargets: 1, returnToCentre: false, gameMode: 'priority',
    });
  });
});

describe('lockFov (spec section 5)', () => {
  it('clamps to the drill minFov / maxFov where set', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { lockFov } = require('../../../src/drill/fovLock');
    const d = parseDrillConfig(resp({ config: JSON.stringify({ minFov: 80, maxFov: 110 }) }));
    expect(lockFov(103, d.fovLock)).toBe(103);
    expect(lockFov(60, d.fovLock)).toBe(80);
    expect(lockFov(130, d.fovLock)).toBe(110);
    expect(lockFov(130, parseDrillConfig(resp()).fovLock)).toBe(130);
  });
});
