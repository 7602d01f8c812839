/**
 * Read-only debug hook for the end-to-end tests: `window.__aimDebug`. Installed when a round's
 * engine exists; nothing in it changes game state (it only reads the engine's getters and
 * iterates `forEachTarget`). Angles in degrees (engine convention, contracts/engine.ts),
 * distances in metres.
 */
import type { DrillEngine } from '../contracts/engine';
import { YAW_DEG_PER_COUNT } from '../contracts/constants';
import { yawPitchOf } from './aim';
import type { SpreadPx } from './crosshairSpread';

/** One live target as seen from the eye. */
export interface DebugTarget {
  eid: number;
  /** absolute yaw / pitch (degrees) of the direction eye → target centre; the yaw is unwrapped
   * to within ±180° of the current aim yaw, so `yaw − aim().yaw` is the shortest turn */
  yaw: number;
  pitch: number;
  /** metres */
  radius: number;
  /** metres from the eye to the centre */
  distance: number;
  /** a decoy (config decoyShare: not to be shot) */
  decoy?: boolean;
}

export interface AimDebugHook {
  /** ticks simulated so far */
  tick(): number;
  finished(): boolean;
  /** current aim, degrees */
  aim(): { yaw: number; pitch: number };
  /** degrees the aim changes per +1 count of movementX (x: yaw, > 0) and movementY (y: pitch;
   * NEGATIVE unless inverted, since moving the mouse down lowers the aim). So a turn of
   * (Δyaw, Δpitch) degrees needs (Δyaw / x, Δpitch / y) counts. */
  degPerCount(): { x: number; y: number };
  /** live (not despawning) targets, in forEachTarget order */
  targets(): DebugTarget[];
  /** look samples of the input log the mouse-skip filter rejected (raw counts, round ms) */
  rejectedLooks(): Array<{ t: number; dx: number; dy: number }>;
  /** the input log's look and fire events in log order (applied counts dx/dy of a look, `down`
   * of a fire; rejected looks count 0): what a click saw before it (issue 18 item 4) */
  inputOrder?(): Array<{ type: 'look'; dx: number; dy: number } | { type: 'fire'; down: boolean }>;
  /** the crosshair spread of the last rendered frame, CSS px (crosshairSpread.ts) */
  spread(): SpreadPx;
  /** the sounds played so far, oldest first (src/audio/gameAudio.ts PlayedSound; the last 64) */
  sounds?(): Array<{ name: string; url: string; at: number; audible: boolean }>;
  /** names of the drawn target model's parts ('body'; 'head' + 'body' for the humanoid) */
  targetParts?(): string[];
  /** the run counters now (hits, crits, kills, shots, ...) */
  counters?(): { hits: number; crits: number; kills: number; shots: number } | null;
  /** frames drawn in the round so far (the desktop client's max-FPS cap drops some) */
  frames?(): number;
  /** what the hit / kill / shot effects drew in the last frame (effects/gameEffects.ts
   * EffectsStats) and the automatic render scale (null when graphics_quality_auto is off) */
  effects?(): (import('./effects/gameEffects').EffectsStats & { renderScale: number | null }) | null;
}

declare global {
  interface Window {
    __aimDebug?: AimDebugHook;
  }
}

/** Player sensitivity as the engine uses it (contracts/engine.ts EngineSettings). */
export interface DebugSensitivity {
  sensitivity: number;
  sensitivityY: number | null;
  invertY: boolean;
}

/**
 * The engine's signed degrees per count for `s` (contracts/engine.ts): x = sensitivity × 0.022
 * (> 0: a positive movementX turns right); y = (sensitivityY ?? sensitivity) × 0.022, negative
 * unless inverted (a positive movementY lowers the aim). Source: YAW_DEG_PER_COUNT
 * (contracts/constants.ts, the Quake/Source m_yaw).
 */
export function degPerCountOf(s: DebugSensitivity): { x: number; y: number } {
  const x = s.sensitivity * YAW_DEG_PER_COUNT;
  const y = (s.sensitivityY ?? s.sensitivity) * YAW_DEG_PER_COUNT * (s.invertY ? 1 : -1);
  return { x, y };
}

/** Builds the hook for `getEngine()` (read at each call, so a restarted round is followed);
 * `sens` and `spread` are read at each call too. */
export function createDebugHook(
  getEngine: () => DrillEngine | null,
  sens: () => DebugSensitivity,
  spread: () => SpreadPx = () => ({ firingPx: 0, movementPx: 0 }),
): AimDebugHook {
  return {
    spread: () => ({ ...spread() }),
    tick: () => getEngine()?.tick ?? 0,
    finished: () => getEngine()?.finished ?? false,
    aim: () => {
      const e = getEngine();
      return { yaw: e?.yaw ?? 0, pitch: e?.pitch ?? 0 };
    },
    degPerCount: () => degPerCountOf(sens()),
    rejectedLooks: () => {
      const out: Array<{ t: number; dx: number; dy: number }> = [];
      for (const ev of getEngine()?.inputLog() ?? []) {
        if (ev.type === 'look' && ev.rejected) out.push({ t: ev.t, dx: ev.rejected.dx, dy: ev.rejected.dy });
      }
      return out;
    },
    inputOrder: () => {
      const out: Array<{ type: 'look'; dx: number; dy: number } | { type: 'fire'; down: boolean }> = [];
      for (const ev of getEngine()?.inputLog() ?? []) {
        if (ev.type === 'look') out.push({ type: 'look', dx: ev.dx, dy: ev.dy });
        else if (ev.type === 'fire') out.push({ type: 'fire', down: ev.down });
      }
      return out;
    },
    targets: () => {
      const e = getEngine();
      if (!e) return [];
      const eye = e.eye;
      const aimYaw = e.yaw;
      const out: DebugTarget[] = [];
      e.forEachTarget((t) => {
        if (t.despawn >= 0) return;
        const dx = t.x - eye.x;
        const dy = t.y - eye.y;
        const dz = t.z - eye.z;
        const { yaw, pitch } = yawPitchOf(dx, dy, dz, aimYaw);
        out.push({ eid: t.eid, yaw, pitch, radius: t.radius, distance: Math.hypot(dx, dy, dz), decoy: t.decoy === true });
      });
      return out;
    },
  };
}

/** Sets `window.__aimDebug` (browser only; no-op without `window`). */
export function installDebugHook(hook: AimDebugHook): void {
  if (typeof window !== 'undefined') window.__aimDebug = hook;
}

/** Removes `window.__aimDebug` if it is `hook`. */
export function removeDebugHook(hook: AimDebugHook): void {
  if (typeof window !== 'undefined' && window.__aimDebug === hook) delete window.__aimDebug;
}
