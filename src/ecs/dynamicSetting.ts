/**
 * Dynamic target settings (`dynamic_target_setting_*`, config `adaptive`; contracts/drillConfig.ts
 * DynamicTargetSetting): the one mechanism behind adaptive difficulty. Each setting of
 * `drill.dynamicTargetSettings` has a current value in the world (`w.dynamicValue` for the
 * first, `w.dynamicValue2` for the second: adaptive 'both' = size then speed), which
 * - starts at the drill's base value (world.ts),
 * - moves one step harder on a kill and one step easier on a timedOut / missed removal
 *   (despawnSystem.ts `markRemoved`; decoys excepted), and `missSteps` steps easier on a shot
 *   that hits no target (shotRules.ts),
 * - is clamped to [min, max], and is read by the spawn system for targets spawned afterwards
 *   (size in metres, speed in m/s, lifetime in ms).
 * Decided only from the run's own events in tick order, so a replay reproduces it exactly; both
 * values are part of the state hash and of snapshots.
 */
import type { DynamicTargetSettingType } from '../contracts/drillConfig';
import type { GameWorld } from './world';

/** The current value of the dynamic setting of `type`, or `base` when the drill has none of
 * that type (metres, m/s or ms by type). */
export function dynamicValueOf(w: GameWorld, type: DynamicTargetSettingType, base: number): number {
  const s = w.drill.dynamicTargetSettings;
  for (let i = 0; i < s.length; i++) if (s[i].type === type) return i === 0 ? w.dynamicValue : w.dynamicValue2;
  return base;
}

/** Moves every dynamic setting `steps` steps harder (`harder` true: smaller size, faster speed,
 * shorter lifetime) or easier, clamped to its [min, max]. `missShot` true: a shot that hit
 * nothing, weighted by each setting's `missSteps` (settings with 0 do not move). */
export function stepDynamic(w: GameWorld, harder: boolean, missShot: boolean): void {
  const s = w.drill.dynamicTargetSettings;
  for (let i = 0; i < s.length; i++) {
    const d = s[i];
    const k = missShot ? d.missSteps : 1;
    if (k === 0) continue;
    const up = harder === (d.type === 'speed');
    const cur = i === 0 ? w.dynamicValue : w.dynamicValue2;
    const v = cur + (up ? d.step : -d.step) * k;
    const c = v < d.min ? d.min : v > d.max ? d.max : v;
    if (i === 0) w.dynamicValue = c; else w.dynamicValue2 = c;
  }
}

/** The start value of setting `i` of the drill (its base value), NaN when there is none. */
export function dynamicStartValue(w: Pick<GameWorld, 'drill'>, i: number): number {
  const d = w.drill.dynamicTargetSettings[i];
  if (!d) return NaN;
  const t = w.drill.target;
  return d.type === 'size' ? t.size : d.type === 'speed' ? t.speed : t.lifetimeMs;
}
