import type { DrillEngine, EngineEvent, TargetView } from '../../../src/contracts/engine';
import { ShotFeed, SHOT_FEED_LENGTH } from '../../../src/game/shotFeed';
import { TICK_MS } from '../../../src/contracts/constants';

/** A stand-in engine: the aim, the tick and one live target 10 m ahead at (tx, 1.3, −6.5). */
function fakeEngine() {
  const e = {
    tick: 0, yaw: 0, pitch: 0, eye: { x: 0, y: 1.3, z: 3.5 },
    targets: [] as Array<Partial<TargetView>>,
    forEachTarget(cb: (t: TargetView) => void) {
      for (const t of e.targets) cb({ despawn: -1, radius: 0.5, ...t } as TargetView);
    },
  };
  return e;
}
const asEngine = (e: ReturnType<typeof fakeEngine>) => e as unknown as DrillEngine;
const hit = (tick: number, eid: number, crit = false): EngineEvent => ({ type: 'hit', tick, target: 0, eid, crit, damage: 1 });

test('a hit: time since its target spawned, on time when the crosshair arrived just before', () => {
  const e = fakeEngine();
  const feed = new ShotFeed();
  e.targets = [{ eid: 3, x: 1.5, y: 1.3, z: -6.5 }]; // 1.5 m right at 10 m: off the crosshair
  expect(feed.frame([{ type: 'spawn', tick: 0, target: 0, eid: 3 }], asEngine(e))).toBe(false);
  // turn onto it over 20 ticks (8.53°), then shoot 2 ticks later (31 ms on target)
  e.tick = 20; e.yaw = (Math.atan2(1.5, 10) * 180) / Math.PI;
  feed.frame([], asEngine(e));
  e.tick = 22;
  expect(feed.frame([hit(22, 3)], asEngine(e))).toBe(true);
  expect(feed.records).toEqual([{ n: 1, hit: true, crit: false, sinceSpawnMs: 22 * TICK_MS, late: false, pathEfficiency: 100 }]);
});

test('a hit after resting on the target 100 ms or more is late; a miss has no spawn time or timing', () => {
  const e = fakeEngine();
  const feed = new ShotFeed();
  e.targets = [{ eid: 4, x: 0, y: 1.3, z: -6.5 }]; // straight ahead: on the crosshair from the start
  feed.frame([{ type: 'spawn', tick: 0, target: 0, eid: 4 }], asEngine(e));
  e.tick = 7; // 109 ms
  feed.frame([hit(7, 4, true)], asEngine(e));
  e.tick = 8;
  feed.frame([{ type: 'miss', tick: 8 }], asEngine(e));
  expect(feed.records.map((r) => [r.hit, r.crit, r.late, r.sinceSpawnMs])).toEqual([[true, true, true, 7 * TICK_MS], [false, false, null, null]]);
});

test('path efficiency: straight distance over the path travelled since the last kill', () => {
  const e = fakeEngine();
  const feed = new ShotFeed();
  feed.frame([], asEngine(e));
  e.yaw = 10; feed.frame([], asEngine(e)); // 10° right
  e.yaw = 5; feed.frame([], asEngine(e)); // back 5°: path 15, straight 5
  e.tick = 30;
  feed.frame([{ type: 'miss', tick: 30 }], asEngine(e));
  expect(feed.records[0].pathEfficiency).toBeCloseTo(33.3, 1);
  // a kill starts a new segment
  feed.frame([{ type: 'removed', tick: 31, target: 0, eid: 9, reason: 'playerKilled', x: 0, y: 0, z: 0 }], asEngine(e));
  e.pitch = 3; feed.frame([], asEngine(e));
  feed.frame([{ type: 'miss', tick: 32 }], asEngine(e));
  expect(feed.records[1].pathEfficiency).toBe(100);
});

test(`the feed keeps the last ${SHOT_FEED_LENGTH} shots`, () => {
  const e = fakeEngine();
  const feed = new ShotFeed();
  for (let i = 0; i < SHOT_FEED_LENGTH + 3; i++) feed.frame([{ type: 'miss', tick: i }], asEngine(e));
  expect(feed.records.map((r) => r.n)).toEqual(Array.from({ length: SHOT_FEED_LENGTH }, (_, i) => i + 4));
});
