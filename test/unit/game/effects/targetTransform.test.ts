import {
  axisSizes, effectiveTargetColour, hitFlashAmount, HIT_FLASH_MS, initTargetMatrices, writeTargetPlacement,
} from '../../../../src/game/effects/targetTransform';
import { THEME_PRESETS } from '../../../../src/contracts/gameOptions';

/** v · M for a row vector (Babylon layout). */
function apply(m: Float32Array, v: [number, number, number]): [number, number, number] {
  return [0, 1, 2].map((c) => v[0] * m[c] + v[1] * m[4 + c] + v[2] * m[8 + c] + m[12 + c]) as [number, number, number];
}

describe('target transform', () => {
  test('axis sizes: radius × scale_i / max(scale) (the hit radius is size × the largest factor)', () => {
    expect(axisSizes(0.5, [1, 2, 1])).toEqual([0.25, 0.5, 0.25]);
    expect(axisSizes(0.4, [1, 1, 1])).toEqual([0.4, 0.4, 0.4]);
    expect(axisSizes(0.3, null)).toEqual([0.3, 0.3, 0.3]);
    expect(axisSizes(1, [0, -1, 2])).toEqual([0.5, 0.5, 1]); // bad factors count as 1
  });

  test('matrix: scale, then turn by facing about y, then move', () => {
    const m = new Float32Array(32);
    initTargetMatrices(m);
    writeTargetPlacement(m, 16, 1, 2, 3, 0, 5, 6, 7);
    expect(apply(m.subarray(16), [1, 1, 1]).map((v) => +v.toFixed(5))).toEqual([6, 8, 10]);
    // facing 90°: the model's +z front turns to +x
    writeTargetPlacement(m, 0, 1, 1, 1, 90, 0, 0, 0);
    expect(apply(m, [0, 0, 1]).map((v) => +v.toFixed(5))).toEqual([1, 0, 0]);
    // non-uniform: a 2 m deep target facing 90° is 2 m along x
    writeTargetPlacement(m, 0, 1, 1, 2, 90, 0, 0, 0);
    expect(apply(m, [0, 0, 1]).map((v) => +v.toFixed(5))).toEqual([2, 0, 0]);
    expect(apply(m, [1, 0, 0]).map((v) => +v.toFixed(5))).toEqual([0, 0, -1]);
  });

  test('the constant elements are written once per slot, from the first new slot on; a placement completes the matrix', () => {
    const m = new Float32Array(48).fill(7); // garbage everywhere
    initTargetMatrices(m, 1); // slots 1 and 2 (slot 0 is left as it was)
    expect([...m.subarray(0, 16)]).toEqual(Array(16).fill(7));
    writeTargetPlacement(m, 32, 2, 3, 4, 0, 1, 2, 3);
    expect([...m.subarray(32, 48)].map((v) => v + 0)).toEqual( // + 0: −0 (−sx · sin 0) as 0
      [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1]);
    // a placement writes only the 8 varying elements: the constants stay as initialised
    writeTargetPlacement(m, 16, 1, 1, 1, 90, 0, 0, 0);
    expect([1, 3, 4, 6, 7, 9, 11, 15].map((k) => m[16 + k])).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
  });

  test('hit flash: 1 at the hit, linear to 0 over HIT_FLASH_MS', () => {
    expect(hitFlashAmount(0)).toBe(1);
    expect(hitFlashAmount(HIT_FLASH_MS / 2)).toBeCloseTo(0.5);
    expect(hitFlashAmount(HIT_FLASH_MS)).toBe(0);
    expect(hitFlashAmount(-5)).toBe(0);
    expect(hitFlashAmount(Number.NaN)).toBe(0);
  });

  test('target colour: the player’s unless the drill’s targets are not colourable', () => {
    const o = { texture: { target_colour: '#00ff00' } } as never;
    expect(effectiveTargetColour(o, true)).toBe('#00ff00');
    expect(effectiveTargetColour(o, undefined)).toBe('#00ff00');
    expect(effectiveTargetColour(o, false)).toBe(THEME_PRESETS.Default.target_colour);
  });
});
