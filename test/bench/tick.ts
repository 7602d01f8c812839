/**
 * `tick` benchmark (shared/reference/benchmarks.md): our real ECS pipeline (`createGameWorld` +
 * `tick`, src/ecs) on a seeded drill with N = 1, 10, 100, 1000, 10000 moving targets, one shot per
 * tick (a flick onto a chosen live target, then a click: one kill per tick) and about 1 % of the
 * targets timing out and respawning per tick (lifetime 100 ticks, staggered), against the same
 * rules as a plain object-per-target loop (reference/plainTick.ts), interleaved.
 */
import type { InputEvent } from '../../src/contracts/engine';
import type { DrillConfig } from '../../src/contracts/drillConfig';
import { TICK_MS } from '../../src/contracts/constants';
import { createGameWorld, f64Push, type GameWorld } from '../../src/ecs/world';
import { tick } from '../../src/ecs/pipeline';
import { catalogueDrill } from './scriptedRun';
import { interleave, type AbResult } from './harness';
import { PlainWorld, type PlainEvent } from './reference/plainTick';

/** Lifetime of a benchmark target: 100 ticks, so ~1 % of the field times out per tick. */
export const LIFETIME_TICKS = 100;

/** The benchmark drill for `n` targets: a wall sized for ~10 % occupancy, moving targets
 * (2 m/s), lifetime 100 ticks, refilled at once, a 1000 shots/s semi-automatic weapon. */
export function benchDrill(n: number): DrillConfig {
  return catalogueDrill(134, {
    num_targets: n,
    spawn_mode: 'Wall2D', // unknown mode = 2D random on the wall (spec section 4)
    position_mode: 'Random',
    position_max_dist: Math.max(5, 2 * Math.sqrt(n)),
    target_size: 0.3,
    target_moving: true,
    target_speed: 2,
    target_lifetime: LIFETIME_TICKS * TICK_MS,
    time_between_targets: 0,
    weapon_fire_rate: 1000,
    weapon_automatic: false,
    duration: 1e9,
  });
}

/** Tiny seeded PRNG for the harness (not the engine's). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
}

const ALIVE = 1;

/** An ECS world for the benchmark, its N targets spawned and their lifetimes staggered. */
export function ecsSetup(n: number, seed: number): GameWorld {
  const drill = benchDrill(n);
  const w = createGameWorld({
    drill, seed, settings: { sensitivity: 1, sensitivityY: null, invertY: false },
    recordEvents: false, recordInputLog: false, trackBullets: false,
  });
  for (let i = 0; i < n; i++) f64Push(w.spawner.pending, 0);
  tick(w, []);
  const r = lcg(seed ^ 0xabcdef);
  const st = w.c.Target.state, exp = w.c.Lifetime.expireMs, sp = w.c.Target.spawnMs;
  for (const e of w.qTargets.dense) if (st[e] === ALIVE) exp[e] = sp[e] + 1 + r() * (drill.target.lifetimeMs - 1);
  return w;
}

/** A reference world on the same drill, area and seed. */
export function plainSetup(n: number, seed: number, w: GameWorld): PlainWorld {
  const d = w.drill;
  const p = new PlainWorld({
    seed, numTargets: n, radius: w.area.radius, health: d.target.health, speed: d.target.speed, moving: d.target.moving,
    lifetimeMs: d.target.lifetimeMs, refillMs: d.timeBetweenTargetsMs, despawnMs: w.despawnMs, fireRate: d.weapon.fireRate,
    degPerCountX: w.degPerCountX, degPerCountY: w.degPerCountY, eye: { ...w.eye }, area: { ...w.area },
  });
  p.step([]);
  const r = lcg(seed ^ 0xabcdef);
  for (const t of p.live) t.expireMs = t.spawnMs + 1 + r() * (d.target.lifetimeMs - 1);
  return p;
}

function aimCounts(eye: { x: number; y: number; z: number }, x: number, y: number, z: number, yaw: number, pitch: number, dpcX: number, dpcY: number) {
  const dx = x - eye.x, dy = y - eye.y, dz = z - eye.z;
  let ty = (Math.atan2(dx, -dz) * 180) / Math.PI;
  while (ty - yaw > 180) ty -= 360;
  while (ty - yaw < -180) ty += 360;
  const tp = (Math.atan2(dy, Math.hypot(dx, dz)) * 180) / Math.PI;
  return { cx: (ty - yaw) / dpcX, cy: (tp - pitch) / dpcY };
}

/** The ECS side: `ticks` timed ticks, each with a flick + click on the next live target.
 * `step` replaces the pipeline's `tick` (the gc benchmark's empty loop passes a no-op). */
export function runEcs(
  w: GameWorld, ticks: number, samples: number[] | null,
  step: (w: GameWorld, evs: readonly InputEvent[]) => void = tick,
): void {
  const st = w.c.Target.state;
  const T = w.c.Transform;
  let cursor = 0;
  const evs: InputEvent[] = [
    { type: 'look', t: 0, dx: 0, dy: 0 }, { type: 'fire', t: 0, down: true }, { type: 'fire', t: 0, down: false },
  ];
  for (let i = 0; i < ticks; i++) {
    const lo = w.tick * TICK_MS;
    const dense = w.qTargets.dense;
    let e = -1;
    for (let k = 0; k < dense.length; k++) {
      const c = dense[(cursor + k) % dense.length];
      if (st[c] === ALIVE) { e = c; cursor = (cursor + k + 1) % dense.length; break; }
    }
    const look = evs[0] as Extract<InputEvent, { type: 'look' }>;
    if (e >= 0) {
      const a = aimCounts(w.eye, T.x[e], T.y[e], T.z[e], w.yaw, w.pitch, w.degPerCountX, w.degPerCountY);
      look.dx = a.cx; look.dy = a.cy;
    } else { look.dx = 0; look.dy = 0; }
    look.t = lo + 1; evs[1].t = lo + 2; evs[2].t = lo + 3;
    if (samples) {
      const t0 = performance.now();
      step(w, evs);
      samples.push(performance.now() - t0);
    } else step(w, evs);
  }
}

/** The reference side, same input script. */
export function runPlain(p: PlainWorld, ticks: number, samples: number[] | null): void {
  let cursor = 0;
  for (let i = 0; i < ticks; i++) {
    const lo = p.tick * TICK_MS;
    const evs: PlainEvent[] = [];
    if (p.live.length > 0) {
      const t = p.live[cursor++ % p.live.length];
      const a = aimCounts(p.cfg.eye, t.x, t.y, t.z, p.yaw, p.pitch, p.cfg.degPerCountX, p.cfg.degPerCountY);
      evs.push({ type: 'look', t: lo + 1, dx: a.cx, dy: a.cy });
    }
    evs.push({ type: 'fire', t: lo + 2, down: true }, { type: 'fire', t: lo + 3, down: false });
    if (samples) {
      const t0 = performance.now();
      p.step(evs);
      samples.push(performance.now() - t0);
    } else p.step(evs);
  }
}

/** Result of one N. */
export interface TickBenchRow extends AbResult {
  n: number;
  ticksPerRound: number;
  rounds: number;
  /** kills, timeouts and spawns per tick over the sampled run, ECS and reference */
  ecsPerTick: { kills: number; spawns: number; shots: number; hits: number };
  plainPerTick: { kills: number; spawns: number; shots: number; hits: number };
}

/** Runs the benchmark for one N. */
export function tickBench(n: number, rounds = 7, warmupTicks = 2000, seed = 20331): TickBenchRow {
  const w = ecsSetup(n, seed);
  const p = plainSetup(n, seed, w);
  const ticksPerRound = n >= 10000 ? 300 : n >= 1000 ? 1000 : 2000;
  let c0 = { ...w.counters }, p0 = { ...p.counters }, t0 = 0;
  const res = interleave(
    { name: 'ecs', run: (s) => runEcs(w, ticksPerRound, s) },
    { name: 'plain', run: (s) => runPlain(p, ticksPerRound, s) },
    rounds,
    () => {
      runEcs(w, warmupTicks, null);
      runPlain(p, warmupTicks, null);
      c0 = { ...w.counters }; p0 = { ...p.counters }; t0 = rounds * ticksPerRound;
    },
  );
  const c = w.counters, pc = p.counters;
  return {
    ...res, n, ticksPerRound, rounds,
    ecsPerTick: { kills: (c.kills - c0.kills) / t0, spawns: (c.spawns - c0.spawns) / t0, shots: (c.shots - c0.shots) / t0, hits: (c.hits - c0.hits) / t0 },
    plainPerTick: { kills: (pc.kills - p0.kills) / t0, spawns: (pc.spawns - p0.spawns) / t0, shots: (pc.shots - p0.shots) / t0, hits: (pc.hits - p0.hits) / t0 },
  };
}
