/**
 * Resume (issue 33 item 6), in Chromium with real mouse input against the real server: after the
 * pause menu's Resume the round runs without pointer lock; the page says "Click to resume", the
 * next real click takes the lock back without firing (no fire event in the engine's input log,
 * no shot counted), the prompt goes, and the click after it fires.
 */
import type { Page } from 'playwright-core';
import { pageErrors, startDrill, useE2eSuite } from './harness';

jest.setTimeout(90_000);

const suite = useE2eSuite();

const fireDowns = (page: Page): Promise<number> =>
  page.evaluate(() => (window as any).__aimDebug.inputOrder().filter((e: any) => e.type === 'fire' && e.down).length);

test('Resume shows "Click to resume"; that click re-locks without firing; the next one fires', async () => {
  const { context, page, errors, mouse } = await startDrill(suite, 134);
  await page.waitForFunction(() => (window as any).__aimDebug.tick() > 5, undefined, { timeout: 10_000 });
  expect(await page.getByTestId('resume-prompt').count()).toBe(0);

  await page.keyboard.press('Escape');
  await page.getByTestId('pause-menu').waitFor({ timeout: 5_000 });
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByTestId('pause-menu').waitFor({ state: 'detached', timeout: 5_000 });
  const prompt = page.getByTestId('resume-prompt');
  await prompt.waitFor({ timeout: 5_000 });
  expect(await prompt.textContent()).toContain('Click to resume');
  if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/resume-prompt.png` });
  expect(await page.evaluate(() => document.pointerLockElement)).toBeNull();
  // the prompt sits over the view but takes no clicks (they go to the game)
  const box = await prompt.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(720);

  const firesBefore = await fireDowns(page);
  const tickBefore = await page.evaluate(() => (window as any).__aimDebug.tick());
  await page.mouse.click(mouse.x, mouse.y);
  await page.waitForFunction(() => document.pointerLockElement !== null, undefined, { timeout: 5_000 });
  await prompt.waitFor({ state: 'detached', timeout: 5_000 });
  // let the engine run a few ticks past the click: a fire event would be in the log by then
  await page.waitForFunction((t) => (window as any).__aimDebug.tick() > t + 8, tickBefore, { timeout: 10_000 });
  expect(await fireDowns(page)).toBe(firesBefore);

  // the next click is a shot
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForFunction((n) => (window as any).__aimDebug.inputOrder().filter((e: any) => e.type === 'fire' && e.down).length === n + 1, firesBefore, { timeout: 10_000 });
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
