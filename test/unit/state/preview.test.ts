/** The drill editor's preview (issue 17, `/?id=N&preview=1`) through the listener middleware
 * with fakes: the draft plays over drill N with no run ticket, no log-drill and no stored run. */
import { ProjectState } from '../../../src/contracts/projectState';
import { runActions } from '../../../src/state/run/runSlice';
import { makeStore } from '../../../src/state/store';
import { previewConfig, validateCustomDrill } from '../../../src/drill/customDrill';
import { fakeEnv, finishedRun, settle, useRuntimeTestSetup } from './fakes';

useRuntimeTestSetup();

const draft = { name: 'Draft drill', objective: 'Hit them.', game_type_description: 'Small <b>and</b> quick', duration: 5000, num_targets: 3, spawn_mode: 'Random', target_size: 0.3 };

async function previewStore(previewDraft: unknown) {
  const f = fakeEnv({ previewDraft: () => previewDraft });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null, preview: true }));
  await settle();
  return { ...f, store };
}

test('the draft replaces the drill fields; no run ticket; a local seed', async () => {
  const { store, calls, holder } = await previewStore(draft);
  const s = store.getState();
  expect(s.run.preview).toBe(true);
  expect(s.run.projectState).toBe(ProjectState.AssetsLoaded);
  expect(s.run.drill).toMatchObject({ id: 2033, name: 'Draft drill', durationMs: 5000, objective: 'Hit them.', bestScore: null });
  // the player's text is escaped, never markup
  expect(s.run.drill!.descriptionHtml).toBe('<p>Small &lt;b&gt;and&lt;/b&gt; quick</p>');
  expect(calls.map((c) => c.url)).toEqual(['/api/v1/gameconfig/2033', '/gameoptions/edit']);
  const load = holder.controller!.loads[0];
  expect(load.seed).toBe(123456789); // fakeEnv's randomSeed: no server seed
  expect(load.drill).toMatchObject({ durationMs: 5000, numTargets: 3 });
  // the player's own settings stay (the gameconfig's)
  expect(load.config.mouse_sensitivity).toBeDefined();
});

test('a finished preview is not submitted: the page starts over; no log-drill', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
  const { store, calls, holder, env } = await previewStore(draft);
  store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
  await jest.advanceTimersByTimeAsync(600);
  await settle();
  expect(store.getState().run.projectState).toBe(ProjectState.GameRunning);
  holder.controller!.callbacks!.onFinished(finishedRun());
  await settle();
  expect(env.reload).toHaveBeenCalledTimes(1);
  expect(calls.map((c) => c.url).filter((u) => /runs|performance|log-drill/.test(u))).toEqual([]);
  expect(env.navigate).not.toHaveBeenCalled();
});

test('a preview shows no ad, even with reward ads on: the short countdown at once', async () => {
  const f = fakeEnv({ previewDraft: () => draft, rewardAds: () => true, adStorage: () => null });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null, preview: true }));
  await settle();
  expect(store.getState().run.adMode).toBe('none');
  expect(store.getState().run.startCountdownS).toBe(0.5);
});

test('no draft, or a draft that would not be saved: the config error names the field', async () => {
  const none = await previewStore(null);
  expect(none.store.getState().run.panic).toMatchObject({ title: 'game_errors.config_invalid.title', params: { message: expect.stringContaining('no drill draft') } });
  const bad = await previewStore({ ...draft, target_size: 99 });
  expect(bad.store.getState().run.panic).toMatchObject({ params: { message: expect.stringContaining('target_size') } });
  expect(bad.factory).not.toHaveBeenCalled();
});

test('previewConfig and validateCustomDrill: the schema and the engine both check; the id is the given one', () => {
  const ok = validateCustomDrill({ ...draft, id: 5 }, 100001);
  expect(ok.ok && ok.drill.id).toBe(100001);
  const grow = validateCustomDrill({ ...draft, target_grow_mode: 'grow', target_lifetime: null }, 1);
  expect(grow.ok).toBe(false);
  expect(!grow.ok && grow.errors[0].field).toBe('target_grow_mode');
  expect(validateCustomDrill([1], 1)).toEqual({ ok: false, errors: [{ field: 'document', reason: 'must be a JSON object' }] });
  expect(() => previewConfig({ id: 2033 } as never, { ...draft, spawn_mode: 'Nowhere' })).toThrow(/spawn_mode/);
});
