/**
 * What the game controller draws over the scene besides the scene itself
 * (createGameController.ts): the crosshair layer's hit / miss markers and dynamic spread
 * (crosshairOverlay.ts, crosshairSpread.ts), the target bars (targetBars.ts), the off-screen
 * spawn arrows and kill pop-ups (worldOverlay.ts), and in analysis mode the shot-performance
 * overlay's records (shotFeed.ts). The bars, the world overlay and the shot feed come with the
 * round's chunk (roundParts.ts), after the first frame.
 */
import { critMatters } from './critFeedback';
import type { DrillEngine, EngineEvent } from '../contracts/engine';
import type { DrillConfig } from '../contracts/drillConfig';
import { THEME_PRESETS, type GameOptions } from '../contracts/gameOptions';
import { frameMarkerOf } from './crosshairOverlay';
import { CrosshairSpreadModel, shotsOf, type SpreadPx } from './crosshairSpread';
import type { GameRuntime } from './gameRuntime';
import type { ShotFeed } from './shotFeed';
import type { TargetBars } from './targetBars';
import type { WorldOverlay } from './worldOverlay';

export class HudFeed {
  /** health / lifetime bars over the targets (null: none can show) */
  bars: TargetBars | null = null;
  private barsKey = '';
  /** off-screen spawn arrows and kill pop-ups */
  world: WorldOverlay | null = null;
  /** analysis mode: the shot-performance overlay's live records (null otherwise) */
  private shotFeed: ShotFeed | null = null;
  private spread = new CrosshairSpreadModel(0);
  /** the crosshair spread of the last frame (the debug hook's `spread`) */
  lastSpread: SpreadPx = { firingPx: 0, movementPx: 0 };

  constructor(private readonly rt: GameRuntime) {}

  /** (Re)builds the target bars and the arrows-and-pop-ups layer for `options` (the HUD group,
   * spec section 3) and `drill`: the bars are rebuilt only when what they show changes, and
   * only once the scene has its targets (the bars wait for the round's chunk). */
  applyLayers(options: GameOptions, drill: DrillConfig): void {
    const { gs, round } = this.rt;
    const hud = options.hud;
    const on = hud?.enabled !== false;
    const barOpts = {
      health: on && hud?.show_target_health_bar !== false,
      lifetime: on && hud?.show_target_lifetime_bar !== false,
      drillLifetimeMs: drill.target.lifetimeMs,
      statusBarSize: hud?.status_bar_size,
    };
    const key = JSON.stringify(barOpts);
    // the bars come with the round's chunk (roundParts.ts), after the first frame
    if (gs && round && key !== this.barsKey) {
      this.bars?.dispose();
      this.bars = round.TargetBars.create(gs.scene, barOpts);
      this.barsKey = key;
    }
    const worldOpts = {
      arrows: on && hud?.spawn_indicator !== false,
      popups: on,
      critPopups: critMatters(drill),
      arrowColour: options.texture?.target_colour ?? THEME_PRESETS.Default.target_colour,
    };
    // the layer comes with the round's chunk too (nothing is on it before the round)
    if (this.world) this.world.setOptions(worldOpts);
    else if (round) this.world = new round.WorldOverlay(this.rt.overlayRoot, this.rt.canvas, worldOpts);
  }

  /** The old scene (and its bars) is gone. */
  sceneDropped(): void {
    this.barsKey = '';
    this.bars = null;
  }

  /** A new round: the shot feed in analysis mode (the round's chunk is in). */
  roundStarted(drill: DrillConfig): void {
    this.shotFeed = drill.analysisMode === 1 ? new this.rt.round!.ShotFeed() : null;
  }

  /** A new round's crosshair spread, from nothing. */
  resetSpread(drill: DrillConfig): void {
    this.spread = new CrosshairSpreadModel(drill.playerMovementSpeed ?? 0);
    this.lastSpread = { firingPx: 0, movementPx: 0 };
    this.rt.overlay?.setSpread(0, 0);
  }

  /** The spread's clock continues after a pause. */
  resume(): void {
    this.spread.resume();
  }

  /** The frame's marker: the last hit or miss of the frame wins (each replaces the other). */
  showMarker(events: EngineEvent[], now: number): void {
    const marker = frameMarkerOf(events);
    if (marker) this.rt.overlay?.showMarker(marker, now);
  }

  /** The crosshair spread from the frame's shots and the eye (visual only). */
  spreadFrame(events: EngineEvent[], now: number, eye: DrillEngine['eye']): void {
    this.lastSpread = this.spread.frame(now, shotsOf(events), eye);
    this.rt.overlay?.setSpread(this.lastSpread.firingPx, this.lastSpread.movementPx);
  }

  /** Analysis mode: the shot-performance overlay's records, when the frame changed them. */
  shotsFrame(events: EngineEvent[], engine: DrillEngine): void {
    if (this.shotFeed?.frame(events, engine)) this.rt.callbacks.onShots?.([...this.shotFeed.records]);
  }

  dispose(): void {
    this.world?.dispose();
    this.world = null;
    this.bars = null;
  }
}
