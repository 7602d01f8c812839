/** The drill summary page of the host-app shell, with a mocked global fetch. */
import { render, screen } from '@testing-library/react';
import { AppShell } from '../../src/ui/AppShell';
import type { RunSummary } from '../../src/contracts/performance';
import { jsonResponse } from '../unit/state/fakes';

const summary = (over: Partial<RunSummary> = {}): RunSummary => ({
  id: 41,
  game_id: 2033,
  drill_name: 'Test Drill',
  targets_destroyed: 7,
  hits: 9,
  shots: 12,
  accuracy: 75.25,
  time_destroy: 412.5,
  crit_hit: 0,
  primary_metric: 'targets_destroyed',
  score: 7,
  threshold: 1,
  passed: true,
  best_score: 7,
  created_at: '2026-11-22T05:00:00.000Z',
  ...over,
});

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

test('shows the numbers as the server sent them and the passed text', async () => {
  const fetchMock = jest.fn(async () => jsonResponse(summary()));
  global.fetch = fetchMock as unknown as typeof fetch;
  render(<AppShell hash="#/drill-summary?run=41" />);
  expect(await screen.findByTestId('summary-targets')).toHaveTextContent(/^7$/);
  expect(fetchMock).toHaveBeenCalledWith('/api/v1/performance/41', expect.anything());
  expect(screen.getByTestId('summary-hits').textContent).toBe('9');
  expect(screen.getByTestId('summary-shots').textContent).toBe('12');
  expect(screen.getByTestId('summary-accuracy').textContent).toBe('75.25');
  expect(screen.getByTestId('summary-time_destroy').textContent).toBe('412.5');
  expect(screen.getByTestId('summary-result').textContent).toBe('Congratulations – Level passed');
  expect(screen.getByText('Test Drill')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Play again' })).toHaveAttribute('href', '/?id=2033');
  expect(screen.getAllByRole('link', { name: 'All drills' }).length).toBeGreaterThan(0);
});

test('shows the failed text when the target was not achieved', async () => {
  global.fetch = jest.fn(async () => jsonResponse(summary({ passed: false, targets_destroyed: 0, accuracy: 0 }))) as unknown as typeof fetch;
  render(<AppShell hash="#/drill-summary?run=41" />);
  expect((await screen.findByTestId('summary-result')).textContent).toBe('Target not achieved. Please Try Again');
  expect(screen.getByTestId('summary-targets').textContent).toBe('0');
  expect(screen.getByTestId('summary-accuracy').textContent).toBe('0');
});

test('?run= names the run (the embeddable summary URL); Play again keeps the source', async () => {
  const fetchMock = jest.fn(async () => jsonResponse(summary()));
  global.fetch = fetchMock as unknown as typeof fetch;
  render(<AppShell hash="#/drill-summary?run=41&source=workout" />);
  expect(await screen.findByTestId('summary-targets')).toHaveTextContent(/^7$/);
  expect(fetchMock).toHaveBeenCalledWith('/api/v1/performance/41', expect.anything());
  expect(screen.getByRole('link', { name: 'Play again' })).toHaveAttribute('href', '/?id=2033&source=workout');
});

test('a failed fetch shows a clear error', async () => {
  global.fetch = jest.fn(async () => jsonResponse({ error: 'Performance not found' }, 404, 'Not Found')) as unknown as typeof fetch;
  render(<AppShell hash="#/drill-summary?run=5" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this result: Performance not found');
});

test('a missing id is an error without a fetch', () => {
  const fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
  render(<AppShell hash="#/drill-summary" />);
  expect(screen.getByTestId('summary-error')).toHaveTextContent('No result id was given.');
  expect(fetchMock).not.toHaveBeenCalled();
});
