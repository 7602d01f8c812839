/** The HUD's rules with numbers in them (issue 11 item 1; spec sections 4 and 9): clip
 * segments, objective bar levels and colours, the score by primary metric, and the timer with
 * the return-to-centre pause. */
import { clipView, objectiveView, OBJECTIVE_COLOURS, scoreOfHud } from '../../../src/ui/hudModel';
import { hudSnapshot } from '../../../src/game/hud';
import { hudTiles } from '../../../src/ui/hudModel';
import type { HudSnapshot } from '../../../src/game/types';

const hud = (over: Partial<HudSnapshot> = {}): HudSnapshot => ({
  remainingMs: 0, targetsDestroyed: 0, accuracy: 0, shots: 0, hits: 0, fps: 0, timeDestroyMs: 0, critPercent: 0, damage: 0,
  clip: { size: 99999, remaining: 99999, reloadProgress: 0 }, ...over,
});

test('clip HUD only when 0 < size < 99999', () => {
  expect(clipView({ size: 99999, remaining: 99999, reloadProgress: 0 })).toBeNull();
  expect(clipView({ size: 0, remaining: 0, reloadProgress: 0 })).toBeNull();
  expect(clipView({ size: 99998, remaining: 1, reloadProgress: 0 })).not.toBeNull();
});

test('one segment per round up to 10, a single segment above 10', () => {
  expect(clipView({ size: 10, remaining: 7, reloadProgress: 0 })).toMatchObject({ segments: 10, filled: 7, fraction: 0.7 });
  expect(clipView({ size: 1, remaining: 1, reloadProgress: 0 })).toMatchObject({ segments: 1, filled: 1 });
  expect(clipView({ size: 11, remaining: 11, reloadProgress: 0 })).toMatchObject({ segments: 1, filled: 1, fraction: 1 });
  expect(clipView({ size: 30, remaining: 12, reloadProgress: 0 })).toMatchObject({ segments: 1, filled: 1, fraction: 0.4 });
  expect(clipView({ size: 30, remaining: 0, reloadProgress: 0.5 })).toMatchObject({ segments: 1, filled: 0, fraction: 0, reloadFraction: 0.5 });
});

test('reloading: no round left and the progress under 1', () => {
  expect(clipView({ size: 6, remaining: 0, reloadProgress: 0.3 })!.reloadFraction).toBe(0.3);
  expect(clipView({ size: 6, remaining: 0, reloadProgress: 0 })!.reloadFraction).toBeNull();
  expect(clipView({ size: 6, remaining: 2, reloadProgress: 0.3 })!.reloadFraction).toBeNull();
});

test('objective bar: the level and colour follow the current score and fall back when it drops', () => {
  const tiers = [10, 20, 30];
  expect(objectiveView('targets_destroyed', tiers, hud({ targetsDestroyed: 5 }))).toMatchObject({ level: 0, fraction: 0.5, colour: OBJECTIVE_COLOURS.none, next: 10 });
  expect(objectiveView('targets_destroyed', tiers, hud({ targetsDestroyed: 15 }))).toMatchObject({ level: 1, fraction: 0.5, colour: OBJECTIVE_COLOURS.some, next: 20 });
  expect(objectiveView('targets_destroyed', tiers, hud({ targetsDestroyed: 30 }))).toMatchObject({ level: 3, fraction: 1, colour: OBJECTIVE_COLOURS.all, next: null });
  // accuracy drops below the tier it had met: the colour resets
  expect(objectiveView('accuracy', [80], hud({ accuracy: 85 }))!.colour).toBe(OBJECTIVE_COLOURS.all);
  expect(objectiveView('accuracy', [80], hud({ accuracy: 79.99 }))!.colour).toBe(OBJECTIVE_COLOURS.none);
  // time_destroy: lower is better, 0 (no kill yet) meets nothing
  expect(objectiveView('time_destroy', [400], hud({ timeDestroyMs: 0 }))!.level).toBe(0);
  expect(objectiveView('time_destroy', [400], hud({ timeDestroyMs: 350 }))!.level).toBe(1);
  expect(objectiveView('targets_destroyed', [], hud())).toBeNull();
});

test('the score is the primary metric of the snapshot', () => {
  const h = hud({ targetsDestroyed: 7, accuracy: 80, timeDestroyMs: 420, critPercent: 12 });
  expect(scoreOfHud('targets_destroyed', h)).toBe(7);
  expect(scoreOfHud('accuracy', h)).toBe(80);
  expect(scoreOfHud('time_destroy', h)).toBe(420);
  expect(scoreOfHud('crit_hit', h)).toBe(12);
});

test('the timer adds the return-to-centre pause (spec section 4)', () => {
  const counters = {
    hits: 3, clusterHits: 3, crits: 1, blocked: 0, kills: 2, damage: 3, shots: 4, spawns: 3, timeUntilKilled: 900, totalTime: 0,
    mouseInputs: 1, controllerInputs: 0, clip: { size: 6, remaining: 2, reloadProgress: 0 },
  };
  const snap = hudSnapshot(counters, 58000, 60000, 60, 5000);
  expect(snap.remainingMs).toBe(7000);
  expect(snap.timeDestroyMs).toBe(450);
  expect(snap.critPercent).toBe(25);
  expect(snap.clip).toEqual({ size: 6, remaining: 2, reloadProgress: 0 });
  expect(hudSnapshot(counters, 66000, 60000, 60, 5000).remainingMs).toBe(0);
});

describe('hudTiles: a HUD for the drill in hand (issue 35 item 6)', () => {
  const prefs = { stats: 2, targetsDestroyed: true, timeDestroy: true, critHit: false, fps: false };
  it('tracking drills: time on target and damage, no kills or kill time unless scored', () => {
    expect(hudTiles({ tracking: true, primaryMetric: 'accuracy', requirements: [{ metric: 'accuracy' }] }, prefs)).toEqual(['time', 'on_target', 'damage']);
    // 153: judged by crit %
    expect(hudTiles({ tracking: true, primaryMetric: 'crit_hit', requirements: [{ metric: 'crit_hit' }] }, prefs)).toEqual(['time', 'on_target', 'damage', 'crit']);
    // 160: tracking judged by kills
    expect(hudTiles({ tracking: true, primaryMetric: 'targets_destroyed' }, prefs)).toEqual(['time', 'on_target', 'damage', 'targets']);
  });
  it('clicking drills: kills, accuracy and kill time; crit % only where scored or asked for', () => {
    expect(hudTiles({ tracking: false, primaryMetric: 'targets_destroyed' }, prefs)).toEqual(['time', 'targets', 'accuracy', 'time_destroy']);
    expect(hudTiles({ tracking: false, primaryMetric: 'targets_destroyed' }, { ...prefs, timeDestroy: false, critHit: true, fps: true }))
      .toEqual(['time', 'targets', 'accuracy', 'crit', 'fps']);
    expect(hudTiles(null, { ...prefs, stats: 1 })).toEqual(['time']);
  });
});
