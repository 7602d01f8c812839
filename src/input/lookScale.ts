/**
 * Live mouse sensitivity without touching the replay (pure; no DOM).
 *
 * The drill engine turns a look event's counts into degrees with the sensitivity it was
 * CREATED with (EngineSettings: deg = dx · sensitivity · YAW_DEG_PER_COUNT, pitch likewise with
 * sensitivityY and the invert sign, times the ADS multiplier while ADS is held), and the replay
 * (submission `replay.settings` + input log) re-simulates with those same settings. When the
 * player saves a new sensitivity, vertical sensitivity, invert or ADS sensitivity mid-run (pause
 * → Settings), the recorder therefore RESCALES the raw counts of every later mouse sample by
 *   scale.x = live deg/count x ÷ engine deg/count x,  scale.y likewise (sign flips on an invert
 *   change),  × scale.ads while ADS is held,
 * and records the rescaled counts. The engine applies its unchanged settings to them, so the
 * aim turns exactly as the new setting asks, and the input log holds exactly the counts the
 * engine applied: a replay with the run's engine settings is bit-identical (same float64
 * products, JSON keeps float64 exactly). The change takes effect at the first sample recorded
 * after the save: a save happens while paused, recording is stopped, so every earlier sample
 * was recorded (and will be applied) at the old scale and every later one at the new scale.
 * Rejected (mouse-skip) samples keep their raw counts and apply nothing, as before.
 */

/** The sensitivity part of the engine settings (contracts/engine.ts EngineSettings). */
export interface LookSensitivity {
  /** product sensitivity (yaw), > 0 */
  sensitivity: number;
  /** vertical sensitivity; null = same as `sensitivity` */
  sensitivityY: number | null;
  invertY: boolean;
  /** look multiplier while ADS is held (> 0) */
  adsSensitivity: number;
}

/** Multipliers applied to raw mouse counts (unitless). */
export interface LookScale {
  /** movementX multiplier */
  x: number;
  /** movementY multiplier (negative when the live invert differs from the engine's) */
  y: number;
  /** extra multiplier for both axes while the ADS button is held */
  ads: number;
}

/** No rescaling: the live settings are the engine's. */
export const IDENTITY_LOOK_SCALE: LookScale = Object.freeze({ x: 1, y: 1, ads: 1 });

/** `v` when it is a finite number above 0 (a usable sensitivity or multiplier), else `fallback`. */
export function positiveOr<T>(v: unknown, fallback: T): number | T {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;
}

/**
 * The scale that makes an engine created with `engine` turn as `live` asks (see the file
 * comment). Non-positive or non-finite values count as their default (sensitivity 1, Y = X,
 * ADS 1). `adsEnabled` false (the drill has no ADS: the engine ignores the button) gives ads 1.
 */
export function lookScaleOf(engine: LookSensitivity, live: LookSensitivity, adsEnabled = true): LookScale {
  const ex = positiveOr(engine.sensitivity, 1);
  const lx = positiveOr(live.sensitivity, 1);
  const ey = positiveOr(engine.sensitivityY, ex);
  const ly = positiveOr(live.sensitivityY, lx);
  const flip = engine.invertY !== live.invertY ? -1 : 1;
  const ads = adsEnabled ? positiveOr(live.adsSensitivity, 1) / positiveOr(engine.adsSensitivity, 1) : 1;
  return { x: lx / ex, y: (ly / ey) * flip, ads };
}

/** True when `s` changes nothing. */
export function isIdentityLookScale(s: LookScale): boolean {
  return s.x === 1 && s.y === 1 && s.ads === 1;
}

/**
 * Raw counts (`dx`, `dy`: movementX / movementY) → the counts to record under `scale`, with
 * the ADS factor when `adsHeld`. The identity scale returns the inputs unchanged.
 */
export function scaleLook(dx: number, dy: number, scale: LookScale, adsHeld: boolean): { dx: number; dy: number } {
  if (isIdentityLookScale(scale)) return { dx, dy };
  const a = adsHeld ? scale.ads : 1;
  return { dx: dx * scale.x * a, dy: dy * scale.y * a };
}
