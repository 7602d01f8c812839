/** Issue 3: the complete drill engine. Deterministic ticks, exact assertions. */
import { TICK_MS } from '../../../src/contracts/constants';
import type { EngineEvent, InputEvent, SparkView } from '../../../src/contracts/engine';
import { createDrillEngine } from '../../../src/ecs/engine';
import { replayRun } from '../../../src/ecs/replay';
import {
  CRIT_PARTICLE_RAMP, DESPAWN_ANIMATION_MS, DESPAWN_COLOURS, KILL_PARTICLE_RAMP, SPARK_DIRECTIONS, SPARK_SPEED,
  despawnAnimationMs,
} from '../../../src/ecs/despawnAnimation';
import { HUMANOID_HEAD_OFFSET } from '../../../src/ecs/targetModels';
import { registerGameMode } from '../../../src/ecs/gameModes';
import { at, deltasTo, drill, engine, SETTINGS, targets } from './helpers';

const DT = TICK_MS / 1000;
const one = (pos: number[], over: Record<string, unknown> = {}, cfg: Record<string, unknown> = {}) => ({
  num_targets: 1, spawn_mode: 'Original', weapon_fire_rate: 1000, ...over,
  config: JSON.stringify({ positions: [pos], ...cfg }),
});
const removed = (ev: EngineEvent[]) => ev.filter((x) => x.type === 'removed') as Extract<EngineEvent, { type: 'removed' }>[];
const hits = (ev: EngineEvent[]) => ev.filter((x) => x.type === 'hit') as Extract<EngineEvent, { type: 'hit' }>[];

/** Look at (x,y,z) and click, inside the current tick. */
function shootAt(e: ReturnType<typeof engine>, x: number, y: number, z: number, extra: InputEvent[] = []): void {
  const d = deltasTo(e, x, y, z);
  e.step([{ type: 'look', t: at(e, 1), dx: d.dx, dy: d.dy }, { type: 'fire', t: at(e, 2), down: true }, { type: 'fire', t: at(e, 3), down: false }, ...extra]);
}

describe('removal reasons', () => {
  it('playerKilled, playerKilledCrit, timedOut, missed and gameOver, each with its despawn colour index', () => {
    // crit zone 0.3 of 0.35 m: 0.2 m off centre is a body hit
    const e = createDrillEngine({
      drill: drill({ ...one([0, 1.3, -10], { shots_per_target: 2, target_lifetime: 300, duration: 2000 }, { critZone: 0.3, critCore: true }) }),
      seed: 1, settings: SETTINGS, despawnAnimation: 'explode',
    });
    const colours = new Map<string, number>();
    const grab = () => e.forEachTarget((t) => { if (t.removalReason) colours.set(t.removalReason, t.despawnColour as number); });
    shootAt(e, 0.2, 1.3, -10); // body kill
    grab();
    e.advanceTo(200, []);
    shootAt(e, 0, 1.3, -10); // crit kill
    grab();
    e.advanceTo(600, []); // the next one times out at 300 ms after its spawn
    grab();
    const t = targets(e)[0];
    // two misses use up its 2 shots
    e.step([{ type: 'look', t: at(e, 0), dx: 0, dy: -3000 }, { type: 'fire', t: at(e, 1), down: true }, { type: 'fire', t: at(e, 2), down: false }]);
    e.step([{ type: 'fire', t: at(e, 1), down: true }]);
    grab();
    expect(t).toBeDefined();
    e.advanceTo(2000, []);
    const reasons = removed(e.drainEvents()).map((r) => r.reason);
    expect(reasons.slice(0, 3)).toEqual(['playerKilled', 'playerKilledCrit', 'timedOut']);
    expect(reasons).toContain('missed');
    expect(reasons[reasons.length - 1]).toBe('gameOver');
    expect(colours.get('playerKilled')).toBe(0);
    expect(colours.get('playerKilledCrit')).toBe(1);
    expect(colours.get('timedOut')).toBe(2);
    expect(colours.get('missed')).toBe(2);
    expect(DESPAWN_COLOURS).toHaveLength(3);
  });
});

describe('crit zones per target model', () => {
  it("'sphere': a ray through the centre is a crit only with a drawn core (critCore); 'humanoid': only the head sphere is", () => {
    const s = engine(one([0, 1.3, -10], { target_health: 5 }, { critCore: true }));
    shootAt(s, 0, 1.3, -10);
    expect(hits(s.drainEvents())[0].crit).toBe(true);
    const plain = engine(one([0, 1.3, -10], { target_health: 5 }));
    shootAt(plain, 0, 1.3, -10);
    expect(hits(plain.drainEvents())[0].crit).toBe(false);

    const h = engine(one([0, 1.3, -10], { target_health: 5, target_model: 'humanoid', target_size: 0.5 }));
    shootAt(h, 0, 1.3, -10); // the centre: body, not head
    const head = 1.3 + HUMANOID_HEAD_OFFSET * 0.5;
    shootAt(h, 0, head, -10); // the head
    expect(hits(h.drainEvents()).map((x) => x.crit)).toEqual([false, true]);
    expect(h.counters()).toMatchObject({ hits: 2, crits: 1 });
    let model = '';
    h.forEachTarget((t) => { model = t.model as string; });
    expect(model).toBe('humanoid');
  });
});

describe('grounded, face-player and growing targets', () => {
  it('grounded targets sit on the floor: y = radius', () => {
    const e = engine(one([2, 1.3, -10], { target_grounded: true, target_size: 0.4 }));
    expect(targets(e)[0]).toMatchObject({ x: 2, y: 0.4, z: -10 });
    const m = engine({ num_targets: 3, target_grounded: true, target_moving: true, target_speed: 3, target_size: 0.3 }, 5);
    for (let k = 0; k < 200; k++) m.step([]);
    for (const t of targets(m)) expect(t.y).toBe(0.3);
  });

  it('face-player targets report the yaw toward the eye; others 0', () => {
    const e = engine(one([3, 1.3, -10], { target_face_player: true }));
    let facing = NaN;
    e.forEachTarget((t) => { facing = t.facing as number; });
    expect(facing).toBe((Math.atan2(0 - 3, 3.5 - -10) * 180) / Math.PI);
    const f = engine(one([3, 1.3, -10]));
    f.forEachTarget((t) => { facing = t.facing as number; });
    expect(facing).toBe(0);
  });

  it('growing targets: the radius goes from minSize to maxSize over the lifetime; the hit test uses it', () => {
    const over = one([0, 1.3, -10], { target_grow_mode: 'grow', target_lifetime: 1000, target_health: 9 }, { minSize: 0.1, maxSize: 0.5 });
    const e = engine(over);
    expect(targets(e)[0].radius).toBe(0.1);
    e.step([]);
    expect(targets(e)[0].radius).toBe(0.1 + 0.4 * (TICK_MS / 1000));
    // 0.25 m off centre: a miss while the radius is below 0.25, a hit later
    shootAt(e, 0.25, 1.3, -10); // t = 17.6 ms: r = 0.107
    expect(e.counters().hits).toBe(0);
    e.advanceTo(40 * TICK_MS, []);
    shootAt(e, 0.25, 1.3, -10); // t = 627 ms: r = 0.351
    expect(e.counters().hits).toBe(1);
    const s = engine(one([0, 1.3, -10], { target_grow_mode: 'shrink', target_lifetime: 1000 }, { minSize: 0.1, maxSize: 0.5 }));
    expect(targets(s)[0].radius).toBe(0.5);
    s.advanceTo(500, []);
    expect(targets(s)[0].radius).toBe(0.3);
  });
});

describe('movement patterns', () => {
  it('vertical moves along y only, depth along z only, circle keeps its orbit radius', () => {
    const v = engine(one([0, 1.3, -10], { target_moving: true, target_speed: 2, movement_pattern: 'vertical' }));
    v.step([]);
    const tv = targets(v)[0];
    expect(tv.x).toBe(0);
    expect(tv.z).toBe(-10);
    expect(Math.abs(tv.y - 1.3)).toBeCloseTo(2 * DT, 12);

    const d = engine({ num_targets: 1, spawn_mode: 'Random3D', target_moving: true, target_speed: 2, movement_pattern: 'depth' }, 3);
    const d0 = targets(d)[0];
    d.step([]);
    const d1 = targets(d)[0];
    expect([d1.x, d1.y]).toEqual([d0.x, d0.y]);
    expect(Math.abs(d1.z - d0.z)).toBeCloseTo(2 * DT, 12);

    const c = engine(one([0, 1.3, -10], { target_moving: true, target_speed: 3, movement_pattern: 'circle', position_min_dist: 1.5 }));
    const c0 = targets(c)[0];
    expect(Math.hypot(c0.x, c0.y - 1.3)).toBeCloseTo(1.5, 12);
    let prev = c0;
    for (let k = 0; k < 50; k++) {
      c.step([]);
      const t = targets(c)[0];
      expect(Math.hypot(t.x, t.y - 1.3)).toBeCloseTo(1.5, 12);
      // chord of an arc of 3 m/s x 15.625 ms on a 1.5 m circle
      expect(Math.hypot(t.x - prev.x, t.y - prev.y)).toBeCloseTo(2 * 1.5 * Math.sin((3 * DT) / 1.5 / 2), 12);
      expect(t.z).toBe(-10);
      prev = t;
    }
  });
});

describe('tagging', () => {
  it('a hit sets the tag to 1; it decays 0.25 per second (1/256 per tick) to 0', () => {
    const e = engine(one([0, 1.3, -10], { target_health: 5 }));
    let tag = -1;
    const read = () => { e.forEachTarget((t) => { tag = t.tag as number; }); return tag; };
    expect(read()).toBe(0);
    shootAt(e, 0, 1.3, -10);
    expect(read()).toBe(1 - 1 / 256);
    for (let k = 0; k < 127; k++) e.step([]);
    expect(read()).toBe(0.5);
    for (let k = 0; k < 128; k++) e.step([]);
    expect(read()).toBe(0);
    e.step([]);
    expect(read()).toBe(0);
  });
});

describe('despawn animations', () => {
  it('lengths: none 0, glow 100, holo 200, dissolve 700, explode 700 (unknown = holo)', () => {
    expect(DESPAWN_ANIMATION_MS).toEqual({ none: 0, glow: 100, holo: 200, dissolve: 700, explode: 700 });
    expect(despawnAnimationMs('nope')).toBe(200);
    expect(KILL_PARTICLE_RAMP).toHaveLength(4);
    expect(CRIT_PARTICLE_RAMP).toHaveLength(7);
  });

  it('a removed target is held for its animation length (glow: killed at 2 ms, retired in the tick ending >= 102 ms)', () => {
    const e = createDrillEngine({ drill: drill(one([0, 1.3, -10], { time_between_targets: 10000 })), seed: 1, settings: SETTINGS, despawnAnimation: 'glow' });
    shootAt(e, 0, 1.3, -10);
    let drawn = 0;
    for (let k = 1; k <= 6; k++) { drawn = 0; e.forEachTarget(() => drawn++); expect([k, drawn]).toEqual([k, 1]); e.step([]); }
    drawn = 0; e.forEachTarget(() => drawn++);
    expect(drawn).toBe(0); // tick 6 ends at 109.375 >= 102
    const n = createDrillEngine({ drill: drill(one([0, 1.3, -10], { time_between_targets: 10000 })), seed: 1, settings: SETTINGS, despawnAnimation: 'none' });
    shootAt(n, 0, 1.3, -10);
    drawn = 0; n.forEachTarget(() => drawn++);
    expect(drawn).toBe(0);
  });

  it('explode: 8 sparks plus a centre burst on kills only, along fixed directions, ramp colours', () => {
    const e = createDrillEngine({ drill: drill(one([0, 1.3, -10], { target_lifetime: 5000, time_between_targets: 100000 })), seed: 1, settings: SETTINGS, despawnAnimation: 'explode' });
    shootAt(e, 0.2, 1.3, -10); // body kill at t = 2 ms
    e.advanceTo(20 * TICK_MS, []);
    const sp: SparkView[] = [];
    e.forEachSpark((s) => sp.push({ ...s }));
    expect(sp).toHaveLength(9);
    const elapsed = 20 * TICK_MS - 2;
    const p = elapsed / 700;
    for (let k = 0; k < 8; k++) {
      expect(sp[k].index).toBe(k);
      expect(sp[k].x).toBeCloseTo(0 + SPARK_DIRECTIONS[k][0] * SPARK_SPEED * (elapsed / 1000), 12);
      expect(sp[k].y).toBeCloseTo(1.3 + SPARK_DIRECTIONS[k][1] * SPARK_SPEED * (elapsed / 1000), 12);
      expect(sp[k].progress).toBeCloseTo(p, 12);
      expect([sp[k].r, sp[k].g, sp[k].b]).toEqual([...KILL_PARTICLE_RAMP[Math.floor(p * 4)]]);
      expect(sp[k].crit).toBe(false);
    }
    expect(sp[8]).toMatchObject({ index: 8, x: 0, y: 1.3, z: -10 });
    expect(sp[8].size).toBeCloseTo(0.35 * (1 + p), 12);
    e.advanceTo(800, []);
    let n = 0;
    e.forEachSpark(() => n++);
    expect(n).toBe(0);
    // a timed-out target does not explode
    const t = createDrillEngine({ drill: drill(one([0, 1.3, -10], { target_lifetime: 100, time_between_targets: 100000 })), seed: 1, settings: SETTINGS, despawnAnimation: 'explode' });
    t.advanceTo(200, []);
    n = 0;
    t.forEachSpark(() => n++);
    expect(n).toBe(0);
  });
});

describe('weapon: clip rules, ADS', () => {
  it('clip_decrement_on_hit: only hits use rounds; clip_reload_on_death: a kill refills the clip', () => {
    const e = engine(one([0, 1.3, -10], { clip_size: 3, clip_decrement_on_hit: true, target_health: 10 }));
    e.step([{ type: 'look', t: 0, dx: 0, dy: -3000 }, { type: 'fire', t: 1, down: true }, { type: 'fire', t: 2, down: false }]);
    expect(e.counters()).toMatchObject({ shots: 1, hits: 0 });
    expect(e.counters().clip.remaining).toBe(3); // a miss is free
    e.step([]);
    shootAt(e, 0, 1.3, -10);
    expect(e.counters().clip.remaining).toBe(2);
    const r = engine(one([0, 1.3, -10], { clip_size: 3, clip_reload_on_death: true, target_health: 2 }));
    shootAt(r, 0.2, 1.3, -10);
    expect(r.counters().clip.remaining).toBe(2); // default: every shot uses a round
    shootAt(r, 0.2, 1.3, -10); // kill: no round used, clip refilled
    expect(r.counters()).toMatchObject({ kills: 1 });
    expect(r.counters().clip.remaining).toBe(3);
  });

  it('ADS: the drill zoom while held, its own sensitivity; a zoom below 1 is rejected with a warning', () => {
    const e = createDrillEngine({ drill: drill({ ads_sens: 0.5, config: JSON.stringify({ adsZoom: 2 }) }), seed: 1, settings: SETTINGS });
    expect(e.zoom).toBe(1);
    e.step([{ type: 'ads', t: 0, down: true }, { type: 'look', t: 1, dx: 100, dy: 0 }]);
    expect(e.zoom).toBe(2);
    expect(e.yaw).toBeCloseTo(1.1, 12);
    e.step([{ type: 'ads', t: at(e, 0), down: false }]);
    expect(e.zoom).toBe(1);
    const warned: string[] = [];
    const { parseDrillConfig } = jest.requireActual('../../../src/drill/parseDrillConfig');
    const d = parseDrillConfig({ id: 7, name: 'x', config: JSON.stringify({ adsZoom: 0.5 }), duration: 1000, num_targets: 1, spawn_mode: 'Random' }, { warn: (m: string) => warned.push(m) });
    expect(d.ads.zoom).toBe(1.5);
    expect(warned).toHaveLength(1);
    expect(d.warnings).toEqual(warned);
    expect(warned[0]).toMatch(/ADS zoom/);
    const off = createDrillEngine({ drill: drill({ config: JSON.stringify({ ads: false }) }), seed: 1, settings: { ...SETTINGS, adsSensitivity: 0.5 } });
    off.step([{ type: 'ads', t: 0, down: true }, { type: 'look', t: 1, dx: 100, dy: 0 }]);
    expect(off.zoom).toBe(1);
    expect(off.yaw).toBeCloseTo(2.2, 12);
  });

  it('player movement: none when the drill speed is 0', () => {
    const e = engine({ player_movement_speed: 0 });
    e.step([{ type: 'move', t: 0, mask: 1 | 8 }]);
    expect(e.eye).toEqual({ x: 0, y: 1.3, z: 3.5 });
    const m = engine({ player_movement_speed: 6 });
    m.step([{ type: 'move', t: 0, mask: 8 }]);
    expect(m.eye.x).toBeCloseTo(6 * DT, 12);
  });
});

describe('return to centre', () => {
  const over = one([3, 1.3, -10], { duration: 1000, return_to_centre: true, return_pos: '0,1.3,-40' });

  it('the next target waits for the aim; the wait is added to the remaining time', () => {
    const e = engine(over);
    shootAt(e, 3, 1.3, -10); // kill at t = 2 ms (tick 0)
    expect(e.awaitingReturn).toBe(true);
    expect(targets(e)).toHaveLength(0);
    for (let k = 1; k < 10; k++) e.step([]);
    expect(e.tick).toBe(10);
    expect(targets(e)).toHaveLength(0);
    expect(e.returnPauseMs).toBe(10 * TICK_MS - 2);
    expect(e.remainingMs).toBe(1000 - 10 * TICK_MS + 10 * TICK_MS - 2); // frozen at 998
    e.step([{ type: 'look', t: at(e, 1), dx: -e.yaw / 0.022, dy: 0 }]);
    expect(e.awaitingReturn).toBe(false);
    expect(targets(e)).toHaveLength(1);
    expect(e.returnPauseMs).toBe(11 * TICK_MS - 2);
    expect(e.durationTicks).toBe(Math.ceil((1000 + 11 * TICK_MS - 2) / TICK_MS));
    expect(e.remainingMs).toBe(1000 - 11 * TICK_MS + 11 * TICK_MS - 2);
    e.advanceTo(5000, []);
    expect(e.finished).toBe(true);
    expect(e.tick).toBe(75);
    expect(e.counters().totalTime).toBe(1000 + 11 * TICK_MS - 2);
  });

  it('replayRun runs the lengthened round tick for tick', () => {
    const e = engine(over);
    shootAt(e, 3, 1.3, -10);
    e.advanceTo(300, []);
    e.step([{ type: 'look', t: at(e, 1), dx: -e.yaw / 0.022, dy: 0 }]);
    const live: number[] = [];
    while (!e.finished) { e.step([]); live.push(e.stateHash()); }
    const r = replayRun({ drill: e.drill, seed: 1, settings: SETTINGS }, e.inputLog());
    expect(r.hashes.length).toBe(e.tick);
    expect(r.hashes[r.hashes.length - 1]).toBe(live[live.length - 1]);
    expect(r.engine.returnPauseMs).toBe(e.returnPauseMs);
  });

  it('config returnAngle: the aim must come within that angle of the centre (default 3°)', () => {
    // after the kill the aim turns back to 2° right of the centre
    const backTo2deg = (e: ReturnType<typeof engine>) => {
      shootAt(e, 3, 1.3, -10);
      e.step([{ type: 'look', t: at(e, 1), dx: (2 - e.yaw) / 0.022, dy: e.pitch / 0.022 }]);
    };
    expect(drill(over).returnAngleDeg).toBe(3);
    const loose = engine(over);
    backTo2deg(loose);
    expect(loose.awaitingReturn).toBe(false); // 2° is inside the default 3°
    expect(targets(loose)).toHaveLength(1);

    const tight = engine(one([3, 1.3, -10], { duration: 1000, return_to_centre: true, return_pos: '0,1.3,-40' }, { returnAngle: 1 }));
    expect(tight.drill.returnAngleDeg).toBe(1);
    backTo2deg(tight);
    expect(tight.awaitingReturn).toBe(true); // 2° is outside 1°: the next target waits
    expect(targets(tight)).toHaveLength(0);
    tight.step([{ type: 'look', t: at(tight, 1), dx: (0.5 - tight.yaw) / 0.022, dy: 0 }]);
    expect(tight.awaitingReturn).toBe(false); // 0.5° is inside
    expect(targets(tight)).toHaveLength(1);
  });

  it('is off with priority modes', () => {
    expect(drill({ ...over, priority_target: true }).returnToCentre).toBe(false);
    expect(drill({ ...over, special_mode: 'priority' }).returnToCentre).toBe(false);
  });
});

describe('priority targets', () => {
  it("priority game mode: while a priority target lives, hits on the others deal no damage", () => {
    const e = engine({ num_targets: 2, spawn_mode: 'Original', special_mode: 'priority', weapon_fire_rate: 1000, target_health: 2,
      config: JSON.stringify({ spawnOrder: 'order', positions: [[-2, 1.3, -10], [2, 1.3, -10]] }) });
    expect(e.drill).toMatchObject({ priorityTarget: true, numPriorityTargets: 1 });
    const ts = targets(e);
    expect(ts.map((t) => t.priority)).toEqual([true, false]);
    shootAt(e, 2, 1.3, -10); // the normal one: a hit, 0 damage
    expect(e.counters()).toMatchObject({ hits: 0, blocked: 1, damage: 0 }); // blocked (issue 35): not a hit
    expect(targets(e).find((t) => t.x === 2)!.health).toBe(2);
  });

  it('a targets list spawns its isPriority entries first (priority-target-first); priority mode overrides it', () => {
    const cfg = { spawnOrder: 'order', targets: [{ properties: {} }, { properties: { isPriority: true } }, { properties: {} }] };
    const e = engine({ num_targets: 3, config: JSON.stringify(cfg) });
    expect(targets(e).map((t) => t.priority)).toEqual([true, false, false]);
    const p = engine({ num_targets: 3, priority_target: true, numPriorityTargets: 2, config: JSON.stringify(cfg) });
    expect(targets(p).map((t) => t.priority)).toEqual([true, true, false]);
  });
});

describe('game modes and hooks', () => {
  it('elimination: no refills, the round ends when the last target falls', () => {
    const e = engine({ num_targets: 2, special_mode: 'elimination', weapon_fire_rate: 1000 });
    for (let k = 0; k < 2; k++) { const t = targets(e)[0]; shootAt(e, t.x, t.y, t.z); }
    expect(e.finished).toBe(true);
    expect(e.tick).toBe(2);
    expect(e.counters()).toMatchObject({ kills: 2, spawns: 2 });
  });

  it('sudden_death: the first miss ends the round', () => {
    const e = engine({ special_mode: 'sudden_death' });
    e.step([]);
    e.step([{ type: 'look', t: at(e, 0), dx: 0, dy: -3000 }, { type: 'fire', t: at(e, 1), down: true }]);
    expect(e.finished).toBe(true);
    expect(e.tick).toBe(2);
  });

  it('an unknown or non-function hook is a TypeError at registration (issue 34: no silent ignore)', () => {
    const bad = { description: 'test', hooks: { hit: () => 1, explode: () => undefined } };
    // @ts-expect-error 'explode' is not a game-mode hook
    expect(() => registerGameMode('test_bad', { description: 'test', hooks: { explode: () => undefined } })).toThrow(TypeError);
    expect(() => registerGameMode('test_bad', bad as never)).toThrow("game mode 'test_bad': unknown hook 'explode'");
    expect(() => registerGameMode('test_bad', { description: 'test', hooks: { miss: 3 as never } })).toThrow("hook 'miss' is not a function");
    expect(() => drill({ special_mode: 'test_bad' })).toThrow(expect.objectContaining({ field: 'special_mode' }));
  });

  it('runs hit, miss, death, spawn and after-shot hooks', () => {
    const calls: string[] = [];
    registerGameMode('test_hooks', {
      description: 'test',
      hooks: {
        hit: (_w: unknown, _e: number, dmg: number) => { calls.push('hit'); return dmg * 3; },
        miss: () => calls.push('miss'),
        death: (_w: unknown, _e: number, reason: string) => calls.push(`death:${reason}`),
        spawn: () => calls.push('spawn'),
        'after-shot': (_w: unknown, _t: number, eid: number, killed: boolean) => calls.push(`after:${eid >= 0}:${killed}`),
      },
    });
    const logged: string[] = [];
    const e = createDrillEngine({ drill: drill(one([0, 1.3, -10], { special_mode: 'test_hooks', target_health: 3 }, { critCore: true })), seed: 1, settings: SETTINGS, logger: (m) => logged.push(m) });
    expect(logged).toEqual([]);
    expect(e.gameMode).toBe('test_hooks');
    shootAt(e, 0, 1.3, -10); // a centre (crit) hit: 1 x 3 damage kills
    e.step([{ type: 'look', t: at(e, 0), dx: 0, dy: -3000 }, { type: 'fire', t: at(e, 1), down: true }]);
    expect(calls).toEqual(['spawn', 'hit', 'death:playerKilledCrit', 'after:true:true', 'spawn', 'miss', 'after:false:false']);
    expect(e.counters().damage).toBe(3);
  });

  it('an unknown game mode, movement pattern, grow mode or model is a DrillConfigError naming the field', () => {
    expect(() => drill({ special_mode: 'nope' })).toThrow(expect.objectContaining({ field: 'special_mode' }));
    expect(() => drill({ movement_pattern: 'zigzag' })).toThrow(expect.objectContaining({ field: 'movement_pattern' }));
    expect(() => drill({ target_grow_mode: 'pulse', target_lifetime: 1000 })).toThrow(expect.objectContaining({ field: 'target_grow_mode' }));
    expect(() => drill({ target_model: 'cube' })).toThrow(expect.objectContaining({ field: 'target_model' }));
  });
});

describe('dynamic target setting and initial aim', () => {
  it("'size': each kill makes the next target one step smaller, each time-out one step bigger", () => {
    const e = engine(one([0, 1.3, -10], { target_size: 0.4, target_lifetime: 500, dynamic_target_setting_enabled: true },
      { dynamic_target_setting_type: 'size', dynamic_target_setting_min: 0.2, dynamic_target_setting_max: 0.5, dynamic_target_setting_step: 0.125 }));
    shootAt(e, 0, 1.3, -10);
    expect(targets(e)[0].radius).toBe(0.275);
    shootAt(e, 0, 1.3, -10);
    expect(targets(e)[0].radius).toBe(0.2); // clamped at min
    e.advanceTo(e.tick * TICK_MS + 600, []); // times out
    expect(targets(e)[0].radius).toBe(0.325);
  });

  it('config initialPos sets the aim at round start', () => {
    const e = engine({ config: JSON.stringify({ initialPos: [13.5, 1.3, 3.5] }) });
    expect(e.yaw).toBeCloseTo(90, 12);
    expect(e.pitch).toBeCloseTo(0, 12);
  });
});

describe('determinism with the new features', () => {
  it('two runs and a replay of a drill using growth, circles, tags, sparks, return to centre and a dynamic setting agree every tick', () => {
    const over = {
      num_targets: 3, duration: 20000, target_moving: true, target_speed: 2, movement_pattern: 'circle', target_lifetime: 1500,
      target_grow_mode: 'shrink', return_to_centre: true, target_health: 2, health_regenerate_rate: 0.5,
      dynamic_target_setting_enabled: true, weapon_fire_rate: 50,
      config: JSON.stringify({ minSize: 0.2, maxSize: 0.5, dynamic_target_setting_type: 'lifetime' }),
    };
    const run = () => {
      const e = createDrillEngine({ drill: drill(over), seed: 77, settings: SETTINGS, despawnAnimation: 'explode' });
      const hashes: number[] = [];
      let sparks = 0;
      for (let k = 0; k < 1200 && !e.finished; k++) {
        const t = targets(e)[0];
        if (k % 7 === 3 && t) shootAt(e, t.x, t.y, t.z);
        else if (k % 7 === 5) e.step([{ type: 'look', t: at(e, 0), dx: -e.yaw / 0.022, dy: -e.pitch / -0.022 }]);
        else e.step([]);
        e.forEachSpark(() => sparks++);
        hashes.push(e.stateHash());
      }
      return { e, hashes, sparks };
    };
    const a = run(), b = run();
    expect(a.hashes).toEqual(b.hashes);
    expect(a.e.counters().kills).toBeGreaterThan(20);
    expect(a.sparks).toBeGreaterThan(0);
    expect(a.e.returnPauseMs).toBeGreaterThan(0);
    const r = replayRun({ drill: a.e.drill, seed: 77, settings: SETTINGS, despawnAnimation: 'explode' }, a.e.inputLog(), 1200 * TICK_MS);
    expect(Array.from(r.hashes)).toEqual(a.hashes);
  });
});
