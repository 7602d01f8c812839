/**
 * Gamepad aiming (spec sections 3, 4 and 9): `navigator.getGamepads()` polled 60 times per
 * second; the right stick becomes `look` input events in mouse counts marked `device: 'Cont'`
 * (so the engine counts them as controller inputs and the run's input type becomes 'Cont' when
 * they outnumber mouse inputs, spec section 9); the fire / ads pad buttons become `fire` / `ads`
 * events; the pause pad button asks to pause; the restart pad button asks to restart; in drills
 * where the player can walk (player_movement_speed > 0) the left stick and the movement pad
 * buttons (d-pad 12-15 by default) become the `move` bitmask the keyboard's W/A/S/D give.
 *
 * Stick → aim (all pure functions below, tested in test/unit/input/gamepadInput.test.ts):
 *  1. deadzone: the engine's fixed radial deadzone 0.15, then the player's `right_deadzone`
 *     (settings, default 0.1, range 0-0.5; spec sections 5 and 9), each a SCALED radial deadzone
 *     (the magnitude is remapped from [dz, 1] to [0, 1], so there is no jump at the edge). Two
 *     scaled deadzones in a row equal one of 0.15 + dz·0.85 (0.235 with the defaults).
 *  2. response curve: magnitude^2 (STICK_CURVE_EXPONENT), direction kept: fine aim near the
 *     centre, full speed at full deflection.
 *  3. rate: a full deflection turns STICK_DEG_PER_S = 180 degrees per second at sensitivity 1,
 *     times `horizontal_sens` (yaw) / `vertical_sens` (pitch) (game_options.control.gamepad,
 *     0.001-10). Stick up (axis y < 0, standard mapping) raises the aim unless `invert_look`.
 *  4. degrees → counts: the engine turns a count `degPerCount.x` / `degPerCount.y` degrees
 *     (signed as in the debug hook: y < 0 unless the mouse is inverted), so the event carries
 *     dx = yaw° / degPerCount.x, dy = pitch° / degPerCount.y — the stick's speed does not depend
 *     on the mouse sensitivity or the mouse invert setting.
 * The angle of one poll is rate × the time since the previous poll (ms, capped at 100 so a
 * stalled timer does not fling the view).
 *
 * Left stick → movement (`padMoveMask`): the same two deadzones (engine 0.15, then the settings
 * `left_deadzone`), then 8-way: an axis counts when its component is at least sin 22.5° ≈ 0.383
 * of the stick's magnitude (so a diagonal sets two bits, a near-straight push one). Stick up
 * (axis 1 < 0) is forward, right (axis 0 > 0) is right. OR-ed with the pad buttons bound to
 * forward / backward / left / right. The keyboard mask and this one are combined by the
 * recorder (PointerLockInput.setPadMoveMask).
 *
 * Sources: Standard Gamepad mapping (W3C Gamepad spec, "Remapping": axes[2]/axes[3] right stick,
 * buttons[6]/[7] triggers, [8] back/select, [9] start); scaled radial deadzone as described by
 * Josh Sutphin, "Doing Thumbstick Dead Zones Right" (2013).
 */
import type { Binding, BindingAction, GamepadOptions } from '../contracts/gameOptions';
import { DEFAULT_BINDINGS } from '../contracts/gameOptions';
import type { EventBody } from './PointerLockInput';

/** Polls per second (spec section 9: "gamepad polling 60 per second"). */
export const GAMEPAD_POLL_HZ = 60;
/** The engine's stick deadzone (spec section 9), fraction of full deflection. */
export const ENGINE_STICK_DEADZONE = 0.15;
/** Default settings deadzone (spec section 9), fraction of full deflection. */
export const DEFAULT_SETTINGS_DEADZONE = 0.1;
/** Yaw / pitch rate at full deflection and sensitivity 1, degrees per second (our choice). */
export const STICK_DEG_PER_S = 180;
/** Exponent of the response curve applied to the stick magnitude. */
export const STICK_CURVE_EXPONENT = 2;
/** Longest poll interval used for one step, ms. */
export const MAX_POLL_STEP_MS = 100;

/** Default gamepad options (spec section 3 / contracts/gameOptions.ts defaults). */
export const DEFAULT_GAMEPAD_OPTIONS: GamepadOptions = {
  horizontal_sens: 1, vertical_sens: 1, invert_look: false,
  left_deadzone: DEFAULT_SETTINGS_DEADZONE, right_deadzone: DEFAULT_SETTINGS_DEADZONE,
};

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);
const finiteOr = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/**
 * Scaled radial deadzone: a stick at (x, y) (each −1..1) with magnitude m ≤ dz gives (0, 0);
 * otherwise the direction is kept and the magnitude becomes (min(m, 1) − dz) / (1 − dz), in
 * 0..1. `dz` is clamped to [0, 0.99].
 */
export function radialDeadzone(x: number, y: number, dz: number): [number, number] {
  const d = clamp(finiteOr(dz, 0), 0, 0.99);
  const m = Math.hypot(x, y);
  if (!(m > d)) return [0, 0];
  const scaled = (Math.min(m, 1) - d) / (1 - d);
  return [(x / m) * scaled, (y / m) * scaled];
}

/**
 * The stick after the engine deadzone (0.15) and then the settings deadzone `settingsDz`
 * (0-0.5, default 0.1), both scaled radial (spec section 9). Unitless, magnitude 0..1.
 */
export function stickDeadzone(x: number, y: number, settingsDz: number = DEFAULT_SETTINGS_DEADZONE): [number, number] {
  const [ex, ey] = radialDeadzone(x, y, ENGINE_STICK_DEADZONE);
  return radialDeadzone(ex, ey, clamp(finiteOr(settingsDz, DEFAULT_SETTINGS_DEADZONE), 0, 0.5));
}

/** Response curve: the magnitude of (x, y) raised to `exponent` (default 2), direction kept. */
export function responseCurve(x: number, y: number, exponent: number = STICK_CURVE_EXPONENT): [number, number] {
  const m = Math.hypot(x, y);
  if (m === 0) return [0, 0];
  const c = Math.pow(Math.min(m, 1), exponent) / m;
  return [x * c, y * c];
}

/**
 * Aim change in degrees for the right stick at (x, y) (raw axes, −1..1, y down positive) held
 * for `dtMs` ms: deadzones, curve, STICK_DEG_PER_S × horizontal_sens / vertical_sens.
 * yaw > 0 turns right; pitch > 0 raises the aim (stick up, unless invert_look).
 */
export function stickLookDegrees(x: number, y: number, dtMs: number, opts: Partial<GamepadOptions> | null | undefined): { yaw: number; pitch: number } {
  const o = { ...DEFAULT_GAMEPAD_OPTIONS, ...(opts ?? {}) };
  const [dx, dy] = stickDeadzone(finiteOr(x, 0), finiteOr(y, 0), o.right_deadzone);
  const [cx, cy] = responseCurve(dx, dy);
  const secs = clamp(finiteOr(dtMs, 0), 0, MAX_POLL_STEP_MS) / 1000;
  const hs = clamp(finiteOr(o.horizontal_sens, 1), 0.001, 10);
  const vs = clamp(finiteOr(o.vertical_sens, 1), 0.001, 10);
  const yaw = cx * STICK_DEG_PER_S * hs * secs;
  const pitch = -cy * STICK_DEG_PER_S * vs * secs * (o.invert_look ? -1 : 1);
  return { yaw: yaw === 0 ? 0 : yaw, pitch: pitch === 0 ? 0 : pitch };
}

/**
 * Degrees → engine counts: dx = yaw / degPerCount.x, dy = pitch / degPerCount.y, where
 * degPerCount is the engine's signed degrees per count (x > 0; y < 0 unless the mouse is
 * inverted; contracts/engine.ts, debugHook degPerCount()).
 */
export function degreesToCounts(yaw: number, pitch: number, degPerCount: { x: number; y: number }): { dx: number; dy: number } {
  const dx = degPerCount.x !== 0 ? yaw / degPerCount.x : 0;
  const dy = degPerCount.y !== 0 ? pitch / degPerCount.y : 0;
  return { dx: dx === 0 ? 0 : dx, dy: dy === 0 ? 0 : dy };
}

/** The pad button index of a binding value `button{n}` (e.g. 'button7' → 7), else null. */
export function padButtonOf(value: string | null | undefined): number | null {
  const m = /^button(\d+)$/.exec(value ?? '');
  return m ? Number(m[1]) : null;
}

/** Pad button indices of the actions the runtime reads (null = unbound). */
export interface PadButtons {
  fire: number | null;
  ads: number | null;
  /** toggles ADS on each press */
  adsSwitch: number | null;
  pause: number | null;
  restart: number | null;
  forward: number | null;
  backward: number | null;
  left: number | null;
  right: number | null;
}

/** Pad buttons of the actions the runtime reads (defaults of spec section 9 where unbound:
 * 7 fire, 6 ads, 10 adsSwitch, 9 pause, 8 restart, 12-15 forward / backward / left / right). */
export function padButtons(bindings: Partial<Record<BindingAction, Binding>> | null | undefined): PadButtons {
  const b = { ...DEFAULT_BINDINGS, ...(bindings ?? {}) } as Record<BindingAction, Binding>;
  return {
    fire: padButtonOf(b.fire?.pad),
    ads: padButtonOf(b.ads?.pad),
    adsSwitch: padButtonOf(b.adsSwitch?.pad),
    pause: padButtonOf(b.pause?.pad),
    restart: padButtonOf(b.restart?.pad),
    forward: padButtonOf(b.forward?.pad),
    backward: padButtonOf(b.backward?.pad),
    left: padButtonOf(b.left?.pad),
    right: padButtonOf(b.right?.pad),
  };
}

/** Share of the stick's magnitude an axis needs to count for movement (sin 22.5°: 8-way). */
export const MOVE_AXIS_SHARE = Math.sin(Math.PI / 8);

/**
 * Movement bitmask (1 forward, 2 backward, 4 left, 8 right; contracts/engine.ts 'move') of a
 * left stick at (x, y) (raw axes −1..1, y down positive) after the engine deadzone and the
 * settings deadzone `settingsDz` (0-0.5), 8-way (see the file comment).
 */
export function stickMoveMask(x: number, y: number, settingsDz: number = DEFAULT_SETTINGS_DEADZONE): number {
  const [sx, sy] = stickDeadzone(finiteOr(x, 0), finiteOr(y, 0), settingsDz);
  const m = Math.hypot(sx, sy);
  if (m === 0) return 0;
  const min = MOVE_AXIS_SHARE * m;
  let mask = 0;
  if (sy <= -min) mask |= 1;
  if (sy >= min) mask |= 2;
  if (sx <= -min) mask |= 4;
  if (sx >= min) mask |= 8;
  return mask;
}

/** The part of the Gamepad API this module reads. */
export interface PadLike {
  connected: boolean;
  axes: readonly number[];
  buttons: ReadonlyArray<{ pressed: boolean; value: number }>;
}

export interface GamepadInputOptions {
  /** navigator.getGamepads (injected for tests) */
  getGamepads(): ReadonlyArray<PadLike | null>;
  /** records an event at `timeStampMs` (performance.now() timebase); PointerLockInput.recordAt */
  record(timeStampMs: number, ev: EventBody): void;
  /** the engine's signed degrees per count (read at each poll) */
  degPerCount(): { x: number; y: number };
  /** the pause pad button was pressed */
  onPause(): void;
  /** the restart pad button was pressed */
  onRestart?(): void;
  /** the adsSwitch pad button was pressed at `timeStampMs`; PointerLockInput.toggleAdsAt */
  onAdsSwitch?(timeStampMs: number): void;
  /** the pad's movement bitmask changed (left stick / movement buttons; only while movement is
   * on, see `setMovement`); PointerLockInput.setPadMoveMask */
  move?(timeStampMs: number, mask: number): void;
  /** game_options.control.gamepad */
  options?: Partial<GamepadOptions> | null;
  /** game_options.control.bindings (pad values) */
  bindings?: Partial<Record<BindingAction, Binding>> | null;
  /** clock, ms (default performance.now) */
  now?(): number;
  /** timer (default setInterval / clearInterval) */
  setInterval?(cb: () => void, ms: number): unknown;
  clearInterval?(handle: unknown): void;
}

const pressed = (pad: PadLike, i: number | null): boolean => {
  if (i === null) return false;
  const b = pad.buttons[i];
  return !!b && (b.pressed || b.value > 0.5);
};

/** Polls the first connected gamepad 60 times per second while started. */
export class GamepadInput {
  private handle: unknown = null;
  private lastPoll = Number.NaN;
  private prev = { fire: false, ads: false, adsSwitch: false, pause: false, restart: false };
  private buttons: PadButtons;
  private options: Partial<GamepadOptions> | null;
  private movement = false;
  private moveMask = 0;

  constructor(private readonly o: GamepadInputOptions) {
    this.buttons = padButtons(o.bindings);
    this.options = o.options ?? null;
  }

  /** Replaces the gamepad options and bindings (settings changed). */
  configure(options: Partial<GamepadOptions> | null | undefined, bindings?: Partial<Record<BindingAction, Binding>> | null): void {
    this.options = options ?? null;
    if (bindings !== undefined) this.buttons = padButtons(bindings);
  }

  /** Turns pad movement on (the drill lets the player walk: player_movement_speed > 0) or off.
   * Turning it off releases a held movement. */
  setMovement(enabled: boolean): void {
    this.movement = enabled;
    if (!enabled && this.moveMask !== 0) {
      this.moveMask = 0;
      this.o.move?.(this.now(), 0);
    }
  }

  /** The pad's current movement bitmask (0 when movement is off). */
  get currentMoveMask(): number { return this.moveMask; }

  /** True while polling. */
  get running(): boolean { return this.handle !== null; }

  /** Starts polling (round running). Buttons already held do not fire. */
  start(): void {
    if (this.handle !== null) return;
    const now = this.now();
    this.lastPoll = now;
    const pad = this.pad();
    this.prev = pad
      ? this.buttonsOf(pad)
      : { fire: false, ads: false, adsSwitch: false, pause: false, restart: false };
    const si = this.o.setInterval ?? ((cb: () => void, ms: number) => setInterval(cb, ms));
    this.handle = si(() => this.poll(), 1000 / GAMEPAD_POLL_HZ);
  }

  /** Stops polling (pause, end of round). A held fire button is released in the log. */
  stop(): void {
    if (this.handle === null) return;
    const ci = this.o.clearInterval ?? ((h: unknown) => clearInterval(h as ReturnType<typeof setInterval>));
    ci(this.handle);
    this.handle = null;
    if (this.prev.fire) this.o.record(this.now(), { type: 'fire', down: false });
    if (this.prev.ads) this.o.record(this.now(), { type: 'ads', down: false });
    if (this.moveMask !== 0) this.o.move?.(this.now(), 0);
    this.moveMask = 0;
    this.prev = { fire: false, ads: false, adsSwitch: false, pause: false, restart: false };
  }

  /** One poll (the timer calls it; public for tests). */
  poll(now: number = this.now()): void {
    const pad = this.pad();
    const dt = Number.isFinite(this.lastPoll) ? now - this.lastPoll : 0;
    this.lastPoll = now;
    if (!pad) return;
    const { yaw, pitch } = stickLookDegrees(pad.axes[2] ?? 0, pad.axes[3] ?? 0, dt, this.options);
    if (yaw !== 0 || pitch !== 0) {
      const { dx, dy } = degreesToCounts(yaw, pitch, this.o.degPerCount());
      this.o.record(now, { type: 'look', dx, dy, device: 'Cont' });
    }
    const cur = this.buttonsOf(pad);
    if (cur.fire !== this.prev.fire) this.o.record(now, { type: 'fire', down: cur.fire });
    if (cur.ads !== this.prev.ads) this.o.record(now, { type: 'ads', down: cur.ads });
    if (this.movement) {
      const b = this.buttons;
      const mask = stickMoveMask(pad.axes[0] ?? 0, pad.axes[1] ?? 0, finiteOr(this.options?.left_deadzone, DEFAULT_SETTINGS_DEADZONE))
        | (pressed(pad, b.forward) ? 1 : 0) | (pressed(pad, b.backward) ? 2 : 0)
        | (pressed(pad, b.left) ? 4 : 0) | (pressed(pad, b.right) ? 8 : 0);
      if (mask !== this.moveMask) {
        this.moveMask = mask;
        this.o.move?.(now, mask);
      }
    }
    if (cur.adsSwitch && !this.prev.adsSwitch) this.o.onAdsSwitch?.(now);
    const pause = cur.pause && !this.prev.pause;
    const restart = cur.restart && !this.prev.restart;
    this.prev = cur;
    if (pause) this.o.onPause();
    if (restart) this.o.onRestart?.();
  }

  /** Which of the buttons the runtime reads are down on `pad`. */
  private buttonsOf(pad: PadLike): { fire: boolean; ads: boolean; adsSwitch: boolean; pause: boolean; restart: boolean } {
    const b = this.buttons;
    return {
      fire: pressed(pad, b.fire),
      ads: pressed(pad, b.ads),
      adsSwitch: pressed(pad, b.adsSwitch),
      pause: pressed(pad, b.pause),
      restart: pressed(pad, b.restart),
    };
  }

  private now(): number {
    return this.o.now ? this.o.now() : performance.now();
  }

  private pad(): PadLike | null {
    let pads: ReadonlyArray<PadLike | null>;
    try {
      pads = this.o.getGamepads() ?? [];
    } catch {
      return null;
    }
    for (const p of pads) if (p && p.connected) return p;
    return null;
  }
}

/**
 * Calls `cb` when a gamepad connects (the `gamepadconnected` window event; spec section 4: a
 * gamepad connecting starts the countdown, once — the caller's countdown guard makes it once).
 * Returns the function that removes the listener.
 */
export function onGamepadConnected(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, cb: (e: Event) => void): () => void {
  target.addEventListener('gamepadconnected', cb);
  return () => target.removeEventListener('gamepadconnected', cb);
}
