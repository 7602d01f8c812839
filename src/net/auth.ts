/**
 * The client of the account API (issue 13, src/server/authRoutes.ts): register, log in, log
 * out, who am I, premium status. Errors are ApiRequestError with the server's message
 * (`serverMessage`: the rule broken, 'Wrong username or password.', 'Not Logged In', ...).
 */
import type { AuthResponse, Credentials, MeResponse } from '../contracts/auth';
import { getJson, postJson, type FetchFn } from './api';

/** `POST /api/v1/auth/register`: creates the account (a guest's data goes with it) and logs in. */
export async function register(fetchFn: FetchFn, c: Credentials): Promise<AuthResponse> {
  return (await postJson<AuthResponse>(fetchFn, '/api/v1/auth/register', c)) as AuthResponse;
}

/** `POST /api/v1/auth/login`. */
export async function login(fetchFn: FetchFn, c: Credentials): Promise<AuthResponse> {
  return (await postJson<AuthResponse>(fetchFn, '/api/v1/auth/login', c)) as AuthResponse;
}

/** `POST /api/v1/auth/logout`: revokes this browser's session. */
export async function logout(fetchFn: FetchFn): Promise<void> {
  await postJson(fetchFn, '/api/v1/auth/logout', {});
}

/** `GET /api/v1/user/me`: this browser's player (`id: null` without a session). */
export function fetchMe(fetchFn: FetchFn): Promise<MeResponse> {
  return getJson<MeResponse>(fetchFn, '/api/v1/user/me');
}

/** `GET /api/v1/user/premium` (needs an account: a guest gets 'Not Logged In' and, through the
 * page's handler, is sent to /login). */
export function fetchPremium(fetchFn: FetchFn): Promise<{ username: string; premium: boolean }> {
  return getJson(fetchFn, '/api/v1/user/premium');
}
