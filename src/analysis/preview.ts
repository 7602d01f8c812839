/**
 * The run analysis computed from a replay outside the server (issue 37 item 1: "the client may
 * still compute a preview"): the same trace, analysis and stored form the verification worker
 * makes (src/server/replay.ts), so for an honest run the preview equals the server's figures.
 * Runs the engine once (one replay of the log, tens of ms for a 60 s run at 1 kHz); no Babylon,
 * no DOM.
 */
import type { InputEvent } from '../contracts/engine';
import type { StoredRunAnalysis } from '../contracts/analysis';
import { traceRun, type TraceRunOptions } from './trace';
import { analyseTrace } from './runAnalysis';
import { summariseAnalysis } from './summary';

/** The stored-form analysis of the run that `log` (sorted by t) plays on `opts` (the replay's
 * drill, seed, engine settings and despawn length). Throws as `traceRun` does. */
export function previewAnalysis(opts: TraceRunOptions, log: readonly InputEvent[]): StoredRunAnalysis {
  return summariseAnalysis(analyseTrace(traceRun(opts, log).trace));
}
