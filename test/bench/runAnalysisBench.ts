/**
 * Cost of the run analysis (src/analysis/runAnalysis.ts `analyseTrace`, issue 37 item 1: at most
 * 20 ms of worker time for a 60 s run at 1 kHz, linear in run length) and of recording its
 * trace during the re-simulation (src/analysis/trace.ts `traceRun` against the plain replay,
 * src/ecs/replay.ts `replayRun`). Drill 134 played by the scripted player of
 * test/bench/scriptedRun.ts with 16 look events per tick (1 kHz), 15, 30 and 60 s long. Median
 * of 7 runs each. `npm run bench -- run-analysis`.
 */
import { traceRun } from '../../src/analysis/trace';
import { analyseTrace } from '../../src/analysis/runAnalysis';
import { replayRun } from '../../src/ecs/replay';
import { catalogueDrill, scriptedRun } from './scriptedRun';
import { median, row } from './harness';

/** Measures one run length; returns the analysis's median ms. */
function measure(durationMs: number): { events: number; trace: number; replay: number; analyse: number } {
  const settings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' as const };
  const drill = catalogueDrill(134, { duration: durationMs });
  const engine = scriptedRun(drill, { seed: 31337, settings, lookEventsPerTick: 16, frameTicks: 2, browserLike: true });
  const log = engine.inputLog();
  const opts = { drill, seed: engine.seed, settings, despawnAnimationMs: 200 };
  const time = (f: () => unknown) => {
    const xs: number[] = [];
    for (let i = 0; i < 7; i++) { const t0 = performance.now(); f(); xs.push(performance.now() - t0); }
    return median(xs);
  };
  let trace = traceRun(opts, log).trace;
  const tTrace = time(() => { trace = traceRun(opts, log).trace; });
  const tReplay = time(() => replayRun(opts, log));
  const tAnalyse = time(() => analyseTrace(trace));
  return { events: log.length, trace: tTrace, replay: tReplay, analyse: tAnalyse };
}

/** Prints the table. */
export function runAnalysisBench(): void {
  console.log('## run analysis: drill 134, 1 kHz input (median of 7)\n');
  console.log(row(['run', 'input events', 'replay ms', 'replay + trace ms', 'analyseTrace ms', 'goal']));
  console.log(row(['---', '---', '---', '---', '---', '---']));
  const out: Array<[number, number]> = [];
  for (const s of [15, 30, 60]) {
    const m = measure(s * 1000);
    out.push([s, m.analyse]);
    console.log(row([`${s} s`, String(m.events), m.replay.toFixed(1), m.trace.toFixed(1), m.analyse.toFixed(2), s === 60 ? (m.analyse <= 20 ? 'met (≤ 20 ms)' : 'MISSED (≤ 20 ms)') : '']));
  }
  // exponent of time against length (1 = linear), least squares on logs
  const xs = out.map(([s]) => Math.log(s)), ys = out.map(([, t]) => Math.log(Math.max(t, 1e-3)));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length, my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0, den = 0;
  for (let i = 0; i < xs.length; i++) { num += (xs[i] - mx) * (ys[i] - my); den += (xs[i] - mx) ** 2; }
  console.log(`\nanalyseTrace time ∝ length^${(num / den).toFixed(2)} (1 = linear)\n`);
}
