/** The testing kit itself (src/ecs/testing.ts, issue 17): determinism, scripting by tick and
 * offset, readers, runUntil. Written only against the public kit. */
import { createDrillKit } from '../../../src/ecs/testing';
import { kitDrill } from '../../../src/drill/kitDrills';
import { TICK_MS } from '../../../src/contracts/constants';

/** Plays `ticks` ticks of drill 134 with a fixed script: every 8th tick aim at the first live
 * target and click; every tick a small look wiggle. Returns the kit. */
function scripted(seed: number, ticks = 320) {
  const kit = createDrillKit({ drill: kitDrill(134), seed });
  for (let k = 0; k < ticks; k++) {
    const s = kit.at(kit.tick).look(k % 3 - 1, (k % 5) - 2, 0.25);
    if (k % 8 === 0) {
      const t = kit.liveTargets()[0];
      if (t) s.aimAt(t, 2).click(3);
    }
    kit.step();
  }
  return kit;
}

test('two runs with the same seed and script give the same hashes; another seed does not', () => {
  const a = scripted(7), b = scripted(7), c = scripted(8);
  expect(a.hash()).toBe(b.hash());
  expect(a.counters()).toEqual(b.counters());
  expect(c.hash()).not.toBe(a.hash());
  expect(a.counters().kills).toBeGreaterThan(20); // the aimed clicks hit
});

test('a scripted aim and click at sub-tick offsets kills the target; the events say so', () => {
  const kit = createDrillKit({ drill: kitDrill(134), seed: 3 });
  const t = kit.liveTargets()[0];
  expect(t.health).toBe(1);
  kit.at(0).aimAt(t, 1).click(2);
  const evs = kit.step();
  expect(evs.filter((e) => e.type === 'hit')).toHaveLength(1);
  // the centre of a sphere: a kill, critical or not by the drill's crit zone
  expect(kit.eventsOf('removed')[0]).toMatchObject({ eid: t.eid, reason: expect.stringMatching(/^playerKilled/) });
  expect(kit.counters()).toMatchObject({ shots: 1, hits: 1, kills: 1 });
  expect(kit.tick).toBe(1);
  expect(kit.timeMs).toBe(TICK_MS);
});

test('input for a later tick waits for it; an offset outside the tick is refused', () => {
  const kit = createDrillKit({ drill: kitDrill(134), seed: 3 });
  const t = kit.liveTargets()[0];
  kit.at(5).aimAt(t, 4).click(6);
  kit.step(5);
  expect(kit.counters().shots).toBe(0);
  kit.step();
  expect(kit.counters().kills).toBe(1);
  expect(() => kit.at(kit.tick).look(1, 0, TICK_MS)).toThrow(RangeError);
  expect(() => kit.at(0)).toThrow(RangeError); // a tick already run
});

test('readers: positions, health, lifetime and priority of the targets', () => {
  const kit = createDrillKit({ drill: kitDrill({ num_targets: 4, target_health: 3, target_lifetime: 2000, priority_target: true, numPriorityTargets: 1 }), seed: 5 });
  const ts = kit.liveTargets();
  expect(ts).toHaveLength(4);
  expect(ts.every((t) => t.maxHealth === 3 && t.health === 3)).toBe(true);
  expect(ts.filter((t) => t.priority).length).toBe(1);
  kit.step(64); // 1 s of a 2 s lifetime
  for (const t of kit.liveTargets()) expect(t.lifetimeLeft).toBeCloseTo(0.5, 1);
});

test('runUntil runs to a condition and says how many ticks it took; it throws past maxTicks', () => {
  const kit = createDrillKit({ drill: kitDrill({ target_lifetime: 1000 }), seed: 9 });
  const n = kit.runUntil((k) => k.eventsOf('removed').length > 0, 200);
  expect(n).toBe(64); // a 1000 ms lifetime = 64 ticks
  expect(kit.eventsOf('removed')[0].reason).toBe('timedOut');
  expect(() => kit.runUntil(() => false, 10)).toThrow(/within 10 ticks/);
});

test('movement keys and ADS go through as move and ads events', () => {
  const kit = createDrillKit({ drill: kitDrill({ player_movement_speed: 5 }), seed: 1 });
  const x0 = kit.engine.eye.x;
  kit.at(0).keys(['right'], 0);
  kit.step(64);
  expect(kit.engine.eye.x).toBeGreaterThan(x0 + 1);
  kit.at(kit.tick).keys([], 0).ads(true, 1);
  kit.step();
  expect(kit.engine.inputLog().some((e) => e.type === 'ads' && e.down)).toBe(true);
});
