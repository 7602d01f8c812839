/**
 * The plausibility benchmark (issue 38 item 1): every catalogue drill played whole by the
 * synthetic human presets (src/sim/humanModel.ts, SEEDS seeds each) and by every scripted bot,
 * each run re-simulated with its trace (src/analysis/trace.ts), analysed and judged
 * (src/analysis/plausibility.ts). Goals: 0 bot runs ranked (every bot run held), at most 1 % of
 * human runs held. Prints the table for BENCHMARKS.md and, with PLAUS_JSON=path, every run's
 * features (for setting the bounds). `npm run bench -- plausibility` (PLAUS_SEEDS, default 2).
 */
import { writeFileSync } from 'node:fs';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { simulateHumanRun, simulateBotRun, HUMAN_PRESETS, BOT_KINDS, catalogueDrillConfig, type SimulatedRun } from '../../src/sim/humanModel';
import { traceRun } from '../../src/analysis/trace';
import { assessTrace } from '../../src/analysis/plausibility';
import { row } from './harness';

/** Runs the sweep and prints the table; returns the counts. */
export function plausibilityBench(seeds = Number(process.env.PLAUS_SEEDS) || 2): { humans: number; humansHeld: number; bots: number; botsRanked: number } {
  const rows: Array<Record<string, unknown>> = [];
  const tally = new Map<string, { runs: number; held: number; reasons: Map<string, number> }>();
  let assessMs = 0, assessN = 0;
  const judge = (drill: (typeof DRILL_CATALOGUE)[number], r: SimulatedRun, who: string): void => {
    const cfg = catalogueDrillConfig(drill);
    const { trace } = traceRun({ drill: cfg, seed: r.seed, settings: r.settings, despawnAnimationMs: 200 }, r.log);
    const t0 = performance.now();
    const { plausibility } = assessTrace(trace);
    assessMs += performance.now() - t0; assessN++;
    const t = tally.get(who) ?? { runs: 0, held: 0, reasons: new Map() };
    t.runs++;
    if (!plausibility.plausible) t.held++;
    for (const x of plausibility.reasons) t.reasons.set(x.code, (t.reasons.get(x.code) ?? 0) + 1);
    tally.set(who, t);
    rows.push({ drill: drill.id, who, seed: r.seed, kills: r.metrics.targets_destroyed, held: !plausibility.plausible, reasons: plausibility.reasons.map((x) => x.message), ...plausibility.features });
  };
  for (const drill of DRILL_CATALOGUE) {
    for (const skill of Object.values(HUMAN_PRESETS)) {
      for (let s = 0; s < seeds; s++) judge(drill, simulateHumanRun(drill, { seed: 1000 + s, skill }), skill.name);
    }
    for (const kind of BOT_KINDS) judge(drill, simulateBotRun(drill, { seed: 1000, kind }), `bot:${kind}`);
  }
  if (process.env.PLAUS_JSON) writeFileSync(process.env.PLAUS_JSON, JSON.stringify(rows, null, 1));
  console.log(`## plausibility: ${DRILL_CATALOGUE.length} catalogue drills, ${seeds} seed(s) per human preset, 1 per bot\n`);
  console.log(row(['player', 'runs', 'held', 'held %', 'reasons']));
  console.log(row(['---', '---', '---', '---', '---']));
  let humans = 0, humansHeld = 0, bots = 0, botsRanked = 0;
  for (const [who, t] of tally) {
    console.log(row([who, String(t.runs), String(t.held), ((100 * t.held) / t.runs).toFixed(1), [...t.reasons].map(([k, v]) => `${k} ${v}`).join(', ')]));
    if (who.startsWith('bot:')) { bots += t.runs; botsRanked += t.runs - t.held; } else { humans += t.runs; humansHeld += t.held; }
  }
  console.log(`\nhumans held: ${humansHeld} of ${humans} (${((100 * humansHeld) / humans).toFixed(2)} %, goal ≤ 1 %); bots ranked: ${botsRanked} of ${bots} (goal 0); analysis + judgement ${(assessMs / assessN).toFixed(1)} ms per run (mean)\n`);
  return { humans, humansHeld, bots, botsRanked };
}
