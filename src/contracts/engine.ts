/**
 * The contract between the drill engine (src/ecs, pure TypeScript) and its users: the game
 * view and loop (src/game), the Node replay (server) and the tests.
 *
 * Coordinates: right-handed, metres, y up; at yaw 0 / pitch 0 the player looks along -z.
 * The aim direction for yaw θ and pitch φ (degrees) is
 *   (sin θ · cos φ, sin φ, −cos θ · cos φ).
 * A positive mouse dx (counts, `movementX`) turns right (yaw increases); a positive dy (down)
 * lowers the aim (pitch decreases) unless `invertY`. Pitch is clamped to [-89, 89] degrees.
 * One count turns `sensitivity * YAW_DEG_PER_COUNT` degrees (contracts/constants.ts).
 *
 * Time: the round starts at t = 0 ms when the countdown completes. Tick k covers round time
 * [k·TICK_MS, (k+1)·TICK_MS). Input events carry their round time `t` in ms (from
 * `event.timeStamp`), so a click is resolved with the aim made by every look event before it.
 */
import type { DrillConfig } from './drillConfig';
import type { BulletRecord } from './performance';
import type { InputColumns } from './inputColumns';

/** Movement key bitmask bits of 'move' events: 1 forward, 2 backward, 4 left, 8 right. */
export const MOVE_BITS = { forward: 1, backward: 2, left: 4, right: 8 } as const;

/** A raw input event of the run, in the order the browser delivered it. */
export type InputEvent =
  /** mouse or stick movement in counts (floating point; gamepad look is converted to counts).
   * `device` says which counter (mouseInputs / controllerInputs) the event adds to; absent =
   * `EngineSettings.inputDevice`, else 'Mouse'. `rejected` is set when the mouse-skip filter
   * (src/input/mouseSkipFilter.ts) rejected the sample: it then holds the raw movementX/Y and
   * dx = dy = 0, so applying the event changes nothing and a replay of the log is exact. */
  | { type: 'look'; t: number; dx: number; dy: number; device?: 'Mouse' | 'Cont'; rejected?: { dx: number; dy: number } }
  /** fire button pressed (down) or released */
  | { type: 'fire'; t: number; down: boolean }
  /** movement keys held, as a bitmask: 1 forward, 2 backward, 4 left, 8 right */
  | { type: 'move'; t: number; mask: number }
  /** ads button pressed / released */
  | { type: 'ads'; t: number; down: boolean };

/** Player settings the simulation needs (from the gameconfig response / control options). */
export interface EngineSettings {
  /** product sensitivity (x), deg/count = sensitivity * YAW_DEG_PER_COUNT */
  sensitivity: number;
  /** vertical sensitivity; null = same as `sensitivity` */
  sensitivityY: number | null;
  invertY: boolean;
  /** 'Mouse' unless the player aims with a controller; counts the input type */
  inputDevice?: 'Mouse' | 'Cont';
  /** look multiplier while the ADS button is held (control option ads_sens); default: the
   * drill's `adsSens` (1) */
  adsSensitivity?: number;
}

/** Why a target left the field (spec section 4). */
export type RemovalReason = 'playerKilled' | 'playerKilledCrit' | 'timedOut' | 'missed' | 'gameOver' | 'decoyHit';

/** Something that happened in a tick, for HUD, markers, audio and effects. */
export type EngineEvent =
  | { type: 'spawn'; tick: number; target: number; eid: number }
  | { type: 'hit'; tick: number; target: number; eid: number; crit: boolean; damage: number }
  | { type: 'miss'; tick: number }
  /** a shot that hit a target the game mode protects (its hit hook made the damage 0, e.g. a
   * non-priority target while a priority one lives): not a hit (no damage, no crit) */
  | { type: 'blocked'; tick: number; target: number; eid: number }
  /** a shot the weapon refused: a press before the fire-rate interval allowed it (`fireRate`),
   * or a shot (press or automatic fire) while the clip was empty and reloading (`reload`; in
   * this engine an empty clip always reloads, so an empty-clip refusal is a `reload` one).
   * `t`: the round time of the refused shot, ms; `untilMs`: the round time the weapon could
   * fire again (next shot time, or reload end), ms. Not counted as a shot. */
  | { type: 'refused'; tick: number; t: number; reason: ShotRefusal; untilMs: number }
  | { type: 'removed'; tick: number; target: number; eid: number; reason: RemovalReason; x: number; y: number; z: number }
  /** a shot hit a decoy (a target that must not be shot, config decoyShare): the decoy is
   * removed ('decoyHit'), the shot counts as a shot that hit nothing, and the run loses
   * DECOY_PENALTY_TARGETS of targets_destroyed (src/ecs/decoys.ts). `t`: the shot's round time, ms */
  | { type: 'decoyHit'; tick: number; t: number; target: number; eid: number }
  | { type: 'finished'; tick: number };

/** Why the weapon refused a shot (EngineEvent 'refused'). */
export type ShotRefusal = 'fireRate' | 'reload';

/** Run counters (spec section 3). `timeUntilKilled` and `totalTime` are in ms. */
export interface RunCounters {
  hits: number;
  clusterHits: number;
  crits: number;
  /** shots that hit a protected target for 0 damage ('blocked' events); not in hits */
  blocked: number;
  kills: number;
  damage: number;
  shots: number;
  spawns: number;
  timeUntilKilled: number;
  totalTime: number;
  mouseInputs: number;
  controllerInputs: number;
  clip: { size: number; remaining: number; reloadProgress: number };
  /** shots that hit a decoy (config decoyShare; the engine always sets it, absent = 0 in
   * hand-made counters) */
  decoyHits?: number;
}

/** What the view needs of one live (or despawning) target. */
export interface TargetView {
  eid: number;
  /** position now and at the previous tick, for interpolation */
  x: number; y: number; z: number;
  px: number; py: number; pz: number;
  /** sphere radius in metres (target_size x scale) */
  radius: number;
  health: number;
  maxHealth: number;
  priority: boolean;
  /** 0..1 remaining lifetime, 1 when the target has no limit */
  lifetimeLeft: number;
  /** despawn animation progress 0..1; -1 while alive */
  despawn: number;
  removalReason: RemovalReason | null;
  /** despawn colour index while despawning: 0 kill (playerKilled), 1 critical
   * (playerKilledCrit), 2 despawn colour (any other reason); -1 while alive. Colours:
   * src/ecs/despawnAnimation.ts DESPAWN_COLOURS. (Always set by the engine; optional in the type
   * so hand-made views in tests stay valid.) */
  despawnColour?: number;
  /** tag 0..1: 1 right after a hit, decays 0.25 per second (spec section 4) */
  tag?: number;
  /** yaw in degrees the target's front faces: toward the eye for face-player targets, else 0
   * (facing +z, toward the default player position) */
  facing?: number;
  /** target model (drill target_model: 'sphere' | 'humanoid') */
  model?: string;
  /** true for grounded targets (they sit on the floor, y = radius) */
  grounded?: boolean;
  /** true for a decoy: a target the player must not shoot (drawn in the decoy colour) */
  decoy?: boolean;
}

/** One particle of an exploding kill (spec section 4: 8 sparks plus a centre burst), for the
 * view. Positions and sizes in metres; colour linear RGB 0..1 from the kill ramp (4 colours) or
 * the critical ramp (7 colours) at the animation's progress. */
export interface SparkView {
  /** entity of the exploding target */
  eid: number;
  /** 0..7 sparks, 8 = the centre burst */
  index: number;
  x: number; y: number; z: number;
  /** spark: sphere radius; burst: sphere radius (grows from the target radius to twice it) */
  size: number;
  r: number; g: number; b: number;
  /** 0..1 animation progress */
  progress: number;
  /** true for a critical kill (the 7-colour ramp) */
  crit: boolean;
}

/** The drill engine of one run. Deterministic: the same drill, seed, settings and input
 * events give a bit-identical run in Node and in the browser. */
export interface DrillEngine {
  readonly drill: DrillConfig;
  readonly seed: number;
  /** ticks simulated so far */
  readonly tick: number;
  /** round length in ticks: ceil((duration_ms + returnPauseMs) / TICK_MS); grows while a
   * return-to-centre wait runs */
  readonly durationTicks: number;
  /** true once the round is over (time up); `step` is then a no-op */
  readonly finished: boolean;
  /** aim in degrees */
  readonly yaw: number;
  readonly pitch: number;
  /** camera (eye) position, metres */
  readonly eye: { x: number; y: number; z: number };
  /** Runs one tick with the input events of its window (t within [tick·TICK_MS, (tick+1)·TICK_MS),
   * in delivery order). Throws RangeError for an event outside the window. */
  step(events: readonly InputEvent[]): void;
  /** `step` with the tick's events as columns (contracts/inputColumns.ts): events
   * `cols[start, end)`, in delivery order, read during the call only; the same run as `step`
   * with those events as objects (`inputColumnEvent`). For the server's re-simulation, which
   * hands over its decoded log without an object per event. Throws RangeError for an event
   * outside the window or a code above 5. */
  stepColumns(cols: InputColumns, start: number, end: number): void;
  /** Runs every tick that ends at or before round time `untilMs`, giving each tick its share of
   * `events` (sorted by t). All given events are consumed: an event later than the last tick run
   * waits in the engine for the next `step`/`advanceTo`; a late event (t before the current
   * tick) goes to the current tick with t clamped to the tick start (logged that way).
   * Throws RangeError for a non-finite t. */
  advanceTo(untilMs: number, events: readonly InputEvent[]): void;
  /** Calls `cb` for each target to draw; `out` is reused between calls (no allocation). */
  forEachTarget(cb: (t: TargetView) => void): void;
  /** Events since the last drain, oldest first. */
  drainEvents(): EngineEvent[];
  counters(): RunCounters;
  bullets(): BulletRecord[];
  /** 32-bit hash of the whole simulation state, for replay checks */
  stateHash(): number;
  /** The complete input log so far (for replay and server re-simulation). */
  inputLog(): readonly InputEvent[];
  /** Calls `cb` for each spark of the exploding kills now on screen (despawn animation
   * 'explode'; at most 64 particles, spec section 9); `out` is reused (no allocation). */
  forEachSpark(cb: (s: SparkView) => void): void;
  /** return-to-centre pause time so far, ms (the running wait included) */
  readonly returnPauseMs: number;
  /** true while the next target waits for the aim to return to the centre */
  readonly awaitingReturn: boolean;
  /** remaining round time at the current tick, ms: max(0, duration - elapsed + returnPauseMs) */
  readonly remainingMs: number;
  /** fov divisor now: the drill's ADS zoom while ADS is held (and enabled), else 1 */
  readonly zoom: number;
  /** the game mode of the run (src/ecs/gameModes) */
  readonly gameMode: string;
}

/** Options of `createDrillEngine` (src/ecs/engine.ts). */
export interface DrillEngineOptions {
  drill: DrillConfig;
  /** PRNG seed, uint32 (other numbers are truncated with `>>> 0`) */
  seed: number;
  settings: EngineSettings;
  /** length of the view's despawn animation in ms (spec section 4: none 0, glow 100, holo 200,
   * dissolve/explode 700); default 200 (holo, spec section 9) */
  despawnAnimationMs?: number;
  /** record EngineEvents for `drainEvents` (default true; false for benchmarks and server
   * re-simulation, where nothing drains them; 'finished' is still recorded) */
  recordEvents?: boolean;
  /** keep the input log for `inputLog()` (default true) */
  recordInputLog?: boolean;
  /** override whether bullets are tracked (default: the rule of spec section 9) */
  trackBullets?: boolean;
  /** the player's despawn animation (visual.target_despawn_animation: none, glow, holo,
   * dissolve, explode): sets the hold length unless `despawnAnimationMs` is given, and 'explode'
   * adds sparks to kills (`forEachSpark`) */
  despawnAnimation?: string;
  /** warning logger (kept for callers; an unknown game-mode hook now throws at registration instead of a warning); default console.warn */
  logger?: (message: string) => void;
}
