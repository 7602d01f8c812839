/**
 * The game controller's frame loop (createGameController.ts; the frame's steps are listed in
 * that file's comment): the due ticks with the input recorded before their boundary, then the
 * view (markers, ADS, spread, camera, effects, targets and bars, world overlay, shot feed,
 * sounds), the render, the frame statistics and the HUD numbers; `onRoundOver` when the engine
 * has finished. The desktop client's max-FPS cap skips frames (frameLimiter.ts).
 */
import type { EngineEvent } from '../contracts/engine';
import { frameCapOf } from '../contracts/desktopClient';
import { applyCameraPose } from './scene';
import { createFrameLimiter, type FrameLimiter } from './frameLimiter';
import { hudSnapshot } from './hud';
import { planFrame, type RoundClock } from './roundClock';
import type { AudioWiring } from './audioWiring';
import type { EffectsWiring } from './effectsWiring';
import type { GameRuntime } from './gameRuntime';
import type { HudFeed } from './hudFeed';
import type { InputWiring } from './inputWiring';
import type { RoundStats } from './roundStats';
import type { Viewport } from './viewport';

/** The controller's parts a frame reads and drives. */
export interface LoopParts {
  rt: GameRuntime;
  clock: RoundClock;
  inputs: InputWiring;
  sound: AudioWiring;
  effects: EffectsWiring;
  hud: HudFeed;
  viewport: Viewport;
  stats: RoundStats;
}

export class RoundLoop {
  private limiter: FrameLimiter = createFrameLimiter(null);

  constructor(private readonly p: LoopParts, private readonly onRoundOver: () => void) {}

  private readonly frame = (): void => {
    const { rt, clock, inputs, sound, effects, hud, viewport, stats } = this.p;
    const { engine, gs, babylon, loadOpts, round } = rt;
    if (!engine || !gs || !babylon || !loadOpts || !round) return;
    const now = performance.now();
    if (this.limiter.skip(now)) return; // the desktop client's max-FPS cap (frameLimiter.ts)
    const roundTime = clock.roundTime(now);
    const plan = planFrame(roundTime, engine.durationTicks);
    let events: EngineEvent[];
    try {
      if (plan.targetTick > engine.tick) {
        const evs = inputs.input.takeBefore(plan.boundaryMs);
        round.advanceSampled(engine, plan.boundaryMs, evs); // = advanceTo, sampling state hashes for the replay
      }
      events = engine.drainEvents();
    } catch (err) {
      console.error('drill engine failed; stopping the round', err);
      this.stop();
      rt.roundActive = false;
      inputs.halt();
      return;
    }
    // markers: the last hit or miss of the frame wins (each replaces the other)
    hud.showMarker(events, now);
    viewport.ads.follow(engine.zoom);
    hud.spreadFrame(events, now, engine.eye);
    applyCameraPose(gs.camera, engine.eye, engine.yaw, engine.pitch);
    effects.frame(events, now, engine, plan.alpha);
    const world = hud.world;
    const view = world ? viewport.viewFrameOf(engine) : null;
    // targets, bars and the off-screen arrows' picks in one pass over the targets
    gs.targets.sync(engine, plan.alpha, hud.bars, events, now, engine.yaw, engine.pitch, view ? world!.arrowsFor(view) : null);
    if (world && view) world.frame(events, view, now);
    hud.shotsFrame(events, engine);
    sound.playEvents(events, now);
    rt.overlay?.update(now);
    gs.scene.render();
    rt.markFirstFrame();
    stats.fpsFrame(now);
    viewport.qualityFrame(now);
    stats.frameDone(now, roundTime, loadOpts.options.other?.low_fps?.notification_enabled);
    const counters = engine.counters();
    sound.cueFrame(now, engine.eye, counters.clip);
    const hudNow = hudSnapshot(counters, roundTime, loadOpts.drill.durationMs, stats.shownFps(now), engine.returnPauseMs);
    rt.callbacks.onFrame(events, hudNow);
    if (engine.finished) this.onRoundOver();
  };

  start(): void {
    const { rt, stats } = this.p;
    if (rt.looping || !rt.babylon) return;
    rt.looping = true;
    stats.loopStarted(); // a pause is not a frame
    // issue 13: in the desktop client, the max-FPS setting and the drill's max_fps cap the loop
    this.limiter = createFrameLimiter(
      frameCapOf(typeof navigator !== 'undefined' ? navigator.userAgent : '', rt.loadOpts?.options.video?.max_fps, rt.loadOpts?.drill.maxFps),
    );
    rt.babylon.runRenderLoop(this.frame);
  }

  stop(): void {
    const { rt } = this.p;
    if (!rt.looping || !rt.babylon) return;
    rt.looping = false;
    rt.babylon.stopRenderLoop(this.frame);
  }
}
