/**
 * What the HUD draws of a frame's numbers (pure; issue 11 item 1, spec sections 3, 4 and 9):
 * the clip HUD's segments and the objective bar's fill and colour.
 */
import type { PrimaryMetric } from '../contracts/constants';
import type { HudSnapshot } from '../game/types';
import { objectiveProgress } from '../metrics/objective';

/** The clip size that means "no clip" (spec section 9: default 99999; no clip HUD). */
export const NO_CLIP = 99999;
/** Up to this many rounds the clip HUD draws one segment per round; above, a single segment
 * (spec section 9: "clip bar is a single segment when clip is over 10"). */
export const CLIP_MAX_SEGMENTS = 10;

/** The clip HUD of a frame: `segments` drawn, `filled` of them full (per-round mode), or a
 * single segment filled to `fraction`; `reloadFraction` 0..1 while reloading (null otherwise). */
export interface ClipView {
  segments: number;
  filled: number;
  /** rounds left / clip size, 0..1 */
  fraction: number;
  remaining: number;
  size: number;
  reloadFraction: number | null;
}

/**
 * The clip HUD (spec section 9): shown only when 0 < clip size < 99999; one segment per round up
 * to 10 rounds, one single segment above 10. Reloading: no round left and the engine's reload
 * progress under 1. Returns null when there is no clip HUD.
 */
export function clipView(clip: HudSnapshot['clip']): ClipView | null {
  const { size, remaining, reloadProgress } = clip;
  if (!(size > 0 && size < NO_CLIP)) return null;
  const left = Math.max(0, Math.min(size, remaining));
  const perRound = size <= CLIP_MAX_SEGMENTS;
  return {
    segments: perRound ? size : 1,
    filled: perRound ? left : left > 0 ? 1 : 0,
    fraction: left / size,
    remaining: left,
    size,
    reloadFraction: left === 0 && reloadProgress > 0 && reloadProgress < 1 ? reloadProgress : null,
  };
}

/** Colours of the objective bar by how many thresholds the current score meets: none yet,
 * some, all (spec section 4: "colour changes as thresholds are met and resets if the score
 * drops"). */
export const OBJECTIVE_COLOURS = { none: '#ff6b6b', some: '#ffc857', all: '#3ddc84' } as const;

/** The objective bar of a frame. */
export interface ObjectiveView {
  /** thresholds met by the current score */
  level: number;
  tiers: number;
  /** fill 0..1 toward the next threshold (1 when all are met) */
  fraction: number;
  colour: string;
  /** the next threshold, null when all are met */
  next: number | null;
  score: number;
}

/** The value of the drill's primary metric in a HUD snapshot (the run's score so far). */
export function scoreOfHud(metric: PrimaryMetric, hud: HudSnapshot): number {
  switch (metric) {
    case 'accuracy': return hud.accuracy;
    case 'time_destroy': return hud.timeDestroyMs;
    case 'crit_hit': return hud.critPercent;
    default: return hud.targetsDestroyed;
  }
}

/** The objective bar for the current score (metrics/objective.ts `objectiveProgress`); null when
 * the drill has no tiers. The level is recomputed from the current score every frame, so the
 * colour falls back when the score drops below a threshold it had met. */
export function objectiveView(metric: PrimaryMetric, tiers: readonly number[], hud: HudSnapshot): ObjectiveView | null {
  if (tiers.length === 0) return null;
  const score = scoreOfHud(metric, hud);
  const p = objectiveProgress(score, tiers, metric);
  const colour = p.level === 0 ? OBJECTIVE_COLOURS.none : p.level >= tiers.length ? OBJECTIVE_COLOURS.all : OBJECTIVE_COLOURS.some;
  return { level: p.level, tiers: tiers.length, fraction: Math.max(0, Math.min(1, p.fraction)), colour, next: p.next, score };
}

/** One HUD stat tile (src/ui/overlays/Hud.tsx). 'on_target' is accuracy (hits / shots) read as
 * time on target: a tracking drill's automatic weapon fires at its fixed rate while the button
 * is held, so the share of shots that hit is the share of firing time on target. */
export type HudTile = 'time' | 'on_target' | 'damage' | 'targets' | 'accuracy' | 'time_destroy' | 'crit' | 'fps';

/**
 * The stat tiles for the drill in hand (issue 35 item 6; spec section 3's HUD options):
 * `stats` ≥ 1 the time; ≥ 2 by the drill: a tracking drill (`tracking`: hold fire) time on
 * target % and damage; a clicking drill kills, accuracy and kill time (each switchable off by
 * the player's `targetsDestroyed` / `timeDestroy` flags); either way kills, kill time or crit %
 * when the drill scores them (primary metric or a requirement), crit % also by the player's
 * `critHit` flag, and the FPS counter by `fps`. A tile shows only for what the drill scores.
 */
export function hudTiles(
  drill: { tracking?: boolean; primaryMetric?: string; requirements?: ReadonlyArray<{ metric: string }> } | null,
  prefs: { stats: number; targetsDestroyed: boolean; timeDestroy: boolean; critHit: boolean; fps: boolean },
): HudTile[] {
  const out: HudTile[] = [];
  const scores = (m: string) => drill?.primaryMetric === m || (drill?.requirements ?? []).some((r) => r.metric === m);
  if (prefs.stats >= 1) out.push('time');
  if (prefs.stats >= 2) {
    if (drill?.tracking) {
      out.push('on_target', 'damage');
      if (scores('targets_destroyed')) out.push('targets');
      if (drill.primaryMetric === 'time_destroy') out.push('time_destroy');
    } else {
      if (prefs.targetsDestroyed || scores('targets_destroyed')) out.push('targets');
      out.push('accuracy');
      if (prefs.timeDestroy || drill?.primaryMetric === 'time_destroy') out.push('time_destroy');
    }
    if (prefs.critHit || scores('crit_hit')) out.push('crit');
  }
  if (prefs.fps) out.push('fps');
  return out;
}
