/**
 * Benchmark `verify` (shared/reference/benchmarks.md; issue 38 item 4): verification capacity and
 * how re-simulation time grows, today's code against the code before this work IN THE SAME RUN,
 * interleaved (before, after, after, before, ...), medians reported.
 *
 * "Before" is the tree of git ref VERIFY_BEFORE_REF (default b6d6402, main when this work
 * started), written by `git archive` into a temporary folder (node_modules linked, nothing of
 * this checkout touched); "after" is this checkout.
 *
 * - capacity: each side's real server (test/bench/serverChild.ts of its own tree: `buildApp`
 *   on a SQLite file, its verification pool with its own thread rule) in a child process;
 *   VERIFY_CLIENTS (default 4) clients post a 60 s run of drill 134 with its replay (1 kHz
 *   mouse, the scripted player of scriptedRun.ts; no ticket, so every one is re-simulated) for
 *   VERIFY_ROUND_S seconds per round, VERIFY_ROUNDS rounds per side. Reports verified runs/s
 *   (answers with `verified: true`), p50 / p99 latency, non-2xx, per round and the median.
 * - growth: in this process, both trees' `verifyReplay` (imported from each tree) on drill-134
 *   runs of 15, 30, 60, 120 and 240 s, interleaved; the median wall and CPU time per length and the
 *   least-squares exponent of time against run length (log-log); and a 60 s run with 300 or
 *   more targets (the scripted player faster: a kill every 9 ticks) and one with 50 targets on
 *   the field (the most a drill allows). Both trees must give the same replayed stats (the
 *   engine's results unchanged), else the bench says so.
 * Absolute numbers are logged, never gated: the goal column says met / not met. Environment:
 * VERIFY_BEFORE_REF, VERIFY_ROUNDS, VERIFY_ROUND_S, VERIFY_CLIENTS, VERIFY_GROWTH_ROUNDS,
 * VERIFY_SKIP_GROWTH=1 (capacity only).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { median, row } from './harness';
import { httpTransport, postAcceptedRun, type PreparedRun, type RunPlayer } from '../server/runHelper';
import { catalogueDrill, scriptedRun } from './scriptedRun';
import { buildGameData } from '../../src/metrics/scoring';
import { buildReplay } from '../../src/game/submission';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import type { EngineSettings } from '../../src/contracts/engine';
import type { GameData, ReplayData } from '../../src/contracts/performance';
import type { StoredDrill } from '../../src/server/drills';
import type { ReplayVerification } from '../../src/server/replay';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BEFORE_REF = process.env.VERIFY_BEFORE_REF ?? 'b6d6402';
const ROUNDS = Number(process.env.VERIFY_ROUNDS ?? 5);
const ROUND_S = Number(process.env.VERIFY_ROUND_S ?? 6);
const CLIENTS = Number(process.env.VERIFY_CLIENTS ?? 4);
const GROWTH_ROUNDS = Number(process.env.VERIFY_GROWTH_ROUNDS ?? 7);
/** VERIFY_SKIP_GROWTH=1: the capacity table only */
const SKIP_GROWTH = process.env.VERIFY_SKIP_GROWTH === '1';
const SETTINGS: EngineSettings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' };

/** The tree of `ref` in a temporary folder with this checkout's node_modules linked. */
function exportTree(ref: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-bench-verify-before-'));
  const tar = execFileSync('git', ['archive', ref], { cwd: ROOT, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'));
  return dir;
}

interface Child { app: string; stop(): Promise<void> }

async function startServer(tree: string, databaseFile: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/serverChild.ts', databaseFile], { cwd: tree, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the benchmark server exited (${code})`)));
  });
  return { app: (JSON.parse(line) as { app: string }).app, async stop() { child.kill('SIGTERM'); await exited; } };
}

/** A finished scripted run of `drill` with its replay, as a client submits it. */
function recordedRun(id: number, over: Record<string, unknown>, shotEveryTicks = 12): PreparedRun & { spawns: number; events: number } {
  const drill = catalogueDrill(id, over);
  const engine = scriptedRun(drill, { seed: 31337, settings: SETTINGS, lookEventsPerTick: 16, browserLike: true, shotEveryTicks });
  const { gameData } = buildGameData(engine, {
    viewportWidth: 1280, viewportHeight: 720, fov: drill.fov, fovType: drill.fovType, sensitivity: SETTINGS.sensitivity, frameRate: 144,
  });
  const replay = buildReplay(engine, SETTINGS, 200);
  return {
    gameData: { ...gameData, game_id: id } as PreparedRun['gameData'], bulletData: engine.bullets() as unknown[], replay,
    spawns: engine.counters().spawns, events: engine.inputLog().length,
  };
}

interface Round { verifiedPerS: number; p50: number; p99: number; non2xx: number; notVerified: number }

async function capacityRound(child: Child, prepared: PreparedRun, seconds: number): Promise<Round> {
  const transport = httpTransport(child.app, 60_000);
  const lat: number[] = [];
  let verified = 0, non2xx = 0, notVerified = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    const player: RunPlayer = {};
    while (performance.now() < end) {
      const t0 = performance.now();
      const r = await postAcceptedRun(transport, player, { drillId: 134, prepared });
      lat.push(performance.now() - t0);
      if (r.statusCode < 200 || r.statusCode >= 300) non2xx++;
      else if ((r.json as { verified?: unknown }).verified === true) verified++;
      else notVerified++;
    }
  }));
  transport.close();
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * (lat.length - 1) + 0.5))] ?? 0;
  return { verifiedPerS: verified / seconds, p50: q(0.5), p99: q(0.99), non2xx, notVerified };
}

type Verify = (drill: StoredDrill, gameData: GameData, replay: ReplayData) => ReplayVerification;

/** The stored drill the server would hold for catalogue drill `id` with `over`. */
function storedDrill(id: number, over: Record<string, unknown>): StoredDrill {
  const { category: _c, ...fields } = DRILL_CATALOGUE.find((d) => Number(d.id) === id) as Record<string, unknown>;
  return { id, fields: { ...fields, ...over } } as unknown as StoredDrill;
}

/** Least-squares slope of log(ms) against log(length). */
function exponent(lengths: number[], ms: number[]): number {
  const xs = lengths.map(Math.log), ys = ms.map(Math.log);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length, my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0, sxx = 0;
  xs.forEach((x, i) => { sxy += (x - mx) * (ys[i] - my); sxx += (x - mx) ** 2; });
  return sxy / sxx;
}

/** Prints the verify tables. */
export async function verifyBench(): Promise<void> {
  const before = exportTree(BEFORE_REF);
  const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-bench-verify-db-'));
  try {
    // growth, in this process, both trees
    const verifyOf: Record<'before' | 'after', Verify> = {
      before: (await import(path.join(before, 'src/server/replay.ts'))).verifyReplay as Verify,
      after: (await import(path.join(ROOT, 'src/server/replay.ts'))).verifyReplay as Verify,
    };
    const cases = [
      ...[15, 30, 60, 120, 240].map((s) => ({ label: `${s} s`, lengthS: s, over: { duration: s * 1000 }, every: 12 })),
      { label: '60 s, 300+ targets (a kill every 9 ticks)', lengthS: 0, over: { duration: 60_000 }, every: 9 },
      { label: '60 s, 50 targets on the field', lengthS: 0, over: { duration: 60_000, num_targets: 50 }, every: 9 },
    ].map((c) => {
      const run = recordedRun(134, c.over, c.every);
      return { ...c, run, drill: storedDrill(134, c.over), ms: { before: [] as number[], after: [] as number[] }, cpu: { before: [] as number[], after: [] as number[] }, same: true };
    });
    for (let r = 0; r < (SKIP_GROWTH ? 0 : GROWTH_ROUNDS); r++) {
      for (const c of cases) {
        const order: ('before' | 'after')[] = r % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
        const out: Partial<Record<'before' | 'after', ReplayVerification>> = {};
        for (const side of order) {
          const t0 = performance.now(), u0 = process.cpuUsage();
          out[side] = verifyOf[side](c.drill, c.run.gameData as unknown as GameData, c.run.replay as ReplayData);
          c.ms[side].push(performance.now() - t0);
          const u = process.cpuUsage(u0);
          c.cpu[side].push((u.user + u.system) / 1000);
        }
        if (JSON.stringify(out.before!.replayed) !== JSON.stringify(out.after!.replayed) || out.after!.verified !== true) c.same = false;
      }
    }
    if (!SKIP_GROWTH) {
    console.log(`## verify: re-simulation time by run length, drill 134 at 1 kHz (verifyReplay in one thread; before = ${BEFORE_REF}; median of ${GROWTH_ROUNDS} interleaved rounds)\n`);
    // CPU time (process.cpuUsage, this process: one busy thread) is far less sensitive to other
    // processes' load than wall time; both are shown
    console.log(row(['run', 'targets spawned', 'input events', 'before', 'after', 'after / before', 'CPU before', 'CPU after', 'CPU after / before', 'same stats and verified', 'goal']));
    console.log(row(Array(11).fill('---')));
    for (const c of cases) {
      const b = median(c.ms.before), a = median(c.ms.after);
      const goal = c.label.includes('300+') ? (a <= 200 ? 'MET (<= 200 ms)' : 'NOT MET (<= 200 ms)') : '-';
      const cb = median(c.cpu.before), ca = median(c.cpu.after);
      console.log(row([c.label, c.run.spawns, c.run.events, `${b.toFixed(1)} ms`, `${a.toFixed(1)} ms`, (a / b).toFixed(2), `${cb.toFixed(1)} ms`, `${ca.toFixed(1)} ms`, (ca / cb).toFixed(2), c.same ? 'yes' : 'NO', goal]));
    }
    const growth = cases.filter((c) => c.lengthS > 0);
    const eb = exponent(growth.map((c) => c.lengthS), growth.map((c) => median(c.ms.before)));
    const ea = exponent(growth.map((c) => c.lengthS), growth.map((c) => median(c.ms.after)));
    console.log(`\nexponent of time against run length (15-240 s, least squares on log-log): before ${eb.toFixed(2)}, after ${ea.toFixed(2)} (goal <= 1.1: ${ea <= 1.1 ? 'MET' : 'NOT MET'})\n`);
    }

    // capacity: both servers up, rounds interleaved
    const { gameData, bulletData, replay } = cases.find((c) => c.label === '60 s')!.run;
    const prepared: PreparedRun = { gameData, bulletData, replay };
    const servers = {
      before: await startServer(before, path.join(dbDir, 'before.sqlite')),
      after: await startServer(ROOT, path.join(dbDir, 'after.sqlite')),
    };
    try {
      const rounds: Record<'before' | 'after', Round[]> = { before: [], after: [] };
      for (const side of ['before', 'after'] as const) await capacityRound(servers[side], prepared, 2); // warm-up: workers, JIT
      for (let r = 0; r < ROUNDS; r++) {
        const order: ('before' | 'after')[] = r % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
        for (const side of order) rounds[side].push(await capacityRound(servers[side], prepared, ROUND_S));
      }
      console.log(`## verify: capacity, 60 s runs of drill 134 with their replay (${JSON.stringify(prepared).length} bytes) posted by ${CLIENTS} clients to one server, ${os.availableParallelism()} cores, ${ROUNDS} rounds x ${ROUND_S} s per side, interleaved\n`);
      console.log(row(['server', 'verified runs/s (median of rounds)', 'per round', 'p50 latency (median)', 'p99 latency (worst round)', 'non-2xx', 'answered not verified', 'goal >= 60/s']));
      console.log(row(Array(8).fill('---')));
      for (const side of ['before', 'after'] as const) {
        const rs = rounds[side];
        const v = median(rs.map((x) => x.verifiedPerS));
        console.log(row([
          side === 'before' ? `before (${BEFORE_REF})` : 'after (this tree)', v.toFixed(1), rs.map((x) => x.verifiedPerS.toFixed(1)).join(' '),
          `${median(rs.map((x) => x.p50)).toFixed(0)} ms`, `${Math.max(...rs.map((x) => x.p99)).toFixed(0)} ms`,
          rs.reduce((a, x) => a + x.non2xx, 0), rs.reduce((a, x) => a + x.notVerified, 0), side === 'after' ? (v >= 60 ? 'MET' : 'NOT MET') : '-',
        ]));
      }
      console.log('');
    } finally {
      await Promise.all([servers.before.stop(), servers.after.stop()]);
    }
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
    fs.rmSync(dbDir, { recursive: true, force: true });
  }
}
