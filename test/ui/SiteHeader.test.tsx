/** The site header on every page (issue 33 item 2), the leaderboards index, the pause menu's places. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SiteHeader } from '../../src/ui/nav/SiteHeader';
import { LeaderboardIndex } from '../../src/ui/nav/LeaderboardIndex';
import { isCurrentPlace, loginHref, NAV_PLACES } from '../../src/ui/nav/siteNav';
import { jsonResponse } from '../unit/state/fakes';

test('a guest sees every place and "Log in" that comes back to this page', async () => {
  window.history.replaceState(null, '', '/drills?x=1');
  const fetchFn = jest.fn(async () => jsonResponse({ id: null, username: null, premium: false }));
  render(<SiteHeader fetchFn={fetchFn} />);
  const login = await screen.findByTestId('nav-login');
  expect(login).toHaveAttribute('href', '/login?next=%2Fdrills%3Fx%3D1');
  expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(
    ['Aim Trainer', 'Play', 'Progress', 'Leaderboards', 'Benchmarks', 'Settings', 'Drill editor', 'Log in'],
  );
  expect(screen.getByTestId('nav-play')).toHaveAttribute('aria-current', 'page');
  expect(screen.getByTestId('nav-progress')).not.toHaveAttribute('aria-current');
  expect(screen.queryByTestId('nav-logout')).toBeNull();
  expect(fetchFn).toHaveBeenCalledWith('/api/v1/user/me', expect.anything());
});

test('a guest session (an id, no name) is a guest; a failed who-am-I is a guest too', async () => {
  const { unmount } = render(<SiteHeader fetchFn={async () => jsonResponse({ id: 7, username: null, premium: false })} />);
  await screen.findByTestId('nav-login');
  unmount();
  render(<SiteHeader fetchFn={async () => jsonResponse({ error: 'down' }, 503)} />);
  await screen.findByTestId('nav-login');
});

test('an account sees its name and "Log out", which posts the logout', async () => {
  const reload = jest.fn();
  window.history.replaceState(null, '', '/app/#/progress');
  const fetchFn = jest.fn(async (url: string) =>
    url === '/api/v1/user/me' ? jsonResponse({ id: 3, username: 'ada', premium: false }) : jsonResponse({ success: true }),
  );
  render(<SiteHeader fetchFn={fetchFn} onLoggedOut={reload} />);
  expect(await screen.findByTestId('nav-username')).toHaveTextContent('ada');
  expect(screen.getByTestId('nav-username')).toHaveAttribute('href', '/login'); // the account page
  expect(screen.queryByTestId('nav-login')).toBeNull();
  expect(screen.getByTestId('nav-progress')).toHaveAttribute('aria-current', 'page');
  fireEvent.click(screen.getByTestId('nav-logout'));
  await waitFor(() => expect(reload).toHaveBeenCalled());
  expect(fetchFn).toHaveBeenCalledWith('/api/v1/auth/logout', expect.objectContaining({ method: 'POST' }));
});

test('current place and login return address', () => {
  const board = NAV_PLACES.find((p) => p.key === 'leaderboards')!;
  expect(isCurrentPlace(board, '/app/', '#/leaderboard?drill=134')).toBe(true);
  expect(isCurrentPlace(board, '/app/', '#/progress')).toBe(false);
  const progress = NAV_PLACES.find((p) => p.key === 'progress')!;
  expect(isCurrentPlace(progress, '/app/', '')).toBe(true); // the app's home is the progress page
  expect(loginHref('/login', '?next=%2F', '')).toBe('/login');
  expect(loginHref('/app/', '', '#/leaderboard?drill=5')).toBe('/login?next=%2Fapp%2F%23%2Fleaderboard%3Fdrill%3D5');
});

test('Leaderboards without a drill lists every drill\'s board', async () => {
  render(<LeaderboardIndex fetchFn={async () => jsonResponse([{ id: 134, name: 'Gridshot', leaderboard_rank: 4 }, { id: 2033, name: 'Test Drill' }])} />);
  expect(await screen.findByTestId('board-link-134')).toHaveAttribute('href', '/app/#/leaderboard?drill=134');
  expect(screen.getByTestId('board-link-134')).toHaveTextContent('Rank #4');
  expect(screen.getByTestId('board-link-2033')).toHaveAttribute('href', '/app/#/leaderboard?drill=2033');
});
