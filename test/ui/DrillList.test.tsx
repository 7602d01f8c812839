/** The drill browser page (issue 36 item 2): cards, filters kept in the URL, the fetched query,
 * publish and report. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DrillList } from '../../src/ui/DrillList';
import { jsonResponse } from '../unit/state/fakes';

const GRID = {
  id: 134, name: 'Gridshot Classic', category: 'clicking', duration: 60000, family: 'static-clicking', difficulty: 'easy',
  room: 'factory', weapon: 'semi-auto', primary_metric: 'targets_destroyed', best_score: 71, leaderboard_rank: 3, plays: 12, players: 4,
  source: 'catalogue', author: null, published_at: null, hidden: false, mine: false, reported: false, objective: 'Destroy them.',
};
const COMMUNITY = { ...GRID, id: 100001, name: 'Zigzag', source: 'community', author: 'maker_1', family: null, best_score: null, leaderboard_rank: null, plays: 2, players: 1 };
const MINE = { ...COMMUNITY, id: 100002, name: 'Mine', mine: true, author: 'me' };

test('lists the drills as cards linking to the game page, with tags, popularity, best and rank', async () => {
  const fetchFn = jest.fn(async () => jsonResponse([GRID, COMMUNITY]));
  render(<DrillList fetchFn={fetchFn} search="" onQueryChange={() => undefined} />);
  expect(await screen.findByRole('link', { name: 'Gridshot Classic' })).toHaveAttribute('href', '/?id=134');
  const card = screen.getByTestId('drill-card-134');
  expect(card).toHaveTextContent('Static clicking');
  expect(card).toHaveTextContent('Easy');
  expect(card).toHaveTextContent('4 players · 12 plays');
  expect(card).toHaveTextContent('Best: 71 targets');
  expect(card).toHaveTextContent('Rank #3');
  expect(screen.getByTestId('drill-card-100001')).toHaveTextContent('by maker_1');
  expect(screen.getByTestId('drill-count')).toHaveTextContent('2 drills');
  // the page's defaults go out explicitly (the API's own defaults are the catalogue by id)
  expect(fetchFn).toHaveBeenCalledWith('/api/v1/drills?sort=popular&source=all', expect.anything());
});

test('filters start from the URL, changes go to the URL and to the fetched query; typing waits for a pause', async () => {
  const fetchFn = jest.fn(async (_url: string) => jsonResponse([GRID]));
  const urls: string[] = [];
  render(<DrillList fetchFn={fetchFn} search="?family=precision&sort=newest" onQueryChange={(u) => urls.push(u)} />);
  await screen.findByTestId('drill-card-134');
  expect(screen.getByTestId('filter-family')).toHaveValue('precision');
  expect(screen.getByTestId('drill-sort')).toHaveValue('newest');
  expect(fetchFn).toHaveBeenLastCalledWith('/api/v1/drills?family=precision&sort=newest&source=all', expect.anything());
  expect(urls.at(-1)).toBe('/drills?family=precision&sort=newest');

  fireEvent.change(screen.getByTestId('filter-room'), { target: { value: 'arena' } });
  await waitFor(() => expect(urls.at(-1)).toBe('/drills?family=precision&room=arena&sort=newest'));
  const calls = fetchFn.mock.calls.length;
  for (const text of ['g', 'gr', 'gri', 'grid']) fireEvent.change(screen.getByTestId('drill-search'), { target: { value: text } });
  await waitFor(() => expect(urls.at(-1)).toBe('/drills?q=grid&family=precision&room=arena&sort=newest'));
  // one fetch for the whole word, not one per key
  await waitFor(() => expect(fetchFn).toHaveBeenLastCalledWith('/api/v1/drills?q=grid&family=precision&room=arena&sort=newest&source=all', expect.anything()));
  expect(fetchFn.mock.calls.length).toBe(calls + 1);

  fireEvent.click(screen.getByTestId('filter-clear'));
  await waitFor(() => expect(urls.at(-1)).toBe('/drills'));
  expect(screen.getByTestId('drill-search')).toHaveValue('');
});

test('a bad query in the URL falls back to the defaults', async () => {
  const fetchFn = jest.fn(async () => jsonResponse([GRID]));
  render(<DrillList fetchFn={fetchFn} search="?family=nope" onQueryChange={() => undefined} />);
  await screen.findByTestId('drill-card-134');
  expect(fetchFn).toHaveBeenCalledWith('/api/v1/drills?sort=popular&source=all', expect.anything());
});

test('publish posts for the own drill, report for another\'s; the answer shows and the list reloads', async () => {
  const posts: string[] = [];
  const fetchFn = jest.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posts.push(url);
      return url.endsWith('/report') ? jsonResponse({ id: 100001, reports: 1, hidden: false }) : jsonResponse({ id: 100002, published_at: '2026-01-01T00:00:00Z', hidden: false });
    }
    return jsonResponse([COMMUNITY, MINE]);
  });
  render(<DrillList fetchFn={fetchFn} search="?source=community" onQueryChange={() => undefined} />);
  fireEvent.click(await screen.findByTestId('publish-100002'));
  await waitFor(() => expect(screen.getByTestId('browser-notice')).toHaveTextContent('Published'));
  fireEvent.click(screen.getByTestId('report-100001'));
  await waitFor(() => expect(screen.getByTestId('browser-notice')).toHaveTextContent('Reported'));
  expect(posts).toEqual(['/api/v1/drills/100002/publish', '/api/v1/drills/100001/report']);
  expect(screen.queryByTestId('report-100002')).toBeNull(); // no report button on one's own drill
});

test('a failed list fetch shows a message', async () => {
  render(<DrillList fetchFn={async () => jsonResponse({ error: 'x' }, 500)} search="" onQueryChange={() => undefined} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the drill list');
});
