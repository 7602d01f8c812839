/** The listener middleware drives the whole run with fakes: fetch, controller, navigation. */
import { ProjectState } from '../../../src/contracts/projectState';
import { readOutbox } from '../../../src/net/outbox';
import { canRestartInPlace, runActions } from '../../../src/state/run/runSlice';
import { makeStore } from '../../../src/state/store';
import { fakeEnv, fakeFetch, fakeTicket, finishedRun, jsonResponse, freshGameHolder, settle, useRuntimeTestSetup } from './fakes';

useRuntimeTestSetup();

/** A store with the drill loaded (assets-loaded). */
async function loadedStore(over = {}) {
  const f = fakeEnv(over);
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  return { ...f, store };
}

test('load: run ticket, config, options, controller.load with the ticket seed, host status event', async () => {
  const { store, calls, factory, holder, hostEvents } = await loadedStore();
  const s = store.getState();
  expect(s.run.projectState).toBe(ProjectState.AssetsLoaded);
  expect(s.run.drill).toMatchObject({ id: 2033, name: 'Test Drill', bestScore: 12, durationMs: 8000 });
  expect(s.hud.remainingMs).toBe(8000);
  // the ticket is asked for first, in parallel with the config and the settings (no wait added)
  expect(calls.map((c) => c.url)).toEqual(['/api/v1/runs', '/api/v1/gameconfig/2033', '/gameoptions/edit']);
  expect(JSON.parse(String(calls[0].init!.body))).toEqual({ drill_id: 2033 });
  expect(factory).toHaveBeenCalledTimes(1);
  expect(holder.controller!.calls).toEqual(['load']);
  expect(holder.controller!.loads[0].seed).toBe(fakeTicket().seed); // the server's seed, not randomSeed()
  expect(holder.controller!.loads[0]).toMatchObject({ source: null, context: null }); // issue 19: the objective's inputs
  expect(hostEvents).toEqual([
    { name: 'game-status-update', detail: { gameId: 2033, highScore: 12, gameName: 'Test Drill' } },
    { name: 'ready', detail: { gameId: 2033, gameName: 'Test Drill', durationMs: 8000 } },
  ]);
});

test('a failed game options fetch is logged only; defaults are used', async () => {
  const { fn } = fakeFetch({ '/gameoptions/edit': () => jsonResponse({ error: 'boom' }, 500) });
  const { store } = await loadedStore({ fetch: fn });
  expect(store.getState().run.projectState).toBe(ProjectState.AssetsLoaded);
  expect(store.getState().run.keys).toMatchObject({ restart: ['KeyR'], pause: ['Escape'] });
});

test('a 404 game config panics with the server message', async () => {
  const { fn } = fakeFetch({ '/api/v1/gameconfig/': () => jsonResponse({ error: 'Drill not found' }, 404, 'Not Found') });
  const { store, factory } = await loadedStore({ fetch: fn });
  expect(store.getState().run.panic).toEqual({
    title: 'game_errors.config_error.title',
    description: 'game_errors.config_error.description_with_message',
    params: { id: 2033, message: 'Drill not found' },
  });
  expect(factory).not.toHaveBeenCalled();
});

test('Not Logged In sends the player to /login', async () => {
  const { fn } = fakeFetch({ '/api/v1/gameconfig/': () => jsonResponse({ error: 'Not Logged In' }, 401) });
  const { store, env } = await loadedStore({ fetch: fn });
  expect(env.navigate).toHaveBeenCalledWith('/login?next=%2F%3Fid%3D2033'); // back to this drill after logging in
  expect(store.getState().run.panic).toBeNull();
});

test('first fire: pointer lock + 0.5 s countdown -> startRound, project-started, log-drill', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
  const { store, holder, calls, hostEvents } = await loadedStore();
  store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
  store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
  await settle();
  expect(holder.controller!.calls).toEqual(['load', 'requestPointerLock']);
  const seen: number[] = [];
  for (let i = 0; i < 5; i++) {
    await jest.advanceTimersByTimeAsync(100);
    seen.push(store.getState().run.countdown!);
  }
  expect(seen).toEqual([0.4, 0.3, 0.2, 0.1, 0]);
  await settle();
  expect(store.getState().run.projectState).toBe(ProjectState.GameRunning);
  expect(holder.controller!.calls).toEqual(['load', 'requestPointerLock', 'startRound']);
  expect(hostEvents.map((e) => e.name)).toEqual(['game-status-update', 'ready', 'project-started']);
  const log = calls.find((c) => c.url === '/api/v1/user/log-drill')!;
  expect(JSON.parse(String(log.init!.body))).toEqual({ agame_id: 2033 });

  // HUD frames, pause and resume.
  holder.controller!.callbacks!.onFrame([], { remainingMs: 7000, targetsDestroyed: 2, accuracy: 50, shots: 4, hits: 2, fps: 60, timeDestroyMs: 0, critPercent: 0, damage: 0, clip: { size: 99999, remaining: 99999, reloadProgress: 0 } });
  expect(store.getState().hud.targetsDestroyed).toBe(2);
  holder.controller!.callbacks!.onPauseRequested();
  expect(store.getState().run.projectState).toBe(ProjectState.GamePaused);
  store.dispatch(runActions.resumed());
  expect(holder.controller!.calls.slice(-2)).toEqual(['pause', 'resume']);
});

async function runningStore(over = {}) {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
  const f = await loadedStore(over);
  f.store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
  await jest.advanceTimersByTimeAsync(600);
  await settle();
  expect(f.store.getState().run.projectState).toBe(ProjectState.GameRunning);
  return f;
}

test('finished: posts the submission with an Idempotency-Key and navigates to the drill summary', async () => {
  const { store, holder, env, calls } = await runningStore();
  holder.controller!.callbacks!.onFinished(finishedRun());
  expect(store.getState().run.projectState).toBe(ProjectState.GameComplete);
  await settle();
  const post = calls.find((c) => c.url === '/api/v1/performance')!;
  expect(JSON.parse(String(post.init!.body)).gameData.game_id).toBe(2033);
  const key = (post.init!.headers as Record<string, string>)['Idempotency-Key'];
  expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(store.getState().run.performanceId).toBe(77);
  expect(env.navigate).toHaveBeenCalledWith('http://localhost:8080/app/#/drill-summary?run=77');
  // kept a while without its submission, so another tab sees the id
  expect(readOutbox(env.storage)).toEqual([expect.objectContaining({ key, sentId: 77 })]);
  expect(readOutbox(env.storage)[0].submission).toBeUndefined();
});

test('on the game page (replaceUrl): the summary opens in place under its own URL; Play again restarts in place and names the game again (issue 15)', async () => {
  const replaceUrl = jest.fn();
  const { store, holder, env } = await runningStore({ replaceUrl });
  store.dispatch(runActions.drillRequested({ id: 2033, source: 'workout' })); // ignored: already loaded
  holder.controller!.callbacks!.onFinished(finishedRun());
  await settle();
  expect(store.getState().run.performanceId).toBe(77);
  expect(env.navigate).not.toHaveBeenCalled();
  expect(replaceUrl).toHaveBeenCalledWith('/app/#/drill-summary?run=77');
  expect(store.getState().run.summaryInPlace).toBe(true);
  expect(canRestartInPlace(store.getState())).toBe(true);

  store.dispatch(runActions.restartRequested());
  await settle();
  expect(env.reload).not.toHaveBeenCalled();
  expect(holder.controller!.calls).toContain('prepareRestart');
  expect(replaceUrl).toHaveBeenLastCalledWith('/?id=2033');
  const run = store.getState().run;
  expect(run.projectState).toBe(ProjectState.CountdownStarted);
  expect(run.summaryInPlace).toBe(false);
  expect(run.performanceId).toBeNull();
});

test('the server unreachable: no panic, the run is saved and retried with backoff, the summary opens once stored', async () => {
  let failures = 3;
  const { fn, calls } = fakeFetch({
    '/api/v1/performance': () => (failures-- > 0 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse({ id: 78 }, 201)),
  });
  const { store, holder, env } = await runningStore({ fetch: fn });
  holder.controller!.callbacks!.onFinished(finishedRun());
  await settle();
  expect(store.getState().run.panic).toBeNull();
  expect(env.navigate).not.toHaveBeenCalled();
  const kept = readOutbox(env.storage);
  expect(kept).toHaveLength(1);
  expect(kept[0].submission!.gameData.game_id).toBe(2033);
  expect(kept[0].attempts).toBe(1);
  await jest.advanceTimersByTimeAsync(10_000); // backoff: at most 1 s + 2 s + 4 s
  await settle();
  const posts = calls.filter((c) => c.url === '/api/v1/performance');
  expect(posts).toHaveLength(4);
  expect(new Set(posts.map((c) => (c.init!.headers as Record<string, string>)['Idempotency-Key'])).size).toBe(1);
  expect(store.getState().run.panic).toBeNull();
  expect(env.navigate).toHaveBeenCalledWith('http://localhost:8080/app/#/drill-summary?run=78');
});

test('a 5xx is retried; a 4xx refusal panics with the submit error and stays in the outbox as failed, with its reason', async () => {
  let n = 0;
  const { fn } = fakeFetch({
    '/api/v1/performance': () => (++n === 1 ? jsonResponse({ error: 'db down' }, 503, 'Service Unavailable') : jsonResponse({ error: 'Drill not found' }, 404, 'Not Found')),
  });
  const { store, holder, env } = await runningStore({ fetch: fn });
  holder.controller!.callbacks!.onFinished(finishedRun());
  await settle();
  expect(store.getState().run.panic).toBeNull();
  await jest.advanceTimersByTimeAsync(1500);
  await settle();
  expect(store.getState().run.panic).toEqual({
    title: 'game_errors.submit_error.title',
    description: 'game_errors.submit_error.description',
  });
  expect(readOutbox(env.storage)).toEqual([expect.objectContaining({ failed: expect.objectContaining({ status: 404, message: 'Drill not found' }) })]);
  expect(env.navigate).not.toHaveBeenCalled();
});

test('Retry (run/submitRetryRequested) posts at once', async () => {
  let up = false;
  const { fn, calls } = fakeFetch({
    '/api/v1/performance': () => (up ? jsonResponse({ id: 79 }, 201) : jsonResponse({ error: 'down' }, 502)),
  });
  const { store, holder, env } = await runningStore({ fetch: fn });
  holder.controller!.callbacks!.onFinished(finishedRun());
  await settle();
  await jest.advanceTimersByTimeAsync(1500); // two failed posts; the next one is seconds away
  await settle();
  const before = calls.filter((c) => c.url === '/api/v1/performance').length;
  up = true;
  store.dispatch(runActions.submitRetryRequested());
  await settle();
  expect(calls.filter((c) => c.url === '/api/v1/performance')).toHaveLength(before + 1);
  expect(env.navigate).toHaveBeenCalledWith('http://localhost:8080/app/#/drill-summary?run=79');
});

test('restart reloads; quit goes home, or tells a host for a known drill source', async () => {
  const { store, env } = await loadedStore();
  store.dispatch(runActions.restartRequested());
  expect(env.reload).toHaveBeenCalledTimes(1);
  store.dispatch(runActions.quitRequested());
  expect(env.goHome).toHaveBeenCalledTimes(1);

  freshGameHolder();
  const hosted = fakeEnv({ emitHostEvent: jest.fn(() => true) });
  const s2 = makeStore(hosted.env);
  s2.dispatch(runActions.drillRequested({ id: 2033, source: 'workout' }));
  await settle();
  s2.dispatch(runActions.quitRequested());
  expect(hosted.env.emitHostEvent).toHaveBeenCalledWith('in-game-quit-pressed', { gameId: 2033, source: 'workout', by: 'player' });
  expect(hosted.env.goHome).not.toHaveBeenCalled();
});

test('the Calculating Result modal stays at least submitModalMinMs before the summary opens', async () => {
  const { store, holder, env } = await runningStore({ submitModalMinMs: 1000 });
  holder.controller!.callbacks!.onFinished(finishedRun());
  await settle();
  await jest.advanceTimersByTimeAsync(900);
  expect(env.navigate).not.toHaveBeenCalled();
  expect(store.getState().run.performanceId).toBeNull();
  await jest.advanceTimersByTimeAsync(200);
  expect(env.navigate).toHaveBeenCalledWith('http://localhost:8080/app/#/drill-summary?run=77');
});

test('the finished run names its run ticket (run_id); without a ticket it plays a local seed and names none', async () => {
  const { store, holder, calls } = await runningStore();
  holder.controller!.callbacks!.onFinished(finishedRun());
  await settle();
  await settle();
  const post = calls.find((c) => c.url === '/api/v1/performance')!;
  expect(JSON.parse(String(post.init!.body)).run_id).toBe(fakeTicket().run_id);
  expect(store.getState().run.performanceId).toBe(77);

  freshGameHolder();
  const { fn, calls: calls2 } = fakeFetch({ '/api/v1/runs': () => jsonResponse({ error: 'down' }, 503, 'Service Unavailable') });
  const second = await runningStore({ fetch: fn });
  expect(second.holder.controller!.loads[0].seed).toBe(123456789); // env.randomSeed()
  second.holder.controller!.callbacks!.onFinished(finishedRun());
  await settle();
  const post2 = calls2.find((c) => c.url === '/api/v1/performance')!;
  expect(JSON.parse(String(post2.init!.body))).not.toHaveProperty('run_id');
  expect((post2.init!.headers as Record<string, string>).APKey).toBeUndefined();
});
