/**
 * The `settings` slice: the settings menu's edited copy of the player's game options and
 * control options, the last loaded/saved copy, and the menu's flags (spec section 4,
 * "Settings"):
 * - any edit sets `modified` (and clears the last save status);
 * - a successful save clears `modified` and sets status 'saved'; a failed one status 'failed';
 * - revert restores the saved options;
 * - a video edit marks the video preset Custom; picking Low / Medium / High sets its values;
 * - changing anti-aliasing from the value the page started with sets `restartRequired`;
 * - editing a texture value marks the theme Custom; picking a theme sets its colours and line
 *   thickness;
 * - reset-to-defaults of a section marks modified; the video defaults set preset High.
 * Reducers are pure; loading and saving happen in settingsListeners.ts.
 */
import { createSlice, current, isDraft, type PayloadAction } from '@reduxjs/toolkit';
import {
  THEME_PRESETS,
  defaultControlOptions,
  defaultGameOptions,
  type BindingAction,
  type ControlOptions,
  type GameOptions,
  type GamepadOptions,
} from '../../contracts/gameOptions';
import { assignBinding, clearBinding, defaultBindings, type BindingSlot } from './bindings';
import { mergeControlOptions, mergeGameOptions } from './options';
import { VIDEO_PRESETS, isThemePreset, videoPresetOf, type VideoPreset } from './presets';

/** Result of the last save: none yet (or edited since), saved, or failed. */
export type SettingsStatus = 'none' | 'saved' | 'failed';

/** The sections with a reset-to-defaults button (the tabs, Controls split in its sub-tabs). */
export type SettingsSection = 'mouse' | 'bindings' | 'controller' | 'video' | 'hud' | 'visuals' | 'audio';

/** Game options and control options together, as loaded from and saved to the server. */
export interface SettingsValues {
  gameOptions: GameOptions;
  controls: ControlOptions;
}

/** The settings slice. */
export interface SettingsState {
  /** GET /gameoptions/edit in flight */
  loading: boolean;
  /** the player's settings were loaded at least once (false after a failed load: defaults) */
  loaded: boolean;
  /** POST /gameoptions/edit in flight */
  saving: boolean;
  /** edited since the last load, save or revert */
  modified: boolean;
  status: SettingsStatus;
  /** the edited copy (what the menu shows) */
  gameOptions: GameOptions;
  controls: ControlOptions;
  /** the last loaded or saved copy (what revert restores) */
  saved: SettingsValues;
  videoPreset: VideoPreset;
  /** anti-aliasing the page started with (the renderer cannot change it without a restart) */
  initialAntiAliasing: boolean;
  /** anti-aliasing differs from `initialAntiAliasing`: saving and restarting is required */
  restartRequired: boolean;
}

/** A fresh settings slice: defaults, not loaded. */
export function initialSettingsState(): SettingsState {
  const gameOptions = defaultGameOptions();
  const controls = defaultControlOptions();
  return {
    loading: false,
    loaded: false,
    saving: false,
    modified: false,
    status: 'none',
    gameOptions,
    controls,
    saved: { gameOptions: structuredClone(gameOptions), controls: { ...controls } },
    videoPreset: videoPresetOf(gameOptions.video),
    initialAntiAliasing: gameOptions.video.anti_aliasing,
    restartRequired: false,
  };
}

type OptionGroup = 'audio' | 'video' | 'hud' | 'visual' | 'texture';

/** One edited field of a game options group: `{ group: 'audio', key: 'music', value: 5 }`. */
export type OptionChange = {
  [G in OptionGroup]: { [K in keyof GameOptions[G]]: { group: G; key: K; value: GameOptions[G][K] } }[keyof GameOptions[G]];
}[OptionGroup];

/** One edited control option: `{ key: 'mouse_sens', value: 2 }`. */
export type ControlChange = { [K in keyof ControlOptions]: { key: K; value: ControlOptions[K] } }[keyof ControlOptions];

/** One edited gamepad option. */
export type GamepadChange = { [K in keyof GamepadOptions]: { key: K; value: GamepadOptions[K] } }[keyof GamepadOptions];

/** The server's `{ game_options, controls }` (possibly partial or missing). */
export interface ServerSettings {
  game_options?: unknown;
  controls?: unknown;
}

/** Full values from a server answer: merged over the defaults. */
export function valuesFromServer(body: ServerSettings | null | undefined): SettingsValues {
  return { gameOptions: mergeGameOptions(body?.game_options), controls: mergeControlOptions(body?.controls) };
}

/** The POST /gameoptions/edit body of the edited copy. */
export function saveBodyOf(state: Pick<SettingsState, 'gameOptions' | 'controls'>): { game_options: GameOptions; controls: ControlOptions } {
  return { game_options: state.gameOptions, controls: state.controls };
}

const edited = (state: SettingsState): void => {
  state.modified = true;
  state.status = 'none';
};

const refreshRestart = (state: SettingsState): void => {
  state.restartRequired = state.gameOptions.video.anti_aliasing !== state.initialAntiAliasing;
};

const applyTheme = (state: SettingsState, name: string): void => {
  const tex = state.gameOptions.texture;
  tex.theme = name;
  if (isThemePreset(name)) {
    const p = THEME_PRESETS[name];
    tex.target_colour = p.target_colour;
    tex.wall_colour = p.wall_colour;
    tex.line_colour = p.line_colour;
    tex.line_thickness = p.line_thickness;
  }
};

/** A plain copy of `x`, which may be an Immer draft (structuredClone cannot copy a draft). */
const plainCopy = <T extends object>(x: T): T => structuredClone((isDraft(x) ? current(x as never) : x) as T);

const setValues = (state: SettingsState, values: SettingsValues): void => {
  const copy = plainCopy(values);
  state.gameOptions = copy.gameOptions;
  state.controls = copy.controls;
  state.videoPreset = videoPresetOf(state.gameOptions.video);
  refreshRestart(state);
};

const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    /** The menu opened without loaded settings: GET /gameoptions/edit starts. */
    loadRequested(state) {
      if (!state.loading) state.loading = true;
    },
    /** The player's settings arrived (merged over the defaults). Unsaved edits are kept;
     * only the saved copy is replaced then. */
    loaded(state, action: PayloadAction<SettingsValues>) {
      const first = !state.loaded;
      state.loading = false;
      state.loaded = true;
      state.saved = structuredClone(action.payload);
      if (first) state.initialAntiAliasing = action.payload.gameOptions.video.anti_aliasing;
      if (!state.modified) setValues(state, action.payload);
      else refreshRestart(state);
    },
    /** Loading failed (logged by the listener): loading ends, the defaults stay editable. */
    loadFailed(state) {
      state.loading = false;
    },
    /** A game options field was edited. */
    optionChanged(state, action: PayloadAction<OptionChange>) {
      const { group, key, value } = action.payload;
      if (group === 'texture' && key === 'theme') {
        applyTheme(state, String(value));
      } else {
        (state.gameOptions[group] as unknown as Record<string, unknown>)[key] = value;
        if (group === 'video') {
          state.videoPreset = 'Custom';
          refreshRestart(state);
        }
        if (group === 'texture') state.gameOptions.texture.theme = 'Custom';
      }
      edited(state);
    },
    /** A control option was edited; the FOV and its type are mirrored into `other`. */
    controlChanged(state, action: PayloadAction<ControlChange>) {
      const { key, value } = action.payload;
      (state.controls as unknown as Record<string, unknown>)[key] = value;
      if (key === 'fov') state.gameOptions.other.fov = value as number;
      if (key === 'fov_type') state.gameOptions.other.fov_type = value as ControlOptions['fov_type'];
      edited(state);
    },
    /** A gamepad option was edited. */
    gamepadChanged(state, action: PayloadAction<GamepadChange>) {
      const { key, value } = action.payload;
      (state.gameOptions.control.gamepad as unknown as Record<string, unknown>)[key] = value;
      edited(state);
    },
    /** A notification preference was edited: low_fps (enabled) or mouse_skip (already shown). */
    notificationChanged(state, action: PayloadAction<{ key: 'low_fps' | 'mouse_skip'; value: boolean }>) {
      const other = state.gameOptions.other;
      if (action.payload.key === 'low_fps') other.low_fps.notification_enabled = action.payload.value;
      else other.mouse_skip.notification_shown = action.payload.value;
      edited(state);
    },
    /** The 'mouse skipping' notice was shown (spec section 8: once): the flag
     * other.mouse_skip.notification_shown is set in the saved copy and the edited copy without
     * marking anything modified; settingsListeners saves it. */
    mouseSkipNoticeShown(state) {
      state.saved.gameOptions.other.mouse_skip.notification_shown = true;
      state.gameOptions.other.mouse_skip.notification_shown = true;
    },
    /** "Don't show again" on the low-FPS notice was ticked (payload true) or unticked (spec
     * section 8, stored as notification_enabled): other.low_fps.notification_enabled becomes
     * !payload in the saved copy and the edited copy without marking anything modified;
     * settingsListeners saves it. */
    lowFpsDontShowAgain(state, action: PayloadAction<boolean>) {
      state.saved.gameOptions.other.low_fps.notification_enabled = !action.payload;
      state.gameOptions.other.low_fps.notification_enabled = !action.payload;
    },
    /** A binding cell got a code (assignBinding rules: a refused change edits nothing). */
    bindingAssigned(state, action: PayloadAction<{ action: BindingAction; slot: BindingSlot; code: string }>) {
      const { action: a, slot, code } = action.payload;
      const cur = state.gameOptions.control.bindings;
      const next = assignBinding(cur, a, slot, code);
      if (next === cur) return;
      state.gameOptions.control.bindings = next;
      edited(state);
    },
    /** The clear button of a binding. */
    bindingCleared(state, action: PayloadAction<{ action: BindingAction }>) {
      state.gameOptions.control.bindings = clearBinding(state.gameOptions.control.bindings, action.payload.action);
      edited(state);
    },
    /** A video preset was picked: Low / Medium / High set their values; Custom keeps them. */
    videoPresetSelected(state, action: PayloadAction<VideoPreset>) {
      const name = action.payload;
      state.videoPreset = name;
      if (name !== 'Custom') {
        Object.assign(state.gameOptions.video, VIDEO_PRESETS[name]);
        refreshRestart(state);
      }
      edited(state);
    },
    /** A theme was picked: a preset sets target, wall and line colours and line thickness. */
    themeSelected(state, action: PayloadAction<string>) {
      applyTheme(state, action.payload);
      edited(state);
    },
    /** Reset-to-defaults of one section; marks modified (video: preset High). */
    sectionReset(state, action: PayloadAction<SettingsSection>) {
      const d = defaultGameOptions();
      const dc = defaultControlOptions();
      const g = state.gameOptions;
      switch (action.payload) {
        case 'mouse':
          state.controls = { ...dc, graphics_quality_auto: state.controls.graphics_quality_auto, sens_profile_id: state.controls.sens_profile_id };
          g.other.fov = dc.fov;
          g.other.fov_type = dc.fov_type;
          break;
        case 'bindings':
          g.control.bindings = defaultBindings();
          break;
        case 'controller':
          g.control.gamepad = d.control.gamepad;
          break;
        case 'video':
          g.video = d.video;
          state.controls.graphics_quality_auto = dc.graphics_quality_auto;
          state.videoPreset = 'High';
          refreshRestart(state);
          break;
        case 'hud':
          g.hud = d.hud;
          g.other.low_fps = d.other.low_fps;
          g.other.mouse_skip = d.other.mouse_skip;
          break;
        case 'visuals':
          g.visual = d.visual;
          g.texture = d.texture;
          break;
        case 'audio':
          g.audio = d.audio;
          break;
      }
      edited(state);
    },
    /** Revert: the saved options come back; nothing is modified. */
    reverted(state) {
      setValues(state, state.saved);
      state.modified = false;
      state.status = 'none';
    },
    /** Save pressed: POST /gameoptions/edit starts. */
    saveRequested(state) {
      state.saving = true;
      state.status = 'none';
    },
    /** The server stored the settings (its answer, clamped, when it sent one). */
    saveSucceeded(state, action: PayloadAction<SettingsValues | undefined>) {
      const now = current(state);
      const values = plainCopy(action.payload ?? { gameOptions: now.gameOptions, controls: now.controls });
      state.saved = plainCopy(values);
      setValues(state, values);
      state.saving = false;
      state.modified = false;
      state.status = 'saved';
    },
    /** The save failed: the edits stay, status failed. */
    saveFailed(state) {
      state.saving = false;
      state.status = 'failed';
    },
  },
});

/** The settings slice's action creators. */
export const settingsActions = settingsSlice.actions;
/** The settings slice's reducer (pure). */
export const settingsReducer = settingsSlice.reducer;
export default settingsSlice;

/** Anything with the settings slice under `settings`. */
export interface WithSettings {
  settings: SettingsState;
}

/** The settings slice. */
export const selectSettings = (s: WithSettings): SettingsState => s.settings;
/** Save and Revert are enabled: something changed, nothing is loading or saving. */
export const selectCanSaveOrRevert = (s: WithSettings): boolean =>
  s.settings.modified && !s.settings.loading && !s.settings.saving;
