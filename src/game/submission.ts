/**
 * The performance submission of a finished round: `{ gameData, bulletData }` (spec sections 3
 * and 7). gameData is built by the metrics module (`buildGameData`, src/metrics/scoring.ts) from
 * the engine and the run context the runtime knows (viewport, fov, frame rate, source);
 * bulletData is `engine.bullets()`.
 */
import type { DrillEngine, EngineSettings } from '../contracts/engine';
import type { PerformanceSubmission } from '../contracts/performance';
import type { GameLoadOptions } from './types';
import { buildGameData } from '../metrics/scoring';
import { resolveFov } from './fov';

/** What the runtime knows about a finished round. */
export interface SubmissionInput {
  engine: DrillEngine;
  load: GameLoadOptions;
  settings: EngineSettings;
  /** CSS px of the game canvas */
  viewportWidth: number;
  viewportHeight: number;
  /** average frames per second over the round */
  frameRate: number;
  /** the player settings at round start / end (settingsSnapshot), for the server's comparison */
  settingsStart?: Record<string, unknown> | null;
  settingsEnd?: Record<string, unknown> | null;
}

/** The run-relevant player settings (sensitivity, vertical sensitivity, invert, fov in degrees
 * and its type) as a plain object for gameData.settings_start / settings_end. */
export function settingsSnapshot(load: GameLoadOptions, settings: EngineSettings): Record<string, unknown> {
  const { fov, fovType } = resolveFov(load.drill, load.options);
  return {
    mouse_sensitivity: settings.sensitivity,
    mouse_sensitivity_y: settings.sensitivityY,
    mouse_inverse: settings.invertY ? 1 : 0,
    fov,
    fov_type: fovType,
  };
}

/** Builds `{ gameData, bulletData }` for the finished round of `input.engine`. */
export function buildSubmission(input: SubmissionInput): PerformanceSubmission {
  const { engine, load } = input;
  const { fov, fovType } = resolveFov(load.drill, load.options);
  const metric = load.drill.primaryMetric;
  const threshold = load.drill.thresholds?.[metric];
  const { gameData } = buildGameData(engine, {
    userId: typeof load.config.user_id === 'number' ? load.config.user_id : null,
    viewportWidth: input.viewportWidth,
    viewportHeight: input.viewportHeight,
    fov,
    fovType,
    sensitivity: input.settings.sensitivity,
    source: load.source,
    frameRate: input.frameRate,
    objective: typeof threshold === 'number' ? threshold : null,
    settingsStart: input.settingsStart ?? null,
    settingsEnd: input.settingsEnd ?? null,
  });
  return { gameData, bulletData: engine.bullets() };
}
