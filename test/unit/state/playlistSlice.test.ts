/**
 * The playlist slice and the run slice's next drill (issue 36 item 4): results in play order,
 * the index moving on, the end; run/nextDrillRequested starts over only from a stored run.
 */
import { ProjectState } from '../../../src/contracts/projectState';
import type { PlaylistAnswer, PlaylistRunResult } from '../../../src/contracts/playlists';
import { initialPlaylistState, playlistActions, playlistActive, playlistHasNext, playlistReducer } from '../../../src/state/playlist/playlistSlice';
import { initialRunState, runActions, runReducer } from '../../../src/state/run/runSlice';

const LIST: PlaylistAnswer = {
  id: 'two', name: 'Two', description: '', builtin: true, duration_ms: 16_000,
  drills: [{ id: 2033, name: 'A', duration: 8000 }, { id: 2901, name: 'B', duration: 8000 }],
};
const result = (drillId: number, runId: number): PlaylistRunResult => ({
  drillId, drillName: String(drillId), runId, score: 3, primaryMetric: 'targets_destroyed', passed: true, bestScore: 3, durationMs: 8000,
});

test('a playlist moves through its drills and ends after the last stored run', () => {
  let s = playlistReducer(initialPlaylistState, playlistActions.requested({ id: 'two' }));
  expect(playlistActive({ playlist: s })).toBe(false); // not loaded yet
  s = playlistReducer(s, playlistActions.loaded({ playlist: LIST, at: 1000 }));
  expect(playlistActive({ playlist: s })).toBe(true);
  expect(playlistHasNext({ playlist: s })).toBe(true);
  s = playlistReducer(s, playlistActions.runStored({ result: result(2033, 1), at: 20_000 }));
  expect(s.index).toBe(1);
  expect(s.finishedAt).toBeNull();
  expect(playlistHasNext({ playlist: s })).toBe(false);
  s = playlistReducer(s, playlistActions.runStored({ result: result(2901, 2), at: 40_000 }));
  expect(s.results.map((r) => r.runId)).toEqual([1, 2]);
  expect(s.finishedAt).toBe(40_000);
  expect(playlistActive({ playlist: s })).toBe(false);
  // a late duplicate changes nothing
  expect(playlistReducer(s, playlistActions.runStored({ result: result(2901, 3), at: 50_000 }))).toBe(s);
});

test('run/nextDrillRequested starts the run over for the next drill only once the last run is stored', () => {
  const playing = { ...initialRunState, drillId: 2033, projectState: ProjectState.GameComplete, keys: { restart: ['KeyT'], pause: ['Escape'] } };
  expect(runReducer(playing, runActions.nextDrillRequested({ id: 2901 }))).toBe(playing); // not stored yet
  const stored = { ...playing, performanceId: 7 };
  const next = runReducer(stored, runActions.nextDrillRequested({ id: 2901 }));
  expect(next).toMatchObject({ drillId: 2901, projectState: ProjectState.AssetsLoading, performanceId: null, drill: null, keys: { restart: ['KeyT'] } });
});
