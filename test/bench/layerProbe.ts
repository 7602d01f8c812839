/**
 * Probe (not part of `npm run bench`; BENCHMARKS.md render run 5): what the layers over the game
 * view cost, in ONE running page of drill 134 (headless Chromium, SwiftShader, 1280x720), every
 * HUD and visual option on (`MODE=on`, default) or off (`MODE=off`), PATCH='{"video":{...}}' to
 * change more. A frame-synchronising loop (a 1-pixel readPixels per frame, as the render bench's
 * recorder) runs from the start: without it Chromium queues frames far ahead of SwiftShader and a
 * later measurement sees seconds without a frame. A player aims at the nearest target and clicks
 * every 250 ms. Then one of:
 *  - default: REPS rounds of SEG_MS segments, one per entry of VARIANTS (JSON name -> CSS that is
 *    applied for the segment, e.g. hiding a layer), rotated each round; prints frame times per
 *    variant and each segment's mean;
 *  - CPU=1: REPS segments of SEG_MS; CPU ms per frame of the GPU process and renderers (/proc);
 *  - TRACE=1: a 4 s Chrome trace (CATS, default `toplevel`) to /tmp/probe/trace-<MODE>.json;
 *  - LAYERS=1: the page's composited layers that draw content (CDP LayerTree, with CSS=... applied
 *    first): position, size, its element (tag and classes), how many times it was painted over
 *    4 s, and why it is composited
 *    (a layer painted every frame is re-rastered every frame: under SwiftShader in the GPU
 *    process, at the cost of its whole tile).
 * DIST picks the build (default dist/). Keep the total under drill 134's 60 s.
 *   npx tsx test/bench/layerProbe.ts
 */
import fs from 'node:fs';
import { defaultGameOptions } from '../../src/contracts/gameOptions';
import { clickToStart } from '../e2e/harness';
import { openProbePage, startShooting, type OptionsPatch } from './chromiumGame';

function allBooleans(group: any, on: boolean) { const out = { ...group }; for (const [k, v] of Object.entries(out)) if (typeof v === 'boolean') out[k] = on; return out; }
function everything(on: boolean) { const d = defaultGameOptions(); return { hud: { ...allBooleans(d.hud, on), stats: on ? 2 : 0 }, visual: { ...allBooleans(d.visual, on), target_despawn_animation: on ? 'explode' : 'none', muzzle_flash_size: on ? 6 : 0 } }; }
const SEG = `function (ms) { return new Promise(function (resolve) { var i0 = window.__ft.length; setTimeout(function () { var f = window.__ft.slice(i0), t = []; for (var i = 1; i < f.length; i++) t.push(f[i] - f[i - 1]); resolve(t); }, ms); }); }`;
const variants: Record<string, string> = JSON.parse(process.env.VARIANTS ?? '{"base":"","-world":".game-world-overlay{display:none!important}","-hud":".hud,.hud-clip{display:none!important}","-xhair":"canvas:not(#game-canvas):not(.game-world-overlay){display:none!important}"}');
async function main() {
  const o = everything(process.env.MODE !== 'off');
  const patch = JSON.parse(process.env.PATCH ?? '{}') as OptionsPatch;
  const probe = await openProbePage(process.env.DIST ?? 'dist', 134, { hud: { ...o.hud, ...patch.hud }, visual: { ...o.visual, ...patch.visual }, video: patch.video });
  const { page } = probe;
  const mouse = await clickToStart(page);
  await page.evaluate(`(function () { var c = document.querySelector('#game-canvas'); var gl = c.getContext('webgl2') || c.getContext('webgl'); var px = new Uint8Array(4); window.__ft = [];
    function step() { gl.readPixels(0,0,1,1,gl.RGBA,gl.UNSIGNED_BYTE,px); window.__ft.push(performance.now()); requestAnimationFrame(step); } requestAnimationFrame(step); })()`);
  const stopShooting = startShooting(page, mouse, 250);
  await new Promise((r) => setTimeout(r, Number(process.env.WARM_MS ?? 5000)));
  if (process.env.CPU) {
    const { execSync } = await import('node:child_process');
    const pids = (type: string) => execSync(`pgrep -f -- '--type=${type}' || true`).toString().trim().split(/\s+/).filter(Boolean);
    const ticks = (pid: string) => { try { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return Number(f[11]) + Number(f[12]); } catch { return 0; } };
    const all = () => { const o: Record<string, number> = {}; for (const t of ['gpu-process', 'renderer']) o[t] = pids(t).reduce((a, p) => a + ticks(p), 0); return o; };
    const out: string[] = [];
    for (let k = 0; k < Number(process.env.REPS ?? 3); k++) {
      const c0 = all(); const i0 = await page.evaluate('window.__ft.length') as number; const w0 = Date.now();
      await new Promise((r) => setTimeout(r, Number(process.env.SEG_MS ?? 5000)));
      const c1 = all(); const i1 = await page.evaluate('window.__ft.length') as number; const w1 = Date.now();
      const n = i1 - i0;
      out.push(`frames ${n} wall/frame ${((w1 - w0) / n).toFixed(1)} gpu cpu/frame ${((c1['gpu-process'] - c0['gpu-process']) * 10 / n).toFixed(1)} renderer cpu/frame ${((c1.renderer - c0.renderer) * 10 / n).toFixed(1)}`);
    }
    console.log(out.join('\n'));
    await stopShooting(); await probe.close(); return;
  }
  if (process.env.LAYERS) {
    if (process.env.CSS) await page.addStyleTag({ content: process.env.CSS });
    const cdp = await page.context().newCDPSession(page);
    let layers: Array<{ layerId: string; offsetX: number; offsetY: number; width: number; height: number; paintCount: number; drawsContent: boolean; backendNodeId?: number }> = [];
    cdp.on('LayerTree.layerTreeDidChange', (e: { layers?: typeof layers }) => { if (e.layers) layers = e.layers; });
    await cdp.send('LayerTree.enable');
    await new Promise((r) => setTimeout(r, 1500));
    const first = new Map(layers.map((l) => [l.layerId, l.paintCount]));
    await new Promise((r) => setTimeout(r, 4000));
    for (const l of layers) {
      if (!l.drawsContent) continue;
      const why = await cdp.send('LayerTree.compositingReasons', { layerId: l.layerId }).catch(() => ({ compositingReasonIds: [] as string[] }));
      const node = l.backendNodeId ? await cdp.send('DOM.describeNode', { backendNodeId: l.backendNodeId }).then((d: { node: { localName: string; attributes?: string[] } }) => {
        const a = d.node.attributes ?? []; const cls = a[a.indexOf('class') + 1]; return `${d.node.localName}${a.includes('class') ? '.' + cls.split(' ').join('.') : ''}`;
      }).catch(() => '?') : '-';
      console.log(`layer ${l.layerId} at ${l.offsetX},${l.offsetY} ${l.width}x${l.height}: painted ${l.paintCount - (first.get(l.layerId) ?? 0)} times in 4 s (${node}) ${(why.compositingReasonIds ?? []).join(', ')}`);
    }
    await stopShooting(); await probe.close(); return;
  }
  if (process.env.TRACE) {
    await probe.browser.startTracing(page, { categories: (process.env.CATS ?? 'toplevel').split(',') });
    const t = await page.evaluate(`(${SEG})(4000)`) as number[];
    const buf = await probe.browser.stopTracing();
    fs.mkdirSync('/tmp/probe', { recursive: true });
    fs.writeFileSync(`/tmp/probe/trace-${process.env.MODE ?? 'on'}.json`, buf);
    console.log('frames', t.length, 'mean', (t.reduce((a, b) => a + b, 0) / t.length).toFixed(1));
    await stopShooting(); await probe.close(); return;
  }
  const res2: Record<string, number[]> = {}; const seg: Record<string, number[]> = {};
  const reps = Number(process.env.REPS ?? 4);
  for (let k = 0; k < reps; k++) {
    const ents = Object.entries(variants); const rot = [...ents.slice(k % ents.length), ...ents.slice(0, k % ents.length)];
    for (const [name, css] of rot) {
      await page.evaluate((c) => { let s = document.getElementById('probe-css'); if (!s) { s = document.createElement('style'); s.id = 'probe-css'; document.head.appendChild(s); } s.textContent = c; }, css);
      const t = await page.evaluate(`(${SEG})(${Number(process.env.SEG_MS ?? 3000)})`) as number[];
      (res2[name] ??= []).push(...t.slice(2)); (seg[name] ??= []).push(t.slice(2).reduce((a, b) => a + b, 0) / Math.max(1, t.length - 2));
    }
  }
  await stopShooting();
  const q = (a: number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
  for (const [n, t] of Object.entries(res2)) console.log(`${process.env.MODE ?? 'on'} ${n}: frames ${t.length} p50 ${q(t, 0.5).toFixed(1)} p90 ${q(t, 0.9).toFixed(1)} p99 ${q(t, 0.99).toFixed(1)} mean ${(t.reduce((a, b) => a + b, 0) / t.length).toFixed(1)} seg means ${seg[n].map((x) => x.toFixed(0)).join(' ')}`);
  await probe.close();
}
main().catch((e) => { console.error(e); process.exit(1); });
