/**
 * The shot-performance overlay's numbers (spec section 2: "Shot-performance overlay (only when
 * analysis mode is on and after the countdown)"; issue 15 item 4): one record per shot, live,
 * from the frame's engine events and the aim. Pure (no Babylon, no DOM).
 *
 * Per shot:
 * - hit or miss (and crit), from the engine's 'hit' / 'miss' events;
 * - time since spawn (ms): round time of the shot's tick minus that of the spawn of the target
 *   it hit (misses: null);
 * - late or on time: a hit is late when the crosshair had been on the target it hit for at least
 *   LATE_SHOT_MS (100 ms) before the shot, the rule of the stored `prct_late_shots`
 *   (src/metrics/shotAnalysis.ts). Here "on the target" is sampled once per rendered frame (the
 *   stored metric replays every tick), so the overlay is a live reading of the same rule;
 * - path efficiency (%): the straight angular distance from the aim at the start of the segment
 *   (round start or the last kill) to the aim at the shot, over the angular path the aim
 *   travelled since (sampled per frame), × 100, capped at 100: the path-straightness measure
 *   of the stored `mouse_travel_efficiency` (MacKenzie, Kauppinen & Silfverberg 2001). Null
 *   while the aim has not moved.
 */
import type { DrillEngine, EngineEvent } from '../contracts/engine';
import { TICK_MS } from '../contracts/constants';
import { LATE_SHOT_MS } from '../metrics/shotAnalysis';
import { aimDirection } from './aim';

/** One shot of the overlay. */
export interface ShotRecord {
  /** 1-based shot number in the round */
  n: number;
  hit: boolean;
  crit: boolean;
  /** ms from the hit target's spawn to the shot; null for a miss */
  sinceSpawnMs: number | null;
  /** hits: late (on target ≥ 100 ms before the shot) or on time; misses: null */
  late: boolean | null;
  /** 0-100 %, null while the aim has not moved in the segment */
  pathEfficiency: number | null;
}

/** How many shots the overlay keeps (newest last). */
export const SHOT_FEED_LENGTH = 8;


/** The live shot records of one round (create one per round). */
export class ShotFeed {
  private readonly spawnTick = new Map<number, number>();
  /** eid → round ms since which the crosshair has been on it (continuously, per frame) */
  private readonly onSince = new Map<number, number>();
  private readonly onNow = new Set<number>();
  private shots = 0;
  private prevYaw: number | null = null;
  private prevPitch = 0;
  private segYaw = 0;
  private segPitch = 0;
  private path = 0;
  /** the records, newest last, at most SHOT_FEED_LENGTH */
  readonly records: ShotRecord[] = [];

  /**
   * Takes one rendered frame: `events` (the frame's engine events, in tick order) after the
   * engine advanced. Returns true when shots were recorded (the records changed).
   */
  frame(events: readonly EngineEvent[], engine: DrillEngine): boolean {
    const nowMs = engine.tick * TICK_MS;
    const yaw = engine.yaw, pitch = engine.pitch;
    if (this.prevYaw === null) {
      this.segYaw = yaw; this.segPitch = pitch;
    } else {
      this.path += Math.hypot(yaw - this.prevYaw, pitch - this.prevPitch);
    }
    this.prevYaw = yaw; this.prevPitch = pitch;

    let changed = false;
    for (const ev of events) {
      if (ev.type === 'spawn') this.spawnTick.set(ev.eid, ev.tick);
      else if (ev.type === 'hit' || ev.type === 'miss') {
        const hit = ev.type === 'hit';
        const shotMs = ev.tick * TICK_MS;
        let sinceSpawnMs: number | null = null;
        let late: boolean | null = null;
        if (hit) {
          const s = this.spawnTick.get(ev.eid);
          sinceSpawnMs = s === undefined ? null : Math.max(0, (ev.tick - s) * TICK_MS);
          const on = this.onSince.get(ev.eid);
          late = on !== undefined && shotMs - on >= LATE_SHOT_MS;
        }
        this.push({ n: ++this.shots, hit, crit: hit && ev.crit, sinceSpawnMs, late, pathEfficiency: this.efficiency(yaw, pitch) });
        changed = true;
      } else if (ev.type === 'removed') {
        this.spawnTick.delete(ev.eid);
        this.onSince.delete(ev.eid);
        if (ev.reason === 'playerKilled' || ev.reason === 'playerKilledCrit') {
          this.segYaw = yaw; this.segPitch = pitch; this.path = 0; // a new segment
        }
      }
    }
    this.trackOnTarget(engine, nowMs);
    return changed;
  }

  /** Straight / travelled angular distance of the segment so far, % (null: no movement). */
  private efficiency(yaw: number, pitch: number): number | null {
    if (this.path <= 1e-9) return null;
    const straight = Math.hypot(yaw - this.segYaw, pitch - this.segPitch);
    return Math.round(Math.min(100, (100 * straight) / this.path) * 10) / 10;
  }

  /** Marks which live targets the aim ray passes through now (angular distance to the centre
   * under the target's angular radius). */
  private trackOnTarget(engine: DrillEngine, nowMs: number): void {
    const d = aimDirection(engine.yaw, engine.pitch);
    const eye = engine.eye;
    this.onNow.clear();
    engine.forEachTarget((t) => {
      if (t.despawn >= 0) return;
      const vx = t.x - eye.x, vy = t.y - eye.y, vz = t.z - eye.z;
      const dist = Math.hypot(vx, vy, vz);
      if (dist <= t.radius) return;
      const cos = (vx * d.x + vy * d.y + vz * d.z) / dist;
      if (Math.acos(Math.max(-1, Math.min(1, cos))) <= Math.asin(t.radius / dist)) this.onNow.add(t.eid);
    });
    for (const eid of this.onSince.keys()) if (!this.onNow.has(eid)) this.onSince.delete(eid);
    for (const eid of this.onNow) if (!this.onSince.has(eid)) this.onSince.set(eid, nowMs);
  }

  private push(r: ShotRecord): void {
    this.records.push(r);
    if (this.records.length > SHOT_FEED_LENGTH) this.records.shift();
  }
}

