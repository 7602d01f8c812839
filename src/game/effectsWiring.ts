/**
 * The game controller's effects (createGameController.ts): hit / kill / shot effects and the
 * weapon (effects/gameEffects.ts), built by the load once the round's chunk is in and rebuilt
 * when visual options saved mid-drill change what they are built from; the despawn animation
 * they draw is the round's (its length is part of the replay, `replay.despawn_ms`, so a
 * mid-round save changes it from the next round on).
 */
import type { DrillEngine, EngineEvent } from '../contracts/engine';
import type { GameOptions } from '../contracts/gameOptions';
import type { GameEffects } from './effects/gameEffects';
import type { GameRuntime, RoundParts } from './gameRuntime';
import type { GameScene } from './scene';
import type { GameLoadOptions } from './types';

export class EffectsWiring {
  /** hit / kill / shot effects and the weapon (effects/) */
  fx: GameEffects | null = null;
  /** the visual options the effects were built from */
  private fxKey = '';
  /** bumped by each build, so a rebuild of an older scene or options is dropped */
  private fxBuild = 0;
  /** The despawn animation the effects draw: the round's. */
  private roundDespawn: GameOptions['visual']['target_despawn_animation'] | undefined;

  constructor(private readonly rt: GameRuntime) {}

  /** `options` with the round's despawn animation: what the effects are built from. */
  private optionsOf(options: GameOptions): GameOptions {
    return { ...options, visual: { ...options.visual, target_despawn_animation: this.roundDespawn } as GameOptions['visual'] };
  }

  /** The load's effects for the completed scene `gs`. */
  async build(parts: RoundParts, gs: GameScene, opts: GameLoadOptions): Promise<void> {
    this.roundDespawn = opts.options.visual?.target_despawn_animation;
    this.fx = await parts.GameEffects.create(gs, opts.options, opts.drill);
    this.fxKey = JSON.stringify(this.optionsOf(opts.options).visual ?? null);
    this.fxBuild++; // a rebuild still loading belongs to the old scene
  }

  /** A round starts: its despawn animation is the one saved now (a save during the last round
   * applies from here). */
  roundStarting(options: GameOptions): void {
    this.roundDespawn = options.visual?.target_despawn_animation;
    this.applyLiveLook(options);
  }

  /** Applies visual and video options saved mid-drill (pause → Settings → Save) or a new round's
   * despawn animation: the effects (despawn style, on-hit, muzzle flash, tracers, bullet holes,
   * weapon, sight colour) are rebuilt when what they are built from changed; shadows,
   * anisotropy and the colours (theme, target, wall, line: issue 33 item 7) go through the
   * scene. */
  applyLiveLook(options: GameOptions): void {
    const { rt } = this;
    const scene = rt.gs;
    const parts = rt.round;
    if (!scene || !rt.loadOpts || !parts) return;
    const video = scene.setVideo(options.video);
    const colours = scene.setColours(options);
    if (video || colours) {
      void scene.scene.whenReadyAsync().then(() => { if (rt.gs === scene) scene.freezeMaterials(); rt.renderIfIdle(); });
    }
    const merged = this.optionsOf(options);
    const key = JSON.stringify(merged.visual ?? null);
    if (key === this.fxKey) return;
    this.fxKey = key;
    const build = ++this.fxBuild;
    const drill = rt.loadOpts.drill;
    void parts.GameEffects.create(scene, merged, drill).then((next) => {
      if (build !== this.fxBuild || rt.gs !== scene || rt.disposed) { next.dispose(); return; }
      this.fx?.dispose();
      this.fx = next;
      rt.renderIfIdle();
    }).catch((err) => console.error('Effects could not be rebuilt with the saved settings:', err));
  }

  frame(events: EngineEvent[], now: number, engine: DrillEngine, alpha: number): void {
    this.fx?.frame(events, now, engine, alpha);
  }

  /** A dropped round: no effect of it stays. */
  reset(): void {
    this.fx?.reset();
  }

  dispose(): void {
    this.fx?.dispose();
    this.fx = null;
  }
}
