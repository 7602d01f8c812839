/**
 * @jest-environment jsdom
 */
/**
 * Page-level keys of the game page (src/ui/useGameInputs.ts; spec sections 2 and 4): the restart
 * key reloads unless a text input has focus; the pause key toggles the menu, ignored while
 * typing; a gamepad connecting starts the countdown.
 */
import { createElement as h } from 'react';
import { act, render } from '@testing-library/react';
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { ProjectState } from '../../../src/contracts/projectState';
import { initialRunState, runReducer, type RunState } from '../../../src/state/run/runSlice';
import { useGameInputs } from '../../../src/ui/useGameInputs';

function Harness() {
  useGameInputs();
  return h('div', null,
    h('input', { 'data-testid': 'text', type: 'text' }),
    h('input', { 'data-testid': 'number', type: 'number' }),
    h('input', { 'data-testid': 'check', type: 'checkbox' }),
    h('textarea', { 'data-testid': 'area' }));
}

function setup(projectState: ProjectState) {
  const actions: string[] = [];
  const log: Middleware = () => (next) => (action) => {
    actions.push((action as UnknownAction).type);
    return next(action);
  };
  const run: RunState = {
    ...initialRunState,
    projectState,
    drillId: 2033,
    drill: { id: 2033, name: 'Test', descriptionHtml: '', objective: '', bestScore: null, durationMs: 8000, primaryMetric: 'targets_destroyed', movement: false, analysisMode: false, tiers: [], clipSize: 99999 },
  };
  const store = configureStore({
    reducer: { run: runReducer },
    preloadedState: { run },
    middleware: (gdm) => gdm().concat(log),
  });
  const utils = render(h(Provider, { store: store as never, children: h(Harness) }));
  return { store, actions, ...utils };
}

const key = (code: string, target: EventTarget = document.body) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { code, bubbles: true }));
  });

afterEach(() => {
  (document.activeElement as HTMLElement | null)?.blur?.();
});

describe('restart key', () => {
  test('R requests a restart (the listener reloads the page)', () => {
    const { actions } = setup(ProjectState.GameRunning);
    key('KeyR');
    expect(actions).toEqual(['run/restartRequested']);
  });

  test.each(['text', 'number', 'area'])('ignored while a %s input has focus', (id) => {
    const { actions, getByTestId } = setup(ProjectState.GameRunning);
    const el = getByTestId(id);
    el.focus();
    key('KeyR', el);
    expect(actions).toEqual([]);
  });

  test('a focused checkbox is not a text input: R still restarts', () => {
    const { actions, getByTestId } = setup(ProjectState.GameRunning);
    const el = getByTestId('check');
    el.focus();
    key('KeyR', el);
    expect(actions).toEqual(['run/restartRequested']);
  });
});

describe('pause key', () => {
  test('Escape pauses a running game', () => {
    const { actions, store } = setup(ProjectState.GameRunning);
    key('Escape');
    expect(actions).toEqual(['run/paused']);
    expect(store.getState().run.projectState).toBe(ProjectState.GamePaused);
  });

  test('ignored while typing in a text input', () => {
    const { actions, getByTestId } = setup(ProjectState.GameRunning);
    const el = getByTestId('text');
    el.focus();
    key('Escape', el);
    expect(actions).toEqual([]);
  });

  test('ignored before countdown-complete (the menu cannot toggle)', () => {
    const { actions } = setup(ProjectState.AssetsLoaded);
    key('Escape');
    expect(actions).toEqual([]);
  });
});

describe('gamepad', () => {
  test('a gamepad connecting starts the countdown, once', () => {
    const { actions, store } = setup(ProjectState.AssetsLoaded);
    act(() => {
      window.dispatchEvent(new Event('gamepadconnected'));
    });
    act(() => {
      window.dispatchEvent(new Event('gamepadconnected'));
    });
    expect(actions.filter((a) => a === 'run/countdownStarted')).toHaveLength(1);
    expect(store.getState().run.projectState).toBe(ProjectState.CountdownStarted);
  });
});
