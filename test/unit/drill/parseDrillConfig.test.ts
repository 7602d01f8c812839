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
      automatic: false, fireRate: 20, clipSize: 99999, clipReloadTimeMs: 2000, clipDecrementOnHit: true,
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
    expect(parseDrillConfig(resp({ priority_target: false, numPriorityTargets: 2 })).numPriorityTargets).toBe(0);
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
