/**
 * `gc` benchmark (shared/reference/benchmarks.md): the tick benchmark's loop (1000 targets, one
 * shot per tick, ~1 % respawning) run under `node --trace-gc` in a child process, against the
 * same harness with an empty tick (the harness's own per-tick work: choosing a target, writing
 * the three reused input events). Scavenges (minor GCs) are counted over 10 000 ticks after a
 * 2000-tick warm-up with a `PerformanceObserver` on 'gc' entries (exact, unlike parsing the
 * trace, whose lines are not ordered with the child's own output on a pipe); the child still
 * runs under --trace-gc, as the table asks, and its trace is discarded.
 * Goal: scavenges per 10k ticks <= 1.1 x the empty loop.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { row } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs one child and returns its counts. */
function child(mode: 'ecs' | 'empty', n: number): { minor: number; major: number; ticks: number } {
  const r = spawnSync(process.execPath, ['--trace-gc', '--import', 'tsx', path.join(here, 'gcChild.ts'), mode, String(n)], {
    encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`gc child failed: ${r.stderr}`);
  const line = r.stdout.split('\n').find((l) => l.startsWith('GCRESULT '));
  if (!line) throw new Error(`no GCRESULT in child output:\n${r.stdout.slice(-2000)}`);
  const res = JSON.parse(line.slice('GCRESULT '.length));
  return res;
}

/** Prints the gc table (5 interleaved rounds per N). */
export async function gcBench(): Promise<void> {
  console.log('## gc: scavenges per 10 000 ticks, ECS tick loop vs empty tick loop (same harness), node --trace-gc\n');
  console.log(row(['N', 'ECS scavenges (5 rounds)', 'empty loop scavenges (5 rounds)', 'ECS mark-sweeps', 'median ratio', 'goal <= 1.1x']));
  console.log(row(Array(6).fill('---')));
  for (const n of [1000, 10000]) {
    const ecs: number[] = [], empty: number[] = [], major: number[] = [];
    for (let r = 0; r < 5; r++) {
      const a = child('ecs', n);
      const b = child('empty', n);
      ecs.push(a.minor); empty.push(b.minor); major.push(a.major);
    }
    const ratios = ecs.map((x, i) => (empty[i] === 0 ? (x === 0 ? 1 : Infinity) : x / empty[i])).sort((x, y) => x - y);
    const med = ratios[2];
    console.log(row([n, ecs.join(' '), empty.join(' '), major.join(' '), Number.isFinite(med) ? med.toFixed(2) : 'inf', med <= 1.1 ? 'MET' : 'NOT MET']));
  }
  console.log('');
}
