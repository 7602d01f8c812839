/**
 * The client of the session and password API (issue 39, src/server/sessionRoutes.ts). Errors are
 * ApiRequestError with the server's message (`serverMessage`).
 */
import type { PasswordChangeResponse, SessionsResponse } from '../contracts/sessions';
import { getJson, postJson, type FetchFn } from './api';

/** `GET /api/v1/auth/sessions`: the account's live sessions. */
export function fetchSessions(fetchFn: FetchFn): Promise<SessionsResponse> {
  return getJson<SessionsResponse>(fetchFn, '/api/v1/auth/sessions');
}

/** `POST /api/v1/auth/sessions/revoke`: ends session `id`; resolves the remaining list. */
export async function revokeSession(fetchFn: FetchFn, id: string): Promise<SessionsResponse> {
  return (await postJson<SessionsResponse>(fetchFn, '/api/v1/auth/sessions/revoke', { id })) ?? { sessions: [] };
}

/** `POST /api/v1/auth/logout-everywhere`: ends every session of the account, this one too. */
export async function logoutEverywhere(fetchFn: FetchFn): Promise<void> {
  await postJson(fetchFn, '/api/v1/auth/logout-everywhere', {});
}

/** `POST /api/v1/auth/password`: changes the password; the other sessions end. */
export async function changePassword(fetchFn: FetchFn, currentPassword: string, newPassword: string): Promise<PasswordChangeResponse> {
  return (await postJson<PasswordChangeResponse>(fetchFn, '/api/v1/auth/password', {
    current_password: currentPassword,
    new_password: newPassword,
  })) as PasswordChangeResponse;
}
