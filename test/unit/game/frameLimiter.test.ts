/** The desktop client's frame cap (issue 13): who is capped, at what, and how many frames pass. */
import { frameCapOf, isDesktopClient } from '../../../src/contracts/desktopClient';
import { createFrameLimiter } from '../../../src/game/frameLimiter';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 AimTrainerDesktop/2.1';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';

/** Frames drawn in `ms` of a display refreshing at `hz`, capped at `cap`. */
function drawn(cap: number | null, hz: number, ms: number): number {
  const limiter = createFrameLimiter(cap);
  let n = 0;
  for (let i = 0; i < Math.round((hz * ms) / 1000); i++) if (!limiter.skip((i * 1000) / hz)) n++;
  return n;
}

test('only the desktop client is capped: by the lower of the max-FPS setting and the drill max_fps', () => {
  expect(isDesktopClient(DESKTOP)).toBe(true);
  expect(isDesktopClient(BROWSER)).toBe(false);
  expect(frameCapOf(BROWSER, 60, 240)).toBeNull();
  expect(frameCapOf(DESKTOP, null, 240)).toBe(240);
  expect(frameCapOf(DESKTOP, 1000, 240)).toBe(240);
  expect(frameCapOf(DESKTOP, 144, 240)).toBe(144);
  expect(frameCapOf(DESKTOP, null, 0)).toBeNull();
});

test.each([
  [30, 240, 1000, 30],
  [60, 60, 1000, 60], // a cap equal to the display rate drops nothing (1 ms early allowed)
  [100, 144, 2000, 200],
  [240, 60, 1000, 60], // a cap above the display rate changes nothing
])('cap %i fps on a %i Hz display draws %i ms -> %i frames', (cap, hz, ms, expected) => {
  expect(Math.abs(drawn(cap, hz, ms) - expected)).toBeLessThanOrEqual(1);
});

test('no cap draws every frame; reset draws the next frame at once', () => {
  expect(drawn(null, 240, 1000)).toBe(240);
  const l = createFrameLimiter(10);
  expect(l.skip(0)).toBe(false);
  expect(l.skip(50)).toBe(true);
  l.reset();
  expect(l.skip(51)).toBe(false);
});
