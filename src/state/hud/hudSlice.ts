/**
 * HUD numbers (the runtime's HudSnapshot), replaced at most once per rendered frame by
 * 'hud/frameRendered'. Reset to the drill's full duration when the config loads.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HudSnapshot } from '../../game/types';
import type { ShotRecord } from '../../game/shotFeed';
import { runActions } from '../run/runSlice';

/** The HUD slice: the last frame's HudSnapshot, and in analysis mode the shot-performance
 * overlay's last shots (src/game/shotFeed.ts; newest last). */
export type HudState = HudSnapshot & { shotFeed: ShotRecord[] };

/** Zeroed HUD. */
export const initialHudState: HudState = {
  remainingMs: 0,
  targetsDestroyed: 0,
  accuracy: 0,
  shots: 0,
  hits: 0,
  fps: 0,
  timeDestroyMs: 0,
  critPercent: 0,
  damage: 0,
  clip: { size: 99999, remaining: 99999, reloadProgress: 0 },
  shotFeed: [],
};

const hudSlice = createSlice({
  name: 'hud',
  initialState: initialHudState,
  reducers: {
    /** A frame was rendered: its HUD numbers. */
    frameRendered(state, action: PayloadAction<HudSnapshot>) {
      const h = action.payload;
      return {
        shotFeed: state.shotFeed,
        remainingMs: Math.max(0, h.remainingMs),
        targetsDestroyed: h.targetsDestroyed,
        accuracy: h.accuracy,
        shots: h.shots,
        hits: h.hits,
        fps: h.fps,
        timeDestroyMs: h.timeDestroyMs,
        critPercent: h.critPercent,
        damage: h.damage,
        clip: { ...h.clip },
      };
    },
    /** Analysis mode: the shot-performance overlay's records changed (a shot was fired). */
    shotsRecorded(state, action: PayloadAction<ShotRecord[]>) {
      state.shotFeed = action.payload.map((r) => ({ ...r }));
    },
  },
  extraReducers: (builder) => {
    builder.addCase(runActions.configLoaded, (_state, action) => ({
      ...initialHudState,
      remainingMs: action.payload.durationMs,
    }));
    // a restart in place starts the HUD over, as a reload would
    builder.addCase(runActions.restartedInPlace, (_state, action) => ({
      ...initialHudState,
      remainingMs: action.payload.durationMs,
    }));
  },
});

/** The hud slice's event action creators. */
export const hudActions = hudSlice.actions;
/** The hud slice's reducer (pure). */
export const hudReducer = hudSlice.reducer;
export default hudSlice;

/** The remaining time as the HUD shows it: tenths of a second, never below 0 (src/ui/format.ts
 * formatRemaining). */
const shownTenths = (ms: number): number => Math.max(0, Math.floor(ms / 100));

/**
 * True when two snapshots draw the same HUD, so the frame dispatches nothing (the remaining
 * time changes every frame, its display ten times a second: a dispatch per frame re-rendered
 * the HUD each frame, issue 11's every-option-on frame cost). Compared as shown: the remaining
 * time in tenths of a second, the time to kill and the FPS rounded (Hud.tsx); every other number
 * exactly.
 */
export function sameHud(a: HudSnapshot, b: HudSnapshot): boolean {
  return (
    shownTenths(a.remainingMs) === shownTenths(b.remainingMs) &&
    a.targetsDestroyed === b.targetsDestroyed &&
    a.accuracy === b.accuracy &&
    a.shots === b.shots &&
    a.hits === b.hits &&
    Math.round(a.fps) === Math.round(b.fps) &&
    Math.round(a.timeDestroyMs) === Math.round(b.timeDestroyMs) &&
    a.critPercent === b.critPercent &&
    Math.round(a.damage) === Math.round(b.damage) &&
    a.clip.size === b.clip.size &&
    a.clip.remaining === b.clip.remaining &&
    a.clip.reloadProgress === b.clip.reloadProgress
  );
}
