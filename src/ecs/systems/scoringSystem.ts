/**
 * Scoring / counters system: keeps the run counters that are not event-driven up to date at the
 * end of each tick: totalTime (round time elapsed, ms, capped at the duration plus the
 * return-to-centre pause time) and the clip
 * HUD values (remaining rounds; reloadProgress 0..1 while reloading, else 0). Shots, hits,
 * crits, kills, damage and timeUntilKilled are counted where they happen (shooting, damage).
 */
import { TICK_MS } from '../../contracts/constants';
import type { GameWorld } from '../world';

/** Updates the counters for the end of the current tick. */
export function scoringSystem(w: GameWorld): void {
  const endMs = (w.tick + 1) * TICK_MS;
  const cnt = w.counters;
  const limit = w.durationMs + w.rtc.pauseMs;
  cnt.totalTime = endMs < limit ? endMs : limit;
  const clip = w.clip;
  if (clip.enabled && clip.remaining <= 0 && endMs >= clip.reloadUntilMs) {
    clip.remaining = clip.size;
    clip.reloadUntilMs = -Infinity;
  }
  cnt.clip.size = clip.size;
  cnt.clip.remaining = clip.remaining;
  if (clip.enabled && clip.remaining <= 0 && w.drill.weapon.clipReloadTimeMs > 0) {
    const start = clip.reloadUntilMs - w.drill.weapon.clipReloadTimeMs;
    const prog = (endMs - start) / w.drill.weapon.clipReloadTimeMs;
    cnt.clip.reloadProgress = prog < 0 ? 0 : prog > 1 ? 1 : prog;
  } else {
    cnt.clip.reloadProgress = 0;
  }
}
