/**
 * The submission outbox (src/net/outbox.ts, issue 14 item 4) with fakes: keys, the backoff
 * schedule, retries while the page is open, the cross-tab lock (Web Locks and the
 * BroadcastChannel fallback), Retry during a hung post, and never dropping a run.
 */
import fc from 'fast-check';
import {
  BACKOFF_CAP_MS, OUTBOX_KEY, Outbox, OutboxRejectedError, POST_TIMEOUT_MS, SENT_KEEP_MS, backoffDelayMs, newIdempotencyKey,
  readOutbox, type ChannelLike, type LockManagerLike, type OutboxDeps,
} from '../../../src/net/outbox';
import type { FetchFn } from '../../../src/net/api';
import { finishedRun, jsonResponse, memoryStorage, settle } from './fakes';

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** A fake server: answers per call with `answer(n, key)`; records keys and call times. */
function fakeServer(answer: (n: number, key: string | undefined, init?: RequestInit) => Response | Promise<Response>) {
  const posts: Array<{ key: string | undefined; at: number; gameId: number }> = [];
  const fetch: FetchFn = jest.fn(async (_url: string, init?: RequestInit) => {
    const key = (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
    posts.push({ key, at: Date.now(), gameId: JSON.parse(String(init?.body)).gameData.game_id });
    return answer(posts.length, key, init);
  });
  return { fetch, posts };
}

const box = (deps: Partial<OutboxDeps> & Pick<OutboxDeps, 'fetch'>) =>
  new Outbox({ storage: memoryStorage(), random: () => 0, ...deps });

/** Runs timers and promises until `p` settles (bounded). */
async function run<T>(p: Promise<T>, maxMs = 10 * 60_000): Promise<T> {
  let done = false;
  p.then(() => { done = true; }, () => { done = true; });
  for (let t = 0; t < maxMs && !done; t += 250) {
    await jest.advanceTimersByTimeAsync(250);
    await settle(2);
  }
  return p;
}

describe('keys', () => {
  test('22 base64url characters from 16 crypto bytes, valid for the server, distinct', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(2000);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newIdempotencyKey(() => new Uint8Array(16))).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(newIdempotencyKey(() => new Uint8Array(16).fill(255))).toBe('_____________________w');
  });
});

describe('backoff schedule', () => {
  test('doubling from 1 s, capped at 60 s, equal jitter (half to all of the step)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => backoffDelayMs(n, () => 0))).toEqual(
      [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000],
    );
    expect(backoffDelayMs(1, () => 0.999999)).toBeCloseTo(1000, 0);
    fc.assert(fc.property(fc.integer({ min: 1, max: 100 }), fc.double({ min: 0, max: 0.9999999, noNaN: true }), (n, r) => {
      const step = Math.min(BACKOFF_CAP_MS, 1000 * 2 ** (n - 1));
      const d = backoffDelayMs(n, () => r);
      return d >= step / 2 && d <= step;
    }));
  });

  test('a run that cannot be sent is retried on that schedule while the page is open, then stored', async () => {
    let down = 4;
    const { fetch, posts } = fakeServer(() => {
      if (down-- > 0) return down % 2 ? jsonResponse({ error: 'down' }, 503) : Promise.reject(new TypeError('Failed to fetch'));
      return jsonResponse({ id: 5 }, 201);
    });
    const outbox = box({ fetch });
    const t0 = Date.now();
    const { key, result } = outbox.submit(finishedRun().submission);
    await expect(run(result)).resolves.toMatchObject({ id: 5 });
    expect(posts.map((p) => p.at - t0)).toEqual([0, 500, 1500, 3500, 7500]);
    expect(new Set(posts.map((p) => p.key))).toEqual(new Set([key]));
    expect(outbox.entry(key)).toMatchObject({ key, sentId: 5, attempts: 4 });
    expect(outbox.entry(key)!.submission).toBeUndefined();
    outbox.stop();
  });
});

test('every post carries the entry\'s key; a sent entry is kept SENT_KEEP_MS for other tabs, then forgotten', async () => {
  const { fetch, posts } = fakeServer(() => jsonResponse({ id: 9 }, 201));
  const storage = memoryStorage();
  const outbox = box({ fetch, storage });
  const { key, result } = outbox.submit(finishedRun().submission);
  await run(result);
  expect(posts).toEqual([{ key, at: expect.any(Number), gameId: 2033 }]);
  expect(readOutbox(storage)).toEqual([expect.objectContaining({ key, sentId: 9 })]);
  await jest.advanceTimersByTimeAsync(SENT_KEEP_MS + 1);
  await outbox.flush();
  expect(storage.getItem(OUTBOX_KEY)).toBeNull();
  expect(posts).toHaveLength(1);
});

describe('never dropped', () => {
  test('a 4xx refusal: the caller is told, the entry stays as failed with its reason, no more posts', async () => {
    const { fetch, posts } = fakeServer(() => jsonResponse({ error: 'gameData.hits cannot be greater than gameData.shots.' }, 400, 'Bad Request'));
    const outbox = box({ fetch });
    const { key, result } = outbox.submit(finishedRun().submission);
    const err = await run(result).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboxRejectedError);
    expect(err).toMatchObject({ status: 400, message: 'gameData.hits cannot be greater than gameData.shots.' });
    expect(outbox.failedEntries()).toEqual([expect.objectContaining({ key, failed: expect.objectContaining({ status: 400 }) })]);
    expect(outbox.entry(key)!.submission).toBeDefined();
    await outbox.retryNow();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(posts).toHaveLength(1);
    outbox.dismissFailed(key);
    expect(outbox.entries()).toEqual([]);
  });

  test('no cap: 50 unsent runs are all kept and all sent later', async () => {
    let up = false;
    const { fetch, posts } = fakeServer((n) => (up ? jsonResponse({ id: n }, 201) : jsonResponse({ error: 'down' }, 502)));
    const storage = memoryStorage();
    const outbox = box({ fetch, storage });
    for (let i = 0; i < 50; i++) outbox.add(finishedRun(1000 + i).submission);
    await outbox.flush();
    expect(readOutbox(storage)).toHaveLength(50);
    up = true;
    await outbox.retryNow();
    expect(readOutbox(storage).filter((e) => e.sentId !== undefined)).toHaveLength(50);
    expect(new Set(posts.slice(50).map((p) => p.gameId)).size).toBe(50);
    outbox.stop();
  });

  test('storage full: the run is kept in the page, isPersisted says so, and it is still sent', async () => {
    const storage = memoryStorage();
    storage.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
    const { fetch } = fakeServer(() => jsonResponse({ id: 3 }, 201));
    const outbox = box({ fetch, storage });
    const { key, result } = outbox.submit(finishedRun().submission);
    expect(outbox.isPersisted(key)).toBe(false);
    await expect(run(result)).resolves.toMatchObject({ id: 3 });
  });

  test('entries of the older format (no attempts) are read and sent', async () => {
    const storage = memoryStorage();
    storage.setItem(OUTBOX_KEY, JSON.stringify([{ key: 'old-1', createdAt: 'x', submission: finishedRun().submission }]));
    const { fetch, posts } = fakeServer(() => jsonResponse({ id: 1 }, 201));
    await box({ fetch, storage }).flush();
    expect(posts.map((p) => p.key)).toEqual(['old-1']);
  });
});

/** A Web Locks fake: one exclusive lock per name, FIFO, shared by the "tabs" given it. */
function fakeLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, cb) {
      const prev = tails.get(name) ?? Promise.resolve();
      const next = prev.then(() => cb());
      tails.set(name, next.catch(() => undefined));
      return next;
    },
  };
}

/** BroadcastChannel fakes connected to each other (delivery on the next microtask turn). */
function fakeChannels(n: number): ChannelLike[] {
  const listeners: Array<Array<(ev: { data: unknown }) => void>> = Array.from({ length: n }, () => []);
  return listeners.map((_l, i) => ({
    postMessage: (data: unknown) => listeners.forEach((ls, j) => { if (j !== i) ls.forEach((f) => f({ data })); }),
    addEventListener: (_t: 'message', f: (ev: { data: unknown }) => void) => void listeners[i].push(f),
  }));
}

describe('tabs', () => {
  test.each([
    ['Web Locks', () => { const l = fakeLocks(); return [{ locks: l }, { locks: l }]; }],
    ['BroadcastChannel fallback', () => { const [a, b] = fakeChannels(2); return [{ channel: a }, { channel: b }]; }],
  ])('%s: two tabs on one pending run post it once; the owner learns its id without posting', async (_name, make) => {
    const [da, db] = make();
    const storage = memoryStorage();
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const { fetch, posts } = fakeServer(async (n) => {
      await gate; // the first post hangs until released
      return jsonResponse({ id: 40 + n }, 201);
    });
    const tabA = new Outbox({ storage, fetch, random: () => 0, ...da });
    const tabB = new Outbox({ storage, fetch, random: () => 0, ...db });
    // tab B already runs (a page load flushing), tab A finishes a run and submits it
    const { key } = { key: tabB.add(finishedRun().submission) };
    const flushB = tabB.flush();
    await settle();
    const flushA = tabA.flush();
    await settle();
    expect(posts).toHaveLength(1);
    release();
    await Promise.all([flushA, flushB]);
    expect(posts).toEqual([expect.objectContaining({ key })]);
    expect(tabA.entry(key)).toMatchObject({ sentId: 41 });
  });

  test('Web Locks: the owner waiting for its run gets the id another tab stored, with one post', async () => {
    const locks = fakeLocks();
    const storage = memoryStorage();
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const { fetch, posts } = fakeServer(async () => { await gate; return jsonResponse({ id: 7 }, 201); });
    const tabA = new Outbox({ storage, fetch, random: () => 0, locks });
    const tabB = new Outbox({ storage, fetch, random: () => 0, locks });
    const hold = tabB.flush(); // B holds the lock (nothing to send yet)... then A's run appears
    await hold;
    const { result } = tabA.submit(finishedRun().submission);
    const bFlush = tabB.flush(); // B takes A's run? only one of them posts it
    await settle();
    release();
    await expect(run(result)).resolves.toMatchObject({ id: 7 });
    await bFlush;
    expect(posts).toHaveLength(1);
  });
});

test('Retry during a hung post abandons it and posts again at once with the same key', async () => {
  const { fetch, posts } = fakeServer((n, _key, init) => {
    if (n === 1) {
      return new Promise<Response>((_res, rej) => init?.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError'))));
    }
    return jsonResponse({ id: 12 }, 201);
  });
  const outbox = box({ fetch });
  const { key, result } = outbox.submit(finishedRun().submission);
  await settle();
  expect(posts).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(5000); // the server does not answer
  expect(posts).toHaveLength(1);
  void outbox.retryNow();
  await expect(run(result, 2000)).resolves.toMatchObject({ id: 12 });
  expect(posts.map((p) => p.key)).toEqual([key, key]);
  expect(posts[1].at - posts[0].at).toBe(5000);
});

test('a post the server never answers times out after POST_TIMEOUT_MS and is retried', async () => {
  const { fetch, posts } = fakeServer((n, _key, init) => {
    if (n === 1) {
      return new Promise<Response>((_res, rej) => init?.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError'))));
    }
    return jsonResponse({ id: 13 }, 201);
  });
  const outbox = box({ fetch });
  const { result } = outbox.submit(finishedRun().submission);
  await expect(run(result)).resolves.toMatchObject({ id: 13 });
  expect(posts[1].at - posts[0].at).toBe(POST_TIMEOUT_MS + backoffDelayMs(1, () => 0));
});
