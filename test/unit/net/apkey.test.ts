/**
 * The APKey WebAssembly module (issue 14; assembly/apkey.ts compiled by `npm run build:wasm`):
 * its HMAC-SHA256 equals node:crypto's for many random keys and messages, including the empty
 * message, the SHA-256 padding boundaries (55 / 56 / 63 / 64 / 119 / 120 bytes), keys longer
 * than a block, and 1 MiB; `signSubmission` signs a UTF-8 body under a hex secret, and logs
 * 'Wasm Module Failed' and resolves null when the module cannot load (spec section 8).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  hexToBytes, hmacHex, instantiateApkey, loadApkeyModule, resetApkeyModule, signSubmission, type ApkeyExports,
} from '../../../src/net/apkey';

const WASM = path.resolve(__dirname, '../../../build/wasm/apkey.wasm');
let mod: ApkeyExports;
let bytes: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  if (!fs.existsSync(WASM)) {
    // `npm test` builds it first; a lone run of this file compiles it here
    execFileSync(process.execPath, [require.resolve('assemblyscript/bin/asc'), 'assembly/apkey.ts', '--runtime', 'stub', '-O3',
      '--noAssert', '--outFile', WASM], { cwd: path.resolve(__dirname, '../../..'), stdio: 'inherit' });
  }
  bytes = new Uint8Array(fs.readFileSync(WASM));
  mod = await instantiateApkey(bytes);
}, 60000);
afterEach(() => resetApkeyModule());

const oracle = (key: Uint8Array, msg: Uint8Array) => crypto.createHmac('sha256', key).update(msg).digest('hex');

test('equals node:crypto HMAC-SHA256 at every padding boundary and key length', () => {
  const lengths = [0, 1, 2, 31, 32, 54, 55, 56, 57, 63, 64, 65, 100, 119, 120, 127, 128, 129, 1000, 4096];
  const keyLengths = [0, 1, 16, 32, 63, 64, 65, 100, 200];
  let n = 0;
  for (const len of lengths) {
    for (const kl of keyLengths) {
      const key = crypto.randomBytes(kl);
      const msg = crypto.randomBytes(len);
      expect(hmacHex(mod, key, msg)).toBe(oracle(key, msg));
      n++;
    }
  }
  expect(n).toBe(lengths.length * keyLengths.length);
});

test('equals node:crypto for 500 random keys and messages (0-3000 bytes) on one instance', () => {
  for (let i = 0; i < 500; i++) {
    const key = crypto.randomBytes(crypto.randomInt(0, 130));
    const msg = crypto.randomBytes(crypto.randomInt(0, 3000));
    expect(hmacHex(mod, key, msg)).toBe(oracle(key, msg));
  }
});

test('equals node:crypto for a 1 MiB message (the memory grows), then small ones again', () => {
  const key = crypto.randomBytes(32);
  const big = crypto.randomBytes(1 << 20);
  const t0 = performance.now();
  expect(hmacHex(mod, key, big)).toBe(oracle(key, big));
  const ms = performance.now() - t0;
  const small = Buffer.from('{"a":1}');
  expect(hmacHex(mod, key, small)).toBe(oracle(key, small));
  // eslint-disable-next-line no-console
  console.log(`APKey of 1 MiB in the wasm module: ${ms.toFixed(1)} ms`);
});

test('RFC 4231 test case 2 ("Jefe")', () => {
  const key = Buffer.from('Jefe');
  const msg = Buffer.from('what do ya want for nothing?');
  expect(hmacHex(mod, key, msg)).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
});

test('signSubmission: hex secret, UTF-8 body, lowercase 64-hex answer', async () => {
  const secret = crypto.randomBytes(32).toString('hex');
  const body = JSON.stringify({ gameData: { name: 'Ünïcødé ✓' }, run_id: 'x' });
  const sig = await signSubmission(body, secret, async () => bytes);
  expect(sig).toMatch(/^[0-9a-f]{64}$/);
  expect(sig).toBe(crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(body, 'utf8').digest('hex'));
  expect(() => hexToBytes('abc')).toThrow(RangeError);
  await expect(signSubmission(body, 'not hex', async () => bytes)).rejects.toThrow(RangeError);
});

test("a module that fails to load: 'Wasm Module Failed' is logged, null (sent without APKey); a later call retries", async () => {
  const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const secret = crypto.randomBytes(32).toString('hex');
    expect(await signSubmission('{}', secret, async () => { throw new Error('offline'); })).toBeNull();
    expect(err).toHaveBeenCalledWith('Wasm Module Failed', expect.any(Error));
    expect(await signSubmission('{}', secret, async () => new Uint8Array([0, 1, 2, 3]))).toBeNull(); // not wasm
    expect(err).toHaveBeenCalledTimes(2);
    expect(await signSubmission('{}', secret, async () => bytes)).toMatch(/^[0-9a-f]{64}$/);
    // loaded once, kept
    const a = loadApkeyModule(async () => bytes);
    expect(loadApkeyModule(async () => { throw new Error('not called'); })).toBe(a);
  } finally {
    err.mockRestore();
  }
});

test('postPerformance signs the exact body it sends with the held ticket, and forgets the ticket once stored', async () => {
  const { postPerformance } = await import('../../../src/net/api');
  const { holdRunTicket, runTicketSecret } = await import('../../../src/net/runTickets');
  await loadApkeyModule(async () => bytes); // the module is loaded (the browser fetches the built asset)
  const secret = crypto.randomBytes(32).toString('hex');
  const runId = crypto.randomBytes(16).toString('base64url');
  holdRunTicket({ run_id: runId, seed: 1, drill_id: 2033, expires_at: new Date(Date.now() + 60_000).toISOString(), secret });
  const sent: Array<{ body: string; headers: Record<string, string> }> = [];
  const fetchFn = async (_url: string, init?: RequestInit) => {
    sent.push({ body: String(init!.body), headers: init!.headers as Record<string, string> });
    const failed = sent.length === 1;
    return {
      ok: !failed, status: failed ? 503 : 201, statusText: failed ? 'Service Unavailable' : 'Created',
      text: async () => (failed ? '{"error":"busy"}' : '{"id":5}'),
    } as unknown as Response;
  };
  const submission = { gameData: { game_id: 2033, note: 'é' }, bulletData: [], run_id: runId } as never;
  await expect(postPerformance(fetchFn, submission)).rejects.toMatchObject({ status: 503 });
  expect(runTicketSecret(runId)).toBe(secret); // kept for the resend
  await expect(postPerformance(fetchFn, submission, 'k1')).resolves.toMatchObject({ id: 5 });
  for (const s of sent) {
    expect(s.headers.APKey).toBe(crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(s.body, 'utf8').digest('hex'));
  }
  expect(sent[1].headers['Idempotency-Key']).toBe('k1');
  expect(runTicketSecret(runId)).toBeNull(); // stored: forgotten
});
