/**
 * A scripted player for replay tests and benchmarks: drives a real drill engine tick by tick
 * with a deterministic input log (no Math.random): a burst of small "hand jitter" look events
 * every tick (like a 1 kHz mouse), and every `shotEveryTicks` ticks a flick onto the first live
 * target (whole counts) followed by a click; every `missEvery`-th shot is thrown off on purpose.
 * An automatic weapon holds the trigger between flicks instead of clicking.
 */
import type { DrillEngine, EngineSettings, InputEvent } from '../../src/contracts/engine';
import type { DrillConfig } from '../../src/contracts/drillConfig';
import type { GameConfigResponse } from '../../src/contracts/gameConfig';
import { TICK_MS, YAW_DEG_PER_COUNT } from '../../src/contracts/constants';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { parseDrillConfig } from '../../src/drill/parseDrillConfig';
import { createDrillEngine } from '../../src/ecs/engine';
import { advanceSampled } from '../../src/game/submission';
import { quantizeEventTime } from '../../src/contracts/replayCodec';

/** The catalogue drill `id` parsed the way the server parses its stored copy, with `over`
 * replacing catalogue fields (e.g. a longer `duration`). */
export function catalogueDrill(id: number, over: Record<string, unknown> = {}): DrillConfig {
  const entry = DRILL_CATALOGUE.find((d) => Number(d.id) === id);
  if (!entry) throw new Error(`no catalogue drill ${id}`);
  const { category: _category, ...fields } = entry as Record<string, unknown>;
  return parseDrillConfig({ ...fields, ...over } as unknown as GameConfigResponse);
}

/** Options of `scriptedRun`. */
export interface ScriptOptions {
  seed: number;
  settings: EngineSettings;
  /** look events per tick (hand jitter, +-1 count); 16 ~ a 1 kHz mouse; default 4 */
  lookEventsPerTick?: number;
  /** ticks between two flicks + clicks; default 12 */
  shotEveryTicks?: number;
  /** every n-th shot misses on purpose; default 4 */
  missEvery?: number;
  /** despawn animation, ms (default 200) */
  despawnAnimationMs?: number;
  /** drive the engine through `advanceSampled` (the game loop's path) in chunks of this many
   * ticks, instead of `step` per tick; 0 = `step` (default) */
  frameTicks?: number;
  /** called after each tick (step mode) or chunk (frame mode) */
  onTick?: (engine: DrillEngine) => void;
  /** events as the browser's recorder makes them: times on the 1/16 ms grid
   * (`quantizeEventTime`, src/contracts/replayCodec.ts) and counts that are never -0
   * (`movementX || 0`); default false (times with many fraction bits, -0 counts) */
  browserLike?: boolean;
}

/** A small deterministic PRNG for the script (xorshift32). */
function scriptRng(seed: number): () => number {
  let x = (seed ^ 0x9e3779b9) >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x / 4294967296;
  };
}

/** The input events of tick `k` for the engine as it is now (see the module comment). */
function eventsForTick(engine: DrillEngine, k: number, o: Required<Omit<ScriptOptions, 'onTick'>>, rnd: () => number, shotNo: { n: number }): InputEvent[] {
  const lo = k * TICK_MS;
  const out: InputEvent[] = [];
  for (let j = 0; j < o.lookEventsPerTick; j++) {
    const t = lo + (j + 0.37) * (TICK_MS / o.lookEventsPerTick);
    out.push({ type: 'look', t, dx: Math.round(rnd() * 2 - 1), dy: Math.round(rnd() * 2 - 1) });
  }
  const auto = engine.drill.weapon.automatic;
  if (k % o.shotEveryTicks === 3) {
    let tx = 0, ty = 0, tz = 0, found = false;
    engine.forEachTarget((t) => {
      if (found || t.despawn >= 0) return;
      tx = t.x; ty = t.y; tz = t.z; found = true;
    });
    if (found) {
      const e = engine.eye;
      const dx = tx - e.x, dy = ty - e.y, dz = tz - e.z;
      let yaw = (Math.atan2(dx, -dz) * 180) / Math.PI;
      while (yaw - engine.yaw > 180) yaw -= 360;
      while (yaw - engine.yaw < -180) yaw += 360;
      const pitch = (Math.atan2(dy, Math.hypot(dx, dz)) * 180) / Math.PI;
      const s = o.settings;
      const dpcX = s.sensitivity * YAW_DEG_PER_COUNT;
      const dpcY = -(s.sensitivityY ?? s.sensitivity) * YAW_DEG_PER_COUNT * (s.invertY ? -1 : 1);
      shotNo.n++;
      const off = o.missEvery > 0 && shotNo.n % o.missEvery === 0 ? 400 : 0;
      out.push({ type: 'look', t: lo + 2.2 + rnd(), dx: Math.round((yaw - engine.yaw) / dpcX) + off, dy: Math.round((pitch - engine.pitch) / dpcY) });
      out.push({ type: 'fire', t: lo + 7.3 + rnd(), down: true });
      if (!auto) out.push({ type: 'fire', t: lo + 11.1 + rnd(), down: false });
    }
  } else if (auto && k % o.shotEveryTicks === 8) {
    out.push({ type: 'fire', t: lo + 5.5 + rnd(), down: false });
  }
  if (o.browserLike) {
    for (const e of out) {
      e.t = quantizeEventTime(e.t);
      if (e.type === 'look') { e.dx = e.dx || 0; e.dy = e.dy || 0; }
    }
  }
  out.sort((a, b) => a.t - b.t);
  return out;
}

/**
 * Plays a whole round of `drill` with the scripted player and returns the finished engine
 * (its input log holds every event). Deterministic for a given drill, seed and options.
 */
export function scriptedRun(drill: DrillConfig, opts: ScriptOptions): DrillEngine {
  const o = {
    seed: opts.seed, settings: opts.settings, lookEventsPerTick: opts.lookEventsPerTick ?? 4,
    shotEveryTicks: opts.shotEveryTicks ?? 12, missEvery: opts.missEvery ?? 4,
    despawnAnimationMs: opts.despawnAnimationMs ?? 200, frameTicks: opts.frameTicks ?? 0,
    browserLike: opts.browserLike ?? false,
  };
  const engine = createDrillEngine({ drill, seed: opts.seed, settings: opts.settings, despawnAnimationMs: o.despawnAnimationMs });
  const rnd = scriptRng(opts.seed);
  const shotNo = { n: 0 };
  if (o.frameTicks <= 0) {
    while (!engine.finished) {
      engine.step(eventsForTick(engine, engine.tick, o, rnd, shotNo));
      opts.onTick?.(engine);
    }
    return engine;
  }
  // game-loop path: a "frame" hands the events of its ticks to advanceSampled at once (the
  // script sees the engine as of the frame's start, like a player who sees the last frame)
  while (!engine.finished) {
    const start = engine.tick;
    const end = Math.min(start + o.frameTicks, engine.durationTicks);
    const evs: InputEvent[] = [];
    for (let k = start; k < end; k++) evs.push(...eventsForTick(engine, k, o, rnd, shotNo));
    advanceSampled(engine, end * TICK_MS, evs);
    opts.onTick?.(engine);
  }
  return engine;
}
