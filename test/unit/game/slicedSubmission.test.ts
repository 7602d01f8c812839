/**
 * Issue 18 item 3: the end of a round builds its submission in slices of the main thread
 * (submission.ts buildSubmissionSliced, contracts/slices.ts). The sliced build must give exactly
 * the submission of the one-piece build (the same generator runs) and must really pause: once
 * per ANALYSIS_TICKS_PER_STEP replay ticks of each analysis and once per ENCODE_EVENTS_PER_STEP
 * encoded events.
 */
import { buildSubmission, buildSubmissionSliced, buildSubmissionSteps, type SubmissionInput } from '../../../src/game/submission';
import { runSliced, runToEnd } from '../../../src/contracts/slices';
import { ANALYSIS_TICKS_PER_STEP } from '../../../src/metrics/shotAnalysis';
import { ENCODE_EVENTS_PER_STEP } from '../../../src/contracts/replayCodec';
import { defaultGameOptions } from '../../../src/contracts/gameOptions';
import type { GameConfigResponse } from '../../../src/contracts/gameConfig';
import { catalogueDrill, scriptedRun } from '../../bench/scriptedRun';

const settings = { sensitivity: 1, sensitivityY: null, invertY: false };

function input(): SubmissionInput {
  // drill 134 for 12 s at 1 kHz (16 look events a tick), a shot every 12 ticks
  const drill = catalogueDrill(134, { duration: 12_000 });
  const engine = scriptedRun(drill, { seed: 99, settings, lookEventsPerTick: 16, browserLike: true, despawnAnimationMs: 200 });
  return {
    engine,
    load: { config: { id: 134 } as unknown as GameConfigResponse, drill, options: defaultGameOptions(), seed: 99, source: null },
    settings,
    viewportWidth: 1280,
    viewportHeight: 720,
    frameRate: 60,
    despawnAnimationMs: 200,
    frameTimesMs: [16, 17, 16],
    rawInput: true,
  };
}

test('the sliced build gives the one-piece build, byte for byte', async () => {
  const inp = input();
  const whole = JSON.stringify(buildSubmission(inp));
  const sliced = JSON.stringify(await buildSubmissionSliced(inp));
  expect(sliced).toBe(whole);
  expect(JSON.parse(whole).replay.input_log_b64.length).toBeGreaterThan(1000);
});

test('it pauses once per 64 replay ticks of each analysis and once per 4096 encoded events', async () => {
  const inp = input();
  const ticks = inp.engine.tick;
  const events = inp.engine.inputLog().length;
  let pauses = 0;
  // a 0 ms slice: a pause after every step the generator offers
  const viaSlices = await runSliced(buildSubmissionSteps(inp), 0, async () => { pauses++; });
  expect(JSON.stringify(viaSlices)).toBe(JSON.stringify(runToEnd(buildSubmissionSteps(inp))));
  // two replays (analyseRun, runInsight) of `ticks` ticks, one encoding of `events` events, and
  // 5 pauses between the body's other parts (after the encoding, base64, the tick hashes, the
  // insight data, the input health)
  const expected = 2 * Math.floor(ticks / ANALYSIS_TICKS_PER_STEP) + Math.floor(events / ENCODE_EVENTS_PER_STEP) + 5;
  expect(ticks).toBe(768); // 12 s at 64 ticks a second
  expect(events).toBeGreaterThan(12_000);
  expect(Math.abs(pauses - expected)).toBeLessThanOrEqual(2);
});
