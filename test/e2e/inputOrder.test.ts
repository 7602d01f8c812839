/**
 * Input order (issue 18 item 4, benchmark `input-order` of shared/reference/benchmarks.md), in
 * Chromium against the real server (drills 134 and 2033), read back from the engine's input log
 * (window.__aimDebug.inputOrder):
 * - the page reads mouse look from `pointerrawupdate` (Chromium has it on this secure origin);
 * - real input (page.mouse under pointer lock): a click after N moves is logged after all N of
 *   them, and they sum to the injected counts exactly;
 * - 1 kHz: 1000 moves one per ms with a click every 100 moves, dispatched in the page (CDP moves
 *   cannot be paced at 1 kHz): none dropped, the applied sum equals the injected sum exactly, and
 *   each click sees exactly the moves injected before it.
 */
import type { Page } from 'playwright-core';
import { pageErrors, startDrill, useE2eSuite } from './harness';

jest.setTimeout(90_000);

const suite = useE2eSuite();

type Logged = { type: 'look'; dx: number; dy: number } | { type: 'fire'; down: boolean };
const inputOrder = (page: Page): Promise<Logged[]> => page.evaluate(() => (window as any).__aimDebug.inputOrder());

test('a real click after N real moves is logged after all N; the look comes from pointerrawupdate', async () => {
  // drill 134 (60 s): real CDP moves can wait for frames, which are slow under SwiftShader
  const { context, page, errors, mouse } = await startDrill(suite, 134);
  expect(await page.evaluate(() => 'onpointerrawupdate' in window)).toBe(true);
  // everything logged so far (the start click included) is before the probe
  await page.waitForFunction(() => (window as any).__aimDebug.tick() > 10, undefined, { timeout: 10_000 });
  const k0 = (await inputOrder(page)).length;
  const N = 30;
  let x = mouse.x;
  for (let i = 0; i < N; i++) {
    x += 7;
    await page.mouse.move(x, mouse.y);
  }
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForFunction((k) => (window as any).__aimDebug.inputOrder().slice(k).some((e: any) => e.type === 'fire' && e.down), k0, { timeout: 10_000 });
  const log = (await inputOrder(page)).slice(k0);
  const fireAt = log.findIndex((e) => e.type === 'fire' && e.down);
  const before = log.slice(0, fireAt).filter((e): e is Extract<Logged, { type: 'look' }> => e.type === 'look');
  expect(before.reduce((a, e) => a + e.dx, 0)).toBe(N * 7);
  expect(log.slice(fireAt).filter((e) => e.type === 'look' && e.dx !== 0)).toEqual([]);
  console.log(`real input: ${N} CDP moves arrived as ${before.length} look event(s) before the click`);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('1 kHz: 1000 moves with a click every 100: none dropped, exact sum, each click sees exactly the moves before it', async () => {
  const { context, page, errors } = await startDrill(suite, 2033);
  await page.waitForFunction(() => (window as any).__aimDebug.tick() > 10, undefined, { timeout: 10_000 });
  const k0 = (await inputOrder(page)).length;
  // deltas 1..7 counts (no skip for the filter), a click (down, then up) after every 100th move
  const deltas = Array.from({ length: 1000 }, (_, i) => 1 + (i * 37) % 7);
  const lateness = await page.evaluate((ds: number[]) => {
    const type = 'onpointerrawupdate' in window ? 'pointerrawupdate' : 'pointermove';
    const t0 = performance.now();
    let late = 0;
    ds.forEach((dx, i) => {
      while (performance.now() < t0 + i) { /* 1 ms apart */ }
      late = Math.max(late, performance.now() - (t0 + i));
      document.dispatchEvent(new PointerEvent(type, { movementX: dx, movementY: 0, bubbles: true, pointerType: 'mouse' }));
      if ((i + 1) % 100 === 0) {
        document.body.dispatchEvent(new MouseEvent('mousedown', { button: 0, bubbles: true }));
        document.body.dispatchEvent(new MouseEvent('mouseup', { button: 0, bubbles: true }));
      }
    });
    return late;
  }, deltas);
  await page.waitForFunction(
    (k) => (window as any).__aimDebug.inputOrder().slice(k).filter((e: any) => e.type === 'fire' && e.down).length >= 10,
    k0,
    { timeout: 20_000 },
  );
  const log = (await inputOrder(page)).slice(k0);
  const looks = log.filter((e): e is Extract<Logged, { type: 'look' }> => e.type === 'look');
  expect(looks.length).toBe(1000);
  expect(looks.map((e) => e.dx)).toEqual(deltas);
  expect(looks.reduce((a, e) => a + e.dx, 0)).toBe(deltas.reduce((a, d) => a + d, 0));
  let seen = 0;
  let clicks = 0;
  for (const e of log) {
    if (e.type === 'look') seen += e.dx;
    else if (e.down) {
      clicks++;
      expect(seen).toBe(deltas.slice(0, clicks * 100).reduce((a, d) => a + d, 0));
    }
  }
  expect(clicks).toBe(10);
  console.log(`input-order at 1 kHz: 1000 moves, 10 clicks, 0 dropped, sums exact; max dispatch lateness ${lateness.toFixed(2)} ms`);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
