/**
 * Quit's destination without a host (spec section 2, issue 12): the stored referrer, else back in
 * the game's own frame, else the drill list; never `/` and never the host page. And which
 * referrers are remembered.
 */
import { QUIT_FALLBACK_PATH, homeDestination, isQuitReferrer } from '../../../src/state/env';

const SELF = 'http://game.test';

test('the stored referrer first, then history back in the own frame, then the drill list', () => {
  expect(homeDestination({ storedReferrer: 'https://blog.example/post', canGoBack: true })).toEqual({ kind: 'url', url: 'https://blog.example/post' });
  expect(homeDestination({ storedReferrer: null, canGoBack: true })).toEqual({ kind: 'back' });
  // a fresh tab (a drill link opened directly): the drill list, not '/' (which starts drill 134)
  expect(homeDestination({ storedReferrer: null, canGoBack: false })).toEqual({ kind: 'url', url: '/drills' });
  expect(QUIT_FALLBACK_PATH).not.toBe('/');
});

test.each([
  // [referrer, framed, remembered]
  ['http://game.test/drills', false, true],
  ['http://game.test/drills', true, true],
  ['http://game.test/maximum-fps', false, true],
  ['http://game.test/gameoptions/edit', false, true],
  ['https://discord.example/channels/1', false, true],
  // a game page (a reload, or another drill) would start a drill: never
  ['http://game.test/?id=134', false, false],
  ['http://game.test/', false, false],
  // the summary: after "Play again" Quit goes back to where the player came from, not the old summary
  ['http://game.test/app/#/drill-summary?run=4', false, false],
  // in an iframe another origin is the host page: it must never load inside the game's frame
  ['https://host.example/training', true, false],
  ['', false, false],
  ['not a url', false, false],
  ['javascript:alert(1)', false, false],
])('referrer %s (framed %s) remembered: %s', (ref, framed, ok) => {
  expect(isQuitReferrer(ref, SELF, framed)).toBe(ok);
});
