/**
 * Probe (not part of `npm run bench`): where the page's main thread spends a frame of a running
 * drill. One page of drill ID (default 134, options PATCH as frameProbe.ts), a player aiming and
 * clicking every 250 ms; after WARM_MS (4000) a V8 CPU profile (CDP Profiler, 200 µs sampling)
 * of PROFILE_MS (8000), its frames counted by rAF. Prints self time per frame (ms) by function
 * (name, file:line) and by bundle, the TOP (30) first; OUT=file keeps the .cpuprofile.
 *   PATCH="$(cat on.json)" npx tsx test/bench/cpuProfileProbe.ts
 */
import fs from 'node:fs';
import { clickToStart } from '../e2e/harness';
import { openProbePage, startShooting, type OptionsPatch } from './chromiumGame';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }

async function main(): Promise<void> {
  const probe = await openProbePage(process.env.DIST ?? 'dist', Number(process.env.ID ?? 134), JSON.parse(process.env.PATCH ?? '{}') as OptionsPatch);
  const { page } = probe;
  const mouse = await clickToStart(page);
  const stop = startShooting(page, mouse, 250);
  await new Promise((r) => setTimeout(r, Number(process.env.WARM_MS ?? 4000)));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.evaluate(`(function () { window.__nf = 0; function s() { window.__nf++; requestAnimationFrame(s); } requestAnimationFrame(s); })()`);
  await cdp.send('Profiler.start');
  await new Promise((r) => setTimeout(r, Number(process.env.PROFILE_MS ?? 8000)));
  const { profile } = await cdp.send('Profiler.stop') as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number } };
  const frames = await page.evaluate('window.__nf') as number;
  await stop();
  if (process.env.OUT) fs.writeFileSync(process.env.OUT, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  const byFn = new Map<string, number>(), byFile = new Map<string, number>();
  for (const [id, ms] of self) {
    const cf = byId.get(id)!.callFrame;
    const file = cf.url.split('/').pop() || '(native)';
    const k = `${cf.functionName || '(anon)'} ${file}:${cf.lineNumber}`;
    byFn.set(k, (byFn.get(k) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const span = (profile.endTime - profile.startTime) / 1000;
  console.log(`profile ${span.toFixed(0)} ms, ${frames} frames (${(span / frames).toFixed(1)} ms a frame)`);
  const top = Number(process.env.TOP ?? 30);
  const show = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, v]) => console.log(`  ${(v / frames).toFixed(2)} ms/frame  ${k}`));
  console.log('by file:'); show(byFile, 12);
  console.log('by function:'); show(byFn, top);
  await probe.close();
}

main().catch((e) => { console.error(e); process.exit(1); });
