import {
  ALIVE_LOOK, cutoutAlpha, despawnDrawnUntil, despawnStyleLook, despawnStyleOf, EXPLODE_POP_GROWTH, EXPLODE_POP_SHARE, HOLO_FLICKER_PHASES,
  type DespawnStyle,
} from '../../../../src/game/effects/despawnStyles';
import { DESPAWN_ANIMATION_MS } from '../../../../src/ecs/despawnAnimation';
import { despawnAnimationMsFor } from '../../../../src/game/targetVisual';

const STYLES: DespawnStyle[] = ['none', 'glow', 'holo', 'dissolve', 'explode'];

describe('despawn styles (spec sections 4 and 9)', () => {
  test('animation lengths: none 0, glow 100, holo 200, dissolve 700, explode 700 ms (engine and view agree)', () => {
    expect(DESPAWN_ANIMATION_MS).toEqual({ none: 0, glow: 100, holo: 200, dissolve: 700, explode: 700 });
    for (const s of STYLES) expect(despawnAnimationMsFor(s)).toBe(DESPAWN_ANIMATION_MS[s]);
  });

  test('unknown names are holo (the default)', () => {
    expect(despawnStyleOf(undefined)).toBe('holo');
    expect(despawnStyleOf('sparkle')).toBe('holo');
    for (const s of STYLES) expect(despawnStyleOf(s)).toBe(s);
  });

  test('a live target (progress −1) looks alive in every style', () => {
    for (const s of STYLES) expect(despawnStyleLook(s, -1)).toEqual(ALIVE_LOOK);
  });

  test('despawnDrawnUntil: none 0, explode the pop share (0.15), the others 1; the look draws something exactly before it', () => {
    expect(STYLES.map(despawnDrawnUntil)).toEqual([0, 1, 1, 1, EXPLODE_POP_SHARE]);
    expect(EXPLODE_POP_SHARE).toBe(0.15);
    // the view skips a despawning target at or past despawnDrawnUntil without computing its
    // look: that may never hide a target the look would draw, nor draw one it would not
    for (const s of STYLES) {
      const until = despawnDrawnUntil(s);
      for (let k = 0; k <= 2000; k++) {
        const p = k / 2000;
        expect([s, p, despawnStyleLook(s, p).scale > 0]).toEqual([s, p, p < until]);
      }
      expect([s, -1 >= until]).toEqual([s, false]); // a live target (despawn −1) is never skipped
    }
  });

  test('at the end of every animation nothing is drawn', () => {
    for (const s of STYLES) expect(despawnStyleLook(s, 1).scale).toBe(0);
    for (const s of STYLES) expect(despawnStyleLook(s, 5).scale).toBe(0);
  });

  test('none: gone at once', () => {
    expect(despawnStyleLook('none', 0).scale).toBe(0);
  });

  test('glow: a flash (bright 3.5 at the start, fading to 1), swelling to 1.25x, fading out by noise in the second half', () => {
    const a = despawnStyleLook('glow', 0);
    expect(a.bright).toBeCloseTo(3.5);
    expect(a.mix).toBe(1);
    expect(a.fade).toBe(1);
    const mid = despawnStyleLook('glow', 0.5);
    expect(mid.bright).toBeCloseTo(2.25);
    expect(mid.scale).toBeCloseTo(1.125);
    expect(mid.fade).toBe(1);
    const late = despawnStyleLook('glow', 0.75);
    expect(late.fade).toBeCloseTo(0.5);
    expect(late.scan).toBe(false);
  });

  test('holo: scanline cut, shrinking to 40 %, flickering on alternate phases', () => {
    const a = despawnStyleLook('holo', 0.05);
    expect(a.scan).toBe(true);
    expect(a.scale).toBeCloseTo(1 - 0.6 * 0.05);
    expect(a.fade).toBeCloseTo(0.95);
    const off = despawnStyleLook('holo', 1.5 / HOLO_FLICKER_PHASES); // phase 1: dim
    expect(off.fade).toBeCloseTo((1 - 1.5 / HOLO_FLICKER_PHASES) * 0.55);
    expect(despawnStyleLook('holo', 0.999).scale).toBeCloseTo(0.4, 2);
  });

  test('dissolve: size kept, colour moves in the first third, the noise cut keeps (1 − p)^0.8', () => {
    const a = despawnStyleLook('dissolve', 0.2);
    expect(a.scale).toBe(1);
    expect(a.mix).toBeCloseTo(0.6);
    expect(a.fade).toBeCloseTo(Math.pow(0.8, 0.8));
    expect(despawnStyleLook('dissolve', 0.5).mix).toBe(1);
    expect(despawnStyleLook('dissolve', 0.9).fade).toBeLessThan(despawnStyleLook('dissolve', 0.5).fade);
  });

  test('explode: pops (grows 40 % over the first 15 %) then leaves only the particles', () => {
    expect(despawnStyleLook('explode', 0).scale).toBe(1);
    expect(despawnStyleLook('explode', EXPLODE_POP_SHARE / 2).scale).toBeCloseTo(1 + EXPLODE_POP_GROWTH / 2);
    expect(despawnStyleLook('explode', EXPLODE_POP_SHARE).scale).toBe(0);
    expect(despawnStyleLook('explode', 0.5).scale).toBe(0);
  });

  test('every style looks different half way through', () => {
    const looks = STYLES.filter((s) => s !== 'none').map((s) => JSON.stringify(despawnStyleLook(s, 0.1)));
    expect(new Set(looks).size).toBe(looks.length);
  });

  test('cutout alpha: 1 solid, fade in [0,1) for the noise cut, 2 + fade for the scanline cut', () => {
    expect(cutoutAlpha(ALIVE_LOOK)).toBe(1);
    expect(cutoutAlpha({ fade: 0.3, scan: false })).toBeCloseTo(0.3);
    expect(cutoutAlpha({ fade: 0.3, scan: true })).toBeCloseTo(2.3);
    expect(cutoutAlpha({ fade: 7, scan: false })).toBe(1);
    expect(cutoutAlpha({ fade: -1, scan: true })).toBe(2);
  });
});
