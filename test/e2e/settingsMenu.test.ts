/**
 * End to end, real headless Chromium against the real server and a real SQLite file, through
 * the UI only (no settings API calls from the test to change anything):
 * - on the settings page (/gameoptions/edit), Controls → Mouse: the sensitivity is typed (1.75)
 *   and saved ('Saved'); HUD → Crosshair (the crosshair editor, routed name settings.crosshair):
 *   colour green, length 16, thickness 12, saved ('Saved');
 * - after a reload both show again in the UI, and GET /gameoptions/edit and
 *   GET /api/v2/user/crosshair return them;
 * - in drill 2033, a known REAL mouse movement (page.mouse under pointer lock) turns the aim by
 *   counts × 0.022 × 1.75 degrees, and the in-game crosshair canvas (data-testid="crosshair",
 *   a 2D canvas drawn by src/game/crosshairOverlay.ts) shows the saved look: its pixels are
 *   read back and match the geometry of crosshairGeometry.ts for the saved config, not the
 *   default one.
 */
import type { Page } from 'playwright-core';
import { clickToStart, newPage, useE2eSuite, pageErrors } from './harness';

jest.setTimeout(90_000);

const suite = useE2eSuite();

const SENS = 1.75;
const GREEN = '#00ff00';
const LEN = 16;
const THICK = 12;

/** Opens the standalone settings page and waits until it has loaded the player's settings. */
async function openSettings(page: Page): Promise<void> {
  await page.goto(`${suite.server.baseUrl}/gameoptions/edit`);
  await page.getByTestId('settings-menu').waitFor({ timeout: 30_000 });
  await page.getByTestId('settings-tab-controls').click();
  await page.getByTestId('settings-subtab-mouse').click();
  await page.getByTestId('setting-mouse_sens').waitFor();
  // loaded: the inputs are enabled once the load has finished
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="setting-mouse_sens"]') as HTMLInputElement | null;
    return !!el && !el.disabled;
  }, undefined, { timeout: 20_000 });
}

/** HUD → the crosshair editor, loaded. */
async function openCrosshairEditor(page: Page): Promise<void> {
  await page.getByTestId('settings-tab-hud').click();
  await page.getByTestId('crosshair-open-crosshair').click();
  await page.getByTestId('crosshair-editor-crosshair').waitFor();
  await page.getByTestId('crosshair-loading').waitFor({ state: 'detached', timeout: 20_000 });
}

/** RGBA of the in-game crosshair canvas at canvas pixel (x, y). */
function crosshairPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(([px, py]) => {
    const c = document.querySelector('[data-testid="crosshair"]') as HTMLCanvasElement;
    return Array.from(c.getContext('2d')!.getImageData(px, py, 1, 1).data);
  }, [x, y] as const);
}

test('sensitivity and crosshair changed in the menu persist, and drive the camera and the in-game crosshair', async () => {
  const started = Date.now();
  const { context, page, errors } = await newPage(suite.browser);

  // --- Controls → Mouse: type the sensitivity, Save, 'Saved'.
  await openSettings(page);
  const sens = page.getByTestId('setting-mouse_sens');
  expect(await sens.inputValue()).toBe('1');
  await sens.fill(String(SENS));
  await sens.press('Enter');
  await expect(page.getByTestId('settings-save').isEnabled()).resolves.toBe(true);
  await page.getByTestId('settings-save').click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="settings-status"]')?.textContent === 'Saved',
    undefined,
    { timeout: 20_000 },
  );

  // --- HUD → Crosshair: colour, length and thickness, Save, 'Saved'.
  await openCrosshairEditor(page);
  await page.getByTestId('crosshair-field-color.rgb').fill(GREEN);
  await page.getByTestId('crosshair-field-crosshair.len').fill(String(LEN));
  await page.getByTestId('crosshair-field-crosshair.thick').fill(String(THICK));
  // editing a field turns the custom look on
  expect(await page.getByTestId('crosshair-field-enabled').isChecked()).toBe(true);
  await page.getByTestId('crosshair-save').click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="crosshair-status"]')?.textContent === 'Saved',
    undefined,
    { timeout: 20_000 },
  );

  // --- Reload: both show again in the UI.
  await page.reload();
  await openSettings(page);
  expect(await page.getByTestId('setting-mouse_sens').inputValue()).toBe(String(SENS));
  await openCrosshairEditor(page);
  expect(await page.getByTestId('crosshair-field-enabled').isChecked()).toBe(true);
  expect(await page.getByTestId('crosshair-field-color.rgb').inputValue()).toBe(GREEN);
  expect(await page.getByTestId('crosshair-field-crosshair.len').inputValue()).toBe(String(LEN));
  expect(await page.getByTestId('crosshair-field-crosshair.thick').inputValue()).toBe(String(THICK));

  // --- ... and the server has them.
  const options = await (await context.request.get(`${suite.server.baseUrl}/gameoptions/edit`)).json();
  expect(options.controls.mouse_sens).toBe(SENS);
  const xh = await (await context.request.get(`${suite.server.baseUrl}/api/v2/user/crosshair`)).json();
  expect(xh.enabled).toBe(true);
  expect(xh.config.color).toEqual({ r: 0, g: 255, b: 0, a: 255 });
  expect(xh.config.crosshair.len).toBe(LEN);
  expect(xh.config.crosshair.thick).toBe(THICK);

  // --- The game: the saved sensitivity turns the camera by counts × 0.022 × 1.75 degrees.
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  let { x: mx, y: my } = await clickToStart(page);
  const dpc = await page.evaluate(() => (window as any).__aimDebug.degPerCount());
  expect(dpc.x).toBeCloseTo(SENS * 0.022, 12);
  expect(dpc.y).toBeCloseTo(-SENS * 0.022, 12);

  await page.waitForTimeout(100);
  const before = await page.evaluate(() => (window as any).__aimDebug.aim());
  // +200 counts on x in 4 steps of 50, then −80 on y in 4 steps of 20 (mouse up = aim up)
  for (let i = 0; i < 4; i++) {
    mx += 50;
    await page.mouse.move(mx, my);
  }
  for (let i = 0; i < 4; i++) {
    my -= 20;
    await page.mouse.move(mx, my);
  }
  const expected = { yaw: before.yaw + 200 * 0.022 * SENS, pitch: before.pitch + 80 * 0.022 * SENS };
  await page
    .waitForFunction(
      ([y, p]) => {
        const a = (window as any).__aimDebug.aim();
        return Math.abs(a.yaw - y) < 1e-9 && Math.abs(a.pitch - p) < 1e-9;
      },
      [expected.yaw, expected.pitch] as const,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const after = await page.evaluate(() => (window as any).__aimDebug.aim());
  expect(after.yaw - before.yaw).toBeCloseTo(7.7, 9); // 200 × 0.022 × 1.75
  expect(after.pitch - before.pitch).toBeCloseTo(3.08, 9); // 80 × 0.022 × 1.75

  // --- The in-game crosshair is the saved one. The canvas is 400×400 at DPR 1, centre (200, 200);
  // the right arm (crosshairGeometry.ts) spans x 202..218 (gap 2, len 16) and y 197..203 (thick
  // 12 → 6 px), outlined 2 px in black. The default look (len 8, thick 8, red) would leave
  // (214, 200) empty and draw (204, 202) in black outline.
  const canvas = page.getByTestId('crosshair');
  await canvas.waitFor({ state: 'attached', timeout: 10_000 });
  expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([400, 400]);
  await page
    .waitForFunction(() => {
      const c = document.querySelector('[data-testid="crosshair"]') as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(214, 200, 1, 1).data;
      return d[1] === 255 && d[3] === 255;
    }, undefined, { timeout: 5_000 })
    .catch(() => undefined);
  expect(await crosshairPixel(page, 214, 200)).toEqual([0, 255, 0, 255]); // arm, far end
  expect(await crosshairPixel(page, 204, 202)).toEqual([0, 255, 0, 255]); // arm, lower edge
  expect(await crosshairPixel(page, 204, 203)).toEqual([0, 0, 0, 255]); // outline below it
  expect(await crosshairPixel(page, 219, 200)).toEqual([0, 0, 0, 255]); // outline past the end
  expect((await crosshairPixel(page, 221, 200))[3]).toBe(0); // nothing beyond
  expect(await crosshairPixel(page, 200, 186)).toEqual([0, 255, 0, 255]); // top arm
  expect(await crosshairPixel(page, 200, 200)).toEqual([0, 255, 0, 255]); // dot

  expect(pageErrors(errors)).toEqual([]);
  await context.close();
  console.log(`settings menu e2e: ${Date.now() - started} ms`);
});
