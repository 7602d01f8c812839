/**
 * The `crosshair` slice: the four crosshair settings (crosshair, hitmarker, missmarker, ads),
 * each with the stored value (as last loaded / saved) and the editor's draft (spec section 4:
 * "edits preview live; cancel restores the stored config; save commits then persists").
 * Plain data only; loading and saving are the thunks at the bottom.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  CROSSHAIR_TYPES, defaultCrosshairConfig, type CrosshairConfig, type CrosshairSetting, type CrosshairType, type Rgba,
} from '../../contracts/crosshair';
import { applySettingToLiveOverlays } from '../../game/crosshairOverlay';
import type { FetchFn } from '../../net/api';
import { fetchCrosshairSetting, postCrosshairSetting } from './crosshairApi';
import { clampRgba, clampSetting, getPath, isNumberField, NUMBER_FIELDS, setPath, type FieldPath } from './fields';
import { clampAndRound } from '../../contracts/settingRanges';

/** Loading state of one type's setting. */
export type CrosshairLoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
/** Saving state of one type's setting: 'saved' after a successful save, 'failed' after a
 * failed one (shown as 'Failed to save'), back to 'idle' on the next edit or cancel. */
export type CrosshairSaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** One type's setting in the store. */
export interface CrosshairEntry {
  /** the setting as stored on the server (last load or save); before any load the default */
  stored: CrosshairSetting;
  /** what the editor shows and the preview draws */
  draft: CrosshairSetting;
  load: CrosshairLoadStatus;
  loadError: string | null;
  save: CrosshairSaveStatus;
  saveError: string | null;
}

/** The slice's state: one entry per type. */
export interface CrosshairState {
  entries: Record<CrosshairType, CrosshairEntry>;
}

/** A root state that has this slice under `crosshair`. */
export interface CrosshairRootState {
  crosshair: CrosshairState;
}

/** The setting a player without a stored one has: disabled (legacy look), default config. */
export function defaultCrosshairSetting(): CrosshairSetting {
  return { enabled: false, config: defaultCrosshairConfig() };
}

function freshEntry(): CrosshairEntry {
  return { stored: defaultCrosshairSetting(), draft: defaultCrosshairSetting(), load: 'idle', loadError: null, save: 'idle', saveError: null };
}

/** The slice's initial state: every type at its default, nothing loaded. */
export function initialCrosshairState(): CrosshairState {
  const entries = {} as Record<CrosshairType, CrosshairEntry>;
  for (const t of CROSSHAIR_TYPES) entries[t] = freshEntry();
  return { entries };
}

/** An edit of one field of `type`'s draft. `path` is `enabled` or a path inside the config
 * (see fields.ts); numbers are clamped and rounded to the field's range, colours take
 * `{ r, g, b }` (and optionally `a`). */
export interface CrosshairEdit {
  type: CrosshairType;
  path: FieldPath;
  value: number | boolean | Partial<Rgba>;
}

function errorText(e: { message?: string } | undefined): string {
  return e?.message || 'Error';
}

/** Deep equality of two settings (plain JSON data). */
export function sameSetting(a: CrosshairSetting, b: CrosshairSetting): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** `GET /api/v2/user/{type}` into the slice. Failure: logged, then a rejected action
 * (`unwrap()` rethrows it); the entry keeps its values and gets load 'failed'. */
export const loadCrosshairSetting = createAsyncThunk<
  CrosshairSetting, { type: CrosshairType; fetchFn?: FetchFn }
>('crosshair/load', ({ type, fetchFn }) => fetchCrosshairSetting(type, fetchFn));

/** Saves `type`'s draft with `POST /api/v2/user/{type}` and, on success, commits it (stored =
 * the server's answer, draft too) and applies it to a running game's crosshair layer. Failure:
 * logged, rejected (`unwrap()` rethrows it); the draft stays, save 'failed'. */
export const saveCrosshairSetting = createAsyncThunk<
  CrosshairSetting, { type: CrosshairType; fetchFn?: FetchFn }, { state: CrosshairRootState }
>('crosshair/save', async ({ type, fetchFn }, { getState }) => {
  const saved = await postCrosshairSetting(type, clampSetting(getState().crosshair.entries[type].draft), fetchFn);
  applySettingToLiveOverlays(type, saved);
  return saved;
});

const slice = createSlice({
  name: 'crosshair',
  initialState: initialCrosshairState,
  reducers: {
    /** Edits one field of the draft (clamped). Editing any config field turns the type's
     * custom config on (`enabled`), so the edit shows in the preview and in the game. */
    edited(state, action: PayloadAction<CrosshairEdit>) {
      const { type, path, value } = action.payload;
      const draft = state.entries[type].draft;
      if (path === 'enabled') {
        draft.enabled = value === true;
      } else if (isNumberField(path)) {
        const cur = getPath(draft.config, path);
        const v = clampAndRound(typeof value === 'number' ? value : NaN, NUMBER_FIELDS[path], typeof cur === 'number' ? cur : undefined);
        setPath(draft.config, path, v);
        draft.enabled = true;
      } else if (path === 'color' || path === 'outlineColor') {
        const cur = draft.config[path];
        const v = typeof value === 'object' && value ? value : {};
        draft.config[path] = clampRgba({ ...cur, ...v });
        draft.enabled = true;
      } else {
        if (typeof value !== 'boolean') return;
        setPath(draft.config, path, value);
        draft.enabled = true;
      }
      const e = state.entries[type];
      if (e.save !== 'saving') e.save = 'idle';
    },
    /** Replaces the whole draft config of `type` (e.g. a preset), clamped, and enables it. */
    draftReplaced(state, action: PayloadAction<{ type: CrosshairType; config: CrosshairConfig; enabled?: boolean }>) {
      const { type, config, enabled } = action.payload;
      state.entries[type].draft = clampSetting({ enabled: enabled ?? true, config });
      if (state.entries[type].save !== 'saving') state.entries[type].save = 'idle';
    },
    /** Cancel: the draft of `type` becomes the stored setting again. */
    cancelled(state, action: PayloadAction<{ type: CrosshairType }>) {
      const e = state.entries[action.payload.type];
      e.draft = cloneSetting(e.stored);
      e.save = 'idle';
      e.saveError = null;
    },
    /** Sets `type`'s stored setting (and draft) from elsewhere, e.g. the gameconfig response. */
    storedSet(state, action: PayloadAction<{ type: CrosshairType; setting: CrosshairSetting }>) {
      const e = state.entries[action.payload.type];
      e.stored = clampSetting(action.payload.setting);
      e.draft = clampSetting(action.payload.setting);
      e.load = 'loaded';
      e.loadError = null;
    },
  },
  extraReducers: (b) => {
    b.addCase(loadCrosshairSetting.pending, (state, a) => {
      const e = state.entries[a.meta.arg.type];
      e.load = 'loading';
      e.loadError = null;
    });
    b.addCase(loadCrosshairSetting.fulfilled, (state, a) => {
      const e = state.entries[a.meta.arg.type];
      e.load = 'loaded';
      e.stored = a.payload;
      e.draft = cloneSetting(a.payload);
      e.save = 'idle';
    });
    b.addCase(loadCrosshairSetting.rejected, (state, a) => {
      const e = state.entries[a.meta.arg.type];
      e.load = 'failed';
      e.loadError = errorText(a.error);
    });
    b.addCase(saveCrosshairSetting.pending, (state, a) => {
      const e = state.entries[a.meta.arg.type];
      e.save = 'saving';
      e.saveError = null;
    });
    b.addCase(saveCrosshairSetting.fulfilled, (state, a) => {
      const e = state.entries[a.meta.arg.type];
      e.stored = a.payload;
      e.draft = cloneSetting(a.payload);
      e.save = 'saved';
    });
    b.addCase(saveCrosshairSetting.rejected, (state, a) => {
      const e = state.entries[a.meta.arg.type];
      e.save = 'failed';
      e.saveError = errorText(a.error);
    });
  },
});

/** A deep copy of a plain-data setting. */
function cloneSetting(s: CrosshairSetting): CrosshairSetting {
  return JSON.parse(JSON.stringify(s)) as CrosshairSetting;
}

/** The slice's reducer (mounted as `crosshair` in src/state/store.ts). */
export const crosshairReducer = slice.reducer;
/** The slice's plain actions: edited, draftReplaced, cancelled, storedSet. */
export const crosshairActions = slice.actions;

/** `type`'s entry. */
export const selectCrosshairEntry = (state: CrosshairRootState, type: CrosshairType): CrosshairEntry =>
  state.crosshair.entries[type];

/** True when `type`'s draft differs from its stored setting. */
export const selectCrosshairModified = (state: CrosshairRootState, type: CrosshairType): boolean => {
  const e = state.crosshair.entries[type];
  return !sameSetting(e.draft, e.stored);
};

/** True when any of the four drafts differs from its stored setting. */
export const selectAnyCrosshairModified = (state: CrosshairRootState): boolean =>
  CROSSHAIR_TYPES.some((t) => selectCrosshairModified(state, t));

/** The stored config the game should draw for `type`: the config when enabled, else null
 * (the legacy look), like the gameconfig response's `{type}_config` fields. */
export const selectStoredCustomConfig = (state: CrosshairRootState, type: CrosshairType): CrosshairConfig | null => {
  const s = state.crosshair.entries[type].stored;
  return s.enabled ? s.config : null;
};
