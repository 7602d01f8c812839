/**
 * Screenshots of drill 134 in one room (1280x720, headless Chromium, SwiftShader), from this
 * build's dist/ and optionally an older build (ROOMSHOT_BASE_DIST): for looking at a room change
 * and diffing it (test/e2e/pngPixels.ts countDiff). Not part of `npm test`.
 * Usage: ROOMSHOT_ROOM=range ROOMSHOT_OUT=/tmp/shots [ROOMSHOT_BASE_DIST=/tmp/dist-before]
 *   npx tsx test/bench/roomShot.ts
 * Writes <out>/<room>-after.png (and <room>-before.png); prints the share of pixels that differ.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import type { GameOptions } from '../../src/contracts/gameOptions';
import { clickToStart } from '../e2e/harness';
import { countDiff, decodePng } from '../e2e/pngPixels';
import { launchBrowser } from '../e2e/harness';

async function main(): Promise<void> {
  const room = process.env.ROOMSHOT_ROOM ?? 'range';
  const out = path.resolve(process.env.ROOMSHOT_OUT ?? 'test-results/roomshot');
  fs.mkdirSync(out, { recursive: true });
  const dists: Array<[string, string]> = [['after', path.resolve('dist')]];
  if (process.env.ROOMSHOT_BASE_DIST) dists.push(['before', path.resolve(process.env.ROOMSHOT_BASE_DIST)]);
  const browser = await launchBrowser();
  const files: string[] = [];
  try {
    for (const [name, distDir] of dists) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomshot-'));
      const app = await buildApp({ databaseFile: path.join(dir, 'db.sqlite'), distDir, logger: false, pressure: false, guestRetention: false, rateLimits: false });
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      const ticket = page.waitForResponse((r) => r.url().endsWith('/api/v1/runs') && r.request().method() === 'POST', { timeout: 60_000 });
      await page.goto(`${url}/?id=134`);
      await ticket;
      const g = (await (await context.request.get(`${url}/gameoptions/edit`)).json() as { game_options: GameOptions }).game_options;
      await context.request.post(`${url}/gameoptions/edit`, { headers: { origin: url }, data: { game_options: { ...g, visual: { ...g.visual, room, show_weapon: false }, hud: { ...g.hud, enabled: false } } } });
      await page.goto('about:blank');
      await page.goto(`${url}/?id=134`);
      await clickToStart(page);
      await page.waitForFunction(() => (window as any).__aimDebug.tick() > 30, undefined, { timeout: 60_000 });
      const file = path.join(out, `${room}-${name}.png`);
      await page.screenshot({ path: file, timeout: 120_000 });
      files.push(file);
      await context.close();
      await app.close();
    }
    if (files.length === 2) {
      const [a, b] = files.map((f) => decodePng(fs.readFileSync(f)));
      const n = countDiff(a, b, { x0: 0, y0: 0, x1: a.width, y1: a.height }, 24);
      console.log(`differing pixels (any channel > 24): ${n} of ${a.width * a.height} (${((100 * n) / (a.width * a.height)).toFixed(2)} %)`);
    }
    console.log(files.join('\n'));
  } finally {
    await browser.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
