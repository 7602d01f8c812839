/**
 * The playlist being played on the game page (issue 36 item 4): `/?playlist=<id>` loads the
 * playlist (GET /api/v1/playlists/{id}), then plays its drills one after another in place
 * (src/state/listeners/playlist.ts); each stored run adds a result; after the last one the
 * playlist summary shows. Plain serializable data only; events, not setters.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PlaylistAnswer, PlaylistDrill, PlaylistRunResult } from '../../contracts/playlists';

/** The playlist slice. `id` null = no playlist (a single drill's page). */
export interface PlaylistState {
  id: string | null;
  name: string;
  drills: PlaylistDrill[];
  /** index in `drills` of the drill loaded or being played */
  index: number;
  /** the stored runs, in play order */
  results: PlaylistRunResult[];
  /** when the playlist was loaded / its last run was stored (ms since the epoch); null before */
  startedAt: number | null;
  finishedAt: number | null;
}

/** No playlist. */
export const initialPlaylistState: PlaylistState = { id: null, name: '', drills: [], index: 0, results: [], startedAt: null, finishedAt: null };

const playlistSlice = createSlice({
  name: 'playlist',
  initialState: initialPlaylistState,
  reducers: {
    /** The page asked for playlist `id` (the listener fetches it); `source` and `context` are
     * the page's query parameters, given to every drill of it. */
    requested(state, action: PayloadAction<{ id: string; source?: string | null; context?: string | null }>) {
      if (state.id !== null) return;
      state.id = action.payload.id;
    },
    /** The playlist's drills are known; play starts at its first drill (`at`: ms since the epoch). */
    loaded(state, action: PayloadAction<{ playlist: PlaylistAnswer; at: number }>) {
      if (state.id === null || state.startedAt !== null) return;
      state.name = action.payload.playlist.name;
      state.drills = action.payload.playlist.drills;
      state.index = 0;
      state.startedAt = action.payload.at;
    },
    /** The current drill's run is stored: its result; the next drill follows, or (the last one)
     * the playlist is finished at `at`. */
    runStored(state, action: PayloadAction<{ result: PlaylistRunResult; at: number }>) {
      if (state.startedAt === null || state.finishedAt !== null) return;
      state.results.push(action.payload.result);
      if (state.index + 1 < state.drills.length) state.index += 1;
      else state.finishedAt = action.payload.at;
    },
  },
});

/** The playlist slice's action creators. */
export const playlistActions = playlistSlice.actions;
/** The playlist slice's reducer. */
export const playlistReducer = playlistSlice.reducer;

/** Anything with the playlist slice under `playlist` (optional: stores of older tests lack it). */
export interface WithPlaylist {
  playlist?: PlaylistState;
}

/** Whether a playlist is being played (loaded and not finished). */
export const playlistActive = (s: WithPlaylist): boolean =>
  !!s.playlist && s.playlist.startedAt !== null && s.playlist.finishedAt === null;

/** Whether the drill being played is followed by another of the playlist. */
export const playlistHasNext = (s: WithPlaylist): boolean =>
  playlistActive(s) && s.playlist!.index + 1 < s.playlist!.drills.length;
