/**
 * Issue 35 item 3: a hit that deals no damage (drill 149's 'priority' game mode: a non-priority
 * target while a priority one lives) is BLOCKED: a 'blocked' event, counters.blocked, never a
 * hit, crit or damage; accuracy (clusterHits / shots) counts it as a shot without a hit.
 */
import { createDrillKit, kitDrill, TICK_MS } from '../../../src/kit';

describe('blocked hits (priority mode, drill 149)', () => {
  it('a shot at a protected target is blocked, one at the priority target a hit', () => {
    const kit = createDrillKit({ drill: kitDrill(149), seed: 11 });
    kit.step();
    const live = kit.liveTargets();
    const prio = live.find((t) => t.priority)!;
    const other = live.find((t) => !t.priority)!;
    expect(prio).toBeDefined();
    expect(other).toBeDefined();
    const hp = other.health;
    kit.at(kit.tick).aimAt(other).click(1);
    const ev = kit.step();
    expect(ev.filter((e) => e.type === 'hit')).toEqual([]);
    expect(ev.filter((e) => e.type === 'blocked')).toEqual([expect.objectContaining({ type: 'blocked', eid: other.eid })]);
    expect(kit.counters()).toMatchObject({ shots: 1, hits: 0, clusterHits: 0, crits: 0, damage: 0, blocked: 1 });
    expect(kit.liveTargets().find((t) => t.eid === other.eid)!.health).toBe(hp);
    expect(kit.metrics().accuracy).toBe(0);
    kit.step(Math.ceil(120 / TICK_MS));
    kit.at(kit.tick).aimAt(prio).click(1);
    const ev2 = kit.step();
    expect(ev2.filter((e) => e.type === 'hit')).toHaveLength(1);
    expect(kit.counters()).toMatchObject({ shots: 2, hits: 1, blocked: 1 });
    expect(kit.metrics().accuracy).toBe(50);
  });
});
