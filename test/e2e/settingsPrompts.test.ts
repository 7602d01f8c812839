/**
 * Issue 16 item 1 in a real Chromium: the crosshair editor's unsaved-changes prompt is inside the
 * viewport (bounding boxes) at 1600x900 on the settings page and at 1280x720 in game, and its
 * buttons work with real clicks; the settings menu's Back catches an editor's unsaved draft.
 */
import type { Page } from 'playwright-core';
import { clickToStart, newPage, pageErrors, screenshotPixels, useE2eSuite } from './harness';

jest.setTimeout(120_000);

const suite = useE2eSuite();

/** The prompt's box is wholly inside the viewport, and so is each of its buttons. */
async function expectInViewport(page: Page, testId: string): Promise<void> {
  const vp = page.viewportSize()!;
  const prompt = page.getByTestId(testId);
  await prompt.waitFor({ state: 'visible', timeout: 10_000 });
  const boxes = [await prompt.locator('.panel').boundingBox(), ...(await Promise.all((await prompt.getByRole('button').all()).map((b) => b.boundingBox())))];
  for (const b of boxes) {
    expect(b).not.toBeNull();
    expect(b!.x).toBeGreaterThanOrEqual(0);
    expect(b!.y).toBeGreaterThanOrEqual(0);
    expect(b!.x + b!.width).toBeLessThanOrEqual(vp.width);
    expect(b!.y + b!.height).toBeLessThanOrEqual(vp.height);
  }
}

/** Opens the crosshair editor from the HUD tab and changes its length (an unsaved draft). */
async function editCrosshair(page: Page): Promise<void> {
  await page.getByTestId('settings-tab-hud').click();
  await page.getByTestId('crosshair-open-crosshair').click();
  const len = page.getByTestId('crosshair-field-crosshair.len');
  await len.waitFor({ timeout: 10_000 });
  await len.fill('14');
  await len.press('Enter');
}

test('settings page at 1600x900: the editor prompt is on screen; Discard, then the menu has nothing to ask', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto(`${suite.server.baseUrl}/gameoptions/edit`);
  await page.getByTestId('settings-menu').waitFor({ timeout: 20_000 });
  await editCrosshair(page);
  await page.getByTestId('crosshair-back').click();
  await expectInViewport(page, 'crosshair-confirm');
  await page.getByTestId('crosshair-confirm').getByRole('button', { name: 'Discard' }).click();
  await page.getByTestId('crosshair-editor-list').waitFor();
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test("in game at 1280x720: an editor draft left by the menu's Back opens the confirm modal, on screen; Save stores it", async () => {
  const { context, page } = await newPage(suite.browser);
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  await clickToStart(page);
  await page.keyboard.press('Escape');
  await page.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  await page.getByTestId('pause-settings').click();
  await page.getByTestId('settings-menu').waitFor();
  await editCrosshair(page);
  // the editor's own prompt first: inside the 720-pixel viewport
  await page.getByTestId('crosshair-back').click();
  await expectInViewport(page, 'crosshair-confirm');
  await page.getByTestId('crosshair-confirm').getByRole('button', { name: 'Cancel' }).click();
  // one Back and one Save on screen while the editor is open
  expect(await page.getByRole('button', { name: 'Back', exact: true }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(1);
  // another tab, then the menu's Back with the editor's draft still unsaved
  await page.getByTestId('settings-tab-audio').click();
  await page.getByTestId('settings-back').click();
  await expectInViewport(page, 'confirm-modal');
  await page.getByTestId('confirm-save').click();
  await page.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  const stored = await (await context.request.get(`${suite.server.baseUrl}/api/v2/user/crosshair`)).json();
  expect(stored.config.crosshair.len).toBe(14);
  expect(stored.enabled).toBe(true);
  await context.close();
});

test('the crosshair preview is drawn over a frame of the room in the player\'s theme colours; "Light" shows a plain background', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  // a target colour no default look uses: the backdrop's target must show in it
  const saved = await page.request.post(`${suite.server.baseUrl}/gameoptions/edit`, { headers: { origin: suite.server.baseUrl },  data: { game_options: { texture: { target_colour: '#00c8ff' } } } });
  expect(saved.status()).toBe(200);
  await page.goto(`${suite.server.baseUrl}/gameoptions/edit`);
  await page.getByTestId('settings-tab-hud').click();
  await page.getByTestId('crosshair-open-crosshair').click();
  const preview = page.getByTestId('crosshair-preview');
  await preview.waitFor({ timeout: 10_000 });
  /** Pixels of the preview screenshot in the saved target colour (cyan: b > 200, g > 150, r < 80). */
  const targetPixels = async (): Promise<number> => {
    const box = (await preview.boundingBox())!;
    const img = await screenshotPixels(page, { x: box.x, y: box.y, width: box.width, height: box.height });
    let n = 0;
    for (let i = 0; i < img.data.length; i += 4) if (img.data[i] < 80 && img.data[i + 1] > 150 && img.data[i + 2] > 200) n++;
    return n;
  };
  expect(await targetPixels()).toBeGreaterThan(100);
  await page.getByText('Light', { exact: true }).click();
  expect(await targetPixels()).toBe(0);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
