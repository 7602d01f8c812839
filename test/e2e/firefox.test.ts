/**
 * Firefox smoke (issue 33 item 9): the game in a second engine, Debian's firefox-esr, driven by
 * puppeteer-core over WebDriver BiDi. Drill 134 is played to its summary with pointer-locked
 * mouse input, and the settings page is saved and reloaded.
 *
 * Firefox specifics (found while writing this test):
 *  - WebGL in headless Firefox needs `MOZ_WEBGL_FORCE_EGL=1` and the pref `webgl.force-enabled`
 *    (otherwise no WebGL 2 context: the game shows its "no WebGL" error);
 *  - under Firefox's pointer lock a synthesised move reports its distance from the window's
 *    centre (the cursor is warped back there), so a turn of (dx, dy) counts is a move to
 *    centre + (dx, dy), and the aim loop waits for each move to apply before it clicks.
 *
 * `.ci/run` installs firefox-esr; where no Firefox is found (FIREFOX_PATH, /usr/bin/firefox-esr,
 * /usr/bin/firefox) the file is skipped with a warning.
 */
import fs from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startServer, type E2eServer } from './harness';

const FIREFOX = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].find((p) => !!p && fs.existsSync(p));
if (!FIREFOX) console.warn('firefox.test.ts: no Firefox found (FIREFOX_PATH, /usr/bin/firefox-esr): the Firefox smoke is skipped');

const W = 1280;
const H = 720;
const CENTRE = { x: W / 2, y: H / 2 };

let server: E2eServer;
let browser: Browser;

/** A fresh page at 1280x720 (the window's centre is the view's centre: CENTRE) whose page
 * errors are collected. */
async function newFirefoxPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  await page.setViewport({ width: W, height: H });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, errors };
}

/** What the game's debug hook says (null while there is none: loading, or the summary). */
async function debugState(page: Page): Promise<null | {
  aim: { yaw: number; pitch: number }; dpc: { x: number; y: number }; finished: boolean; tick: number;
  targets: Array<{ yaw: number; pitch: number }>;
}> {
  return page.evaluate(() => {
    const d = (window as any).__aimDebug;
    return d ? { aim: d.aim(), dpc: d.degPerCount(), finished: d.finished(), tick: d.tick(), targets: d.targets() } : null;
  }).catch(() => null); // navigating to the summary
}

(FIREFOX ? describe : describe.skip)('Firefox', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      extraPrefsFirefox: { 'webgl.force-enabled': true },
      env: { ...process.env, MOZ_WEBGL_FORCE_EGL: '1' },
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('drill 134 played with pointer-locked mouse input reaches its summary, with the shots the clicks made', async () => {
    const { page, errors } = await newFirefoxPage();
    await page.goto(`${server.baseUrl}/?id=134`);
    await page.waitForSelector('[data-testid="start-instructions"]', { timeout: 90_000 });
    // the first click takes pointer lock and starts the round
    await page.mouse.move(CENTRE.x, CENTRE.y);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction(() => {
      const d = (window as any).__aimDebug;
      return !!d && d.tick() > 0 && document.pointerLockElement !== null;
    }, { timeout: 60_000 });

    let clicks = 0;
    let turns = 0;
    const deadline = Date.now() + 150_000;
    for (let s = await debugState(page); s && !s.finished && Date.now() < deadline; s = await debugState(page)) {
      if (s.targets.length === 0) { await new Promise((r) => setTimeout(r, 20)); continue; }
      const off = (t: { yaw: number; pitch: number }) => Math.hypot(t.yaw - s!.aim.yaw, t.pitch - s!.aim.pitch);
      const t = s.targets.reduce((best, c) => (off(c) < off(best) ? c : best));
      const dx = Math.round((t.yaw - s.aim.yaw) / s.dpc.x);
      const dy = Math.round((t.pitch - s.aim.pitch) / s.dpc.y);
      if (dx !== 0 || dy !== 0) {
        // keep within the window: a long turn is made in steps
        const sx = Math.max(-600, Math.min(600, dx));
        const sy = Math.max(-340, Math.min(340, dy));
        const before = s.aim;
        await page.mouse.move(CENTRE.x + sx, CENTRE.y + sy);
        turns++;
        // the move applies at the next tick: wait until the aim has turned (or the round ended)
        await page.waitForFunction((b) => {
          const d = (window as any).__aimDebug;
          if (!d || d.finished()) return true;
          const a = d.aim();
          return a.yaw !== b.yaw || a.pitch !== b.pitch;
        }, { timeout: 10_000 }, before).catch(() => undefined);
        if (sx !== dx || sy !== dy) continue;
      }
      await page.mouse.down();
      await page.mouse.up();
      clicks++;
      const tick = s.tick;
      await page.waitForFunction((t0) => {
        const d = (window as any).__aimDebug;
        return !d || d.finished() || d.tick() > t0;
      }, { timeout: 10_000 }, tick).catch(() => undefined);
    }
    // the summary of the run
    await page.waitForFunction(() => /#\/drill-summary\?(id|run)=\d+/.test(location.href), { timeout: 60_000 });
    await page.waitForSelector('[data-testid="summary-shots"]', { timeout: 30_000 });
    const text = (tid: string) => page.$eval(`[data-testid="${tid}"]`, (el) => (el.textContent ?? '').trim());
    const shots = Number(await text('summary-shots'));
    const hits = Number(await text('summary-hits'));
    console.log(`Firefox, drill 134: ${turns} turns, ${clicks} clicks; summary ${hits} hits of ${shots} shots`);
    expect(turns).toBeGreaterThan(5);
    // every click the round saw is a shot (a click that came after the round's end is not)
    expect(shots).toBeGreaterThan(5);
    expect(shots).toBeLessThanOrEqual(clicks);
    // turned onto the targets: most shots hit
    expect(hits).toBeGreaterThan(shots / 2);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  test('the settings page saves, and a reload shows what was saved', async () => {
    const { page, errors } = await newFirefoxPage();
    const open = async (): Promise<void> => {
      await page.waitForSelector('[data-testid="settings-menu"]', { timeout: 60_000 });
      await page.click('[data-testid="settings-tab-controls"]');
      await page.click('[data-testid="settings-subtab-mouse"]');
      await page.waitForFunction(() => {
        const el = document.querySelector('[data-testid="setting-mouse_sens"]') as HTMLInputElement | null;
        return !!el && !el.disabled;
      }, { timeout: 30_000 });
    };
    await page.goto(`${server.baseUrl}/gameoptions/edit`);
    await open();
    const sens = await page.$eval('[data-testid="setting-mouse_sens"]', (el) => (el as HTMLInputElement).value);
    const next = sens === '2.25' ? '1.5' : '2.25';
    await page.click('[data-testid="setting-mouse_sens"]', { count: 3 }); // select the value
    await page.type('[data-testid="setting-mouse_sens"]', next);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !(document.querySelector('[data-testid="settings-save"]') as HTMLButtonElement).disabled, { timeout: 10_000 });
    await page.click('[data-testid="settings-save"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="settings-status"]')?.textContent === 'Saved', { timeout: 30_000 });
    await page.reload();
    await open();
    expect(await page.$eval('[data-testid="setting-mouse_sens"]', (el) => (el as HTMLInputElement).value)).toBe(next);
    // ... and the server has it
    const saved = await page.evaluate(async () => (await fetch('/gameoptions/edit')).json());
    expect(saved.controls.mouse_sens).toBe(Number(next));
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
