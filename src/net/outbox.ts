/**
 * The submission outbox: a run's submission is written to localStorage (key 'aim.outbox')
 * before it is posted and removed once the server has stored it, so no result is lost when
 * the post fails; the next page load sends what is left (`flushOutbox`).
 */
import type { PerformanceSubmission } from '../contracts/performance';
import { defaultFetch, postPerformance, type FetchFn } from './api';

/** localStorage key of the outbox. */
export const OUTBOX_KEY = 'aim.outbox';
/** At most this many unsent runs are kept (the oldest are dropped). */
export const OUTBOX_MAX = 20;

/** One unsent run. */
export interface OutboxEntry {
  key: string;
  createdAt: string;
  submission: PerformanceSubmission;
}

/** The browser's localStorage, or null where it is unavailable (privacy mode, Node). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads the outbox; a missing or corrupt value reads as empty. */
export function readOutbox(storage: Storage | null = browserStorage()): OutboxEntry[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(OUTBOX_KEY);
    if (!raw) return [];
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((e): e is OutboxEntry => !!e && typeof e.key === 'string' && !!e.submission)
      : [];
  } catch {
    return [];
  }
}

function writeOutbox(entries: OutboxEntry[], storage: Storage | null): void {
  if (!storage) return;
  try {
    if (entries.length === 0) storage.removeItem(OUTBOX_KEY);
    else storage.setItem(OUTBOX_KEY, JSON.stringify(entries.slice(-OUTBOX_MAX)));
  } catch (e) {
    console.warn('Could not write the submission outbox', e);
  }
}

/** Adds a submission to the outbox; returns its key. */
export function addToOutbox(submission: PerformanceSubmission, storage: Storage | null = browserStorage()): string {
  const key = `${Date.now().toString(36)}-${Math.floor(Math.random() * 0x7fffffff).toString(36)}`;
  writeOutbox([...readOutbox(storage), { key, createdAt: new Date().toISOString(), submission }], storage);
  return key;
}

/** Removes the entry `key` from the outbox. */
export function removeFromOutbox(key: string, storage: Storage | null = browserStorage()): void {
  writeOutbox(readOutbox(storage).filter((e) => e.key !== key), storage);
}

let flushing: Promise<number> | null = null;

/** Posts every unsent run, removing each one the server accepts (a 400, 413 or 422 means the
 * server will never take it: it is dropped too). Resolves with the number sent.
 * Concurrent calls share one flush. */
export function flushOutbox(fetchFn: FetchFn = defaultFetch, storage: Storage | null = browserStorage()): Promise<number> {
  if (flushing) return flushing;
  flushing = (async () => {
    let sent = 0;
    for (const entry of readOutbox(storage)) {
      try {
        await postPerformance(fetchFn, entry.submission);
        removeFromOutbox(entry.key, storage);
        sent++;
      } catch (e) {
        const status = (e as { status?: number }).status ?? 0;
        if (status === 400 || status === 413 || status === 422) {
          console.warn('Dropping a stored run the server rejected', e);
          removeFromOutbox(entry.key, storage);
        } else {
          console.warn('Could not send a stored run; will retry on the next load', e);
        }
      }
    }
    return sent;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
