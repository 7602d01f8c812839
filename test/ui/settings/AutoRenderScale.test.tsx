/** The Video tab shows the render scale automatic quality draws at while a drill runs in the
 * page (src/game/effects/videoQuality.ts publishAutoRenderScale), and nothing when none runs. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { resetGameHolder } from '../../../src/state/gameHolder';
import { makeStore } from '../../../src/state/store';
import { SettingsMenu } from '../../../src/ui/settings/SettingsMenu';
import { publishAutoRenderScale } from '../../../src/game/effects/videoQuality';
import { sensitivityGameData } from '../../../src/server/sensitivityData';
import { fakeEnv, fakeFetch, jsonResponse } from '../../unit/state/fakes';

beforeEach(() => {
  resetGameHolder();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  publishAutoRenderScale(null);
  jest.restoreAllMocks();
});

test('the automatic render scale is shown in the Video tab and follows each change', async () => {
  const { fn } = fakeFetch({
    '/gameoptions/edit': () => jsonResponse({ controls: { graphics_quality_auto: true }, game_options: {} }),
    '/api/v1/user/game-sensitivity-data/basic': () => jsonResponse(sensitivityGameData()),
  });
  const store = makeStore(fakeEnv({ fetch: fn }).env);
  render(
    <Provider store={store}>
      <SettingsMenu onClose={() => undefined} fetchFn={fn} />
    </Provider>,
  );
  await waitFor(() => expect(store.getState().settings.loading).toBe(false));
  fireEvent.click(screen.getByTestId('settings-tab-video'));
  expect(screen.queryByTestId('auto-render-scale')).toBeNull(); // no drill running
  act(() => publishAutoRenderScale(0.8));
  expect(screen.getByTestId('auto-render-scale')).toHaveTextContent('80 %');
  act(() => publishAutoRenderScale(0.6));
  expect(screen.getByTestId('auto-render-scale')).toHaveTextContent('60 %');
  act(() => publishAutoRenderScale(null));
  expect(screen.queryByTestId('auto-render-scale')).toBeNull();
});
