/** The pre-game info overlay (spec section 2): the requirements list, and the zoom, toggle-zoom
 * and movement hints only when the weapon has zoom / the player can walk. */
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { PregameInfo } from '../../src/ui/overlays/PregameInfo';
import { makeStore } from '../../src/state/store';
import { initialRunState, type DrillInfo } from '../../src/state/run/runSlice';
import { ProjectState } from '../../src/contracts/projectState';
import { mergeGameOptions, pageKeysOf } from '../../src/state/settings/options';
import { fakeEnv } from '../unit/state/fakes';

const base: DrillInfo = {
  id: 158, name: 'Scoped Long Range', descriptionHtml: '<p>Small targets</p>', objective: 'Reach 80 % accuracy.',
  bestScore: null, durationMs: 60000, primaryMetric: 'accuracy', movement: false, analysisMode: false, tiers: [80],
  clipSize: 99999, zoom: 2.5, requirements: [{ metric: 'targets_destroyed', threshold: 40 }, { metric: 'accuracy', threshold: 80 }],
};

function renderWith(drill: DrillInfo, bindings?: Record<string, unknown>, source: string | null = null) {
  const options = mergeGameOptions(bindings ? { control: { bindings } } : null);
  const store = makeStore(fakeEnv().env, {
    run: { ...initialRunState, projectState: ProjectState.AssetsLoaded, drillId: drill.id, drill, source, keys: pageKeysOf(options) },
  });
  return render(<Provider store={store}><PregameInfo /></Provider>);
}

test('one target to destroy reads in the singular', () => {
  renderWith({ ...base, primaryMetric: 'targets_destroyed', requirements: [{ metric: 'targets_destroyed', threshold: 1 }] }, undefined, 'workout');
  expect(screen.getByTestId('pregame-requirement-targets_destroyed').textContent).toBe('Destroy at least 1 target');
});

test('the requirements list names what the summary judges (issue 33 item 3)', () => {
  const all = [...base.requirements!, { metric: 'time_destroy' as const, threshold: 700 }, { metric: 'crit_hit' as const, threshold: 50 }];
  // the drill's own objective (a workout): its threshold of the primary metric, nothing else
  const { unmount } = renderWith({ ...base, requirements: all }, undefined, 'workout');
  expect(screen.getByTestId('pregame-requirement-accuracy')).toHaveTextContent('Accuracy of 80 % or more');
  expect(screen.getAllByRole('listitem').filter((li) => li.dataset.testid?.startsWith('pregame-requirement-'))).toHaveLength(1);
  unmount();
  const { unmount: u2 } = renderWith({ ...base, primaryMetric: 'time_destroy', requirements: all }, undefined, 'progression');
  expect(screen.getByTestId('pregame-requirement-time_destroy')).toHaveTextContent('Time to destroy 700 ms or less');
  expect(screen.queryByTestId('pregame-requirement-accuracy')).toBeNull();
  u2();
  const { unmount: u3 } = renderWith({ ...base, primaryMetric: 'crit_hit', requirements: all }, undefined, 'workout');
  expect(screen.getByTestId('pregame-requirement-crit_hit')).toHaveTextContent('Critical hits on 50 % of shots or more');
  u3();
  // a run from the drill list is judged by the player's best: the card lists no thresholds
  renderWith({ ...base, requirements: all });
  expect(screen.getByTestId('pregame-objective')).toHaveAttribute('data-kind', 'best-score');
  expect(screen.queryByTestId('pregame-requirements')).toBeNull();
});

test('a weapon with zoom shows the zoom and toggle-zoom keys of the bindings; no movement hint without walking', () => {
  renderWith(base);
  expect(screen.getByTestId('pregame-zoom-keys')).toHaveTextContent('Mouse Right');
  expect(screen.getByTestId('pregame-zoom-keys')).toHaveTextContent('2.5× zoom');
  expect(screen.getByTestId('pregame-toggle-zoom-keys')).toHaveTextContent('Shift Left');
  expect(screen.queryByTestId('pregame-move-keys')).not.toBeInTheDocument();
});

test('rebound zoom keys are shown as bound; no zoom: no zoom hints; walking: the movement keys', () => {
  const { unmount } = renderWith(base, { ads: { key: 'KeyQ', alt: null, pad: null } });
  expect(screen.getByTestId('pregame-zoom-keys')).toHaveTextContent('Q');
  unmount();
  renderWith({ ...base, zoom: null, movement: true, requirements: [] });
  expect(screen.queryByTestId('pregame-zoom-keys')).not.toBeInTheDocument();
  expect(screen.queryByTestId('pregame-toggle-zoom-keys')).not.toBeInTheDocument();
  expect(screen.queryByTestId('pregame-requirements')).not.toBeInTheDocument();
  expect(screen.getByTestId('pregame-move-keys')).toHaveTextContent('W A S D');
});

describe('issue 19: the objective by source on the pre-game card', () => {
  function renderAt(drill: DrillInfo, source: string | null, context: string | null) {
    const options = mergeGameOptions(null);
    const store = makeStore(fakeEnv().env, {
      run: { ...initialRunState, projectState: ProjectState.AssetsLoaded, drillId: drill.id, drill, source, context, keys: pageKeysOf(options) },
    });
    return render(<Provider store={store}><PregameInfo /></Provider>);
  }
  const tiered: DrillInfo = { ...base, tiers: [70, 80, 90], bestScore: 84.5 };

  test.each([
    ['workout', null, 'drill', 'Drill objective Reach 80 % accuracy.'],
    ['progression', 'assessment', 'drill', 'Drill objective Reach 80 % accuracy.'],
    ['benchmark', null, 'benchmark', 'Benchmark objective Reach the top tier: Accuracy of 90 % or more'],
    ['trainer', 'assessment', 'benchmark', 'Benchmark objective Reach the top tier: Accuracy of 90 % or more'],
    ['drills', null, 'best-score', 'Personal best objective Beat your best score: 84.5'],
    [null, null, 'best-score', 'Personal best objective Beat your best score: 84.5'],
  ])('source %p, context %p: %s', (source, context, kind, text) => {
    renderAt(tiered, source, context);
    const o = screen.getByTestId('pregame-objective');
    expect(o).toHaveAttribute('data-kind', kind);
    expect(o.textContent).toBe(text);
  });

  test('no best yet: the first run sets it', () => {
    renderAt({ ...tiered, bestScore: null }, null, null);
    expect(screen.getByTestId('pregame-objective').textContent).toBe('Personal best objective Set your first best score');
  });
});
