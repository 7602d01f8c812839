/**
 * Calibrates the tier thresholds of the catalogue drills with the synthetic player model
 * (src/sim/tierCalibration.ts documents the rule: which preset sets which threshold, the seeds,
 * the rounding; src/sim/humanModel.ts the model) and writes:
 * - each drill file's `targets_destroyed_score`, `accuracy_score`, `time_destroy_score`,
 *   `crit_hit_score` (crit_hit drills) and `config.tiers`, and the number in its objective line
 *   where it names one (`--write`; without it nothing is written but the table);
 * - the table docs/tier-calibration.md (or `--table <path>`).
 *
 *   npx tsx scripts/calibrate-tiers.ts [--write] [--ids 134,200] [--seeds 101,202,303]
 *     [--shard i/n] [--json out.json] [--merge a.json,b.json] [--table docs/tier-calibration.md]
 *
 * `--shard i/n` calibrates every n-th drill from the i-th (parallel runs) and `--json` saves the
 * results; `--merge` then writes files and table from saved results. Test drills (category
 * 'test') are skipped. Deterministic: the same drills and seeds give the same output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DRILL_CATALOGUE } from '../src/drill/catalogue';
import {
  CALIBRATION_PRESETS, CALIBRATION_SEEDS, THRESHOLD_PRESET, calibrateDrill, calibrationFromMedians, objectiveWith, type DrillCalibration,
} from '../src/sim/tierCalibration';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const write = args.includes('--write');
const ids = opt('--ids')?.split(',').map(Number);
const seeds = opt('--seeds')?.split(',').map(Number) ?? CALIBRATION_SEEDS;
const tablePath = opt('--table') ?? 'docs/tier-calibration.md';
const shard = opt('--shard')?.split('/').map(Number);
const merge = opt('--merge');
const jsonOut = opt('--json');

let results: DrillCalibration[];
if (merge) {
  // saved medians; thresholds and tiers recomputed by the current rule
  results = merge.split(',').flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as DrillCalibration[])
    .map((c) => calibrationFromMedians(c, c.primaryMetric, c.medians));
} else {
  let drills = DRILL_CATALOGUE.filter((d) => d.category !== 'test' && (!ids || ids.includes(d.id)));
  if (shard) drills = drills.filter((_, i) => i % shard[1] === shard[0]);
  results = [];
  for (const d of drills) {
    const t0 = Date.now();
    results.push(calibrateDrill(d, seeds));
    console.error(`${d.id} ${d.name}: ${Date.now() - t0} ms`);
  }
}
results.sort((a, b) => a.id - b.id);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 1));

if (write) {
  for (const c of results) {
    const path = join('drills', `${c.id}.json`);
    const doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    doc.targets_destroyed_score = c.thresholds.targets_destroyed_score;
    doc.accuracy_score = c.thresholds.accuracy_score;
    doc.time_destroy_score = c.thresholds.time_destroy_score;
    if (c.thresholds.crit_hit_score !== null) doc.crit_hit_score = c.thresholds.crit_hit_score;
    doc.config = { ...((doc.config as Record<string, unknown>) ?? {}), tiers: c.tiers };
    if (typeof doc.objective === 'string') doc.objective = objectiveWith(doc.objective, c);
    writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
  }
}

const f = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(1));
const lines = [
  '# Tier calibration of the catalogue drills',
  '',
  'Written by `npx tsx scripts/calibrate-tiers.ts --write` (do not edit by hand). Every drill is played by the',
  'synthetic human of `src/sim/humanModel.ts` (`simulateHumanRun`) at the presets',
  `${CALIBRATION_PRESETS.join(', ')} on the seeds ${seeds.join(', ')}; the medians of each preset's runs give:`,
  '',
  `- the objective thresholds (targets_destroyed_score, accuracy_score, time_destroy_score; crit_hit_score on`,
  `  crit_hit drills) = the **${THRESHOLD_PRESET}** preset's medians (floor for targets and %, up to 10 ms for times);`,
  '- the tiers of the objective bar (`config.tiers`, the primary metric) = the medians of novice, average, skilled',
  '  and elite, made strictly monotone (+1 target / +1 % / -10 ms) where a stronger preset scored no better',
  '  (adaptive drills make the targets harder for a better player).',
  '',
  'On drills where crits matter (crit_dmg_multiplier > 1, or crits scored) the model aims at the crit zone (a head,',
  "a drawn core) and settles for the body when it cannot get onto it (humanModel.ts `critAimPart`, `HEAD_CORRECTIONS`,",
  '`TRACK_ZONE`); elsewhere at the centre. On a moving target with a semi-automatic weapon it times each click to the',
  "moment it predicts its crosshair on the aimed zone, or shoots hurried after a wait (humanModel.ts `crossingClick`).",
  '',
  'The rule and its constants: `src/sim/tierCalibration.ts`. Known limit: the model does not tell decoys from',
  'targets (it shoots the nearest target), so decoy drills are calibrated for a player who ignores the colour.',
  '',
  '| id | drill | family | difficulty | primary | novice | average | skilled | elite | targets | accuracy % | time ms | tiers |',
  '|---:|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ...results.map((c) => {
    const m = (p: (typeof CALIBRATION_PRESETS)[number]) => f(c.medians[p][c.primaryMetric]);
    return `| ${c.id} | ${c.name} | ${c.family ?? ''} | ${c.difficulty ?? ''} | ${c.primaryMetric} | ${m('novice')} | ${m('average')} | ${m('skilled')} | ${m('elite')} | ${c.thresholds.targets_destroyed_score} | ${c.thresholds.accuracy_score} | ${c.thresholds.time_destroy_score ?? '–'} | ${c.tiers.join(', ')} |`;
  }),
  '',
];
if (!shard) writeFileSync(tablePath, lines.join('\n'));
console.error(`calibrated ${results.length} drills${write ? ' (drill files written)' : ''}${shard ? '' : `; table: ${tablePath}`}`);
