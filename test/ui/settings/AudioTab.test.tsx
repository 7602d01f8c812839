/** The Audio tab's hit sound previews (jsdom): one button per shipped hit sound, each playing
 * that file at the volumes being edited (unsaved), and the menu sounds of tab switches. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../src/state/store';
import { SettingsMenu } from '../../../src/ui/settings/SettingsMenu';
import { setUiSoundPlayer } from '../../../src/audio/uiSounds';
import { fakeEnv, fakeFetch, jsonResponse } from '../../unit/state/fakes';

jest.mock('../../../src/audio/previewSound', () => ({
  previewHitSound: jest.fn(async (name: string, audio: { volume: number; reward: number }) => ({
    url: `/assets/sounds/hitsound/${name}.ogg`, gain: (audio.volume / 10) * (audio.reward / 10),
  })),
}));
import { previewHitSound } from '../../../src/audio/previewSound';

afterEach(() => {
  setUiSoundPlayer(null);
  jest.clearAllMocks();
});

async function renderAudioTab() {
  const { fn } = fakeFetch({
    '/gameoptions/edit': () => jsonResponse({ controls: {}, game_options: { audio: { volume: 6 } } }),
    '/api/v1/user/game-sensitivity-data/basic': () => jsonResponse([]),
  });
  const store = makeStore(fakeEnv({ fetch: fn }).env);
  render(
    <Provider store={store}>
      <SettingsMenu onClose={() => undefined} fetchFn={fn} />
    </Provider>,
  );
  await waitFor(() => expect(store.getState().settings.loading).toBe(false));
  return store;
}

test('each hit sound has a preview button that plays it with the edited volumes', async () => {
  const played: string[] = [];
  setUiSoundPlayer((n) => played.push(n));
  await renderAudioTab();
  fireEvent.click(screen.getByTestId('settings-tab-audio'));
  expect(played).toEqual(['switch']);
  for (const name of ['default', 'clap', 'pong', 'pop', 'tap', 'thud']) {
    expect(screen.getByTestId(`hitsound-preview-${name}`)).toBeInTheDocument();
  }
  expect(screen.queryByTestId('hitsound-preview-custom')).toBeNull();
  // an unsaved volume change applies to the preview
  const reward = screen.getByTestId('setting-reward') as HTMLInputElement;
  fireEvent.change(reward, { target: { value: '7' } });
  fireEvent.blur(reward);
  fireEvent.click(screen.getByTestId('hitsound-preview-pong'));
  expect(previewHitSound).toHaveBeenCalledTimes(1);
  const [name, audio] = (previewHitSound as jest.Mock).mock.calls[0];
  expect(name).toBe('pong');
  expect(audio).toMatchObject({ volume: 6, reward: 7 });
  expect(screen.getByTestId('hitsound-preview-pong').className).toContain('btn--primary');
});

test('with custom sounds on, the player registers a custom hit sound URL; the server\'s error is shown', async () => {
  const posted: unknown[] = [];
  const { fn } = fakeFetch({
    '/gameoptions/edit': () => jsonResponse({ controls: {}, game_options: { audio: { custom_sounds: true } } }),
    '/api/v1/user/game-sensitivity-data/basic': () => jsonResponse([]),
    '/api/v1/assets/sounds': (_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        if (body.url.includes('missing')) return jsonResponse({ error: 'no such sound file: /assets/missing.ogg' }, 400);
        return jsonResponse({ success: true, data: [body] });
      }
      return jsonResponse({ data: [{ sound_type: 'hitsound', url: '/assets/sounds/hitsound/pop.ogg' }] });
    },
  });
  const saved = globalThis.fetch;
  globalThis.fetch = fn as unknown as typeof fetch;
  try {
    const store = makeStore(fakeEnv({ fetch: fn }).env);
    render(
      <Provider store={store}>
        <SettingsMenu onClose={() => undefined} fetchFn={fn} />
      </Provider>,
    );
    await waitFor(() => expect(store.getState().settings.loading).toBe(false));
    fireEvent.click(screen.getByTestId('settings-tab-audio'));
    const input = (await screen.findByTestId('custom-hitsound-url')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('/assets/sounds/hitsound/pop.ogg'));
    fireEvent.change(input, { target: { value: 'http://insecure.example/a.ogg' } });
    fireEvent.click(screen.getByTestId('custom-hitsound-save'));
    expect(await screen.findByTestId('custom-hitsound-status')).toHaveTextContent('https');
    expect(posted).toEqual([]); // refused before any request
    fireEvent.change(input, { target: { value: '/assets/missing.ogg' } });
    fireEvent.click(screen.getByTestId('custom-hitsound-save'));
    await waitFor(() => expect(screen.getByTestId('custom-hitsound-status')).toHaveTextContent('no such sound file: /assets/missing.ogg'));
    fireEvent.change(input, { target: { value: 'https://cdn.example.com/hit.ogg' } });
    fireEvent.click(screen.getByTestId('custom-hitsound-save'));
    await waitFor(() => expect(screen.getByTestId('custom-hitsound-status')).toHaveTextContent('Saved'));
    expect(posted).toEqual([
      { sound_type: 'hitsound', url: '/assets/missing.ogg' },
      { sound_type: 'hitsound', url: 'https://cdn.example.com/hit.ogg' },
    ]);
  } finally {
    globalThis.fetch = saved;
  }
});
