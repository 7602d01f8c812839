/**
 * The 'Calculating Result' modal (issue 14 item 4) with the real store, listeners and outbox and
 * a fake server: it gives up after SUBMIT_TIMEOUT_MS with the not-answering text, the "saved on
 * this device" line and a Retry button; Retry posts at once (same Idempotency-Key) and restarts
 * the time-out; the summary opens once the run is stored.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { SubmitModal, SUBMIT_TIMEOUT_MS } from '../../src/ui/overlays/SubmitModal';
import { makeStore } from '../../src/state/store';
import { resetGameHolder } from '../../src/state/gameHolder';
import { runActions } from '../../src/state/run/runSlice';
import { readOutbox } from '../../src/net/outbox';
import { fakeEnv, fakeFetch, finishedRun, freshGameHolder, jsonResponse, memoryStorage } from '../unit/state/fakes';

/** Lets pending promises run (jsdom has no setImmediate). */
async function settle(n = 40): Promise<void> {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

beforeEach(() => {
  resetGameHolder();
  freshGameHolder();
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('time-out, Retry, then the summary', async () => {
  // the server does not answer until `up`; then it stores the run
  let up = false;
  const pending: Array<(r: Response) => void> = [];
  const { fn, calls } = fakeFetch({
    '/api/v1/performance': (_url, init) =>
      up ? jsonResponse({ id: 91 }, 201) : new Promise<Response>((resolve, reject) => {
        pending.push(resolve);
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  });
  const f = fakeEnv({ fetch: fn });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await act(async () => { await settle(); });
  store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
  await act(async () => { await jest.advanceTimersByTimeAsync(600); await settle(); });
  render(
    <Provider store={store}>
      <SubmitModal />
    </Provider>,
  );
  act(() => f.holder.controller!.callbacks!.onFinished(finishedRun()));
  await act(async () => { await settle(); });
  const modal = screen.getByTestId('submit-modal');
  expect(modal).toHaveTextContent('Calculating Result');
  expect(modal).toHaveTextContent('Saving your run…');
  expect(modal).toHaveAttribute('aria-busy', 'true');
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

  await act(async () => { await jest.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 100); });
  expect(screen.queryByTestId('submit-timeout')).not.toBeInTheDocument();
  await act(async () => { await jest.advanceTimersByTimeAsync(200); });
  expect(screen.getByTestId('submit-timeout')).toHaveTextContent('The server is not answering.');
  expect(modal).toHaveTextContent('Your run is saved on this device and will be sent as soon as the server answers.');
  expect(modal).toHaveAttribute('aria-busy', 'false');
  expect(readOutbox(f.env.storage)).toHaveLength(1);
  expect(f.env.navigate).not.toHaveBeenCalled();

  // Retry while the server is still silent: a new post at once, and the time-out starts again
  expect(calls.filter((c) => c.url === '/api/v1/performance')).toHaveLength(1);
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await act(async () => { await settle(); });
  expect(calls.filter((c) => c.url === '/api/v1/performance')).toHaveLength(2);
  expect(screen.queryByTestId('submit-timeout')).not.toBeInTheDocument();
  await act(async () => { await jest.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS + 100); });
  expect(screen.getByTestId('submit-timeout')).toBeInTheDocument();

  // the server is back; Retry posts at once with the run's key, and the summary opens
  up = true;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(screen.queryByTestId('submit-timeout')).not.toBeInTheDocument();
  await act(async () => { await settle(); await jest.advanceTimersByTimeAsync(10); await settle(); });
  const posts = calls.filter((c) => c.url === '/api/v1/performance');
  expect(posts).toHaveLength(3);
  const keyOf = (c: (typeof posts)[number]) => (c.init!.headers as Record<string, string>)['Idempotency-Key'];
  expect(new Set(posts.map(keyOf)).size).toBe(1);
  expect(store.getState().run.performanceId).toBe(91);
  expect(f.env.navigate).toHaveBeenCalledWith('http://localhost:8080/app/#/drill-summary?run=91');
  expect(screen.queryByTestId('submit-modal')).not.toBeInTheDocument();
});


test('storage refusing the run: the time-out says to keep the page open', async () => {
  const { fn } = fakeFetch({ '/api/v1/performance': () => new Promise<Response>(() => undefined) });
  const storage = memoryStorage();
  storage.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
  const f = fakeEnv({ fetch: fn, storage });
  const store = makeStore(f.env);
  store.dispatch(runActions.drillRequested({ id: 2033, source: null }));
  await act(async () => { await settle(); });
  store.dispatch(runActions.countdownStarted({ seconds: 0.5 }));
  await act(async () => { await jest.advanceTimersByTimeAsync(600); await settle(); });
  render(
    <Provider store={store}>
      <SubmitModal />
    </Provider>,
  );
  act(() => f.holder.controller!.callbacks!.onFinished(finishedRun()));
  await act(async () => { await settle(); await jest.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS + 100); });
  expect(screen.getByTestId('submit-saved').textContent).toBe(
    'Your run could not be saved on this device: keep this page open, it will be sent as soon as the server answers.',
  );
});
