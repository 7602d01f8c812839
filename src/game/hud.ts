/**
 * HUD numbers of a frame (pure). Times in ms.
 */
import type { RunCounters } from '../contracts/engine';
import type { HudSnapshot } from './types';
import { accuracy, metricValues } from '../metrics/scoring';

/** Accuracy % = cluster hits / shots × 100, rounded to 2 decimals; 0 with no shots (spec
 * section 9). The metrics module's formula, so the HUD shows what the submission will say. */
export function accuracyPercent(clusterHits: number, shots: number): number {
  return accuracy(clusterHits, shots);
}

/**
 * The HUD snapshot after a frame. Remaining = durationMs − roundTimeMs + returnPauseMs, never
 * below 0 (spec section 4: "Remaining time is the duration minus elapsed time plus any
 * return-to-centre pause time"), so the timer does not run out while the player returns to
 * the centre. Time to destroy (ms) and crit % are the submission's formulas (metricValues);
 * `clip` is the engine's (size 99999 = no clip).
 */
export function hudSnapshot(counters: RunCounters, roundTimeMs: number, durationMs: number, fps: number, returnPauseMs = 0): HudSnapshot {
  const m = metricValues(counters);
  return {
    remainingMs: Math.max(0, durationMs - Math.max(0, roundTimeMs) + Math.max(0, returnPauseMs)),
    targetsDestroyed: counters.kills,
    accuracy: m.accuracy,
    shots: counters.shots,
    hits: counters.hits,
    fps,
    timeDestroyMs: m.time_destroy,
    critPercent: m.crit_hit,
    damage: counters.damage,
    clip: { size: counters.clip.size, remaining: counters.clip.remaining, reloadProgress: counters.clip.reloadProgress },
  };
}
