/** The settings listeners through a real store: load, save, failures, and the running page
 * taking the saved HUD preferences and keys. */
import { defaultControlOptions, defaultGameOptions } from '../../../src/contracts/gameOptions';
import { resetGameHolder, setController } from '../../../src/state/gameHolder';
import { settingsActions } from '../../../src/state/settings/settingsSlice';
import { makeStore } from '../../../src/state/store';
import { fakeEnv, fakeFetch, jsonResponse } from './fakes';

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 50 && !cond(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(cond()).toBe(true);
};

beforeEach(() => {
  resetGameHolder();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('load: GET /gameoptions/edit fills the slice', async () => {
  const { fn, calls } = fakeFetch({
    '/gameoptions/edit': () => jsonResponse({ controls: { mouse_sens: 2 }, game_options: { audio: { music: 8 } } }),
  });
  const store = makeStore(fakeEnv({ fetch: fn }).env);
  store.dispatch(settingsActions.loadRequested());
  expect(store.getState().settings.loading).toBe(true);
  await until(() => store.getState().settings.loaded);
  const s = store.getState().settings;
  expect(s.loading).toBe(false);
  expect(s.controls.mouse_sens).toBe(2);
  expect(s.gameOptions.audio.music).toBe(8);
  expect(calls.map((c) => c.url)).toEqual(['/gameoptions/edit']);
});

test('a failed load is logged only; loading ends', async () => {
  const { fn } = fakeFetch({ '/gameoptions/edit': () => jsonResponse({ error: 'x' }, 500) });
  const store = makeStore(fakeEnv({ fetch: fn }).env);
  store.dispatch(settingsActions.loadRequested());
  await until(() => !store.getState().settings.loading);
  expect(store.getState().settings.loaded).toBe(false);
  expect(console.error).toHaveBeenCalled();
});

test('save: POST { game_options, controls }; the answer is stored; HUD prefs and keys go live', async () => {
  const { fn, calls } = fakeFetch({
    '/gameoptions/edit': (_url, init) => {
      if (init?.method !== 'POST') return jsonResponse({ controls: {}, game_options: {} });
      const body = JSON.parse(String(init.body));
      return jsonResponse({ success: true, controls: { ...body.controls, mouse_sens: 10 }, game_options: body.game_options });
    },
  });
  const applySettings = jest.fn();
  setController({ applySettings } as never);
  const store = makeStore(fakeEnv({ fetch: fn }).env);
  store.dispatch(settingsActions.loadRequested());
  await until(() => store.getState().settings.loaded);
  store.dispatch(settingsActions.controlChanged({ key: 'mouse_sens', value: 12 }));
  store.dispatch(settingsActions.optionChanged({ group: 'hud', key: 'stats', value: 1 }));
  store.dispatch(settingsActions.optionChanged({ group: 'hud', key: 'fps', value: true }));
  store.dispatch(settingsActions.bindingAssigned({ action: 'restart', slot: 'key', code: 'KeyT' }));
  store.dispatch(settingsActions.saveRequested());
  await until(() => store.getState().settings.status === 'saved');

  const post = calls.find((c) => c.init?.method === 'POST')!;
  const body = JSON.parse(String(post.init!.body));
  expect(Object.keys(body).sort()).toEqual(['controls', 'game_options']);
  expect(body.controls.mouse_sens).toBe(12);
  expect(body.game_options.hud.stats).toBe(1);

  const s = store.getState();
  expect(s.settings.modified).toBe(false);
  expect(s.settings.controls.mouse_sens).toBe(10); // the server's clamp
  expect(s.run.hudPrefs).toMatchObject({ enabled: true, stats: 1, fps: true });
  expect(s.run.keys.restart).toEqual(['KeyT']);
  expect(applySettings).toHaveBeenCalledWith({ controls: s.settings.controls, gameOptions: s.settings.gameOptions });
});

test('a failed save sets status failed and keeps the edits', async () => {
  const { fn } = fakeFetch({
    '/gameoptions/edit': (_url, init) =>
      init?.method === 'POST' ? jsonResponse({ error: 'nope' }, 500, 'Internal Server Error') : jsonResponse({}),
  });
  const store = makeStore(fakeEnv({ fetch: fn }).env);
  store.dispatch(settingsActions.loaded({ gameOptions: defaultGameOptions(), controls: defaultControlOptions() }));
  store.dispatch(settingsActions.optionChanged({ group: 'audio', key: 'volume', value: 9 }));
  store.dispatch(settingsActions.saveRequested());
  await until(() => store.getState().settings.status === 'failed');
  expect(store.getState().settings).toMatchObject({ saving: false, modified: true });
  expect(store.getState().settings.gameOptions.audio.volume).toBe(9);
});
