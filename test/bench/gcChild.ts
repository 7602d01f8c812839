/**
 * Child process of the gc benchmark (gc.ts): `node --trace-gc --import tsx gcChild.ts <ecs|empty> <N>`.
 * Prints one line `GCRESULT {"minor":..,"major":..,"ticks":10000}`.
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { ecsSetup, runEcs } from './tick';

const mode = process.argv[2] === 'empty' ? 'empty' : 'ecs';
const n = Number(process.argv[3] ?? 1000);
const TICKS = 10000;
const w = ecsSetup(n, 20331);
const noop = (x: typeof w) => { x.tick++; };
runEcs(w, 2000, null, mode === 'ecs' ? undefined : noop);
let counting = false;
let minor = 0, major = 0;
const obs = new PerformanceObserver((list) => {
  if (!counting) return;
  for (const e of list.getEntries()) {
    const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) minor++; else major++;
  }
});
obs.observe({ entryTypes: ['gc'] });
setTimeout(() => {
  counting = true;
  runEcs(w, TICKS, null, mode === 'ecs' ? undefined : noop);
  setTimeout(() => {
    counting = false;
    obs.disconnect();
    process.stdout.write(`GCRESULT ${JSON.stringify({ minor, major, ticks: TICKS })}\n`);
  }, 50);
}, 50);
