/**
 * A world tests can see (issue 34 item 2) and the kit's guard rails, through the public kit
 * (src/kit.ts) only: component views, weapon state, spawnAt, one system alone, metrics, refused
 * clicks, kitDrill checked by the drill schema, drills from files, iteration bounds, the systems
 * registry's errors and typed game-mode hooks.
 */
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import {
  BUILTIN_SYSTEMS, createDrillKit, kitDrill, kitDrillFromFile, KitDrillError, registerGameMode, registerSystem,
  systemOrder, unregisterSystem, removeTarget, TICK_MS,
} from '../../../src/kit';

describe('read-only views and weapon state', () => {
  it('component views show the engine\'s values and refuse writes', () => {
    const kit = createDrillKit({ drill: kitDrill(134), seed: 3 });
    const t = kit.liveTargets()[0];
    const c = kit.components();
    expect(c.Transform.x[t.eid]).toBe(t.x);
    expect(c.Target.radius[t.eid]).toBe(t.radius);
    expect(c.Target.state[t.eid]).toBe(1);
    expect(() => { (c.Transform.x as unknown as number[])[t.eid] = 0; }).toThrow(TypeError);
    expect(kit.liveTargets()[0].x).toBe(t.x);
    // @ts-expect-error the view is read-only in its type too
    expect(() => { c.Health.hp[t.eid] = 5; }).toThrow(/read-only/);
    expect([...c.Target.state].filter((s) => s === 1)).toHaveLength(3);
  });

  it('weapon state: next shot time after a click, fire rate refusals as events', () => {
    const kit = createDrillKit({ drill: kitDrill({ weapon_fire_rate: 2 }), seed: 3 }); // 500 ms apart
    expect(kit.weapon()).toMatchObject({ nextShotMs: 0, shotIntervalMs: 500, automatic: false, clip: { enabled: false } });
    kit.at(0).click(1).click(5);
    kit.step();
    expect(kit.weapon().nextShotMs).toBe(501);
    expect(kit.counters().shots).toBe(1);
    expect(kit.eventsOf('refused')).toEqual([{ type: 'refused', tick: 0, t: 5, reason: 'fireRate', untilMs: 501 }]);
  });

  it('clip: a click while the empty clip reloads is refused with reason reload', () => {
    const kit = createDrillKit({ drill: kitDrill({ clip_size: 2, clip_reload_time: 1000, weapon_fire_rate: 100 }), seed: 3 });
    kit.at(0).look(0, -3000, 0).click(1);
    kit.at(1).click(1);
    kit.step(2);
    expect(kit.weapon().clip).toMatchObject({ enabled: true, size: 2, remaining: 0, reloading: true, reloadUntilMs: TICK_MS + 1 + 1000 });
    kit.at(kit.tick).click(1);
    kit.step();
    const r = kit.eventsOf('refused');
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ reason: 'reload', untilMs: TICK_MS + 1001 });
    expect(kit.counters().shots).toBe(2);
  });
});

describe('spawnAt, one system alone, metrics', () => {
  it('spawnAt places a target where told, with overrides, and it can be shot there', () => {
    const kit = createDrillKit({ drill: kitDrill({ num_targets: 1 }), seed: 3 });
    const eid = kit.spawnAt({ x: 0, y: 2, z: -12 }, { radius: 0.5, health: 2, lifetimeMs: 5000 });
    const t = kit.targets().find((x) => x.eid === eid);
    expect(t).toMatchObject({ x: 0, y: 2, z: -12, radius: 0.5, health: 2, maxHealth: 2 });
    expect(kit.eventsOf('spawn').map((e) => e.eid)).toContain(eid);
    expect(kit.counters().spawns).toBe(2);
    kit.at(0).aimAt({ x: 0, y: 2, z: -12 }, 1).click(2);
    kit.step();
    expect(kit.eventsOf('hit')[0]).toMatchObject({ eid, damage: 1 });
    expect(kit.components().Health.hp[eid]).toBe(1);
    expect(() => kit.spawnAt({ x: NaN, y: 0, z: 0 })).toThrow(RangeError);
    expect(() => kit.spawnAt({ x: 0, y: 0, z: -5 }, { radius: -1 })).toThrow(/radius must be > 0/);
  });

  it('runs one system alone: movement moves a spawned target by velocity x one tick, nothing else runs', () => {
    const kit = createDrillKit({ drill: kitDrill({ num_targets: 1, target_moving: true, target_speed: 1 }), seed: 3 });
    const p = kit.liveTargets()[0];
    const eid = kit.spawnAt({ x: p.x, y: p.y, z: p.z }, { velocity: { x: 0.64, y: 0, z: 0 } });
    const hash = kit.hash();
    kit.runSystem('movement');
    expect(kit.components().Transform.x[eid]).toBeCloseTo(p.x + 0.01, 12); // 0.64 m/s x 15.625 ms
    expect(kit.components().Transform.px[eid]).toBe(p.x);
    expect(kit.tick).toBe(0);
    expect(kit.hash()).not.toBe(hash);
    expect(() => kit.runSystem('nope')).toThrow(RangeError);
    expect(BUILTIN_SYSTEMS).toContain('movement');
  });

  it('runs input alone with events: a click queues a shot that only shooting resolves', () => {
    const kit = createDrillKit({ drill: kitDrill(134), seed: 3 });
    const t = kit.liveTargets()[0];
    const d = kit.deltasTo(t);
    kit.runSystem('input', [{ type: 'look', t: 1, dx: d.dx, dy: d.dy }, { type: 'fire', t: 2, down: true }]);
    expect(kit.counters().shots).toBe(0);
    const evs = kit.runSystem('shooting');
    expect(evs.map((e) => e.type)).toEqual(['hit', 'removed']);
  });

  it('metrics(): the scoring of spec 9 (accuracy, kills, score of the primary metric)', () => {
    const kit = createDrillKit({ drill: kitDrill(134), seed: 3 });
    expect(kit.metrics()).toEqual({ targets_destroyed: 0, accuracy: 0, time_destroy: 0, crit_hit: 0, primaryMetric: 'targets_destroyed', score: 0 });
    kit.at(0).aimAt(kit.liveTargets()[0], 1).click(2);
    kit.step(40);
    kit.at(kit.tick).look(0, -3000, 1).click(2); // a miss
    kit.step();
    const m = kit.metrics();
    expect(m).toMatchObject({ targets_destroyed: 1, accuracy: 50, score: 1, primaryMetric: 'targets_destroyed' });
    expect(m.time_destroy).toBeGreaterThan(0);
  });
});

describe('drills checked by the drill schema', () => {
  it('refuses a typo and an out-of-range value with clear errors', () => {
    expect(() => kitDrill(134, { target_sise: 0.5 })).toThrow('kitDrill(134): invalid drill: target_sise: is not a drill field');
    expect(() => kitDrill({ target_size: 9 })).toThrow('target_size: must be <= 3, got 9');
    try {
      kitDrill({ target_size: 9, target_sise: 1 });
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(KitDrillError);
      expect((e as KitDrillError).errors.map((x) => x.field).sort()).toEqual(['target_sise', 'target_size']);
    }
    expect(kitDrill({ target_size: 3 }).target.size).toBe(3);
  });

  it('loads a drill from a file path, with overrides, naming the file in errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-drill-'));
    const good = join(dir, 'mine.json');
    writeFileSync(good, JSON.stringify({ id: 7001, name: 'Mine', category: 'test', num_targets: 2, spawn_mode: 'Random', target_size: 0.5 }));
    const d = kitDrillFromFile(good, { duration: 5000 });
    expect(d).toMatchObject({ id: 7001, numTargets: 2, durationMs: 5000 });
    expect(d.target.size).toBe(0.5);
    expect(kitDrillFromFile('drills/134.json').name).toBe('Gridshot Classic');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ id: 7002, name: 'Bad', category: 'test', num_targets: 2, spawn_mode: 'Random', target_size: 9 }));
    expect(() => kitDrillFromFile(bad)).toThrow(`${bad}: invalid drill: target_size: must be <= 3, got 9`);
    expect(() => kitDrillFromFile(join(dir, 'none.json'))).toThrow(/cannot read the drill file/);
    writeFileSync(join(dir, 'x.json'), '{ nope');
    expect(() => kitDrillFromFile(join(dir, 'x.json'))).toThrow(/not JSON/);
  });
});

describe('guard rails', () => {
  it('a fire-rate limit that does not advance throws instead of hanging', () => {
    const kit = createDrillKit({ drill: kitDrill({ weapon_automatic: true, weapon_fire_rate: 100 }), seed: 3 });
    (kit.world as { shotIntervalMs: number }).shotIntervalMs = 0; // the bug: the next shot time never moves
    kit.at(0).fireDown(1);
    expect(() => kit.step()).toThrow(/more than 1024 shots queued in tick 0/);
  });

  it('a spawn hook that schedules refills for ever throws instead of hanging', () => {
    // the bug: a spawn hook that removes what was just spawned (its refill is due at once, forever)
    registerGameMode('test_refill_storm', { description: 'test', hooks: { spawn: (w, eid) => removeTarget(w, eid, 'missed') } });
    expect(() => createDrillKit({ drill: kitDrill({ special_mode: 'test_refill_storm', num_targets: 1 }), seed: 1 }).step(2))
      .toThrow(/spawnSystem: more than 4096 pending refills/);
  });

  it('registerSystem: order, placement errors, duplicate names', () => {
    const sys = { name: 'test_noop', update: () => undefined };
    registerSystem(sys, { before: 'input' });
    expect(systemOrder().slice(0, 2)).toEqual(['test_noop', 'input']);
    registerSystem({ name: 'test_after', update: () => undefined }, { after: 'test_noop' });
    expect(systemOrder().slice(0, 3)).toEqual(['test_noop', 'test_after', 'input']);
    expect(() => registerSystem(sys, { after: 'movement' })).toThrow(/already in the tick order/);
    expect(() => registerSystem({ name: 'x1', update: () => undefined }, { after: 'movment' })).toThrow(RangeError);
    // @ts-expect-error both sides
    expect(() => registerSystem({ name: 'x2', update: () => undefined }, { after: 'input', before: 'scoring' })).toThrow(TypeError);
    expect(() => registerSystem({ name: 'x3', update: () => undefined, init: () => ({ f: (() => 1) as never }) }, { after: 'input' })).not.toThrow();
    expect(() => createDrillKit({ drill: kitDrill(134) })).toThrow(/x3\.f is not plain data/);
    expect(unregisterSystem('x3')).toBe(true);
    expect(() => unregisterSystem('input')).toThrow(TypeError);
    unregisterSystem('test_noop'); unregisterSystem('test_after');
    expect(systemOrder()).toEqual([...BUILTIN_SYSTEMS]);
  });

  it('game-mode hooks are typed and checked: a mistyped hook is an error, not ignored', () => {
    // @ts-expect-error 'Hit' is not a hook
    expect(() => registerGameMode('test_typo', { description: 'x', hooks: { Hit: () => 0 } })).toThrow(/unknown hook 'Hit'/);
    // @ts-expect-error 'aftershot' is not a hook
    expect(() => registerGameMode('test_typo', { description: 'x', hooks: { aftershot: () => undefined } })).toThrow(/unknown hook 'aftershot'/);
  });
});
