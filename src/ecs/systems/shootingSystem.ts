/**
 * Shooting system: resolves the tick's queued shots (inputSystem) in order. Each shot is a ray
 * from the eye at the moment of the click along (sin θ cos φ, sin φ, −cos θ cos φ); it is tested
 * analytically against every live target sphere on the ECS arrays (positions as drawn at the
 * start of the tick); the nearest hit in front of the eye wins (one target per shot). A target
 * whose lifetime ended before the shot's time cannot be hit.
 * Crits per target model (targetModels.ts): 'sphere' = the ray passes within
 * critRadiusFraction x radius of the centre; 'humanoid' = the ray hits the head sphere.
 * Growing targets are tested with their radius at the shot's time (movementSystem.radiusAt).
 * Clip (spec section 9: active when 0 < clip_size < 99999): a shot needs a round and no reload
 * (a shot during a reload is refused: a 'refused' event, reason 'reload');
 * every shot uses a round, or only hits when clip_decrement_on_hit is true; a killing shot
 * uses none and refills the clip when clip_reload_on_death; an empty clip reloads for
 * clip_reload_time ms.
 * Game-mode hooks (src/ecs/gameModes): hit (may change the damage), miss, afterShot. Shots per target (shots_per_target > 0): every shot uses one
 * of each live target's shots; a target out of shots and still alive is removed as 'missed'.
 * Counters: shots, hits, clusterHits (a shot that hits at least one target counts once), crits,
 * damage. Emits 'hit' or 'miss' per shot; records a BulletRecord when bullets are tracked.
 */
import { ST_ALIVE } from '../components';
import type { GameWorld } from '../world';
import { HIT_ARGS, applyHitIn } from './damageSystem';
import { markRemoved } from './despawnSystem';
import { radiusAt } from './movementSystem';
import { isCritHitIn } from '../targetModels';
import { sinCos } from '../detMath';
import { shotRules } from '../shotRules';

// target states as plain module bindings (cheaper than imported bindings in hot loops)
const ALIVE = ST_ALIVE;

const DEG = Math.PI / 180;

/** sinCos output scratch [sin, cos] (no allocation per call). */
const SC = new Float64Array(2);

/** Result of `raycastTargets`, reused. */
export interface RayHit { eid: number; t: number; crit: boolean }

/**
 * Nearest live target hit by the ray from (ox,oy,oz) along the unit vector (dx,dy,dz) at round
 * time `tMs`; writes eid -1 on a miss. Distance `t` in metres. O(live targets), no allocation.
 */
export function raycastTargets(
  w: GameWorld, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number,
  tMs: number, out: RayHit,
): RayHit {
  const ray = RAY;
  ray[0] = ox; ray[1] = oy; ray[2] = oz; ray[3] = dx; ray[4] = dy; ray[5] = dz; ray[6] = tMs;
  return raycastIn(w, ray, out);
}

/** The ray of `raycastTargets` [ox, oy, oz, dx, dy, dz, tMs], then the crit test's arguments
 * (isCritHitIn) in slots 0..11: the shot path passes no boxed numbers. */
const RAY = new Float64Array(12);

/** `raycastTargets` with the ray in `ray` (see RAY); overwrites ray[6..11]. */
function raycastIn(w: GameWorld, ray: Float64Array, out: RayHit): RayHit {
  const ox = ray[0], oy = ray[1], oz = ray[2], dx = ray[3], dy = ray[4], dz = ray[5], tMs = ray[6];
  const dense = w.qTargets.dense;
  const T = w.c.Transform;
  const X = T.x, Y = T.y, Z = T.z;
  const st = w.c.Target.state;
  const rad = w.c.Target.radius;
  const exp = w.c.Lifetime.expireMs;
  const cf = w.drill.target.critRadiusFraction;
  const growing = w.drill.target.growMode !== 'none';
  let best = -1, bestT = Infinity, bestD2 = 0, bestR = 0;
  for (let i = 0, n = dense.length; i < n; i++) {
    const e = dense[i];
    if (st[e] !== ALIVE || tMs >= exp[e]) continue;
    const lx = X[e] - ox, ly = Y[e] - oy, lz = Z[e] - oz;
    const tca = lx * dx + ly * dy + lz * dz;
    const r = growing ? radiusAt(w, e, tMs) : rad[e];
    const l2 = lx * lx + ly * ly + lz * lz;
    const d2 = l2 - tca * tca;
    const r2 = r * r;
    if (d2 > r2) continue;
    const thc = Math.sqrt(r2 - d2);
    let t = tca - thc;
    if (t < 0) {
      t = tca + thc; // eye inside the sphere
      if (t < 0) continue;
    }
    if (t < bestT) { bestT = t; best = e; bestD2 = d2; bestR = r; }
  }
  out.eid = best;
  out.t = bestT;
  if (best >= 0) {
    ray[6] = X[best]; ray[7] = Y[best]; ray[8] = Z[best]; ray[9] = bestR; ray[10] = bestD2; ray[11] = cf;
    out.crit = isCritHitIn(w.critKind, ray);
  } else out.crit = false;
  return out;
}

const hitOut: RayHit = { eid: -1, t: 0, crit: false };

/** Resolves the tick's shots; see the module comment. */
export function shootingSystem(w: GameWorld): void {
  const q = w.shots;
  const clip = w.clip;
  const cnt = w.counters;
  const tgt = w.c.Target;
  for (let s = 0; s < q.n; s++) {
    if (w.mode.endRequested) break; // a game-mode hook ended the round
    const tMs = q.t[s];
    if (clip.enabled) {
      if (tMs < clip.reloadUntilMs) {
        if (w.recordEvents) w.events.push({ type: 'refused', tick: w.tick, t: tMs, reason: 'reload', untilMs: clip.reloadUntilMs });
        continue;
      }
      if (clip.remaining <= 0) clip.remaining = clip.size; // reload finished
    }
    const yaw = q.yaw[s] * DEG, pitch = q.pitch[s] * DEG;
    sinCos(pitch, SC);
    const sp = SC[0], cp = SC[1];
    sinCos(yaw, SC);
    const dx = SC[0] * cp, dy = sp, dz = -SC[1] * cp;
    const ray = RAY;
    ray[0] = q.ex[s]; ray[1] = q.ey[s]; ray[2] = q.ez[s]; ray[3] = dx; ray[4] = dy; ray[5] = dz; ray[6] = tMs;
    const h = raycastIn(w, ray, hitOut);
    cnt.shots++;
    const decoy = shotRules(w, h.eid, tMs); // decoys, adaptive misses (src/ecs/shotRules.ts)
    const eid = decoy ? -1 : h.eid;
    let killed = false;
    let damage = 0;
    let index = -1;
    if (eid >= 0) {
      index = tgt.index[eid];
      damage = h.crit ? w.drill.critDmgMultiplier : 1;
      const hitHook = w.mode.hooks.hit;
      if (hitHook) {
        const d = hitHook(w, eid, damage, h.crit, tMs);
        if (typeof d === 'number' && d >= 0) damage = d;
      }
      cnt.hits++;
      cnt.clusterHits++;
      if (h.crit) cnt.crits++;
      cnt.damage += damage;
      if (w.recordEvents) w.events.push({ type: 'hit', tick: w.tick, target: index, eid, crit: h.crit, damage });
      HIT_ARGS[0] = damage; HIT_ARGS[1] = tMs; // = applyHit(w, eid, damage, crit, tMs), allocation-free
      killed = applyHitIn(w, eid, h.crit);
    } else if (!decoy) {
      if (w.recordEvents) w.events.push({ type: 'miss', tick: w.tick });
      const missHook = w.mode.hooks.miss;
      if (missHook) missHook(w, tMs);
    }
    const uses = w.drill.weapon.clipDecrementOnHit ? eid >= 0 : true;
    if (clip.enabled && uses && !(killed && w.drill.weapon.clipReloadOnDeath)) {
      clip.remaining--;
      if (clip.remaining <= 0) {
        clip.remaining = 0;
        clip.reloadUntilMs = tMs + w.drill.weapon.clipReloadTimeMs;
      }
    }
    if (w.trackBullets) {
      w.bullets.push({
        tick: w.tick, t_ms: tMs, hit: eid >= 0, crit: eid >= 0 && h.crit, killed,
        yaw: q.yaw[s], pitch: q.pitch[s], target: index, damage,
        ...(eid >= 0 ? { target_age_ms: tMs - tgt.spawnMs[eid] } : {}),
      });
    }
    if (w.drill.shotsPerTarget > 0) {
      const dense = w.qTargets.dense;
      for (let i = 0, n = dense.length; i < n; i++) {
        const e = dense[i];
        if (tgt.state[e] !== ALIVE || tgt.shotsLeft[e] < 0) continue;
        if (--tgt.shotsLeft[e] === 0) markRemoved(w, e, 'missed', tMs);
      }
    }
    const after = w.mode.hooks.afterShot;
    if (after) after(w, tMs, eid, killed);
  }
  q.n = 0;
}
