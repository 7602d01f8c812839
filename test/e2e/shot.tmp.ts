import { aimUntilFinished, clickToStart, newPage, launchBrowser, startServer } from './harness';
(async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  for (let i = 0; i < 2; i++) {
    await page.goto(`${server.baseUrl}/?id=2033`);
    const mouse = await clickToStart(page, { pointerLock: false });
    await aimUntilFinished(page, mouse);
    await page.waitForURL(/drill-summary/, { timeout: 30000 });
  }
  const url = page.url();
  await page.getByTestId('score-chart').locator('canvas').waitFor({ timeout: 20000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/sum-1280.png', fullPage: true });
  await page.screenshot({ path: '/tmp/sum-1280-fold.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('about:blank'); await page.goto(url);
  await page.getByTestId('score-chart').locator('canvas').waitFor({ timeout: 20000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/sum-390.png', fullPage: true }); await page.screenshot({ path: '/tmp/sum-390-top.png' }); await page.mouse.wheel(0, 800); await page.waitForTimeout(300); await page.screenshot({ path: '/tmp/sum-390-mid.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${server.baseUrl}/app/#/progress`);
  await page.getByTestId('progress-drill-2033').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/progress-1280.png', fullPage: true });
  await page.goto(`${server.baseUrl}/app/#/leaderboard?drill=2033`);
  await page.getByTestId('leaderboard-table').waitFor();
  await page.screenshot({ path: '/tmp/board-1280.png', fullPage: true });
  await page.goto(`${server.baseUrl}/drills`);
  await page.getByTestId('drill-stats-2033').waitFor();
  await page.screenshot({ path: '/tmp/drills-1280.png' });
  await context.close(); await browser.close(); await server.close();
})().catch((e) => { console.error(e); process.exit(1); });
