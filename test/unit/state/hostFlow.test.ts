/**
 * The run's relation to a host app (issue 12) through the listener middleware, with fakes: the
 * `ready`, `paused` / `resumed`, `error` and `drill-complete` events, the end of a drill handed to
 * an embedding host instead of a navigation, the quit rules (analysis mode -> post-game, a known
 * source -> the host, else home), "Play again" keeping the source, and the host's commands.
 */
import { ProjectState } from '../../../src/contracts/projectState';
import { runActions } from '../../../src/state/run/runSlice';
import { makeStore } from '../../../src/state/store';
import { connectHostCommands } from '../../../src/state/listeners';
import { summaryPath } from '../../../src/contracts/pageFor';
import { playAgainHref } from '../../../src/ui/DrillSummary';
import type { HostCommand } from '../../../src/contracts/hostMessages';
import { fakeEnv, fakeFetch, finishedRun, gameConfigOf, jsonResponse, settle, useRuntimeTestSetup } from './fakes';

useRuntimeTestSetup();

/** What the server answers a stored run: a RunSummary. */
const STORED = {
  id: 77, game_id: 2033, drill_name: 'Test Drill', targets_destroyed: 3, hits: 3, shots: 4, accuracy: 75,
  time_destroy: 300, crit_hit: 0, damage: 3, input_type: 'Mouse', av_reaction_time: null,
  primary_metric: 'targets_destroyed', score: 3, threshold: 5, passed: false, best_score: 3,
  created_at: '2026-11-23T10:00:00.000Z',
};

async function runningStore(over: Parameters<typeof fakeEnv>[0] = {}, opts: { source?: string | null; analysis?: boolean } = {}) {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
  const { fn, calls } = fakeFetch({
    '/api/v1/performance': () => jsonResponse(STORED, 201, 'Created'),
    '/api/v1/gameconfig/': () => jsonResponse({ ...gameConfigOf(2033), ...(opts.analysis ? { analysis_mode: 1 } : {}) }),
  });
  const f = fakeEnv({ fetch: fn, ...over });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: opts.source ?? null }));
  await settle();
  store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
  await jest.advanceTimersByTimeAsync(600);
  await settle();
  expect(store.getState().run.projectState).toBe(ProjectState.GameRunning);
  return { ...f, store, calls };
}

test('embedded: the stored run goes to the host as drill-complete (the stored numbers); no navigation', async () => {
  const { store, holder, env, hostEvents } = await runningStore({ hostEmbedded: () => true }, { source: 'workout' });
  holder.controller!.callbacks!.onFinished(finishedRun());
  await settle();
  expect(env.navigate).not.toHaveBeenCalled();
  expect(store.getState().run.handedToHost).toBe(true);
  const complete = hostEvents.find((e) => e.name === 'drill-complete');
  expect(complete?.detail).toEqual({
    runId: 77,
    gameId: 2033,
    gameName: 'Test Drill',
    passed: false,
    bestScore: 3,
    stats: {
      targets_destroyed: 3, hits: 3, shots: 4, accuracy: 75, time_destroy: 300, crit_hit: 0, damage: 3,
      input_type: 'Mouse', score: 3, primary_metric: 'targets_destroyed', threshold: 5,
    },
    summaryUrl: 'http://localhost:8080/app/#/drill-summary?run=77&source=workout',
  });
  expect(hostEvents.map((e) => e.name)).toEqual(['game-status-update', 'ready', 'project-started', 'drill-complete']);
});

test('standalone: the browser goes to the summary, keeping the source', async () => {
  const { store, holder, env, hostEvents } = await runningStore({}, { source: 'workout' });
  holder.controller!.callbacks!.onFinished(finishedRun());
  await settle();
  expect(env.navigate).toHaveBeenCalledWith('http://localhost:8080/app/#/drill-summary?run=77&source=workout');
  expect(store.getState().run.handedToHost).toBe(false);
  expect(hostEvents.map((e) => e.name)).not.toContain('drill-complete');
  expect(summaryPath(5, null)).toBe('/app/#/drill-summary?run=5');
  expect(playAgainHref(2033, 'workout')).toBe('/?id=2033&source=workout');
  expect(playAgainHref(2033, null)).toBe('/?id=2033');
});

test('Quit in analysis mode during the round ends it: the run so far is posted and its summary shown', async () => {
  const { store, holder, env, calls } = await runningStore({}, { analysis: true });
  expect(store.getState().run.drill?.analysisMode).toBe(true);
  store.dispatch(runActions.paused());
  store.dispatch(runActions.quitRequested());
  await settle();
  expect(holder.controller!.calls).toContain('endRound');
  expect(store.getState().run.projectState).toBe(ProjectState.GameComplete);
  expect(calls.some((c) => c.url === '/api/v1/performance')).toBe(true);
  expect(env.navigate).toHaveBeenCalledWith('http://localhost:8080/app/#/drill-summary?run=77');
  expect(env.goHome).not.toHaveBeenCalled();
});

test('Quit outside analysis mode, or before the round, goes home; a known source tells the host only', async () => {
  const plain = await runningStore();
  plain.store.dispatch(runActions.quitRequested());
  expect(plain.holder.controller!.calls).not.toContain('endRound');
  expect(plain.env.goHome).toHaveBeenCalledTimes(1);

  const hosted = await runningStore({ emitHostEvent: jest.fn(() => true), hostEmbedded: () => true }, { source: 'trainer', analysis: false });
  hosted.store.dispatch(runActions.quitRequested({ by: 'host' }));
  expect(hosted.env.emitHostEvent).toHaveBeenCalledWith('in-game-quit-pressed', { gameId: 2033, source: 'trainer', by: 'host' });
  expect(hosted.env.goHome).not.toHaveBeenCalled();

  // an unknown source is not a host's: home
  const unknown = await runningStore({ emitHostEvent: jest.fn(() => true) }, { source: 'somewhere' });
  unknown.store.dispatch(runActions.quitRequested());
  expect(unknown.env.emitHostEvent).not.toHaveBeenCalledWith('in-game-quit-pressed', expect.anything());
  expect(unknown.env.goHome).toHaveBeenCalledTimes(1);
});

test('host commands: pause and resume drive the pause menu (only while the round runs), quit is Quit by the host', async () => {
  const { store, holder, hostEvents, env } = await runningStore({}, { source: 'trainer' });
  let send: (c: HostCommand) => void = () => undefined;
  connectHostCommands({ onCommand: (h) => ((send = h), () => undefined) }, store.dispatch);
  send('pause');
  expect(store.getState().run.projectState).toBe(ProjectState.GamePaused);
  expect(holder.controller!.calls.slice(-1)).toEqual(['pause']);
  send('resume');
  expect(store.getState().run.projectState).toBe(ProjectState.GameRunning);
  expect(holder.controller!.calls.slice(-1)).toEqual(['resume']);
  expect(hostEvents.map((e) => e.name).slice(-2)).toEqual(['paused', 'resumed']);
  send('quit');
  expect(hostEvents.at(-1)).toEqual({ name: 'in-game-quit-pressed', detail: { gameId: 2033, source: 'trainer', by: 'host' } });
  expect(env.goHome).toHaveBeenCalledTimes(1); // fakeEnv's emitHostEvent answers "not handled"
  // going home shows the quit message (spec section 2)
  expect(store.getState().run.quitting).toBe(true);
});

test('host command goto-post-game ends the running round (the run so far is posted); ignored before the round', async () => {
  const { store, holder } = await runningStore({}, { source: 'trainer' });
  let send: (c: HostCommand) => void = () => undefined;
  connectHostCommands({ onCommand: (h) => ((send = h), () => undefined) }, store.dispatch);
  send('goto-post-game');
  expect(holder.controller!.calls.slice(-1)).toEqual(['endRound']);
  expect(store.getState().run.projectState).toBe(ProjectState.GameComplete);

  const f = fakeEnv();
  const early = makeStore(f.env);
  early.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await settle();
  connectHostCommands({ onCommand: (h) => ((send = h), () => undefined) }, early.dispatch);
  send('goto-post-game');
  expect(f.holder.controller!.calls).not.toContain('endRound');
  expect(early.getState().run.projectState).toBe(ProjectState.AssetsLoaded);
});

test('a panic tells the host the error card it shows, in words', async () => {
  const { fn } = fakeFetch({ '/api/v1/gameconfig/': () => jsonResponse({ error: 'Drill not found' }, 404, 'Not Found') });
  const f = fakeEnv({ fetch: fn });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 999, source: null }));
  await settle();
  expect(f.hostEvents.at(-1)?.name).toBe('error');
  expect(f.hostEvents.at(-1)?.detail).toEqual({
    title: 'Could not load drill',
    description: expect.stringContaining('Drill not found'),
  });
});
