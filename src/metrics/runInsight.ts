/**
 * The per-shot geometry of a run that the insight metrics need (issue 15 item 5), found by
 * REPLAYING the run's input log through a fresh engine (deterministic: the replay is the run),
 * once, when the round is over (like `analyseRun`, src/metrics/shotAnalysis.ts):
 * - `shot_offsets`: for each shot, [dx, dy] in degrees from the centre of the target it hit
 *   (or, for a miss, the nearest live target) to where it landed: dx = shot yaw - target yaw
 *   (wrapped to -180..180, > 0 = right), dy = shot pitch - target pitch (> 0 = high). The
 *   target's position is its centre at the end of the shot's tick (one tick, 15.625 ms, of
 *   movement at most). Shots with no target alive are left out.
 * - `fitts_segments`: for each kill, [D, W, MT] (src/metrics/insight.ts FittsSegment): D = the
 *   angle from the segment's start aim (round start or the previous kill shot) to the kill shot's
 *   aim, W = the target's angular diameter from the eye, MT = ms from the segment's start to the
 *   kill shot.
 * Values are rounded to 3 decimals (a thousandth of a degree / ms): the submission stays small.
 */
import { createDrillEngine } from '../ecs/engine';
import type { InputEvent } from '../contracts/engine';
import { TICK_MS } from '../contracts/constants';
import { ANALYSIS_TICKS_PER_STEP, angleBetween, type ReplayInput } from './shotAnalysis';
import { angularDiameter } from './insight';
import { runToEnd, type Steps } from '../contracts/slices';

/** Result of `runInsight`: what `gameData.shot_offsets` / `gameData.fitts_segments` carry. */
export interface RunInsightData {
  shot_offsets: [number, number][];
  fitts_segments: [number, number, number][];
}

const DEG = 180 / Math.PI;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** Yaw and pitch (degrees) of the direction from `eye` to point (x, y, z); the engine's
 * convention: yaw 0 looks down -z, grows to the right; pitch grows upward. */
export function aimTo(eye: { x: number; y: number; z: number }, x: number, y: number, z: number): { yaw: number; pitch: number } {
  const vx = x - eye.x, vy = y - eye.y, vz = z - eye.z;
  const len = Math.hypot(vx, vy, vz) || 1;
  return { yaw: Math.atan2(vx, -vz) * DEG, pitch: Math.asin(Math.max(-1, Math.min(1, vy / len))) * DEG };
}

/** `a - b` for angles in degrees, wrapped to [-180, 180). */
export function wrapDeg(d: number): number {
  return ((((d + 180) % 360) + 360) % 360) - 180;
}

interface Spot { x: number; y: number; z: number; radius: number; alive: boolean }

/** Replays the run (see the module comment); cost: one simulation plus a pass over the live
 * targets per tick. */
export function runInsight(input: ReplayInput): RunInsightData {
  return runToEnd(runInsightSteps(input));
}

/** `runInsight` in steps: pauses every ANALYSIS_TICKS_PER_STEP ticks of the replay
 * (contracts/slices.ts; the end of a round runs it in slices). */
export function* runInsightSteps(input: ReplayInput): Steps<RunInsightData> {
  const e = createDrillEngine({
    drill: input.drill, seed: input.seed, settings: input.settings,
    despawnAnimationMs: input.despawnAnimationMs, despawnAnimation: input.despawnAnimation,
    recordInputLog: false, trackBullets: true, logger: () => undefined,
  });
  const log = input.log;
  let li = 0;
  const buf: InputEvent[] = [];
  const eidOf = new Map<number, number>(); // spawn index -> eid
  let known = new Map<number, Spot>(); // eid -> last seen
  let segYaw = e.yaw, segPitch = e.pitch, segMs = 0;
  let seen = 0;
  const offsets: [number, number][] = [];
  const segments: [number, number, number][] = [];

  while (!e.finished) {
    if (e.tick % ANALYSIS_TICKS_PER_STEP === ANALYSIS_TICKS_PER_STEP - 1) yield;
    const lo = e.tick * TICK_MS, hi = lo + TICK_MS;
    buf.length = 0;
    while (li < log.length && log[li].t < hi) {
      const ev = log[li++];
      buf.push(ev.t < lo ? ({ ...ev, t: lo } as InputEvent) : ev);
    }
    e.step(buf);
    const removedAt = new Map<number, { x: number; y: number; z: number }>();
    for (const ev of e.drainEvents()) {
      if (ev.type === 'spawn' || ev.type === 'hit') eidOf.set(ev.target, ev.eid);
      else if (ev.type === 'removed') removedAt.set(ev.eid, { x: ev.x, y: ev.y, z: ev.z });
    }
    const now = new Map<number, Spot>();
    e.forEachTarget((t) => now.set(t.eid, { x: t.x, y: t.y, z: t.z, radius: t.radius, alive: t.despawn < 0 }));
    const bullets = e.bullets();
    for (; seen < bullets.length; seen++) {
      const b = bullets[seen];
      let spot: Spot | undefined;
      if (b.hit && b.target >= 0) {
        const eid = eidOf.get(b.target);
        if (eid !== undefined) {
          const at = removedAt.get(eid);
          const last = now.get(eid) ?? known.get(eid);
          if (at && last) spot = { ...at, radius: last.radius, alive: false };
          else spot = last;
        }
      } else {
        let best = Infinity;
        for (const s of now.values()) {
          if (!s.alive) continue;
          const a = aimTo(e.eye, s.x, s.y, s.z);
          const d = angleBetween(b.yaw, b.pitch, a.yaw, a.pitch);
          if (d < best) { best = d; spot = s; }
        }
      }
      if (!spot) continue;
      const a = aimTo(e.eye, spot.x, spot.y, spot.z);
      offsets.push([r3(wrapDeg(b.yaw - a.yaw)), r3(b.pitch - a.pitch)]);
      if (b.killed) {
        const dist = Math.hypot(spot.x - e.eye.x, spot.y - e.eye.y, spot.z - e.eye.z);
        segments.push([
          r3(angleBetween(segYaw, segPitch, b.yaw, b.pitch)), r3(angularDiameter(spot.radius, dist)), r3(b.t_ms - segMs),
        ]);
        segYaw = b.yaw; segPitch = b.pitch; segMs = b.t_ms;
      }
    }
    for (const [k, v] of now) known.set(k, v);
    if (known.size > 4096) known = new Map(now);
  }
  return { shot_offsets: offsets, fitts_segments: segments };
}
