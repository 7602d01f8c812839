/**
 * The one deep merge (src/contracts/merge.ts): untyped for schema-checked documents (server and
 * client settings), typed for untrusted ones (a gameconfig's crosshair looks).
 */
import { mergeDeep } from '../../../src/contracts/merge';
import { defaultCrosshairConfig } from '../../../src/contracts/crosshair';
import { defaultGameOptions } from '../../../src/contracts/gameOptions';

describe('mergeDeep, untyped', () => {
  test('objects merge key by key; other values replace; undefined is skipped; inputs untouched', () => {
    const base = { a: { x: 1, y: 2 }, b: [1, 2], c: 'k', d: 5 };
    const patch = { a: { y: 3, z: 4 }, b: [9], c: null, d: undefined, e: true };
    const frozenBase = JSON.stringify(base);
    expect(mergeDeep(base, patch)).toEqual({ a: { x: 1, y: 3, z: 4 }, b: [9], c: null, d: 5, e: true });
    expect(JSON.stringify(base)).toBe(frozenBase);
  });

  test('a patch that is not an object replaces; undefined gives the base', () => {
    expect(mergeDeep({ a: 1 }, 7)).toBe(7);
    const base = { a: 1 };
    expect(mergeDeep(base, undefined)).toBe(base);
  });

  test('a partial saved game options document over the defaults keeps every other default', () => {
    const merged = mergeDeep(defaultGameOptions(), { audio: { volume: 3 }, video: { max_fps: null } });
    expect(merged.audio.volume).toBe(3);
    expect(merged.audio.music).toBe(defaultGameOptions().audio.music);
    expect(merged.video.max_fps).toBeNull();
    expect(merged.hud).toEqual(defaultGameOptions().hud);
  });
});

describe('mergeDeep, typed', () => {
  test("keeps base's shape: unknown keys, wrong types and non-finite numbers are ignored", () => {
    const base = defaultCrosshairConfig();
    const merged = mergeDeep(base, {
      outline: 4,
      alpha: 'x',
      rotation: 1,
      extra: 5,
      crosshair: { len: Number.NaN, gap: 6 },
      dot: 'none',
      color: { r: 0, g: 255, b: 0 },
    }, { typed: true });
    expect(merged.outline).toBe(4);
    expect(merged.alpha).toBe(base.alpha);
    expect(merged.rotation).toBe(base.rotation);
    expect('extra' in merged).toBe(false);
    expect(merged.crosshair.len).toBe(base.crosshair.len);
    expect(merged.crosshair.gap).toBe(6);
    expect(merged.dot).toEqual(base.dot);
    expect(merged.color).toEqual({ ...base.color, r: 0, g: 255, b: 0 });
  });

  test('a patch that is not an object gives the base', () => {
    const base = defaultCrosshairConfig();
    expect(mergeDeep(base, 'garbage', { typed: true })).toBe(base);
    expect(mergeDeep(base, null, { typed: true })).toBe(base);
  });
});
