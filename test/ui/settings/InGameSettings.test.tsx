/** The settings menu inside the running game page (fake controller): opened from the pause
 * menu, keys stay in the menu, a save reaches the page (HUD preferences) and the controller's
 * optional applySettings, Back returns to the pause menu. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ProjectState } from '../../../src/contracts/projectState';
import { resetGameHolder } from '../../../src/state/gameHolder';
import { makeStore } from '../../../src/state/store';
import { GamePage } from '../../../src/ui/GamePage';
import { fakeEnv, fakeFetch, jsonResponse } from '../../unit/state/fakes';

beforeEach(() => {
  resetGameHolder();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('pause → Settings → edit, Escape, Save in the confirm modal → back to the pause menu', async () => {
  const posted: unknown[] = [];
  const { fn, calls } = fakeFetch({
    '/gameoptions/edit': (_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return jsonResponse({ success: true, ...body });
      }
      return jsonResponse({ controls: { mouse_sens: 1.25 }, game_options: {} });
    },
  });
  const f = fakeEnv({ fetch: fn });
  const store = makeStore(f.env);
  render(
    <Provider store={store}>
      <GamePage search="?id=2033" />
    </Provider>,
  );
  await screen.findByTestId('pregame-info');
  fireEvent.mouseDown(window, { button: 0 });
  await screen.findByTestId('hud', {}, { timeout: 3000 });
  const controller = f.holder.controller!;
  const applySettings = jest.fn();
  (controller as unknown as { applySettings: typeof applySettings }).applySettings = applySettings;

  act(() => controller.callbacks!.onPauseRequested());
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
  expect(await screen.findByTestId('settings-menu')).toBeInTheDocument(); // a lazily loaded chunk
  await waitFor(() => expect(screen.getByTestId('setting-mouse_sens')).toHaveValue(1.25));
  // the menu edits the values the drill was loaded with: no second GET
  expect(calls.filter((c) => c.url === '/gameoptions/edit' && c.init?.method !== 'POST')).toHaveLength(1);

  const input = screen.getByTestId('setting-mouse_sens');
  fireEvent.change(input, { target: { value: '2' } });
  fireEvent.blur(input);
  fireEvent.click(screen.getByTestId('settings-tab-hud'));
  fireEvent.click(screen.getByTestId('setting-fps'));

  // The pause and restart keys do not reach the game while the menu is open.
  fireEvent.keyDown(document.body, { code: 'KeyR', key: 'r' });
  expect(f.env.reload).not.toHaveBeenCalled();
  fireEvent.keyDown(document.body, { code: 'Escape', key: 'Escape' });
  expect(store.getState().run.projectState).toBe(ProjectState.GamePaused);
  const modal = screen.getByTestId('confirm-modal');
  expect(modal).toHaveTextContent('You have unsaved changes.');
  fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
  expect(await within(modal).findByText('Saved')).toBeInTheDocument();
  expect(posted).toHaveLength(1);
  expect((posted[0] as { controls: { mouse_sens: number } }).controls.mouse_sens).toBe(2);
  expect(store.getState().run.hudPrefs.fps).toBe(true);
  expect(applySettings).toHaveBeenCalledTimes(1);
  // the running drill gets the saved values (src/game/liveSettings.ts applies them live)
  const live = applySettings.mock.calls[0][0] as { controls: { mouse_sens: number }; gameOptions: { hud: { fps: boolean } } };
  expect(live.controls.mouse_sens).toBe(2);
  expect(live.gameOptions.hud.fps).toBe(true);

  await screen.findByTestId('pause-menu', {}, { timeout: 3000 });
  expect(screen.queryByTestId('settings-menu')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
  expect(store.getState().run.projectState).toBe(ProjectState.GameRunning);
});
