import { startServer, launchBrowser, newPage, clickToStart, readAimDebug, waitForNextTick } from './harness';
async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  const drills = process.argv.slice(2).map(Number);
  for (const id of drills) {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/?id=${id}`);
    const mouse = await clickToStart(page);
    await page.waitForTimeout(1500);
    const s = await readAimDebug(page);
    if (s.targets.length) {
      const t = s.targets[0];
      mouse.x += Math.round((t.yaw - s.aim.yaw) / s.dpc.x);
      mouse.y += Math.round((t.pitch - s.aim.pitch) / s.dpc.y);
      await page.mouse.move(mouse.x, mouse.y);
      for (let i = 0; i < 3; i++) { await page.mouse.down(); await page.mouse.up(); await waitForNextTick(page); await waitForNextTick(page); }
    }
    await page.waitForTimeout(30);
    await page.screenshot({ path: `/tmp/shot-${id}.png` });
    // look away: 60 degrees left
    mouse.x -= Math.round(70 / Math.abs(s.dpc.x));
    await page.mouse.move(mouse.x, mouse.y);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/shot-${id}-away.png` });
    await context.close();
  }
  await browser.close();
  await server.close();
}
main().catch((e) => { console.error(e); process.exit(1); });
