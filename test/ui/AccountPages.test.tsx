/** The account pages (issue 13): /login checks the rules before sending, shows the server's
 * message, goes to `next` (a path of this site only); /plus's Get Plus needs an account. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AUTH_MESSAGES, NOT_LOGGED_IN } from '../../src/contracts/auth';
import { setNotLoggedInHandler } from '../../src/net/api';
import { LoginPage } from '../../src/ui/LoginPage';
import { PlusPage } from '../../src/ui/PlusPage';
import { jsonResponse } from '../unit/state/fakes';

const guest = { id: null, username: null, premium: false };

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

test('create account: a short password is refused on the page, without a request', async () => {
  const fetchFn = jest.fn(async (url: string) => (url === '/api/v1/user/me' ? jsonResponse(guest) : jsonResponse({ error: 'unexpected' }, 500)));
  render(<LoginPage fetchFn={fetchFn} search="" navigate={jest.fn()} />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Create account' }));
  fill('Valid_Name', 'short');
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordShort);
  expect(fetchFn.mock.calls.map((c) => c[0])).toEqual(['/api/v1/user/me']);
});

test('log in: the server message shows; success goes to next', async () => {
  let ok = false;
  const fetchFn = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/user/me') return jsonResponse(guest);
    if (url === '/api/v1/auth/login') {
      expect(JSON.parse(String(init?.body))).toEqual({ username: 'Bob', password: ok ? 'right password' : 'wrong password' });
      return ok ? jsonResponse({ success: true, id: 4, username: 'Bob', premium: false }) : jsonResponse({ error: AUTH_MESSAGES.wrong }, 401, 'Unauthorized');
    }
    return jsonResponse({ error: 'unexpected' }, 500);
  });
  const navigate = jest.fn();
  render(<LoginPage fetchFn={fetchFn} search="?next=%2F%3Fid%3D134" navigate={navigate} />);
  await screen.findByRole('tab', { name: 'Log in' });
  fill('Bob', 'wrong password');
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.wrong);
  expect(navigate).not.toHaveBeenCalled();
  ok = true;
  fill('Bob', 'right password');
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/?id=134'));
});

test.each(['//evil.example/', 'https://evil.example/', '/\\evil.example'])('next=%s is not followed: / instead', async (next) => {
  const fetchFn = jest.fn(async (url: string) =>
    url === '/api/v1/user/me' ? jsonResponse(guest) : jsonResponse({ success: true, id: 4, username: 'Bob', premium: false }),
  );
  const navigate = jest.fn();
  render(<LoginPage fetchFn={fetchFn} search={`?next=${encodeURIComponent(next)}`} navigate={navigate} />);
  await screen.findByRole('tab', { name: 'Log in' });
  fill('Bob', 'right password');
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
});

test("Plus: Get Plus as a guest gets 'Not Logged In' and calls the page's login redirect", async () => {
  const redirect = jest.fn();
  setNotLoggedInHandler(redirect);
  try {
    const fetchFn = jest.fn(async (url: string) =>
      url === '/api/v1/user/me' ? jsonResponse(guest) : jsonResponse({ error: NOT_LOGGED_IN }, 401, 'Unauthorized'),
    );
    render(<PlusPage fetchFn={fetchFn} />);
    fireEvent.click(await screen.findByTestId('get-plus'));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(fetchFn).toHaveBeenCalledWith('/api/v1/user/premium', expect.anything());
  } finally {
    setNotLoggedInHandler(null);
  }
});

test('Plus: a premium account sees Plus active', async () => {
  const fetchFn = jest.fn(async () => jsonResponse({ id: 3, username: 'Pat', premium: true }));
  render(<PlusPage fetchFn={fetchFn} />);
  expect(await screen.findByText('Plus is active on Pat.')).toBeInTheDocument();
  expect(screen.queryByTestId('get-plus')).toBeNull();
});
