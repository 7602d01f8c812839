/** The weakness map card (issue 37 item 4): the weakest cells named in words, the chart's series,
 * the empty and no-weak-spot cases; it reads the server's map (`GET /api/v1/analysis/weakness`). */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TrainThis, WeaknessMapCard } from '../../src/ui/WeaknessMap';
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
  expect(screen.queryByTestId('weakness-train')).toBeNull(); // nothing to train yet
});

test('an even player: no weak spot', async () => {
  renderWith(weaknessMap([[...rep(10, f(0, 1, 400)), ...rep(10, f(4, 1, 410))]]));
  expect((await screen.findByTestId('weakness-words')).textContent).toBe('No weak spot: every direction is within 5 % of your mean.');
});

/** Answers of a fake server: the map, `/api/v1/user/me` as `me`, the weak-spot route as `made`. */
function server(me: { id: number | null; username: string | null }, made: { status: number; body: unknown } = { status: 201, body: {} }) {
  return jest.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/v1/user/me') return jsonResponse(me);
    if (url === '/api/v1/analysis/weak-spot-drill') return jsonResponse(made.body, made.status);
    throw new Error(`unexpected ${url}`);
  });
}
const weakMap = () => weaknessMap([[...rep(10, f(3, 2, 700)), ...rep(10, f(0, 2, 500)), ...rep(10, f(2, 1, 330)), ...rep(10, f(6, 1, 270))]]);

test('Train this (issue 37 item 5): a logged-in player with weak cells makes the drill and goes to its playlist', async () => {
  const answer = { drill_id: 100_001, name: 'Weak spots: up-left long, up medium', cells: [], playlist_id: 'p-abcdefghij', playlist_url: '/?playlist=p-abcdefghij' };
  const fetchFn = server({ id: 4, username: 'ana' }, { status: 201, body: answer });
  const go = jest.fn();
  render(<TrainThis map={weakMap()} fetchFn={fetchFn} go={go} />);
  const button = await screen.findByTestId('weakness-train-button');
  expect(button.textContent).toBe('Train this');
  expect((button as HTMLButtonElement).disabled).toBe(false);
  expect(screen.getByTestId('weakness-train-why').textContent).toBe('Makes a 60-second drill of your slowest flicks (up-left long, up medium), saved to your drills, and a playlist with it.');
  fireEvent.click(button);
  await waitFor(() => expect(go).toHaveBeenCalledWith('/?playlist=p-abcdefghij'));
  const post = fetchFn.mock.calls.find(([url]) => url === '/api/v1/analysis/weak-spot-drill')!;
  expect(post[1]).toMatchObject({ method: 'POST', body: '{}' }); // no map is sent: the server reads its own
});

test('Train this: a refusal shows the server\'s message and enables the button again', async () => {
  const fetchFn = server({ id: 4, username: 'ana' }, { status: 409, body: { error: 'You have 200 drills, the most one account can keep.' } });
  const go = jest.fn();
  render(<TrainThis map={weakMap()} fetchFn={fetchFn} go={go} />);
  fireEvent.click(await screen.findByTestId('weakness-train-button'));
  await waitFor(() => expect(screen.getByTestId('weakness-train-why').textContent).toBe('Could not make the drill: You have 200 drills, the most one account can keep.'));
  expect((screen.getByTestId('weakness-train-button') as HTMLButtonElement).disabled).toBe(false);
  expect(go).not.toHaveBeenCalled();
});

test('Train this: a guest sees why it is unavailable (a log-in link); a player without a cell to train is told to play more', async () => {
  const guest = server({ id: 9, username: null });
  const { unmount } = render(<TrainThis map={weakMap()} fetchFn={guest} />);
  expect(((await screen.findByTestId('weakness-train-button')) as HTMLButtonElement).disabled).toBe(true);
  const link = within(screen.getByTestId('weakness-train-why')).getByRole('link');
  expect(link.textContent).toBe('Log in to train your weak spots: the drill is saved to your account.');
  expect(link.getAttribute('href')).toMatch(/^\/login\?next=/);
  unmount();

  const even = server({ id: 4, username: 'ana' });
  render(<TrainThis map={weaknessMap([[...rep(3, f(0, 1, 400))]])} fetchFn={even} />);
  expect(((await screen.findByTestId('weakness-train-button')) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByTestId('weakness-train-why').textContent).toBe('Play a few more clicking drills: a direction needs 5 flicks before it can be trained.');
  expect(even.mock.calls.some(([url]) => url === '/api/v1/analysis/weak-spot-drill')).toBe(false);
});

test('Train this: with no cell 5 % slower it still offers the slowest ones, and says so', async () => {
  const map = weaknessMap([[...rep(10, f(0, 1, 410)), ...rep(10, f(4, 1, 390))]]);
  expect(map.weakest).toEqual([]);
  render(<TrainThis map={map} fetchFn={server({ id: 4, username: 'ana' })} />);
  expect(((await screen.findByTestId('weakness-train-button')) as HTMLButtonElement).disabled).toBe(false);
  expect(screen.getByTestId('weakness-train-why').textContent).toBe('Nothing is 5 % slower, but you can still train your slowest flicks (right medium): a 60-second drill saved to your drills, and a playlist with it.');
});
