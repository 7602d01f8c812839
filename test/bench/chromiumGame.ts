/**
 * What the Chromium benchmarks and probes share (render.ts, layerProbe.ts, frameProbe.ts):
 * headless Chromium with SwiftShader and the frame-rate limit off, the game's server on its own
 * SQLite file, and a player who aims at the nearest target and clicks at a steady pace.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import type { GameOptions } from '../../src/contracts/gameOptions';
import { chromiumPath, readAimDebug, type MousePos } from '../e2e/harness';

/** Headless Chromium as the e2e harness launches it (SwiftShader), plus vsync and the frame-rate
 * limit off (`--disable-gpu-vsync --disable-frame-rate-limit`): frames come as fast as drawn. */
export async function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
      '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-gpu-vsync', '--disable-frame-rate-limit',
    ],
  });
}

/** The HUD, visual and video groups merged into a player's saved game options. */
export type OptionsPatch = Partial<Record<'hud' | 'visual' | 'video', Record<string, unknown>>>;

/** A probe's game page: its server, browser, context, page and address. */
export interface ProbePage {
  app: Awaited<ReturnType<typeof buildApp>>;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the game's server on `dist` (its own SQLite file in a temp folder, no rate limits) and
 * opens drill `id` in a 1280x720 page (DPR 1) of launchBenchChromium, `initScripts` installed
 * before any page script. When `patch` has a group, the guest's saved options get it merged
 * (`POST /gameoptions/edit`, as the settings menu saves them) and the page is loaded again.
 * Throws when the server refuses the options.
 */
export async function openProbePage(dist: string, id: number, patch: OptionsPatch = {}, initScripts: string[] = []): Promise<ProbePage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-probe-'));
  const app = await buildApp({ databaseFile: path.join(dir, 'b.sqlite'), distDir: path.resolve(dist), logger: false, pressure: false, guestRetention: false, rateLimits: false });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchBenchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  for (const s of initScripts) await context.addInitScript(s);
  const page = await context.newPage();
  const url = `${appUrl}/?id=${id}`;
  const ticket = page.waitForResponse((r) => r.url().endsWith('/api/v1/runs') && r.request().method() === 'POST');
  await page.goto(url);
  await ticket; // the guest exists: its options can be saved
  if (patch.hud || patch.visual || patch.video) {
    const g = ((await (await context.request.get(`${appUrl}/gameoptions/edit`)).json()) as { game_options: GameOptions }).game_options;
    const res = await context.request.post(`${appUrl}/gameoptions/edit`, { headers: { origin: appUrl }, 
      data: { game_options: { ...g, hud: { ...g.hud, ...patch.hud }, visual: { ...g.visual, ...patch.visual }, video: { ...g.video, ...patch.video } } },
    });
    if (!res.ok()) throw new Error(`saving the probe's options failed: ${await res.text()}`);
    await page.goto(url);
  }
  return { app, browser, context, page, url, close: async () => { await browser.close(); await app.close(); } };
}

/**
 * Clicks with the real mouse every `everyMs` (ms) until the returned function is called; before
 * each click, when `aim`, turns the mouse onto the live target nearest the aim (read-only
 * `__aimDebug`, whole counts; `mouse` is updated). The returned function resolves once the loop
 * has stopped. Errors (the page closing) end the loop quietly.
 */
export function startShooting(page: Page, mouse: MousePos, everyMs: number, aim = true): () => Promise<void> {
  let done = false;
  const loop = (async () => {
    while (!done) {
      if (aim) {
        const s = await readAimDebug(page);
        if (s.targets.length > 0) {
          const off = (t: { yaw: number; pitch: number }) => Math.hypot(t.yaw - s.aim.yaw, t.pitch - s.aim.pitch);
          const t = s.targets.reduce((best, c) => (off(c) < off(best) ? c : best));
          mouse.x += Math.round((t.yaw - s.aim.yaw) / s.dpc.x);
          mouse.y += Math.round((t.pitch - s.aim.pitch) / s.dpc.y);
          await page.mouse.move(mouse.x, mouse.y, { steps: 1 });
        }
      }
      await page.mouse.down();
      await page.mouse.up();
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })().catch(() => undefined);
  return async () => { done = true; await loop; };
}

/** CPU time (user + system, ms) used so far by the processes of the bench's Chromium, by kind. */
export interface ChromiumCpu { gpu: number; renderer: number }

/**
 * Reads /proc for the CPU time of every Chromium GPU process and renderer (one browser runs,
 * one page at a time, so the sum is that page's): frame times on a shared 2-core VM move with
 * the neighbours' load, CPU time per frame much less. Linux only (0 elsewhere). Clock ticks
 * are 10 ms (USER_HZ 100).
 */
export function chromiumCpuMs(): ChromiumCpu {
  const out: ChromiumCpu = { gpu: 0, renderer: 0 };
  let dirs: string[] = [];
  try { dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)); } catch { return out; }
  for (const d of dirs) {
    try {
      const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
      const kind = cmd.includes('--type=gpu-process') ? 'gpu' : cmd.includes('--type=renderer') ? 'renderer' : null;
      if (!kind) continue;
      const f = fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      out[kind] += (Number(f[11]) + Number(f[12])) * 10; // utime + stime, ticks of 10 ms
    } catch { /* the process ended */ }
  }
  return out;
}
