/**
 * Probe (not part of `npm run bench`): the GPU process's CPU time per frame by SwiftShader
 * routine, from the Linux perf recordings that `frameProbe.ts` makes with PERF=prefix.
 * SwiftShader compiles each pipeline's vertex, setup and pixel routines into a mapping of its own
 * (`memfd:swiftshader_jit`); perf cannot name them, but the samples can be grouped by the mapping
 * that holds their address. Within one page the mappings stay put, so the segments of the modes
 * of one frameProbe run can be compared routine by routine (which routine is which: skip draws
 * with frameProbe's flags and see which one goes).
 *   npx tsx test/bench/perfRoutines.ts /tmp/pf_on_0.data 91 /tmp/pf_off_1.data 112 ...
 * Arguments: pairs of a perf.data file and the frames its segment drew (frameProbe SEGS=1
 * prints them). Prints, per file, ms a frame: the JIT routines in all, the other libraries, the
 * total, and the TOP (default 20) routines by their summed time (mapping start+size).
 * Needs `perf` (linux-perf); the recordings are at 299 Hz (frameProbe's `-F 299`).
 */
import { execFileSync } from 'node:child_process';

const HZ = 299;
const MS_PER_SAMPLE = 1000 / HZ;

interface Recording {
  /** JIT mapping start -> size (bytes) */
  maps: Map<number, number>;
  /** samples per JIT mapping start (-1: a JIT address in no known mapping) */
  routines: Map<number, number>;
  /** samples per library ('JIT' for SwiftShader's routines) */
  libraries: Map<string, number>;
}

const bump = <K>(m: Map<K, number>, k: K, n = 1): void => { m.set(k, (m.get(k) ?? 0) + n); };

/** The samples of one perf.data file, grouped by JIT mapping and by library. */
function load(file: string): Recording {
  const text = execFileSync('perf', ['script', '-i', file, '-G', '--show-mmap-events', '-F', 'ip,dso'],
    { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
  const rec: Recording = { maps: new Map(), routines: new Map(), libraries: new Map() };
  const starts: number[] = [];
  for (const line of text.split('\n')) {
    if (line.includes('PERF_RECORD')) {
      const m = /PERF_RECORD_MMAP2? .*\[0x([0-9a-f]+)\(0x([0-9a-f]+)\)/.exec(line);
      if (m && line.includes('swiftshader_jit')) { rec.maps.set(parseInt(m[1], 16), parseInt(m[2], 16)); starts.push(parseInt(m[1], 16)); }
      continue;
    }
    const f = line.trim().split(/\s+/);
    if (f.length < 2) continue;
    if (line.includes('swiftshader_jit')) {
      const ip = parseInt(f[0], 16);
      const start = starts.find((a) => a <= ip && ip < a + (rec.maps.get(a) ?? 0)) ?? -1;
      bump(rec.routines, start);
      bump(rec.libraries, 'JIT');
    } else bump(rec.libraries, f.slice(1).join(' ').replace(/^\(|\)$/g, '').split('/').pop() ?? '?');
  }
  return rec;
}

function main(): void {
  const args = process.argv.slice(2);
  if (args.length < 2 || args.length % 2) throw new Error('usage: perfRoutines.ts <perf.data> <frames> [<perf.data> <frames> ...]');
  const runs = [];
  for (let i = 0; i < args.length; i += 2) runs.push({ name: args[i].split('/').pop() ?? args[i], frames: Number(args[i + 1]), rec: load(args[i]) });
  const perFrame = (samples: number | undefined, frames: number): string => ((samples ?? 0) * MS_PER_SAMPLE / frames).toFixed(2).padStart(10);
  console.log(''.padEnd(22) + runs.map((r) => r.name.replace(/\.data$/, '').slice(0, 9).padStart(10)).join(''));
  for (const lib of ['JIT', 'libvk_swiftshader.so', 'chromium', 'libc.so.6', '[kernel.kallsyms]']) {
    console.log(lib.slice(0, 21).padEnd(22) + runs.map((r) => perFrame(r.rec.libraries.get(lib), r.frames)).join(''));
  }
  console.log('total'.padEnd(22) + runs.map((r) => perFrame([...r.rec.libraries.values()].reduce((a, b) => a + b, 0), r.frames)).join(''));
  const summed = new Map<number, number>();
  for (const r of runs) for (const [k, n] of r.rec.routines) bump(summed, k, n * MS_PER_SAMPLE / r.frames);
  const top = [...summed].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 20));
  for (const [k] of top) {
    const size = runs.map((r) => r.rec.maps.get(k)).find((s) => s !== undefined) ?? 0;
    console.log(`${k < 0 ? '(unmapped)' : `${k.toString(16)}+${size.toString(16)}`}`.padEnd(22) + runs.map((r) => perFrame(r.rec.routines.get(k), r.frames)).join(''));
  }
}

main();
