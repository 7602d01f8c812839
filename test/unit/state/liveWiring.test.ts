/**
 * The store wires the runtime (fake controller, real reducers and listener middleware):
 * - the drill load hands the player's controls to controller.load (mouse_skip_filter) and fills
 *   the settings slice with the same values;
 * - a successful settings save calls controller.applySettings with the saved values;
 * - the runtime's restart request reloads before the countdown and restarts in place during a
 *   round (waiting for the new run ticket's seed); its first mouse-skip rejection saves
 *   game_options.other.mouse_skip.notification_shown (once, with the saved copy, not the edits);
 * - load and startRound failures panic with the failure's message (one helper for both).
 */
import { ProjectState } from '../../../src/contracts/projectState';
import { runActions } from '../../../src/state/run/runSlice';
import { settingsActions } from '../../../src/state/settings/settingsSlice';
import { makeStore } from '../../../src/state/store';
import { ticketExpiresTooSoon } from '../../../src/state/listeners';
import { fakeControllerFactory, fakeEnv, fakeFetch, jsonResponse, type Route, settle, useRuntimeTestSetup } from './fakes';
import type { GameController } from '../../../src/game/types';

useRuntimeTestSetup();

/** A fetch whose GET /gameoptions/edit answers `options`; POSTs are recorded and echoed. */
function optionsFetch(options: unknown) {
  const posts: unknown[] = [];
  const route: Route = (_url, init) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return jsonResponse({ success: true, ...body });
    }
    return jsonResponse(options);
  };
  const { fn, calls } = fakeFetch({ '/gameoptions/edit': route });
  return { fn, calls, posts };
}

async function loaded(options: unknown) {
  const { fn, posts, calls } = optionsFetch(options);
  const f = fakeEnv({ fetch: fn });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  return { ...f, store, posts, calls };
}

test('controller.load gets the player controls (mouse_skip_filter) and the settings slice is filled', async () => {
  const { store, holder } = await loaded({
    controls: { mouse_sens: 2.5, mouse_skip_filter: false },
    game_options: { audio: { music: 7 } },
  });
  const c = holder.controller!;
  expect(c.loads).toHaveLength(1);
  expect(c.loads[0].controls).toEqual({ mouse_sens: 2.5, mouse_skip_filter: false });
  expect(c.loads[0].options.audio.music).toBe(7);
  const s = store.getState().settings;
  expect(s.loaded).toBe(true);
  expect(s.controls.mouse_sens).toBe(2.5);
  expect(s.controls.mouse_skip_filter).toBe(false);
  expect(s.saved.gameOptions.audio.music).toBe(7);
});

test('no controls in the answer: load gets null (the filter falls back to the gameconfig / default)', async () => {
  const { holder } = await loaded({ game_options: {} });
  expect(holder.controller!.loads[0].controls).toBeNull();
});

test('a failed options fetch: defaults, controls null, the settings slice stays unloaded', async () => {
  const { fn } = fakeFetch({ '/gameoptions/edit': () => jsonResponse({ error: 'boom' }, 500) });
  const f = fakeEnv({ fetch: fn });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  expect(f.holder.controller!.loads[0].controls).toBeNull();
  expect(store.getState().settings.loaded).toBe(false);
});

test('a successful save reaches controller.applySettings with the saved values; a failed one does not', async () => {
  const { store, holder } = await loaded({ controls: { mouse_sens: 1 }, game_options: {} });
  store.dispatch(settingsActions.controlChanged({ key: 'mouse_sens', value: 3 }));
  store.dispatch(settingsActions.controlChanged({ key: 'fov', value: 90 }));
  store.dispatch(settingsActions.saveRequested());
  await settle();
  const c = holder.controller!;
  expect(c.applied).toHaveLength(1);
  expect(c.applied[0].controls.mouse_sens).toBe(3);
  expect(c.applied[0].gameOptions.other.fov).toBe(90);

  store.dispatch(settingsActions.saveFailed());
  await settle();
  expect(c.applied).toHaveLength(1);
});

test("the runtime's restart request (the gamepad) reloads before the countdown and restarts in place during a round", async () => {
  const { holder, env, store } = await loaded({ game_options: {} });
  // before the countdown there is no round to restart in place: the page reloads
  holder.controller!.callbacks!.onRestartRequested!();
  await settle();
  expect(env.reload).toHaveBeenCalledTimes(1);
  // during the countdown: in place
  store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
  holder.controller!.callbacks!.onRestartRequested!();
  await settle();
  expect(env.reload).toHaveBeenCalledTimes(1);
  expect(holder.controller!.calls).toContain('prepareRestart');
  expect(store.getState().run.projectState).toBe(ProjectState.CountdownStarted);
  // let this store's countdown end here (the controller holder is shared by the tests)
  for (let i = 0; i < 50 && !holder.controller!.calls.includes('startRound'); i++) await new Promise((r) => setTimeout(r, 50));
  expect(holder.controller!.calls).toContain('startRound');
});

test('a restart in place waits for the new seed: the round starts only after setSeed', async () => {
  let answer: (r: Response) => void = () => {};
  const { fn } = optionsFetch({ game_options: {} });
  let tickets = 0;
  const slowTickets = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/runs' && ++tickets === 2) return new Promise<Response>((resolve) => { answer = resolve; });
    return fn(url, init);
  });
  const f = fakeEnv({ fetch: slowTickets });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
  store.dispatch(runActions.restartRequested());
  await settle();
  const calls = f.holder.controller!.calls;
  // the countdown (0.5 s) is over long before the ticket: no round yet
  await new Promise((r) => setTimeout(r, 700));
  store.dispatch(runActions.countdownTick());
  await settle();
  expect(calls.filter((c) => c === 'startRound')).toHaveLength(0);
  answer(jsonResponse({ run_id: 'BBBBBBBBBBBBBBBBBBBBBB', seed: 42, drill_id: 2033, expires_at: new Date(Date.now() + 3600_000).toISOString(), secret: 'cd'.repeat(32) }, 201, 'Created'));
  await settle();
  await new Promise((r) => setTimeout(r, 50));
  expect(calls.slice(calls.indexOf('prepareRestart'))).toEqual(expect.arrayContaining(['setSeed:42', 'startRound']));
  expect(calls.indexOf('startRound')).toBeGreaterThan(calls.indexOf('setSeed:42'));
});

test('the first mouse skip saves notification_shown with the saved copy (not unsaved edits)', async () => {
  const { store, holder, posts } = await loaded({ controls: { mouse_sens: 1.5 }, game_options: { audio: { gun: 6 } } });
  // an unsaved edit in the menu must not be sent with the flag
  store.dispatch(settingsActions.optionChanged({ group: 'audio', key: 'gun', value: 9 }));
  holder.controller!.callbacks!.onMouseSkip!();
  await settle();
  expect(posts).toHaveLength(1);
  const body = posts[0] as { game_options: { other: { mouse_skip: { notification_shown: boolean } }; audio: { gun: number } }; controls: { mouse_sens: number } };
  expect(body.game_options.other.mouse_skip.notification_shown).toBe(true);
  expect(body.game_options.audio.gun).toBe(6);
  expect(body.controls.mouse_sens).toBe(1.5);
  const s = store.getState().settings;
  expect(s.saved.gameOptions.other.mouse_skip.notification_shown).toBe(true);
  expect(s.gameOptions.other.mouse_skip.notification_shown).toBe(true);
  expect(s.gameOptions.audio.gun).toBe(9); // the edit stays, still unsaved
  expect(s.modified).toBe(true);
});

test('mouse skip before the settings were loaded: nothing is posted (the defaults would overwrite them)', async () => {
  const { fn, calls } = fakeFetch({ '/gameoptions/edit': () => jsonResponse({ error: 'boom' }, 500) });
  const f = fakeEnv({ fetch: fn });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  f.holder.controller!.callbacks!.onMouseSkip!();
  await settle();
  expect(calls.filter((c) => c.init?.method === 'POST' && c.url !== '/api/v1/runs')).toHaveLength(0);
  expect(store.getState().settings.gameOptions.other.mouse_skip.notification_shown).toBe(true);
});

test('a failing controller.load panics with load_error and the message', async () => {
  const f = fakeEnv();
  const factory = f.factory.getMockImplementation()!;
  f.factory.mockImplementation((canvas, overlay, callbacks) => {
    const c = factory(canvas, overlay, callbacks) as ReturnType<typeof factory> & { load(): Promise<void> };
    c.load = async () => { throw new Error('WebGL is off'); };
    return c;
  });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  expect(store.getState().run.panic).toEqual({
    title: 'game_errors.load_error.title',
    description: 'game_errors.load_error.description',
    params: { message: 'WebGL is off' },
  });
});

test('a failing startRound panics with load_error and the message', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
  try {
    const { store, holder } = await loaded({ game_options: {} });
    holder.controller!.startRound = () => { throw new Error('no scene'); };
    store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
    await settle();
    for (let i = 0; i < 10; i++) {
      jest.advanceTimersByTime(100);
      await settle(5);
    }
    expect(store.getState().run.panic).toEqual({
      title: 'game_errors.load_error.title',
      description: 'game_errors.load_error.description',
      params: { message: 'no scene' },
    });
    expect(store.getState().run.projectState).toBe(ProjectState.CountdownComplete);
  } finally {
    jest.useRealTimers();
  }
});

test('a run ticket that would expire before the round is submitted is renewed before the round starts', async () => {
  let n = 0;
  const { fn, calls } = fakeFetch({
    '/api/v1/runs': async () => {
      n++;
      // the first ticket expires in 2 minutes: too soon for an 8 s round plus the 5 min margin
      const expires = new Date(Date.now() + (n === 1 ? 120_000 : 3600_000)).toISOString();
      return jsonResponse({ run_id: n === 1 ? 'AAAAAAAAAAAAAAAAAAAAAA' : 'CCCCCCCCCCCCCCCCCCCCCC', seed: n === 1 ? 1 : 77, drill_id: 2033, expires_at: expires, secret: 'ef'.repeat(32) }, 201, 'Created');
    },
  });
  const f = fakeEnv({ fetch: fn });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  store.dispatch(runActions.countdownStarted({ seconds: 0 }));
  await settle();
  const c = f.holder.controller!.calls;
  for (let i = 0; i < 50 && !c.includes('startRound'); i++) await new Promise((r) => setTimeout(r, 20));
  expect(calls.filter((x) => x.url === '/api/v1/runs')).toHaveLength(2);
  expect(c.indexOf('setSeed:77')).toBeGreaterThan(-1);
  expect(c.indexOf('startRound')).toBeGreaterThan(c.indexOf('setSeed:77'));
});

test('ticketExpiresTooSoon: the round and a 5 minute margin must fit before the expiry', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  expect(ticketExpiresTooSoon('2026-11-23T12:06:00Z', 60_000, now)).toBe(true); // exactly the round (1 min) + the margin (5 min): too soon
  expect(ticketExpiresTooSoon('2026-11-23T12:06:01Z', 60_000, now)).toBe(false);
  expect(ticketExpiresTooSoon('2026-11-23T11:59:00Z', 60_000, now)).toBe(true);
  expect(ticketExpiresTooSoon('not a time', 60_000, now)).toBe(true);
});

test('issue 33 item 5: the countdown ends once the load\'s last part (loadTail) is in, and countdown-complete starts the round in the same dispatch', async () => {
  let finishTail: () => void = () => undefined;
  const tail = new Promise<void>((r) => { finishTail = r; });
  const { factory, holder } = fakeControllerFactory();
  const withTail: typeof factory = jest.fn((...a: Parameters<typeof factory>) => {
    const c = factory(...a);
    (c as GameController).loadTail = () => tail;
    return c;
  });
  const f = fakeEnv({ loadControllerFactory: async () => withTail });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  const c = holder.controller!;
  expect(store.getState().run.loadTailPending).toBe(true);
  // when countdown-complete is entered, has the round started by the next microtask?
  const startedAtComplete: boolean[] = [];
  let seen = false;
  store.subscribe(() => {
    if (seen || store.getState().run.projectState !== ProjectState.CountdownComplete) return;
    seen = true;
    queueMicrotask(() => startedAtComplete.push(c.calls.includes('startRound')));
  });
  store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
  // the 0.5 s countdown runs out, but does not complete while the tail loads
  await new Promise((r) => setTimeout(r, 900));
  expect(store.getState().run.projectState).toBe(ProjectState.Countdown1sLeft);
  expect(c.calls).not.toContain('startRound');
  finishTail();
  for (let i = 0; i < 40 && !c.calls.includes('startRound'); i++) await new Promise((r) => setTimeout(r, 25));
  expect(startedAtComplete).toEqual([true]); // one render: no await between the two
  expect(store.getState().run.projectState).toBe(ProjectState.GameRunning);
  expect(store.getState().run.loadTailPending).toBe(false);
});

test('issue 33 item 5: a failed last part of the load panics (load_error) and starts no round', async () => {
  const { factory, holder } = fakeControllerFactory();
  const withTail: typeof factory = jest.fn((...a: Parameters<typeof factory>) => {
    const c = factory(...a);
    (c as GameController).loadTail = () => Promise.reject(new Error('shader compile failed'));
    return c;
  });
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const f = fakeEnv({ loadControllerFactory: async () => withTail });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  for (let i = 0; i < 40 && !store.getState().run.panic; i++) await new Promise((r) => setTimeout(r, 25));
  expect(store.getState().run.panic).not.toBeNull();
  expect(store.getState().run.loadTailPending).toBe(false);
  expect(holder.controller!.calls).not.toContain('startRound');
  errors.mockRestore();
});
