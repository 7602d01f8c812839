/** The sensitivity finder's UI in jsdom (issue 37 item 6): the result overlay of a finished
 * session (recommendation, interval, quality, Apply saving the sensitivity and DPI), the start
 * page (DPI asked for in place; Start opens a parseable session URL) and the slice. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../src/state/store';
import { finderActions, finderControls, finderHasNext, finderRoundSens, initialFinderState } from '../../src/state/finder/finderSlice';
import { SensFinderResult } from '../../src/ui/overlays/SensFinderResult';
import { SensFinderPage } from '../../src/ui/SensFinderPage';
import { parseDrillQuery } from '../../src/state/drillQuery';
import { fitSession, planSession } from '../../src/sensitivity/finder';
import { productSensFromCm360 } from '../../src/sensitivity/convert';
import { createSensPlayer } from '../../src/sim/sensPlayer';
import { fakeEnv, fakeFetch, jsonResponse } from '../unit/state/fakes';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** A store whose finder session (seed 3, centre 30 cm, 800 DPI, 5 × 3 rounds) was played by a
 * synthetic player whose best is 27 cm/360. */
function finishedStore() {
  const { fn, calls } = fakeFetch({ '/gameoptions/edit': (_u, init) => jsonResponse(init?.method === 'POST' ? JSON.parse(String(init.body)) : { controls: {}, game_options: {} }) });
  const store = makeStore(fakeEnv({ fetch: fn }).env);
  store.dispatch(finderActions.started({ seed: 3, drillId: 234, centreCm360: 30, dpi: 800, repeats: 3 }));
  const player = createSensPlayer({ bestCm360: 27, seed: 3 });
  const f = store.getState().finder;
  for (const r of f.rounds) store.dispatch(finderActions.roundStored({ score: player.play(r.cm360, r.index), runId: 100 + r.index }));
  return { store, calls };
}

test('the slice plays the schedule in order and gives each round its sensitivity, keeping a vertical ratio', () => {
  const store = makeStore(fakeEnv().env);
  store.dispatch(finderActions.started({ seed: 9, drillId: 2033, centreCm360: 30, dpi: 800, levels: 3, repeats: 1 }));
  const plan = planSession(9, 30, { levels: 3, repeats: 1 });
  expect(store.getState().finder.rounds).toEqual(plan.rounds);
  expect(finderRoundSens(store.getState())).toBeCloseTo(productSensFromCm360(plan.rounds[0].cm360, 800), 12);
  const c = finderControls(store.getState(), { mouse_sens: 1, mouse_sens_y: 2 });
  expect(c.mouse_sens).toBeCloseTo(productSensFromCm360(plan.rounds[0].cm360, 800), 12);
  expect(c.mouse_sens_y).toBeCloseTo(2 * c.mouse_sens!, 12);
  expect(finderHasNext(store.getState())).toBe(true);
  store.dispatch(finderActions.roundStored({ score: 5, runId: 1 }));
  store.dispatch(finderActions.roundStored({ score: 6, runId: 2 }));
  expect(finderHasNext(store.getState())).toBe(false);
  store.dispatch(finderActions.roundStored({ score: 7, runId: 3 }));
  expect(store.getState().finder.finished).toBe(true);
  expect(store.getState().finder.results.map((r) => r.cm360)).toEqual(plan.rounds.map((r) => r.cm360));
  // no session: controls unchanged
  expect(finderControls({ finder: initialFinderState }, { mouse_sens: 1 })).toEqual({ mouse_sens: 1 });
});

test('the result shows the fit, its interval and quality; Apply saves the sensitivity and DPI', async () => {
  const { store, calls } = finishedStore();
  const f = store.getState().finder;
  const fit = fitSession(f.results);
  expect(fit.quality).not.toBe('inconclusive');
  render(<Provider store={store}><SensFinderResult /></Provider>);
  expect(screen.getByTestId('finder-recommended').textContent).toBe(`${fit.bestCm360.toFixed(1)} cm/360`);
  expect(screen.getByTestId('finder-interval').textContent).toBe(`95 % interval ${fit.low!.toFixed(1)}–${fit.high!.toFixed(1)} cm/360`);
  expect(fit.low!).toBeLessThan(27);
  expect(fit.high!).toBeGreaterThan(27);
  expect(screen.getByTestId('finder-result').getAttribute('data-quality')).toBe(fit.quality);
  const sens = Math.round(productSensFromCm360(fit.bestCm360, 800) * 1000) / 1000;
  expect(screen.getByTestId('finder-in-trainer').textContent).toBe(`= sensitivity ${sens} in this trainer at 800 DPI`);
  expect(screen.getByTestId('finder-again').getAttribute('href')).toBe(`/app/#/sens-finder?cm=${fit.bestCm360.toFixed(2)}&dpi=800`);
  fireEvent.click(screen.getByTestId('finder-apply'));
  await screen.findByTestId('finder-applied');
  const post = calls.find((c) => c.url === '/gameoptions/edit' && c.init?.method === 'POST');
  const body = JSON.parse(String(post!.init!.body));
  expect(body.controls.mouse_sens).toBeCloseTo(sens, 9);
  expect(body.controls.mouse_dpi).toBe(800);
});

test('the start page asks for the DPI in place and Start opens a session the game page parses', async () => {
  const { fn } = fakeFetch({ '/gameoptions/edit': () => jsonResponse({ controls: { mouse_sens: 2, mouse_dpi: null }, game_options: {} }) });
  const navigate = jest.fn();
  render(<SensFinderPage params={new URLSearchParams('')} fetchFn={fn} navigate={navigate} />);
  const start = await screen.findByTestId('finder-start');
  expect(start).toBeDisabled();
  expect(screen.getByTestId('finder-current').textContent).toMatch(/Enter your mouse DPI/);
  await act(async () => { fireEvent.change(screen.getByTestId('finder-dpi'), { target: { value: '1600' } }); });
  // sensitivity 2 at 1600 DPI: 914.4 / (1600 × 0.044) = 12.99 cm/360
  await waitFor(() => expect(screen.getByTestId('finder-current').textContent).toContain('(13.0 cm/360 at 1600 DPI)'));
  expect(start).not.toBeDisabled();
  fireEvent.click(start);
  const href: string = navigate.mock.calls[0][0];
  const q = parseDrillQuery(href.slice(1));
  expect(q.ok && q.id).toBe(234);
  expect(q.ok && q.finder).toMatchObject({ dpi: 1600, repeats: 2 });
  expect(q.ok && q.finder && q.finder.centreCm360).toBeCloseTo(12.99, 2);
});

test('a malformed finder query plays the drill as usual', () => {
  for (const s of ['?id=5&finder=x&cm=30&dpi=800', '?id=5&finder=1&cm=-1&dpi=800', '?id=5&finder=1&cm=30', '?id=5&finder=1&cm=30&dpi=800&levels=2']) {
    const q = parseDrillQuery(s);
    expect(q.ok && q.finder).toBeFalsy();
  }
  const q = parseDrillQuery('?id=5&finder=42&cm=30.5&dpi=800&levels=3&repeats=1');
  expect(q.ok && q.finder).toEqual({ seed: 42, centreCm360: 30.5, dpi: 800, levels: 3, repeats: 1 });
});
