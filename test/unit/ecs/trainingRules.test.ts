/**
 * Issue 36 engine rules, through the kit: movement patterns 'bounce' (gravity), 'reactive'
 * (seeded direction changes), 'strafe' (A-D strafing with jumps), decoys (config decoyShare),
 * semi-automatic weapons on moving targets, and adaptive difficulty (config adaptive); each new
 * rule's run replays to the same state hash after every tick.
 */
import { createDrillKit, kitDrill, replayRun, TICK_MS, DrillConfigError, type Kit } from '../../../src/kit';
import type { DrillConfig } from '../../../src/contracts/drillConfig';
import { MOTION_DEFAULTS } from '../../../src/contracts/drillConfig';
import { KIT_SETTINGS } from '../../../src/ecs/testing';
import { buildGameData, decodeTargetsDestroyed } from '../../../src/metrics/scoring';

const G = MOTION_DEFAULTS.gravity;
const DT = TICK_MS / 1000;

/** Plays `ticks` ticks with a seeded scripted player (looks around, clicks on the first live
 * target every 8th tick, clicks into the void every 13th), calling `afterTick` after each, and
 * returns the kit. */
function playScripted(drill: DrillConfig, seed: number, ticks: number, afterTick?: (kit: Kit) => void): Kit {
  const kit = createDrillKit({ drill, seed });
  let s = seed >>> 0;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  for (let k = 0; k < ticks && !kit.finished; k++) {
    const t = kit.liveTargets()[0];
    if (k % 8 === 0 && t) kit.at(kit.tick).aimAt(t, 1).click(2);
    else if (k % 13 === 0) kit.at(kit.tick).look(3000, 0, 1).click(2);
    else kit.at(kit.tick).look((rnd() - 0.5) * 40, (rnd() - 0.5) * 40, 3);
    kit.step();
    afterTick?.(kit);
  }
  return kit;
}

/** The scripted run's hash after every tick equals the replay's (the server's re-simulation). */
function expectReplayExact(drill: DrillConfig, seed: number, ticks: number): Kit {
  const live: number[] = [];
  const kit = playScripted(drill, seed, ticks, (k) => live.push(k.hash()));
  const { hashes } = replayRun({ drill, seed, settings: KIT_SETTINGS }, kit.engine.inputLog(), live.length * TICK_MS);
  expect(Array.from(hashes).slice(-live.length)).toEqual(live);
  return kit;
}

describe("movement 'bounce' (Popcorn)", () => {
  const drill = kitDrill(134, { target_moving: true, movement_pattern: 'bounce', target_speed: 6, num_targets: 1 });

  it('throws targets up, pulls them down by g per tick and bounces them off the floor, for ever', () => {
    const kit = createDrillKit({ drill, seed: 3 });
    const e = kit.liveTargets()[0].eid;
    const V = kit.components().Velocity;
    expect(V.y[e]).toBe(6); // launched up at target_speed
    expect(Math.abs(V.x[e])).toBeLessThanOrEqual(0.35 * 6);
    const area = kit.world.area;
    let bounces = 0, maxY = -Infinity, lastVy = V.y[e];
    for (let k = 0; k < 64 * 12; k++) {
      kit.step();
      const t = kit.liveTargets()[0];
      const vy = V.y[e];
      if (vy > lastVy) bounces++; // only a floor bounce raises v.y
      else expect(vy).toBeCloseTo(lastVy - G * DT, 9); // free fall: g per tick
      lastVy = vy;
      maxY = Math.max(maxY, t.y);
      expect(t.y).toBeGreaterThanOrEqual(area.minY - 1e-9);
      expect(t.y).toBeLessThanOrEqual(area.maxY + 1e-9);
      expect(t.x).toBeGreaterThanOrEqual(area.minX - 1e-9);
      expect(t.x).toBeLessThanOrEqual(area.maxX + 1e-9);
    }
    expect(bounces).toBeGreaterThanOrEqual(5); // about one per 2 x 6 / 9.81 s = 1.2 s over 12 s
    // thrown up 6 m/s: peak about v^2 / 2g = 1.83 m above the floor (or the area's ceiling)
    expect(maxY - area.minY).toBeGreaterThan(Math.min(1.5, area.maxY - area.minY - 0.1));
  });

  it('replays exactly', () => { expectReplayExact(drill, 5, 640); });
});

describe("movement 'reactive'", () => {
  const drill = kitDrill(134, {
    target_moving: true, movement_pattern: 'reactive', target_speed: 3, num_targets: 1, target_health: 10000,
    config: { motion: { changeMinMs: 300, changeMaxMs: 600 } },
  });

  it('keeps its speed and changes direction at seeded intervals within changeMinMs..changeMaxMs', () => {
    const kit = createDrillKit({ drill, seed: 9 });
    const e = kit.liveTargets()[0].eid;
    const V = kit.components().Velocity;
    const changes: number[] = [];
    let last = [V.x[e], V.y[e], V.z[e]];
    for (let k = 0; k < 64 * 10; k++) {
      kit.step();
      const v = [V.x[e], V.y[e], V.z[e]];
      expect(Math.hypot(v[0], v[1], v[2])).toBeCloseTo(3, 9);
      // a wall bounce flips one component; a direction change turns the vector freely
      const flips = v.filter((c, i) => c !== last[i]).length;
      const mirrored = v.every((c, i) => c === last[i] || c === -last[i]);
      if (flips > 0 && !mirrored) changes.push(kit.tick * TICK_MS);
      last = v;
    }
    expect(changes.length).toBeGreaterThanOrEqual(10000 / 600 - 2);
    expect(changes.length).toBeLessThanOrEqual(10000 / 300 + 1);
    for (let i = 1; i < changes.length; i++) {
      const gap = changes[i] - changes[i - 1];
      expect(gap).toBeGreaterThanOrEqual(300 - TICK_MS);
      expect(gap).toBeLessThanOrEqual(600 + 2 * TICK_MS);
    }
  });

  it('replays exactly', () => { expectReplayExact(drill, 11, 640); });
});

describe("movement 'strafe' (humanoids)", () => {
  const drill = kitDrill(134, {
    target_model: 'humanoid', target_grounded: true, target_moving: true, movement_pattern: 'strafe', target_speed: 3,
    num_targets: 1, target_health: 10000, config: { motion: { jumpChance: 0.5 } },
  });

  it('strafes along x at target_speed, reverses at seeded times, jumps and lands back on the floor', () => {
    const kit = createDrillKit({ drill, seed: 4 });
    const e = kit.liveTargets()[0].eid;
    const V = kit.components().Velocity;
    const ground = kit.liveTargets()[0].y;
    let reversals = 0, jumps = 0, top = ground, lastVx = V.x[e], airborne = false;
    for (let k = 0; k < 64 * 15; k++) {
      kit.step();
      const t = kit.liveTargets()[0];
      expect(Math.abs(V.x[e])).toBe(3);
      expect(V.z[e]).toBe(0);
      if (V.x[e] !== lastVx) reversals++;
      lastVx = V.x[e];
      expect(t.y).toBeGreaterThanOrEqual(ground);
      if (t.y > ground && !airborne) jumps++;
      airborne = t.y > ground;
      top = Math.max(top, t.y);
    }
    expect(reversals).toBeGreaterThan(15);
    expect(jumps).toBeGreaterThan(3);
    // a jump at 4.5 m/s under 9.81 m/s^2 rises about 1.03 m
    expect(top - ground).toBeGreaterThan(0.9);
    expect(top - ground).toBeLessThan(1.1);
  });

  it('replays exactly', () => { expectReplayExact(drill, 8, 640); });

  it('refuses grounded bounce / reactive targets and unknown motion keys', () => {
    expect(() => kitDrill(134, { target_grounded: true, target_moving: true, movement_pattern: 'bounce' })).toThrow(DrillConfigError);
    expect(() => kitDrill(134, { target_moving: true, movement_pattern: 'strafe', config: { motion: { changeMinMs: 900, changeMaxMs: 100 } } })).toThrow(/changeMinMs/);
    expect(() => kitDrill(134, { config: { motion: { gravty: 3 } } })).toThrow(/gravty/);
  });
});

describe('decoys (config decoyShare)', () => {
  const drill = kitDrill(134, { num_targets: 4, target_lifetime: 1500, config: { decoyShare: 0.3 } });

  it('draws about decoyShare of the spawns as decoys, seeded', () => {
    const fresh = createDrillKit({ drill, seed: 21 });
    let d = 0, n = 0;
    for (let k = 0; k < 64 * 60; k++) {
      for (const ev of fresh.step()) {
        if (ev.type === 'spawn') { n++; if (fresh.world.c.Decoy.is[ev.eid] === 1) d++; }
      }
    }
    expect(n).toBeGreaterThan(100);
    expect(d / n).toBeGreaterThan(0.2);
    expect(d / n).toBeLessThan(0.4);
  });

  it('a hit on a decoy removes it, costs a target of score, is no hit and raises decoyHit', () => {
    const kit = createDrillKit({ drill, seed: 21 });
    const decoy = kit.runUntil((k) => k.liveTargets().some((t) => t.decoy), 64 * 30);
    expect(decoy).toBeGreaterThanOrEqual(0);
    // first a kill on a real target, then the decoy
    const real = kit.liveTargets().find((t) => !t.decoy);
    expect(real).toBeDefined();
    kit.at(kit.tick).aimAt(real!, 1).click(2);
    kit.step();
    expect(kit.metrics().targets_destroyed).toBe(1);
    kit.step(4); // past the fire interval (20 shots/s)
    kit.runUntil((k) => k.liveTargets().some((t) => t.decoy), 64 * 30);
    const target = kit.liveTargets().find((t) => t.decoy)!;
    let viewDecoy = false;
    kit.engine.forEachTarget((v) => { if (v.eid === target.eid) viewDecoy = v.decoy === true; });
    expect(viewDecoy).toBe(true); // the view draws it in the decoy colour
    kit.at(kit.tick).aimAt(target, 1).click(2);
    const events = kit.step();
    expect(events.find((e) => e.type === 'decoyHit')).toMatchObject({ type: 'decoyHit', eid: target.eid });
    expect(events.some((e) => e.type === 'miss' || e.type === 'hit')).toBe(false);
    expect(events.find((e) => e.type === 'removed')).toMatchObject({ eid: target.eid, reason: 'decoyHit' });
    const c = kit.counters();
    expect(c).toMatchObject({ shots: 2, hits: 1, kills: 1, decoyHits: 1 });
    expect(kit.metrics()).toMatchObject({ targets_destroyed: 0, accuracy: 50 });
  });

  it('decoys need a finite lifetime; the share is at most 0.9', () => {
    expect(() => kitDrill(134, { config: { decoyShare: 0.3 } })).toThrow(/decoyShare/);
    expect(() => kitDrill(134, { target_lifetime: 1000, config: { decoyShare: 0.95 } })).toThrow(/decoyShare/);
  });

  it('replays exactly; the submission carries decoy_hits and the penalised targets_destroyed', () => {
    const kit = expectReplayExact(drill, 23, 64 * 20);
    const c = kit.counters();
    expect(c.decoyHits).toBeGreaterThan(0);
    const { gameData } = buildGameData(kit.engine, { viewportWidth: 1280, viewportHeight: 720, fov: 103, fovType: 'h', sensitivity: 1, frameRate: 60 });
    expect(gameData.decoy_hits).toBe(c.decoyHits);
    expect(decodeTargetsDestroyed(gameData.targets_destroyed)).toBe(Math.max(0, c.kills - (c.decoyHits ?? 0)));
    // drills without decoys send no decoy_hits
    const plain = createDrillKit({ drill: kitDrill(134), seed: 1 });
    expect('decoy_hits' in buildGameData(plain.engine, { viewportWidth: 1, viewportHeight: 1, fov: 103, fovType: 'h', sensitivity: 1, frameRate: 60 }).gameData).toBe(false);
  });
});

describe('semi-automatic weapons on moving targets', () => {
  const drill = kitDrill(134, { target_moving: true, movement_pattern: 'horizontal', target_speed: 4, weapon_automatic: false, num_targets: 1 });

  it('one press fires one shot however long it is held, and a click on the moving target kills it', () => {
    const kit = createDrillKit({ drill, seed: 2 });
    kit.at(kit.tick).look(4000, 0, 1).fireDown(2);
    kit.step(64); // held for a second
    expect(kit.counters().shots).toBe(1);
    kit.at(kit.tick).fireUp(1);
    kit.step();
    const t = kit.liveTargets()[0];
    kit.at(kit.tick).aimAt(t, 1).click(2);
    kit.step();
    expect(kit.counters()).toMatchObject({ shots: 2, kills: 1 });
  });
});

describe('adaptive difficulty (config adaptive)', () => {
  const sizeDrill = kitDrill(134, { num_targets: 1, target_size: 0.5, config: { adaptive: 'size' } });

  it("'size': each kill makes the next target smaller, each missed shot larger, within 0.4..1.6 x", () => {
    const kit = createDrillKit({ drill: sizeDrill, seed: 1 });
    expect(kit.liveTargets()[0].radius).toBe(0.5);
    const radii: number[] = [];
    for (let i = 0; i < 12; i++) {
      kit.at(kit.tick).aimAt(kit.liveTargets()[0], 1).click(2);
      kit.step(4);
      radii.push(kit.liveTargets()[0].radius);
    }
    expect(radii[0]).toBeCloseTo(0.5 - 0.03, 12);
    expect(radii[1]).toBeCloseTo(0.5 - 0.06, 12);
    expect(radii[11]).toBeCloseTo(0.2, 12); // floor 0.4 x 0.5 after 10 kills
    // misses: 3 / health = 3 steps easier each; the live target keeps its size, the next grows
    for (let i = 0; i < 3; i++) { kit.at(kit.tick).look(4000, 0, 1).click(2); kit.step(4); kit.at(kit.tick).look(-4000, 0, 1); kit.step(); }
    kit.at(kit.tick).aimAt(kit.liveTargets()[0], 1).click(2);
    kit.step(4);
    expect(kit.liveTargets()[0].radius).toBeCloseTo(0.2 + (9 - 1) * 0.03, 12);
  });

  it("'both' moves size and speed together; 'speed' needs moving targets", () => {
    const drill = kitDrill(134, { num_targets: 1, target_size: 0.5, target_moving: true, target_speed: 2, movement_pattern: 'horizontal', config: { adaptive: 'both' } });
    expect(drill.dynamicTargetSettings.map((d) => d.type)).toEqual(['size', 'speed']);
    const kit = createDrillKit({ drill, seed: 1 });
    for (let i = 0; i < 4; i++) {
      kit.at(kit.tick).aimAt(kit.liveTargets()[0], 1).click(2);
      kit.step(4);
    }
    const t = kit.liveTargets()[0];
    expect(t.radius).toBeCloseTo(0.5 - 4 * 0.03, 12);
    expect(Math.abs(kit.components().Velocity.x[t.eid])).toBeCloseTo(2 + 4 * 0.15, 12);
    expect(() => kitDrill(134, { config: { adaptive: 'speed' } })).toThrow(/moving/);
    expect(() => kitDrill(134, { dynamic_target_setting_enabled: true, config: { adaptive: 'size', dynamic_target_setting_type: 'size' } })).toThrow(/adaptive/);
    expect(() => kitDrill(134, { config: { adaptive: 'huge' as never } })).toThrow(/adaptive/);
  });

  it('adaptive runs replay exactly (size, speed, both; tracking with an automatic weapon)', () => {
    const a = expectReplayExact(sizeDrill, 31, 64 * 15);
    expect(a.world.dynamicValue).not.toBe(0.5); // it moved
    const both = kitDrill(134, { num_targets: 2, target_moving: true, target_speed: 3, movement_pattern: 'reactive', config: { adaptive: 'both' } });
    const b = expectReplayExact(both, 32, 64 * 15);
    expect(b.world.dynamicValue2).not.toBe(3);
    const track = kitDrill(134, {
      num_targets: 1, target_health: 30, target_moving: true, target_speed: 3, weapon_automatic: true, weapon_fire_rate: 20,
      movement_pattern: 'free', config: { adaptive: 'speed' },
    });
    expectReplayExact(track, 33, 64 * 15);
  });

  it('drives the same played input to the same final values (seeded, no clock)', () => {
    const x = playScripted(sizeDrill, 40, 64 * 10);
    const y = playScripted(sizeDrill, 40, 64 * 10);
    expect(y.world.dynamicValue).toBe(x.world.dynamicValue);
    expect(y.hash()).toBe(x.hash());
  });
});

describe('decoy colour (view)', () => {
  it('is a blue against the default red target colour, an amber against a blue one', async () => {
    const { decoyColourFor, hexToRgb01 } = await import('../../../src/game/targetVisual');
    const { DECOY_COLOUR, DECOY_COLOUR_ALT } = await import('../../../src/contracts/drillConfig');
    expect(decoyColourFor(hexToRgb01('#ff4b3e', [1, 0, 0]))).toBe(DECOY_COLOUR);
    expect(decoyColourFor([0.2, 0.45, 1])).toBe(DECOY_COLOUR_ALT);
    expect(decoyColourFor([0.25, 0.5, 0.95])).toBe(DECOY_COLOUR_ALT);
  });
});
