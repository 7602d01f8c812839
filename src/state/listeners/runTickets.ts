/**
 * The run ticket of the round being played (issue 14: its run id names the submission, its seed
 * is the engine's) as the listeners hold it: set by the load (loadDrill.ts), renewed by a
 * restart in place (restart.ts) or before a round whose held ticket would expire too soon
 * (roundStart.ts); the round waits for a renewal's seed (`seedReady`).
 */
import { requestRunTicket } from '../../net/api';
import { holdRunTicket, type RunTicket } from '../../net/runTickets';
import type { AppEnv } from '../env';
import type { getController } from '../gameHolder';

/** A restart in place waits this long for its run ticket (ms) before the round starts on a local
 * seed (stored unranked), so a slow server never holds the countdown up for long. */
export const RESTART_TICKET_WAIT_MS = 3000;

/** A round's result must reach the server this long (ms) after its last tick, at the latest. */
export const TICKET_SUBMIT_MARGIN_MS = 5 * 60_000;

/** Whether a run ticket expiring at `expiresAt` (ISO time) would expire before a round of
 * `durationMs` started at `nowMs` (ms since the epoch) is over and submitted, with
 * TICKET_SUBMIT_MARGIN_MS to spare. An unreadable time counts as expiring. */
export function ticketExpiresTooSoon(expiresAt: string, durationMs: number, nowMs: number): boolean {
  const at = Date.parse(expiresAt);
  return !(at - nowMs > durationMs + TICKET_SUBMIT_MARGIN_MS);
}

/** `p`, or a rejection after `ms` ms. */
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then((v) => { clearTimeout(timer); resolve(v); }, (e: unknown) => { clearTimeout(timer); reject(e); });
  });
}

/** The run ticket state of one store's listeners. */
export class TicketHolder {
  /** the run ticket of the round being played (its run id names the submission); replaced by a
   * restart in place */
  current: RunTicket | null = null;
  /** set while a new run ticket is on its way (renew) until its seed is in the controller:
   * the round does not start before it settles */
  seedReady: Promise<void> | null = null;

  /** Asks for a new run ticket for drill `id` (a restart in place, or a held ticket that would
   * expire before the round could be submitted); the controller gets its seed when it arrives,
   * or a local seed (the run is then stored unranked) when none comes within
   * RESTART_TICKET_WAIT_MS. The round waits for it (`seedReady`). */
  renew(extra: AppEnv, controller: NonNullable<ReturnType<typeof getController>>, id: number): void {
    this.current = null;
    const ready = withTimeout(requestRunTicket(extra.fetch, id), RESTART_TICKET_WAIT_MS).then(
      (t) => {
        holdRunTicket(t);
        return t.drill_id === id ? t : null;
      },
      (e: unknown) => {
        console.warn('No run ticket: this run plays with a local seed and is stored unranked', e);
        return null;
      },
    ).then((t) => {
      this.current = t;
      controller.setSeed(t ? t.seed >>> 0 : extra.randomSeed());
    });
    this.seedReady = ready;
    void ready.finally(() => {
      if (this.seedReady === ready) this.seedReady = null;
    });
  }
}
