/**
 * Input order (issue 18 item 4, benchmark `input-order` of shared/reference/benchmarks.md), in
 * Chromium against the real server (drills 134 and 2033), read back from the engine's input log
 * (window.__aimDebug.inputOrder):
 * - real input (page.mouse under pointer lock): a click after N moves is logged after all N of
 *   them, and they sum to the injected counts exactly;
 * - real input at the highest rate CDP reaches (issue 33 item 1): 3 bursts of 1000
 *   `Input.dispatchMouseEvent` moves sent back to back from outside the page, 3 clicks inside
 *   each: every click sees exactly the injected sum before it, and the applied sum equals the
 *   injected sum (the page reads look from `pointermove` and its coalesced events; with
 *   `pointerrawupdate` Chromium logged 7 of 9 such clicks after the wrong number of moves);
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

test('a real click after N real moves is logged after all N', async () => {
  // drill 134 (60 s): real CDP moves can wait for frames, which are slow under SwiftShader
  const { context, page, errors, mouse } = await startDrill(suite, 134);
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

test('CDP bursts: 3 x 1000 moves sent back to back with 3 clicks each: every click sees exactly the moves before it', async () => {
  // drill 134 (60 s): long enough for three bursts under SwiftShader
  const { context, page, errors, mouse } = await startDrill(suite, 134);
  await page.waitForFunction(() => (window as any).__aimDebug.tick() > 10, undefined, { timeout: 10_000 });
  const cdp = await context.newCDPSession(page);
  let x = mouse.x;
  let y = mouse.y;
  let seed = 12345;
  const rand = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const misplaced: string[] = [];
  const perBurstReports: number[] = [];
  for (let burst = 0; burst < 3; burst++) {
    const k0 = (await inputOrder(page)).length;
    const clickAfter = [250 + burst * 17, 500 + burst * 31, 750 + burst * 43]; // moves before each click
    const expected: Array<{ dx: number; dy: number }> = [];
    let sx = 0;
    let sy = 0;
    const sends: Array<Promise<unknown>> = [];
    const started = Date.now();
    for (let i = 0; i < 1000; i++) {
      // steps of 1-9 px (ordinary motion for the mouse-skip filter), turning back at the edges
      let nx = x + Math.round(rand() * 18 - 9) || 1;
      let ny = y + Math.round(rand() * 6 - 3);
      if (nx < 40 || nx > 1240) nx = x - (nx - x);
      if (ny < 40 || ny > 680) ny = y - (ny - y);
      sx += nx - x;
      sy += ny - y;
      x = nx;
      y = ny;
      // not awaited: each command follows the last as fast as the CDP pipe takes them
      sends.push(cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y }));
      if (clickAfter.includes(i + 1)) {
        expected.push({ dx: sx, dy: sy });
        sends.push(cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', buttons: 1, clickCount: 1 }));
        sends.push(cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', buttons: 0, clickCount: 1 }));
      }
    }
    await Promise.all(sends);
    const sendMs = Date.now() - started;
    // the engine logs events when their tick runs: wait until all three clicks and the whole
    // motion are in the log (if they never are, the assertions below say what is missing)
    await page.waitForFunction(
      ({ k, dx, dy }) => {
        const log = (window as any).__aimDebug.inputOrder().slice(k);
        let ax = 0;
        let ay = 0;
        let clicks = 0;
        for (const e of log) {
          if (e.type === 'look') { ax += e.dx; ay += e.dy; } else if (e.down) clicks++;
        }
        return clicks >= 3 && ax === dx && ay === dy;
      },
      { k: k0, dx: sx, dy: sy },
      { timeout: 20_000 },
    ).catch(() => undefined);
    const log = (await inputOrder(page)).slice(k0);
    let ax = 0;
    let ay = 0;
    let looks = 0;
    const seen: Array<{ dx: number; dy: number }> = [];
    for (const e of log) {
      if (e.type === 'look') { ax += e.dx; ay += e.dy; looks++; } else if (e.down) seen.push({ dx: ax, dy: ay });
    }
    seen.forEach((s, i) => {
      if (expected[i] && (s.dx !== expected[i].dx || s.dy !== expected[i].dy)) {
        misplaced.push(`burst ${burst} click ${i}: saw (${s.dx}, ${s.dy}), injected (${expected[i].dx}, ${expected[i].dy})`);
      }
    });
    expect(seen).toEqual(expected);
    expect({ dx: ax, dy: ay }).toEqual({ dx: sx, dy: sy });
    perBurstReports.push(looks);
    console.log(`CDP burst ${burst}: 1000 moves + 3 clicks sent in ${sendMs} ms (${(1000 / Math.max(1, sendMs)).toFixed(1)} moves/ms), logged as ${looks} look samples`);
  }
  expect(misplaced).toEqual([]);
  // every burst reached the page as device-rate samples (coalesced events), not one per frame
  expect(perBurstReports.every((n) => n > 100)).toBe(true);
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
    const type = 'pointermove'; // the event the recorder reads look from (LOOK_EVENT)
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
