/**
 * Issue 19 on the client's submission: gameData.objective is the threshold of the objective that
 * applies (by source and context, spec section 9), gameData.context carries the page's context,
 * and settings_start records the drill settings the round ran with (spec section 5), which the
 * server compares with its own drill.
 */
import { buildSubmission, settingsSnapshot } from '../../../src/game/submission';
import { defaultGameOptions } from '../../../src/contracts/gameOptions';
import type { GameConfigResponse } from '../../../src/contracts/gameConfig';
import { compareSettingsWithDrill, drillSettingsOf } from '../../../src/metrics/settingsCompare';
import { catalogueDrill, scriptedRun } from '../../bench/scriptedRun';

const settings = { sensitivity: 1, sensitivityY: null, invertY: false };
// drill 134 (targets_destroyed) for 2 s, with a threshold of 90 and three tiers
const base = catalogueDrill(134, { duration: 2_000 });
const drill = { ...base, thresholds: { ...base.thresholds, targets_destroyed: 90 }, tiers: [70, 95, 80] };
const engine = scriptedRun(drill, { seed: 5, settings, lookEventsPerTick: 1, despawnAnimationMs: 200 });

function gameDataFor(source: string | null, context: string | null, best: number | null) {
  const load = {
    config: { id: 134, best_score: best } as unknown as GameConfigResponse, drill, options: defaultGameOptions(), seed: 5, source, context,
  };
  return buildSubmission({
    engine, load, settings, viewportWidth: 1280, viewportHeight: 720, frameRate: 60, despawnAnimationMs: 200, analysis: false,
    settingsStart: settingsSnapshot(load, settings),
  }).gameData;
}

test("gameData.objective: the drill's threshold for a workout, the top tier for a benchmark, else the best", () => {
  expect(gameDataFor('workout', null, 33)).toMatchObject({ objective: 90, source: 'workout', context: null });
  expect(gameDataFor('academy', 'assessment', 33)).toMatchObject({ objective: 95, source: 'academy', context: 'assessment' });
  expect(gameDataFor('benchmark', null, 33)).toMatchObject({ objective: 95 });
  expect(gameDataFor(null, null, 33)).toMatchObject({ objective: 33 });
  expect(gameDataFor(null, null, null)).toMatchObject({ objective: null });
});

test('settings_start records the drill settings; the same drill compares equal, with the player fov inside the range', () => {
  const gd = gameDataFor(null, null, null);
  const start = gd.settings_start as Record<string, unknown>;
  expect(start).toMatchObject({ mouse_sensitivity: 1, mouse_sensitivity_y: null, mouse_inverse: 0, fov: 103, fov_type: 'h' });
  expect(start.drill).toEqual(drillSettingsOf(drill));
  expect((start.drill as Record<string, unknown>).duration_ms).toBe(2000);
  expect(compareSettingsWithDrill(start, drill)).toEqual([]);
  // the server's drill is the catalogue's 60 s one: the shortened round is a difference
  const full = catalogueDrill(134);
  expect(full.durationMs).not.toBe(2000);
  expect(compareSettingsWithDrill(start, full)).toEqual([
    { field: 'duration_ms', reason: 'drill_changed', expected: full.durationMs, actual: 2000 },
  ]);
});

test("an honest client's settings_start never differs on fov: the game clamps to the lock the server checks", () => {
  const lockedDrill = catalogueDrill(134, { config: JSON.stringify({ minFov: 90, maxFov: 100 }) });
  expect(lockedDrill.fovLock).toEqual({ minFov: 90, maxFov: 100 });
  for (const fov of [30, 60, 89.9, 95, 100.1, 120, 150]) {
    for (const fov_type of ['h', 'v', 'h4:3'] as const) {
      const options = defaultGameOptions();
      options.other = { ...options.other, fov, fov_type };
      const load = { config: { id: 134 } as unknown as GameConfigResponse, drill: lockedDrill, options, seed: 1, source: null };
      const start = settingsSnapshot(load, settings);
      expect(start.fov).toBeGreaterThanOrEqual(90);
      expect(start.fov).toBeLessThanOrEqual(100);
      expect(compareSettingsWithDrill(start, lockedDrill)).toEqual([]);
      // the same player setting, unclamped (an altered client), is a difference unless inside
      const raw = { ...start, fov };
      expect(compareSettingsWithDrill(raw, lockedDrill).length).toBe(fov >= 90 && fov <= 100 ? 0 : 1);
    }
  }
});
