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

// the last three: control characters browsers strip from a URL (issue 39 item 1)
test.each(['//evil.example/', 'https://evil.example/', '/\\evil.example', '/\t/evil.example/x', '/\n/evil.example', '/\r/evil.example'])('next=%j is not followed: / instead', async (next) => {
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

describe('account page: sessions and password (issue 39)', () => {
  const me = { id: 7, username: 'Bob', premium: false };
  const sessions = [
    { id: 'aaaaaaaaaaaaaaaa', device: 'Firefox on Windows', created_at: '2026-11-01T10:00:00.000Z', last_seen: '2026-11-27T09:00:00.000Z', current: true },
    { id: 'bbbbbbbbbbbbbbbb', device: 'Chrome on Android', created_at: '2026-11-02T10:00:00.000Z', last_seen: '2026-11-20T09:00:00.000Z', current: false },
  ];

  test('lists the sessions with device and this browser marked; End revokes one; Log out everywhere logs out', async () => {
    const calls: [string, unknown][] = [];
    const fetchFn = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push([url, init?.body ? JSON.parse(String(init.body)) : null]);
      if (url === '/api/v1/user/me') return jsonResponse(me);
      if (url === '/api/v1/auth/sessions') return jsonResponse({ sessions });
      if (url === '/api/v1/auth/sessions/revoke') return jsonResponse({ sessions: [sessions[0]] });
      if (url === '/api/v1/auth/logout-everywhere') return jsonResponse({ success: true, revoked: 1 });
      return jsonResponse({ error: 'unexpected' }, 500);
    });
    render(<LoginPage fetchFn={fetchFn} search="" navigate={jest.fn()} />);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual(['Firefox on Windows', 'Chrome on Android']);
    expect(rows[0]).toHaveTextContent('This browser');
    expect(rows[1]).not.toHaveTextContent('This browser');
    expect(rows[1]).toHaveTextContent('Last used');
    fireEvent.click(screen.getByRole('button', { name: 'End the session on Chrome on Android' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(calls).toContainEqual(['/api/v1/auth/sessions/revoke', { id: 'bbbbbbbbbbbbbbbb' }]);
    fireEvent.click(screen.getByTestId('logout-everywhere'));
    await screen.findByRole('tab', { name: 'Log in' }); // back to the login form
    expect(calls).toContainEqual(['/api/v1/auth/logout-everywhere', {}]);
  });

  test('password change: the rule is checked on the page; the server message shows; success says how many sessions ended', async () => {
    let wrong = true;
    const fetchFn = jest.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/v1/user/me') return jsonResponse(me);
      if (url === '/api/v1/auth/sessions') return jsonResponse({ sessions });
      if (url === '/api/v1/auth/password') {
        expect(JSON.parse(String(init?.body))).toEqual({ current_password: wrong ? 'bad current' : 'old password!', new_password: 'a new long password' });
        return wrong ? jsonResponse({ error: 'Your current password is wrong.' }, 401, 'Unauthorized') : jsonResponse({ success: true, revoked: 1 });
      }
      return jsonResponse({ error: 'unexpected' }, 500);
    });
    render(<LoginPage fetchFn={fetchFn} search="" navigate={jest.fn()} />);
    await screen.findByTestId('password-form');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'bad current' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordShort);
    expect(fetchFn.mock.calls.some((c) => c[0] === '/api/v1/auth/password')).toBe(false);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a new long password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your current password is wrong.'));
    wrong = false;
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old password!' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a new long password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed. 1 other session was ended.');
  });
});
