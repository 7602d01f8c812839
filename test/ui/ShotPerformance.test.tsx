/** The shot-performance overlay: only in analysis mode, only once the round runs; newest shot first. */
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ProjectState } from '../../src/contracts/projectState';
import { initialHudState } from '../../src/state/hud/hudSlice';
import { initialRunState, type DrillInfo } from '../../src/state/run/runSlice';
import { makeStore } from '../../src/state/store';
import { ShotPerformance } from '../../src/ui/overlays/ShotPerformance';
import { fakeEnv } from '../unit/state/fakes';

const DRILL: DrillInfo = {
  id: 2033, name: 'Test', descriptionHtml: '', objective: '', bestScore: null, durationMs: 8000,
  primaryMetric: 'targets_destroyed', movement: false, analysisMode: true, tiers: [1], clipSize: 99999,
};
const shots = [
  { n: 1, hit: true, crit: false, sinceSpawnMs: 412.5, late: false, pathEfficiency: 91.2 },
  { n: 2, hit: false, crit: false, sinceSpawnMs: null, late: null, pathEfficiency: null },
  { n: 3, hit: true, crit: true, sinceSpawnMs: 250, late: true, pathEfficiency: 100 },
];

function renderAt(projectState: ProjectState, analysisMode = true, premium = true) {
  const store = makeStore(fakeEnv().env, {
    run: { ...initialRunState, projectState, drill: { ...DRILL, analysisMode, premium } },
    hud: { ...initialHudState, shotFeed: shots },
  });
  return render(<Provider store={store}><ShotPerformance /></Provider>);
}

test('analysis mode, round running: the shots, newest first, with hit / miss, ms since spawn, timing and path efficiency', () => {
  renderAt(ProjectState.GameRunning);
  const rows = screen.getAllByTestId('shot-performance-row').map((r) => r.textContent);
  expect(rows).toEqual(['#3Crit250 mslate100 %', '#2Miss––', '#1Hit413 mson time91.2 %']);
  expect(screen.queryByTestId('shot-performance-upsell')).not.toBeInTheDocument();
});

test('a player who is not premium sees path efficiency locked, with a link to /plus (issue 13 item 3)', () => {
  renderAt(ProjectState.GameRunning, true, false);
  const rows = screen.getAllByTestId('shot-performance-row').map((r) => r.textContent);
  expect(rows).toEqual(['#3Crit250 mslatePlus', '#2Miss–Plus', '#1Hit413 mson timePlus']);
  expect(screen.getByTestId('shot-performance-upsell')).toHaveAttribute('href', '/plus');
});

test('not before the countdown is over, and never without analysis mode', () => {
  const { unmount } = renderAt(ProjectState.CountdownStarted);
  expect(screen.queryByTestId('shot-performance')).not.toBeInTheDocument();
  unmount();
  renderAt(ProjectState.GameRunning, false);
  expect(screen.queryByTestId('shot-performance')).not.toBeInTheDocument();
});
