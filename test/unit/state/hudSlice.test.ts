/** The hud slice as a pure reducer. */
import { hudActions, hudReducer, initialHudState, sameHud } from '../../../src/state/hud/hudSlice';
import { runActions } from '../../../src/state/run/runSlice';

describe('hud slice', () => {
  test('configLoaded resets the HUD to the full drill duration', () => {
    const s = hudReducer(
      { ...initialHudState, targetsDestroyed: 5 },
      runActions.configLoaded({
        id: 1, name: 'x', descriptionHtml: '', objective: '', bestScore: null, durationMs: 60000, primaryMetric: 'accuracy', movement: false,
  analysisMode: false, tiers: [], clipSize: 99999,
      }),
    );
    expect(s).toEqual({ ...initialHudState, remainingMs: 60000 });
  });

  test('frameRendered replaces the numbers; remaining time never below 0', () => {
    const snap = { remainingMs: -3, targetsDestroyed: 4, accuracy: 66.67, shots: 6, hits: 4, fps: 143, timeDestroyMs: 310, critPercent: 5, damage: 0, clip: { size: 6, remaining: 2, reloadProgress: 0 } };
    expect(hudReducer(initialHudState, hudActions.frameRendered(snap))).toEqual({ ...snap, remainingMs: 0, shotFeed: [] });
  });

  test('the shot feed (analysis mode) survives frames and is cleared by a restart in place', () => {
    const shot = { n: 1, hit: true, crit: false, sinceSpawnMs: 300, late: false, pathEfficiency: 90 };
    let s = hudReducer(initialHudState, hudActions.shotsRecorded([shot]));
    const snap = { remainingMs: 5000, targetsDestroyed: 1, accuracy: 100, shots: 1, hits: 1, fps: 60, timeDestroyMs: 300, critPercent: 0, damage: 0, clip: { size: 99999, remaining: 99999, reloadProgress: 0 } };
    s = hudReducer(s, hudActions.frameRendered(snap));
    expect(s.shotFeed).toEqual([shot]);
    s = hudReducer(s, runActions.restartedInPlace({ seconds: 0.5, durationMs: 8000 }));
    expect(s).toEqual({ ...initialHudState, remainingMs: 8000 });
  });

  test('sameHud compares every number', () => {
    const a = { remainingMs: 1, targetsDestroyed: 2, accuracy: 3, shots: 4, hits: 5, fps: 6, timeDestroyMs: 7, critPercent: 8, damage: 0, clip: { size: 6, remaining: 5, reloadProgress: 0 } };
    expect(sameHud(a, { ...a, clip: { ...a.clip } })).toBe(true);
    expect(sameHud(a, { ...a, fps: 7 })).toBe(false);
    expect(sameHud(a, { ...a, critPercent: 9 })).toBe(false);
    expect(sameHud(a, { ...a, clip: { ...a.clip, remaining: 4 } })).toBe(false);
    expect(sameHud(a, { ...a, clip: { ...a.clip, reloadProgress: 0.5 } })).toBe(false);
  });

  test('sameHud compares the remaining time, time to kill and FPS as the HUD shows them', () => {
    const a = { remainingMs: 46_150, targetsDestroyed: 2, accuracy: 3, shots: 4, hits: 5, fps: 60, timeDestroyMs: 412.2, critPercent: 8, damage: 0, clip: { size: 6, remaining: 5, reloadProgress: 0 } };
    // 0:46.1 either way: no new HUD
    expect(sameHud(a, { ...a, remainingMs: 46_101 })).toBe(true);
    expect(sameHud(a, { ...a, remainingMs: 46_199.9 })).toBe(true);
    // 0:46.0 and 0:46.2 are new
    expect(sameHud(a, { ...a, remainingMs: 46_099 })).toBe(false);
    expect(sameHud(a, { ...a, remainingMs: 46_200 })).toBe(false);
    // below zero shows 0:00.0 like zero
    expect(sameHud({ ...a, remainingMs: -5 }, { ...a, remainingMs: 0 })).toBe(true);
    expect(sameHud(a, { ...a, timeDestroyMs: 411.9 })).toBe(true); // 412 ms
    expect(sameHud(a, { ...a, timeDestroyMs: 412.6 })).toBe(false); // 413 ms
    expect(sameHud(a, { ...a, fps: 60.4 })).toBe(true);
    expect(sameHud(a, { ...a, fps: 59 })).toBe(false);
  });
});
