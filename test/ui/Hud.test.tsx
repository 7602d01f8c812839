/** The HUD follows the player's HUD options (stats 0/1/2, fps). */
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ProjectState } from '../../src/contracts/projectState';
import { initialHudState } from '../../src/state/hud/hudSlice';
import { initialRunState, type HudPrefs } from '../../src/state/run/runSlice';
import { makeStore } from '../../src/state/store';
import { Hud } from '../../src/ui/overlays/Hud';
import { fakeEnv } from '../unit/state/fakes';

function renderHud(hudPrefs: HudPrefs) {
  const store = makeStore(fakeEnv().env, {
    run: { ...initialRunState, projectState: ProjectState.GameRunning, hudPrefs },
    hud: { ...initialHudState, remainingMs: 61234, targetsDestroyed: 4, accuracy: 66.666, fps: 143.6 },
  });
  return render(
    <Provider store={store}>
      <Hud />
    </Provider>,
  );
}

test('regular stats: time, targets, accuracy', () => {
  renderHud({ enabled: true, stats: 2, fps: false });
  expect(screen.getByTestId('hud-time').textContent).toBe('1:01.2');
  expect(screen.getByTestId('hud-targets').textContent).toBe('4');
  expect(screen.getByTestId('hud-accuracy').textContent).toBe('66.67');
  expect(screen.queryByTestId('hud-fps')).not.toBeInTheDocument();
});

test('timer only, with the FPS counter', () => {
  renderHud({ enabled: true, stats: 1, fps: true });
  expect(screen.getByTestId('hud-time')).toBeInTheDocument();
  expect(screen.queryByTestId('hud-targets')).not.toBeInTheDocument();
  expect(screen.getByTestId('hud-fps').textContent).toBe('144');
});

test('HUD disabled', () => {
  renderHud({ enabled: false, stats: 2, fps: true });
  expect(screen.queryByTestId('hud')).not.toBeInTheDocument();
});
