/**
 * Benchmarks `bundle` and `load-time` of shared/reference/benchmarks.md (issue 18 item 1):
 * - bundle: gzip (level 9) of the initial JS from the Vite manifests, the JS each page loads
 *   before its first drawn frame (src/server/preload.ts firstFrameFiles): the game page's entry,
 *   preloaded game chunk and first shaders, against the minimal deep-import Babylon page
 *   (test/bench/reference/minimal, same Babylon version) with the shader chunks it loads before
 *   drawing; and, for reference, the UI's chunk and the round's chunk (src/app.tsx and
 *   src/game/roundParts.ts, loaded after the first frame: not initial JS);
 * - load-time (issue 33 item 5): headless Chromium, 1280x720, a fresh context (cold cache) per
 *   load, navigation start to "Click to start" of drill 134 with its targets drawn: the later of
 *   the app's `aim:targets-frame` (the first frame with the round's first targets) and the
 *   prompt (`[data-testid="start-instructions"]`) on screen (`bench:click-to-start`, set in the
 *   first task after the frame it entered the DOM), for a player whose pre-roll already ran
 *   this session (the 3 s house ad is at most once per 5 minutes); against the minimal page's
 *   first drawn frame (`ref:first-frame`: the spheres drawn; its first render, the clear colour,
 *   `ref:first-render`, is shown too), interleaved (A B, B A, ...), both served compressed (br)
 *   and immutable from 127.0.0.1; plus the JS + CSS requested before that moment
 *   (transferSize) and when the gameconfig, options and run-ticket calls started against the
 *   chunks (Resource Timing).
 *
 * Needs `npx vite build` and `npx vite build --config test/bench/reference/minimal/vite.config.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import type { Browser } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { compressedVariant, pickEncoding } from '../../src/server/compression';
import { entryKey, firstFrameFiles, GAME_CHUNK_KEY, GAME_FIRST_FRAME_SHADER_KEYS, staticClosure, type ViteManifest } from '../../src/server/preload';
import { launchBrowser } from '../e2e/harness';
import { median, row, stats } from './harness';

const APP_DIST = path.resolve('dist');
/** The manifest key of the round's chunk (loaded by the game chunk after the first frame). */
const ROUND_CHUNK_KEY = 'src/game/roundParts.ts';
const REF_DIST = path.resolve('dist-bench-minimal');

const readManifest = (dist: string): ViteManifest => JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
const gzKiB = (dist: string, files: readonly string[]) =>
  files.filter((f) => f.endsWith('.js')).reduce((a, f) => a + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024;

/** The `bundle` table. Both pages are read the same way: the JS they load before their first
 * drawn frame (src/server/preload.ts firstFrameFiles: the entry, plus the game chunk on the
 * game page, plus the StandardMaterial shader chunks both draw with). */
export function bundleBench(): void {
  const app = readManifest(APP_DIST);
  const ref = readManifest(REF_DIST);
  const appEntry = staticClosure(app, [entryKey(app)!]);
  const refEntry = staticClosure(ref, [entryKey(ref)!]);
  const refFirst = firstFrameFiles(ref, GAME_FIRST_FRAME_SHADER_KEYS);
  const appFirst = firstFrameFiles(app, [GAME_CHUNK_KEY, ...GAME_FIRST_FRAME_SHADER_KEYS]);
  const entryKiB = gzKiB(APP_DIST, appEntry);
  const gameKiB = gzKiB(APP_DIST, appFirst);
  const refKiB = gzKiB(REF_DIST, refFirst);
  const js = (files: string[]) => files.filter((f) => f.endsWith('.js')).length;
  console.log('## bundle: initial JS, gzip -9 (Vite manifests)\n');
  console.log(row(['what', 'files', 'KiB gzip', 'vs minimal page', 'goal']));
  console.log(row(Array(5).fill('---')));
  console.log(row(['minimal deep-import Babylon page: entry + static imports', js(refEntry), gzKiB(REF_DIST, refEntry).toFixed(1), '-', '-']));
  console.log(row(['minimal page before its first drawn frame (+ its shader chunks)', js(refFirst), refKiB.toFixed(1), '1.00', '-']));
  console.log(row(['app entry + static imports (every page)', js(appEntry), entryKiB.toFixed(1), (entryKiB / refKiB).toFixed(2), '-']));
  console.log(row(['game page before its first frame: entry + preloaded game chunk + first shaders', js(appFirst), gameKiB.toFixed(1), (gameKiB / refKiB).toFixed(2),
    `<= 350 KiB ${gameKiB <= 350 ? 'MET' : 'NOT MET'}, <= 1.3x ${gameKiB / refKiB <= 1.3 ? 'MET' : 'NOT MET'}`]));
  // after the first frame: the UI (src/app.tsx, loaded by the entry once the first frame is
  // drawn) and the round's chunk (src/game/roundParts.ts, requested by the game chunk)
  const before = new Set(appFirst);
  for (const [key, what] of [['src/app.tsx', 'the UI\'s chunk (React, store, strings), loaded after the first frame'], [ROUND_CHUNK_KEY, 'the round\'s chunk, requested after the first frame']]) {
    const files = app[key] ? staticClosure(app, [key]).filter((f) => !before.has(f)) : [];
    if (files.length > 0) console.log(row([what, js(files), gzKiB(APP_DIST, files).toFixed(1), '-', '-']));
  }
  console.log('');
}

/** A static server for the reference page: index.html no-cache, /assets/* compressed + immutable. */
export async function refServer(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.readFileSync(path.join(REF_DIST, 'index.html'))));
  app.get<{ Params: { '*': string } }>('/assets/*', async (req, reply) => {
    const file = path.join(REF_DIST, 'assets', path.basename(req.params['*']));
    if (!fs.existsSync(file)) return reply.code(404).send();
    const stat = fs.statSync(file);
    reply.type(file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream').header('cache-control', 'public, max-age=31536000, immutable');
    const enc = pickEncoding(req.headers['accept-encoding']);
    if (enc && file.endsWith('.js')) return reply.header('content-encoding', enc).header('vary', 'Accept-Encoding').send(compressedVariant(file, stat, enc));
    return reply.send(fs.readFileSync(file));
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

/** The session key of the last pre-roll (src/contracts/ads.ts AD_LAST_PREROLL_KEY): set to now
 * before the page runs, the load is that of a player whose pre-roll already ran in this browser
 * session (at most one per 5 minutes, issue 33 item 4), so "Click to start" is not held back by
 * the 3 s house ad. */
const AD_LAST_PREROLL_KEY = 'aim.ad_last_preroll';

/** The app's "ready to play" moment (issue 33 item 5): the bench's mark `bench:click-to-start`
 * is set in the first task after the frame in which the Click-to-start prompt
 * (`[data-testid="start-instructions"]`) entered the DOM (checked every animation frame from
 * the load event on, then a 0 ms timer: after that frame's paint), and the app's own mark
 * `aim:targets-frame` is the first frame drawn with the drill's targets (src/game/
 * createGameController.ts showStartTargets). Ready = the later of the two. */
const CLICK_TO_START_MARK = 'bench:click-to-start';
const TARGETS_FRAME_MARK = 'aim:targets-frame';

/** One load: ms to the ready moment (app: the later of the prompt on screen and the targets'
 * frame; reference: its mark), the JS + CSS requested before it (transferSize, so br on the
 * wire), and for the app the network timing of the API calls against the chunks. */
interface Load {
  ms: number;
  bytesKiB: number;
  files: number;
  /** the minimal page's first render (the clear colour alone, before its shaders arrived); null on the app */
  firstRenderMs: number | null;
  /** app: `aim:first-frame` (the room's first frame), `aim:targets-frame`, the prompt; null on the reference */
  firstFrameMs: number | null;
  targetsFrameMs: number | null;
  promptMs: number | null;
  /** app: when the gameconfig, options and run-ticket requests started, and the first and last
   * JS chunk requested before ready started / arrived (ms from navigation start) */
  net: { config: number; options: number; ticket: number; jsFirstStart: number; jsLastEnd: number } | null;
}

async function loadOnce(browser: Browser, url: string, mark: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const isApp = mark === CLICK_TO_START_MARK;
  if (isApp) {
    await context.addInitScript(({ key }) => {
      try { sessionStorage.setItem(key, String(Date.now())); } catch { /* no storage: the ad runs */ }
    }, { key: AD_LAST_PREROLL_KEY });
  }
  const page = await context.newPage();
  await page.goto(url);
  if (isApp) {
    // checked every frame from the load event on (the prompt comes seconds later): the frame in
    // which it entered the DOM, marked in the first task after that frame's paint (timers and
    // frames asked for by an init script did not run in this Chromium)
    // (as source text: tsx names the helpers of a function passed in, `__name`, which the page lacks)
    await page.evaluate(`(() => {
      const poll = () => {
        if (document.querySelector('[data-testid="start-instructions"]')) setTimeout(() => performance.mark(${JSON.stringify(CLICK_TO_START_MARK)}), 0);
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    })()`);
  }
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 120_000, polling: 10 });
  if (isApp) {
    // the targets' frame may come after the prompt (then ready waits for it); an app without one
    // (a build from before the mark) is read at the prompt and reported as such
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, TARGETS_FRAME_MARK, { timeout: 5_000, polling: 10 }).catch(() => undefined);
  }
  const r = (await page.evaluate(`(({ m, targetsMark, app }) => {
    const at = (name) => { const e = performance.getEntriesByName(name)[0]; return e ? e.startTime : null; };
    const prompt = at(m);
    const targets = app ? at(targetsMark) : null;
    const ready = Math.max(prompt, targets ?? 0);
    const res = performance.getEntriesByType('resource');
    const code = res.filter((e) => /\\.(js|css)(\\?|$)/.test(e.name) && e.startTime <= ready);
    const js = code.filter((e) => /\\.js(\\?|$)/.test(e.name));
    const started = (re) => { const e = res.find((x) => re.test(new URL(x.name).pathname)); return e ? e.startTime : -1; };
    return {
      ready, prompt, targets, firstFrame: app ? at('aim:first-frame') : null,
      bytes: code.reduce((a, e) => a + e.transferSize, 0), files: code.length, firstRender: at('ref:first-render'),
      net: app ? {
        config: started(/^\\/api\\/v1\\/gameconfig\\//), options: started(/^\\/gameoptions\\/edit/), ticket: started(/^\\/api\\/v1\\/runs$/),
        jsFirstStart: Math.min(...js.map((e) => e.startTime)), jsLastEnd: Math.max(...js.map((e) => e.responseEnd)),
      } : null,
    };
  })(${JSON.stringify({ m: mark, targetsMark: TARGETS_FRAME_MARK, app: isApp })})`)) as {
    ready: number; prompt: number; targets: number | null; firstFrame: number | null; bytes: number; files: number; firstRender: number | null;
    net: { config: number; options: number; ticket: number; jsFirstStart: number; jsLastEnd: number } | null;
  };
  await context.close();
  return {
    ms: r.ready, bytesKiB: r.bytes / 1024, files: r.files, firstRenderMs: r.firstRender,
    firstFrameMs: r.firstFrame, targetsFrameMs: r.targets, promptMs: isApp ? r.prompt : null, net: r.net,
  };
}

/** The `load-time` table (`rounds` interleaved rounds after one untimed warm-up of each). */
export async function loadTimeBench(rounds = 7): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-loadtime-'));
  const app = await buildApp({ databaseFile: path.join(dir, 'bench.sqlite'), distDir: APP_DIST, logger: false, pressure: false, guestRetention: false, rateLimits: false });
  const appUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/?id=134`;
  const ref = await refServer();
  // optional third side, for a before/after: LOADTIME_BASE=<checkout of an older commit>:<its dist>
  // (its server from that checkout's src/server/app.ts; a build without aim:targets-frame is
  // read at its prompt)
  let base: { url: string; close(): Promise<unknown> } | null = null;
  if (process.env.LOADTIME_BASE) {
    const [repo, dist] = process.env.LOADTIME_BASE.split(':');
    const mod = (await import(path.join(repo, 'src/server/app.ts'))) as typeof import('../../src/server/app');
    const baseApp = await mod.buildApp({ databaseFile: path.join(dir, 'base.sqlite'), distDir: dist, logger: false, pressure: false, guestRetention: false, rateLimits: false });
    base = { url: `${await baseApp.listen({ port: 0, host: '127.0.0.1' })}/?id=134`, close: () => baseApp.close() };
  }
  const browser = await launchBrowser();
  try {
    await loadOnce(browser, appUrl, CLICK_TO_START_MARK);
    await loadOnce(browser, `${ref.url}/`, 'ref:first-frame');
    if (base) await loadOnce(browser, base.url, CLICK_TO_START_MARK);
    const a: Load[] = [];
    const b: Load[] = [];
    const c: Load[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      let la: Load;
      let lb: Load;
      if (r % 2 === 0) {
        la = await loadOnce(browser, appUrl, CLICK_TO_START_MARK);
        lb = await loadOnce(browser, `${ref.url}/`, 'ref:first-frame');
        if (base) c.push(await loadOnce(browser, base.url, CLICK_TO_START_MARK));
      } else {
        if (base) c.push(await loadOnce(browser, base.url, CLICK_TO_START_MARK));
        lb = await loadOnce(browser, `${ref.url}/`, 'ref:first-frame');
        la = await loadOnce(browser, appUrl, CLICK_TO_START_MARK);
      }
      a.push(la);
      b.push(lb);
      ratios.push(la.ms / lb.ms);
    }
    const sb = stats(b.map((x) => x.ms));
    const mr = median(ratios);
    const kib = (xs: Load[]) => median(xs.map((x) => x.bytesKiB));
    const appRow = (name: string, xs: Load[], rs: number[], goal: boolean) => {
      const s = stats(xs.map((x) => x.ms));
      const noTargets = xs.filter((x) => x.targetsFrameMs === null).length;
      const m = median(rs);
      console.log(row([name + (noTargets ? ` (${noTargets} of ${xs.length} loads: no frame with targets, read at the prompt)` : ''), s.p50.toFixed(0), s.p99.toFixed(0), s.mean.toFixed(0),
        `${kib(xs).toFixed(1)} KiB br, ${median(xs.map((x) => x.files))} files`, `${m.toFixed(2)} (${rs.map((x) => x.toFixed(2)).join(' ')})`,
        goal ? `${m <= 2 && !noTargets ? 'MET' : 'NOT MET'} / ${kib(xs) <= 350 ? 'MET' : 'NOT MET'}` : '-']));
    };
    console.log(`## load-time: navigation to "Click to start" with the targets drawn, drill 134, vs the minimal Babylon page's first frame (${rounds} interleaved rounds, cold cache, Chromium + SwiftShader; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')})\n`);
    console.log(row(['side', 'p50 ms', 'p99 ms', 'mean ms', 'JS + CSS requested before it (median)', 'median ratio (rounds)', 'goal <= 2x / <= 350 KiB']));
    console.log(row(Array(7).fill('---')));
    appRow('app /?id=134: Click to start, targets drawn', a, ratios, true);
    if (c.length) appRow('before (LOADTIME_BASE)', c, c.map((x, i) => x.ms / b[i].ms), false);
    console.log(row(['minimal page (first drawn frame)', sb.p50.toFixed(0), sb.p99.toFixed(0), sb.mean.toFixed(0), `${kib(b).toFixed(1)} KiB br, ${median(b.map((x) => x.files))} files`, '1', '-']));
    const fr = b.map((x) => x.firstRenderMs).filter((x): x is number => x !== null);
    if (fr.length === b.length) {
      const sf = stats(fr);
      console.log(row(['minimal page, its first render (the clear colour: shaders not yet in)', sf.p50.toFixed(0), sf.p99.toFixed(0), sf.mean.toFixed(0), '-', '-', '-']));
    }
    console.log('');
    // where the app's time goes, medians over its loads (ms from navigation start)
    const med = (f: (x: Load) => number | null | undefined, xs = a) => { const v = xs.map(f).filter((x): x is number => typeof x === 'number' && x >= 0); return v.length ? median(v).toFixed(0) : '-'; };
    console.log('app, medians over its loads (ms from navigation start):\n');
    console.log(row(['side', 'first JS chunk requested', 'gameconfig GET started', 'options GET started', 'run ticket POST started', 'last JS chunk before ready arrived', 'API calls started before the chunks were in', 'room\'s first frame', 'targets\' frame', 'prompt on screen']));
    console.log(row(Array(10).fill('---')));
    for (const [name, xs] of [['app', a], ...(c.length ? [['before', c]] : [])] as [string, Load[]][]) {
      const par = xs.filter((x) => x.net && x.net.config >= 0 && x.net.options >= 0 && x.net.config < x.net.jsLastEnd && x.net.options < x.net.jsLastEnd).length;
      console.log(row([name, med((x) => x.net?.jsFirstStart, xs), med((x) => x.net?.config, xs), med((x) => x.net?.options, xs), med((x) => x.net?.ticket, xs), med((x) => x.net?.jsLastEnd, xs),
        `${par} of ${xs.length} loads`, med((x) => x.firstFrameMs, xs), med((x) => x.targetsFrameMs, xs), med((x) => x.promptMs, xs)]));
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
