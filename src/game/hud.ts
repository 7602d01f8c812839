/**
 * HUD numbers of a frame (pure). Times in ms.
 */
import type { RunCounters } from '../contracts/engine';
import type { HudSnapshot } from './types';
import { accuracy } from '../metrics/scoring';

/** Accuracy % = cluster hits / shots × 100, rounded to 2 decimals; 0 with no shots (spec
 * section 9). The metrics module's formula, so the HUD shows what the submission will say. */
export function accuracyPercent(clusterHits: number, shots: number): number {
  return accuracy(clusterHits, shots);
}

/** The HUD snapshot after a frame: remaining = durationMs − roundTimeMs (≥ 0), counters, fps. */
export function hudSnapshot(counters: RunCounters, roundTimeMs: number, durationMs: number, fps: number): HudSnapshot {
  return {
    remainingMs: Math.max(0, durationMs - Math.max(0, roundTimeMs)),
    targetsDestroyed: counters.kills,
    accuracy: accuracyPercent(counters.clusterHits, counters.shots),
    shots: counters.shots,
    hits: counters.hits,
    fps,
  };
}
