/**
 * Whether a crit means anything to the player in a drill (issue 35 item 3; issue 36's tier
 * calibration): it does when it deals more damage (crit_dmg_multiplier > 1) or when the drill
 * scores crits (primary metric 'crit_hit', or a crit_hit objective threshold). Where it does
 * not, a crit (which the engine only reports on a visible crit zone: a head, a drawn core;
 * src/ecs/targetModels.ts) gets no CRIT pop-up and no crit sound (src/game/critFeedback.ts),
 * and the synthetic human of src/sim/humanModel.ts aims at the target's centre instead of its
 * crit zone.
 */
import type { DrillConfig } from '../contracts/drillConfig';

/** See the file comment. Pure; never throws. */
export function critMatters(drill: Pick<DrillConfig, 'critDmgMultiplier' | 'primaryMetric' | 'thresholds'>): boolean {
  return drill.critDmgMultiplier > 1 || drill.primaryMetric === 'crit_hit' || drill.thresholds.crit_hit !== null;
}
