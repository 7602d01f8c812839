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
 * damage, blocked. A hit the hit hook turns into 0 damage (the 'priority' mode's protected
 * targets) is BLOCKED: a 'blocked' event, counted in `blocked` only (not a hit, cluster hit or
 * crit, so it lowers accuracy like a miss), no damage, no tag. Emits 'hit', 'blocked' or 'miss'
 * per shot; records a BulletRecord when bullets are tracked (a blocked shot: hit false, damage 0).
 */
import { ST_ALIVE } from '../components';
import type { GameWorld } from '../world';
import { HIT_ARGS, applyHitIn } from './damageSystem';
import { markRemoved } from './despawnSystem';
import { radiusAt } from './movementSystem';
import { rayPartsIn } from '../targetModels';
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

/** The ray of `raycastTargets` [ox, oy, oz, dx, dy, dz, tMs]: the shot path passes no boxed
 * numbers. */
const RAY = new Float64Array(8);
/** rayPartsIn's output [t, crit] (no allocation per shot). */
const PART_HIT = new Float64Array(2);

/**
 * `raycastTargets` with the ray in `ray` (see RAY). Per live target: the bounding sphere of
 * radius r first (the cheap reject; for the sphere model with uniform scale it is the drawn
 * shape and the whole test, as before); then, for the other models (or a stretched sphere),
 * the model's parts (targetModels.ts rayPartsIn) in the target's local unit space: the ray
 * moved to the centre, turned back by the face-player yaw (toward the shot's eye, as the view
 * turns it: TargetView.facing), divided by r × the drill's per-axis scale / its largest
 * factor. The nearest entry in front of the eye wins. Crit: the part hit first is a crit part
 * (a head); on the sphere model only with the drill's drawn core (`critCore`): the ray passes
 * within critRadiusFraction × r of the centre.
 */
function raycastIn(w: GameWorld, ray: Float64Array, out: RayHit): RayHit {
  const ox = ray[0], oy = ray[1], oz = ray[2], dx = ray[3], dy = ray[4], dz = ray[5], tMs = ray[6];
  const dense = w.qTargets.dense;
  const T = w.c.Transform;
  const X = T.x, Y = T.y, Z = T.z;
  const st = w.c.Target.state;
  const rad = w.c.Target.radius;
  const exp = w.c.Lifetime.expireMs;
  const hm = w.hitModel;
  const parts = hm.parts;
  const useParts = hm.useParts, face = hm.facePlayer, kx = hm.kx, ky = hm.ky, kz = hm.kz;
  const growing = w.drill.target.growMode !== 'none';
  const ph = PART_HIT;
  let best = -1, bestT = Infinity, bestD2 = 0, bestR = 0, bestCrit = false;
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
    if (t >= bestT) continue; // its parts lie inside the sphere: no nearer entry
    let crit = false;
    if (useParts) {
      // the eye relative to the centre, turned back by the facing yaw (view: the model's +z
      // turns to (s, 0, c) = the horizontal direction to the eye), then unscaled
      let px = -lx, pz = -lz, qx = dx, qz = dz;
      if (face) {
        const hh = Math.sqrt(lx * lx + lz * lz);
        if (hh > 0) {
          const s = -lx / hh, c = -lz / hh;
          px = -lx * c + lz * s; pz = -lx * s - lz * c;
          qx = dx * c - dz * s; qz = dx * s + dz * c;
        }
      }
      const sx = r * kx, sy = r * ky, sz = r * kz;
      rayPartsIn(parts, px / sx, -ly / sy, pz / sz, qx / sx, dy / sy, qz / sz, ph);
      if (!(ph[0] < bestT)) continue; // no part hit (Infinity), or behind a nearer target
      t = ph[0];
      crit = ph[1] !== 0;
    }
    best = e; bestT = t; bestD2 = d2; bestR = r; bestCrit = crit;
  }
  out.eid = best;
  out.t = bestT;
  if (best >= 0) out.crit = hm.critCore ? bestD2 <= hm.coreFraction * hm.coreFraction * bestR * bestR : bestCrit;
  else out.crit = false;
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
    let blocked = false;
    if (eid >= 0) {
      index = tgt.index[eid];
      damage = h.crit ? w.drill.critDmgMultiplier : 1;
      const hitHook = w.mode.hooks.hit;
      if (hitHook) {
        const d = hitHook(w, eid, damage, h.crit, tMs);
        if (typeof d === 'number' && d >= 0) damage = d;
      }
      if (damage <= 0) {
        // blocked (e.g. 'priority': a protected target): no hit, no crit, no tag, no damage
        blocked = true;
        cnt.blocked++;
        if (w.recordEvents) w.events.push({ type: 'blocked', tick: w.tick, target: index, eid });
      } else if (!decoy) {
        cnt.hits++;
        cnt.clusterHits++;
        if (h.crit) cnt.crits++;
        cnt.damage += damage;
        if (w.recordEvents) w.events.push({ type: 'hit', tick: w.tick, target: index, eid, crit: h.crit, damage });
        HIT_ARGS[0] = damage; HIT_ARGS[1] = tMs; // = applyHit(w, eid, damage, crit, tMs), allocation-free
        killed = applyHitIn(w, eid, h.crit);
      }
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
        tick: w.tick, t_ms: tMs, hit: eid >= 0 && !blocked, crit: eid >= 0 && !blocked && h.crit, killed,
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
