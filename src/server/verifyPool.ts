/**
 * Re-simulation off the event loop (issue 14): a piscina worker-thread pool runs
 * `verifyReplay` (src/server/replayTask.ts) with a time budget per task. The request waits for
 * the verdict; the main thread only hands over the request's bytes.
 *
 * - threads: `os.availableParallelism() - 1` (at least 1, at most 8): one core stays with the
 *   event loop; started when a run ticket is issued (`warm`: a submission follows within the
 *   drill's duration; starting a worker with tsx takes about a second), an idle worker ends
 *   after 5 minutes;
 * - queue: at most `threads x 8` waiting tasks; beyond that `verify` throws VerifyPoolBusyError
 *   (the route answers 503, the ticket stays unused so the client may send again);
 * - budget: VERIFY_BUDGET_MS from hand-over to verdict (queue wait included); past it the task
 *   is aborted (piscina terminates that worker and starts another) and the verdict is
 *   unverified (null, reason 'timed out'), so the run is stored unranked.
 */
import os from 'node:os';
import path from 'node:path';
import Piscina from 'piscina';
import type { ReplayVerification } from './replay';
import type { VerifyTask } from './replayTask';

/** Default time budget of one re-simulation, ms (a 60 s run at 1 kHz takes tens of ms; a
 * 400k-event replay a few hundred). */
export const VERIFY_BUDGET_MS = 10_000;

/** One re-simulation to run: the stored drill and the submission (see VerifyTask). */
export type VerifyJob = Omit<VerifyTask, 'warm' | 'drill'> & { drill: NonNullable<VerifyTask['drill']> };

/** Thrown by `verify` when the pool's queue is full. */
export class VerifyPoolBusyError extends Error {
  constructor() {
    super('The server is busy verifying other runs; please send it again shortly.');
  }
}

/** Options of `createVerifyPool`. */
export interface VerifyPoolOptions {
  /** worker threads (default: CPU count - 1, 1..8) */
  threads?: number;
  /** most waiting tasks (default threads x 8) */
  maxQueue?: number;
  /** time budget per task, ms (default VERIFY_BUDGET_MS) */
  budgetMs?: number;
  /** the worker entry (default `src/server/replayWorker.mjs` under the working directory) */
  workerFile?: string;
}

/** The re-simulation pool of one server. */
export interface VerifyPool {
  /** Re-simulates `task` in a worker; resolves with its verdict (a timed-out or crashed task
   * gives verified null). A copy of `task.body` is transferred to the worker.
   * Throws VerifyPoolBusyError when the queue is full. */
  verify(task: VerifyJob): Promise<ReplayVerification>;
  /** starts a worker when none is running (no-op task), so the next `verify` does not wait
   * for one; never throws */
  warm(): void;
  /** threads / queue bounds in use */
  readonly threads: number;
  readonly maxQueue: number;
  /** ends the workers */
  close(): Promise<void>;
}

function unverified(reason: string, simMs: number): ReplayVerification {
  return {
    verified: null, reason, mismatches: {}, hashesCompared: 0, hashesEqual: 0, firstHashMismatch: -1,
    finalHashEqual: null, ticks: 0, simMs,
  };
}

/** Creates the pool (workers start on the first task). */
export function createVerifyPool(opts: VerifyPoolOptions = {}): VerifyPool {
  const threads = opts.threads ?? Math.max(1, Math.min(8, os.availableParallelism() - 1));
  const maxQueue = opts.maxQueue ?? threads * 8;
  const budgetMs = opts.budgetMs ?? VERIFY_BUDGET_MS;
  const filename = opts.workerFile ?? path.resolve(process.cwd(), 'src/server/replayWorker.mjs');
  const pool = new Piscina<VerifyTask, ReplayVerification | null>({
    filename,
    minThreads: 0,
    maxThreads: threads,
    maxQueue,
    idleTimeout: 300_000,
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  return {
    threads,
    maxQueue,
    async verify(task) {
      const t0 = performance.now();
      // a copy of its own (a Buffer may be a view of a shared pool): that one is transferred
      const body = task.body ? new Uint8Array(task.body) : undefined;
      const transferList = body ? [body.buffer as ArrayBuffer] : undefined;
      try {
        const v = await pool.run({ ...task, body }, { signal: AbortSignal.timeout(budgetMs), transferList });
        if (!v) throw new Error('no verdict');
        return v;
      } catch (e) {
        const err = e as Error;
        if (err?.name === 'AbortError') return unverified(`timed out: re-simulation exceeded ${budgetMs} ms`, performance.now() - t0);
        if (err?.message === 'Task queue is at limit') throw new VerifyPoolBusyError();
        return unverified(`re-simulation failed: ${err?.message ?? String(e)}`, performance.now() - t0);
      }
    },
    warm() {
      if (pool.threads.length === 0 && pool.queueSize === 0) pool.run({ warm: true }).catch(() => undefined);
    },
    close: () => pool.destroy(),
  };
}
