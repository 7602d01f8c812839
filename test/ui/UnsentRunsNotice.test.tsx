/**
 * Runs the server refused for good are never dropped silently (issue 14 item 4): the game page
 * lists them with the server's reason until the player dismisses them; a mousedown on the notice
 * does not start the drill.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { UnsentRunsNotice } from '../../src/ui/overlays/UnsentRunsNotice';
import { makeStore } from '../../src/state/store';
import { OUTBOX_CHANGED_EVENT, OUTBOX_KEY, readOutbox } from '../../src/net/outbox';
import { fakeEnv, finishedRun } from '../unit/state/fakes';

const failed = (key: string, message: string) => ({
  key, createdAt: '2026-11-23T00:00:00Z', submission: finishedRun().submission, attempts: 0, nextAttemptAt: 0,
  failed: { status: 400, message, at: 1 },
});

beforeEach(() => localStorage.clear());

test('lists refused runs with the reason; Dismiss removes them; pending runs are not listed', () => {
  localStorage.setItem(OUTBOX_KEY, JSON.stringify([
    failed('k-failed-1', 'gameData.hits cannot be greater than gameData.shots.'),
    { key: 'k-pending-1', createdAt: 'x', submission: finishedRun().submission, attempts: 2, nextAttemptAt: 0 },
  ]));
  const store = makeStore(fakeEnv().env);
  const onWindowMouseDown = jest.fn(); // where the game's start listener sits (useGameInputs)
  window.addEventListener('mousedown', onWindowMouseDown);
  render(<Provider store={store}><UnsentRunsNotice /></Provider>);
  const notice = screen.getByTestId('unsent-runs-notice');
  expect(notice).toHaveTextContent(
    'A saved run could not be sent: the server did not accept it (gameData.hits cannot be greater than gameData.shots.).',
  );
  fireEvent.mouseDown(screen.getByRole('button', { name: 'Dismiss' }));
  expect(onWindowMouseDown).not.toHaveBeenCalled(); // the game would not start
  window.removeEventListener('mousedown', onWindowMouseDown);
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByTestId('unsent-runs-notice')).not.toBeInTheDocument();
  expect(readOutbox(localStorage).map((e) => e.key)).toEqual(['k-pending-1']);
});

test('counts several, and appears when a run fails while the page is open', () => {
  const store = makeStore(fakeEnv().env);
  render(<Provider store={store}><UnsentRunsNotice /></Provider>);
  expect(screen.queryByTestId('unsent-runs-notice')).not.toBeInTheDocument();
  localStorage.setItem(OUTBOX_KEY, JSON.stringify([failed('k-a-123456', 'first'), failed('k-b-123456', 'Drill not found')]));
  fireEvent(window, new CustomEvent(OUTBOX_CHANGED_EVENT));
  expect(screen.getByTestId('unsent-runs-notice')).toHaveTextContent(
    '2 saved runs could not be sent: the server did not accept them (last reason: Drill not found).',
  );
});
