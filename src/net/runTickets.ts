/**
 * The run tickets this browser holds (issue 14): the server's answer to `POST /api/v1/runs`
 * (run id, seed, drill, expiry, secret). The submission names its ticket by `run_id`; the secret
 * stays here (localStorage key 'aim.runTickets', plus memory when storage is unavailable) so
 * that any later send of the same submission, from the outbox too, can sign it again.
 * A ticket is forgotten once its run is stored, and every expired one on the next write.
 */
import type { RunTicket } from '../contracts/runTicket';
import { browserStorage } from './outbox';

export type { RunTicket };

/** localStorage key of the held tickets: JSON `{ [run_id]: { secret, expires_at } }`. */
export const RUN_TICKETS_KEY = 'aim.runTickets';

type Held = Record<string, { secret: string; expires_at: string }>;

const memory: Held = {};

function read(storage: Storage | null): Held {
  const out: Held = { ...memory };
  if (!storage) return out;
  try {
    const parsed = JSON.parse(storage.getItem(RUN_TICKETS_KEY) ?? '{}') as unknown;
    if (parsed && typeof parsed === 'object') {
      for (const [id, v] of Object.entries(parsed as Record<string, unknown>)) {
        const t = v as { secret?: unknown; expires_at?: unknown };
        if (typeof t?.secret === 'string' && typeof t.expires_at === 'string') out[id] = { secret: t.secret, expires_at: t.expires_at };
      }
    }
  } catch {
    /* corrupt: ignored */
  }
  return out;
}

function write(held: Held, storage: Storage | null, now: number): void {
  for (const [id, t] of Object.entries(held)) if (!(Date.parse(t.expires_at) > now)) delete held[id];
  for (const id of Object.keys(memory)) if (!held[id]) delete memory[id];
  Object.assign(memory, held);
  if (!storage) return;
  try {
    if (Object.keys(held).length === 0) storage.removeItem(RUN_TICKETS_KEY);
    else storage.setItem(RUN_TICKETS_KEY, JSON.stringify(held));
  } catch (e) {
    console.warn('Could not keep the run ticket', e);
  }
}

/** Keeps `ticket`'s secret for signing its run's submission (expired tickets are dropped). */
export function holdRunTicket(ticket: RunTicket, storage: Storage | null = browserStorage(), now = Date.now()): void {
  const held = read(storage);
  held[ticket.run_id] = { secret: ticket.secret, expires_at: ticket.expires_at };
  write(held, storage, now);
}

/** The secret of the held ticket `runId`, or null (unknown, expired or forgotten). */
export function runTicketSecret(runId: string, storage: Storage | null = browserStorage(), now = Date.now()): string | null {
  const t = read(storage)[runId];
  return t && Date.parse(t.expires_at) > now ? t.secret : null;
}

/** Forgets the ticket `runId` (its run is stored). */
export function forgetRunTicket(runId: string, storage: Storage | null = browserStorage(), now = Date.now()): void {
  const held = read(storage);
  delete held[runId];
  delete memory[runId];
  write(held, storage, now);
}
