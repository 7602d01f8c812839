/**
 * Settings saved during a drill (pause → Settings → Save) and what the running drill does with
 * them (pure; no Babylon, no DOM: the controller hands in its input recorder, gamepad poller and
 * audio as `LiveSettingsTargets`).
 *
 * Applied at once ("settings apply in the running drill without a reload where the spec
 * allows it"; the spec names only anti-aliasing as save-and-restart, section 4):
 *  - mouse sensitivity, vertical sensitivity, invert, ADS sensitivity (controls mouse_sens,
 *    mouse_sens_y, mouse_inverse, ads_sens). Before the round's engine exists the engine simply
 *    gets the new values. Once it exists its settings are part of the replay (submission
 *    `replay.settings`), so they are NOT mutated: the recorder rescales the raw counts of the
 *    mouse samples recorded from now on (src/input/lookScale.ts), the engine applies its own
 *    settings to the rescaled counts, and the input log holds exactly what was applied — the
 *    replay stays bit-exact and the aim turns as the new settings ask. The change takes effect
 *    at a tick boundary by construction: the save happens while paused (recording stopped);
 *    every sample before it was recorded at the old scale, every later one at the new scale.
 *    Gamepad look is converted from degrees with the ENGINE's degrees per count, so it needs no
 *    rescaling (its own speeds are the gamepad options);
 *  - FOV (game_options.other.fov / fov_type, mirrored from the controls): resolveFov, so a
 *    drill's min/max lock still clamps it;
 *  - bindings (keys, mouse buttons, pad buttons), gamepad options (deadzones, invert,
 *    horizontal / vertical sensitivity), the mouse-skip filter, audio volumes;
 *  - render scale (the controller re-applies the hardware scaling);
 *  - HUD options and the page keys: the settings listener dispatches run/settingsLoaded;
 *  - crosshair, ADS crosshair, hit and miss markers: saved by the crosshair editors, applied to
 *    the live layer by crosshairOverlay.ts applySettingToLiveOverlays.
 *  - the visual effects (on-hit, muzzle flash, tracers, bullet holes, weapon, sight colour,
 *    target outline),
 *    shadows and anisotropy: the controller rebuilds the effects and the shadow map
 *    (effectsWiring.ts applyLiveLook, scene.ts setVideo);
 *  - the theme and the target, wall and line colours: the scene recolours the room and the
 *    targets (scene.ts setColours, roomBuilder.ts recolour; issue 33 item 7);
 *  - the despawn animation from the next round on (restart included): its length is part of
 *    the replay (`replay.despawn_ms`), so the running round keeps its own.
 * Next load only: anti-aliasing (the WebGL context is created with it; the settings menu shows
 * the restart notice), brightness, the room texture and the room (visual.room).
 */
import type { EngineSettings } from '../contracts/engine';
import type { DrillConfig } from '../contracts/drillConfig';
import type { Binding, BindingAction, ControlOptions, FovType, GameOptions, GamepadOptions } from '../contracts/gameOptions';
import { IDENTITY_LOOK_SCALE, lookScaleOf, positiveOr, type LookScale, type LookSensitivity } from '../input/lookScale';
import { mouseSkipFilterEnabled } from '../input/mouseSkipFilter';
import { resolveFov } from './fov';
import type { LiveSettings } from './types';

/**
 * The look sensitivity the player's control options ask for: sensitivity = mouse_sens,
 * sensitivityY = mouse_sens_y (null = same), invertY = mouse_inverse === 1, adsSensitivity =
 * ads_sens. A missing or non-positive value keeps the one of `fallback`.
 */
export function liveSensitivityOf(controls: Partial<ControlOptions> | null | undefined, fallback: LookSensitivity): LookSensitivity {
  const c = controls ?? {};
  const sy = c.mouse_sens_y;
  return {
    sensitivity: positiveOr(c.mouse_sens, fallback.sensitivity),
    sensitivityY: sy === null ? null : positiveOr(sy, fallback.sensitivityY),
    invertY: c.mouse_inverse === 1 ? true : c.mouse_inverse === 0 ? false : fallback.invertY,
    adsSensitivity: positiveOr(c.ads_sens, fallback.adsSensitivity),
  };
}

/** The look sensitivity an engine created with `settings` uses: the ADS multiplier is
 * `settings.adsSensitivity` when set and > 0, else the drill's `adsSens` (as src/ecs/world.ts). */
export function engineLookSensitivity(settings: EngineSettings, drill: Pick<DrillConfig, 'adsSens'>): LookSensitivity {
  return {
    sensitivity: settings.sensitivity,
    sensitivityY: settings.sensitivityY,
    invertY: settings.invertY,
    adsSensitivity: positiveOr(settings.adsSensitivity, positiveOr(drill.adsSens, 1)),
  };
}

/** What `applyLiveSettings` changes: the runtime's input recorder, gamepad poller and audio. */
export interface LiveSettingsTargets {
  input: {
    setBindings(bindings: Partial<Record<BindingAction, Binding>> | null | undefined): void;
    setMouseSkipFilter(enabled: boolean): void;
    setLookScale(scale: LookScale): void;
  };
  gamepad: {
    configure(options: Partial<GamepadOptions> | null | undefined, bindings?: Partial<Record<BindingAction, Binding>> | null): void;
  } | null;
  audio: { setOptions(audio: Partial<GameOptions['audio']> | null | undefined): void };
}

/** The run a save lands in. */
export interface LiveRun {
  /** the gameconfig response (its `mouse_skip_filter`, if any, is the filter's fallback) */
  config: unknown;
  drill: Pick<DrillConfig, 'adsSens' | 'ads' | 'fov' | 'fovType' | 'extra'>;
  /** the settings the round's engine was (or will be) created with */
  engineSettings: EngineSettings;
  /** true once the round's engine exists (its settings are then fixed: the replay's) */
  engineStarted: boolean;
}

/** What a save changed, for the controller. */
export interface LiveSettingsResult {
  /** the engine settings: the new ones before the round starts, else unchanged */
  engineSettings: EngineSettings;
  /** what the aim now turns per mouse count (debug hook, settings_end of the submission) */
  live: LookSensitivity;
  /** the recorder's scale for later mouse samples (identity before the round starts) */
  lookScale: LookScale;
  /** the fov to show (degrees, type), the drill's lock applied */
  fov: { fov: number; fovType: FovType };
  /** whether the mouse-skip filter now runs */
  mouseSkipFilter: boolean;
}

/**
 * Applies `s` to `targets` for `run` (see the file comment for what applies live and why the
 * sensitivity goes through the recorder once the engine exists). Returns what the controller
 * must keep. Throws nothing for partial settings: missing values keep the run's.
 */
export function applyLiveSettings(targets: LiveSettingsTargets, run: LiveRun, s: LiveSettings): LiveSettingsResult {
  const opts = s.gameOptions;
  const bindings = opts?.control?.bindings ?? null;
  targets.input.setBindings(bindings);
  targets.gamepad?.configure(opts?.control?.gamepad, bindings);
  targets.audio.setOptions(opts?.audio);
  const mouseSkipFilter = mouseSkipFilterEnabled(s.controls, run.config);
  targets.input.setMouseSkipFilter(mouseSkipFilter);

  const engineLook = engineLookSensitivity(run.engineSettings, run.drill);
  const live = liveSensitivityOf(s.controls, engineLook);
  let engineSettings = run.engineSettings;
  let lookScale = IDENTITY_LOOK_SCALE;
  if (!run.engineStarted) {
    engineSettings = {
      ...run.engineSettings,
      sensitivity: live.sensitivity,
      sensitivityY: live.sensitivityY,
      invertY: live.invertY,
      ...(live.adsSensitivity !== engineLook.adsSensitivity ? { adsSensitivity: live.adsSensitivity } : {}),
    };
  } else {
    lookScale = lookScaleOf(engineLook, live, run.drill.ads?.enabled !== false);
  }
  targets.input.setLookScale(lookScale);
  return { engineSettings, live, lookScale, fov: resolveFov(run.drill, opts ?? null), mouseSkipFilter };
}
