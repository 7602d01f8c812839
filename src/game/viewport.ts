/**
 * The game controller's view of the canvas (createGameController.ts): the Babylon engine and
 * its resizes, the render scale (the device pixel ratio, the saved render scale, automatic
 * quality: effects/videoQuality.ts), the run's fov for the canvas's aspect divided by the ADS
 * zoom (adsView.ts), multi-monitor mode's side views (multiView.ts, multiViewRig.ts), and the
 * camera's view each frame for the world overlay.
 */
import { Engine } from '@babylonjs/core/Engines/engine';
import { Camera } from '@babylonjs/core/Cameras/camera';
import type { Scene } from '@babylonjs/core/scene';
import type { TargetCamera } from '@babylonjs/core/Cameras/targetCamera';
import type { DrillEngine } from '../contracts/engine';
import type { ControlOptions, GameOptions } from '../contracts/gameOptions';
import type { DrillConfig } from '../contracts/drillConfig';
import { AdsViewFollower } from './adsView';
import { AutoQualityController, effectiveRenderScale, publishAutoRenderScale } from './effects/videoQuality';
import { horizontalFovDeg, resolveFov } from './fov';
import { MULTI_MONITOR_VIEWS, multiViewLayout, type MultiViewLayout } from './multiView';
import { MultiViewRig } from './multiViewRig';
import { applyCameraFov } from './scene';
import type { GameRuntime } from './gameRuntime';
import type { ViewFrame } from './worldOverlay';

export class Viewport {
  /** multi-monitor mode (the drill's multiMonitorMode): the side views and their layout */
  private rig: MultiViewRig | null = null;
  private multiLayout: MultiViewLayout | null = null;
  private runFov: { fov: number; fovType: string } | null = null;
  /** graphics_quality_auto (effects/videoQuality.ts) */
  autoQ: AutoQualityController | null = null;
  private resizeObserver: ResizeObserver | null = null;
  readonly ads: AdsViewFollower;
  private readonly view: ViewFrame = { eye: { x: 0, y: 0, z: 0 }, yawDeg: 0, pitchDeg: 0, tanH: 1, tanV: 1, split: null };

  /** `layoutWorld`: lays the world overlay out again (a resize). */
  constructor(private readonly rt: GameRuntime, private readonly layoutWorld: () => void) {
    this.ads = new AdsViewFollower({ overlay: () => rt.overlay, applyFov: () => this.applyFov(), scope: () => rt.scope });
  }

  private readonly onResize = (): void => {
    const babylon = this.rt.babylon;
    if (!babylon) return;
    this.applyScaling();
    babylon.resize();
    this.applyFov();
    this.rt.overlay?.layout();
    this.rt.scope?.layout();
    this.layoutWorld();
    this.rt.renderIfIdle();
  };

  /** The Babylon engine of the canvas (created by the first load, with its resize listeners),
   * scaled and sized for the canvas. */
  attach(options: GameOptions): Engine {
    const { rt } = this;
    if (!rt.babylon) {
      rt.babylon = new Engine(rt.canvas, options.video?.anti_aliasing !== false, {
        stencil: false, preserveDrawingBuffer: false, powerPreference: 'high-performance', audioEngine: false,
        // Babylon writes this into the canvas on pointer moves; its default 1 puts the canvas
        // first in the tab order (an axe-core violation): focusable from script only
        canvasTabIndex: -1,
      }, true);
      window.addEventListener('resize', this.onResize);
      if (typeof ResizeObserver === 'function') {
        this.resizeObserver = new ResizeObserver(this.onResize);
        this.resizeObserver.observe(rt.canvas);
      }
    }
    this.applyScaling();
    rt.babylon.resize();
    return rt.babylon;
  }

  /** The old scene (and its side views) is gone. */
  sceneDropped(): void {
    this.rig = null;
    this.multiLayout = null;
  }

  /** A new room's scene: automatic quality as the controls say, the run's fov, the side views. */
  sceneBuilt(scene: Scene, camera: TargetCamera, drill: DrillConfig, options: GameOptions, controls: Partial<ControlOptions> | null | undefined): void {
    this.autoQ = controls?.graphics_quality_auto === true ? new AutoQualityController() : null;
    publishAutoRenderScale(this.autoQ ? this.autoQ.scale : null);
    this.applyScaling();
    this.runFov = resolveFov(drill, options);
    if (drill.multiMonitorMode) this.rig = new MultiViewRig(scene, camera, MULTI_MONITOR_VIEWS);
    this.applyFov();
  }

  /** Settings saved mid-drill: the fov they give, automatic quality, the render scale. */
  applySaved(fov: { fov: number; fovType: string }, controls: Partial<ControlOptions> | null | undefined): void {
    this.runFov = fov;
    // automatic quality follows a mid-drill save (effects/videoQuality.ts)
    this.autoQ = controls?.graphics_quality_auto === true ? (this.autoQ ?? new AutoQualityController()) : null;
    publishAutoRenderScale(this.autoQ ? this.autoQ.scale : null);
    this.applyScaling();
    this.rt.babylon?.resize();
    this.applyFov();
  }

  /** A rendered frame's time for automatic quality (a changed scale applies at once). */
  qualityFrame(now: number): void {
    if (this.autoQ?.frame(now)) { this.applyScaling(); publishAutoRenderScale(this.autoQ.scale); }
  }

  applyScaling(): void {
    const { babylon, loadOpts } = this.rt;
    if (!babylon) return;
    const dpr = (typeof window !== 'undefined' && window.devicePixelRatio) || 1;
    const rs = loadOpts?.options.video?.render_scale;
    const renderScale = effectiveRenderScale(this.autoQ !== null, this.autoQ?.scale ?? 1, rs);
    babylon.setHardwareScalingLevel(1 / (dpr * renderScale));
  }

  /** (Re)applies the run's fov for the canvas's current aspect (the lock axis depends on it),
   * divided by the current ADS zoom; in multi-monitor mode, split over the views (multiView.ts:
   * the base horizontal fov divided by the view count). */
  applyFov(): void {
    const { rt, runFov } = this;
    const camera = rt.gs?.camera ?? rt.room?.camera;
    const babylon = rt.babylon;
    if (!camera || !runFov || !babylon) return;
    const w = babylon.getRenderWidth();
    const h = babylon.getRenderHeight();
    const aspect = w > 0 && h > 0 ? w / h : (rt.canvas.clientWidth || 16) / (rt.canvas.clientHeight || 9);
    if (this.rig) {
      const baseHfovRad = horizontalFovDeg(runFov.fov, runFov.fovType, aspect) * (Math.PI / 180);
      this.multiLayout = multiViewLayout(MULTI_MONITOR_VIEWS, baseHfovRad, aspect, this.ads.current);
      this.rig.apply(this.multiLayout);
    } else {
      this.multiLayout = null;
      applyCameraFov(camera, runFov.fov, runFov.fovType, aspect, this.ads.current);
    }
  }

  /** The camera's view this frame, for the world overlay: eye, aim, half-angle tangents. */
  viewFrameOf(e: DrillEngine): ViewFrame {
    const { view } = this;
    const cam = this.rt.gs!.camera;
    if (this.multiLayout) {
      // the views together: their combined horizontal fov (arrows), each view (pop-ups)
      const m = this.multiLayout;
      view.tanH = Math.tan(Math.min(m.eachHfovRad * m.count, Math.PI * 0.99) / 2);
      view.tanV = Math.tan(m.vfovRad / 2);
      const split = view.split ?? (view.split = { count: 1, tanEach: 1, eachHfovRad: 1 });
      split.count = m.count; split.eachHfovRad = m.eachHfovRad; split.tanEach = Math.tan(m.eachHfovRad / 2);
    } else {
      const babylon = this.rt.babylon!;
      const w = babylon.getRenderWidth(), h = babylon.getRenderHeight();
      const aspect = w > 0 && h > 0 ? w / h : 16 / 9;
      const t = Math.tan(cam.fov / 2);
      if (cam.fovMode === Camera.FOVMODE_HORIZONTAL_FIXED) { view.tanH = t; view.tanV = t / aspect; } else { view.tanV = t; view.tanH = t * aspect; }
      view.split = null;
    }
    view.eye = e.eye;
    view.yawDeg = e.yaw;
    view.pitchDeg = e.pitch;
    return view;
  }

  /** Stops following the window and the canvas; no automatic scale is published. */
  detach(): void {
    publishAutoRenderScale(null);
    window.removeEventListener('resize', this.onResize);
    this.resizeObserver?.disconnect();
  }
}
