/**
 * Accounts (issue 13, spec sections 2 and 6): the register / login bodies, the `GET
 * /api/v1/user/me` answer, the account rules and their messages. Shared by the /login page
 * (instant feedback) and the server (which enforces them: each rule answers 400 with the same
 * message). No runtime deps.
 */
import { closed, type KeysMismatch } from './jsonSchema';

/** The server's reply to an API call that needs an account (spec section 6): 401 `{ error }`. */
export const NOT_LOGGED_IN = 'Not Logged In';

/** Username length, characters (inclusive). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 24;
/** Letters, digits, `_` and `-`; unique case-insensitively (compared lower-cased). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,24}$/;
/** Password length, characters: at least 10; at most 1024 (bounds the hashing work). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 1024;

/** The messages of the account rules (the page shows them as the server sends them). */
export const AUTH_MESSAGES = {
  username: `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters: letters, digits, _ and -.`,
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  taken: 'That username is already taken.',
  wrong: 'Wrong username or password.',
} as const;

/** Body of `POST /api/v1/auth/register` and `POST /api/v1/auth/login`. */
export interface Credentials {
  username: string;
  password: string;
}

/** JSON schema of `Credentials` (types only, bounded; the rules are `credentialsError`'s so the
 * answer carries a readable message). */
export const credentialsSchema = {
  ...closed({
    username: { type: 'string', maxLength: 256 },
    password: { type: 'string', maxLength: PASSWORD_MAX * 4 },
  }),
  required: ['username', 'password'],
} as const;
const credentialsKeysMatch: [KeysMismatch<Credentials, typeof credentialsSchema>] extends [never] ? true : false = true;
void credentialsKeysMatch;

/** The first account rule `c` breaks (its message), or null when the name and password are
 * acceptable for a new account. */
export function credentialsError(c: Credentials): string | null {
  if (!USERNAME_PATTERN.test(c.username)) return AUTH_MESSAGES.username;
  if ([...c.password].length < PASSWORD_MIN) return AUTH_MESSAGES.passwordShort;
  if ([...c.password].length > PASSWORD_MAX) return AUTH_MESSAGES.passwordLong;
  return null;
}

/** The comparison key of a username: lower-cased (names are unique case-insensitively). */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/** `GET /api/v1/user/me`: the player of this session. A visitor without a session: id null. */
export interface MeResponse {
  /** the user id (a guest's too), null without a session */
  id: number | null;
  /** the account name, null for a guest */
  username: string | null;
  premium: boolean;
}

/** Answer of register and login: the player now logged in. */
export type AuthResponse = MeResponse & { success: true };

/** The origin `safeNext` resolves against when none is given: the page's (a browser), else a
 * placeholder that no real `next` can match except as a path of it. */
function pageOrigin(): string {
  const loc = (globalThis as { location?: { origin?: string } }).location;
  return loc?.origin && loc.origin !== 'null' ? loc.origin : 'http://same-origin.invalid';
}

/**
 * Where /login sends the player after logging in (issue 39): `next` resolved as a URL against
 * the page's origin (`origin`, default `location.origin`) exactly as the browser would resolve
 * it (WHATWG URL: tabs, LF and CR are removed anywhere, a backslash counts as a slash, `//host`
 * is another host, `%2f` stays a percent-encoded path character), kept only when the result is
 * same-origin; then answered as its path, query and hash (so the answer starts with exactly one
 * `/`). Anything else, a URL that does not parse, or no `next`: `/`. Guards against open
 * redirects such as `/%09/evil.example` (a tab after the first slash), `/\evil.example`,
 * `https://evil.example` and `javascript:`.
 */
export function safeNext(next: string | null | undefined, origin: string = pageOrigin()): string {
  if (!next) return '/';
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // a same-origin result always has a path starting with one '/'; refuse anything stranger
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}

/** The /login URL that comes back to `here` (a path with its query) afterwards. */
export function loginUrl(here: string, origin?: string): string {
  return `/login?next=${encodeURIComponent(safeNext(here, origin))}`;
}
