/**
 * THE public entry of the drill engine's kit (docs/engine.md): everything a developer needs to
 * test the engine, extend it with systems and game modes, and load drills, from one import.
 * Node only (drills are read from files). Anything not exported here is the engine's inside and
 * may change without notice.
 *
 * ```ts
 * import { createDrillKit, kitDrill } from '../src/kit';
 * const kit = createDrillKit({ drill: kitDrill(134), seed: 42 });
 * kit.at(kit.tick).aimAt(kit.liveTargets()[0]).click();
 * kit.step();
 * expect(kit.metrics().targets_destroyed).toBe(1);
 * ```
 */
import type { PrimaryMetric } from './contracts/constants';
import { createDrillKit as createEcsKit, type DrillKit, type DrillKitOptions } from './ecs/testing';
import { metricValues } from './metrics/scoring';
import { scoreFor, type MetricValues } from './metrics/objective';

export {
  KIT_SETTINGS, type DrillKitOptions, type KitTarget, type TickScript, type ComponentViews, type ReadonlyNumbers,
  type WeaponState,
} from './ecs/testing';
export {
  registerSystem, unregisterSystem, systemOrder, pluginState, BUILTIN_SYSTEMS,
  type BuiltinSystemName, type EngineSystem, type SystemPlacement, type PluginState, type PluginValue,
} from './ecs/pipeline';
export {
  registerGameMode, gameModeNames, isGameMode, GAME_MODE_HOOK_NAMES,
  type GameModeDefinition, type GameModeHooks, type GameModeHookSet,
} from './ecs/gameModes';
export {
  liveTargetIds, isLiveTarget, targetPosition, findSpawnPosition, moveTargetTo, removeTarget, roundTimeMs,
  spawnTargetAt, type SpawnOverrides, type Position,
} from './ecs/worldApi';
export type { WorldSnapshot } from './ecs/snapshot';
export type { GameWorld } from './ecs/world';
export { replayRun, type ReplayResult } from './ecs/replay';
export { createDrillEngine } from './ecs/engine';
export { kitDrill, kitDrillFromFile, kitDrillFromDocument, gameConfigDrill, KitDrillError } from './drill/kitDrills';
export { DrillConfigError } from './drill/parseDrillConfig';
export { TICK_MS, TICK_HZ } from './contracts/constants';
export type { EngineEvent, InputEvent, RunCounters, ShotRefusal } from './contracts/engine';
export type { DrillConfig } from './contracts/drillConfig';

/** The run's scoring (spec section 9, src/metrics/scoring.ts `metricValues` and objective.ts
 * `scoreFor`): targets_destroyed (kills), accuracy % and crit_hit % (2 decimals, 0 without
 * shots), time_destroy ms (average life until killed, 0 without kills), and the score: the value
 * of the drill's primary metric. */
export type KitMetrics = MetricValues & { primaryMetric: PrimaryMetric; score: number };

/** The kit (src/ecs/testing.ts DrillKit) plus the run's scoring. */
export interface Kit extends DrillKit {
  /** the scoring of the run so far (spec section 9; the same functions the submission uses) */
  metrics(): KitMetrics;
}

/**
 * An engine for `opts.drill` (or continuing `opts.restore`) and the kit around it (see
 * src/ecs/testing.ts for every member). Throws TypeError without a drill or snapshot, RangeError
 * for an unknown game mode, Error for a snapshot whose registered systems are not registered
 * here.
 */
export function createDrillKit(opts: DrillKitOptions): Kit {
  const kit = createEcsKit(opts) as Kit;
  kit.metrics = (): KitMetrics => {
    const values = metricValues(kit.counters());
    const primaryMetric = kit.engine.drill.primaryMetric;
    return { ...values, primaryMetric, score: scoreFor(primaryMetric, values) };
  };
  return kit;
}
