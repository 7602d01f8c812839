/** The drills page's playlists (issue 36 item 4): an account gets the form that saves a
 * playlist; a guest, whose save would answer 401, gets a link to log in instead. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PlaylistsSection } from '../../src/ui/PlaylistsSection';
import { jsonResponse } from '../unit/state/fakes';

const BUILT_IN = { id: 'warmup', name: 'Warm-up', description: 'Three drills.', drills: [{ id: 134, name: 'Gridshot' }], duration_ms: 180_000, mine: false };

function fakeServer(me: { id: number | null; username: string | null }) {
  const posts: Array<{ url: string; body: unknown }> = [];
  const fetchFn = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/user/me') return jsonResponse({ ...me, premium: false });
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return jsonResponse({ ...BUILT_IN, id: 'p1', name: 'Mine', mine: true });
    }
    return jsonResponse({ playlists: [BUILT_IN] });
  });
  return { fetchFn, posts };
}

test('a guest sees a login link that comes back to the playlists, and no form', async () => {
  const { fetchFn } = fakeServer({ id: 7, username: null });
  render(<PlaylistsSection fetchFn={fetchFn} />);
  const login = await screen.findByTestId('playlist-login');
  expect(login.querySelector('a')).toHaveAttribute('href', `/login?next=${encodeURIComponent('/drills#playlists')}`);
  expect(login).toHaveTextContent('Log in to make and share your own playlists');
  expect(screen.queryByTestId('playlist-form')).toBeNull();
  expect(screen.getByTestId('playlist-card-warmup')).toHaveTextContent('Warm-up');
});

test('an account gets the form, and a save posts the name and the drill ids in order', async () => {
  const { fetchFn, posts } = fakeServer({ id: 7, username: 'maker_1' });
  render(<PlaylistsSection fetchFn={fetchFn} />);
  fireEvent.change(await screen.findByTestId('playlist-form-name'), { target: { value: 'Mine' } });
  fireEvent.change(screen.getByTestId('playlist-form-drills'), { target: { value: '143, 134 147' } });
  fireEvent.click(screen.getByTestId('playlist-form-save'));
  await waitFor(() => expect(screen.getByTestId('playlist-notice')).toHaveTextContent('Playlist "Mine" created'));
  expect(posts).toEqual([{ url: '/api/v1/playlists', body: { name: 'Mine', drills: [143, 134, 147] } }]);
  expect(screen.queryByTestId('playlist-login')).toBeNull();
});
