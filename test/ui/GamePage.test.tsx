/** The game page in jsdom: the invalid-id overlay, and the whole run with a fake controller
 * ending in the submit-error overlay. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { GamePage } from '../../src/ui/GamePage';
import { makeStore } from '../../src/state/store';
import { resetGameHolder } from '../../src/state/gameHolder';
import { runActions } from '../../src/state/run/runSlice';
import { ProjectState } from '../../src/contracts/projectState';
import { ErrorOverlay } from '../../src/ui/overlays/ErrorOverlay';
import { fakeEnv, fakeFetch, fakeTicket, finishedRun, jsonResponse } from '../unit/state/fakes';

beforeEach(() => {
  resetGameHolder();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

function renderPage(search: string, over = {}) {
  const f = fakeEnv(over);
  const store = makeStore(f.env);
  const utils = render(
    <Provider store={store}>
      <GamePage search={search} />
    </Provider>,
  );
  return { ...f, store, ...utils };
}

describe.each(['?id=abc', '?id=12a'])('invalid drill id %s', (search) => {
  test('shows the error overlay with the exact texts and a Quit button', async () => {
    const { env, calls } = renderPage(search);
    const overlay = await screen.findByTestId('error-overlay');
    expect(screen.getByTestId('error-title')).toHaveTextContent(/^Could not load drill$/);
    expect(screen.getByTestId('error-title').textContent).toBe('Could not load drill');
    expect(screen.getByTestId('error-description').textContent).toBe('This drill has an invalid id.');
    const quit = screen.getByRole('button', { name: 'Quit' });
    expect(overlay).toContainElement(quit);
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId('loader')).not.toBeInTheDocument();
    // a reload cannot mend an invalid id: no Try again; the drill list is offered
    expect(screen.queryByTestId('error-retry')).not.toBeInTheDocument();
    expect(screen.getByTestId('error-drill-list')).toHaveAttribute('href', '/drills');
    fireEvent.click(quit);
    expect(env.goHome).toHaveBeenCalledTimes(1);
  });
});

test('the canvas fills the page and has the overlay root above it', () => {
  renderPage('?id=abc');
  const canvas = screen.getByTestId('game-canvas');
  expect(canvas.tagName).toBe('CANVAS');
  expect(canvas.id).toBe('game-canvas');
  expect(screen.getByTestId('overlay-root')).toBeInTheDocument();
});

test('a whole run: loader, pre-game info, click to start, countdown, HUD, pause menu, submit error', async () => {
  // a refusal for good (a network error is retried by the outbox instead, test/ui/SubmitModal.test.tsx)
  const { fn, calls: fetchCalls } = fakeFetch({ '/api/v1/performance': () => jsonResponse({ error: 'Drill not found' }, 404, 'Not Found') });
  const { store, holder, env } = renderPage('?id=2033', { fetch: fn });

  expect(screen.getByTestId('loader')).toBeInTheDocument();
  const info = await screen.findByTestId('pregame-info');
  expect(info).toHaveTextContent('Test Drill');
  // no source: the best-score objective (spec section 9), against the best from gameconfig (12)
  expect(screen.getByTestId('pregame-objective')).toHaveTextContent('Beat your best score: 12');
  expect(info).toHaveTextContent('12');
  expect(info.querySelector('.pregame__description p')).toHaveTextContent('two large, still targets');
  expect(screen.getByTestId('start-instructions')).toHaveTextContent('Click to start');

  // Escape before countdown-complete does nothing.
  fireEvent.keyDown(window, { code: 'Escape', key: 'Escape' });
  expect(screen.queryByTestId('pause-menu')).not.toBeInTheDocument();

  fireEvent.mouseDown(window, { button: 2 });
  expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
  fireEvent.mouseDown(window, { button: 0 });
  expect(screen.getByTestId('countdown')).toHaveTextContent('0.5');
  expect(screen.queryByTestId('pregame-info')).not.toBeInTheDocument();
  await waitFor(() => expect(holder.controller!.calls).toContain('requestPointerLock'));

  const hud = await screen.findByTestId('hud', {}, { timeout: 3000 });
  expect(holder.controller!.calls).toContain('startRound');
  expect(screen.getByTestId('hud-time')).toHaveTextContent('0:08.0');
  act(() => {
    holder.controller!.callbacks!.onFrame([], { remainingMs: 6543, targetsDestroyed: 3, accuracy: 75, shots: 4, hits: 3, fps: 60, timeDestroyMs: 0, critPercent: 0, damage: 3, clip: { size: 99999, remaining: 99999, reloadProgress: 0 } });
  });
  expect(screen.getByTestId('hud-time').textContent).toBe('0:06.5');
  expect(screen.getByTestId('hud-targets').textContent).toBe('3');
  expect(screen.getByTestId('hud-accuracy').textContent).toBe('75');
  expect(hud).toBeInTheDocument();

  // Pause menu: Resume.
  act(() => holder.controller!.callbacks!.onPauseRequested());
  expect(screen.getByTestId('pause-menu')).toHaveTextContent('Resume');
  fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
  expect(screen.queryByTestId('pause-menu')).not.toBeInTheDocument();
  expect(holder.controller!.calls.slice(-2)).toEqual(['pause', 'resume']);

  // Pause menu: Restart plays the drill again in place (issue 15): no reload; the runtime drops
  // the round, the countdown runs at once, and the new round starts on a new run ticket's seed
  // with the HUD started over.
  const calls = holder.controller!.calls;
  const count = (name: string) => calls.filter((c) => c === name).length;
  const ticketPosts = () => fetchCalls.filter((c) => c.url === '/api/v1/runs').length;
  const ticketsBefore = ticketPosts();
  act(() => holder.controller!.callbacks!.onPauseRequested());
  fireEvent.click(screen.getByRole('button', { name: 'Restart' }));
  expect(env.reload).not.toHaveBeenCalled();
  expect(screen.queryByTestId('pause-menu')).not.toBeInTheDocument();
  expect(screen.getByTestId('countdown')).toHaveTextContent('0.5');
  expect(count('prepareRestart')).toBe(1);
  await waitFor(() => expect(count('startRound')).toBe(2), { timeout: 3000 });
  expect(calls.indexOf(`setSeed:${fakeTicket().seed}`)).toBeGreaterThan(calls.indexOf('prepareRestart'));
  expect(calls.lastIndexOf('startRound')).toBeGreaterThan(calls.indexOf(`setSeed:${fakeTicket().seed}`));
  expect(ticketPosts()).toBe(ticketsBefore + 1);
  expect(screen.getByTestId('hud-time')).toHaveTextContent('0:08.0');

  // R restarts in place too, but not while typing.
  fireEvent.keyDown(window, { code: 'KeyR', key: 'r' });
  expect(count('prepareRestart')).toBe(2);
  await waitFor(() => expect(count('startRound')).toBe(3), { timeout: 3000 });
  const input = document.createElement('input');
  document.body.appendChild(input);
  input.focus();
  fireEvent.keyDown(input, { code: 'KeyR', key: 'r' });
  expect(count('prepareRestart')).toBe(2);
  input.remove();
  expect(env.reload).not.toHaveBeenCalled();

  // The round ends; the server refuses the run.
  act(() => holder.controller!.callbacks!.onFinished(finishedRun()));
  expect(store.getState().run.projectState).toBe(ProjectState.GameComplete);
  expect(screen.getByTestId('submit-modal')).toHaveTextContent('Calculating Result');
  await screen.findByTestId('error-overlay');
  expect(screen.getByTestId('error-title').textContent).toBe('Could not submit your score');
  expect(screen.getByTestId('error-description').textContent).toBe(
    'Check your internet connection or report this as a bug if it consists.',
  );
  expect(screen.queryByTestId('submit-modal')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Quit' })).toBeInTheDocument();
  expect(env.navigate).not.toHaveBeenCalled();
});

test('the submit-error overlay text from the slice event', () => {
  const store = makeStore(fakeEnv().env);
  store.dispatch(runActions.submitFailed({ message: 'x' }));
  render(
    <Provider store={store}>
      <ErrorOverlay />
    </Provider>,
  );
  expect(screen.getByTestId('error-title').textContent).toBe('Could not submit your score');
  expect(screen.getByTestId('error-description').textContent).toBe(
    'Check your internet connection or report this as a bug if it consists.',
  );
});

test('a config error shows the fetch error with the server message', async () => {
  const { fn } = fakeFetch({
    '/api/v1/gameconfig/': async () =>
      ({ ok: false, status: 404, statusText: 'Not Found', text: async () => '{"error":"Drill not found"}', json: async () => ({}) }) as unknown as Response,
  });
  const { env } = renderPage('?id=999', { fetch: fn });
  await screen.findByTestId('error-overlay');
  expect(screen.getByTestId('error-title').textContent).toBe('Could not load drill');
  expect(screen.getByTestId('error-description').textContent).toBe(
    'Error fetching game configuration for game id 999: Drill not found',
  );
  // the error card offers more than Quit: Try again reloads the drill, and the drill list
  expect(screen.getByTestId('error-drill-list')).toHaveAttribute('href', '/drills');
  fireEvent.click(screen.getByTestId('error-retry'));
  expect(env.reload).toHaveBeenCalledTimes(1);
});

test('embedded: after the run is handed to the host, a "Drill complete" card offers Play again (in place) and our summary', async () => {
  const { fn } = fakeFetch({
    '/api/v1/performance': async () =>
      ({
        ok: true, status: 201, statusText: 'Created',
        text: async () => JSON.stringify({
          id: 77, game_id: 2033, drill_name: 'Test Drill', targets_destroyed: 3, hits: 3, shots: 4, accuracy: 75,
          time_destroy: 300, crit_hit: 0, damage: 3, input_type: 'Mouse', primary_metric: 'targets_destroyed',
          score: 3, threshold: 1, passed: true, best_score: 3,
        }),
      }) as unknown as Response,
  });
  const { store, holder, env } = renderPage('?id=2033&source=trainer', { fetch: fn, hostEmbedded: () => true, submitModalMinMs: 0 });
  await screen.findByTestId('pregame-info');
  act(() => {
    store.dispatch(runActions.countdownStarted({ seconds: 0 }));
  });
  await waitFor(() => expect(store.getState().run.projectState).toBe(ProjectState.GameRunning));
  act(() => holder.controller!.callbacks!.onFinished(finishedRun()));
  const card = await screen.findByTestId('drill-complete-card');
  expect(card).toHaveTextContent('Drill complete');
  expect(env.navigate).not.toHaveBeenCalled();
  expect(screen.getByTestId('drill-complete-summary')).toHaveAttribute('href', '/app/#/drill-summary?run=77&source=trainer');
  // Play again: in place (issue 15), the card goes and the countdown runs; no reload
  fireEvent.click(screen.getByRole('button', { name: 'Play again' }));
  expect(env.reload).not.toHaveBeenCalled();
  expect(holder.controller!.calls).toContain('prepareRestart');
  expect(screen.queryByTestId('drill-complete-card')).not.toBeInTheDocument();
  await waitFor(() => expect(holder.controller!.calls.filter((c) => c === 'startRound')).toHaveLength(2), { timeout: 3000 });
  expect(store.getState().run.performanceId).toBeNull();
});
