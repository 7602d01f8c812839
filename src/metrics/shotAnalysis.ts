/**
 * Per-shot and mouse-travel analysis of a run (the premium metrics of spec section 3:
 * mouse_travel_efficiency %, mouse_pixel_speed px/ms, av_reaction_time ms, prct_late_shots %,
 * av_late_shot_time ms, initial_move_angle degrees). The spec names the metrics and units but
 * not their formulas; ours are below, each with the source it follows. They are computed by
 * REPLAYING the run's input log through a fresh engine (the engine is deterministic, so the
 * replay is the run), tick by tick, observing the aim at each tick's end: time resolution is
 * one tick (15.625 ms).
 *
 * Segments: a segment starts at round start or at a kill (when the replacement target spawns)
 * and ends at the next kill; its "target" is the target killed at its end.
 * - av_reaction_time (ms): mean over segments ending in a kill of the time from the segment
 *   start to the start of the first tick in which the angular distance from the aim to the
 *   segment's target fell by at least MOVE_EPS_DEG, i.e. the first look movement toward the
 *   target above a threshold. Source: the reaction-time / movement-time split of aimed
 *   movements (Meyer, Abrams, Kornblum, Wright & Smith 1988, "Optimality in human motor
 *   performance", Psychological Review 95(3)); the 0.05 degree/tick threshold is ours.
 * - initial_move_angle (degrees, 0..180): mean over segments ending in a kill of the angle
 *   between the first aim movement of the segment (yaw/pitch delta of its first moving tick)
 *   and the straight line from the segment's start aim to the aim at the kill. Source: the
 *   initial-direction error of aimed movements (Gordon, Ghilardi & Ghez 1994, "Accuracy of
 *   planar reaching movements", Exp Brain Res 99).
 * - mouse_travel_efficiency (%): 100 x sum of straight angular distances (segment start aim to
 *   kill aim) / sum of angular path lengths travelled in those segments, capped at 100: the
 *   Fitts-style path efficiency (straight-line distance / travelled distance; MacKenzie,
 *   Kauppinen & Silfverberg 2001, "Accuracy measures for evaluating computer pointing
 *   devices", CHI 2001, path-straightness measures).
 * - mouse_pixel_speed (px/ms): total look distance in counts (~CSS px of pointer-lock
 *   movementX/Y, sqrt(dx^2+dy^2) per event) / the time spent moving (ticks with any look input
 *   x 15.625 ms). Source: mean pointer speed over movement time (MacKenzie et al. 2001).
 * - late shots: a shot that hits is late when the crosshair had already been on the target it
 *   hit for at least LATE_SHOT_MS before the shot's tick (the player was on target and could
 *   have fired earlier); prct_late_shots = late / hitting shots x 100; av_late_shot_time = mean
 *   time on target before the late shots (ms). Our definition (the spec names the metric only).
 * Values are rounded to 2 decimals; null when there is nothing to average.
 */
import type { EngineSettings, InputEvent } from '../contracts/engine';
import type { DrillConfig } from '../contracts/drillConfig';
import { TICK_MS } from '../contracts/constants';
import { createDrillEngine } from '../ecs/engine';
import { round2 } from './scoring';
import { runToEnd, type Steps } from '../contracts/slices';

/** Replay ticks between two pauses of the stepped analyses (analyseRunSteps, runInsightSteps):
 * 64 ticks (1 s of round) cost well under a millisecond to replay on this project's machines. */
export const ANALYSIS_TICKS_PER_STEP = 64;

/** Aim movement below this many degrees per tick counts as still. */
export const MOVE_EPS_DEG = 0.05;
/** A hit is a late shot when the crosshair was on its target at least this long before, ms. */
export const LATE_SHOT_MS = 100;

/** The analysis metrics, named as in `gameData` (contracts/performance.ts). */
export interface ShotAnalysis {
  mouse_travel_efficiency: number | null;
  mouse_pixel_speed: number | null;
  av_reaction_time: number | null;
  prct_late_shots: number | null;
  av_late_shot_time: number | null;
  initial_move_angle: number | null;
}

/** What is needed to replay a run: the engine options and its input log. */
export interface ReplayInput {
  drill: DrillConfig;
  seed: number;
  settings: EngineSettings;
  despawnAnimationMs?: number;
  /** the run's despawn animation name, when the engine was created with one */
  despawnAnimation?: string;
  log: readonly InputEvent[];
}

const DEG = Math.PI / 180;

/** Angular distance in degrees between two aims (yaw/pitch in degrees). */
export function angleBetween(y1: number, p1: number, y2: number, p2: number): number {
  const a1 = y1 * DEG, b1 = p1 * DEG, a2 = y2 * DEG, b2 = p2 * DEG;
  const x1 = Math.sin(a1) * Math.cos(b1), yy1 = Math.sin(b1), z1 = -Math.cos(a1) * Math.cos(b1);
  const x2 = Math.sin(a2) * Math.cos(b2), yy2 = Math.sin(b2), z2 = -Math.cos(a2) * Math.cos(b2);
  // atan2(|a x b|, a . b): accurate for tiny angles too (acos is not)
  const cx = yy1 * z2 - z1 * yy2, cy = z1 * x2 - x1 * z2, cz = x1 * yy2 - yy1 * x2;
  return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), x1 * x2 + yy1 * yy2 + z1 * z2) / DEG;
}

/**
 * Replays `input.log` and computes the analysis metrics (see the module comment).
 * Cost: one simulation of the run plus a ray test per tick; call it once when the round is over.
 */
export function analyseRun(input: ReplayInput): ShotAnalysis {
  return runToEnd(analyseRunSteps(input));
}

/** `analyseRun` in steps: pauses every ANALYSIS_TICKS_PER_STEP ticks of the replay
 * (contracts/slices.ts; the end of a round runs it in slices). */
export function* analyseRunSteps(input: ReplayInput): Steps<ShotAnalysis> {
  const e = createDrillEngine({
    drill: input.drill, seed: input.seed, settings: input.settings,
    despawnAnimationMs: input.despawnAnimationMs, despawnAnimation: input.despawnAnimation,
    recordInputLog: false, trackBullets: false, logger: () => undefined,
  });
  const log = input.log;
  let li = 0;
  const buf: InputEvent[] = [];

  // per live target eid: round time (ms, a tick end) since which the crosshair has been on it
  const onSince = new Map<number, number>();
  let segStartMs = 0;
  let segStartYaw = e.yaw, segStartPitch = e.pitch;
  let segPath = 0;
  let segFirstMove: { dy: number; dp: number } | null = null;
  let segReacted = false;
  // aim at the end of each tick of the segment (index 0 = segment start)
  const segYaw: number[] = [e.yaw], segPitch: number[] = [e.pitch], segEnd: number[] = [0];
  let reactSum = 0, reactN = 0;
  let effStraight = 0, effPath = 0;
  let angleSum = 0, angleN = 0;
  let counts = 0, movingTicks = 0;
  let hitsN = 0, lateN = 0, lateSum = 0;

  let prevYaw = e.yaw, prevPitch = e.pitch;
  while (!e.finished) {
    if (e.tick % ANALYSIS_TICKS_PER_STEP === ANALYSIS_TICKS_PER_STEP - 1) yield;
    const lo = e.tick * TICK_MS, hi = lo + TICK_MS;
    buf.length = 0;
    let looked = false;
    while (li < log.length && log[li].t < hi) {
      const ev = log[li++];
      buf.push(ev.t < lo ? ({ ...ev, t: lo } as InputEvent) : ev);
      if (ev.type === 'look') { counts += Math.sqrt(ev.dx * ev.dx + ev.dy * ev.dy); looked = true; }
    }
    const tickOnTarget = new Map(onSince);
    e.step(buf);
    if (looked) movingTicks++;
    const endMs = e.tick * TICK_MS;
    const dYaw = e.yaw - prevYaw, dPitch = e.pitch - prevPitch;
    const moved = angleBetween(prevYaw, prevPitch, e.yaw, e.pitch);
    segPath += moved;
    if (!segReacted && moved >= MOVE_EPS_DEG) {
      segReacted = true;
      segFirstMove = { dy: dYaw, dp: dPitch };
    }
    segYaw.push(e.yaw); segPitch.push(e.pitch); segEnd.push(endMs);
    for (const ev of e.drainEvents()) {
      if (ev.type === 'hit') {
        hitsN++;
        const since = tickOnTarget.get(ev.eid);
        if (since !== undefined && lo - since >= LATE_SHOT_MS) { lateN++; lateSum += lo - since; }
      } else if (ev.type === 'removed') {
        onSince.delete(ev.eid);
        if (ev.reason !== 'playerKilled' && ev.reason !== 'playerKilledCrit') continue;
        // reaction: first tick whose aim came MOVE_EPS_DEG closer to the killed target
        const vx = ev.x - e.eye.x, vy = ev.y - e.eye.y, vz = ev.z - e.eye.z;
        const ty = Math.atan2(vx, -vz) / DEG, tp = Math.asin(vy / Math.hypot(vx, vy, vz)) / DEG;
        let prevD = angleBetween(segYaw[0], segPitch[0], ty, tp);
        for (let k = 1; k < segYaw.length; k++) {
          const dk = angleBetween(segYaw[k], segPitch[k], ty, tp);
          if (prevD - dk >= MOVE_EPS_DEG) { reactSum += segEnd[k] - TICK_MS - segStartMs; reactN++; break; }
          prevD = dk;
        }
        const straight = angleBetween(segStartYaw, segStartPitch, e.yaw, e.pitch);
        effStraight += straight;
        effPath += segPath;
        if (segFirstMove && straight > MOVE_EPS_DEG) {
          const ty = e.yaw - segStartYaw, tp = e.pitch - segStartPitch;
          const n1 = Math.hypot(segFirstMove.dy, segFirstMove.dp), n2 = Math.hypot(ty, tp);
          if (n1 > 0 && n2 > 0) {
            const c = Math.max(-1, Math.min(1, (segFirstMove.dy * ty + segFirstMove.dp * tp) / (n1 * n2)));
            angleSum += Math.acos(c) / DEG;
            angleN++;
          }
        }
        segStartMs = endMs; segStartYaw = e.yaw; segStartPitch = e.pitch;
        segPath = 0; segFirstMove = null; segReacted = false;
        segYaw.length = 1; segPitch.length = 1; segEnd.length = 1;
        segYaw[0] = e.yaw; segPitch[0] = e.pitch; segEnd[0] = endMs;
      }
    }
    // which targets are under the crosshair now (tick end)
    const th = e.yaw * DEG, ph = e.pitch * DEG;
    const dx = Math.sin(th) * Math.cos(ph), dy = Math.sin(ph), dz = -Math.cos(th) * Math.cos(ph);
    const ox = e.eye.x, oy = e.eye.y, oz = e.eye.z;
    const under = new Set<number>();
    e.forEachTarget((t) => {
      if (t.despawn >= 0) return;
      const lx = t.x - ox, ly = t.y - oy, lz = t.z - oz;
      const tca = lx * dx + ly * dy + lz * dz;
      const d2 = lx * lx + ly * ly + lz * lz - tca * tca;
      if (tca > 0 && d2 <= t.radius * t.radius) under.add(t.eid);
    });
    for (const k of [...onSince.keys()]) if (!under.has(k)) onSince.delete(k);
    for (const k of under) if (!onSince.has(k)) onSince.set(k, endMs);
    prevYaw = e.yaw; prevPitch = e.pitch;
  }

  return {
    mouse_travel_efficiency: effPath > 0 ? round2(Math.min(100, (effStraight / effPath) * 100)) : null,
    mouse_pixel_speed: movingTicks > 0 ? round2(counts / (movingTicks * TICK_MS)) : null,
    av_reaction_time: reactN > 0 ? round2(reactSum / reactN) : null,
    prct_late_shots: hitsN > 0 ? round2((lateN / hitsN) * 100) : null,
    av_late_shot_time: lateN > 0 ? round2(lateSum / lateN) : null,
    initial_move_angle: angleN > 0 ? round2(angleSum / angleN) : null,
  };
}
