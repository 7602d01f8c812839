/**
 * The sensitivity finder session on the game page (issue 37 item 6): `/?id=<drill>&finder=<seed>
 * &cm=<centre cm/360>&dpi=<DPI>[&levels=5&repeats=2]` plans a blinded session
 * (src/sensitivity/finder.ts planSession) and plays the drill once per round in place
 * (src/state/listeners/sensFinder.ts), each round at its own cm/360, which the page never shows;
 * each stored run adds its score; after the last one the result (fitSession) shows. The player's
 * saved sensitivity is never changed by a round (the round's sensitivity is given to the load
 * only, src/state/listeners/loadDrill.ts), so leaving the session loses nothing; only Apply
 * saves one. Plain serializable data only; events, not setters.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ControlOptions } from '../../contracts/gameOptions';
import { productSensFromCm360 } from '../../sensitivity/convert';
import { planSession, type FinderPlanOptions, type FinderRound } from '../../sensitivity/finder';

/** One stored round: its cm/360 (cm), the stored run's score and id. */
export interface FinderRoundResult {
  index: number;
  cm360: number;
  score: number;
  runId: number;
}

/** The finder slice. `seed` null = no session. */
export interface FinderState {
  seed: number | null;
  drillId: number | null;
  /** the player's cm/360 the levels spread around (cm) and the DPI (counts per inch) */
  centreCm360: number;
  dpi: number;
  /** the tested cm/360 values, ascending (cm) */
  levels: number[];
  /** the blinded schedule, in play order */
  rounds: FinderRound[];
  /** index in `rounds` of the round loaded or being played */
  index: number;
  results: FinderRoundResult[];
  /** whether every round is stored */
  finished: boolean;
}

/** No session. */
export const initialFinderState: FinderState = {
  seed: null, drillId: null, centreCm360: 0, dpi: 0, levels: [], rounds: [], index: 0, results: [], finished: false,
};

/** What the page's query asks for (src/state/drillQuery.ts). */
export interface FinderRequest extends FinderPlanOptions {
  seed: number;
  drillId: number;
  centreCm360: number;
  dpi: number;
}

const finderSlice = createSlice({
  name: 'finder',
  initialState: initialFinderState,
  reducers: {
    /** The page asked for a session: it is planned from the seed (planSession; a bad request
     * throws RangeError in the page, which reports it before dispatching). */
    started(state, action: PayloadAction<FinderRequest>) {
      if (state.seed !== null) return;
      const { seed, drillId, centreCm360, dpi, ...opts } = action.payload;
      const plan = planSession(seed, centreCm360, opts);
      return { ...initialFinderState, seed, drillId, centreCm360, dpi, levels: plan.levels, rounds: plan.rounds };
    },
    /** The current round's run is stored with `score`: the next round follows, or the session ends. */
    roundStored(state, action: PayloadAction<{ score: number; runId: number }>) {
      if (state.seed === null || state.finished) return;
      const round = state.rounds[state.index];
      state.results.push({ index: round.index, cm360: round.cm360, score: action.payload.score, runId: action.payload.runId });
      if (state.index + 1 < state.rounds.length) state.index += 1;
      else state.finished = true;
    },
  },
});

/** The finder slice's action creators. */
export const finderActions = finderSlice.actions;
/** The finder slice's reducer. */
export const finderReducer = finderSlice.reducer;

/** Anything with the finder slice under `finder` (optional: stores of older tests lack it). */
export interface WithFinder {
  finder?: FinderState;
}

/** Whether the page plays (or has played) a finder session: its runs show no run summary. */
export const finderSession = (s: WithFinder): boolean => !!s.finder && s.finder.seed !== null;

/** Whether a finder session is being played (planned and not finished). */
export const finderActive = (s: WithFinder): boolean => !!s.finder && s.finder.seed !== null && !s.finder.finished;

/** Whether the round being played is followed by another. */
export const finderHasNext = (s: WithFinder): boolean => finderActive(s) && s.finder!.index + 1 < s.finder!.rounds.length;

/** The product sensitivity of the round being played (productSensFromCm360 at the session's
 * DPI), or null without an active session. */
export function finderRoundSens(s: WithFinder): number | null {
  if (!finderActive(s)) return null;
  const f = s.finder!;
  return productSensFromCm360(f.rounds[f.index].cm360, f.dpi);
}

/**
 * The controls a load (or a live settings apply) must use during a finder round: mouse_sens is
 * the round's sensitivity; a separate vertical sensitivity keeps its ratio to the horizontal
 * one. Outside a session, `controls` unchanged.
 */
export function finderControls<C extends Partial<ControlOptions> | null | undefined>(s: WithFinder, controls: C): C {
  const sens = finderRoundSens(s);
  if (sens === null) return controls;
  const c = (controls ?? {}) as Partial<ControlOptions>;
  const y = typeof c.mouse_sens_y === 'number' && typeof c.mouse_sens === 'number' && c.mouse_sens > 0
    ? (c.mouse_sens_y * sens) / c.mouse_sens : null;
  return { ...c, mouse_sens: sens, mouse_sens_y: y } as C;
}
