/**
 * Benchmarks `bundle` and `load-time` of shared/reference/benchmarks.md (issue 18 item 1):
 * - bundle: gzip (level 9) of the initial JS from the Vite manifests, the JS each page loads
 *   before its first drawn frame (src/server/preload.ts firstFrameFiles): the game page's entry,
 *   preloaded game chunk and first shaders, against the minimal deep-import Babylon page
 *   (test/bench/reference/minimal, same Babylon version) with the shader chunks it loads before
 *   drawing; and, for reference, the UI's chunk and the round's chunk (src/app.tsx and
 *   src/game/roundParts.ts, loaded after the first frame: not initial JS);
 * - load-time: headless Chromium, 1280x720, a fresh context (cold cache) per load, page open
 *   (navigation start) to the first drawn frame (User Timing `aim:first-frame` of drill 134: the
 *   room drawn with its shaders compiled / `ref:first-frame`: the spheres drawn; the reference's
 *   first render, the clear colour before its shaders arrive, `ref:first-render`, is shown
 *   too), app and reference interleaved (A B, B A, ...), both served compressed
 *   (br) and immutable from 127.0.0.1; plus the JS bytes on the wire before the first frame.
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

/** One load: ms to the mark, the JS on the wire before it; `firstRenderMs`: the minimal page's
 * first render (the clear colour alone, before its shaders arrived; null on the app). */
interface Load { ms: number; jsWireKiB: number; jsFiles: number; firstRenderMs: number | null }

async function loadOnce(browser: Browser, url: string, mark: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 120_000, polling: 10 });
  const r = await page.evaluate((m) => {
    const at = performance.getEntriesByName(m)[0].startTime;
    const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => /\.js(\?|$)/.test(e.name) && e.responseEnd <= at);
    const first = performance.getEntriesByName('ref:first-render')[0];
    return { ms: at, jsWire: js.reduce((a, e) => a + e.transferSize, 0), jsFiles: js.length, firstRender: first ? first.startTime : null };
  }, mark);
  await context.close();
  return { ms: r.ms, jsWireKiB: r.jsWire / 1024, jsFiles: r.jsFiles, firstRenderMs: r.firstRender };
}

/** The `load-time` table (`rounds` interleaved rounds after one untimed warm-up of each). */
export async function loadTimeBench(rounds = 7): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-loadtime-'));
  const app = await buildApp({ databaseFile: path.join(dir, 'bench.sqlite'), distDir: APP_DIST, logger: false, pressure: false, guestRetention: false, rateLimits: false });
  const appUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/?id=134`;
  const ref = await refServer();
  // optional third side, for a before/after: LOADTIME_BASE=<checkout of an older commit>:<its dist>
  // (its server from that checkout's src/server/app.ts; its build must mark aim:first-frame)
  let base: { url: string; close(): Promise<unknown> } | null = null;
  if (process.env.LOADTIME_BASE) {
    const [repo, dist] = process.env.LOADTIME_BASE.split(':');
    const mod = (await import(path.join(repo, 'src/server/app.ts'))) as typeof import('../../src/server/app');
    const baseApp = await mod.buildApp({ databaseFile: path.join(dir, 'base.sqlite'), distDir: dist, logger: false, pressure: false, guestRetention: false, rateLimits: false });
    base = { url: `${await baseApp.listen({ port: 0, host: '127.0.0.1' })}/?id=134`, close: () => baseApp.close() };
  }
  const browser = await launchBrowser();
  try {
    await loadOnce(browser, appUrl, 'aim:first-frame');
    await loadOnce(browser, `${ref.url}/`, 'ref:first-frame');
    if (base) await loadOnce(browser, base.url, 'aim:first-frame');
    const a: Load[] = [];
    const b: Load[] = [];
    const c: Load[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      let la: Load;
      let lb: Load;
      if (r % 2 === 0) {
        la = await loadOnce(browser, appUrl, 'aim:first-frame');
        lb = await loadOnce(browser, `${ref.url}/`, 'ref:first-frame');
        if (base) c.push(await loadOnce(browser, base.url, 'aim:first-frame'));
      } else {
        if (base) c.push(await loadOnce(browser, base.url, 'aim:first-frame'));
        lb = await loadOnce(browser, `${ref.url}/`, 'ref:first-frame');
        la = await loadOnce(browser, appUrl, 'aim:first-frame');
      }
      a.push(la);
      b.push(lb);
      ratios.push(la.ms / lb.ms);
    }
    const sa = stats(a.map((x) => x.ms));
    const sb = stats(b.map((x) => x.ms));
    const mr = median(ratios);
    console.log(`## load-time: page open to first frame, drill 134 vs the minimal Babylon page (${rounds} interleaved rounds, cold cache, Chromium + SwiftShader)\n`);
    console.log(row(['side', 'p50 ms', 'p99 ms', 'mean ms', 'JS on the wire before the first frame (median)', 'median ratio (rounds)', 'goal <= 1.2x']));
    console.log(row(Array(7).fill('---')));
    console.log(row(['app /?id=134', sa.p50.toFixed(0), sa.p99.toFixed(0), sa.mean.toFixed(0), `${median(a.map((x) => x.jsWireKiB)).toFixed(1)} KiB br, ${median(a.map((x) => x.jsFiles))} files`,
      `${mr.toFixed(2)} (${ratios.map((x) => x.toFixed(2)).join(' ')})`, mr <= 1.2 ? 'MET' : 'NOT MET']));
    if (c.length) {
      const sc = stats(c.map((x) => x.ms));
      const cr = median(c.map((x, i) => x.ms / b[i].ms));
      console.log(row([`before (LOADTIME_BASE)`, sc.p50.toFixed(0), sc.p99.toFixed(0), sc.mean.toFixed(0), `${median(c.map((x) => x.jsWireKiB)).toFixed(1)} KiB, ${median(c.map((x) => x.jsFiles))} files`, cr.toFixed(2), '-']));
    }
    console.log(row(['minimal page (first drawn frame)', sb.p50.toFixed(0), sb.p99.toFixed(0), sb.mean.toFixed(0), `${median(b.map((x) => x.jsWireKiB)).toFixed(1)} KiB br, ${median(b.map((x) => x.jsFiles))} files`, '1', '-']));
    const fr = b.map((x) => x.firstRenderMs).filter((x): x is number => x !== null);
    if (fr.length === b.length) {
      const sf = stats(fr);
      console.log(row(['minimal page, its first render (the clear colour: shaders not yet in)', sf.p50.toFixed(0), sf.p99.toFixed(0), sf.mean.toFixed(0), '-',
        `app / this: ${median(a.map((x, i) => x.ms / fr[i])).toFixed(2)}`, '-']));
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
