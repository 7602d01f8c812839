/**
 * Profiling helper for the `verify` benchmark (issue 38 item 4): prepares the bench's 60 s
 * drill-134 run with its replay and either
 * - `worker` mode: times the worker task (src/server/replayTask.ts) on the exact request body in
 *   this thread, N times (minimum and median printed), or
 * - `ab` mode: the same worker task of the tree of git ref PROFILE_BEFORE_REF (default HEAD,
 *   written by `git archive` into a temporary folder) and of this checkout, interleaved in this
 *   thread (before, after, after, before, ...), N rounds each: CPU time (process.cpuUsage, far
 *   less sensitive to other processes' load than wall time) and wall time, minimum and median,
 *   and whether both give the same verdict (wall times left out);
 * - `server` mode: starts test/bench/serverChild.ts of this tree (extra node flags from
 *   PROFILE_NODE_FLAGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`) and posts the run from 4
 *   clients for PROFILE_S seconds, printing verified runs/s and the server's CPU time per
 *   verified run of the measured phase, per thread (Linux /proc/<pid>/task/<tid>/stat, 10 ms
 *   ticks): the main thread (tid = pid), the busiest other thread (the verification worker)
 *   and all threads together.
 * Usage: npx tsx test/bench/verifyProfile.ts worker|ab|server
 */
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import fs from 'node:fs';
import { httpTransport, postAcceptedRun, type PreparedRun, type RunPlayer } from '../server/runHelper';
import { catalogueDrill, scriptedRun } from './scriptedRun';
import { buildGameData } from '../../src/metrics/scoring';
import { buildReplay } from '../../src/game/submission';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import type { EngineSettings } from '../../src/contracts/engine';
import type { StoredDrill } from '../../src/server/drills';
import verifyTask from '../../src/server/replayTask';

const SETTINGS: EngineSettings = { sensitivity: 1.5, sensitivityY: null, invertY: false, inputDevice: 'Mouse' };

function prepared(): PreparedRun {
  const drill = catalogueDrill(134, { duration: 60_000 });
  const engine = scriptedRun(drill, { seed: 31337, settings: SETTINGS, lookEventsPerTick: 16, browserLike: true, shotEveryTicks: 12 });
  const { gameData } = buildGameData(engine, { viewportWidth: 1280, viewportHeight: 720, fov: drill.fov, fovType: drill.fovType, sensitivity: SETTINGS.sensitivity, frameRate: 144 });
  return { gameData: { ...gameData, game_id: 134 } as PreparedRun['gameData'], bulletData: engine.bullets() as unknown[], replay: buildReplay(engine, SETTINGS, 200) };
}

async function main(): Promise<void> {
  const mode = process.argv[2] ?? 'worker';
  const run = prepared();
  if (mode === 'worker') {
    const { category: _c, ...fields } = DRILL_CATALOGUE.find((d) => Number(d.id) === 134) as Record<string, unknown>;
    const drill = { id: 134, fields: { ...fields, duration: 60_000 } } as unknown as StoredDrill;
    const bytes = Buffer.from(JSON.stringify(run));
    console.log(`body ${bytes.length} bytes`);
    const n = Number(process.env.PROFILE_N ?? 30);
    const ms: number[] = [];
    let last = '';
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const v = verifyTask({ drill, body: new Uint8Array(bytes), budgetMs: 10_000 });
      ms.push(performance.now() - t0);
      last = JSON.stringify(v && { ...v, simMs: 0 });
    }
    ms.sort((a, b) => a - b);
    console.log(`worker task: min ${ms[0].toFixed(1)} ms, median ${ms[n >> 1].toFixed(1)} ms`);
    if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, last);
    return;
  }
  if (mode === 'ab') {
    const { category: _c, ...fields } = DRILL_CATALOGUE.find((d) => Number(d.id) === 134) as Record<string, unknown>;
    const drill = { id: 134, fields: { ...fields, duration: 60_000 } } as unknown as StoredDrill;
    const bytes = Buffer.from(JSON.stringify(run));
    const ref = process.env.PROFILE_BEFORE_REF ?? 'HEAD';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-vprof-before-'));
    try {
      execFileSync('tar', ['-x', '-C', dir], { input: execFileSync('git', ['archive', ref], { maxBuffer: 1 << 28 }) });
      fs.symlinkSync(fs.realpathSync('node_modules'), path.join(dir, 'node_modules'));
      const tasks = {
        before: (await import(path.join(dir, 'src/server/replayTask.ts'))).default as typeof verifyTask,
        after: verifyTask,
      };
      const n = Number(process.env.PROFILE_N ?? 30);
      const cpu = { before: [] as number[], after: [] as number[] }, wall = { before: [] as number[], after: [] as number[] };
      const out: Record<string, string> = {};
      let same = true;
      for (let i = 0; i < n; i++) {
        for (const side of (i % 2 ? ['after', 'before'] : ['before', 'after']) as ('before' | 'after')[]) {
          const t0 = performance.now(), u0 = process.cpuUsage();
          const v = tasks[side]({ drill, body: new Uint8Array(bytes), budgetMs: 10_000 });
          const u = process.cpuUsage(u0);
          wall[side].push(performance.now() - t0);
          cpu[side].push((u.user + u.system) / 1000);
          out[side] = JSON.stringify(v && { ...v, simMs: 0, analysisMs: 0 });
        }
        if (out.before !== out.after) same = false;
      }
      const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))];
      for (const side of ['before', 'after'] as const) {
        console.log(`${side === 'before' ? `before (${ref})` : 'after (this tree)'}: CPU min ${q(cpu[side], 0).toFixed(1)} ms, median ${q(cpu[side], 0.5).toFixed(1)} ms; wall min ${q(wall[side], 0).toFixed(1)} ms, median ${q(wall[side], 0.5).toFixed(1)} ms`);
      }
      console.log(`CPU after / before: min ${(q(cpu.after, 0) / q(cpu.before, 0)).toFixed(2)}, median ${(q(cpu.after, 0.5) / q(cpu.before, 0.5)).toFixed(2)}; same verdicts: ${same ? 'yes' : 'NO'} (load average ${os.loadavg()[0].toFixed(1)})`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const flags = (process.env.PROFILE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const db = `/tmp/vprof/db-${process.pid}.sqlite`;
  const child = spawn(process.execPath, [...flags, ...(process.env.PROFILE_SERVER ? [process.env.PROFILE_SERVER] : ['--import', 'tsx', 'test/bench/serverChild.ts']), db], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const line = await new Promise<string>((r) => readline.createInterface({ input: child.stdout! }).once('line', r));
  const app = (JSON.parse(line) as { app: string }).app;
  const seconds = Number(process.env.PROFILE_S ?? 10);
  // CPU time per thread of the server (clock ticks of 10 ms), Linux only (empty elsewhere)
  const threadTicks = (): Map<string, number> => {
    const m = new Map<string, number>();
    try {
      for (const tid of fs.readdirSync(`/proc/${child.pid}/task`)) {
        const stat = fs.readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from 3 (state) on
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        m.set(`${tid} ${comm}`, Number(f[11]) + Number(f[12])); // utime, stime (fields 14, 15)
      }
    } catch { /* not Linux, or the process is gone */ }
    return m;
  };
  for (const [label, s] of [['warm-up', 2], ['measured', seconds]] as const) {
    const ticks0 = threadTicks();
    const transport = httpTransport(app, 60_000);
    let verified = 0, other = 0;
    const end = performance.now() + s * 1000;
    await Promise.all(Array.from({ length: 4 }, async () => {
      const player: RunPlayer = {};
      while (performance.now() < end) {
        const r = await postAcceptedRun(transport, player, { drillId: 134, prepared: run });
        if ((r.json as { verified?: unknown }).verified === true) verified++; else other++;
      }
    }));
    transport.close();
    console.log(`${label}: ${(verified / s).toFixed(1)} verified runs/s (${other} other answers)`);
    const ticks1 = threadTicks();
    if (label === 'measured' && verified > 0 && ticks1.size > 0) {
      const used = [...ticks1].map(([tid, t]) => [tid, (t - (ticks0.get(tid) ?? 0)) * 10] as const);
      const isMain = (key: string) => key.split(' ')[0] === String(child.pid);
      const main = used.find(([key]) => isMain(key))?.[1] ?? 0;
      const others = used.filter(([key]) => !isMain(key)).sort((a, b) => b[1] - a[1]);
      const total = used.reduce((a, [, ms]) => a + ms, 0);
      const per = (ms: number) => `${(ms / verified).toFixed(1)} ms`;
      console.log(`server CPU per verified run: main thread ${per(main)}, busiest other thread ${per(others[0]?.[1] ?? 0)}, all ${used.length} threads ${per(total)} (load average ${os.loadavg()[0].toFixed(1)})`);
      console.log(`  by thread (tid name: per verified run): ${[...used].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms > 0).map(([key, ms]) => `${key}: ${per(ms)}`).join(', ')}`);
    }
  }
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(db, { force: true });
}

main().catch((e) => { console.error(e); process.exit(1); });
