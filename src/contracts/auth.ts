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

/**
 * Where /login sends the player after logging in: `next` when it is a path of this site
 * (starts with one `/`, not `//` or `/\`), else `/`. Guards against open redirects.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/** The /login URL that comes back to `here` (a path with its query) afterwards. */
export function loginUrl(here: string): string {
  return `/login?next=${encodeURIComponent(safeNext(here))}`;
}
