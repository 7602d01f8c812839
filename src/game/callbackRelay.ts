/**
 * GameCallbacks for a controller created before its listener exists (the boot entry,
 * src/game/boot.ts: the game page's first frame starts before React and the store). The relay
 * forwards every call to the callbacks attached later and keeps what came before: the last load
 * progress (only the last one matters to a loader), the first frame, and every other call in
 * order. No Babylon here.
 */
import type { EngineEvent } from '../contracts/engine';
import type { FinishedRun, GameCallbacks, HudSnapshot } from './types';
import type { ShotRecord } from './shotFeed';

/** Relays a controller's callbacks to a listener attached later (see the file comment). */
export class CallbackRelay {
  private target: GameCallbacks | null = null;
  /** the last progress reported before a target was attached (0-100), null: none */
  private progress: number | null = null;
  private firstFrame = false;
  /** calls other than progress and the first frame made before a target was attached */
  private queued: Array<(t: GameCallbacks) => void> = [];
  private readonly firstFrameWaiters: Array<() => void> = [];

  /** The callbacks to give the controller. */
  readonly callbacks: GameCallbacks = {
    onProgress: (percent: number) => {
      if (this.target) this.target.onProgress(percent);
      else this.progress = percent;
    },
    onFirstFrame: () => {
      if (this.firstFrame) return;
      this.firstFrame = true;
      for (const w of this.firstFrameWaiters.splice(0)) w();
      this.target?.onFirstFrame?.();
    },
    onFrame: (events: EngineEvent[], hud: HudSnapshot) => this.call((t) => t.onFrame(events, hud)),
    onFinished: (result: FinishedRun) => this.call((t) => t.onFinished(result)),
    onPauseRequested: () => this.call((t) => t.onPauseRequested()),
    onMouseSkip: () => this.call((t) => t.onMouseSkip?.()),
    onRestartRequested: () => this.call((t) => t.onRestartRequested?.()),
    onShots: (records: ShotRecord[]) => this.call((t) => t.onShots?.(records)),
  };

  /** Resolves once the controller reported its first frame (at once if it already did). */
  whenFirstFrame(): Promise<void> {
    if (this.firstFrame) return Promise.resolve();
    return new Promise((resolve) => this.firstFrameWaiters.push(resolve));
  }

  /** Sends everything from now on to `target`, after replaying what came before: the last
   * progress, the first frame, then the queued calls in order. Throws when attached twice. */
  attach(target: GameCallbacks): void {
    if (this.target) throw new Error('CallbackRelay: a listener is already attached');
    this.target = target;
    if (this.progress !== null) target.onProgress(this.progress);
    this.progress = null;
    if (this.firstFrame) target.onFirstFrame?.();
    for (const q of this.queued.splice(0)) q(target);
  }

  private call(f: (t: GameCallbacks) => void): void {
    if (this.target) f(this.target);
    else this.queued.push(f);
  }
}
