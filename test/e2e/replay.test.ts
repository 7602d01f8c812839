/**
 * Replay across JavaScript engines (issue 3): the same input log in Chromium and in Node gives
 * the same state hash after every tick.
 * 1. Drill 2033 is played in the real browser with real mouse input (as in play.test.ts). The
 *    submission the page POSTs is captured (its replay: the live input log, the state hash the
 *    frame loop sampled every 64th tick, the final hash) and the live run's hash after every
 *    tick is collected through the test-only sink of `advanceSampled`. Then:
 *    - the log replayed in Chromium (the engine bundled into a blank page) gives the live run's
 *      hash after every one of the 512 ticks;
 *    - the log replayed in Node resolves every shot identically (tick, time, hit, crit, kill,
 *      target, aim), gives the same stats, the same hash after every tick as the live run, and
 *      the server stored the run verified.
 * 2. Scripted runs of >= 10 240 ticks recorded in Node replay INSIDE Chromium with the same hash
 *    after every tick: drill 134 (180 s, still targets) and three drills whose state goes
 *    through trigonometry all the time (143 moving targets, 148 ring placement, 161 circle
 *    movement; 160 s each).
 * 3. 20 seeded scripted runs of drill 2033 (relative placement: every spawn goes through
 *    cos / sin of a random angle) recorded in Node replay in Chromium with the same hash after
 *    every tick. Until engine 'ecs-2' this was a KNOWN ISSUE pinned with `test.failing` (9 of 20
 *    runs diverged): Chromium 156 and Node 20 round Math.sin / cos / atan2 / exp / log / pow
 *    differently in the last bit for a few % of arguments (different libm ports in the two V8
 *    versions). The engine now uses src/ecs/detMath.ts (fdlibm kernels from + - * / and sqrt,
 *    the same bits everywhere), and test/unit/ecs/purity.test.ts keeps engine-dependent Math
 *    out of everything the engine imports.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Request } from 'playwright-core';
import { build } from 'esbuild';
import type { EngineSettings } from '../../src/contracts/engine';
import {
  encodeInputLog, REPLAY_HASH_EVERY, replayInputLog, type PerformanceSubmission, type ReplayData,
} from '../../src/contracts/performance';
import type { GameConfigResponse } from '../../src/contracts/gameConfig';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { parseDrillConfig } from '../../src/drill/parseDrillConfig';
import { createDrillEngine } from '../../src/ecs/engine';
import { TICK_MS } from '../../src/contracts/constants';
import { buildGameData, decodeTargetsDestroyed } from '../../src/metrics/scoring';
import { simulateReplay } from '../../src/server/replay';
import { drillFromRow } from '../../src/server/drills';
import type { DB } from '../../src/server/db';
import { catalogueDrill, scriptedRun } from '../bench/scriptedRun';
import { clickToStart, newPage, useE2eSuite, pageErrors } from './harness';

jest.setTimeout(60_000);

const suite = useE2eSuite();

interface DebugState {
  aim: { yaw: number; pitch: number };
  dpc: { x: number; y: number };
  targets: Array<{ eid: number; yaw: number; pitch: number }>;
  finished: boolean;
}

test('drill 2033 played in Chromium with real mouse input: replayed in Chromium and in Node from its log', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const posted: PerformanceSubmission[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/v1/performance')) posted.push(req.postDataJSON());
  });
  const liveHashes: number[] = [];
  await page.exposeFunction('__aimTickHashSink', (k: number, h: number) => { liveHashes[k] = h; });
  await page.addInitScript(() => {
    (globalThis as any).__aimTickHashes = new Proxy([], {
      set(t: any, k: any, v: any) {
        t[k] = v;
        if (k !== 'length') (globalThis as any).__aimTickHashSink(Number(k), v);
        return true;
      },
    });
  });
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  let { x: mx, y: my } = await clickToStart(page, { pointerLock: false });

  const read = (): Promise<DebugState> =>
    page.evaluate(() => {
      const d = (window as any).__aimDebug;
      // the hook goes away with the game when the page moves on to the drill summary
      if (!d) return { aim: { yaw: 0, pitch: 0 }, dpc: { x: 1, y: 1 }, targets: [], finished: true };
      return { aim: d.aim(), dpc: d.degPerCount(), targets: d.targets(), finished: d.finished() };
    });
  let clicks = 0;
  for (let s = await read(); !s.finished; s = await read()) {
    if (s.targets.length === 0) {
      await page.waitForTimeout(20);
      continue;
    }
    // every third shot is thrown off on purpose, so the log holds misses too: it is aimed 25
    // degrees off the first target, on the side farthest from every target (a fixed 60-count
    // offset once landed on another target in CI: 15 shots, 15 hits)
    let aim = { yaw: s.targets[0].yaw, pitch: s.targets[0].pitch };
    if (clicks % 3 === 2) {
      const gap = (a: { yaw: number; pitch: number }) =>
        Math.min(...s.targets.map((o) => Math.hypot(o.yaw - a.yaw, o.pitch - a.pitch)));
      const sides = [[25, 0], [-25, 0], [0, 25], [0, -25], [18, 18], [-18, 18], [18, -18], [-18, -18]]
        .map(([dy, dp]) => ({ yaw: aim.yaw + dy, pitch: Math.max(-80, Math.min(80, aim.pitch + dp)) }));
      aim = sides.reduce((best, c) => (gap(c) > gap(best) ? c : best));
    }
    mx += Math.round((aim.yaw - s.aim.yaw) / s.dpc.x);
    my += Math.round((aim.pitch - s.aim.pitch) / s.dpc.y);
    await page.mouse.move(mx, my, { steps: 4 });
    await page.mouse.down();
    await page.mouse.up();
    clicks++;
    await page.waitForTimeout(40);
  }
  await page.waitForURL(/\/app\/#\/drill-summary\?run=\d+/, { timeout: 30_000 });
  const runId = Number(new URL(page.url().replace('#/', '')).searchParams.get('run'));

  expect(posted).toHaveLength(1);
  const body = posted[0];
  const replay = body.replay as ReplayData;
  expect(replay).toBeDefined();
  // the binary log (engine ecs-3), every time on the recorder's 1/16 ms grid
  expect(typeof replay.input_log_b64).toBe('string');
  const log = replayInputLog(replay);
  expect(log.length).toBeGreaterThan(clicks * 2);
  expect(log.every((e) => Number.isInteger(e.t * 16))).toBe(true);
  expect(replay.tick_hashes_sample).toHaveLength(512 / REPLAY_HASH_EVERY);

  // the drill as the server stores it (what the server re-simulates)
  const db = new Database(suite.server.databaseFile, { readonly: true });
  const drillRow = db.prepare('SELECT * FROM drills WHERE id = 2033').get() as DB['drills'];
  const row = db.prepare(
    `SELECT p.targets_destroyed, p.hits, p.shots, p.accuracy, p.time_destroy, p.ranked, t.seed AS ticket_seed, r.verified, r.detail
       FROM performances p LEFT JOIN performance_replays r ON r.performance_id = p.id
       LEFT JOIN run_tickets t ON t.id = p.run_id WHERE p.id = ?`,
  ).get(runId) as Record<string, number | string | null>;
  db.close();
  const drill = parseDrillConfig(drillFromRow(drillRow).fields as unknown as GameConfigResponse);

  // Node replay of the browser's log: sampled hashes (every 64th tick) and the final hash
  const opts = { drill, seed: replay.seed, settings: replay.settings, despawnAnimationMs: replay.despawn_ms };

  // 1. the live run itself: its per-tick hashes (test-only sink, see advanceSampled) match the
  //    samples it submitted
  expect(liveHashes).toHaveLength(512);
  expect(replay.tick_hashes_sample).toEqual(replay.tick_hashes_sample!.map((_h, i) => liveHashes[(i + 1) * REPLAY_HASH_EVERY - 1]));
  expect(liveHashes[511]).toBe(replay.final_hash);

  // 2. the log replayed in Chromium (the engine bundled into a fresh page): every tick's hash
  //    equals the live run's
  const inPage = await replayInChromium({ ...drillFromRow(drillRow).fields }, replay.seed, replay.settings, encodeInputLog(log), replay.despawn_ms);
  expect(firstMismatch(inPage.hashes, liveHashes)).toEqual({ mismatches: 0, first: -1 });

  // 3. the log replayed in Node: the same run (every shot resolved the same, same stats, the
  //    server verified it) ...
  const node = createDrillEngine({ ...opts, trackBullets: true, recordEvents: false, recordInputLog: false });
  const nodeHashes: number[] = [];
  for (let li = 0; !node.finished;) {
    const hi = (node.tick + 1) * TICK_MS;
    const buf = [];
    while (li < log.length && log[li].t < hi) buf.push(log[li++]);
    node.step(buf);
    nodeHashes.push(node.stateHash());
  }
  const strip = (b: Record<string, unknown>) => ({ tick: b.tick, t_ms: b.t_ms, hit: b.hit, crit: b.crit, killed: b.killed, yaw: b.yaw, pitch: b.pitch, target: b.target });
  expect(node.bullets().map(strip)).toEqual(body.bulletData.map(strip));
  const gd = buildGameData(node, { viewportWidth: 0, viewportHeight: 0, fov: 103, fovType: 'h', sensitivity: 1, frameRate: 0 }).gameData;
  for (const k of ['targets_destroyed', 'hits', 'shots', 'accuracy', 'time_destroy', 'crit_hit', 'damage'] as const) expect([k, gd[k]]).toEqual([k, body.gameData[k]]);
  expect(row).toMatchObject({ targets_destroyed: decodeTargetsDestroyed(gd.targets_destroyed), hits: gd.hits, shots: gd.shots, verified: 1 });
  // issue 14: the run used the server's seed (its ticket's) and is ranked
  expect(row).toMatchObject({ ticket_seed: replay.seed, ranked: 1 });
  expect(gd.hits).toBeGreaterThan(0);
  expect(gd.shots).toBeGreaterThan(gd.hits);

  // ... and the same state hash after every tick (deterministic maths, src/ecs/detMath.ts),
  // sampled and final hashes included (what the server compares)
  expect(firstMismatch(nodeHashes, liveHashes)).toEqual({ mismatches: 0, first: -1 });
  const sim = simulateReplay(drill, replay, log);
  expect(sim.sampled).toEqual(replay.tick_hashes_sample);
  expect(sim.engine.stateHash()).toBe(replay.final_hash);
  expect(JSON.parse(String(row.detail))).toMatchObject({ firstHashMismatch: -1, finalHashEqual: true });
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

/** Number of indices where `a` and `b` differ, and the first one (-1 = none); lengths must match. */
function firstMismatch(a: readonly number[], b: readonly number[]): { mismatches: number; first: number } {
  expect(a.length).toBe(b.length);
  let mismatches = 0, first = -1;
  for (let k = 0; k < a.length; k++) {
    if (a[k] !== b[k]) {
      mismatches++;
      if (first < 0) first = k;
    }
  }
  return { mismatches, first };
}

let bundleText: string | null = null;
/** The engine (parseDrillConfig + replayRun + the replay codec) bundled for a page, once. */
async function engineBundle(): Promise<string> {
  if (bundleText) return bundleText;
  const bundle = await build({
    stdin: {
      contents: `
        import { parseDrillConfig } from './src/drill/parseDrillConfig';
        import { replayRun } from './src/ecs/replay';
        import { decodeInputLog } from './src/contracts/performance';
        window.__replayInPage = (fields, seed, settings, tuples, despawnMs) => {
          const drill = parseDrillConfig(fields);
          const t0 = performance.now();
          const r = replayRun({ drill, seed, settings, despawnAnimationMs: despawnMs }, decodeInputLog(tuples));
          return { hashes: Array.from(r.hashes), ms: performance.now() - t0 };
        };`,
      resolveDir: path.resolve('.'),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  bundleText = bundle.outputFiles[0].text;
  return bundleText;
}

/** Replays a compact input log inside Chromium (a blank page with the engine bundle); the drill
 * is given as its gameconfig fields and parsed in the page. Per-tick hashes and the time taken. */
async function replayInChromium(
  fields: Record<string, unknown>, seed: number, settings: EngineSettings | ReplayData['settings'],
  tuples: readonly (readonly number[])[], despawnMs = 200,
): Promise<{ hashes: number[]; ms: number }> {
  const { context, page } = await newPage(suite.browser);
  try {
    await page.goto('about:blank');
    await page.addScriptTag({ content: await engineBundle() });
    return (await page.evaluate(
      ([f, s, st, t, d]) => (window as any).__replayInPage(f, s, st, t, d),
      [fields, seed, settings, tuples, despawnMs] as const,
    )) as { hashes: number[]; ms: number };
  } finally {
    await context.close();
  }
}

test.each([
  ['134 Gridshot (still targets), 180 s', 134, 180000],
  ['143 (moving targets: spawn direction from cos / sin), 160 s', 143, 160000],
  ['148 180 Switch (ring placement: cos / sin of the bearing), 160 s', 148, 160000],
  ['161 (circle movement: cos / sin of the phase every tick), 160 s', 161, 160000],
])('%s: recorded in Node (>= 10 240 ticks), replayed in Chromium with identical per-tick hashes', async (_name, id, duration) => {
  const settings: EngineSettings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' };
  const over = { duration };
  const drill = catalogueDrill(id, over);
  const seed = 0x5eed1234;
  const live: number[] = [];
  const engine = scriptedRun(drill, { seed, settings, lookEventsPerTick: 4, onTick: (e) => live.push(e.stateHash()) });
  expect(live.length).toBeGreaterThanOrEqual(10000);
  expect(engine.counters().kills).toBeGreaterThan(0);
  const tuples = encodeInputLog(engine.inputLog());
  const entry = DRILL_CATALOGUE.find((d) => Number(d.id) === id) as Record<string, unknown>;
  const { category: _c, ...fields } = entry;
  const inPage = await replayInChromium({ ...fields, ...over }, seed, settings, tuples);
  expect(firstMismatch(inPage.hashes, live)).toEqual({ mismatches: 0, first: -1 });
  // eslint-disable-next-line no-console
  console.log(`drill ${id}: Chromium replay of ${live.length} ticks (${tuples.length} events): ${inPage.ms.toFixed(1)} ms, 0 hash mismatches`);
});

test('20 scripted runs of drill 2033 (trigonometric relative placement) agree tick by tick in Chromium and Node', async () => {
  const settings: EngineSettings = { sensitivity: 1, sensitivityY: null, invertY: false, inputDevice: 'Mouse' };
  const entry = DRILL_CATALOGUE.find((d) => Number(d.id) === 2033) as Record<string, unknown>;
  const { category: _c, ...fields } = entry;
  const drill = catalogueDrill(2033);
  let total = 0, diverged = 0, ticks = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const live: number[] = [];
    const engine = scriptedRun(drill, { seed, settings, lookEventsPerTick: 2, shotEveryTicks: 16, onTick: (e) => live.push(e.stateHash()) });
    const inPage = await replayInChromium(fields, seed, settings, encodeInputLog(engine.inputLog()));
    const m = firstMismatch(inPage.hashes, live);
    total += m.mismatches;
    ticks += live.length;
    if (m.mismatches > 0) diverged++;
  }
  // eslint-disable-next-line no-console
  console.log(`${diverged}/20 runs of drill 2033 diverge between Chromium and Node (${total} of ${ticks} tick hashes differ)`);
  expect(total).toBe(0);
});
