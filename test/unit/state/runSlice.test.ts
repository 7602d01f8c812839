/** The run slice as a pure reducer: project-state transitions of spec section 4. */
import { ProjectState } from '../../../src/contracts/projectState';
import {
  INVALID_ID_ERROR,
  SUBMIT_ERROR,
  canStartCountdown,
  canToggleMenu,
  initialRunState,
  runActions as a,
  runReducer,
  showCountdown,
  showHud,
  showLoader,
  showPauseMenu,
  showPregame,
  showSubmitModal,
  type DrillInfo,
  type RunState,
} from '../../../src/state/run/runSlice';
import { finishedRun } from './fakes';

const drill: DrillInfo = {
  id: 2033, name: 'Test Drill', descriptionHtml: '<p>x</p>', objective: 'Destroy one', bestScore: 5,
  durationMs: 8000, primaryMetric: 'targets_destroyed', movement: false,
  analysisMode: false, tiers: [], clipSize: 99999,
};

const run = (actions: Array<{ type: string; payload?: unknown }>, from: RunState = initialRunState): RunState =>
  actions.reduce((s, action) => runReducer(s, action as never), from);

/** State after load: assets-loaded with the drill. */
const loaded = (): RunState =>
  run([a.drillRequested({ id: 2033, source: null }), a.configLoaded(drill), a.settingsLoaded(undefined), a.assetsLoaded()]);

/** Counts down from `s` until countdown-complete, returning the values seen. */
function countDown(s: RunState): { state: RunState; values: number[]; states: ProjectState[] } {
  const values: number[] = [];
  const states: ProjectState[] = [];
  let cur = s;
  for (let i = 0; i < 100 && cur.projectState !== ProjectState.CountdownComplete; i++) {
    cur = runReducer(cur, a.countdownTick());
    values.push(cur.countdown!);
    states.push(cur.projectState);
  }
  return { state: cur, values, states };
}

describe('run slice', () => {
  test('starts in assets-loading with nothing loaded', () => {
    const s = runReducer(undefined, { type: '@@init' });
    expect(s.projectState).toBe(ProjectState.AssetsLoading);
    expect(s.drill).toBeNull();
    expect(s.panic).toBeNull();
  });

  test('load: drillRequested -> configLoaded -> settings-loaded -> assets-loaded', () => {
    let s = runReducer(initialRunState, a.drillRequested({ id: 2033, source: 'drills' }));
    expect(s.drillId).toBe(2033);
    expect(s.source).toBe('drills');
    expect(showLoader({ run: s })).toBe(true);
    s = runReducer(s, a.configLoaded(drill));
    expect(s.drill).toEqual(drill);
    s = runReducer(s, a.settingsLoaded({ keys: { restart: ['KeyT'], pause: ['Escape'] } }));
    expect(s.projectState).toBe(ProjectState.SettingsLoaded);
    expect(s.keys.restart).toEqual(['KeyT']);
    s = runReducer(s, a.loadProgressed(42.4));
    expect(s.loadProgress).toBe(42);
    s = runReducer(s, a.loadProgressed(10));
    expect(s.loadProgress).toBe(42);
    s = runReducer(s, a.assetsLoaded());
    expect(s.projectState).toBe(ProjectState.AssetsLoaded);
    expect(s.loadProgress).toBe(100);
    expect(showLoader({ run: s })).toBe(false);
    expect(showPregame({ run: s })).toBe(true);
    expect(canStartCountdown({ run: s })).toBe(true);
  });

  test('a second drillRequested is ignored', () => {
    const s = run([a.drillRequested({ id: 1, source: null }), a.drillRequested({ id: 2, source: null })]);
    expect(s.drillId).toBe(1);
  });

  test('the countdown cannot start before assets are loaded', () => {
    const s = run([a.drillRequested({ id: 2033, source: null }), a.configLoaded(drill), a.countdownStarted({ seconds: 0.5 })]);
    expect(s.projectState).toBe(ProjectState.AssetsLoading);
    expect(s.countdown).toBeNull();
  });

  test('the 0.5 s countdown runs in 0.1 s steps to 0, then countdown-complete', () => {
    const started = runReducer(loaded(), a.countdownStarted({ seconds: 0.5 }));
    expect(started.projectState).toBe(ProjectState.CountdownStarted);
    expect(started.countdown).toBe(0.5);
    expect(showCountdown({ run: started })).toBe(true);
    expect(showPregame({ run: started })).toBe(false);
    const { state, values, states } = countDown(started);
    expect(values).toEqual([0.4, 0.3, 0.2, 0.1, 0]);
    expect(states).toEqual([
      ProjectState.Countdown1sLeft, ProjectState.Countdown1sLeft, ProjectState.Countdown1sLeft,
      ProjectState.Countdown1sLeft, ProjectState.CountdownComplete,
    ]);
    expect(state.projectState).toBe(ProjectState.CountdownComplete);
    expect(showCountdown({ run: state })).toBe(false);
  });

  test('a 3 s countdown ticks whole seconds, then 0.1 s steps at 1 s or less', () => {
    const started = runReducer(loaded(), a.countdownStarted({ seconds: 3 }));
    const { values, states } = countDown(started);
    expect(values).toEqual([2, 1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0]);
    expect(states[0]).toBe(ProjectState.CountdownStarted);
    expect(states[1]).toBe(ProjectState.Countdown1sLeft);
    expect(states[states.length - 1]).toBe(ProjectState.CountdownComplete);
  });

  test('the countdown starts only once', () => {
    let s = runReducer(loaded(), a.countdownStarted({ seconds: 0.5 }));
    s = runReducer(s, a.countdownTick());
    const again = runReducer(s, a.countdownStarted({ seconds: 0.5 }));
    expect(again).toBe(s);
    const done = countDown(s).state;
    expect(runReducer(done, a.countdownStarted({ seconds: 0.5 }))).toBe(done);
  });

  test('the menu cannot open before countdown-complete', () => {
    const pre = loaded();
    expect(canToggleMenu({ run: pre })).toBe(false);
    expect(runReducer(pre, a.paused()).projectState).toBe(ProjectState.AssetsLoaded);
    const counting = runReducer(runReducer(pre, a.countdownStarted({ seconds: 0.5 })), a.countdownTick());
    expect(canToggleMenu({ run: counting })).toBe(false);
    expect(runReducer(counting, a.paused()).projectState).toBe(ProjectState.Countdown1sLeft);
    expect(showPauseMenu({ run: runReducer(counting, a.paused()) })).toBe(false);
  });

  test('pause and resume after countdown-complete', () => {
    const complete = countDown(runReducer(loaded(), a.countdownStarted({ seconds: 0.5 }))).state;
    expect(canToggleMenu({ run: complete })).toBe(true);
    const running = runReducer(complete, a.roundStarted());
    expect(running.projectState).toBe(ProjectState.GameRunning);
    expect(showHud({ run: running })).toBe(true);
    const paused = runReducer(running, a.paused());
    expect(paused.projectState).toBe(ProjectState.GamePaused);
    expect(showPauseMenu({ run: paused })).toBe(true);
    expect(showHud({ run: paused })).toBe(true);
    expect(runReducer(paused, a.paused())).toBe(paused);
    const resumed = runReducer(paused, a.resumed());
    expect(resumed.projectState).toBe(ProjectState.GameRunning);
    expect(showPauseMenu({ run: resumed })).toBe(false);
    expect(runReducer(running, a.resumed())).toBe(running);
  });

  test('round finished -> game-complete -> submit succeeded keeps the performance id', () => {
    const running = runReducer(countDown(runReducer(loaded(), a.countdownStarted({ seconds: 0.5 }))).state, a.roundStarted());
    const complete = runReducer(running, a.roundFinished(finishedRun()));
    expect(complete.projectState).toBe(ProjectState.GameComplete);
    expect(showSubmitModal({ run: complete })).toBe(true);
    expect(canToggleMenu({ run: complete })).toBe(false);
    expect(runReducer(complete, a.paused()).projectState).toBe(ProjectState.GameComplete);
    const stored = runReducer(complete, a.submitSucceeded({ performanceId: 9 }));
    expect(stored.performanceId).toBe(9);
    expect(showSubmitModal({ run: stored })).toBe(false);
  });

  test('roundFinished before the round is ignored', () => {
    expect(runReducer(loaded(), a.roundFinished(finishedRun())).projectState).toBe(ProjectState.AssetsLoaded);
  });

  test('submit failure sets the submit panic error and hides the submit modal', () => {
    const running = runReducer(countDown(runReducer(loaded(), a.countdownStarted({ seconds: 0.5 }))).state, a.roundStarted());
    const complete = runReducer(running, a.roundFinished(finishedRun()));
    const failed = runReducer(complete, a.submitFailed({ message: 'Network error' }));
    expect(failed.panic).toEqual(SUBMIT_ERROR);
    expect(failed.panic).toEqual({
      title: 'game_errors.submit_error.title',
      description: 'game_errors.submit_error.description',
    });
    expect(failed.performanceId).toBeNull();
    expect(showSubmitModal({ run: failed })).toBe(false);
    expect(showHud({ run: failed })).toBe(false);
  });

  test('a panic hides every screen and the first panic stays', () => {
    const s = run([a.panic(INVALID_ID_ERROR), a.panic({ title: 'x', description: 'y' })]);
    expect(s.panic).toEqual(INVALID_ID_ERROR);
    expect(showLoader({ run: s })).toBe(false);
    expect(run([a.drillRequested({ id: 3, source: null })], s).drillId).toBeNull();
    const p = runReducer(loaded(), a.panic(INVALID_ID_ERROR));
    expect(showPregame({ run: p })).toBe(false);
    expect(canStartCountdown({ run: p })).toBe(false);
  });
});
