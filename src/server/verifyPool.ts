/**
 * Re-simulation off the event loop (issue 14): a piscina worker-thread pool runs
 * `verifyReplay` (src/server/replayTask.ts) with a time budget per task. The request waits for
 * the verdict; the main thread only hands over the request's bytes.
 *
 * - threads: `verifyThreadCount()` = `os.availableParallelism() - 1`, at least 1 (issue 38
 *   item 4: a thread per core less one): one core stays with the event loop; started when a run ticket is issued (`warm`: a submission follows within the
 *   drill's duration; starting a worker with tsx takes about a second), an idle worker ends
 *   after 5 minutes;
 * - queue: at most `threads x 8` waiting tasks; beyond that `verify` throws VerifyPoolBusyError
 *   (the route answers 503, the ticket stays unused so the client may send again);
 * - budget (issue 38 item 4): VERIFY_BUDGET_MS of the worker's own time on the task, counted
 *   from when the worker starts it (src/server/replayTask.ts): the queue wait and the worker's
 *   start-up do not count, so a busy server does not time runs out. Past it the re-simulation
 *   stops itself (src/server/replay.ts reads the clock every 64 ticks) and the verdict is
 *   unverified (null, reason 'timed out'), so the run is stored unranked. A worker stuck where
 *   it cannot look at the clock is aborted by a hard limit (`hardLimitMs`: the budget of every
 *   task that can be ahead of this one in its thread's queue, plus this one's, plus a minute
 *   for start-up); piscina then terminates that worker and starts another.
 * Replays from another engine version are judged before they get here (src/server/runRoutes.ts,
 * `engineVersionVerdict`): they take no worker.
 */
import os from 'node:os';
import path from 'node:path';
import Piscina from 'piscina';
import type { ReplayVerification } from './replay';
import type { VerifyTask } from './replayTask';

/** Default time budget of one re-simulation, ms of the worker's own time on the task (queue
 * wait and worker start-up not counted; a 60 s run at 1 kHz takes tens of ms; a 400k-event
 * replay a few hundred on an idle core). */
export const VERIFY_BUDGET_MS = 10_000;

/** One re-simulation to run: the stored drill and the submission (see VerifyTask). */
export type VerifyJob = Omit<VerifyTask, 'warm' | 'drill' | 'budgetMs'> & { drill: NonNullable<VerifyTask['drill']> };

/** Worker threads for a machine with `cores` logical cores (default `os.availableParallelism()`):
 * one per core less one (the event loop's), at least 1 (issue 38 item 4). */
export function verifyThreadCount(cores = os.availableParallelism()): number {
  return Math.max(1, Math.floor(cores) - 1);
}

/** Start-up allowance of the hard limit (see the module comment), ms. */
export const WORKER_STARTUP_ALLOWANCE_MS = 60_000;

/** The hard limit after which a task still unanswered is aborted, ms (module comment): the
 * budgets of the tasks that can queue ahead of it on one thread, its own, and the start-up
 * allowance. */
export function hardLimitMs(budgetMs: number, threads: number, maxQueue: number): number {
  return budgetMs * (Math.ceil(maxQueue / threads) + 1) + WORKER_STARTUP_ALLOWANCE_MS;
}

/** Thrown by `verify` when the pool's queue is full. */
export class VerifyPoolBusyError extends Error {
  constructor() {
    super('The server is busy verifying other runs; please send it again shortly.');
  }
}

/** Options of `createVerifyPool`. */
export interface VerifyPoolOptions {
  /** worker threads (default `verifyThreadCount()`: cores - 1, at least 1) */
  threads?: number;
  /** most waiting tasks (default threads x 8) */
  maxQueue?: number;
  /** time budget per task in the worker, ms (default VERIFY_BUDGET_MS; queue wait and worker
   * start-up not counted) */
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
  const threads = opts.threads ?? verifyThreadCount();
  const maxQueue = opts.maxQueue ?? threads * 8;
  const budgetMs = opts.budgetMs ?? VERIFY_BUDGET_MS;
  const hardMs = hardLimitMs(budgetMs, threads, maxQueue);
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
        const v = await pool.run({ ...task, body, budgetMs }, { signal: AbortSignal.timeout(hardMs), transferList });
        if (!v) throw new Error('no verdict');
        return v;
      } catch (e) {
        const err = e as Error;
        if (err?.name === 'AbortError') return unverified(`timed out: no verdict within ${hardMs} ms (hard limit)`, performance.now() - t0);
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
