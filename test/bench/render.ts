/**
 * `render` of shared/reference/benchmarks.md (issue 11's and issue 18 item 2's frame-time goals):
 * frame times of the real game page in headless Chromium (SwiftShader, 1280x720, DPR 1, vsync
 * and the frame-rate limit off: `--disable-gpu-vsync --disable-frame-rate-limit`), against the
 * minimal Babylon page (test/bench/reference/minimal: engine, scene, camera, light, one sphere as
 * 3 thin instances, or `?n=N` instances) in the same run.
 *
 * Sides (each a browser context = its own guest, whose game options are saved once through
 * `POST /gameoptions/edit`, as the settings menu saves them; with RENDER_BASE_DIST also `134 before`,
 * `134 low before`, `134 on before`, `134 off before` and `134 <room> before`, the same on that older build):
 *  - `ref3` / `ref100`: the minimal page with 3 / RENDER_N spheres;
 *  - `134`: drill 134 with the default options (video preset High); `134 low`: the same with the
 *    Low video preset (src/state/settings/presets.ts VIDEO_PRESETS.Low);
 *  - `134 studio` / `134 arena` / `134 range`: `134` in that room (visual.room; issue 35 item 1);
 *  - `134 on` / `134 off`: every HUD and visual option on (bars, arrows, explode particles,
 *    tracers, bullet holes, weapon, on-hit effects, FPS counter) / off, video as the default;
 *  - `100 on` / `100 off` (and `ref100`): the same on a bench drill of RENDER_N (100) moving
 *    targets (drill 134's fields with num_targets N, 3 hit points, 5 s lifetimes: both bars
 *    show), written into the benchmark's own SQLite file before the server answers anything.
 * A round opens each side's page in turn (order reversed on odd rounds, so machine load hits
 * every side alike), starts the drill with a real click (pointer lock), lets WARMUP_FRAMES
 * frames pass (or WARMUP_MS), then records FRAMES frame intervals (or ROUND_MS of them) and the
 * long tasks (> 50 ms, PerformanceObserver 'longtask') during them. On the game pages a player aims at the nearest
 * target (read-only `__aimDebug`) and clicks with `page.mouse` every SHOT_MS, so hits, kills,
 * particles and the shot effects happen; the minimal page gets the same clicks (it ignores them).
 * Reported: per side p50 / p99 / mean over all rounds, long tasks, and the CPU time per recorded
 * frame of Chromium's GPU process (where SwiftShader draws the WebGL frame and composites the
 * page's layers, on every core) and renderers (chromiumCpuMs, /proc); per comparison the median
 * over rounds of the per-round p99 ratio (and of the p50 ratio, and of the GPU-process CPU time
 * per frame: on a shared VM frame times follow the neighbours' load more than CPU time does).
 *
 * Needs `npm run build` (dist/) and `npx vite build --config test/bench/reference/minimal/vite.config.ts`.
 * Env: RENDER_ROUNDS (default 5), RENDER_FRAMES (600 per round per side: benchmarks.md's count;
 * a p99 of 120 frames, the default until 2026-11-27, is the second-slowest frame, and a VM
 * stall in either side's round moved one round's ratio by up to 0.5), RENDER_SETS ('134,many'),
 * RENDER_N (targets of the many-target drill, default 100), RENDER_MANY_REF=0 (no `ref100` side),
 * RENDER_WARMUP_MS / RENDER_ROUND_MS (the time bounds below), RENDER_BASE_DIST (before/after),
 * RENDER_SIDES (a comma-separated subset of the side names), RENDER_WITHOUT (comma-separated
 * options, e.g. `hud.fps`: adds a side `134 on -hud.fps` per option, every option on but that one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { defaultGameOptions, type GameOptions } from '../../src/contracts/gameOptions';
import { VIDEO_PRESETS } from '../../src/state/settings/presets';
import { clickToStart, readAimDebug } from '../e2e/harness';
import { chromiumCpuMs, launchBenchChromium, startShooting, type ChromiumCpu } from './chromiumGame';
import { refServer } from './loadTime';
import { median, row, stats, type Stats } from './harness';

const APP_DIST = path.resolve('dist');
const WARMUP_FRAMES = 100;
/** The warm-up ends after WARMUP_FRAMES frames or this many ms, whichever comes first, and a
 * round's recording after its frames or this many ms (at least 5 frames): SwiftShader draws
 * some sides at under 1 frame/s on a loaded 2-core machine, and the run must stay bounded. */
const WARMUP_MS = Number(process.env.RENDER_WARMUP_MS) || 8000;
const ROUND_MS = Number(process.env.RENDER_ROUND_MS) || 40000;
const SHOT_MS = 250;
/** The bench drill of RENDER_N (default 100) moving targets (an id not in the catalogue). At
 * 1000 targets SwiftShader draws a frame of the game in seconds (1000 shadowed spheres) on this
 * machine: the Node benchmark render-cpu covers N = 1000 for the view's JavaScript. */
const MANY_DRILL = 9901;
const MANY_N = Number(process.env.RENDER_N) || 100;

type Options = Pick<GameOptions, 'hud' | 'visual' | 'video'>;

/** Every boolean of `group` set to `on`. */
function allBooleans<T extends object>(group: T, on: boolean): T {
  const out = { ...group } as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) if (typeof v === 'boolean') out[k] = on;
  return out as T;
}

/** The HUD and visual options with everything on (explode: the particles) or off. */
function everything(on: boolean): Options {
  const d = defaultGameOptions();
  return {
    video: d.video,
    hud: { ...allBooleans(d.hud, on), stats: on ? 2 : 0 },
    visual: { ...allBooleans(d.visual, on), target_despawn_animation: on ? 'explode' : 'none', muzzle_flash_size: on ? 6 : 0 },
  };
}

/** Every option on (`everything(true)`) but `key` ('group.option') as every option off has it.
 * Throws for a key that is not an option of the HUD or visual group. */
function without(key: string): Options {
  const [group, name] = key.split('.') as ['hud' | 'visual', string];
  const on = everything(true)[group] as Record<string, unknown> | undefined;
  const off = everything(false)[group] as Record<string, unknown> | undefined;
  if (!on || !off || !(name in off)) throw new Error(`RENDER_WITHOUT: ${key} is not a hud.* or visual.* option`);
  return { ...everything(true), [group]: { ...on, [name]: off[name] } };
}

interface SideDef {
  name: string;
  /** path + query on the app server (null: the minimal page) */
  app: string | null;
  /** minimal page: its sphere count */
  n?: number;
  /** served by the RENDER_BASE_DIST server (an older build, for a before/after) */
  base?: boolean;
  options?: Options;
}

interface SideRun extends SideDef {
  context: BrowserContext;
  url: string;
  frames: number[];
  longTasks: number[];
  /** per round: p50 and p99 of that round's frames */
  rounds: { p50: number; p99: number }[];
  finishedEarly: number;
  /** per round: CPU ms per recorded frame of Chromium's GPU process (SwiftShader draws there, on
   * every core) and of its renderers (the page's JavaScript, style, layout, paint) */
  cpu: { gpu: number[]; renderer: number[] };
}

/** The in-page recorder, as source text (a function given to page.evaluate would carry tsx's
 * `__name` helper calls into the page): after `warm` animation frames, the next `count` frame
 * intervals (rAF timestamps, ms) and the durations of the long tasks meanwhile. Each frame it
 * reads one pixel of the page's WebGL canvas (`sel`): with the frame-rate limit off, Chromium
 * otherwise lets the page queue frames far ahead of SwiftShader (a first run measured 0.4 ms
 * "frames" and then one 91 s \`bufferSubData\` stall when the queue was drained); the read waits
 * for the GPU process to finish the frame, so a frame interval includes drawing it. The recorder's
 * callback is requested after the page's render loop started, so it runs after the page drew. */
const RECORD_FRAMES = `function (warm, count, sel, warmMs, countMs) {
  return new Promise(function (resolve) {
    var times = [], long = [], obs = null, k = 0, last = 0, t0 = performance.now(), tw = -1;
    var canvas = document.querySelector(sel);
    var gl = canvas && (canvas.getContext('webgl2') || canvas.getContext('webgl'));
    if (!gl) throw new Error('no WebGL canvas ' + sel);
    var px = new Uint8Array(4);
    function take(list) { for (var i = 0; i < list.length; i++) long.push(list[i].duration); }
    function step() {
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      var t = performance.now(); // this frame drawn
      if (tw < 0 && (k >= warm || t - t0 >= warmMs)) {
        tw = t;
        window.__benchWarm = true; // the bench samples the processes' CPU time from here
        obs = new PerformanceObserver(function (l) { take(l.getEntries()); });
        obs.observe({ type: 'longtask' });
      } else if (tw >= 0) times.push(t - last);
      last = t;
      k++;
      if (times.length >= count || (tw >= 0 && t - tw >= countMs && times.length >= 5)) {
        if (obs) { take(obs.takeRecords()); obs.disconnect(); }
        resolve({ times: times, long: long });
        return;
      }
      requestAnimationFrame(step);
    }
    requestAnimationFrame(step);
  });
}`;

/** One round of a side: open, start, warm up, record `frames` frame intervals. */
async function measureOnce(side: SideRun, frames: number): Promise<void> {
  const page = await side.context.newPage();
  try {
    await page.goto(side.url);
    let mouse = { x: 640, y: 360 };
    if (side.app) mouse = await clickToStart(page);
    else await page.waitForFunction(() => performance.getEntriesByName('ref:first-frame').length > 0, null, { timeout: 60_000 });
    const stopShooting = startShooting(page, mouse, SHOT_MS, !!side.app);
    const recording = page.evaluate(`(${RECORD_FRAMES})(${WARMUP_FRAMES}, ${frames}, ${JSON.stringify(side.app ? '#game-canvas' : '#c')}, ${WARMUP_MS}, ${ROUND_MS})`) as Promise<{ times: number[]; long: number[] }>;
    let cpu0: ChromiumCpu | null = null;
    let ended = false;
    void recording.finally(() => { ended = true; }).catch(() => undefined);
    while (!ended && !cpu0) {
      if (await page.evaluate('window.__benchWarm === true').catch(() => false)) cpu0 = chromiumCpuMs();
      else await new Promise((res) => setTimeout(res, 25));
    }
    const r = await recording;
    const cpu1 = chromiumCpuMs();
    await stopShooting();
    if (side.app && (await readAimDebug(page)).finished) side.finishedEarly++;
    side.frames.push(...r.times);
    side.longTasks.push(...r.long);
    const s = stats(r.times);
    side.rounds.push({ p50: s.p50, p99: s.p99 });
    if (cpu0 && r.times.length > 0) {
      side.cpu.gpu.push((cpu1.gpu - cpu0.gpu) / r.times.length);
      side.cpu.renderer.push((cpu1.renderer - cpu0.renderer) / r.times.length);
    }
  } finally {
    await page.close();
  }
}

/** A context for `def` whose guest has `def.options` saved. */
async function prepare(browser: Browser, def: SideDef, mainUrl: string, refUrl: string, baseUrl: string | null = null): Promise<SideRun> {
  const appUrl = def.base && baseUrl ? baseUrl : mainUrl;
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const url = def.app ? `${appUrl}${def.app}` : `${refUrl}/?n=${def.n ?? 3}`;
  if (def.app && def.options) {
    const page = await context.newPage();
    // the page's run ticket makes the guest and sets its cookie; then save its options
    const ticket = page.waitForResponse((r) => r.url().endsWith('/api/v1/runs') && r.request().method() === 'POST', { timeout: 60_000 });
    await page.goto(url);
    await ticket;
    const current = await (await context.request.get(`${appUrl}/gameoptions/edit`)).json() as { game_options: GameOptions };
    const g = current.game_options;
    const o = def.options;
    const res = await context.request.post(`${appUrl}/gameoptions/edit`, { headers: { origin: appUrl }, 
      data: { game_options: { ...g, hud: { ...g.hud, ...o.hud }, visual: { ...g.visual, ...o.visual }, video: { ...g.video, ...o.video } } },
    });
    if (!res.ok()) throw new Error(`saving the options of ${def.name} failed: ${res.status()} ${await res.text()}`);
    const back = await (await context.request.get(`${appUrl}/gameoptions/edit`)).json() as { game_options: GameOptions };
    if (JSON.stringify(back.game_options.video) !== JSON.stringify({ ...g.video, ...o.video })) throw new Error(`${def.name}: the video options did not stick`);
    await page.close();
  }
  return { ...def, context, url, frames: [], longTasks: [], rounds: [], finishedEarly: 0, cpu: { gpu: [], renderer: [] } };
}

/** Writes the bench drill of `n` moving targets (drill 134's fields plus the overrides) into `db`. */
function seedManyDrill(databaseFile: string, id: number, n: number): void {
  const db = new Database(databaseFile);
  try {
    const r = db.prepare('SELECT * FROM drills WHERE id = 134').get() as Record<string, unknown>;
    const fields = {
      ...JSON.parse(r.fields as string), id, num_targets: n, spawn_mode: 'Wall2D', position_mode: 'Random',
      position_max_dist: Math.max(5, 2 * Math.sqrt(n)), target_size: 0.3, target_moving: true, target_speed: 2,
      target_lifetime: 5000, target_health: 3, time_between_targets: 0, duration: 600000,
    };
    db.prepare('INSERT INTO drills (id, name, game_type_description, objective, category, fields) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, `Render bench ${n}`, r.game_type_description, r.objective, r.category, JSON.stringify(fields));
  } finally {
    db.close();
  }
}

const ms = (x: number) => x.toFixed(1);

/** Runs the `render` benchmark and prints its tables. */
export async function renderBench(): Promise<void> {
  const rounds = Number(process.env.RENDER_ROUNDS) || 5;
  const frames = Number(process.env.RENDER_FRAMES) || 600;
  const sets = (process.env.RENDER_SETS ?? '134,many').split(',');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-render-'));
  const databaseFile = path.join(dir, 'bench.sqlite');
  const app = await buildApp({ databaseFile, distDir: APP_DIST, logger: false, pressure: false, guestRetention: false, rateLimits: false });
  seedManyDrill(databaseFile, MANY_DRILL, MANY_N);
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const ref = await refServer();
  // RENDER_BASE_DIST=<an older build's dist>: adds `134 before`, drill 134 of that build
  let base: { url: string; close(): Promise<unknown> } | null = null;
  if (process.env.RENDER_BASE_DIST) {
    const baseApp = await buildApp({ databaseFile: path.join(dir, 'base.sqlite'), distDir: path.resolve(process.env.RENDER_BASE_DIST), logger: false, pressure: false, guestRetention: false, rateLimits: false });
    base = { url: await baseApp.listen({ port: 0, host: '127.0.0.1' }), close: () => baseApp.close() };
  }
  const browser = await launchBenchChromium();
  const load0 = fs.readFileSync('/proc/loadavg', 'utf8').trim();
  const t0 = Date.now();
  try {
    const low = { ...defaultGameOptions().video, ...VIDEO_PRESETS.Low };
    const defs: SideDef[] = [];
    if (sets.includes('134')) {
      defs.push({ name: 'ref3', app: null, n: 3 });
      defs.push({ name: '134', app: '/?id=134' });
      if (base) defs.push({ name: '134 before', app: '/?id=134', base: true });
      defs.push({ name: '134 low', app: '/?id=134', options: { ...pick(defaultGameOptions()), video: low } });
      if (base) defs.push({ name: '134 low before', app: '/?id=134', base: true, options: { ...pick(defaultGameOptions()), video: low } });
      defs.push({ name: '134 on', app: '/?id=134', options: everything(true) });
      if (base) defs.push({ name: '134 on before', app: '/?id=134', base: true, options: everything(true) });
      defs.push({ name: '134 off', app: '/?id=134', options: everything(false) });
      if (base) defs.push({ name: '134 off before', app: '/?id=134', base: true, options: everything(false) });
      // issue 35 item 1: drill 134 in each room (visual.room overrides its factory room), the
      // default options otherwise: each at most 1.2x `134` (p99)
      for (const room of ['studio', 'arena', 'range'] as const) {
        const o = pick(defaultGameOptions());
        defs.push({ name: `134 ${room}`, app: '/?id=134', options: { ...o, visual: { ...o.visual, room } } });
        if (base) defs.push({ name: `134 ${room} before`, app: '/?id=134', base: true, options: { ...o, visual: { ...o.visual, room } } });
      }
      // RENDER_WITHOUT=hud.fps,visual.show_weapon: a `134 on -<option>` side per option, every
      // option on but that one as in `134 off` (to find which option the on / off cost is)
      for (const key of (process.env.RENDER_WITHOUT ?? '').split(',').filter(Boolean)) defs.push({ name: `134 on -${key}`, app: '/?id=134', options: without(key) });
    }
    if (sets.includes('many')) {
      if (process.env.RENDER_MANY_REF !== '0') defs.push({ name: `ref${MANY_N}`, app: null, n: MANY_N });
      defs.push({ name: `${MANY_N} on`, app: `/?id=${MANY_DRILL}`, options: everything(true) });
      defs.push({ name: `${MANY_N} off`, app: `/?id=${MANY_DRILL}`, options: everything(false) });
    }
    const only = process.env.RENDER_SIDES?.split(',');
    const sides: SideRun[] = [];
    for (const d of defs.filter((x) => !only || only.includes(x.name))) sides.push(await prepare(browser, d, appUrl, ref.url, base?.url ?? null));
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? sides : [...sides].reverse();
      for (const s of order) {
        await measureOnce(s, frames);
        const last = s.rounds[s.rounds.length - 1];
        process.stderr.write(`render: round ${r + 1} ${s.name}: p50 ${ms(last.p50)} ms, p99 ${ms(last.p99)} ms\n`);
      }
      process.stderr.write(`render: round ${r + 1}/${rounds} done, ${((Date.now() - t0) / 1000).toFixed(0)} s, load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`);
    }
    const load1 = fs.readFileSync('/proc/loadavg', 'utf8').trim();
    const by = (name: string) => sides.find((s) => s.name === name);
    console.log(`## render: frame times in headless Chromium (SwiftShader, 1280x720, vsync and frame-rate limit off, each frame waited for with a 1-pixel readPixels), ${rounds} interleaved rounds x ${frames} frames or ${ROUND_MS / 1000} s per side after ${WARMUP_FRAMES} warm-up frames or ${WARMUP_MS / 1000} s; load average ${load0.split(' ').slice(0, 3).join(' ')} at the start, ${load1.split(' ').slice(0, 3).join(' ')} at the end; ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
    console.log(row(['side', 'frames', 'p50 ms', 'p99 ms', 'mean ms (fps)', 'max ms', 'long tasks > 50 ms after warm-up (longest)', 'rounds that ended early', 'CPU ms / frame: GPU process, renderer (median of rounds)']));
    console.log(row(Array(9).fill('---')));
    for (const s of sides) {
      const st: Stats = stats(s.frames);
      console.log(row([s.name, st.n, ms(st.p50), ms(st.p99), `${ms(st.mean)} (${(1000 / st.mean).toFixed(1)})`, ms(st.max),
        `${s.longTasks.length}${s.longTasks.length ? ` (${Math.max(...s.longTasks).toFixed(0)} ms)` : ''}`, s.finishedEarly,
        s.cpu.gpu.length ? `${ms(median(s.cpu.gpu))}, ${ms(median(s.cpu.renderer))}` : '-']));
    }
    console.log('');
    const pairs: Array<[string, string, string, number]> = [
      ['134', 'ref3', 'issue 18 item 2: drill 134 <= 1.5x the minimal 3-sphere page (p99); benchmarks.md <= 1.2x', 1.5],
      ['134', '134 before', 'this build / RENDER_BASE_DIST (before/after)', Infinity],
      ['134 before', 'ref3', 'the older build against the minimal page', 1.5],
      ['134 low', 'ref3', 'issue 18 item 2: the Low preset <= 1.1x', 1.1],
      ['134 low', '134 low before', 'the Low preset, this build / RENDER_BASE_DIST', Infinity],
      ['134 low before', 'ref3', 'the older build\'s Low preset against the minimal page', 1.1],
      ['134 on', '134 off', 'issue 11: every option on <= 1.2x all off (p99)', 1.2],
      ['134 on', '134 on before', 'every option on, this build / RENDER_BASE_DIST', Infinity],
      ['134 on before', '134 off', 'the older build\'s every option on against this build\'s all off', 1.2],
      ['134 off', '134 off before', 'every option off, this build / RENDER_BASE_DIST', Infinity],
      ['134 on before', '134 off before', 'issue 11 on the older build: every option on <= 1.2x all off (p99)', 1.2],
      [`${MANY_N} on`, `${MANY_N} off`, `issue 11 at ${MANY_N} moving targets: on <= 1.2x off (p99)`, 1.2],
      [`${MANY_N} on`, `ref${MANY_N}`, `benchmarks.md: ${MANY_N} targets <= 1.2x the minimal page with ${MANY_N} spheres`, 1.2],
    ];
    for (const room of ['studio', 'arena', 'range']) pairs.push([`134 ${room}`, '134', `issue 35 item 1: the ${room} room <= 1.2x the factory room (p99)`, 1.2]);
    for (const room of ['studio', 'arena', 'range']) pairs.push([`134 ${room}`, `134 ${room} before`, `the ${room} room, this build / RENDER_BASE_DIST`, Infinity], [`134 ${room} before`, '134', `the older build's ${room} room against this build's factory room`, 1.2]);
    for (const s of sides) if (s.name.startsWith('134 on -')) pairs.push([s.name, '134 off', 'every option on but one / all off (RENDER_WITHOUT)', Infinity]);
    console.log(row(['A / B', 'median p99 ratio (rounds)', 'median p50 ratio', 'GPU-process CPU per frame ratio (median of rounds)', 'goal', 'verdict']));
    console.log(row(Array(6).fill('---')));
    for (const [a, b, goal, max] of pairs) {
      const sa = by(a);
      const sb = by(b);
      if (!sa || !sb) continue;
      const r99 = sa.rounds.map((x, i) => x.p99 / sb.rounds[i].p99);
      const r50 = sa.rounds.map((x, i) => x.p50 / sb.rounds[i].p50);
      const m99 = median(r99);
      const rCpu = sa.cpu.gpu.length === sb.cpu.gpu.length && sa.cpu.gpu.length > 0 ? median(sa.cpu.gpu.map((x, i) => x / sb.cpu.gpu[i])).toFixed(2) : '-';
      console.log(row([`${a} / ${b}`, `${m99.toFixed(2)} (${r99.map((x) => x.toFixed(2)).join(' ')})`, median(r50).toFixed(2), rCpu, goal, max === Infinity ? '-' : m99 <= max ? 'MET' : 'NOT MET']));
    }
    console.log('');
  } finally {
    await browser.close();
    await ref.close();
    await base?.close();
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The HUD, visual and video groups of `o`. */
function pick(o: GameOptions): Options {
  return { hud: o.hud, visual: o.visual, video: o.video };
}
