/**
 * Cost of what the browser does at the end of a round (src/game/submission.ts): the per-shot
 * analysis (`analyseRun`, one replay of the log), the insight data (`runInsight`, another replay,
 * issue 15) and the replay object (binary log, base64, JSON), and
 * of the server's re-simulation (`verifyReplay`), for a 60 s drill-134 run with a 1 kHz input
 * log (16 look events per tick). Median of 7 runs; absolute times, for scale only.
 */
import { analyseRun } from '../../src/metrics/shotAnalysis';
import { runInsight } from '../../src/metrics/runInsight';
import { buildGameData } from '../../src/metrics/scoring';
import { buildReplay } from '../../src/game/submission';
import { verifyReplay } from '../../src/server/replay';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import type { StoredDrill } from '../../src/server/drills';
import { catalogueDrill, scriptedRun } from './scriptedRun';
import { median, row } from './harness';

/** Prints the end-of-round cost table. */
export function analysisBench(): void {
  const settings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' as const };
  const drill = catalogueDrill(134);
  const engine = scriptedRun(drill, { seed: 31337, settings, lookEventsPerTick: 16, frameTicks: 2, browserLike: true });
  const log = engine.inputLog();
  const { category: _c, ...fields } = DRILL_CATALOGUE.find((d) => Number(d.id) === 134) as Record<string, unknown>;
  const stored: StoredDrill = { id: 134, category: 'clicking', fields };
  const gameData = buildGameData(engine, { viewportWidth: 0, viewportHeight: 0, fov: 103, fovType: 'h', sensitivity: 1.5, frameRate: 0 }).gameData;
  const time = (f: () => unknown) => {
    const xs: number[] = [];
    for (let i = 0; i < 7; i++) { const t0 = performance.now(); f(); xs.push(performance.now() - t0); }
    return median(xs);
  };
  let json = '';
  const tAnalysis = time(() => analyseRun({ drill, seed: engine.seed, settings, despawnAnimationMs: 200, log }));
  let insight = { shot_offsets: [] as unknown[], fitts_segments: [] as unknown[] };
  const tInsight = time(() => { insight = runInsight({ drill, seed: engine.seed, settings, despawnAnimationMs: 200, log }); });
  const tReplay = time(() => { json = JSON.stringify(buildReplay(engine, settings, 200)); });
  const replay = JSON.parse(json);
  let verified: boolean | null = null;
  const tVerify = time(() => { verified = verifyReplay(stored, gameData, replay).verified; });
  console.log(`## end of round: 60 s run, ${engine.durationTicks} ticks, ${log.length} input events (median of 7)\n`);
  console.log(row(['step', 'where', 'median']));
  console.log(row(['---', '---', '---']));
  console.log(row(['analyseRun (per-shot analysis, one replay)', 'browser, submission.ts', `${tAnalysis.toFixed(1)} ms`]));
  console.log(row([
    `runInsight (shot map + Fitts segments, one replay; ${insight.shot_offsets.length} shots, ${insight.fitts_segments.length} kills, ${(JSON.stringify(insight).length / 1024).toFixed(0)} KiB)`,
    'browser, submission.ts', `${tInsight.toFixed(1)} ms`,
  ]));
  console.log(row([`buildReplay + JSON.stringify (${(json.length / 1024).toFixed(0)} KiB)`, 'browser, submission.ts', `${tReplay.toFixed(1)} ms`]));
  console.log(row([`verifyReplay (re-simulation + compare; verified = ${verified})`, 'server, POST /api/v1/performance', `${tVerify.toFixed(1)} ms`]));
  console.log('');
}
