/**
 * Return to centre (spec sections 3 and 4: return_to_centre, return_pos; "Remaining time is the
 * duration minus elapsed time plus any return-to-centre pause time"). When the drill has
 * return_to_centre on (never together with priority modes: the parser turns it off), each kill
 * starts a wait (despawnSystem.markRemoved): refills stay pending (spawnSystem) until, at the end
 * of a tick, the aim is within the drill's return angle (config returnAngle, default
 * RETURN_ANGLE_DEG = 3 degrees) of the direction from the eye to return_pos (default 0, 0, -40), or the wait has lasted RETURN_WAIT_MAX_MS. The time waited
 * (kill time to that tick's end, ms) is the pause time: it is added to the round's length, so
 * the round ends later by exactly that much (w.durationTicks grows; HUD remaining =
 * duration - elapsed + pause, DrillEngine.remainingMs). While waiting, the pause includes the
 * running wait, so the remaining time stands still.
 */
import { TICK_MS } from '../../contracts/constants';
import { RETURN_WAIT_MAX_MS, type GameWorld } from '../world';
import { cos, sinCos } from '../detMath';

const DEG = Math.PI / 180;

/** sinCos output scratch [sin, cos] (no allocation per call). */
const SC = new Float64Array(2);

/** Cosine of the angle between the aim and the eye -> return_pos direction (1 = on it). */
export function centreCos(w: GameWorld): number {
  const rp = w.drill.returnPos;
  const vx = rp[0] - w.eye.x, vy = rp[1] - w.eye.y, vz = rp[2] - w.eye.z;
  const len = Math.sqrt(vx * vx + vy * vy + vz * vz);
  if (len === 0) return 1;
  const th = w.yaw * DEG, ph = w.pitch * DEG;
  sinCos(ph, SC);
  const sp = SC[0], cp = SC[1];
  sinCos(th, SC);
  return (SC[0] * cp * vx + sp * vy - SC[1] * cp * vz) / len;
}

/** Resolves the return-to-centre wait at the end of the current tick (see the module comment). */
export function returnToCentreSystem(w: GameWorld): void {
  const rtc = w.rtc;
  if (!rtc.waiting) return;
  const endMs = (w.tick + 1) * TICK_MS;
  const waited = endMs - rtc.waitStartMs;
  // the drill's angle (config returnAngle, default RETURN_ANGLE_DEG); detMath's cos: the same
  // limit on every platform
  if (centreCos(w) >= cos(w.drill.returnAngleDeg * DEG) || waited >= RETURN_WAIT_MAX_MS) {
    rtc.waiting = false;
    rtc.donePauseMs += waited;
    rtc.pauseMs = rtc.donePauseMs;
  } else {
    rtc.pauseMs = rtc.donePauseMs + waited;
  }
  w.durationTicks = Math.ceil((w.durationMs + rtc.pauseMs) / TICK_MS);
}
