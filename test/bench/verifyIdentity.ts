/**
 * Identity check for work on the verification path (issue 38 item 4): every verdict the
 * worker task gives (src/server/replayTask.ts on the exact request body: decoding, re-simulation,
 * stats, hashes, the analysis, the plausibility judgement), with the wall times (simMs,
 * analysisMs) left out, for a corpus of runs: every `VERIFY_ID_EVERY`-th catalogue drill
 * (default 1: all) played by the synthetic human presets and by every scripted bot
 * (src/sim/humanModel.ts; for these also the full unrounded analysis of `traceRun` +
 * `assessTrace`), and the `verify` bench's 60 s scripted runs of drill 134. Writes one
 * JSON line per run to argv[2] and prints a digest of all of them: two trees give the same
 * digest exactly when every verdict is the same to the last bit.
 * Usage: npx tsx test/bench/verifyIdentity.ts out.jsonl
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { simulateHumanRun, simulateBotRun, HUMAN_PRESETS, BOT_KINDS, type SimulatedRun } from '../../src/sim/humanModel';
import { buildGameData } from '../../src/metrics/scoring';
import { buildReplay } from '../../src/game/submission';
import type { StoredDrill } from '../../src/server/drills';
import verifyTask from '../../src/server/replayTask';
import { traceRun } from '../../src/analysis/trace';
import { assessTrace } from '../../src/analysis/plausibility';
import { catalogueDrillConfig } from '../../src/sim/humanModel';
import { catalogueDrill, scriptedRun } from './scriptedRun';

const out = process.argv[2] ?? '/dev/null';
const every = Number(process.env.VERIFY_ID_EVERY ?? 1);
const lines: string[] = [];
const stored = (d: (typeof DRILL_CATALOGUE)[number], over: Record<string, unknown> = {}): StoredDrill => {
  const { category: _c, ...fields } = d as Record<string, unknown>;
  return { id: Number(d.id), fields: { ...fields, ...over } } as unknown as StoredDrill;
};
const check = (label: string, drill: StoredDrill, gameData: unknown, replay: unknown): void => {
  const body = new Uint8Array(Buffer.from(JSON.stringify({ gameData, bulletData: [], replay })));
  const v = verifyTask({ drill, body, budgetMs: 600_000 });
  const { simMs: _s, analysisMs: _a, ...rest } = (v ?? {}) as Record<string, unknown>;
  lines.push(JSON.stringify({ label, ...rest }));
};
DRILL_CATALOGUE.forEach((d, i) => {
  if (i % every !== 0) return;
  const runs: SimulatedRun[] = [
    ...Object.values(HUMAN_PRESETS).map((skill) => simulateHumanRun(d, { seed: 1000 + i, skill })),
    ...BOT_KINDS.map((kind) => simulateBotRun(d, { seed: 1000 + i, kind })),
  ];
  for (const r of runs) {
    check(`${d.id} ${r.player}`, stored(d), r.gameData, r.replay);
    // the full analysis, unrounded (the verdict stores a rounded summary of it)
    const { trace } = traceRun({ drill: catalogueDrillConfig(d), seed: r.seed, settings: r.settings, despawnAnimationMs: 200 }, r.log);
    lines.push(JSON.stringify({ label: `${d.id} ${r.player} analysis`, ...assessTrace(trace) }));
  }
});
const settings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' as const };
for (const [over, every9] of [[{ duration: 60_000 }, 12], [{ duration: 60_000 }, 9], [{ duration: 60_000, num_targets: 50 }, 9]] as const) {
  const cfg = catalogueDrill(134, over);
  const engine = scriptedRun(cfg, { seed: 31337, settings, lookEventsPerTick: 16, browserLike: true, shotEveryTicks: every9 });
  const { gameData } = buildGameData(engine, { viewportWidth: 1280, viewportHeight: 720, fov: cfg.fov, fovType: cfg.fovType, sensitivity: 1.5, frameRate: 144 });
  check(`134 scripted ${JSON.stringify(over)} every ${every9}`, stored(DRILL_CATALOGUE.find((x) => Number(x.id) === 134)!, over), { ...gameData, game_id: 134 }, buildReplay(engine, settings, 200));
}
fs.writeFileSync(out, lines.join('\n') + '\n');
console.log(`${lines.length} verdicts, digest ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`);
