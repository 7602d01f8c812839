/**
 * `end-of-round` (issue 18 item 3): main-thread blocking at the end of a round, for a 60 s
 * drill-134 run with a 1 kHz input log (16 look events a tick, the scripted player of
 * scriptedRun.ts). Before: `buildSubmission` in one piece (what finish() ran until now: both
 * analyses' replays, the log's encoding, the rest of the body), one task as long as all of it.
 * After: `buildSubmissionSliced`'s generator run by `runSliced` with its 6 ms slices; the longest
 * slice is the longest task the page sees. Interleaved, 7 rounds; the pause between slices is a
 * resolved promise here (Node has no frames to give a turn to), so the total is pure work.
 */
import { buildSubmission, buildSubmissionSteps, type SubmissionInput } from '../../src/game/submission';
import { runSliced, SLICE_MS } from '../../src/contracts/slices';
import { defaultGameOptions } from '../../src/contracts/gameOptions';
import type { GameConfigResponse } from '../../src/contracts/gameConfig';
import { catalogueDrill, scriptedRun } from './scriptedRun';
import { fmt, median, row } from './harness';

/** Prints the end-of-round table. */
export async function endOfRoundBench(): Promise<void> {
  const settings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' as const };
  const drill = catalogueDrill(134);
  const engine = scriptedRun(drill, { seed: 31337, settings, lookEventsPerTick: 16, frameTicks: 2, browserLike: true, despawnAnimationMs: 200 });
  const input: SubmissionInput = {
    engine, settings, viewportWidth: 1280, viewportHeight: 720, frameRate: 60, despawnAnimationMs: 200,
    load: { config: { id: 134 } as unknown as GameConfigResponse, drill, options: defaultGameOptions(), seed: engine.seed, source: null },
  };
  const whole: number[] = [];
  const longest: number[] = [];
  const total: number[] = [];
  const slices: number[] = [];
  for (let r = 0; r < 7; r++) {
    const runWhole = () => { const t0 = performance.now(); buildSubmission(input); whole.push(performance.now() - t0); };
    const runSlicedOnce = async () => {
      let max = 0, n = 0, sliceStart = performance.now();
      const t0 = sliceStart;
      await runSliced(buildSubmissionSteps(input), SLICE_MS, async () => {
        const now = performance.now();
        max = Math.max(max, now - sliceStart); n++;
        sliceStart = now;
      });
      max = Math.max(max, performance.now() - sliceStart);
      longest.push(max); total.push(performance.now() - t0); slices.push(n + 1);
    };
    if (r % 2 === 0) { runWhole(); await runSlicedOnce(); } else { await runSlicedOnce(); runWhole(); }
  }
  console.log(`## end-of-round: 60 s drill 134, ${engine.durationTicks} ticks, ${engine.inputLog().length} input events (1 kHz), median of 7 interleaved\n`);
  console.log(row(['build', 'longest main-thread task', 'total work', 'slices', 'goal: no task > 50 ms (8 ms slices)']));
  console.log(row(Array(5).fill('---')));
  console.log(row(['one piece (before)', fmt(median(whole)), fmt(median(whole)), 1, median(whole) <= 50 ? 'MET' : 'NOT MET']));
  console.log(row([`sliced, ${SLICE_MS} ms slices (after)`, fmt(median(longest)), fmt(median(total)), median(slices), median(longest) <= 8 ? 'MET' : 'NOT MET']));
  console.log('');
}
