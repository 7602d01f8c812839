/**
 * A player's sessions and password change (issue 39): the bodies and answers of
 * `GET /api/v1/auth/sessions`, `POST /api/v1/auth/sessions/revoke`,
 * `POST /api/v1/auth/logout-everywhere` and `POST /api/v1/auth/password`, shared by the account
 * page and the server. No runtime deps.
 */
import { closed, type KeysMismatch } from './jsonSchema';
import { PASSWORD_MAX } from './auth';

/** One live session of the player, as the account page lists it. */
export interface SessionInfo {
  /** an opaque handle of the session (not its token, not the token's hash) */
  id: string;
  /** the device, read from the User-Agent it started with ('Firefox on Windows'; 'Unknown device') */
  device: string;
  /** when it started (login or registration), ISO-8601 UTC */
  created_at: string;
  /** when it was last used (written at most hourly), ISO-8601 UTC */
  last_seen: string;
  /** this browser's session */
  current: boolean;
}

/** `GET /api/v1/auth/sessions`: the player's live sessions, most recently used first. */
export interface SessionsResponse {
  sessions: SessionInfo[];
}

/** Body of `POST /api/v1/auth/sessions/revoke`. */
export interface RevokeSessionBody {
  id: string;
}

/** JSON schema of `RevokeSessionBody`. */
export const revokeSessionSchema = {
  ...closed({ id: { type: 'string', minLength: 1, maxLength: 64 } }),
  required: ['id'],
} as const;
const revokeKeysMatch: [KeysMismatch<RevokeSessionBody, typeof revokeSessionSchema>] extends [never] ? true : false = true;
void revokeKeysMatch;

/** Body of `POST /api/v1/auth/password`. */
export interface PasswordChangeBody {
  current_password: string;
  new_password: string;
}

/** JSON schema of `PasswordChangeBody` (types and bounds; the rules are `credentialsError`'s). */
export const passwordChangeSchema = {
  ...closed({
    current_password: { type: 'string', maxLength: PASSWORD_MAX * 4 },
    new_password: { type: 'string', maxLength: PASSWORD_MAX * 4 },
  }),
  required: ['current_password', 'new_password'],
} as const;
const passwordKeysMatch: [KeysMismatch<PasswordChangeBody, typeof passwordChangeSchema>] extends [never] ? true : false = true;
void passwordKeysMatch;

/** Answer of a password change: how many other sessions were ended. */
export interface PasswordChangeResponse {
  success: true;
  revoked: number;
}

/** Messages of the session and password routes. */
export const SESSION_MESSAGES = {
  wrongPassword: 'Your current password is wrong.',
  samePassword: 'The new password must differ from the current one.',
  noSuchSession: 'No such session of yours.',
} as const;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A short device label from a User-Agent string: 'Firefox on Windows', 'Chrome', 'Linux',
 * or 'Unknown device' when neither the browser nor the system is recognised (or no UA). */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
