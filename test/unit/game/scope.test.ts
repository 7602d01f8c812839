/**
 * The sniper's scope view (src/game/scopeOverlay.ts, adsView.ts): the scope's geometry for a
 * view size, and the ADS follower showing the scope exactly while zoomed (the overlay and the
 * fov follow as before).
 */
import { AdsViewFollower } from '../../../src/game/adsView';
import { SCOPE_POST_GAP, SCOPE_RADIUS_OF_HEIGHT, scopeGeometry } from '../../../src/game/scopeOverlay';

describe('scopeGeometry', () => {
  test('1280x720: centred, radius 0.46 of the height, posts thicker than the lines', () => {
    const g = scopeGeometry(1280, 720);
    expect(g.cx).toBe(640);
    expect(g.cy).toBe(360);
    expect(g.r).toBeCloseTo(720 * SCOPE_RADIUS_OF_HEIGHT, 9);
    expect(g.post).toBeGreaterThan(g.line);
    expect(g.line).toBeGreaterThanOrEqual(1);
    // the hold marks stay between the centre and the bottom post
    expect(3 * g.mark).toBeLessThan(g.r * SCOPE_POST_GAP);
  });

  test('a tall, narrow view: the circle fits the width', () => {
    expect(scopeGeometry(400, 720).r).toBe(200);
    expect(scopeGeometry(0, 0).r).toBe(1);
  });
});

describe('AdsViewFollower and the scope', () => {
  test('the scope shows while zoomed and hides unzoomed and on reset; without a scope nothing breaks', () => {
    const log: string[] = [];
    const scope = { setShown: (s: boolean) => log.push(`scope ${s}`) };
    const f = new AdsViewFollower({
      overlay: () => ({ setZoomed: (z: boolean) => log.push(`overlay ${z}`) }),
      applyFov: (z: number) => log.push(`fov ${z}`),
      scope: () => scope,
    });
    expect(f.follow(2.5)).toBe(true);
    expect(f.follow(2.5)).toBe(false);
    expect(f.follow(1)).toBe(true);
    f.follow(3);
    f.reset();
    expect(log).toEqual([
      'overlay true', 'scope true', 'fov 2.5',
      'overlay false', 'scope false', 'fov 1',
      'overlay true', 'scope true', 'fov 3',
      'overlay false', 'scope false', 'fov 1',
    ]);
    const plain = new AdsViewFollower({ overlay: () => null, applyFov: () => undefined, scope: () => null });
    expect(plain.follow(1.5)).toBe(true);
    expect(plain.zoomed).toBe(true);
  });
});
