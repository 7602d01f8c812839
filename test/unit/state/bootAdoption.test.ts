/**
 * The store adopts the boot entry's load (src/main.ts, src/game/boot.ts, gameHolder.ts BootLoad):
 * the GETs it started are read instead of asked again, its controller (with the store's
 * callbacks attached through the relay) is the page's, the run ticket's seed reaches it before
 * the round, and its failures panic as the store's own load's do.
 */
import { ProjectState } from '../../../src/contracts/projectState';
import { CallbackRelay } from '../../../src/game/callbackRelay';
import type { GameCallbacks, GameController } from '../../../src/game/types';
import { fetchGameConfig, fetchGameOptions, type FetchFn } from '../../../src/net/api';
import { ChunkLoadError } from '../../../src/net/chunkLoad';
import { getController, setBootLoad, type BootLoad } from '../../../src/state/gameHolder';
import { runActions } from '../../../src/state/run/runSlice';
import { makeStore } from '../../../src/state/store';
import { fakeControllerFactory, fakeEnv, fakeFetch, fakeTicket, FAKE_SURFACE, jsonResponse, settle, useRuntimeTestSetup } from './fakes';

useRuntimeTestSetup();

/**
 * A boot of drill `id` as the entry makes one: its own fetch (`bootFetch`) for the two GETs,
 * a fake controller behind a relay whose load reports progress and its first frame (or fails
 * with `loadError`), and `chunkError` for a game chunk that never came.
 */
function fakeBoot(id: number, opts: { bootFetch?: FetchFn; loadError?: Error; chunkError?: Error } = {}) {
  const { fn } = fakeFetch();
  const bootFetch = opts.bootFetch ?? (fn as unknown as FetchFn);
  const { factory, holder } = fakeControllerFactory();
  const relay = new CallbackRelay();
  const config = fetchGameConfig(bootFetch, id);
  const options = fetchGameOptions(bootFetch);
  config.catch(() => undefined);
  options.catch(() => undefined);
  const created: Promise<GameController> = opts.chunkError ? Promise.reject(opts.chunkError) : Promise.resolve(factory(FAKE_SURFACE.canvas, FAKE_SURFACE.overlayRoot, relay.callbacks));
  created.catch(() => undefined);
  const loaded = created.then(async () => {
    await config;
    relay.callbacks.onProgress(25);
    relay.callbacks.onFirstFrame!();
    relay.callbacks.onProgress(63);
    if (opts.loadError) throw opts.loadError;
  });
  loaded.catch(() => undefined);
  const attached: GameCallbacks[] = [];
  const boot: BootLoad = {
    id,
    surface: FAKE_SURFACE,
    config,
    options,
    adopt: (cb) => created.then((c) => { attached.push(cb); relay.attach(cb); return c; }),
    loaded,
  };
  return { boot, holder, attached, bootFetch: fn };
}

test('the store adopts the boot of its drill: no second GET, the boot\'s controller, the ticket\'s seed, progress replayed', async () => {
  const b = fakeBoot(2033);
  setBootLoad(b.boot);
  const f = fakeEnv();
  const store = makeStore(f.env);
  const progress: number[] = [];
  store.subscribe(() => { const p = store.getState().run.loadProgress; if (progress[progress.length - 1] !== p) progress.push(p); });
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  expect(store.getState().run.projectState).toBe(ProjectState.AssetsLoaded);
  expect(store.getState().run.drill).toMatchObject({ id: 2033, name: 'Test Drill', bestScore: 12 });
  // the store asked for the run ticket only; the boot's fetch did the two GETs
  expect(f.calls.map((c) => c.url)).toEqual(['/api/v1/runs']);
  expect(b.bootFetch.mock.calls.map((c) => c[0])).toEqual(['/api/v1/gameconfig/2033', '/gameoptions/edit']);
  expect(f.factory).not.toHaveBeenCalled();
  expect(getController()).toBe(b.holder.controller);
  expect(b.attached).toHaveLength(1);
  // no load() of its own: the boot's load, with the server's seed set before the round
  expect(b.holder.controller!.calls).toEqual([`setSeed:${fakeTicket().seed}`]);
  expect(progress).toContain(63); // what the boot reported before the store attached
  expect(f.hostEvents.map((e) => e.name)).toEqual(['game-status-update', 'ready']);
});

test('a boot of another drill is dropped: the store loads its own', async () => {
  const b = fakeBoot(134);
  setBootLoad(b.boot);
  const f = fakeEnv();
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  expect(store.getState().run.projectState).toBe(ProjectState.AssetsLoaded);
  expect(f.calls.map((c) => c.url)).toEqual(['/api/v1/runs', '/api/v1/gameconfig/2033', '/gameoptions/edit']);
  expect(f.factory).toHaveBeenCalledTimes(1);
  expect(f.holder.controller!.calls).toEqual(['load']);
  expect(b.attached).toHaveLength(0);
});

test('the boot\'s gameconfig 404 panics with the server message, as the store\'s own would', async () => {
  const { fn } = fakeFetch({ '/api/v1/gameconfig/': () => jsonResponse({ error: 'Drill not found' }, 404, 'Not Found') });
  setBootLoad(fakeBoot(2033, { bootFetch: fn as unknown as FetchFn }).boot);
  const store = makeStore(fakeEnv().env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  expect(store.getState().run.panic).toEqual({
    title: 'game_errors.config_error.title',
    description: 'game_errors.config_error.description_with_message',
    params: { id: 2033, message: 'Drill not found' },
  });
});

test('the boot\'s load failing panics with the load error; its game chunk failing with the chunk error', async () => {
  setBootLoad(fakeBoot(2033, { loadError: new Error('Room texture x failed to load') }).boot);
  const s1 = makeStore(fakeEnv().env);
  s1.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  expect(s1.getState().run.panic).toMatchObject({ title: 'game_errors.load_error.title', params: { message: 'Room texture x failed to load' } });
  expect(s1.getState().run.projectState).not.toBe(ProjectState.AssetsLoaded);

  setBootLoad(fakeBoot(2033, { chunkError: new ChunkLoadError('game', 120_000) }).boot);
  const s2 = makeStore(fakeEnv().env);
  s2.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  expect(s2.getState().run.panic).toMatchObject({ title: 'game_errors.chunk_error.title' });
});

test('a boot is adopted once: a second store (or a restart) loads on its own', async () => {
  setBootLoad(fakeBoot(2033).boot);
  const s1 = makeStore(fakeEnv().env);
  s1.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  const f2 = fakeEnv();
  const s2 = makeStore(f2.env);
  s2.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  expect(s2.getState().run.projectState).toBe(ProjectState.AssetsLoaded);
  expect(f2.factory).toHaveBeenCalledTimes(1);
});

test('issue 33 item 5: the boot\'s run ticket (asked by the entry with the GETs) is adopted: no second POST, its seed set, the pre-game\'s targets drawn before assets-loaded', async () => {
  const b = fakeBoot(2033);
  const t = { ...fakeTicket(), seed: 24680 };
  b.boot.ticket = Promise.resolve(t);
  setBootLoad(b.boot);
  const c = b.holder.controller!;
  (c as GameController).showStartTargets = async () => void c.calls.push('showStartTargets');
  const f = fakeEnv();
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  expect(store.getState().run.projectState).toBe(ProjectState.AssetsLoaded);
  // the store asked for nothing itself: the ticket and the GETs were the boot's
  expect(f.calls.map((x) => x.url)).toEqual([]);
  expect(c.calls).toEqual(['setSeed:24680', 'showStartTargets']);
});
