/** The weakness map card (issue 37 item 4): the weakest cells named in words, the chart's series,
 * the empty and no-weak-spot cases; it reads the server's map (`GET /api/v1/analysis/weakness`). */
import { render, screen, within } from '@testing-library/react';
import { WeaknessMapCard } from '../../src/ui/WeaknessMap';
import { weaknessMap } from '../../src/analysis/summary';
import type { StoredFlick, WeaknessMap } from '../../src/contracts/analysis';
import { jsonResponse } from '../unit/state/fakes';

const f = (sector: number, bin: number, ms: number): StoredFlick => [0, ms, sector, bin, 30, 2, 200, 150, 100, 50, 1, 0.9];
const rep = (n: number, x: StoredFlick) => Array.from({ length: n }, () => x);

function renderWith(map: WeaknessMap) {
  const fetchFn = jest.fn(async () => jsonResponse(map));
  render(<WeaknessMapCard fetchFn={fetchFn} />);
  return fetchFn;
}

test('names the one or two slowest cells: distance, direction and % slower than the player\'s mean', async () => {
  // long flicks: up-left 118 % of the long mean... built by the server's own aggregation
  const map = weaknessMap([[
    ...rep(10, f(3, 2, 649)), ...rep(10, f(0, 2, 500)), ...rep(10, f(4, 2, 500)), ...rep(10, f(6, 2, 551)),
    ...rep(10, f(1, 0, 300)), ...rep(10, f(5, 0, 300)),
  ]]);
  // long mean 550: up-left +18 %, down +0.2 %; the second named needs 5 %
  expect(map.weakest.map((c) => [c.sector, c.bin])).toEqual([[3, 2]]);
  const fetchFn = renderWith(map);
  const words = await screen.findByTestId('weakness-words');
  expect(fetchFn).toHaveBeenCalledWith('/api/v1/analysis/weakness?runs=20', expect.anything());
  expect(within(words).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Slowest: long flicks up-left, 18 % slower than your mean.',
  ]);
  const chart = screen.getByTestId('weakness-chart');
  const series = JSON.parse(chart.getAttribute('data-series')!) as (number | null)[][];
  expect(series).toHaveLength(3);
  expect(series[2][3]).toBeCloseTo(18, 0); // long, up-left
  expect(series[2][2]).toBeNull(); // long, up: no flicks
  expect(series[0][1]).toBe(0); // short, up-right: the short mean
  expect(screen.getByTestId('weakness-map').textContent).toContain('From 60 flicks in 1 runs');
});

test('two weak cells: the second is named "Also slow"', async () => {
  renderWith(weaknessMap([[...rep(10, f(3, 2, 700)), ...rep(10, f(0, 2, 500)), ...rep(10, f(2, 1, 330)), ...rep(10, f(6, 1, 270))]]));
  const items = within(await screen.findByTestId('weakness-words')).getAllByRole('listitem').map((li) => li.textContent);
  expect(items).toEqual([
    'Slowest: long flicks up-left, 17 % slower than your mean.',
    'Also slow: medium flicks up, 10 % slower than your mean.',
  ]);
});

test('no flicks yet, or no weak spot: says so, draws no chart for an empty map', async () => {
  renderWith(weaknessMap([]));
  expect((await screen.findByTestId('weakness-words')).textContent).toBe('Play a few clicking drills to see where your flicks are slow.');
  expect(screen.queryByTestId('weakness-chart')).toBeNull();
});

test('an even player: no weak spot', async () => {
  renderWith(weaknessMap([[...rep(10, f(0, 1, 400)), ...rep(10, f(4, 1, 410))]]));
  expect((await screen.findByTestId('weakness-words')).textContent).toBe('No weak spot: every direction is within 5 % of your mean.');
});
