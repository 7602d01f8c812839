/**
 * The state the game controller's parts share (createGameController.ts composes them): the
 * Babylon engine, the scene being loaded and the loaded one, the round's chunk, the crosshair
 * layer, the load's options, the round's engine and the sensitivity it was created with, and
 * the controller's flags (looping, round active, disposed, first frame shown). One instance per
 * controller; each part keeps its own state and reads and writes these fields.
 */
import type { Engine } from '@babylonjs/core/Engines/engine';
import type { DrillEngine, EngineSettings } from '../contracts/engine';
import type { LookSensitivity } from '../input/lookScale';
import type { CrosshairOverlay } from './crosshairOverlay';
import type { ScopeOverlay } from './scopeOverlay';
import type { GameScene, RoomScene } from './scene';
import type { GameCallbacks, GameLoadOptions } from './types';

/** The round's chunk (roundParts.ts), loaded right after the first frame. */
export type RoundParts = typeof import('./roundParts');

export class GameRuntime {
  babylon: Engine | null = null;
  gs: GameScene | null = null;
  /** the room of the scene being loaded, before its targets and shadows (its first frame) */
  room: RoomScene | null = null;
  /** the round's parts (roundParts.ts): set once the chunk arrived after the first frame */
  round: RoundParts | null = null;
  /** Starts (on its first call) the load's last part (issue 33 item 5), after "Click to start"
   * is on screen: the effects, the weapon, the target bars and layers, the shadows and their
   * shaders compiled (load step 8); resolves when it is done (at once when there is none). The
   * round does not start before it (GameController.loadTail). */
  tail: () => Promise<void> = () => Promise.resolve();
  /** the seed and scene the pre-game's targets were last drawn for (showStartTargets) */
  startTargetsOf: { seed: number; scene: unknown } | null = null;
  overlay: CrosshairOverlay | null = null;
  /** the scope view of a scoped weapon while zoomed (scopeOverlay.ts); null for other weapons */
  scope: ScopeOverlay | null = null;
  loadOpts: GameLoadOptions | null = null;
  engine: DrillEngine | null = null;
  /** the settings the round's engine is created with (fixed once it exists: the replay's) */
  settings: EngineSettings = { sensitivity: 1, sensitivityY: null, invertY: false };
  /** what the player's aim turns per mouse count now (differs from `settings` after a mid-run
   * save; null = as `settings`) */
  liveSens: LookSensitivity | null = null;
  looping = false;
  roundActive = false; // started and not finished / stopped
  disposed = false;
  /** the load has reached its first frame (the room's shaders compiled): renders outside the
   * round (resize, saved settings) draw only from then on, so `aim:first-frame` is never an
   * unfinished room */
  roomShown = false;
  private firstFrameMarked = false;

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly overlayRoot: HTMLElement,
    readonly callbacks: GameCallbacks,
  ) {}

  /** the sensitivity the aim follows now (the debug hook's degPerCount, settings_end) */
  liveSettings(): EngineSettings {
    return this.liveSens ? { ...this.settings, ...this.liveSens } : this.settings;
  }

  /** A User Timing mark 'aim:first-frame' after the first scene render of the page (the
   * `load-time` benchmark of benchmarks.md, test/bench/loadTime.ts). */
  markFirstFrame(): void {
    if (this.firstFrameMarked) return;
    this.firstFrameMarked = true;
    if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark('aim:first-frame');
    this.callbacks.onFirstFrame?.();
  }

  /** Draws one frame outside the round loop (once the room is shown). */
  renderOnce(): void {
    const scene = this.gs?.scene ?? this.room?.scene;
    if (scene && this.roomShown && !this.disposed) {
      scene.render();
      this.markFirstFrame();
    }
  }

  /** Draws one frame unless the round loop draws them. */
  renderIfIdle(): void {
    if (!this.looping) this.renderOnce();
  }

  /** `renderIfIdle` in the next animation frame (at once without frames): the frame is drawn
   * before that frame's paint, but not inside the task that asked for it, so a DOM update of
   * that task (a restart's countdown) is not held back by a scene render. */
  renderNextFrame(): void {
    if (typeof requestAnimationFrame !== 'function') {
      this.renderIfIdle();
      return;
    }
    requestAnimationFrame(() => this.renderIfIdle());
  }
}
