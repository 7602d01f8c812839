/**
 * What the run's listeners (index.ts registers them) share: the state and dispatch they are
 * typed with, their `startListening`, the project-state entry predicate, and the panic with a
 * failure's message.
 */
import type { ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';
import type { ProjectState } from '../../contracts/projectState';
import { ApiRequestError } from '../../net/api';
import type { AppEnv } from '../env';
import type { HudState } from '../hud/hudSlice';
import type { PlaylistState } from '../playlist/playlistSlice';
import type { FinderState } from '../finder/finderSlice';
import { runActions, type RunState } from '../run/runSlice';

/** The root state shape (kept here to type the listeners without an import cycle). */
export interface ListenerRootState {
  run: RunState;
  hud: HudState;
  /** the playlist being played (src/state/playlist/playlistSlice.ts); absent in older test stores */
  playlist?: PlaylistState;
  /** the sensitivity finder session (src/state/finder/finderSlice.ts); absent in older test stores */
  finder?: FinderState;
}
export type ListenerDispatch = ThunkDispatch<ListenerRootState, unknown, UnknownAction>;

/** The `startListening` of the run's listener middleware (its effects get the AppEnv as `extra`). */
export type AppStartListening = TypedStartListening<ListenerRootState, ListenerDispatch, AppEnv>;

export const messageOf = (e: unknown): string =>
  e instanceof ApiRequestError ? (e.serverMessage ?? e.message) : e instanceof Error ? e.message : String(e);

/** The panic errors whose text carries the failure's message. */
type MessagePanic = 'load_error' | 'config_invalid' | 'chunk_error';

/** Panics with `game_errors.{kind}.title` / `.description` and `{ message }` of `e`
 * (the server's message for an API error, else the error's message). */
export function panicWith(dispatch: ListenerDispatch, kind: MessagePanic, e: unknown): void {
  dispatch(
    runActions.panic({
      title: `game_errors.${kind}.title`,
      description: `game_errors.${kind}.description`,
      params: { message: messageOf(e) },
    }),
  );
}

/** Enters `to` from an earlier project state. */
export const entered =
  (to: ProjectState) =>
  (_a: UnknownAction, cur: ListenerRootState, prev: ListenerRootState): boolean =>
    cur.run.projectState === to && prev.run.projectState !== to;
