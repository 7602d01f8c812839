/**
 * A finished round's submission, as the game controller builds it (createGameController.ts):
 * the settings at the round's start and end, the despawn animation's length the engine used,
 * the frame statistics, then the submission built in slices (submission.ts
 * buildSubmissionSliced) and handed to `onFinished`. A restart, a new load or dispose before it
 * is done drops the result (`drop`).
 */
import { yieldToEventLoop } from '../contracts/slices';
import type { GameRuntime } from './gameRuntime';
import type { RoundStats } from './roundStats';
import type { FinishedRun } from './types';

export class RoundSubmission {
  /** bumped by each finish and by whatever drops a round (restart, load, dispose) */
  private finishBuild = 0;
  /** a finished round's submission is being built (GameController.finishing) */
  pending = false;
  /** the settings snapshot at the round's start (settings_start) */
  settingsStart: Record<string, unknown> | null = null;
  /** despawn animation length the round's engine uses, ms (pinned: part of the replay) */
  despawnMs = 0;

  constructor(private readonly rt: GameRuntime, private readonly stats: RoundStats) {}

  /** A submission still being built belongs to a dropped round. */
  drop(): void {
    this.finishBuild++;
    this.pending = false;
  }

  /** What buildSubmission needs of the round as it is now; null without a round. */
  private inputOf(rawInput: boolean | null) {
    const { rt } = this;
    const { engine, loadOpts, round, canvas } = rt;
    if (!engine || !loadOpts || !round) return null;
    // average frame rate over the round's running time (pauses excluded)
    const avgFps = this.stats.averageFps(loadOpts.drill.durationMs);
    return {
      engine,
      load: loadOpts,
      settings: rt.settings,
      viewportWidth: canvas.clientWidth || canvas.width,
      viewportHeight: canvas.clientHeight || canvas.height,
      frameRate: Math.round(avgFps * 100) / 100,
      settingsStart: this.settingsStart,
      settingsEnd: round.settingsSnapshot(loadOpts, rt.liveSettings()),
      despawnAnimationMs: this.despawnMs,
      frameTimesMs: this.stats.frameTimes,
      rawInput,
    };
  }

  /**
   * The round so far as a submission, built at once on this thread (issue 33 item 6: the page is
   * being unloaded, there is no later task to slice the work into): what `build` would hand to
   * `onFinished` if the round ended now. Null without a round or when the build throws (logged).
   */
  buildNow(rawInput: boolean | null): FinishedRun | null {
    const input = this.inputOf(rawInput);
    if (!input || !this.rt.round) return null;
    try {
      return { counters: input.engine.counters(), submission: this.rt.round.buildSubmission(input) };
    } catch (err) {
      console.error('the partial run could not be built', err);
      return null;
    }
  }

  /** Builds the finished round's submission; `rawInput` says whether the pointer lock was the
   * unadjusted one (null: no lock). */
  build(rawInput: boolean | null): void {
    const { rt } = this;
    const sub = this.inputOf(rawInput);
    if (!sub || !rt.round) return;
    const counters = sub.engine.counters();
    const build = ++this.finishBuild;
    this.pending = true;
    const built = rt.round;
    // issue 18 item 3: the analyses' replays and the log's encoding run in slices of ~6 ms
    // (submission.ts buildSubmissionSliced), so no long task stands between the last tick and
    // the summary; they start in a task of their own, not in the final frame's (the loop calls
    // finish from its requestAnimationFrame task, which under SwiftShader on a loaded machine is
    // a long task by itself: the frame's drawing, not the round's end); a restart, a new load or
    // dispose before it is done drops the result
    void yieldToEventLoop().then(() => {
      if (build !== this.finishBuild || rt.disposed) return undefined;
      if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark('aim:round-end');
      return built.buildSubmissionSliced(sub);
    }).then((submission) => {
      if (!submission) return;
      if (build !== this.finishBuild || rt.disposed) return;
      if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark('aim:submission-built');
      // the summary (the store, its render) in a task of its own: the last slice's task stays
      // short (the summary's first render under SwiftShader on a busy machine took 87 ms in
      // the slice's task: a long task inside the build, test/e2e/endOfRound.test.ts)
      return yieldToEventLoop().then(() => {
        if (build !== this.finishBuild || rt.disposed) return;
        this.pending = false; // (still finishing until the summary has the run)
        const result: FinishedRun = { counters, submission };
        rt.callbacks.onFinished(result);
      });
    }).then(undefined, (err) => {
      if (build === this.finishBuild) this.pending = false;
      console.error('the round\'s submission could not be built', err);
    });
  }
}
