/**
 * The submission outbox (issue 14 item 4): every finished run is written to localStorage (key
 * 'aim.outbox') with a crypto-random idempotency key BEFORE it is posted, and posted with that key
 * as the `Idempotency-Key` header until the server has stored it. The server answers the same key
 * from the same player with its first answer and stores nothing more
 * (src/server/idempotency.ts), so a retry, a second tab or a reload during the post never makes a
 * second row.
 *
 * - Retries: while the page is open, a run that could not be sent (network error, time-out after
 *   POST_TIMEOUT_MS, 408, 425, 429 or 5xx) is retried with capped exponential backoff and jitter
 *   (`backoffDelayMs`: 1 s, 2 s, 4 s ... up to 60 s, each x 0.5-1.0), at once when the browser goes
 *   back online, and at once on `retryNow` (the Retry button). Every page load retries what is left
 *   (`startOutbox`, src/main.tsx).
 * - Tabs: the posting itself runs under the Web Lock 'aim.outbox' (`navigator.locks`), and every
 *   entry is re-read from storage under the lock, so one run is posted by one tab; a tab whose run
 *   another tab sent finds the server's id in the entry (kept SENT_KEEP_MS) and posts nothing.
 *   Without Web Locks, a BroadcastChannel 'aim.outbox' announces the key being posted and other
 *   tabs leave it alone while the announcement lasts (CLAIM_MS); the idempotency key covers the
 *   rest.
 * - Never dropped silently: there is no cap on the number of entries. A run the server refuses
 *   for good (any other 4xx: 400, 404, 409, 413, 422 ...) stays in the outbox marked `failed` with
 *   the server's reason (`failedEntries`), is not posted again, and the caller of `submit` gets an
 *   OutboxRejectedError (the game shows the submit error); the game page lists such runs with
 *   their reason (src/ui/overlays/UnsentRunsNotice.tsx) and they leave only by `dismissFailed`. When
 *   localStorage is unavailable or full, the entry is kept in this page's memory and
 *   `isPersisted(key)` says false (the modal then asks to keep the page open).
 */
import type { PerformanceSubmission } from '../contracts/performance';
import { ApiRequestError, defaultFetch, postPerformance, type FetchFn, type PerformanceCreated } from './api';

/** localStorage key of the outbox. */
export const OUTBOX_KEY = 'aim.outbox';
/** Name of the Web Lock (and of the BroadcastChannel fallback) the tabs share. */
export const OUTBOX_LOCK = 'aim.outbox';
/** One post gives up (and counts as a transient failure) after this long, ms. */
export const POST_TIMEOUT_MS = 30_000;
/** First retry delay, ms (before jitter). */
export const BACKOFF_BASE_MS = 1000;
/** Largest retry delay, ms (before jitter). */
export const BACKOFF_CAP_MS = 60_000;
/** Window event sent when an entry failed for good or was dismissed (the unsent-runs notice
 * re-reads `failedEntries`). */
export const OUTBOX_CHANGED_EVENT = 'aim:outbox-changed';
/** A sent entry stays (without its submission) this long so other tabs see its id, ms. */
export const SENT_KEEP_MS = 10 * 60_000;
/** How long a BroadcastChannel claim on a key lasts (no Web Locks), ms. */
export const CLAIM_MS = POST_TIMEOUT_MS + 5000;

/** One run in the outbox. */
export interface OutboxEntry {
  /** the idempotency key (`newIdempotencyKey`) */
  key: string;
  createdAt: string;
  /** the run; removed once the server stored it */
  submission?: PerformanceSubmission;
  /** failed posts so far */
  attempts: number;
  /** epoch ms before which no retry is made */
  nextAttemptAt: number;
  /** the last transient failure, for the log */
  lastError?: string;
  /** set once stored: the server's performance id and when (epoch ms) */
  sentId?: number;
  sentAt?: number;
  /** set when the server refused the run for good (a 4xx other than 408 / 425 / 429) */
  failed?: { status: number; message: string; at: number };
}

/** The server refused a run for good; `status` is its HTTP status. */
export class OutboxRejectedError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'OutboxRejectedError';
  }
}

/** A post abandoned by `retryNow` (it is posted again at once). */
class RetryAbort extends Error {}

/** The part of `navigator.locks` the outbox uses. */
export interface LockManagerLike {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
}

/** The part of a BroadcastChannel the outbox uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (ev: { data: unknown }) => void): void;
}

/** What an Outbox talks to; every field has a browser default (see `browserOutboxDeps`). */
export interface OutboxDeps {
  storage: Storage | null;
  fetch: FetchFn;
  /** Web Locks; null = none (then `channel`, if any) */
  locks?: LockManagerLike | null;
  /** BroadcastChannel fallback; null = none */
  channel?: ChannelLike | null;
  /** epoch ms */
  now?: () => number;
  /** 0 <= x < 1, for the jitter */
  random?: () => number;
  /** `n` random bytes, for the keys */
  randomBytes?: (n: number) => Uint8Array;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** The browser's localStorage, or null where it is unavailable (privacy mode, Node). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** `crypto.getRandomValues` bytes (Math.random only where there is no Web Crypto). */
export function cryptoBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  const c = globalThis.crypto;
  if (c?.getRandomValues) return c.getRandomValues(out);
  for (let i = 0; i < n; i++) out[i] = Math.floor(Math.random() * 256);
  return out;
}

/** A new idempotency key: 128 random bits as 22 base64url characters (matches the server's
 * [A-Za-z0-9_-]{8,128}). */
export function newIdempotencyKey(randomBytes: (n: number) => Uint8Array = cryptoBytes): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const b = randomBytes(16);
  let s = '';
  let acc = 0, bits = 0;
  for (let i = 0; i < b.length; i++) {
    acc = (acc << 8) | b[i];
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      s += abc[(acc >>> bits) & 63];
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) s += abc[(acc << (6 - bits)) & 63];
  return s;
}

/** Delay before retry number `attempt` (1 = after the first failure), ms:
 * min(BACKOFF_CAP_MS, BACKOFF_BASE_MS x 2^(attempt-1)) x (0.5 + 0.5 x random) ("equal jitter":
 * never less than half the step, so retries do not bunch up at 0). */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return step * (0.5 + 0.5 * random());
}

/** True when a failed post may succeed later: network error or time-out (status 0), 408, 425,
 * 429, any 5xx, or a 2xx without an id. */
export function isTransientFailure(e: unknown): boolean {
  const status = e instanceof ApiRequestError ? e.status : 0;
  return status === 0 || status === 408 || status === 425 || status === 429 || status >= 500 || (status >= 200 && status < 300);
}

const isEntry = (e: unknown): e is OutboxEntry =>
  !!e && typeof (e as OutboxEntry).key === 'string' && ((e as OutboxEntry).submission !== undefined || typeof (e as OutboxEntry).sentId === 'number' || !!(e as OutboxEntry).failed);

/** Reads the outbox from `storage`; a missing or corrupt value reads as empty. Entries of the
 * older format (`{ key, createdAt, submission }`) read as pending with 0 attempts. */
export function readOutbox(storage: Storage | null = browserStorage()): OutboxEntry[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(OUTBOX_KEY);
    if (!raw) return [];
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isEntry).map((e) => ({ ...e, attempts: Number(e.attempts) || 0, nextAttemptAt: Number(e.nextAttemptAt) || 0 }));
  } catch {
    return [];
  }
}

/**
 * The outbox of one page. Use `outboxFor` for the page's shared instance; tests make their own
 * with fakes.
 */
export class Outbox {
  private readonly d: Required<OutboxDeps>;
  /** entries that could not be written to storage (kept for this page only) */
  private readonly memory = new Map<string, OutboxEntry>();
  /** keys another tab announced it is posting (BroadcastChannel fallback): key -> until */
  private readonly claims = new Map<string, number>();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private timer: unknown = null;
  private inFlight: AbortController | null = null;
  private wakers: Array<() => void> = [];
  /** the server's answers to the posts this page made, by key (the stored run's summary, for
   * the page waiting on it: a host's drill-complete carries it) */
  private answers = new Map<string, PerformanceCreated>();
  private readonly tabId: string;

  constructor(deps: OutboxDeps) {
    this.d = {
      locks: null, channel: null, now: () => Date.now(), random: Math.random, randomBytes: cryptoBytes,
      setTimer: (fn, ms) => setTimeout(fn, ms), clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      ...deps,
    } as Required<OutboxDeps>;
    this.tabId = newIdempotencyKey(this.d.randomBytes);
    this.d.channel?.addEventListener('message', (ev) => {
      const m = ev.data as { type?: string; key?: string; until?: number; tab?: string } | null;
      if (!m || typeof m.key !== 'string' || m.tab === this.tabId) return;
      if (m.type === 'claim' && typeof m.until === 'number') this.claims.set(m.key, m.until);
      else if (m.type === 'release') {
        this.claims.delete(m.key);
        this.wake();
      }
    });
  }

  /** Every entry: storage first, then the ones only this page holds. */
  entries(): OutboxEntry[] {
    const stored = readOutbox(this.d.storage);
    const keys = new Set(stored.map((e) => e.key));
    return [...stored, ...[...this.memory.values()].filter((e) => !keys.has(e.key))];
  }

  /** The entry `key`, or undefined. */
  entry(key: string): OutboxEntry | undefined {
    return this.entries().find((e) => e.key === key);
  }

  /** True when entry `key` is in localStorage (it survives a reload). */
  isPersisted(key: string): boolean {
    return readOutbox(this.d.storage).some((e) => e.key === key);
  }

  /** Entries the server refused for good, with their reason. */
  failedEntries(): OutboxEntry[] {
    return this.entries().filter((e) => !!e.failed);
  }

  /** Removes a refused entry (after the player saw it). */
  dismissFailed(key: string): void {
    this.update(key, (e) => (e.failed ? null : e));
    notifyChanged();
  }

  /** Applies `fn` to entry `key` (null removes it) with a fresh read-modify-write, so entries
   * other tabs added meanwhile are kept. */
  private update(key: string, fn: (e: OutboxEntry) => OutboxEntry | null): void {
    const stored = readOutbox(this.d.storage);
    const i = stored.findIndex((e) => e.key === key);
    if (i >= 0) {
      const next = fn(stored[i]);
      if (next) stored[i] = next;
      else stored.splice(i, 1);
      if (!this.write(stored)) {
        // storage refused the write: keep this entry in memory
        if (next) this.memory.set(key, next);
      }
      return;
    }
    const mem = this.memory.get(key);
    if (mem) {
      const next = fn(mem);
      if (next) this.memory.set(key, next);
      else this.memory.delete(key);
    }
  }

  private write(entries: OutboxEntry[]): boolean {
    const s = this.d.storage;
    if (!s) return false;
    try {
      if (entries.length === 0) s.removeItem(OUTBOX_KEY);
      else s.setItem(OUTBOX_KEY, JSON.stringify(entries));
      return true;
    } catch (e) {
      console.warn('Could not write the submission outbox', e);
      return false;
    }
  }

  /** Adds a run (pending, due now); returns its new idempotency key. */
  add(submission: PerformanceSubmission): string {
    const key = newIdempotencyKey(this.d.randomBytes);
    const entry: OutboxEntry = { key, createdAt: new Date(this.d.now()).toISOString(), submission, attempts: 0, nextAttemptAt: 0 };
    const stored = readOutbox(this.d.storage);
    stored.push(entry);
    if (!this.write(stored)) this.memory.set(key, entry);
    return key;
  }

  /**
   * Adds `submission` and sends it (see the module comment). `result` resolves with the server's
   * answer once the run is stored (by this tab or another), and rejects with
   * OutboxRejectedError when the server refuses it for good; transient failures are retried
   * while the page is open, never rejected.
   */
  submit(submission: PerformanceSubmission): { key: string; result: Promise<PerformanceCreated> } {
    const key = this.add(submission);
    return { key, result: this.waitStored(key, submission) };
  }

  private async waitStored(key: string, submission: PerformanceSubmission): Promise<PerformanceCreated> {
    for (;;) {
      await this.flush();
      const e = this.entry(key);
      if (!e) {
        // gone (another page pruned it, or storage was cleared): send it again, same key
        const created = await this.post({ key, createdAt: '', submission, attempts: 0, nextAttemptAt: 0 });
        return created;
      }
      if (typeof e.sentId === 'number') {
        const answer = this.answers.get(key);
        this.answers.delete(key);
        return answer ?? { id: e.sentId };
      }
      if (e.failed) throw new OutboxRejectedError(e.failed.status, e.failed.message);
      await this.sleepUntil(e.nextAttemptAt);
    }
  }

  /** Resolves at epoch ms `at`, or earlier on `wake` (Retry, back online, a tab's release). */
  private sleepUntil(at: number): Promise<void> {
    return new Promise((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        this.d.clearTimer(handle);
        this.wakers = this.wakers.filter((w) => w !== finish);
        resolve();
      };
      const handle = this.d.setTimer(finish, Math.max(0, at - this.d.now()));
      this.wakers.push(finish);
    });
  }

  private wake(): void {
    for (const w of [...this.wakers]) w();
  }

  /** Retry now: every pending entry becomes due, a post in flight is abandoned (the same key
   * is posted again, so the server still stores the run once), and waiting senders wake. */
  retryNow(): Promise<void> {
    for (const e of this.entries()) {
      if (e.submission && !e.failed && e.sentId === undefined) this.update(e.key, (x) => ({ ...x, nextAttemptAt: 0 }));
    }
    this.inFlight?.abort();
    this.wake();
    return this.flush();
  }

  /** Sends every due entry once (under the cross-tab lock); concurrent calls share the work. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.flushAgain = false;
        await this.withLock(() => this.flushOnce());
      } while (this.flushAgain);
    })().finally(() => {
      this.flushing = null;
      this.schedule();
    });
    return this.flushing;
  }

  private async withLock(fn: () => Promise<void>): Promise<void> {
    if (this.d.locks) {
      await this.d.locks.request(OUTBOX_LOCK, fn);
      return;
    }
    await fn();
  }

  private async flushOnce(): Promise<void> {
    const now = this.d.now();
    // forget sent entries after SENT_KEEP_MS
    for (const e of this.entries()) {
      if (typeof e.sentAt === 'number' && now - e.sentAt > SENT_KEEP_MS) this.update(e.key, () => null);
    }
    for (const snapshot of this.entries()) {
      // re-read under the lock: another tab may have sent it meanwhile
      const e = this.entry(snapshot.key);
      if (!e || !e.submission || e.failed || e.sentId !== undefined) continue;
      if (e.nextAttemptAt > this.d.now()) continue;
      const claim = this.claims.get(e.key);
      if (claim !== undefined && claim > this.d.now()) continue;
      this.d.channel?.postMessage({ type: 'claim', key: e.key, until: this.d.now() + CLAIM_MS, tab: this.tabId });
      try {
        const created = await this.post(e);
        this.answers.set(e.key, created);
        this.update(e.key, (x) => ({ key: x.key, createdAt: x.createdAt, attempts: x.attempts, nextAttemptAt: 0, sentId: created.id, sentAt: this.d.now() }));
      } catch (err) {
        if (err instanceof RetryAbort) {
          // Retry pressed during the post: post again at once (flushAgain), not counted
        } else if (isTransientFailure(err)) {
          const attempts = e.attempts + 1;
          const message = err instanceof Error ? err.message : String(err);
          console.warn(`Could not send a stored run (attempt ${attempts}); it will be retried`, err);
          this.update(e.key, (x) => ({ ...x, attempts, lastError: message, nextAttemptAt: this.d.now() + backoffDelayMs(attempts, this.d.random) }));
        } else {
          const status = err instanceof ApiRequestError ? err.status : 0;
          const message = err instanceof ApiRequestError ? (err.serverMessage ?? err.message) : String(err);
          console.error('The server refused a stored run; it is kept as failed', err);
          this.update(e.key, (x) => ({ ...x, failed: { status, message, at: this.d.now() } }));
          notifyChanged();
        }
      } finally {
        this.d.channel?.postMessage({ type: 'release', key: e.key, tab: this.tabId });
      }
    }
  }

  /** One post of `e` with its key, abandoned after POST_TIMEOUT_MS (a transient failure) or on
   * `retryNow` (RetryAbort). */
  private async post(e: OutboxEntry): Promise<PerformanceCreated> {
    const ctrl = typeof AbortController === 'undefined' ? null : new AbortController();
    this.inFlight = ctrl;
    let timedOut = false;
    const timer = this.d.setTimer(() => {
      timedOut = true;
      ctrl?.abort();
    }, POST_TIMEOUT_MS);
    try {
      return await postPerformance(this.d.fetch, e.submission!, e.key, ctrl?.signal);
    } catch (err) {
      if (ctrl?.signal.aborted && !timedOut) throw new RetryAbort();
      throw err;
    } finally {
      this.d.clearTimer(timer);
      if (this.inFlight === ctrl) this.inFlight = null;
    }
  }

  /** Arms the timer for the earliest pending retry (nothing when none is pending). */
  private schedule(): void {
    if (this.timer !== null) this.d.clearTimer(this.timer);
    this.timer = null;
    let next = Infinity;
    for (const e of this.entries()) {
      if (e.submission && !e.failed && e.sentId === undefined) next = Math.min(next, e.nextAttemptAt);
    }
    if (next === Infinity) return;
    this.timer = this.d.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, Math.max(0, next - this.d.now()));
  }

  /** Stops the retry timer (tests, page teardown). */
  stop(): void {
    if (this.timer !== null) this.d.clearTimer(this.timer);
    this.timer = null;
    this.inFlight?.abort();
    this.wake();
  }
}

function notifyChanged(): void {
  if (typeof window === 'undefined' || typeof window.dispatchEvent !== 'function' || typeof CustomEvent === 'undefined') return;
  window.dispatchEvent(new CustomEvent(OUTBOX_CHANGED_EVENT));
}

/** The browser's Web Locks and BroadcastChannel, where they exist. */
export function browserOutboxDeps(): Pick<OutboxDeps, 'locks' | 'channel'> {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManagerLike });
  const locks = nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
  let channel: ChannelLike | null = null;
  if (!locks && typeof BroadcastChannel !== 'undefined') {
    try {
      channel = new BroadcastChannel(OUTBOX_LOCK);
      // Node (tests, tools) has BroadcastChannel too: it must not keep the process alive
      (channel as unknown as { unref?: () => void }).unref?.();
    } catch {
      channel = null;
    }
  }
  return { locks, channel };
}

const shared = new WeakMap<object, Map<FetchFn, Outbox>>();
const NO_STORAGE = {};

/** The page's Outbox for `storage` and `fetchFn` (one per pair, with the browser's locks); it
 * retries on the browser's 'online' event. */
export function outboxFor(fetchFn: FetchFn = defaultFetch, storage: Storage | null = browserStorage()): Outbox {
  const k = storage ?? NO_STORAGE;
  let byFetch = shared.get(k);
  if (!byFetch) {
    byFetch = new Map();
    shared.set(k, byFetch);
  }
  let box = byFetch.get(fetchFn);
  if (!box) {
    box = new Outbox({ storage, fetch: fetchFn, ...browserOutboxDeps() });
    byFetch.set(fetchFn, box);
    const b = box;
    if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
      window.addEventListener('online', () => void b.retryNow());
    }
  }
  return box;
}

/** Page load (src/main.tsx): sends what earlier pages left in the outbox, and keeps retrying. */
export function startOutbox(fetchFn: FetchFn = defaultFetch, storage: Storage | null = browserStorage()): Promise<void> {
  return outboxFor(fetchFn, storage).flush();
}
