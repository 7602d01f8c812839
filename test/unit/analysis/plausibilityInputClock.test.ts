/**
 * The `input-clock` plausibility feature (src/analysis/plausibility.ts, issue 38 item 1): the
 * constant-speed bot on drill 229 (Switchtrack: three slow targets, automatic rifle) was ranked by
 * the plausibility benchmark (test/bench/plausibilityBench.ts) because no flick feature applies to
 * an automatic drill, its modal input interval stays under 60 % (57 % at one tick, 33 % at its own
 * 1 ms clock) and it makes too few direction changes for `tracking-lag`. Its intervals sit on two
 * exact values, which `input-clock` holds. Each run goes the bench's path (and the server's):
 * re-simulated from its input log with a trace (`traceRun`), then `assessTrace`.
 */
import { DRILL_CATALOGUE } from '../../../src/drill/catalogue';
import { simulateBotRun, simulateHumanRun, HUMAN_PRESETS, catalogueDrillConfig, type SimulatedRun } from '../../../src/sim/humanModel';
import { traceRun } from '../../../src/analysis/trace';
import { assessTrace, judgePlausibility, MAX_TOP2_SHARE, MAX_MODAL_SHARE } from '../../../src/analysis/plausibility';

const drill = DRILL_CATALOGUE.find((d) => Number(d.id) === 229)!;

function judge(r: SimulatedRun) {
  const { trace } = traceRun({ drill: catalogueDrillConfig(drill), seed: r.seed, settings: r.settings, despawnAnimationMs: 200 }, r.log);
  return assessTrace(trace);
}

test('the constant-speed bot on drill 229 (the bench seed) is held with input-clock', () => {
  const { plausibility: p } = judge(simulateBotRun(drill, { seed: 1000, kind: 'constant' }));
  expect(p.plausible).toBe(false);
  expect(p.reasons.map((r) => r.code)).toContain('input-clock');
  // the feature the old bounds missed: the modal share alone is under its bound
  expect(p.features.modalIntervalShare!).toBeLessThan(MAX_MODAL_SHARE);
  expect(p.features.topTwoIntervalShare!).toBeGreaterThan(MAX_TOP2_SHARE);
}, 120_000);

test('synthetic humans of every preset on drill 229 are not held', () => {
  for (const skill of Object.values(HUMAN_PRESETS)) {
    const { plausibility: p } = judge(simulateHumanRun(drill, { seed: 1000, skill }));
    expect({ skill: skill.name, reasons: p.reasons.map((r) => r.code) }).toEqual({ skill: skill.name, reasons: [] });
    expect(p.features.topTwoIntervalShare!).toBeLessThanOrEqual(MAX_TOP2_SHARE);
  }
}, 240_000);

test('input-clock counts the two most common exact intervals, not the jitter around a period', () => {
  const { analysis } = judge(simulateHumanRun(drill, { seed: 1000, skill: HUMAN_PRESETS.average }));
  // a script: 55 % at one tick (15.625 ms) and 40 % at 1 ms, the rest at 14.625 ms
  const script: number[] = [0];
  for (let i = 0; i < 2000; i++) script.push(script[script.length - 1] + (i % 20 < 11 ? 15.625 : i % 20 < 19 ? 1 : 14.625));
  const held = judgePlausibility(analysis, script, true);
  expect(held.features.modalIntervalShare!).toBeLessThan(MAX_MODAL_SHARE);
  expect(held.features.topTwoIntervalShare!).toBeCloseTo(0.95, 2);
  expect(held.reasons.map((r) => r.code)).toContain('input-clock');
  // a mouse: 1 ms polling with ±2/16 ms jitter (five grid values about equally often)
  const mouse: number[] = [0];
  for (let i = 0; i < 2000; i++) mouse.push(mouse[mouse.length - 1] + 1 + ((i % 5) - 2) / 16);
  const ok = judgePlausibility(analysis, mouse, true);
  expect(ok.features.topTwoIntervalShare!).toBeCloseTo(0.4, 2);
  expect(ok.reasons.map((r) => r.code)).not.toContain('input-clock');
}, 120_000);
