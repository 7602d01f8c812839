/**
 * The task a re-simulation worker runs (src/server/verifyPool.ts; loaded through
 * replayWorker.mjs, which registers tsx in the worker thread): `verifyReplay` on one submission.
 * The submission comes either as its exact request body bytes (`body`, transferred, not
 * cloned: parsing and cloning a large replay would otherwise cost the main thread) or as
 * already parsed `gameData` + `replay`.
 *
 * The time budget (`budgetMs`, issue 38 item 4) starts when this task starts in the worker: the
 * wait in the pool's queue and the worker's start-up (loading tsx, about a second) do not count;
 * the body's parsing, the log's decoding, the re-simulation do (src/server/replay.ts
 * `verifyReplay` `deadlineMs`).
 */
import type { GameData, ReplayData } from '../contracts/performance';
import type { StoredDrill } from './drills';
import { verifyReplay, type ReplayVerification } from './replay';
import { stripBomText } from './bom';

/** One re-simulation: the stored drill and the submission (raw JSON body, or its parts). */
export interface VerifyTask {
  /** only start the worker (src/server/verifyPool.ts `warm`): the task returns null */
  warm?: true;
  drill?: StoredDrill;
  /** the request body (UTF-8 JSON `{ gameData, replay, ... }`); takes precedence */
  body?: Uint8Array;
  gameData?: GameData;
  replay?: ReplayData;
  /** time budget of this task in the worker, ms (default none); see the module comment */
  budgetMs?: number;
}

/** Runs `verifyReplay` for `task` (see VerifyTask). Never throws for bad replay content. */
export default function verifyTask(task: VerifyTask): ReplayVerification | null {
  if (task.warm) return null;
  const startMs = performance.now();
  let { gameData, replay } = task;
  if (task.body) {
    // a leading byte-order mark is no JSON error (issue 38; the route strips it already)
    const parsed = JSON.parse(stripBomText(Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength).toString('utf8'))) as {
      gameData: GameData; replay: ReplayData;
    };
    gameData = parsed.gameData;
    replay = parsed.replay;
  }
  if (!task.drill || !gameData || !replay) throw new TypeError('verifyTask: no drill / gameData / replay');
  const budgetMs = task.budgetMs;
  return verifyReplay(task.drill, gameData, replay, budgetMs === undefined ? {} : { deadlineMs: startMs + budgetMs, budgetMs });
}
