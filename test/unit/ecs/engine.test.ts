import { TICK_MS } from '../../../src/contracts/constants';
import type { EngineEvent, InputEvent } from '../../../src/contracts/engine';
import { createDrillEngine } from '../../../src/ecs/engine';
import { computeSpawnArea } from '../../../src/ecs/spawn/area';
import { at, deltasTo, drill, engine, lcg, scriptedEvents, SETTINGS, shootFirst, targets } from './helpers';

/** Scripted run: random look jitter and clicks, and every 8th tick a flick onto the first
 * target followed by a click (so the run has kills). Returns the per-tick state hashes. */
function runScripted(seed: number, ticks: number, over: Record<string, unknown> = {}, kills?: number[]): number[] {
  const e = engine(over, seed);
  const rnd = lcg(777);
  const hashes: number[] = [];
  for (let k = 0; k < ticks; k++) {
    if (k % 8 === 0) shootFirst(e);
    else e.step(scriptedEvents(k, rnd));
    hashes.push(e.stateHash());
  }
  kills?.push(e.counters().kills);
  return hashes;
}

describe('determinism', () => {
  it('same seed and input give the same state hash every tick over 5000 ticks', () => {
    const over = { duration: 100000, target_moving: true, target_speed: 4, target_lifetime: 900 };
    const kills: number[] = [];
    const a = runScripted(42, 5000, over, kills);
    const b = runScripted(42, 5000, over, kills);
    expect(kills[0]).toBeGreaterThan(100);
    expect(kills[1]).toBe(kills[0]);
    expect(a.length).toBe(5000);
    let mismatches = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) mismatches++;
    expect(mismatches).toBe(0);
  });

  it('a different seed gives a different run', () => {
    const a = runScripted(1, 50);
    const b = runScripted(2, 50);
    expect(a[0]).not.toBe(b[0]);
  });

  it('replaying the input log through advanceTo reproduces the run', () => {
    const e = engine({ duration: 20000 }, 5);
    const rnd = lcg(3);
    const hashes: number[] = [];
    for (let k = 0; k < 600; k++) { e.step(scriptedEvents(k, rnd)); hashes.push(e.stateHash()); }
    const log = e.inputLog();
    const r = createDrillEngine({ drill: e.drill, seed: 5, settings: SETTINGS });
    r.advanceTo(600 * TICK_MS, log);
    expect(r.tick).toBe(600);
    expect(r.stateHash()).toBe(hashes[599]);
    expect(r.counters()).toEqual(e.counters());
  });

  it('advanceTo keeps events after the last run tick for the next call', () => {
    const a = engine({}, 9);
    const b = engine({}, 9);
    const ev: InputEvent[] = [
      { type: 'look', t: 5, dx: 10, dy: 0 },
      { type: 'look', t: 20, dx: 7, dy: -3 },
      { type: 'fire', t: 40, down: true },
    ];
    a.advanceTo(TICK_MS * 1.5, ev); // runs tick 0 only
    expect(a.tick).toBe(1);
    a.advanceTo(TICK_MS * 3, []);
    b.step([ev[0]]); b.step([ev[1]]); b.step([ev[2]]);
    expect(a.stateHash()).toBe(b.stateHash());
  });
});

describe('aim', () => {
  it('one count turns sensitivity x 0.022 degrees; +dx right, +dy down; invertY flips; pitch clamps', () => {
    const e = engine();
    e.step([{ type: 'look', t: 1, dx: 100, dy: 50 }]);
    expect(e.yaw).toBeCloseTo(2.2, 12);
    expect(e.pitch).toBeCloseTo(-1.1, 12);
    const inv = createDrillEngine({ drill: drill(), seed: 1, settings: { sensitivity: 2, sensitivityY: 0.5, invertY: true } });
    inv.step([{ type: 'look', t: 1, dx: 100, dy: 50 }]);
    expect(inv.yaw).toBeCloseTo(4.4, 12);
    expect(inv.pitch).toBeCloseTo(0.55, 12);
    e.step([{ type: 'look', t: TICK_MS + 1, dx: 0, dy: -100000 }]);
    expect(e.pitch).toBe(89);
  });

  it('step rejects an event outside the tick window', () => {
    const e = engine();
    expect(() => e.step([{ type: 'look', t: TICK_MS, dx: 1, dy: 0 }])).toThrow(RangeError);
    expect(() => e.step([{ type: 'look', t: -1, dx: 1, dy: 0 }])).toThrow(RangeError);
  });
});

describe('shooting at the moment of the click', () => {
  const over = { num_targets: 1, spawn_mode: 'Original', config: JSON.stringify({ positions: [[3, 1.3, -10]] }) };

  it('look deltas before the click in the same tick are applied (hit)', () => {
    const e = engine(over);
    const t = targets(e)[0];
    expect([t.x, t.y, t.z]).toEqual([3, 1.3, -10]);
    const d = deltasTo(e, t.x, t.y, t.z);
    e.step([
      { type: 'look', t: 1, dx: d.dx, dy: d.dy },
      { type: 'fire', t: 2, down: true },
    ]);
    const c = e.counters();
    expect(c.shots).toBe(1);
    expect(c.hits).toBe(1);
    expect(c.kills).toBe(1);
    const ev = e.drainEvents();
    expect(ev.filter((x) => x.type === 'hit')).toHaveLength(1);
    // a sphere has no crit zone without a drawn core (config critCore): a centre hit is a kill
    expect(ev.find((x) => x.type === 'removed')).toMatchObject({ reason: 'playerKilled', target: 0 });
  });

  it('the same deltas after the click are not (miss)', () => {
    const e = engine(over);
    const t = targets(e)[0];
    const d = deltasTo(e, t.x, t.y, t.z);
    e.step([
      { type: 'fire', t: 1, down: true },
      { type: 'look', t: 2, dx: d.dx, dy: d.dy },
    ]);
    const c = e.counters();
    expect(c.shots).toBe(1);
    expect(c.hits).toBe(0);
    expect(e.drainEvents().filter((x) => x.type === 'miss')).toHaveLength(1);
  });

  it('nearest target wins, an off-centre hit is not a crit, the bullet records the aim', () => {
    const e = engine({ num_targets: 2, spawn_mode: 'Original', config: JSON.stringify({ positions: [[0, 1.3, -10], [0, 1.3, -14]] }) });
    const d = deltasTo(e, 0.3, 1.3, -10); // 0.3 m off centre of a 0.35 m sphere
    e.step([{ type: 'look', t: 0, dx: d.dx, dy: d.dy }, { type: 'fire', t: 0.5, down: true }]);
    const hit = e.drainEvents().find((x) => x.type === 'hit') as Extract<EngineEvent, { type: 'hit' }>;
    expect(hit.target).toBe(0);
    expect(hit.crit).toBe(false);
    expect(e.counters().crits).toBe(0);
    const b = e.bullets();
    expect(b).toHaveLength(1);
    expect(b[0]).toMatchObject({ tick: 0, t_ms: 0.5, hit: true, crit: false, target: 0, killed: true });
    expect(b[0].yaw).toBeCloseTo(e.yaw, 12);
  });
});

describe('fire rate', () => {
  it('semi-automatic: presses closer than 1000/rate ms are ignored', () => {
    const e = engine({ weapon_fire_rate: 20 }); // 50 ms
    const ev: InputEvent[] = [];
    for (const [down, up] of [[0, 5], [10, 15], [49.9, 49.95], [50, 51], [99, 99.5], [100, 101]]) {
      ev.push({ type: 'fire', t: down, down: true }, { type: 'fire', t: up, down: false });
    }
    e.advanceTo(200, ev);
    expect(e.counters().shots).toBe(3);
    expect(e.bullets().map((b) => b.t_ms)).toEqual([0, 50, 100]);
  });

  it('automatic: holding fire for 1 s fires exactly rate shots', () => {
    const e = engine({ weapon_automatic: true, weapon_fire_rate: 20, duration: 5000 });
    e.step([{ type: 'fire', t: 0, down: true }]);
    while (e.tick < 64) e.step(e.tick === 63 ? [{ type: 'fire', t: 999.9, down: false }] : []);
    expect(e.counters().shots).toBe(20);
    e.advanceTo(2000, []);
    expect(e.counters().shots).toBe(20);
  });
});

describe('spawning', () => {
  it('a kill is refilled to num_targets in the same tick', () => {
    const e = engine({ num_targets: 3 });
    expect(targets(e)).toHaveLength(3);
    shootFirst(e);
    expect(e.counters().kills).toBe(1);
    expect(targets(e)).toHaveLength(3);
    expect(e.counters().spawns).toBe(4);
    const ev = e.drainEvents().map((x) => x.type);
    expect(ev).toEqual(['spawn', 'spawn', 'spawn', 'hit', 'removed', 'spawn']);
  });

  it('the killed target plays its despawn animation for 200 ms, then is deleted', () => {
    const e = engine({ num_targets: 1 });
    shootFirst(e);
    const all = targets(e, true);
    expect(all).toHaveLength(2);
    const dying = all.find((t) => t.despawn >= 0)!;
    expect(dying.reason).toMatch(/^playerKilled/);
    for (let k = 0; k < 13; k++) e.step([]);
    expect(targets(e, true)).toHaveLength(1);
  });

  it('targets never overlap over 2000 ticks of kills (Random, Random3D, 180, relative)', () => {
    for (const mode of ['Random', 'Random3D', '180', 'Peripheral']) {
      const e = engine({ num_targets: mode === 'Peripheral' ? 2 : 8, spawn_mode: mode, target_size: 0.5, duration: 40000, weapon_fire_rate: 1000 }, 11);
      let minGap = Infinity;
      for (let k = 0; k < 2000; k++) {
        shootFirst(e);
        const t = targets(e);
        for (let i = 0; i < t.length; i++) for (let j = i + 1; j < t.length; j++) {
          const d = Math.hypot(t[i].x - t[j].x, t[i].y - t[j].y, t[i].z - t[j].z);
          if (d - t[i].radius - t[j].radius < minGap) minGap = d - t[i].radius - t[j].radius;
        }
      }
      expect(minGap).toBeGreaterThanOrEqual(0);
      expect(e.counters().kills).toBeGreaterThan(900);
    }
  });

  it('Original with spawnOrder order cycles through the positions by spawn count', () => {
    const pos = [[-2, 1.3, -10], [0, 1.3, -10], [2, 1.3, -10]];
    const e = engine({ num_targets: 1, weapon_fire_rate: 1000, spawn_mode: 'Original', config: JSON.stringify({ spawnOrder: 'order', positions: pos }) });
    const seen: number[] = [];
    for (let k = 0; k < 5; k++) { seen.push(targets(e)[0].x); shootFirst(e); }
    expect(seen).toEqual([-2, 0, 2, -2, 0]);
  });

  it('Random with fewer than 3 targets uses relative placement within min..max distance', () => {
    const e = engine({ num_targets: 1, position_min_dist: 2, position_max_dist: 3, target_size: 0.2, weapon_fire_rate: 1000 }, 4);
    let relOk = 0;
    for (let k = 0; k < 50; k++) {
      const before = targets(e)[0];
      shootFirst(e);
      const after = targets(e)[0];
      const d = Math.hypot(after.x - before.x, after.y - before.y);
      if (d >= 2 - 1e-9 && d <= 3 + 1e-9) relOk++;
    }
    expect(relOk).toBeGreaterThanOrEqual(40); // a few fall back to 2D random at the wall edge
  });

  it('Oscillation swings across the wall: each target is min..max from the last, on the other side of the centre direction, within 45° of horizontal', () => {
    const e = engine({ num_targets: 1, spawn_mode: 'Oscillation', position_mode: 'Relative', position_min_dist: 1.5, position_max_dist: 3, target_size: 0.25, weapon_fire_rate: 1000 }, 7);
    const cx = computeSpawnArea(e.drill).cx;
    let swings = 0, level = 0, sideChanges = 0;
    let prevSide = 0;
    for (let k = 0; k < 60; k++) {
      const before = targets(e)[0];
      shootFirst(e);
      const after = targets(e)[0];
      const dx = after.x - before.x, dy = after.y - before.y;
      // toward the other half: right from at or left of the centre, left from the right half
      if ((before.x > cx ? dx < 0 : dx > 0)) swings++;
      if (Math.abs(dy) <= Math.abs(dx) + 1e-9) level++;
      const side = Math.sign(after.x - cx);
      if (prevSide !== 0 && side !== 0 && side !== prevSide) sideChanges++;
      if (side !== 0) prevSide = side;
    }
    expect(swings).toBeGreaterThanOrEqual(55); // a few fall back to 2D random at the wall edge
    expect(level).toBeGreaterThanOrEqual(55);
    expect(sideChanges).toBeGreaterThanOrEqual(20); // back and forth, not a random walk on one side
  });

  it('an unknown spawn mode places targets like 2D random on the wall', () => {
    const e = engine({ spawn_mode: 'NoSuchMode' });
    const a = computeSpawnArea(e.drill);
    expect(a.placement).toBe('random2d');
    for (const t of targets(e)) expect(t.z).toBe(a.minZ);
  });

  it('priority targets: the first numPriorityTargets spawns are priority, refilled first', () => {
    const e = engine({ num_targets: 4, priority_target: true, numPriorityTargets: 1 });
    let t = targets(e);
    expect(t.filter((x) => x.priority)).toHaveLength(1);
    // kill the priority target: its replacement is priority again
    const p = t.find((x) => x.priority)!;
    const d = deltasTo(e, p.x, p.y, p.z);
    e.step([{ type: 'look', t: 1, dx: d.dx, dy: d.dy }, { type: 'fire', t: 2, down: true }]);
    t = targets(e);
    expect(t).toHaveLength(4);
    expect(t.filter((x) => x.priority)).toHaveLength(1);
  });
});

describe('lifetime and removal reasons', () => {
  it('a target with a 500 ms lifetime times out at the tick holding 500 ms', () => {
    const e = engine({ num_targets: 1, target_lifetime: 500 });
    const removed: EngineEvent[] = [];
    for (let k = 0; k < 40; k++) { e.step([]); removed.push(...e.drainEvents().filter((x) => x.type === 'removed')); }
    expect(removed[0]).toMatchObject({ reason: 'timedOut', tick: 31, target: 0 }); // 500 / 15.625 = 32
    expect(e.counters().spawns).toBe(2); // refilled at once (500 ms); the second expires at 1000 ms
  });

  it('time_between_targets delays the refill', () => {
    const e = engine({ num_targets: 1, time_between_targets: 100 });
    shootFirst(e); // kill at t = 2 ms
    expect(targets(e)).toHaveLength(0);
    while (e.tick < 6) e.step([]); // 102 ms falls in tick 6 (93.75 .. 109.375)
    expect(targets(e)).toHaveLength(0);
    e.step([]);
    expect(targets(e)).toHaveLength(1);
  });

  it('shots_per_target: a target out of shots is removed as missed', () => {
    const e = engine({ num_targets: 1, shots_per_target: 1 });
    e.step([{ type: 'look', t: 0, dx: 0, dy: -4000 }, { type: 'fire', t: 1, down: true }]); // aim at the floor
    const ev = e.drainEvents();
    expect(ev.find((x) => x.type === 'removed')).toMatchObject({ reason: 'missed' });
    expect(targets(e)).toHaveLength(1);
  });

  it('game end removes the remaining targets as gameOver and emits finished', () => {
    const e = engine({ num_targets: 2, duration: 1000 });
    expect(e.durationTicks).toBe(64);
    for (let k = 0; k < 63; k++) e.step([]);
    e.drainEvents();
    expect(e.finished).toBe(false);
    e.step([]);
    expect(e.finished).toBe(true);
    const ev = e.drainEvents();
    expect(ev.filter((x) => x.type === 'removed').map((x) => (x as { reason: string }).reason)).toEqual(['gameOver', 'gameOver']);
    expect(ev[ev.length - 1]).toEqual({ type: 'finished', tick: 63 });
    expect(targets(e)).toHaveLength(0);
    const h = e.stateHash();
    e.step([]);
    expect(e.tick).toBe(64);
    expect(e.stateHash()).toBe(h);
    expect(e.counters().totalTime).toBe(1000);
  });
});

describe('movement', () => {
  it('moving targets stay inside their area (wall, box, ring) at every tick', () => {
    for (const mode of ['Random', 'Random3D', '180']) {
      const e = engine({ num_targets: 5, target_moving: true, target_speed: 25, spawn_mode: mode, duration: 100000 }, 8);
      const a = computeSpawnArea(e.drill);
      let moved = 0;
      const first = targets(e)[0];
      let outside = 0;
      for (let k = 0; k < 3000; k++) {
        e.step([]);
        for (const t of targets(e)) {
          if (t.x < a.minX || t.x > a.maxX || t.y < a.minY || t.y > a.maxY || t.z < a.minZ || t.z > a.maxZ) outside++;
        }
      }
      expect(outside).toBe(0);
      const now = targets(e).find((t) => t.eid === first.eid)!;
      if (now.x !== first.x || now.y !== first.y) moved++;
      expect(moved).toBe(1);
    }
  });

  it('a moving target moves target_speed x 15.625 ms per tick (before any bounce)', () => {
    const e = engine({ num_targets: 1, target_moving: true, target_speed: 2, movement_pattern: 'horizontal', spawn_mode: 'Original', config: JSON.stringify({ positions: [[0, 1.3, -10]] }) });
    e.step([]);
    let seen = 0;
    e.forEachTarget((t) => { seen++; expect(Math.abs(t.x - t.px)).toBeCloseTo(2 * 0.015625, 12); expect(t.y).toBe(1.3); });
    expect(seen).toBe(1);
  });
});

describe('clip', () => {
  it('an empty clip blocks shots until the reload ends', () => {
    const e = engine({ clip_size: 2, clip_reload_time: 500, weapon_fire_rate: 100 });
    const fire = (t: number): InputEvent[] => [{ type: 'fire', t, down: true }, { type: 'fire', t: t + 0.1, down: false }];
    e.step(fire(0)); e.step(fire(TICK_MS)); e.step(fire(2 * TICK_MS));
    expect(e.counters().shots).toBe(2);
    expect(e.counters().clip.remaining).toBe(0);
    expect(e.counters().clip.reloadProgress).toBeGreaterThan(0);
    e.advanceTo(600, []);
    expect(e.counters().clip.remaining).toBe(2);
    e.step(fire(at(e, 1)));
    expect(e.counters().shots).toBe(3);
  });
});

describe('counters and inputs', () => {
  it('counts look events per device', () => {
    const e = engine();
    e.step([
      { type: 'look', t: 0, dx: 1, dy: 0 },
      { type: 'look', t: 1, dx: 1, dy: 0, device: 'Cont' },
      { type: 'look', t: 2, dx: 1, dy: 0, device: 'Cont' },
    ]);
    expect(e.counters()).toMatchObject({ mouseInputs: 1, controllerInputs: 2 });
  });

  it('movement keys move the eye at player_movement_speed along the yaw', () => {
    const e = engine({ player_movement_speed: 4 });
    e.step([{ type: 'move', t: 0, mask: 1 }]);
    expect(e.eye.z).toBeCloseTo(3.5 - 4 * 0.015625, 12);
    expect(e.eye.x).toBeCloseTo(0, 12);
  });

  it('bullets are not tracked for an automatic weapon unless analysis mode is 1', () => {
    const a = engine({ weapon_automatic: true });
    a.step([{ type: 'fire', t: 0, down: true }]);
    expect(a.bullets()).toHaveLength(0);
    const b = engine({ weapon_automatic: true, analysis_mode: 1 });
    b.step([{ type: 'fire', t: 0, down: true }]);
    expect(b.bullets()).toHaveLength(1);
    const c = engine({ duration: 300001 });
    c.step([{ type: 'fire', t: 0, down: true }]);
    expect(c.bullets()).toHaveLength(0);
  });
});

describe('spawn overlap grid', () => {
  it('the spatial hash answers exactly like the linear scan (500 targets, 20000 probes)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createGameWorld } = require('../../../src/ecs/world');
    const { spawnInitialTargets } = require('../../../src/ecs/systems/spawnSystem');
    const { isFree, isFreeLinear } = require('../../../src/ecs/spawn/overlap');
    const w = createGameWorld({ drill: drill({ num_targets: 500, position_max_dist: 20, target_size: 0.3 }), seed: 3, settings: SETTINGS });
    spawnInitialTargets(w);
    expect(Array.from(w.qTargets.dense as number[]).filter((e) => w.c.Target.state[e] === 1).length).toBeGreaterThan(480); // a dense wall: a few placements stay pending
    const rnd = lcg(5);
    let agree = 0, blocked = 0;
    for (let i = 0; i < 20000; i++) {
      const x = (rnd() - 0.5) * 40, y = rnd() * 13, z = -10;
      const a = isFree(w, x, y, z, 0.3), b = isFreeLinear(w, x, y, z, 0.3);
      if (a === b) agree++;
      if (!b) blocked++;
    }
    expect(agree).toBe(20000);
    expect(blocked).toBeGreaterThan(1000);
  });
});

describe('AlternatingAreas', () => {
  it('alternates between the left and right half of the box, starting at initialSpawnAreaIndex', () => {
    const e = engine({ num_targets: 1, spawn_mode: 'AlternatingAreas', weapon_fire_rate: 1000, config: JSON.stringify({ gameMode: { initialSpawnAreaIndex: '1' } }) });
    const sides: string[] = [];
    for (let k = 0; k < 6; k++) { sides.push(targets(e)[0].x > 0 ? 'R' : 'L'); shootFirst(e); }
    expect(sides).toEqual(['R', 'L', 'R', 'L', 'R', 'L']);
  });
});

describe('damage, crits, regeneration, ADS, replay', () => {
  const one = { num_targets: 1, spawn_mode: 'Original', config: JSON.stringify({ positions: [[0, 1.3, -10]], critZone: '0.3', critCore: true }) };

  it('a body hit deals 1, a crit deals crit_dmg_multiplier and kills as playerKilledCrit', () => {
    const e = engine({ ...one, target_health: 2, crit_dmg_multiplier: 2, weapon_fire_rate: 1000 });
    const off = deltasTo(e, 0.3, 1.3, -10);
    e.step([{ type: 'look', t: 0, dx: off.dx, dy: off.dy }, { type: 'fire', t: 1, down: true }]);
    expect(targets(e)[0].health).toBe(1);
    expect(e.counters()).toMatchObject({ hits: 1, crits: 0, damage: 1, kills: 0 });
    const back = deltasTo(e, 0, 1.3, -10);
    e.step([{ type: 'look', t: at(e, 0), dx: back.dx, dy: back.dy }, { type: 'fire', t: at(e, 1), down: true }]);
    expect(e.counters()).toMatchObject({ hits: 2, crits: 1, damage: 3, kills: 1, shots: 2 });
    expect(e.drainEvents().filter((x) => x.type === 'removed')).toEqual([
      expect.objectContaining({ reason: 'playerKilledCrit' }),
    ]);
  });

  it('health regenerates at health_regenerate_rate per second up to the spawn health', () => {
    const e = engine({ ...one, target_health: 10, health_regenerate_rate: 4 });
    const off = deltasTo(e, 0.3, 1.3, -10);
    e.step([{ type: 'look', t: 0, dx: off.dx, dy: off.dy }, { type: 'fire', t: 1, down: true }]);
    expect(targets(e)[0].health).toBeCloseTo(9 + 4 * 0.015625, 12);
    e.advanceTo(1000, []);
    expect(targets(e)[0].health).toBe(10);
  });

  it('ADS scales look deltas by the ADS sensitivity while held', () => {
    const e = createDrillEngine({ drill: drill(), seed: 1, settings: { ...SETTINGS, adsSensitivity: 0.5 } });
    e.step([{ type: 'ads', t: 0, down: true }, { type: 'look', t: 1, dx: 100, dy: 0 }, { type: 'ads', t: 2, down: false }, { type: 'look', t: 3, dx: 100, dy: 0 }]);
    expect(e.yaw).toBeCloseTo(1.1 + 2.2, 12);
  });

  it('replayRun reproduces the per-tick hashes of a live run', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { replayRun } = require('../../../src/ecs/replay');
    const e = engine({ duration: 3000, target_moving: true }, 21);
    const rnd = lcg(8);
    const live: number[] = [];
    while (!e.finished) { if (e.tick % 5 === 0) shootFirst(e); else e.step(scriptedEvents(e.tick, rnd)); live.push(e.stateHash()); }
    const r = replayRun({ drill: e.drill, seed: 21, settings: SETTINGS }, e.inputLog());
    expect(Array.from(r.hashes)).toEqual(live);
    expect(r.engine.counters()).toEqual(e.counters());
    expect(e.counters().kills).toBeGreaterThan(0);
  });
});

describe('view data and late events', () => {
  it('forEachTarget reports lifetimeLeft and despawn progress', () => {
    const e = engine({ num_targets: 1, target_lifetime: 1000 });
    e.advanceTo(500, []);
    const t = targets(e);
    let left = -1;
    e.forEachTarget((v) => { left = v.lifetimeLeft; });
    expect(t).toHaveLength(1);
    expect(left).toBe(0.5);
    shootFirst(e);
    const prog: number[] = [];
    for (let k = 0; k < 14; k++) {
      e.forEachTarget((v) => { if (v.despawn >= 0) prog.push(v.despawn); });
      e.step([]);
    }
    expect(prog[0]).toBeGreaterThan(0);
    expect(prog[prog.length - 1]).toBeLessThanOrEqual(1);
    for (let i = 1; i < prog.length; i++) expect(prog[i]).toBeGreaterThan(prog[i - 1]);
  });

  it('advanceTo gives a late event to the current tick, clamped, and logs it clamped', () => {
    const e = engine();
    e.advanceTo(TICK_MS * 2, []);
    e.advanceTo(TICK_MS * 3, [{ type: 'look', t: 3, dx: 10, dy: 0 }]);
    expect(e.yaw).toBeCloseTo(0.22, 12);
    expect(e.inputLog()).toEqual([{ type: 'look', t: TICK_MS * 2, dx: 10, dy: 0 }]);
    expect(() => e.advanceTo(TICK_MS * 4, [{ type: 'look', t: NaN, dx: 1, dy: 0 }])).toThrow(RangeError);
  });
});

describe('component growth', () => {
  it('grows the stores when more entities exist than planned (long despawn animations)', () => {
    const run = () => {
      const e = createDrillEngine({ drill: drill({ num_targets: 1, weapon_fire_rate: 1000, duration: 5000 }), seed: 4, settings: SETTINGS, despawnAnimationMs: 1000 });
      const hashes: number[] = [];
      for (let k = 0; k < 200; k++) { shootFirst(e); hashes.push(e.stateHash()); }
      return { e, hashes };
    };
    const a = run(), b = run();
    expect(a.e.counters().kills).toBe(200);
    let drawn = 0;
    a.e.forEachTarget(() => drawn++);
    expect(drawn).toBe(1 + 64); // one live target + a second's worth of despawning ones
    expect(a.hashes).toEqual(b.hashes);
  });
});
