import { inputMatchers, parseBindingValue } from '../../../src/input/bindings';
import { accuracyPercent, hudSnapshot } from '../../../src/game/hud';
import { despawnAnimationMsFor, despawnLook, hexToRgb01 } from '../../../src/game/targetVisual';

describe('bindings', () => {
  test('parses mouse, key and pad values', () => {
    expect(parseBindingValue('mouse0')).toEqual({ button: 0 });
    expect(parseBindingValue('KeyW')).toEqual({ key: 'KeyW' });
    expect(parseBindingValue('button7')).toBeNull();
    expect(parseBindingValue(null)).toBeNull();
  });

  test('defaults: left mouse fires, right mouse ads, Escape pauses, WASD move', () => {
    const m = inputMatchers(null);
    expect(m.fire).toEqual({ buttons: [0], keys: [] });
    expect(m.ads).toEqual({ buttons: [2], keys: [] });
    expect(m.pause.keys).toEqual(['Escape']);
    expect(m.forward.keys).toEqual(['KeyW']);
  });

  test('fire with no binding falls back to the left button', () => {
    const m = inputMatchers({ fire: { key: null, alt: null, pad: 'button7' } });
    expect(m.fire.buttons).toEqual([0]);
    const k = inputMatchers({ fire: { key: 'KeyF', alt: 'mouse1', pad: null } });
    expect(k.fire).toEqual({ buttons: [1], keys: ['KeyF'] });
  });
});

describe('hud and target look', () => {
  test('accuracy = cluster hits / shots × 100, 2 decimals, 0 without shots', () => {
    expect(accuracyPercent(2, 3)).toBe(66.67);
    expect(accuracyPercent(0, 0)).toBe(0);
    const counters = { hits: 3, clusterHits: 2, crits: 0, blocked: 0, kills: 2, damage: 3, shots: 3, spawns: 4, timeUntilKilled: 0, totalTime: 0, mouseInputs: 0, controllerInputs: 0, clip: { size: 99999, remaining: 99999, reloadProgress: 0 } };
    expect(hudSnapshot(counters, 1500, 60000, 60)).toEqual({
      remainingMs: 58500, targetsDestroyed: 2, accuracy: 66.67, shots: 3, hits: 3, fps: 60, timeDestroyMs: 0, critPercent: 0, damage: 3,
      clip: { size: 99999, remaining: 99999, reloadProgress: 0 },
    });
    expect(hudSnapshot(counters, 61000, 60000, 60).remainingMs).toBe(0);
  });

  test('despawn shrink and colours', () => {
    expect(despawnLook(-1)).toEqual({ scale: 1, mix: 0 });
    expect(despawnLook(0.5)).toEqual({ scale: 0.5, mix: 1 });
    expect(despawnLook(1).scale).toBe(0);
    expect(hexToRgb01('#ff0080', [0, 0, 0])).toEqual([1, 0, 128 / 255]);
    expect(hexToRgb01('#f00', [0, 0, 0])).toEqual([1, 0, 0]);
    expect(hexToRgb01('nope', [0.1, 0.2, 0.3])).toEqual([0.1, 0.2, 0.3]);
    expect(despawnAnimationMsFor('holo')).toBe(200);
    expect(despawnAnimationMsFor('explode')).toBe(700);
    expect(despawnAnimationMsFor('none')).toBe(0);
  });
});

import { soundGain } from '../../../src/audio/gameAudio';

describe('audio volumes (spec section 9)', () => {
  test('gain = master/10 × category/10', () => {
    expect(soundGain({ volume: 4, gun: 3 }, 'gun')).toBeCloseTo(0.12, 15);
    expect(soundGain({ volume: 10, reward: 5 }, 'hit')).toBe(0.5);
    expect(soundGain({ volume: 4, spawn: 0 }, 'spawn')).toBe(0);
    expect(soundGain(null, 'crit')).toBe(0);
  });
});
