/** The low-FPS notice in jsdom with the real store: hidden until the runtime announces, then
 * the spec's text, More info to the maximum-fps page, "Don't show again" saving
 * notification_enabled = false; 5 s, once per page. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { announceLowFps, LOW_FPS_EVENT, LOW_FPS_NOTICE_MS, type LowFpsDetail } from '../../src/game/lowFps';
import { makeStore } from '../../src/state/store';
import { settingsActions, valuesFromServer } from '../../src/state/settings/settingsSlice';
import { HELP_PAGE_URLS } from '../../src/contracts/helpPages';
import { LowFpsNotice } from '../../src/ui/overlays/LowFpsNotice';
import { fakeEnv } from '../unit/state/fakes';
import { useAnnouncement } from '../../src/ui/overlays/useAnnouncement';

const TEXT = 'Poor performance detected: Ensure you have hardware acceleration enabled in your browser or lower settings to improve performance.';

function renderNotice() {
  const f = fakeEnv();
  const store = makeStore(f.env);
  store.dispatch(settingsActions.loaded(valuesFromServer({ controls: { mouse_sens: 2 }, game_options: { audio: { gun: 4 } } })));
  render(
    <Provider store={store}>
      <LowFpsNotice />
    </Provider>,
  );
  return { ...f, store };
}

afterEach(() => jest.useRealTimers());

test('shown for 5 s after the announcement with the spec text and the More info link; once per page', () => {
  jest.useFakeTimers();
  renderNotice();
  expect(screen.queryByTestId('low-fps-notice')).toBeNull();
  act(() => announceLowFps({ fps: 22 }));
  const notice = screen.getByTestId('low-fps-notice');
  expect(notice).toHaveTextContent(TEXT);
  expect(notice.getAttribute('data-fps')).toBe('22');
  const link = screen.getByRole('link', { name: 'More info' });
  expect(link.getAttribute('href')).toBe(HELP_PAGE_URLS.maximumFps);
  act(() => { jest.advanceTimersByTime(LOW_FPS_NOTICE_MS - 1); });
  expect(screen.queryByTestId('low-fps-notice')).not.toBeNull();
  act(() => { jest.advanceTimersByTime(1); });
  expect(screen.queryByTestId('low-fps-notice')).toBeNull();
  act(() => announceLowFps({ fps: 10 }));
  expect(screen.queryByTestId('low-fps-notice')).toBeNull();
});

test("Don't show again stores notification_enabled = false and posts the saved copy; unticking stores true", async () => {
  const { store, calls } = renderNotice();
  store.dispatch(settingsActions.optionChanged({ group: 'audio', key: 'gun', value: 9 })); // unsaved edit
  act(() => announceLowFps({ fps: 25 }));
  const box = screen.getByRole('checkbox', { name: "Don't show again" });
  fireEvent.click(box);
  expect(box).toBeChecked();
  const s = store.getState().settings;
  expect(s.saved.gameOptions.other.low_fps.notification_enabled).toBe(false);
  expect(s.gameOptions.other.low_fps.notification_enabled).toBe(false);
  await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
  const posts = calls.filter((c) => c.init?.method === 'POST');
  expect(posts).toHaveLength(1);
  const body = JSON.parse(String(posts[0].init!.body));
  expect(posts[0].url).toBe('/gameoptions/edit');
  expect(body.game_options.other.low_fps.notification_enabled).toBe(false);
  expect(body.game_options.audio.gun).toBe(4); // the saved copy, not the unsaved edit
  expect(body.controls.mouse_sens).toBe(2);

  fireEvent.click(box);
  expect(store.getState().settings.saved.gameOptions.other.low_fps.notification_enabled).toBe(true);
});

/** useAnnouncement with `hold` from a prop (the notice passes "the game is paused"). */
function Held({ hold }: { hold: boolean }) {
  const { shown } = useAnnouncement<LowFpsDetail>(LOW_FPS_EVENT, LOW_FPS_NOTICE_MS, hold);
  return shown ? <p data-testid="held-notice">shown</p> : null;
}

test('held (the game paused), the 5 s stop; released, the rest runs', () => {
  jest.useFakeTimers();
  const view = render(<Held hold={false} />);
  act(() => announceLowFps({ fps: 20 }));
  act(() => { jest.advanceTimersByTime(2000); });
  view.rerender(<Held hold />);
  act(() => { jest.advanceTimersByTime(60_000); }); // a long pause: still shown
  expect(screen.queryByTestId('held-notice')).not.toBeNull();
  view.rerender(<Held hold={false} />);
  act(() => { jest.advanceTimersByTime(LOW_FPS_NOTICE_MS - 2000 - 50); });
  expect(screen.queryByTestId('held-notice')).not.toBeNull();
  act(() => { jest.advanceTimersByTime(100); });
  expect(screen.queryByTestId('held-notice')).toBeNull();
});
