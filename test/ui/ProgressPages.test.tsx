/** Progress page (home), leaderboard page and the drill list's best / rank (issue 15). */
import { render, screen, within } from '@testing-library/react';
import { AppShell } from '../../src/ui/AppShell';
import { DrillList } from '../../src/ui/DrillList';
import { formatDuration, trendWord } from '../../src/ui/ProgressPage';
import type { LeaderboardDto, ProgressDto } from '../../src/contracts/stats';
import { jsonResponse } from '../unit/state/fakes';

const progress: ProgressDto = {
  total_runs: 3,
  total_time_ms: 76000,
  drills: [
    {
      drill_id: 2033, drill_name: 'Test Drill', primary_metric: 'targets_destroyed', lower_is_better: false, runs: 2, time_ms: 16000,
      best: 4, last_score: 4, last_played: '2026-11-22T06:00:00.000Z', trend: 2,
      scores: [{ id: 1, score: 2, created_at: '2026-11-22T05:00:00.000Z' }, { id: 2, score: 4, created_at: '2026-11-22T06:00:00.000Z' }],
    },
    {
      drill_id: 142, drill_name: 'Speed Drill', primary_metric: 'time_destroy', lower_is_better: true, runs: 1, time_ms: 60000,
      best: 420.4, last_score: 420.4, last_played: '2026-11-22T04:00:00.000Z', trend: 0,
      scores: [{ id: 3, score: 420.4, created_at: '2026-11-22T04:00:00.000Z' }],
    },
  ],
  recent: [{ id: 2, drill_id: 2033, drill_name: 'Test Drill', primary_metric: 'targets_destroyed', score: 4, passed: true, ranked: true, created_at: '2026-11-22T06:00:00.000Z' }],
};

const board: LeaderboardDto = {
  drill_id: 2033, drill_name: 'Test Drill', primary_metric: 'targets_destroyed', lower_is_better: false, total: 25, limit: 20, offset: 0,
  entries: [
    { rank: 1, user_id: 7, player: 'alice', score: 9, run_id: 3, created_at: '2026-11-22T05:00:00.000Z', accuracy: 90, is_me: false },
    { rank: 2, user_id: 8, player: 'bob', score: 7, run_id: 4, created_at: '2026-11-22T05:00:00.000Z', accuracy: 80.123, is_me: false },
    { rank: 2, user_id: 9, player: 'carol', score: 7, run_id: 5, created_at: '2026-11-22T05:00:00.000Z', accuracy: 70, is_me: true },
  ],
  me: { rank: 2, best: 7, percentile: 87.5, listed: true },
};

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

test('home and #/progress: time trained, recent runs, every drill with its trend and chart', async () => {
  for (const hash of ['#/', '#/progress']) {
    const fetchMock = jest.fn(async () => jsonResponse(progress));
    global.fetch = fetchMock as unknown as typeof fetch;
    const { unmount } = render(<AppShell hash={hash} />);
    expect((await screen.findByTestId('progress-total-time')).textContent).toBe('1 min 16 s');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/progress', expect.anything());
    const d = screen.getByTestId('progress-drill-2033');
    expect(within(d).getByTestId('progress-trend').textContent).toBe('Improving');
    expect(d).toHaveTextContent('Best 4 targets');
    expect(within(d).getByTestId('progress-chart-2033')).toHaveAttribute('data-points', '2');
    expect(screen.getByTestId('progress-drill-142')).toHaveTextContent('Best 420 ms');
    expect(within(screen.getByTestId('progress-recent')).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/app/#/drill-summary?run=2');
    expect(screen.getByRole('link', { name: 'All drills' })).toHaveAttribute('href', '/drills');
    unmount();
  }
});

test('trend words follow the metric direction; durations read plainly', () => {
  expect(trendWord(2, false, 10)).toBe('up');
  expect(trendWord(-20, true, 400)).toBe('up'); // time falling = better
  expect(trendWord(0.001, false, 10)).toBe('flat');
  expect(trendWord(-1, false, 10)).toBe('down');
  expect(formatDuration(3_725_000)).toBe('1 h 2 min');
  expect(formatDuration(45_000)).toBe('45 s');
});

test('leaderboard page: rows in rank order with ties, my row marked, my rank, paging', async () => {
  const fetchMock = jest.fn(async () => jsonResponse(board));
  global.fetch = fetchMock as unknown as typeof fetch;
  render(<AppShell hash="#/leaderboard?drill=2033" />);
  const table = await screen.findByTestId('leaderboard-table');
  expect(fetchMock).toHaveBeenCalledWith('/api/v1/leaderboard/2033?limit=20&offset=0', expect.anything());
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['1', '2', '2']);
  expect(rows[1]).toHaveTextContent('80.12 %');
  expect(screen.getByTestId('leaderboard-me').textContent).toBe('Your rank: #2 of 25');
  expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/app/#/leaderboard?drill=2033&offset=20');
  expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
  // usernames; "(You)" on the reader's own row only, not on bob's although he ties carol
  expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['alice', 'bob', 'carol (You)']);
  expect(rows.map((r) => r.className)).toEqual(['', '', 'is-me']);
  expect(screen.getByTestId('leaderboard-percentile').textContent).toBe('Better than 87.5 % of the players on this drill.');
  expect(screen.getByTestId('leaderboard-around')).toHaveAttribute('href', '/app/#/leaderboard?drill=2033&around=me');
});

test('leaderboard page around me: asks for the window around the reader; pages from its offset', async () => {
  const around: LeaderboardDto = { ...board, offset: 10, total: 40 };
  const fetchMock = jest.fn(async () => jsonResponse(around));
  global.fetch = fetchMock as unknown as typeof fetch;
  render(<AppShell hash="#/leaderboard?drill=2033&around=me" />);
  await screen.findByTestId('leaderboard-table');
  expect(fetchMock).toHaveBeenCalledWith('/api/v1/leaderboard/2033?limit=20&around=me', expect.anything());
  expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/app/#/leaderboard?drill=2033&offset=0');
  expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/app/#/leaderboard?drill=2033&offset=30');
  expect(screen.getByTestId('leaderboard-top')).toHaveAttribute('href', '/app/#/leaderboard?drill=2033&offset=0');
});

test('leaderboard page for a guest: not listed, told where their best would place and how to be listed', async () => {
  const guest: LeaderboardDto = {
    ...board,
    entries: board.entries.map((e) => ({ ...e, is_me: false })),
    me: { rank: 2, best: 7, percentile: 50, listed: false },
  };
  global.fetch = jest.fn(async () => jsonResponse(guest)) as unknown as typeof fetch;
  render(<AppShell hash="#/leaderboard?drill=2033" />);
  const table = await screen.findByTestId('leaderboard-table');
  expect(within(table).queryByText(/\(You\)/)).toBeNull();
  expect(screen.getByTestId('leaderboard-me')).toHaveTextContent('Your best would place #2. Only accounts are listed: create an account to be listed');
  expect(screen.getByTestId('leaderboard-register').getAttribute('href')).toMatch(/^\/login\?next=/);
  expect(screen.getByTestId('leaderboard-percentile').textContent).toBe('Better than 50 % of the players on this drill.');
});

test('drill list: each drill shows the best score, the rank and its leaderboard', async () => {
  render(<DrillList fetchFn={async () => jsonResponse([
    { id: 2033, name: 'Test Drill', best_score: 7, leaderboard_rank: 2, primary_metric: 'targets_destroyed' },
    { id: 142, name: 'Speed', best_score: 455.5, leaderboard_rank: 1, primary_metric: 'time_destroy' },
    { id: 134, name: 'Gridshot Classic', best_score: null, leaderboard_rank: null },
  ])} />);
  const s = await screen.findByTestId('drill-stats-2033');
  expect(within(s).getByTestId('drill-best').textContent).toBe('Best: 7 targets');
  expect(within(s).getByTestId('drill-rank').textContent).toBe('Rank #2');
  expect(within(s).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/app/#/leaderboard?drill=2033');
  expect(within(screen.getByTestId('drill-stats-142')).getByTestId('drill-best').textContent).toBe('Best: 456 ms');
  expect(within(screen.getByTestId('drill-stats-134')).queryByTestId('drill-rank')).toBeNull();
});
