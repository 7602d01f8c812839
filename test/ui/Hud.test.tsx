/** The HUD follows the player's HUD options (stats 0/1/2 and their flags, fps, clip, objective
 * bar, status bar size) and draws what the frame's numbers say (issue 11 item 1). */
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ProjectState } from '../../src/contracts/projectState';
import { initialHudState, type HudState } from '../../src/state/hud/hudSlice';
import { DEFAULT_HUD_PREFS, initialRunState, type DrillInfo, type HudPrefs } from '../../src/state/run/runSlice';
import { makeStore } from '../../src/state/store';
import { Hud } from '../../src/ui/overlays/Hud';
import { fakeEnv } from '../unit/state/fakes';

const DRILL: DrillInfo = {
  id: 142, name: 'Clip drill', descriptionHtml: '', objective: '', bestScore: null, durationMs: 60000,
  primaryMetric: 'targets_destroyed', movement: false, analysisMode: false, tiers: [10, 20, 30], clipSize: 6,
};

function renderHud(prefs: Partial<HudPrefs>, hud: Partial<HudState> = {}, drill: DrillInfo = DRILL) {
  const store = makeStore(fakeEnv().env, {
    run: { ...initialRunState, projectState: ProjectState.GameRunning, hudPrefs: { ...DEFAULT_HUD_PREFS, ...prefs }, drill },
    hud: { ...initialHudState, remainingMs: 61234, targetsDestroyed: 4, accuracy: 66.666, fps: 143.6, timeDestroyMs: 412.6, critPercent: 12.5, ...hud },
  });
  return render(
    <Provider store={store}>
      <Hud />
    </Provider>,
  );
}

test('regular stats: time, targets, accuracy, time to destroy (whole ms); crit % only with its flag', () => {
  renderHud({ stats: 2, fps: false });
  expect(screen.getByTestId('hud-time').textContent).toBe('1:01.2');
  expect(screen.getByTestId('hud-targets').textContent).toBe('4');
  expect(screen.getByTestId('hud-accuracy').textContent).toBe('66.67');
  expect(screen.getByTestId('hud-time-destroy').textContent).toBe('413');
  expect(screen.queryByTestId('hud-crit')).not.toBeInTheDocument();
  expect(screen.queryByTestId('hud-fps')).not.toBeInTheDocument();
});

test('the stat flags switch their numbers', () => {
  renderHud({ stats: 2, targetsDestroyed: false, timeDestroy: false, critHit: true }, {}, { ...DRILL, primaryMetric: 'accuracy' });
  expect(screen.queryByTestId('hud-targets')).not.toBeInTheDocument();
  expect(screen.queryByTestId('hud-time-destroy')).not.toBeInTheDocument();
  expect(screen.getByTestId('hud-crit').textContent).toBe('12.5');
  expect(screen.getByTestId('hud-accuracy')).toBeInTheDocument();
});

test('timer only, with the FPS counter', () => {
  renderHud({ stats: 1, fps: true });
  expect(screen.getByTestId('hud-time')).toBeInTheDocument();
  expect(screen.queryByTestId('hud-targets')).not.toBeInTheDocument();
  expect(screen.queryByTestId('hud-accuracy')).not.toBeInTheDocument();
  expect(screen.getByTestId('hud-fps').textContent).toBe('144');
});

test('HUD disabled: nothing, bars included', () => {
  renderHud({ enabled: false, stats: 2, fps: true }, { clip: { size: 6, remaining: 3, reloadProgress: 0 } });
  expect(screen.queryByTestId('hud')).not.toBeInTheDocument();
  expect(screen.queryByTestId('hud-clip')).not.toBeInTheDocument();
});

test('the clip HUD: one segment per round, filled as many as are left; the reload progress', () => {
  const { rerender } = renderHud({}, { clip: { size: 6, remaining: 4, reloadProgress: 0 } });
  const segments = screen.getAllByTestId('hud-clip-segment');
  expect(segments).toHaveLength(6);
  expect(segments.filter((s) => s.classList.contains('hud-clip__segment--full'))).toHaveLength(4);
  expect(screen.getByTestId('hud-clip-count')).toHaveTextContent('4/6');
  expect(screen.queryByTestId('hud-clip-reload')).not.toBeInTheDocument();
  rerender(<></>);
  renderHud({}, { clip: { size: 6, remaining: 0, reloadProgress: 0.25 } });
  expect(screen.getByTestId('hud-clip-reload')).toBeInTheDocument();
});

test('no clip HUD without a clip (99999), or with the clip flag off', () => {
  renderHud({}, { clip: { size: 99999, remaining: 99999, reloadProgress: 0 } });
  expect(screen.queryByTestId('hud-clip')).not.toBeInTheDocument();
  document.body.innerHTML = '';
  renderHud({ clip: false }, { clip: { size: 6, remaining: 6, reloadProgress: 0 } });
  expect(screen.queryByTestId('hud-clip')).not.toBeInTheDocument();
});

test('the objective bar: tiers met and the colour; off by its flag or without tiers', () => {
  renderHud({}, { targetsDestroyed: 24 });
  const bar = screen.getByTestId('hud-objective');
  expect(bar.getAttribute('data-level')).toBe('2');
  expect((screen.getByTestId('hud-objective-fill') as HTMLElement).style.width).toBe('40%');
  expect(bar).toHaveTextContent('Tier 2/3 · next 30');
  document.body.innerHTML = '';
  renderHud({ objectiveBar: false }, { targetsDestroyed: 24 });
  expect(screen.queryByTestId('hud-objective')).not.toBeInTheDocument();
  document.body.innerHTML = '';
  renderHud({}, {}, { ...DRILL, tiers: [] });
  expect(screen.queryByTestId('hud-objective')).not.toBeInTheDocument();
});

test('status bar size scales the bars', () => {
  renderHud({ statusBarSize: 0.8 }, { clip: { size: 6, remaining: 6, reloadProgress: 0 } });
  expect(screen.getByTestId('hud-clip').style.getPropertyValue('--status-bar-size')).toBe('0.8');
  expect(screen.getByTestId('hud').style.getPropertyValue('--status-bar-size')).toBe('0.8');
});

test('time to kill reads a dash, not 0 ms, before the first kill', () => {
  renderHud({ stats: 2 }, { targetsDestroyed: 0, timeDestroyMs: 0 });
  expect(screen.getByTestId('hud-time-destroy').textContent).toBe('–');
  expect(screen.getByTestId('hud-time-destroy').parentElement!.textContent).not.toContain('ms');
});

test("the drill's primary metric shows even with its flag off (drills 140 and 153 are judged by crit %)", () => {
  renderHud({ stats: 2, critHit: false, targetsDestroyed: false }, {}, { ...DRILL, id: 140, primaryMetric: 'crit_hit', tiers: [40] });
  expect(screen.getByTestId('hud-crit').textContent).toBe('12.5');
  expect(screen.queryByTestId('hud-targets')).not.toBeInTheDocument();
  // and the objective bar measures crit %: 12.5 of 40
  expect(screen.getByTestId('hud-objective')).toHaveAttribute('aria-valuenow', String(12.5 / 40));
});
