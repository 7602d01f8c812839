/**
 * The chunk load time-out (spec section 8 / 10: ChunkLoadError after 120 s; issue 19 item 5):
 * src/net/chunkLoad.ts with fake timers.
 */
import { CHUNK_LOAD_TIMEOUT_MS, CHUNK_TIMEOUT_HOOK, ChunkLoadError, chunkLoadTimeoutMs, loadChunk } from '../../../src/net/chunkLoad';

afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as Record<string, unknown>)[CHUNK_TIMEOUT_HOOK];
});

const never = () => new Promise<never>(() => undefined);

/** Settles `p` into a readable state without awaiting it. */
function watch<T>(p: Promise<T>): { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } {
  const s: { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = { state: 'pending' };
  p.then((v) => { s.state = 'resolved'; s.value = v; }, (e: unknown) => { s.state = 'rejected'; s.error = e; });
  return s;
}

test('the time-out is 120 s (spec)', () => {
  expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  expect(chunkLoadTimeoutMs({})).toBe(120_000);
});

test('a chunk that never arrives rejects with ChunkLoadError at 120 000 ms, not at 119 999', async () => {
  jest.useFakeTimers();
  const s = watch(loadChunk('game', never));
  await jest.advanceTimersByTimeAsync(119_999);
  expect(s.state).toBe('pending');
  await jest.advanceTimersByTimeAsync(1);
  expect(s.state).toBe('rejected');
  const e = s.error as ChunkLoadError;
  expect(e).toBeInstanceOf(ChunkLoadError);
  expect(e.name).toBe('ChunkLoadError');
  expect(e.chunk).toBe('game');
  expect(e.timeoutMs).toBe(120_000);
  expect(e.timedOut).toBe(true);
  expect(e.message).toBe('Loading chunk game failed: no answer after 120 s');
});

test('a chunk arriving before the time-out resolves with its module', async () => {
  jest.useFakeTimers();
  const s = watch(loadChunk('menu', () => new Promise<{ x: number }>((r) => setTimeout(() => r({ x: 7 }), 119_999))));
  await jest.advanceTimersByTimeAsync(119_999);
  expect(s).toEqual({ state: 'resolved', value: { x: 7 } });
  await jest.advanceTimersByTimeAsync(10_000);
  expect(s.state).toBe('resolved');
});

test('a failed import is a ChunkLoadError with the cause, at once', async () => {
  const cause = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
  const err = await loadChunk('menu', () => Promise.reject(cause)).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ChunkLoadError);
  expect((err as ChunkLoadError).timedOut).toBe(false);
  expect((err as ChunkLoadError).cause).toBe(cause);
  expect((err as Error).message).toBe('Loading chunk menu failed: Failed to fetch dynamically imported module: /assets/x.js');
});

test('the test hook shortens the time-out; invalid values keep 120 s', async () => {
  for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, '2000', null]) {
    expect(chunkLoadTimeoutMs({ [CHUNK_TIMEOUT_HOOK]: bad })).toBe(120_000);
  }
  expect(chunkLoadTimeoutMs({ [CHUNK_TIMEOUT_HOOK]: 2000 })).toBe(2000);
  (globalThis as Record<string, unknown>)[CHUNK_TIMEOUT_HOOK] = 1500;
  jest.useFakeTimers();
  const s = watch(loadChunk('game', never));
  await jest.advanceTimersByTimeAsync(1499);
  expect(s.state).toBe('pending');
  await jest.advanceTimersByTimeAsync(1);
  expect((s.error as ChunkLoadError).message).toBe('Loading chunk game failed: no answer after 1.5 s');
});
