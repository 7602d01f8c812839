/**
 * Probe (not part of `npm run bench`): what the frames of a running drill cost, and why the slow
 * ones are slow. One page of drill ID (default 134) in headless Chromium (SwiftShader, 1280x720,
 * the render bench's flags), options as saved (default options, or
 * PATCH='{"video":{...},"visual":{...},"hud":{...}}'), a player aiming at the nearest target and
 * clicking every 250 ms. Every frame is waited for (a 1-pixel readPixels in a rAF callback, as
 * the render bench's recorder) and, per frame, the page's WebGL calls are counted by wrapping
 * WebGL2RenderingContext's prototype before the page loads: draw calls, viewports of a square
 * >= 1024 px (a shadow-map redraw), shader compiles and program links, texture uploads, buffer
 * upload bytes, clears, framebuffer binds, calls that wait for the GPU process (getParameter,
 * getError, ...), DOM mutations, and the run's kills and shots from `__aimDebug`.
 * After WARM_MS (4000), segments of SEG_MS (REC_MS, 15000) rotate REPS times over MODES (JSON:
 * name -> { flags, css, options, restart }; default one mode "base"), so that variants are compared in the same
 * page, interleaved. Flags change what the page's WebGL calls do (experiments, not fixes):
 * `noclear` clears only 16 x 16 texels of a shadow map, `nodraw` skips the draws into it,
 * `skip: [i...]` skips the frame's i-th draw of the view, `nodepth` / `nowrite: [i...]` draw
 * them with the depth test and writes off / writes off, `skipProg: [p...]` skips the view's draws
 * with program p (numbered by first use, as LIST prints them; the numbering can change between
 * pages), `skipSig: ['I768', 'N264', ...]` those instanced (I) or not (N) with that index count, `noclear2` skips the view's clears
 * after the frame's first (until 6ef2d53 the depth clear before the weapon's rendering group; the
 * build since makes none), `clear2full` makes a
 * scissored one clear the whole view, `nocolour` leaves the colour out of the view's first clear; `css` is applied to the page (e.g.
 * hiding a layer). Per mode: percentiles, kill frames against the others, frames with a
 * shadow redraw against those without; LIST=1 prints the draw calls of one frame first (mode,
 * index count, instances, program), TOP=n the n slowest frames with their counts.
 * Keep WARM_MS + REPS x modes x SEG_MS under the drill's 60 s (a round that ends reads fast).
 *   npx tsx test/bench/frameProbe.ts
 * Per mode it also prints the CPU time a frame of Chromium's GPU process and renderer (/proc,
 * sampled at the segments' ends: less moved by the VM's neighbours than the frame times); SEGS=1
 * prints it per segment, with the run's kill count at the segment's ends.
 * A mode's `options` ({ hud, visual, video } patches over the options the page loaded with) are
 * saved in the running drill as the settings menu's Save does (`settings/saveSucceeded` on the
 * page's Redux store, found through React's DevTools hook), so every option on and every option
 * off can be compared in one page; the first SETTLE_MS (600; 2000 when the effects are rebuilt
 * each time) of such a segment are left out while the effects rebuild. `restart: true` also
 * restarts the round in place (the restart key), for what applies from the next round on (the
 * despawn animation).
 * PERF=prefix records each segment's GPU process with Linux perf (`perf record -F 299 -g`) into
 * prefix_<mode>_<k>.data: SwiftShader's compiled shader routines show there as their own
 * mappings (memfd:swiftshader_jit), so the time of each routine (one per pipeline: the walls'
 * pixels, the particles' vertices, ...) can be told apart per mode.
 * DIST picks the build (default dist/).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { clickToStart } from '../e2e/harness';
import { chromiumCpuMs, openProbePage, startShooting, type OptionsPatch } from './chromiumGame';

/** Installed before any page script: the WebGL call counts of the frame so far in `window.__fcCur`, and the experiments of `window.__probe`. */
const COUNT = `(function () {
  var P = WebGL2RenderingContext.prototype; var c = { draw: 0, shadowVp: 0, compile: 0, link: 0, tex: 0, buf: 0, clear: 0, fbo: 0 };
  window.__fcCur = c; var ora = window.requestAnimationFrame; window.requestAnimationFrame = function (cb) { return ora.call(window, function (t) { if (window.__di0) { di = 0; window.__di0 = false; } cb(t); }); };
  function wrap(name, f) { var o = P[name]; P[name] = function () { f.apply(this, arguments); return o.apply(this, arguments); }; }
  ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced'].forEach(function (n) { wrap(n, function () { c.draw++; }); });
  wrap('viewport', function (x, y, w, h) { if (w >= 1024 && w === h) c.shadowVp++; });
  wrap('compileShader', function () { c.compile++; });
  c.sync = 0; window.__syncNames = {};
  ['getParameter', 'getError', 'getProgramParameter', 'getShaderParameter', 'getUniformLocation', 'getAttribLocation', 'checkFramebufferStatus', 'getExtension', 'clientWaitSync', 'getSyncParameter', 'getQueryParameter', 'getBufferSubData', 'getShaderInfoLog', 'getProgramInfoLog', 'getActiveUniform', 'getActiveAttrib', 'getUniformBlockIndex', 'getIndexedParameter', 'getTexParameter', 'getFramebufferAttachmentParameter', 'getInternalformatParameter', 'getShaderPrecisionFormat'].forEach(function (n) { if (P[n]) wrap(n, function () { c.sync++; window.__syncNames[n] = (window.__syncNames[n] || 0) + 1; }); });
  wrap('linkProgram', function () { c.link++; });
  wrap('clear', function () { c.clear++; });
  var vpW = 0, oc = P.clear, ov = P.viewport; window.__probe = {};
  P.viewport = function (x, y, w, h) { vpW = w === h ? w : 0; return ov.apply(this, arguments); };
  var ci = 0; P.clear = function (m) { if (vpW < 1024 && di === 0) ci = 0; if (vpW < 1024 && ci === 0 && window.__probe.nocolour && (m & this.COLOR_BUFFER_BIT)) { ci++; return oc.call(this, m & ~this.COLOR_BUFFER_BIT); } if (vpW < 1024 && ci++ > 0 && window.__probe.noclear2) return; if (vpW < 1024 && ci > 1 && window.__probe.clear2full && this.isEnabled(this.SCISSOR_TEST)) { this.disable(this.SCISSOR_TEST); oc.call(this, m); this.enable(this.SCISSOR_TEST); return; } if (vpW >= 1024 && window.__probe.noclear) { this.enable(this.SCISSOR_TEST); this.scissor(0, 0, 16, 16); oc.call(this, m); this.disable(this.SCISSOR_TEST); return; } return oc.apply(this, arguments); };
  var prog = null, progs = new Map(), di = 0; var ou = P.useProgram; P.useProgram = function (p) { prog = p; if (p && !progs.has(p)) progs.set(p, progs.size); return ou.apply(this, arguments); };
  window.__drawLog = null;
  ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced'].forEach(function (n) { var o = P[n]; P[n] = function () {
    var i = vpW >= 1024 ? -1 : di++;
    if (window.__drawLog) window.__drawLog.push(n + ' mode ' + arguments[0] + ' count ' + (n.indexOf('Elements') >= 0 ? arguments[1] : arguments[2]) + ' inst ' + (n.indexOf('Instanced') >= 0 ? arguments[n.indexOf('Elements') >= 0 ? 4 : 3] : 1) + ' prog ' + progs.get(prog) + (i < 0 ? ' (shadow map)' : ' #' + i));
    if (vpW >= 1024 && window.__probe.nodraw) return; if (i >= 0 && window.__probe.skip && window.__probe.skip.indexOf(i) >= 0) return;
    if (i >= 0 && window.__probe.skipProg && window.__probe.skipProg.indexOf(progs.get(prog)) >= 0) return;
    if (i >= 0 && window.__probe.skipSig && window.__probe.skipSig.indexOf((n.indexOf('Instanced') >= 0 ? 'I' : 'N') + (n.indexOf('Elements') >= 0 ? arguments[1] : arguments[2])) >= 0) return;
    if (i >= 0 && window.__probe.nodepth && window.__probe.nodepth.indexOf(i) >= 0) { var dt = this.isEnabled(this.DEPTH_TEST), dm = this.getParameter(this.DEPTH_WRITEMASK); this.disable(this.DEPTH_TEST); this.depthMask(false); var rv = o.apply(this, arguments); if (dt) this.enable(this.DEPTH_TEST); this.depthMask(dm); return rv; }
    if (i >= 0 && window.__probe.nowrite && window.__probe.nowrite.indexOf(i) >= 0) { var dm2 = this.getParameter(this.DEPTH_WRITEMASK); this.depthMask(false); var rv2 = o.apply(this, arguments); this.depthMask(dm2); return rv2; }
    return o.apply(this, arguments); }; });
  wrap('bindFramebuffer', function () { c.fbo++; });
  ['texImage2D', 'texSubImage2D', 'texImage3D', 'texStorage2D'].forEach(function (n) { wrap(n, function () { c.tex++; }); });
  wrap('bufferData', function (t, d) { c.buf += (d && d.byteLength) || 0; });
  wrap('bufferSubData', function (t, off, d) { c.buf += (d && d.byteLength) || 0; });
})();`;

/** Installed before any page script: React's DevTools hook, so the probe can find the page's
 * Redux store (`window.__probeStore()`: the `store` prop of the first fiber that has one) and save
 * options in the running drill as the settings menu's Save does (`settings/saveSucceeded`). */
const STORE_HOOK = `(function () {
  var roots = new Set();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject: function () { return 1; }, checkDCE: function () {},
    onCommitFiberRoot: function (id, root) { roots.add(root); }, onCommitFiberUnmount: function () {}, onPostCommitFiberRoot: function () {}, onScheduleFiberRoot: function () {} };
  window.__probeStore = function () {
    var found = null;
    roots.forEach(function (root) { var stack = [root.current]; while (!found && stack.length) { var f = stack.pop(); if (!f) continue;
      var p = f.memoizedProps; if (p && p.store && typeof p.store.dispatch === 'function') { found = p.store; break; } if (f.sibling) stack.push(f.sibling); if (f.child) stack.push(f.child); } });
    return found;
  };
})();`;

/** The pid of Chromium's GPU process (/proc), or throws. */
function gpuProcessPid(): number {
  for (const d of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try { if (fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('--type=gpu-process')) return Number(d); } catch { /* ended */ }
  }
  throw new Error('no GPU process');
}

async function main() {
  const init = [STORE_HOOK, ...(process.env.ALPHA0 ? [`(function () { var g = HTMLCanvasElement.prototype.getContext; HTMLCanvasElement.prototype.getContext = function (t, o) { if (t === 'webgl2' || t === 'webgl') o = Object.assign({}, o, { alpha: false }); return g.call(this, t, o); }; })()`] : []), COUNT];
  const probe = await openProbePage(process.env.DIST ?? 'dist', Number(process.env.ID ?? 134), JSON.parse(process.env.PATCH ?? '{}') as OptionsPatch, init);
  const { page } = probe;
  const mouse = await clickToStart(page);
  await page.evaluate(`(function () { var c = document.querySelector('#game-canvas'); var gl = c.getContext('webgl2') || c.getContext('webgl'); var px = new Uint8Array(4); window.__fr = []; window.__mut = 0; new MutationObserver(function (l) { window.__mut += l.length; }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    function step() { gl.readPixels(0,0,1,1,gl.RGBA,gl.UNSIGNED_BYTE,px); var d = window.__aimDebug; var k = d && d.counters ? d.counters() : null; var c = window.__fcCur;
      window.__fr.push({ t: performance.now(), kills: k ? k.kills : -1, shots: k ? k.shots : -1, c: Object.assign({ mut: window.__mut }, c) }); window.__mut = 0; for (var key in c) c[key] = 0; window.__di0 = true; requestAnimationFrame(step); } requestAnimationFrame(step); })()`);
  const stopShooting = startShooting(page, mouse, 250);
  await new Promise((r) => setTimeout(r, Number(process.env.WARM_MS ?? 4000)));
  if (process.env.LIST) { await page.evaluate('window.__drawLog = []'); await page.evaluate('new Promise(function (r) { requestAnimationFrame(function () { requestAnimationFrame(r); }); })'); console.log((await page.evaluate('window.__drawLog.splice(0)') as string[]).join('\n')); await page.evaluate('window.__drawLog = null'); }
  // MODES: JSON name -> { flags for window.__probe, css, options, restart } (the header above):
  // segments of SEG_MS rotate over them
  const modes: Record<string, { flags?: Record<string, boolean>; css?: string; options?: OptionsPatch; restart?: boolean }> = JSON.parse(process.env.MODES ?? '{"base":{}}');
  const segs: Array<{ mode: string; i0: number; i1: number; gpuMs: number; rendererMs: number }> = [];
  const names = Object.keys(modes);
  for (let k = 0; k < Number(process.env.REPS ?? 1) * names.length; k++) {
    const mode = names[k % names.length];
    await page.evaluate((m) => { (window as any).__probe = m.flags ?? {}; let st = document.getElementById('probe-css'); if (!st) { st = document.createElement('style'); st.id = 'probe-css'; document.head.appendChild(st); } st.textContent = m.css ?? ''; }, modes[mode]);
    const opts = modes[mode].options ?? (names.some((n) => modes[n].options) ? {} : null);
    if (opts) {
      await page.evaluate((o: any) => {
        const store = (window as any).__probeStore();
        if (!store) throw new Error('the probe found no Redux store');
        const st = store.getState().settings;
        const base = (window as any).__probeBase ?? ((window as any).__probeBase = st.gameOptions);
        const g = { ...base, hud: { ...base.hud, ...o.hud }, visual: { ...base.visual, ...o.visual }, video: { ...base.video, ...o.video } };
        store.dispatch({ type: 'settings/saveSucceeded', payload: { gameOptions: g, controls: st.controls } });
      }, opts);
      // `restart`: the round restarts in place (the restart key), so that what applies from the
      // next round on (the despawn animation) applies
      if (modes[mode].restart) await page.keyboard.press('KeyR');
      await new Promise((r) => setTimeout(r, Number(process.env.SETTLE_MS ?? 600)));
    }
    const i0 = await page.evaluate('window.__fr.length') as number;
    const cpu0 = chromiumCpuMs();
    const segMs = Number(process.env.SEG_MS ?? process.env.REC_MS ?? 15000);
    // PERF=prefix: the segment's GPU process sampled by Linux perf into prefix_<mode>_<k>.data
    const perf = process.env.PERF ? spawn('perf', ['record', '-F', '299', '-g', '-p', String(gpuProcessPid()), '-o', `${process.env.PERF}_${mode}_${k}.data`, '--', 'sleep', String(segMs / 1000)], { stdio: 'ignore' }) : null;
    await new Promise((r) => setTimeout(r, segMs));
    if (perf) await new Promise((r) => perf.on('exit', r));
    const i1 = await page.evaluate('window.__fr.length') as number;
    const cpu1 = chromiumCpuMs();
    segs.push({ mode, i0: i0 + 1, i1, gpuMs: cpu1.gpu - cpu0.gpu, rendererMs: cpu1.renderer - cpu0.renderer });
  }
  console.log('sync WebGL calls over the run:', JSON.stringify(await page.evaluate('window.__syncNames')));
  const fr = (await page.evaluate('window.__fr')) as Array<{ t: number; kills: number; shots: number; c: Record<string, number> }>;
  await stopShooting();
  for (const name of names) {
  const rows: any[] = [];
  for (const sg of segs.filter((x) => x.mode === name)) for (let i = sg.i0; i < sg.i1 && i < fr.length; i++) rows.push({ i, dt: fr[i].t - fr[i - 1].t, kill: fr[i].kills - fr[i - 1].kills, shot: fr[i].shots - fr[i - 1].shots, prevKill: fr[i - 1].kills - (fr[i - 2]?.kills ?? fr[i - 1].kills), prevShadow: fr[i - 1].c.shadowVp, ...fr[i].c });
  console.log(`==== ${name}`);
  const s = [...rows].sort((a, b) => a.dt - b.dt);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].dt;
  console.log('kills', rows.reduce((a, r) => a + r.kill, 0), 'shots', rows.reduce((a, r) => a + r.shot, 0));
  const mine = segs.filter((x) => x.mode === name);
  const nFrames = mine.reduce((a, x) => a + x.i1 - x.i0 + 1, 0);
  const perSeg = mine.map((x) => x.gpuMs / (x.i1 - x.i0 + 1)).sort((a, b) => a - b);
  console.log(`CPU ms / frame: GPU process ${(mine.reduce((a, x) => a + x.gpuMs, 0) / nFrames).toFixed(1)} (segments' median ${perSeg[Math.floor(perSeg.length / 2)].toFixed(1)}), renderer ${(mine.reduce((a, x) => a + x.rendererMs, 0) / nFrames).toFixed(1)}`);
  if (process.env.SEGS) console.log('segments (frames, GPU / renderer ms a frame):', mine.map((x) => `${x.i1 - x.i0 + 1} ${(x.gpuMs / (x.i1 - x.i0 + 1)).toFixed(0)}/${(x.rendererMs / (x.i1 - x.i0 + 1)).toFixed(0)} (kills ${fr[x.i0 - 1]?.kills}-${fr[Math.min(x.i1, fr.length) - 1]?.kills})`).join(', '));
  console.log(`frames ${rows.length} p50 ${q(0.5).toFixed(1)} p90 ${q(0.9).toFixed(1)} p99 ${q(0.99).toFixed(1)} max ${s[s.length - 1].dt.toFixed(1)}`);
  const fmt = (r: any) => `#${r.i} ${r.dt.toFixed(1)} ms kill ${r.kill} shot ${r.shot} draw ${r.draw} shadowVp ${r.shadowVp} compile ${r.compile} link ${r.link} tex ${r.tex} buf ${r.buf} clear ${r.clear} fbo ${r.fbo} mut ${r.mut} sync ${r.sync}`;
  console.log('median frame:', fmt(s[Math.floor(s.length / 2)]));
  if (process.env.TOP) { console.log('slowest:'); for (const r of s.slice(-Number(process.env.TOP)).reverse()) console.log(' ', fmt(r)); }
  const by = (f: (r: any) => boolean) => { const a = rows.filter(f).map((r) => r.dt).sort((x, y) => x - y); return a.length ? `${a.length} frames p50 ${a[Math.floor(a.length / 2)].toFixed(1)} max ${a[a.length - 1].toFixed(1)}` : '0 frames'; };
  console.log('with shadow redraw:', by((r) => r.shadowVp > 0), '| without:', by((r) => r.shadowVp === 0));
  console.log('kill frames:', by((r) => r.kill > 0), '| the frame after:', by((r) => r.prevKill > 0), '| others:', by((r) => r.kill === 0 && !(r.prevKill > 0)));
  console.log('with compile/link:', by((r) => r.compile + r.link > 0), '| with sync calls:', by((r) => r.sync > 0));
  console.log('frame after a shadow redraw:', by((r) => r.prevShadow > 0));
  }
  await probe.close();
}
main().catch((e) => { console.error(e); process.exit(1); });
