/** The hud slice as a pure reducer. */
import { hudActions, hudReducer, initialHudState, sameHud } from '../../../src/state/hud/hudSlice';
import { runActions } from '../../../src/state/run/runSlice';

describe('hud slice', () => {
  test('configLoaded resets the HUD to the full drill duration', () => {
    const s = hudReducer(
      { ...initialHudState, targetsDestroyed: 5 },
      runActions.configLoaded({
        id: 1, name: 'x', descriptionHtml: '', objective: '', bestScore: null, durationMs: 60000, primaryMetric: 'accuracy', movement: false,
  analysisMode: false,
      }),
    );
    expect(s).toEqual({ ...initialHudState, remainingMs: 60000 });
  });

  test('frameRendered replaces the numbers; remaining time never below 0', () => {
    const snap = { remainingMs: -3, targetsDestroyed: 4, accuracy: 66.67, shots: 6, hits: 4, fps: 143 };
    expect(hudReducer(initialHudState, hudActions.frameRendered(snap))).toEqual({ ...snap, remainingMs: 0 });
  });

  test('sameHud compares every number', () => {
    const a = { remainingMs: 1, targetsDestroyed: 2, accuracy: 3, shots: 4, hits: 5, fps: 6 };
    expect(sameHud(a, { ...a })).toBe(true);
    expect(sameHud(a, { ...a, fps: 7 })).toBe(false);
  });
});
