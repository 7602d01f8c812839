/** The drill summary page of the host-app shell, with a mocked global fetch (issue 15). */
import { render, screen, within } from '@testing-library/react';
import { AppShell } from '../../src/ui/AppShell';
import type { RunSummary } from '../../src/contracts/performance';
import type { DrillHistoryDto } from '../../src/contracts/stats';
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
  damage: 9,
  av_reaction_time: 287.4,
  primary_metric: 'targets_destroyed',
  score: 7,
  threshold: 1,
  passed: true,
  best_score: 7,
  created_at: '2026-11-22T05:00:00.000Z',
  ranked: true,
  previous_best: 5,
  leaderboard_rank: 2,
  leaderboard_size: 3,
  leaderboard_percentile: 50,
  leaderboard_listed: true,
  tiers: [1],
  objective: 'Destroy at least one target.',
  premium_locked: true,
  throughput: 4.27,
  shot_map: { points: [[1, 0.5], [-0.5, 0.25]], n: 2, bias_x: 0.25, bias_y: 0.38, sd_x: 1.06, sd_y: 0.18, spread: 1.08 },
  input_health: {
    mouse_hz: 125, look_events: 900, rejected_deltas: 0, raw_input: false, fps_p50: 144, fps_p5: 120, fps_p1: 100,
    issues: [{ key: 'low_mouse_rate', values: { hz: 125, min: 250 } }, { key: 'no_raw_input', values: {} }],
  },
  ...over,
});

const history = (scores: number[]): DrillHistoryDto => ({
  drill_id: 2033, drill_name: 'Test Drill', primary_metric: 'targets_destroyed', lower_is_better: false, best: Math.max(...scores),
  runs: scores.map((score, i) => ({ id: 40 + i, score, created_at: '2026-11-22T05:00:00.000Z', ranked: true })),
});

/** A fetch that answers the run read and the drill history. */
function serve(run: RunSummary, scores: number[] = [5, 7]) {
  const fn = jest.fn(async (url: string) => {
    if (url.startsWith('/api/v1/progress/')) return jsonResponse(history(scores));
    if (url.startsWith('/api/v1/performance/')) return jsonResponse(run);
    return jsonResponse({ error: 'unexpected' }, 404);
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

test('shows the numbers with sensible precision and the passed text', async () => {
  const fetchMock = serve(summary());
  render(<AppShell hash="#/drill-summary?run=41" />);
  expect(await screen.findByTestId('summary-targets')).toHaveTextContent(/^7$/);
  expect(fetchMock).toHaveBeenCalledWith('/api/v1/performance/41', expect.anything());
  expect(screen.getByTestId('summary-hits').textContent).toBe('9');
  expect(screen.getByTestId('summary-shots').textContent).toBe('12');
  expect(screen.getByTestId('summary-accuracy').textContent).toBe('75.25');
  expect(screen.getByTestId('summary-time_destroy').textContent).toBe('413'); // ms as integers
  expect(screen.getByTestId('summary-crit').textContent).toBe('0');
  expect(screen.getByTestId('summary-damage').textContent).toBe('9');
  expect(screen.getByTestId('summary-reaction').textContent).toBe('287');
  expect(screen.getByTestId('summary-score').textContent).toBe('7');
  expect(screen.getByTestId('summary-result').textContent).toBe('Congratulations – Level passed');
  expect(screen.getByText('Test Drill')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Play again' })).toHaveAttribute('href', '/?id=2033');
  expect(screen.getAllByRole('link', { name: 'All drills' }).length).toBeGreaterThan(0);
});

test('five-digit times and long decimals stay short', async () => {
  serve(summary({ time_destroy: 12345.678, accuracy: 66.66666, crit_hit: 12.3456 }));
  render(<AppShell hash="#/drill-summary?run=41" />);
  expect((await screen.findByTestId('summary-time_destroy')).textContent).toBe('12346');
  expect(screen.getByTestId('summary-accuracy').textContent).toBe('66.67');
  expect(screen.getByTestId('summary-crit').textContent).toBe('12.35');
});

test('Gridshot 40/40 at 100 %: an open objective shows its tier, not "Target not achieved"', async () => {
  serve(summary({
    game_id: 134, drill_name: 'Gridshot Classic', objective: 'Destroy as many targets as you can in 60 seconds.',
    targets_destroyed: 40, hits: 40, shots: 40, accuracy: 100, score: 40, threshold: 90, tiers: [90], passed: false,
  }));
  render(<AppShell hash="#/drill-summary?run=41" />);
  const result = await screen.findByTestId('summary-result');
  expect(result.textContent).not.toMatch(/Target not achieved/);
  expect(result.textContent).toBe('Tier 0 of 1 reached · Next tier at 90 targets');
  expect(screen.getByTestId('summary-accuracy').textContent).toBe('100');
});

test('a bar missed: the failed text', async () => {
  serve(summary({ passed: false, targets_destroyed: 0, accuracy: 0, score: 0 }));
  render(<AppShell hash="#/drill-summary?run=41" />);
  expect((await screen.findByTestId('summary-result')).textContent).toBe('Target not achieved. Please Try Again');
  expect(screen.getByTestId('summary-targets').textContent).toBe('0');
  expect(screen.getByTestId('summary-accuracy').textContent).toBe('0');
});

test('no kill: time to destroy reads "–", not "0 ms"', async () => {
  serve(summary({ targets_destroyed: 0, time_destroy: 0, av_reaction_time: null }));
  render(<AppShell hash="#/drill-summary?run=41" />);
  const td = await screen.findByTestId('summary-time_destroy');
  expect(td.textContent).toBe('–');
  expect(td.closest('dd')!.textContent).toBe('–'); // no unit after the dash
  expect(screen.getByTestId('summary-reaction').textContent).toBe('–');
});

test('personal best, the change against it, the rank and a chart of the past scores', async () => {
  serve(summary());
  render(<AppShell hash="#/drill-summary?run=41" />);
  expect((await screen.findByTestId('summary-best')).textContent).toBe('7');
  expect(screen.getByTestId('summary-best-change').textContent).toBe('New personal best · +2 vs your best');
  expect(screen.getByTestId('summary-rank').textContent).toBe('#2');
  expect(screen.getByTestId('summary-rank-card')).toHaveTextContent('of 3');
  expect(screen.getByTestId('summary-rank-card')).toHaveAttribute('href', '/app/#/leaderboard?drill=2033');
  expect(screen.getByTestId('summary-percentile').textContent).toBe('Better than 50 % of players');
  expect(screen.queryByTestId('summary-guest-unlisted')).toBeNull();
  const chart = await screen.findByTestId('score-chart');
  expect(chart).toHaveAttribute('data-points', '2');
  expect(JSON.parse(chart.getAttribute('data-series')!)).toEqual({ scores: [5, 7], average: [5, 6], best: 7 });
});

test('a guest: where their best would place, and that only accounts are listed', async () => {
  serve(summary({ leaderboard_rank: 1, leaderboard_size: 3, leaderboard_percentile: 100, leaderboard_listed: false }));
  render(<AppShell hash="#/drill-summary?run=41" />);
  expect((await screen.findByTestId('summary-rank')).textContent).toBe('#1');
  expect(screen.getByTestId('summary-rank-of').textContent).toBe('would place');
  expect(screen.getByTestId('summary-percentile').textContent).toBe('Better than 100 % of players');
  expect(screen.getByTestId('summary-guest-unlisted')).toHaveTextContent('Guests are not listed on leaderboards');
  expect(within(screen.getByTestId('summary-guest-unlisted')).getByRole('link').getAttribute('href')).toMatch(/^\/login\?next=/);
});

test('no percentile when nobody else is listed (null)', async () => {
  serve(summary({ leaderboard_rank: 1, leaderboard_size: 1, leaderboard_percentile: null }));
  render(<AppShell hash="#/drill-summary?run=41" />);
  expect((await screen.findByTestId('summary-rank')).textContent).toBe('#1');
  expect(screen.queryByTestId('summary-percentile')).toBeNull();
  expect(screen.getByTestId('summary-rank-of').textContent).toBe('of 1');
});

test('a worse run shows the drop against the best', async () => {
  serve(summary({ score: 4, targets_destroyed: 4, best_score: 7, previous_best: 7 }));
  render(<AppShell hash="#/drill-summary?run=41" />);
  expect((await screen.findByTestId('summary-best-change')).textContent).toBe('-3 vs your best');
});

test('premium metrics: locked upsell linking to /plus, or the values when the server sends them', async () => {
  serve(summary());
  const { unmount } = render(<AppShell hash="#/drill-summary?run=41" />);
  const locked = await screen.findByTestId('premium-locked');
  expect(within(locked).getByRole('link')).toHaveAttribute('href', '/plus');
  expect(screen.queryByTestId('premium-metrics')).toBeNull();
  unmount();

  const { premium_locked: _, ...rest } = summary();
  serve({ ...rest, full_shot_time: 512.4, mouse_travel_efficiency: 87.456, initial_move_angle: 12.25, mouse_pixel_speed: 1.5, prct_late_shots: 25, av_late_shot_time: 140.63 });
  render(<AppShell hash="#/drill-summary?run=41" />);
  const box = await screen.findByTestId('premium-metrics');
  expect(screen.queryByTestId('premium-locked')).toBeNull();
  expect(within(box).getByTestId('summary-full_shot_time').textContent).toBe('512');
  expect(within(box).getByTestId('summary-path_efficiency').textContent).toBe('87.46');
  expect(within(box).getByTestId('summary-initial_direction').textContent).toBe('12.3');
  expect(within(box).getByTestId('summary-mouse_speed').textContent).toBe('1.5');
});

test('insight: throughput, the shot map with its bias, input health with its verdict', async () => {
  serve(summary());
  render(<AppShell hash="#/drill-summary?run=41" />);
  expect((await screen.findByTestId('summary-throughput')).textContent).toBe('4.27');
  expect(screen.getByTestId('shot-map')).toHaveAttribute('data-points', '2');
  expect(screen.getByTestId('summary-bias').textContent).toBe('Average: 0.25° right, 0.38° high');
  expect(screen.getByTestId('summary-spread').textContent).toBe('Spread: 1.08°');
  const issues = screen.getByTestId('summary-health-issues');
  expect(issues).toHaveTextContent('Your mouse reported at only 125 Hz');
  expect(issues).toHaveTextContent('Raw input was not granted');
  expect(screen.getByText(/Fitts' throughput/)).toBeInTheDocument();
});

test('?run= names the run (the embeddable summary URL); Play again keeps the source', async () => {
  const fetchMock = serve(summary());
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
  // no summary fetch (the site header asks who is logged in, nothing else)
  expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/v1/user/me']);
});

describe('issue 19: the objective that applies and settings that differ', () => {
  test("a best-score run: the kind and the best to beat; older runs without a kind show the drill's objective", async () => {
    serve(summary({ objective_kind: 'best-score', threshold: 5, passed: true }));
    const { unmount } = render(<AppShell hash="#/drill-summary?run=41" />);
    const o = await screen.findByTestId('summary-objective');
    expect(o).toHaveAttribute('data-kind', 'best-score');
    expect(o.textContent).toBe('Personal best objective: Beat your best score: 5');
    expect(screen.getByTestId('summary-result').textContent).toBe('Congratulations – Level passed');
    expect(screen.queryByTestId('summary-settings-notice')).toBeNull();
    unmount();

    serve(summary({ objective_kind: 'best-score', threshold: null }));
    const second = render(<AppShell hash="#/drill-summary?run=41" />);
    expect((await screen.findByTestId('summary-objective')).textContent).toBe('Personal best objective: Set your first best score');
    second.unmount();

    serve(summary());
    render(<AppShell hash="#/drill-summary?run=41" />);
    const legacy = await screen.findByTestId('summary-objective');
    expect(legacy).toHaveAttribute('data-kind', 'drill');
    expect(legacy.textContent).toBe('Drill objective: Destroy at least one target.');
  });

  test('a benchmark run: the top tier to reach and the tier line', async () => {
    serve(summary({ objective_kind: 'benchmark', threshold: 60, tiers: [40, 50, 60], score: 52, targets_destroyed: 52, passed: false }));
    render(<AppShell hash="#/drill-summary?run=41" />);
    expect((await screen.findByTestId('summary-objective')).textContent).toBe('Benchmark objective: Reach the top tier: Destroy at least 60 targets');
    expect(screen.getByTestId('summary-result').textContent).toBe('Tier 2 of 3 reached · Next tier at 60 targets');
  });

  test('a run played with a fov outside the lock and a changed drill shows the notice', async () => {
    serve(summary({
      objective_kind: 'drill',
      settings_differences: [
        { field: 'fov', reason: 'fov_lock', expected: { min: 90, max: 103, fov_type: 'h' }, actual: 120 },
        { field: 'num_targets', reason: 'drill_changed', expected: 1, actual: 2 },
      ],
    }));
    render(<AppShell hash="#/drill-summary?run=41" />);
    const notice = await screen.findByTestId('summary-settings-notice');
    expect(notice).toHaveAttribute('role', 'note');
    expect(notice).toHaveTextContent("Played with settings that differ from this drill's: this run is not comparable.");
    expect(screen.getByTestId('settings-diff-fov').textContent).toBe('Played with FOV 120 (h): this drill locks FOV to 90–103 (h).');
    expect(screen.getByTestId('settings-diff-num_targets').textContent).toBe('Played with targets on the field 2: this drill has 1.');
  });
});

describe('issue 33 item 3: verdicts that agree with the card', () => {
  test('a first run with no kill: not passed, no rank of its own, tier labels with their unit, crits explained', async () => {
    serve(summary({
      targets_destroyed: 0, hits: 0, shots: 5, accuracy: 0, score: 0, passed: false, best_score: 0, previous_best: null,
      leaderboard_rank: 1, leaderboard_size: 1, objective: 'Destroy as many targets as you can in 60 seconds.', tiers: [90],
      objective_kind: 'best-score', threshold: null,
    }));
    render(<AppShell hash="#/drill-summary?run=41" />);
    expect((await screen.findByTestId('summary-result')).textContent).toBe('Target not achieved. Please Try Again');
    expect(screen.getByTestId('summary-rank').textContent).toBe('–');
    expect(screen.getByTestId('summary-rank-card')).toHaveTextContent('No kill: no rank');
    expect(screen.getAllByTestId('summary-tier-label').map((e) => e.textContent)).toEqual(['Tier 1: 90 targets']);
    expect(screen.getByTestId('summary-crit-hint')).toHaveTextContent('of all shots');
  });

  test('a time-to-kill drill plots a run with no kill as a gap, not 0 ms', async () => {
    const fn = jest.fn(async (url: string) => {
      if (url.startsWith('/api/v1/progress/')) {
        return jsonResponse({ ...history([400, 0, 380]), primary_metric: 'time_destroy', lower_is_better: true, best: 380 });
      }
      if (url.startsWith('/api/v1/performance/')) {
        return jsonResponse(summary({ id: 42, primary_metric: 'time_destroy', score: 380, time_destroy: 380, best_score: 380, tiers: [], threshold: null }));
      }
      return jsonResponse({ error: 'unexpected' }, 404);
    });
    global.fetch = fn as unknown as typeof fetch;
    render(<AppShell hash="#/drill-summary?run=42" />);
    const chart = await screen.findByTestId('score-chart');
    const series = JSON.parse(chart.getAttribute('data-series')!);
    expect(series.scores).toEqual([400, null, 380]);
    expect(series.average).toEqual([400, 400, 390]);
  });
});

test('issue 33 item 3: a tier of one target reads in the singular', async () => {
  serve(summary({ tiers: [1, 5], score: 0, targets_destroyed: 0, passed: false, objective: 'Destroy as many targets as you can in 60 seconds.', objective_kind: 'drill' }));
  render(<AppShell hash="#/drill-summary?run=41" />);
  await screen.findByTestId('summary-result');
  expect(screen.getAllByTestId('summary-tier-label').map((e) => e.textContent)).toEqual(['Tier 1: 1 target', 'Tier 2: 5 targets']);
  expect(screen.getByTestId('summary-result').textContent).toBe('Tier 0 of 2 reached · Next tier at 1 target');
});

test('decoy drills show the decoys hit; other drills show no such line (issue 36)', async () => {
  serve(summary({ decoy_hits: 3 }));
  const { unmount } = render(<AppShell hash="#/drill-summary?run=41" />);
  expect(await screen.findByTestId('summary-decoy-hits')).toHaveTextContent(/^3$/);
  expect(screen.getByText('Decoys hit')).toBeInTheDocument();
  unmount();
  serve(summary());
  render(<AppShell hash="#/drill-summary?run=41" />);
  await screen.findByTestId('summary-targets');
  expect(screen.queryByTestId('summary-decoy-hits')).toBeNull();
});
