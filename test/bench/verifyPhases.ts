/**
 * Phase timing of the verification worker's task (issue 38 item 4, BENCHMARKS.md "verify (3)"):
 * the bench's 60 s drill-134 run at 1 kHz, each phase timed apart, N rounds (PHASES_N, default
 * 60), minimum and median per phase, ms. Phases: JSON.parse of the body, the input log's decoding
 * (base64 + columns), the engine alone over the log, the engine with the trace recorder, the
 * analysis (analyseTrace), the plausibility judgement (assessTrace minus analyseTrace), the
 * stored summary. Usage: npx tsx test/bench/verifyPhases.ts
 */
import { catalogueDrill, scriptedRun } from './scriptedRun';
import { buildGameData } from '../../src/metrics/scoring';
import { buildReplay } from '../../src/game/submission';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import type { EngineSettings } from '../../src/contracts/engine';
import type { GameConfigResponse } from '../../src/contracts/gameConfig';
import type { ReplayData } from '../../src/contracts/performance';
import { replayInputLogColumns } from '../../src/contracts/performance';
import { parseDrillConfig } from '../../src/drill/parseDrillConfig';
import { simulateReplay, MAX_EXTRA_TICKS } from '../../src/server/replay';
import { createTraceRecorder } from '../../src/analysis/trace';
import { analyseTrace } from '../../src/analysis/runAnalysis';
import { assessTrace } from '../../src/analysis/plausibility';
import { summariseAnalysis } from '../../src/analysis/summary';
import { TICK_MS } from '../../src/contracts/constants';

const SETTINGS: EngineSettings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' };
const drill = catalogueDrill(134, { duration: 60_000 });
const engine = scriptedRun(drill, { seed: 31337, settings: SETTINGS, lookEventsPerTick: 16, browserLike: true, shotEveryTicks: 12 });
const { gameData } = buildGameData(engine, { viewportWidth: 1280, viewportHeight: 720, fov: drill.fov, fovType: drill.fovType, sensitivity: SETTINGS.sensitivity, frameRate: 144 });
const body = JSON.stringify({ gameData: { ...gameData, game_id: 134 }, bulletData: engine.bullets(), replay: buildReplay(engine, SETTINGS, 200) });
const { category: _c, ...fields } = DRILL_CATALOGUE.find((d) => Number(d.id) === 134) as Record<string, unknown>;
const config = parseDrillConfig({ ...fields, duration: 60_000 } as unknown as GameConfigResponse);

const N = Number(process.env.PHASES_N ?? 60);
const t: Record<string, number[]> = {};
const time = <T>(k: string, f: () => T): T => { const t0 = performance.now(); const v = f(); (t[k] ??= []).push(performance.now() - t0); return v; };
for (let i = 0; i < N; i++) {
  const parsed = time('parse', () => JSON.parse(body) as { replay: ReplayData });
  const replay = parsed.replay;
  const log = time('decode', () => replayInputLogColumns(replay));
  time('engine', () => simulateReplay(config, replay, log));
  const rec = createTraceRecorder(config, replay.settings, { events: log.length, ticks: Math.round(config.durationMs / TICK_MS) });
  time('engine+trace', () => simulateReplay(config, replay, log, MAX_EXTRA_TICKS, rec));
  const trace = rec.finish();
  const a = time('analyseTrace', () => analyseTrace(trace));
  time('assessTrace', () => assessTrace(trace));
  time('summarise', () => summariseAnalysis(a));
}
const q = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.floor(p * (xs.length - 1))];
for (const [k, xs] of Object.entries(t)) console.log(`${k.padEnd(14)} min ${q(xs, 0).toFixed(2)} ms  median ${q(xs, 0.5).toFixed(2)} ms`);
