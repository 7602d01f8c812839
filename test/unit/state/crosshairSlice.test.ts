/** The `crosshair` slice as pure reducers, its field table and clampConfig, and the API
 * client's normalisation / error handling. */
import { defaultCrosshairConfig, type CrosshairSetting } from '../../../src/contracts/crosshair';
import { CROSSHAIR_RANGES } from '../../../src/contracts/settingRanges';
import { clampConfig, NUMBER_FIELDS } from '../../../src/state/crosshair/fields';
import { fetchCrosshairSetting, normalizeSetting, postCrosshairSetting } from '../../../src/state/crosshair/crosshairApi';
import {
  crosshairActions, crosshairReducer, initialCrosshairState, loadCrosshairSetting, saveCrosshairSetting,
  selectAnyCrosshairModified, selectCrosshairModified, selectStoredCustomConfig, type CrosshairState,
} from '../../../src/state/crosshair/crosshairSlice';
import { configureStore } from '@reduxjs/toolkit';

function res(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  return { ok: status < 300, status, statusText: status < 300 ? 'OK' : 'Internal Server Error', json: async () => JSON.parse(text), text: async () => text } as unknown as Response;
}

const stored: CrosshairSetting = { enabled: true, config: { ...defaultCrosshairConfig(), outline: 1 } };
const root = (s: CrosshairState) => ({ crosshair: s });
const fulfilledLoad = (setting: CrosshairSetting, type: 'crosshair' | 'ads' = 'crosshair') =>
  loadCrosshairSetting.fulfilled(setting, 'req', { type });

describe('crosshair field table (the shared CROSSHAIR_RANGES; the rule is tested in test/unit/contracts/settingRanges.test.ts)', () => {
  test('spec section 5 ranges', () => {
    expect(NUMBER_FIELDS.outline).toEqual({ min: 0, max: 10, step: 1 });
    expect(NUMBER_FIELDS['crosshair.len']).toEqual({ min: 1, max: 20, step: 0.001 });
    expect(NUMBER_FIELDS['crosshair.thick']).toEqual({ min: 0.5, max: 20, step: 0.5 });
    expect(NUMBER_FIELDS['crosshair.gap']).toMatchObject({ min: 0, max: 20 });
    expect(NUMBER_FIELDS['dot.size']).toMatchObject({ min: 2, max: 20 });
    expect(NUMBER_FIELDS['disc.size']).toMatchObject({ min: 0, max: 40 });
    expect(NUMBER_FIELDS['disc.thick']).toMatchObject({ min: 1, max: 20 });
    expect(NUMBER_FIELDS.alpha).toMatchObject({ min: 0, max: 255 });
    expect(NUMBER_FIELDS).toBe(CROSSHAIR_RANGES);
  });

  test('clampConfig clamps every number and colour channel', () => {
    const c = defaultCrosshairConfig();
    c.crosshair.len = 99;
    c.crosshair.thick = 0.7;
    c.color = { r: 300, g: -4, b: 10.4, a: 999 };
    const out = clampConfig(c);
    expect(out.crosshair.len).toBe(20);
    expect(out.crosshair.thick).toBe(0.5);
    expect(out.color).toEqual({ r: 255, g: 0, b: 10, a: 255 });
    expect(c.crosshair.len).toBe(99); // input untouched
  });
});

describe('crosshair slice reducers', () => {
  const loaded = () => crosshairReducer(initialCrosshairState(), fulfilledLoad(stored));

  test('initial: four types, disabled defaults, nothing loaded', () => {
    const s = initialCrosshairState();
    expect(Object.keys(s.entries).sort()).toEqual(['ads', 'crosshair', 'hitmarker', 'missmarker']);
    expect(s.entries.ads.stored).toEqual({ enabled: false, config: defaultCrosshairConfig() });
    expect(s.entries.ads.load).toBe('idle');
  });

  test('load fulfilled sets stored and draft', () => {
    const s = loaded();
    expect(s.entries.crosshair.stored).toEqual(stored);
    expect(s.entries.crosshair.draft).toEqual(stored);
    expect(s.entries.crosshair.load).toBe('loaded');
    expect(selectCrosshairModified(root(s), 'crosshair')).toBe(false);
    expect(selectStoredCustomConfig(root(s), 'crosshair')).toEqual(stored.config);
    expect(selectStoredCustomConfig(root(s), 'ads')).toBeNull();
  });

  test('load rejected: failed with the message, values kept', () => {
    const s = crosshairReducer(initialCrosshairState(), loadCrosshairSetting.rejected(new Error('Bad response from server'), 'r', { type: 'ads' }));
    expect(s.entries.ads.load).toBe('failed');
    expect(s.entries.ads.loadError).toBe('Bad response from server');
    expect(s.entries.ads.draft).toEqual({ enabled: false, config: defaultCrosshairConfig() });
  });

  test('edit → the draft differs from stored (clamped), other types untouched', () => {
    const s = crosshairReducer(loaded(), crosshairActions.edited({ type: 'crosshair', path: 'crosshair.len', value: 25 }));
    expect(s.entries.crosshair.draft.config.crosshair.len).toBe(20);
    expect(s.entries.crosshair.stored.config.crosshair.len).toBe(8);
    expect(selectCrosshairModified(root(s), 'crosshair')).toBe(true);
    expect(selectCrosshairModified(root(s), 'hitmarker')).toBe(false);
    expect(selectAnyCrosshairModified(root(s))).toBe(true);
    const t = crosshairReducer(s, crosshairActions.edited({ type: 'crosshair', path: 'crosshair.thick', value: 0.7 }));
    expect(t.entries.crosshair.draft.config.crosshair.thick).toBe(0.5);
  });

  test('editing a config field turns the custom look on; enabled can be turned off', () => {
    let s = initialCrosshairState();
    s = crosshairReducer(s, crosshairActions.edited({ type: 'hitmarker', path: 'dot.size', value: 6 }));
    expect(s.entries.hitmarker.draft.enabled).toBe(true);
    expect(s.entries.hitmarker.draft.config.dot.size).toBe(6);
    s = crosshairReducer(s, crosshairActions.edited({ type: 'hitmarker', path: 'enabled', value: false }));
    expect(s.entries.hitmarker.draft.enabled).toBe(false);
    s = crosshairReducer(s, crosshairActions.edited({ type: 'hitmarker', path: 'crosshair.tStyle', value: true }));
    expect(s.entries.hitmarker.draft.config.crosshair.tStyle).toBe(true);
  });

  test('colour edits merge r/g/b and clamp', () => {
    const s = crosshairReducer(loaded(), crosshairActions.edited({ type: 'crosshair', path: 'color', value: { r: 0, g: 300, b: 12 } }));
    expect(s.entries.crosshair.draft.config.color).toEqual({ r: 0, g: 255, b: 12, a: 255 });
    const t = crosshairReducer(s, crosshairActions.edited({ type: 'crosshair', path: 'color.a', value: 128.4 }));
    expect(t.entries.crosshair.draft.config.color.a).toBe(128);
  });

  test('cancel restores the stored setting', () => {
    let s = crosshairReducer(loaded(), crosshairActions.edited({ type: 'crosshair', path: 'crosshair.gap', value: 7 }));
    s = crosshairReducer(s, crosshairActions.cancelled({ type: 'crosshair' }));
    expect(s.entries.crosshair.draft).toEqual(stored);
    expect(selectCrosshairModified(root(s), 'crosshair')).toBe(false);
  });

  test('save success commits: stored = the saved setting, status saved', () => {
    let s = crosshairReducer(loaded(), crosshairActions.edited({ type: 'crosshair', path: 'crosshair.gap', value: 7 }));
    const draft = s.entries.crosshair.draft;
    s = crosshairReducer(s, saveCrosshairSetting.pending('r', { type: 'crosshair' }));
    expect(s.entries.crosshair.save).toBe('saving');
    s = crosshairReducer(s, saveCrosshairSetting.fulfilled(draft, 'r', { type: 'crosshair' }));
    expect(s.entries.crosshair.stored.config.crosshair.gap).toBe(7);
    expect(s.entries.crosshair.draft).toEqual(s.entries.crosshair.stored);
    expect(s.entries.crosshair.save).toBe('saved');
    expect(selectCrosshairModified(root(s), 'crosshair')).toBe(false);
    // the next edit clears 'saved'
    s = crosshairReducer(s, crosshairActions.edited({ type: 'crosshair', path: 'crosshair.gap', value: 3 }));
    expect(s.entries.crosshair.save).toBe('idle');
  });

  test('save failure keeps the draft and sets failed', () => {
    let s = crosshairReducer(loaded(), crosshairActions.edited({ type: 'crosshair', path: 'crosshair.gap', value: 7 }));
    s = crosshairReducer(s, saveCrosshairSetting.rejected(new Error('Internal Server Error'), 'r', { type: 'crosshair' }));
    expect(s.entries.crosshair.save).toBe('failed');
    expect(s.entries.crosshair.saveError).toBe('Internal Server Error');
    expect(s.entries.crosshair.draft.config.crosshair.gap).toBe(7);
    expect(s.entries.crosshair.stored).toEqual(stored);
  });

  test('draftReplaced and storedSet', () => {
    let s = crosshairReducer(initialCrosshairState(), crosshairActions.draftReplaced({ type: 'ads', config: { ...defaultCrosshairConfig(), outline: 40 } }));
    expect(s.entries.ads.draft.enabled).toBe(true);
    expect(s.entries.ads.draft.config.outline).toBe(10);
    s = crosshairReducer(s, crosshairActions.storedSet({ type: 'ads', setting: stored }));
    expect(s.entries.ads.stored).toEqual(stored);
    expect(s.entries.ads.draft).toEqual(stored);
  });
});

describe('thunks and API client (GET/POST /api/v2/user/{type})', () => {
  const makeStore = () => configureStore({ reducer: { crosshair: crosshairReducer } });
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  test('normalizeSetting merges a partial config over the defaults and clamps', () => {
    const s = normalizeSetting({ enabled: true, config: { crosshair: { len: 50 }, junk: 1 } });
    expect(s.enabled).toBe(true);
    expect(s.config.crosshair.len).toBe(20);
    expect(s.config.crosshair.thick).toBe(8);
    expect(normalizeSetting(null)).toEqual({ enabled: false, config: defaultCrosshairConfig() });
  });

  test('load then save: the POST body is {enabled, config} with the edit; the answer is committed', async () => {
    const fetchFn = jest.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        return res({ success: true, ...body });
      }
      return res({ enabled: false, config: defaultCrosshairConfig() });
    });
    const store = makeStore();
    await store.dispatch(loadCrosshairSetting({ type: 'missmarker', fetchFn }));
    expect(fetchFn).toHaveBeenCalledWith('/api/v2/user/missmarker', expect.anything());
    store.dispatch(crosshairActions.edited({ type: 'missmarker', path: 'disc.size', value: 30 }));
    await store.dispatch(saveCrosshairSetting({ type: 'missmarker', fetchFn })).unwrap();
    const [url, init] = fetchFn.mock.calls[1];
    expect(url).toBe('/api/v2/user/missmarker');
    const body = JSON.parse(String(init?.body));
    expect(body.enabled).toBe(true);
    expect(body.config.disc.size).toBe(30);
    const e = store.getState().crosshair.entries.missmarker;
    expect(e.save).toBe('saved');
    expect(e.stored.config.disc.size).toBe(30);
  });

  test('save failure: logged and rethrown (unwrap rejects), draft kept', async () => {
    const fetchFn = jest.fn(async () => res({ error: 'boom' }, 500));
    const store = makeStore();
    store.dispatch(crosshairActions.edited({ type: 'crosshair', path: 'crosshair.len', value: 12 }));
    await expect(store.dispatch(saveCrosshairSetting({ type: 'crosshair', fetchFn })).unwrap()).rejects.toMatchObject({ message: 'Internal Server Error' });
    expect(console.error).toHaveBeenCalled();
    const e = store.getState().crosshair.entries.crosshair;
    expect(e.save).toBe('failed');
    expect(e.draft.config.crosshair.len).toBe(12);
  });

  test('get failure and success:false are logged and rethrown', async () => {
    await expect(fetchCrosshairSetting('ads', async () => res({ error: 'x' }, 500))).rejects.toThrow('Bad response from server');
    await expect(
      postCrosshairSetting('ads', { enabled: true, config: defaultCrosshairConfig() }, async () => res({ success: false, error: 'nope' })),
    ).rejects.toThrow('nope');
    expect(console.error).toHaveBeenCalledTimes(2);
  });
});
