/**
 * Rules of issue 36 that act on a shot (called once per shot by the shooting system, after its
 * ray test and before the hit / miss bookkeeping):
 * - **decoys** (config decoyShare, contracts/drillConfig.ts): a shot whose nearest target is a
 *   decoy removes it ('decoyHit'), counts `counters.decoyHits` and raises the 'decoyHit' engine
 *   event; the shot then counts as a shot that hit nothing (no hit, no kill, no miss event), and
 *   scoring takes DECOY_PENALTY_TARGETS off targets_destroyed per decoy hit
 *   (src/metrics/scoring.ts metricValues);
 * - **adaptive difficulty** (dynamicSetting.ts): a shot that hits no target moves each dynamic
 *   setting `missSteps` steps easier (adaptive drills; 0 for dynamic_target_setting_* drills).
 * Deterministic: only the shot and the world decide.
 */
import type { GameWorld } from './world';
import { markRemoved } from './systems/despawnSystem';
import { stepDynamic } from './dynamicSetting';

/** Applies the rules to a shot at round time `tMs` whose ray test found target `eid` (-1: none).
 * Returns true when the shot hit a decoy (the caller then treats it as hitting nothing and
 * raises no miss event). */
export function shotRules(w: GameWorld, eid: number, tMs: number): boolean {
  if (eid >= 0) {
    if (w.c.Decoy.is[eid] !== 1) return false;
    w.counters.decoyHits = (w.counters.decoyHits ?? 0) + 1;
    if (w.recordEvents) w.events.push({ type: 'decoyHit', tick: w.tick, t: tMs, target: w.c.Target.index[eid], eid });
    markRemoved(w, eid, 'decoyHit', tMs);
    return true;
  }
  if (w.drill.dynamicTargetSettings.length > 0) stepDynamic(w, false, true);
  return false;
}

/** Whether a newly spawned target is a decoy: a seeded draw with chance `drill.decoyShare` (no
 * draw when the drill has no decoys, so other drills' PRNG streams are unchanged). */
export function drawDecoy(w: GameWorld): boolean {
  const share = w.drill.decoyShare;
  return share > 0 && w.rng.next() < share;
}
