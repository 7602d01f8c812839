/**
 * Password hashing (issue 13): node's crypto.scrypt, a memory-hard key derivation function
 * (RFC 7914). The stored string carries its parameters and salt, so they can be raised later
 * without invalidating old hashes: `scrypt$N$r$p$<salt base64url>$<hash base64url>`.
 * Passwords are never logged or stored in clear.
 */
import crypto from 'node:crypto';

/** scrypt cost parameters: N = 2^15, r = 8, p = 1 (32 MiB of memory per hash, ~50-100 ms on one
 * core; the OWASP password storage cheat sheet lists N=2^15..2^17 with r=8, p=1), a 16-byte salt
 * and a 32-byte key. */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, saltBytes: 16, keyBytes: 32 } as const;

/** scrypt's memory bound for these parameters (128 * N * r bytes) with room to spare. */
const maxmem = (N: number, r: number) => 256 * N * r;

function scrypt(password: string, salt: Buffer, keyLen: number, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize('NFC'), salt, keyLen, { N, r, p, maxmem: maxmem(N, r) }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The stored form of `password`: `scrypt$N$r$p$salt$hash` with a fresh random salt. */
export async function hashPassword(password: string, params: { N: number; r: number; p: number } = SCRYPT_PARAMS): Promise<string> {
  const salt = crypto.randomBytes(SCRYPT_PARAMS.saltBytes);
  const key = await scrypt(password, salt, SCRYPT_PARAMS.keyBytes, params.N, params.r, params.p);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored` (a `hashPassword` string), compared in constant time.
 * A malformed `stored` never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((x) => Number.isInteger(x) && x > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (expected.length === 0) return false;
  const key = await scrypt(password, salt, expected.length, N, r, p);
  return crypto.timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of one verification on nothing: a login for an unknown name takes as long as
 * one with a wrong password (no timing oracle for which names exist). Always false. */
export async function verifyNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword('not a password of anyone');
  await verifyPassword(password, await dummyHash);
  return false;
}
