import {
  accuracy, buildGameData, critAccuracy, decodeTargetsDestroyed, encodeTargetsDestroyed, inputType,
  metricValues, round2, timeDestroy,
} from '../../../src/metrics/scoring';
import { engine, shootFirst } from '../ecs/helpers';

describe('scoring formulas (spec section 9)', () => {
  it('accuracy = clusterHits / shots x 100, 2 decimals, 0 with no shots', () => {
    expect(accuracy(0, 0)).toBe(0);
    expect(accuracy(2, 3)).toBe(66.67);
    expect(accuracy(1, 3)).toBe(33.33);
    expect(accuracy(3, 3)).toBe(100);
    expect(accuracy(1, 8)).toBe(12.5);
    expect(accuracy(1, 7)).toBe(14.29);
  });

  it('crit accuracy = crits / shots x 100, 2 decimals', () => {
    expect(critAccuracy(0, 0)).toBe(0);
    expect(critAccuracy(1, 6)).toBe(16.67);
  });

  it('time_destroy = timeUntilKilled / kills, 0 with no kills', () => {
    expect(timeDestroy(1000, 0)).toBe(0);
    expect(timeDestroy(1000, 3)).toBe(333.33);
    expect(timeDestroy(1562.5, 2)).toBe(781.25);
  });

  it('round2 rounds half away from zero despite binary round-off', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(10)).toBe(10);
  });

  it('input type: Cont only when controller inputs exceed mouse inputs (tie = Mouse)', () => {
    expect(inputType(5, 4)).toBe('Cont');
    expect(inputType(4, 4)).toBe('Mouse');
    expect(inputType(0, 0)).toBe('Mouse');
    expect(inputType(1, 9)).toBe('Mouse');
  });

  it('targets_destroyed is base64 of the decimal string', () => {
    expect(encodeTargetsDestroyed(42)).toBe('NDI=');
    expect(encodeTargetsDestroyed(0)).toBe('MA==');
    expect(decodeTargetsDestroyed('NDI=')).toBe(42);
    expect(decodeTargetsDestroyed('!!')).toBeNaN();
  });
});

describe('buildGameData', () => {
  it('builds gameData from an engine run and the context', () => {
    const e = engine({ num_targets: 3, duration: 1000, primary_metric: 'accuracy' }, 7);
    shootFirst(e); // hit
    while (e.tick < 10) e.step([]);
    e.step([{ type: 'fire', t: e.tick * 15.625, down: true }, { type: 'look', t: e.tick * 15.625 + 1, dx: 1, dy: 1 }]); // miss (straight ahead? maybe)
    e.advanceTo(1000, []);
    expect(e.finished).toBe(true);
    const c = e.counters();
    const { gameData, metrics, score } = buildGameData(e, {
      userId: 3, viewportWidth: 1280.4, viewportHeight: 720, fov: 103, fovType: 'h', sensitivity: 1.5,
      source: 'benchmark', frameRate: 143.999, context: null, taskId: null,
    });
    expect(metrics).toEqual(metricValues(c));
    expect(gameData).toMatchObject({
      game_id: 9001, user_id: 3, shots: c.shots, hits: c.hits, accuracy: metrics.accuracy,
      targets_destroyed: btoa(String(c.kills)), timestamp: 1000, viewport_width: 1280, viewport_height: 720,
      mouse_sensitivity: 1.5, source: 'benchmark', frame_rate: 144, input_type: 'Mouse', seed: 7,
      start_position: [0, 1.3, 3.5], fov: 103, fov_type: 'h', damage: c.damage,
    });
    expect(score).toBe(metrics.accuracy);
    expect(c.shots).toBe(2);
    expect(gameData.accuracy).toBe(accuracy(c.clusterHits, 2));
  });
});
