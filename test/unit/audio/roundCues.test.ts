/**
 * Round sound cues (src/audio/roundCues.ts): steps while the eye moves (held WALK_HOLD_MS after
 * it stops), reload 1 when a reload starts, reload 2 when it completes with the clip refilled.
 */
import { RoundCues, WALK_HOLD_MS } from '../../../src/audio/roundCues';

const clip = (remaining: number, reloadProgress: number) => ({ size: 10, remaining, reloadProgress });

test('walking: on when the eye moves, held for WALK_HOLD_MS after it stops, off after', () => {
  const c = new RoundCues();
  expect(c.frame(0, { x: 0, z: 0 }, clip(10, 0)).walking).toBe(false); // first frame: no previous eye
  expect(c.frame(16, { x: 0.05, z: 0 }, clip(10, 0)).walking).toBe(true);
  expect(c.frame(32, { x: 0.05, z: 0 }, clip(10, 0)).walking).toBe(true);
  expect(c.frame(16 + WALK_HOLD_MS, { x: 0.05, z: 0 }, clip(10, 0)).walking).toBe(true);
  expect(c.frame(17 + WALK_HOLD_MS, { x: 0.05, z: 0 }, clip(10, 0)).walking).toBe(false);
  expect(c.frame(400, { x: 0.05, z: -0.05 }, clip(10, 0)).walking).toBe(true);
  c.reset();
  expect(c.frame(500, { x: 9, z: 9 }, clip(10, 0)).walking).toBe(false); // a reset forgets the eye
});

test('reload: 1 as the reload starts, nothing while it runs, 2 when the clip is refilled', () => {
  const c = new RoundCues();
  const eye = { x: 0, z: 0 };
  expect(c.frame(0, eye, clip(1, 0)).reload).toBe(0);
  expect(c.frame(16, eye, clip(0, 0.01)).reload).toBe(1);
  expect(c.frame(32, eye, clip(0, 0.5)).reload).toBe(0);
  expect(c.frame(48, eye, clip(10, 0)).reload).toBe(2);
  expect(c.frame(64, eye, clip(10, 0)).reload).toBe(0);
  // a reload cut short without a refill (round over) plays no completion sound
  c.frame(80, eye, clip(0, 0.3));
  expect(c.frame(96, eye, clip(0, 0)).reload).toBe(0);
});

test('the cue object is reused (no allocation per frame)', () => {
  const c = new RoundCues();
  expect(c.frame(0, { x: 0, z: 0 }, clip(10, 0))).toBe(c.frame(16, { x: 1, z: 0 }, clip(10, 0)));
});
