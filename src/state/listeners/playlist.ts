/**
 * A playlist on the game page (issue 36 item 4): playlist/requested fetches the playlist
 * (GET /api/v1/playlists/{id}) and asks for its first drill; each stored run
 * (run/submitSucceeded, posted as usual by submission.ts through the outbox) becomes a result
 * (playlist/runStored) and, while drills are left, the next drill loads in place
 * (run/nextDrillRequested: no page load, the controller and its pointer lock kept); after the
 * last one the playlist summary shows. A host page that embeds the game gets `drill-complete`
 * for every run and `playlist-complete` (every result) at the end.
 */
import { playlistPath, type PlaylistAnswer, type PlaylistRunResult } from '../../contracts/playlists';
import type { RunSummary } from '../../contracts/performance';
import { summaryPath } from '../../contracts/pageFor';
import { fetchPerformance, getJson } from '../../net/api';
import { playlistActions, playlistActive } from '../playlist/playlistSlice';
import { runActions } from '../run/runSlice';
import type { AppStartListening } from './listenerTypes';
import { asRunSummary, drillCompleteDetail } from './submission';

/** The playlist error of the error overlay (i18n keys), with the server's message. */
const playlistError = (message: string) => ({ title: 'playlist.error_title', description: 'playlist.error_description', params: { message } });

/** A stored run as a playlist result; `durationMs` is the drill's round length (ms). */
export function playlistResultOf(s: RunSummary, durationMs: number): PlaylistRunResult {
  return {
    drillId: s.game_id,
    drillName: s.drill_name,
    runId: s.id,
    score: s.score,
    primaryMetric: s.primary_metric,
    passed: s.passed,
    bestScore: typeof s.best_score === 'number' ? Math.max(s.best_score, s.score) : s.score,
    durationMs,
  };
}

export function listenPlaylist(startListening: AppStartListening): void {
  startListening({
    actionCreator: playlistActions.requested,
    effect: async (action, api) => {
      const { extra } = api;
      let playlist: PlaylistAnswer;
      try {
        playlist = await getJson<PlaylistAnswer>(extra.fetch, `/api/v1/playlists/${encodeURIComponent(action.payload.id)}`);
      } catch (e) {
        api.dispatch(runActions.panic(playlistError(e instanceof Error ? e.message : String(e))));
        return;
      }
      if (playlist.drills.length === 0) {
        api.dispatch(runActions.panic(playlistError('it has no drills')));
        return;
      }
      api.dispatch(playlistActions.loaded({ playlist, at: Date.now() }));
      const { source, context } = action.payload;
      api.dispatch(runActions.drillRequested({ id: playlist.drills[0].id, source: source ?? null, context: context ?? null }));
    },
  });

  startListening({
    actionCreator: runActions.submitSucceeded,
    effect: async (action, api) => {
      const state = api.getState();
      if (!playlistActive(state)) return;
      const { extra } = api;
      const runId = action.payload.performanceId;
      const summary = action.payload.summary ?? (await fetchPerformance(extra.fetch, runId).then(asRunSummary, () => null));
      const durationMs = state.run.drill?.durationMs ?? 0;
      const result: PlaylistRunResult = summary ? playlistResultOf(summary, durationMs) : {
        drillId: state.run.drillId ?? 0, drillName: state.run.drill?.name ?? '', runId, score: 0, primaryMetric: state.run.drill?.primaryMetric ?? '',
        passed: false, bestScore: null, durationMs,
      };
      if (summary && extra.hostEmbedded()) {
        const { protocol, host } = extra.origin();
        extra.emitHostEvent('drill-complete', drillCompleteDetail(summary, `${protocol}//${host}${summaryPath(runId, state.run.source)}`));
      }
      api.dispatch(playlistActions.runStored({ result, at: Date.now() }));
      const pl = api.getState().playlist!;
      if (pl.finishedAt === null) {
        api.dispatch(runActions.nextDrillRequested({ id: pl.drills[pl.index].id }));
        return;
      }
      if (extra.hostEmbedded()) {
        extra.emitHostEvent('playlist-complete', {
          playlistId: pl.id!,
          playlistName: pl.name,
          results: pl.results,
          elapsedMs: pl.finishedAt - (pl.startedAt ?? pl.finishedAt),
          url: playlistPath(pl.id!),
        });
      }
    },
  });
}
