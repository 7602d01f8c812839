/**
 * Benchmark `server` (shared/reference/benchmarks.md): autocannon on 127.0.0.1 against the real
 * app in a child process (test/bench/serverChild.ts), interleaved with the reference in the same
 * run: a bare Fastify route that only parses JSON, in the same child process.
 *
 * - gameconfig: `GET /api/v1/gameconfig/134` for a cookieless reader and for a player with saved
 *   settings and runs, against `GET /bare`; ROUNDS rounds of (bare, cookieless, player) in
 *   rotating order, ROUND_S seconds each after a warm-up; 2 connections per core. Reports req/s,
 *   p50 / p99 latency, the median of the per-round ratios, and any non-2xx answer; and the
 *   server process's CPU time per request (Linux /proc), steadier than req/s on a shared
 *   machine where the load generator and other jobs compete for the cores.
 * - submissions: `postAcceptedRun` (test/server/runHelper.ts, the one way runs are submitted)
 *   from 2 workers per core for SUBMIT_S seconds: runs/s and p99, then every 2xx answer is
 *   checked to be a stored row with what it acknowledged (none lost). Twice: today's generated
 *   run (no replay), and a scripted run of drill 2033 with its replay (re-simulated by the
 *   server: the answer says `verified`).
 * Absolute numbers are logged, never gated; the goal column says met / not met.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { median, row } from './harness';
import { httpTransport, postAcceptedRun, type PreparedRun, type RunPlayer } from '../server/runHelper';
import { catalogueDrill, scriptedRun } from './scriptedRun';
import { buildGameData } from '../../src/metrics/scoring';
import { buildReplay } from '../../src/game/submission';
import type { EngineSettings } from '../../src/contracts/engine';

const ROUNDS = Number(process.env.BENCH_SERVER_ROUNDS ?? 5);
const ROUND_S = Number(process.env.BENCH_SERVER_ROUND_S ?? 3);
const SUBMIT_S = Number(process.env.BENCH_SERVER_SUBMIT_S ?? 5);
const GOAL = 0.3;

interface Child {
  app: string;
  bare: string;
  cookie: string;
  /** CPU time the server process has used so far, ms (Linux /proc; NaN elsewhere) */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** utime + stime of process `pid` from /proc/<pid>/stat, ms (NaN when unreadable). */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15; clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function startChild(databaseFile: string): Promise<Child> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/serverChild.ts', databaseFile], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the benchmark server exited (${code})`)));
  });
  const info = JSON.parse(line) as { app: string; bare: string; cookie: string };
  return {
    ...info,
    cpuMs: () => processCpuMs(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Load {
  rps: number;
  /** server CPU time per request, µs */
  cpuUs: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

async function load(child: Child, url: string, seconds: number, headers: Record<string, string> = {}): Promise<Load> {
  const connections = 2 * os.cpus().length;
  const cpu0 = child.cpuMs();
  const r = await autocannon({ url, connections, duration: seconds, headers, pipelining: 1 });
  const cpu = child.cpuMs() - cpu0;
  return {
    rps: r.requests.total / seconds,
    cpuUs: (cpu * 1000) / Math.max(1, r.requests.total),
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** A finished scripted run of drill 2033 with its replay (what a real client submits). */
function replayedRun(): PreparedRun {
  const settings: EngineSettings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' };
  const engine = scriptedRun(catalogueDrill(2033), { seed: 0xbe7c4, settings, lookEventsPerTick: 4 });
  const { gameData } = buildGameData(engine, {
    viewportWidth: 1280, viewportHeight: 720, fov: 103, fovType: 'h', sensitivity: settings.sensitivity, frameRate: 144,
  });
  const replay = buildReplay(engine, settings, 200);
  return { gameData: { ...gameData, game_id: 2033 } as PreparedRun['gameData'], bulletData: engine.bullets() as unknown[], ...(replay ? { replay } : {}) };
}

interface SubmitResult {
  runs: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  stored: number;
  lost: number;
  verified: number;
}

async function submissions(child: Child, databaseFile: string, seconds: number, prepared?: PreparedRun): Promise<SubmitResult> {
  const transport = httpTransport(child.app, 10_000);
  const workers = 2 * os.cpus().length;
  const acked: { id: number; targets: number }[] = [];
  const lat: number[] = [];
  let non2xx = 0;
  let verified = 0;
  let seq = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const player: RunPlayer = {};
      while (performance.now() < end) {
        const t0 = performance.now();
        const r = await postAcceptedRun(transport, player, { drillId: 134, targets: (seq++ % 40) + 1, prepared });
        lat.push(performance.now() - t0);
        if (r.statusCode >= 200 && r.statusCode < 300 && r.id !== null) {
          acked.push({ id: r.id, targets: r.targets });
          if ((r.json as { verified?: unknown }).verified === true) verified++;
        } else non2xx++;
      }
    }),
  );
  transport.close();
  const db = new Database(databaseFile, { readonly: true });
  const stmt = db.prepare('select targets_destroyed from performances where id = ?');
  let stored = 0;
  for (const a of acked) {
    const rowFound = stmt.get(a.id) as { targets_destroyed: number } | undefined;
    if (rowFound && rowFound.targets_destroyed === a.targets) stored++;
  }
  db.close();
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * (lat.length - 1) + 0.5))] ?? 0;
  return { runs: acked.length, rps: acked.length / seconds, p50: q(0.5), p99: q(0.99), non2xx, stored, lost: acked.length - stored, verified };
}

export async function serverBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-bench-server-'));
  const databaseFile = path.join(dir, 'bench.sqlite');
  const child = await startChild(databaseFile);
  try {
    const gc = `${child.app}/api/v1/gameconfig/134`;
    const bare = `${child.bare}/bare`;
    const playerHeaders = { cookie: `aim_session=${encodeURIComponent(child.cookie)}` };
    const sides: [string, () => Promise<Load>][] = [
      ['bare', () => load(child, bare, ROUND_S)],
      ['cookieless', () => load(child, gc, ROUND_S)],
      ['player', () => load(child, gc, ROUND_S, playerHeaders)],
    ];
    // warm-up (JIT, caches)
    for (const [, run] of sides) await run();
    const results: Record<string, Load[]> = { bare: [], cookieless: [], player: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (let k = 0; k < sides.length; k++) {
        const [name, run] = sides[(k + r) % sides.length];
        results[name].push(await run());
      }
    }
    const agg = (xs: Load[]) => ({
      rps: xs.reduce((a, x) => a + x.rps, 0) / xs.length,
      p50: median(xs.map((x) => x.p50)),
      p99: Math.max(...xs.map((x) => x.p99)),
      non2xx: xs.reduce((a, x) => a + x.non2xx, 0),
      errors: xs.reduce((a, x) => a + x.errors, 0),
    });
    const ratio = (name: string) => median(results[name].map((x, i) => x.rps / results.bare[i].rps));
    const cpuRatio = (name: string) => median(results[name].map((x, i) => results.bare[i].cpuUs / x.cpuUs));

    console.log(`## server: GET /api/v1/gameconfig/134 vs a bare Fastify JSON route (autocannon, ${2 * os.cpus().length} connections, ${ROUNDS} rounds x ${ROUND_S} s, interleaved)\n`);
    console.log(row([
      'route', 'req/s (mean of rounds)', 'p50 latency', 'p99 latency (worst round)', 'non-2xx / errors',
      'ratio to bare (median of rounds)', 'per-round ratios', `goal >= ${GOAL}x`, 'server CPU / request (median)', 'CPU-cost ratio bare / ours (median)',
    ]));
    console.log(row(Array(10).fill('---')));
    for (const name of ['bare', 'cookieless', 'player']) {
      const a = agg(results[name]);
      const label = name === 'bare' ? 'bare Fastify `GET /bare`' : `gameconfig 134, ${name === 'player' ? 'player with saved settings and runs' : 'cookieless reader'}`;
      const rr = name === 'bare' ? 1 : ratio(name);
      console.log(row([
        label, a.rps.toFixed(0), `${a.p50.toFixed(1)} ms`, `${a.p99.toFixed(1)} ms`, `${a.non2xx} / ${a.errors}`,
        name === 'bare' ? '1' : rr.toFixed(3),
        results[name].map((x, i) => (x.rps / results.bare[i].rps).toFixed(2)).join(' '),
        name === 'bare' ? '-' : rr >= GOAL ? 'MET' : 'NOT MET',
        `${median(results[name].map((x) => x.cpuUs)).toFixed(0)} µs`,
        name === 'bare' ? '1' : cpuRatio(name).toFixed(3),
      ]));
    }
    console.log('');

    console.log(`## server: run submissions through postAcceptedRun (${2 * os.cpus().length} workers, ${SUBMIT_S} s each, keep-alive HTTP)\n`);
    console.log(row(['submission', 'runs acknowledged', 'runs/s', 'p50', 'p99', 'non-2xx', 'acknowledged and stored', 'lost', 'verified by re-simulation']));
    console.log(row(Array(9).fill('---')));
    const plain = await submissions(child, databaseFile, SUBMIT_S);
    const replay = replayedRun();
    const withReplay = await submissions(child, databaseFile, SUBMIT_S, replay);
    for (const [label, s] of [
      ['generated run, no replay (runHelper default)', plain],
      [`scripted run of drill 2033 with its replay (${JSON.stringify(replay).length} bytes)`, withReplay],
    ] as const) {
      console.log(row([label, s.runs, s.rps.toFixed(1), `${s.p50.toFixed(1)} ms`, `${s.p99.toFixed(1)} ms`, s.non2xx, s.stored, s.lost, s.verified]));
    }
    console.log('');
  } finally {
    await child.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
