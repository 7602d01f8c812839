/**
 * Input / aim system: walks the tick's input events in delivery order and
 * - applies look deltas to the aim (yaw += dx * sens * 0.022 deg; pitch -= dy * sensY * 0.022
 *   unless invertY; pitch clamped to [-89, 89]; spec section 3 control options,
 *   contracts/engine.ts),
 * - scales look deltas by the ADS sensitivity while the ADS button is held (default 1; the
 *   button is ignored when the drill has `ads` off); the view divides the fov by the drill's ADS
 *   zoom meanwhile (DrillEngine.zoom),
 * - moves the eye while movement keys are held (player_movement_speed m/s on the ground plane,
 *   along the current yaw; kept within MOVE_RANGE metres of the start),
 * - queues shots with the aim and eye AT THE MOMENT of each shot: a click sees every look event
 *   delivered before it in the tick, none after it (DESIGN.md data flow 2).
 * Fire-rate limit (weapon_fire_rate shots/s, interval I = 1000 / rate ms): a semi-automatic
 * press fires at its time t only when t >= last shot + I (else it is refused: a 'refused' event,
 * reason 'fireRate'); an automatic
 * weapon fires at the press (or as soon as the interval allows) and then every I ms while held.
 * Shots at a time equal to a later event's t come after that event; shots stop at the tick end.
 * Counts look events into mouseInputs / controllerInputs (spec section 3 run counters).
 */
import type { InputEvent } from '../../contracts/engine';
import {
  createInputColumns, writeInputColumns, INPUT_CODE_ADS, INPUT_CODE_FIRE, INPUT_CODE_LOOK, INPUT_CODE_LOOK_CONT,
  INPUT_CODE_LOOK_MOUSE, INPUT_CODE_MOVE, type InputColumns,
} from '../../contracts/inputColumns';
import { TICK_MS } from '../../contracts/constants';
import { ensureShotCapacity, type GameWorld } from '../world';
import { sinCos } from '../detMath';

/** Most shots the input system queues in one tick (an automatic weapon at the schema's top fire
 * rate, 100 shots/s, fires 2 a tick). Past it the system throws instead of looping on: a bug
 * that stops `nextShotMs` from advancing fails a test rather than hanging it. */
export const MAX_SHOTS_PER_TICK = 1024;

/** Maximum distance the eye may walk from the start position on x and z, metres. */
export const MOVE_RANGE = 4;
/** Pitch limit, degrees. */
export const PITCH_LIMIT = 89;

/** sinCos output scratch [sin, cos] (no allocation per call). */
const SC = new Float64Array(2);

/** Argument scratch of the helpers below (ms): [moveEyeIn's toMs, autoFireIn's untilMs,
 * queueShotIn's t, applyLookIn's dx, dy (counts)]. Callers write the time here and call the helper, so no number crosses a
 * call on the input path whatever the compiler inlines (no allocation per input event). */
const ARGS = new Float64Array(5);

function moveEyeIn(w: GameWorld): void {
  const toMs = ARGS[0];
  const inp = w.input;
  const dt = toMs - inp.cursorMs;
  if (dt > 0 && inp.moveMask !== 0 && w.drill.playerMovementSpeed > 0) {
    const m = inp.moveMask;
    let f = 0, s = 0;
    if (m & 1) f += 1;
    if (m & 2) f -= 1;
    if (m & 4) s -= 1;
    if (m & 8) s += 1;
    if (f !== 0 || s !== 0) {
      const len = Math.sqrt(f * f + s * s);
      const d = (w.drill.playerMovementSpeed * dt) / 1000 / len;
      const th = (w.yaw * Math.PI) / 180;
      sinCos(th, SC);
      const sn = SC[0], cs = SC[1];
      // forward (sin, 0, -cos), right (cos, 0, sin)
      const sx = w.drill.playerStart[0], sz = w.drill.playerStart[2];
      let x = w.eye.x + d * (f * sn + s * cs);
      let z = w.eye.z + d * (-f * cs + s * sn);
      if (x < sx - MOVE_RANGE) x = sx - MOVE_RANGE; else if (x > sx + MOVE_RANGE) x = sx + MOVE_RANGE;
      if (z < sz - MOVE_RANGE) z = sz - MOVE_RANGE; else if (z > sz + MOVE_RANGE) z = sz + MOVE_RANGE;
      w.eye.x = x;
      w.eye.z = z;
    }
  }
  if (toMs > inp.cursorMs) inp.cursorMs = toMs;
}

function queueShotIn(w: GameWorld): void {
  const t = ARGS[2];
  ensureShotCapacity(w);
  const q = w.shots;
  const i = q.n++;
  q.t[i] = t; q.yaw[i] = w.yaw; q.pitch[i] = w.pitch;
  q.ex[i] = w.eye.x; q.ey[i] = w.eye.y; q.ez[i] = w.eye.z;
  w.input.nextShotMs = t + w.shotIntervalMs;
}

/** Throws the iteration-bound error of the shot loops (see MAX_SHOTS_PER_TICK). */
function tooManyShots(w: GameWorld): never {
  throw new Error(`inputSystem: more than ${MAX_SHOTS_PER_TICK} shots queued in tick ${w.tick} `
    + `(shot interval ${w.shotIntervalMs} ms, next shot time ${w.input.nextShotMs} ms): the fire-rate limit is not advancing`);
}

/** Automatic fire: queue the shots due strictly before `untilMs` while the trigger is held. */
function autoFireIn(w: GameWorld): void {
  const untilMs = ARGS[1];
  const inp = w.input;
  if (!inp.fireHeld || !w.drill.weapon.automatic) return;
  while (inp.nextShotMs < untilMs) {
    if (w.shots.n >= MAX_SHOTS_PER_TICK) tooManyShots(w);
    const t = inp.nextShotMs > inp.cursorMs ? inp.nextShotMs : inp.cursorMs;
    ARGS[0] = t; moveEyeIn(w);
    ARGS[2] = t; queueShotIn(w);
  }
}

/** Applies one look delta (counts) to the aim; while ADS is held the delta is scaled by the
 * ADS sensitivity multiplier. */
export function applyLook(w: GameWorld, dx: number, dy: number): void {
  ARGS[3] = dx; ARGS[4] = dy;
  applyLookIn(w);
}

/** `applyLook` with [dx, dy] in ARGS[3], ARGS[4]. */
function applyLookIn(w: GameWorld): void {
  const dx = ARGS[3], dy = ARGS[4];
  const m = w.input.adsHeld ? w.adsMultiplier : 1;
  w.yaw += dx * w.degPerCountX * m;
  let p = w.pitch + dy * w.degPerCountY * m;
  if (p > PITCH_LIMIT) p = PITCH_LIMIT; else if (p < -PITCH_LIMIT) p = -PITCH_LIMIT;
  w.pitch = p;
}

/** The columns `inputSystem` writes a tick's event objects into (module scratch: the system is
 * never re-entered). */
const SCRATCH = createInputColumns(64);

/**
 * Runs the input system for the current tick over `events[start, end)` (already checked to lie
 * in the tick's window): the events are written into columns (contracts/inputColumns.ts
 * `writeInputColumns`) and `inputSystemColumns` runs on them. Leaves the tick's shots in
 * `w.shots` for the shooting system.
 */
export function inputSystem(w: GameWorld, events: readonly InputEvent[], start: number, end: number): void {
  const n = writeInputColumns(events, start, end, SCRATCH);
  inputSystemColumns(w, SCRATCH, 0, n);
}

/**
 * Runs the input system for the current tick over the events `cols[start, end)` (columns of
 * contracts/inputColumns.ts, already checked to lie in the tick's window; the server's
 * re-simulation passes its decoded log as it is). Leaves the tick's shots in `w.shots` for the
 * shooting system.
 */
export function inputSystemColumns(w: GameWorld, cols: InputColumns, start: number, end: number): void {
  const inp = w.input;
  const tickStart = w.tick * TICK_MS;
  const tickEnd = tickStart + TICK_MS;
  w.shots.n = 0;
  if (inp.cursorMs < tickStart) inp.cursorMs = tickStart;
  const automatic = w.drill.weapon.automatic, walks = w.drill.playerMovementSpeed > 0;
  // a look event without a device counts for the settings' device, else the mouse
  const defaultCont = (w.settings.inputDevice ?? 'Mouse') === 'Cont';
  const code = cols.code, ts = cols.t, as = cols.a, bs = cols.b;
  for (let i = start; i < end; i++) {
    const c = code[i];
    const et = ts[i];
    const t = et > inp.cursorMs ? et : inp.cursorMs;
    const isLook = c === INPUT_CODE_LOOK || c === INPUT_CODE_LOOK_MOUSE || c === INPUT_CODE_LOOK_CONT;
    // a look event with no automatic fire held and no walk: autoFireIn and moveEyeIn would only
    // move the cursor to t (most events of a 1 kHz mouse), so the cursor is moved here instead
    if (isLook && !(inp.fireHeld && automatic) && (inp.moveMask === 0 || !walks)) inp.cursorMs = t;
    else {
      ARGS[1] = t; autoFireIn(w);
      ARGS[0] = t; moveEyeIn(w);
    }
    if (isLook) {
      ARGS[3] = as[i]; ARGS[4] = bs[i]; // = applyLook(w, dx, dy), allocation-free
      applyLookIn(w);
      if (c === INPUT_CODE_LOOK_CONT || (c === INPUT_CODE_LOOK && defaultCont)) w.counters.controllerInputs++;
      else w.counters.mouseInputs++;
    } else if (c === INPUT_CODE_FIRE) {
      if (as[i] === 1) {
        if (!inp.fireHeld || !w.drill.weapon.automatic) {
          if (t >= inp.nextShotMs) {
            if (w.shots.n >= MAX_SHOTS_PER_TICK) tooManyShots(w);
            ARGS[2] = t; queueShotIn(w);
          } else if (w.recordEvents) {
            w.events.push({ type: 'refused', tick: w.tick, t, reason: 'fireRate', untilMs: inp.nextShotMs });
          }
        }
        inp.fireHeld = true;
      } else {
        inp.fireHeld = false;
      }
    } else if (c === INPUT_CODE_MOVE) {
      inp.moveMask = as[i] & 15;
    } else if (c === INPUT_CODE_ADS) {
      inp.adsHeld = as[i] === 1 && w.drill.ads.enabled;
    }
  }
  ARGS[1] = tickEnd; autoFireIn(w);
  ARGS[0] = tickEnd; moveEyeIn(w);
}
