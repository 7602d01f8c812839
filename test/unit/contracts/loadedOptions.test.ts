/** loadedOptionsOf (src/contracts/gameOptions.ts): what a game page loads with from the options
 * GET, the same for the boot entry and the store. */
import { defaultGameOptions, loadedOptionsOf } from '../../../src/contracts/gameOptions';

test('no answer (a failed GET) or garbage: the defaults and no controls', () => {
  for (const res of [null, undefined, {}, { game_options: 'x', controls: [1, 2] }]) {
    const got = loadedOptionsOf(res as never);
    expect(got.options).toEqual(defaultGameOptions());
    expect(got.controls).toBeNull();
  }
});

test('the saved options over the defaults, group by group; the controls as sent', () => {
  const got = loadedOptionsOf({ game_options: { video: { shadows: 0 }, hud: { fps: true } }, controls: { mouse_skip_filter: false } });
  const d = defaultGameOptions();
  expect(got.options.video).toEqual({ ...d.video, shadows: 0 });
  expect(got.options.hud).toEqual({ ...d.hud, fps: true });
  expect(got.options.audio).toEqual(d.audio);
  expect(got.controls).toEqual({ mouse_skip_filter: false });
});
