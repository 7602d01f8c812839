/**
 * Decoys in the browser (issue 36): a decoy drill (233 Decoy Switch, with lifetime long enough
 * to look) draws its decoys in the decoy colour, unlike its targets. Real Chromium, real mouse
 * input under pointer lock; `__aimDebug` is only read to know where the targets are. The aim is
 * turned onto a decoy and then onto a target, and the pixels just off the crosshair (diagonal,
 * clear of the cross's arms) are compared. Screenshot: $E2E_SHOTS/decoys.png when set.
 */
import { readAimDebug, screenshotPixels, seedDrillVariants, startDrill, useE2eSuite, type AimDebugState, type MousePos } from './harness';
import type { Page } from 'playwright-core';

jest.setTimeout(120_000);

const ID = 9360;
const suite = useE2eSuite(async (server) => {
  await seedDrillVariants(server, 233, [{ id: ID, target_lifetime: 20000, config: JSON.stringify({ decoyShare: 0.5 }) }]);
});

/** Turns the aim onto (yaw, pitch) with whole-count page.mouse moves; returns the new position. */
async function turnTo(page: Page, mouse: MousePos, s: AimDebugState, yaw: number, pitch: number): Promise<MousePos> {
  const pos = { x: mouse.x + Math.round((yaw - s.aim.yaw) / s.dpc.x), y: mouse.y + Math.round((pitch - s.aim.pitch) / s.dpc.y) };
  await page.mouse.move(pos.x, pos.y);
  await page.waitForFunction(([y, p]) => {
    const a = (window as any).__aimDebug.aim();
    return Math.abs(a.yaw - y) < 0.2 && Math.abs(a.pitch - p) < 0.2;
  }, [yaw, pitch], { timeout: 10_000 });
  return pos;
}

/** Mean RGB of a 4x4 patch at (+6, +6) px from the view's centre (off the crosshair's arms). */
async function patch(page: Page): Promise<[number, number, number]> {
  const px = await screenshotPixels(page, { x: 646, y: 366, width: 4, height: 4 });
  const m = [0, 0, 0];
  for (let i = 0; i < px.data.length; i += 4) for (let k = 0; k < 3; k++) m[k] += px.data[i + k] / 16;
  return [m[0], m[1], m[2]];
}

test('decoys are drawn in the decoy colour, targets in the target colour', async () => {
  const { page, context, mouse } = await startDrill(suite, ID);
  try {
    await page.waitForFunction(() => {
      const t = (window as any).__aimDebug.targets();
      return t.some((x: any) => x.decoy) && t.some((x: any) => !x.decoy);
    }, null, { timeout: 20_000 });
    let s = await readAimDebug(page);
    const decoy = s.targets.find((t) => t.decoy)!;
    let pos = await turnTo(page, mouse, s, decoy.yaw, decoy.pitch);
    const decoyRgb = await patch(page);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/decoys.png` });
    s = await readAimDebug(page);
    const target = s.targets.find((t) => !t.decoy)!;
    pos = await turnTo(page, pos, s, target.yaw, target.pitch);
    const targetRgb = await patch(page);
    // DECOY_COLOUR (0.2, 0.45, 1), a blue (lit, so not exact); the default target is a red
    expect(decoyRgb[2]).toBeGreaterThan(decoyRgb[0] + 50);
    expect(targetRgb[0]).toBeGreaterThan(targetRgb[2] + 50);
    const dist = Math.hypot(decoyRgb[0] - targetRgb[0], decoyRgb[1] - targetRgb[1], decoyRgb[2] - targetRgb[2]);
    expect(dist).toBeGreaterThan(60);
    void pos;
  } finally {
    await context.close();
  }
});
