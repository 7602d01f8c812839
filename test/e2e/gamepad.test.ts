/**
 * Issue 19 item 2, end to end in a real headless Chromium: a gamepad plays drill 2033 from start
 * to summary. The Gamepad API is overridden before the page's scripts run (a scripted standard
 * pad whose axes and buttons the test sets); nothing else is faked.
 * - `gamepadconnected` starts the countdown (no click);
 * - the right stick held fully right turns the aim at STICK_DEG_PER_S (180°/s at horizontal
 *   sensitivity 1: full deflection is 1 after both scaled deadzones and the curve) for the time
 *   the game's polls saw it held: each poll turns by the time since the previous one (capped at
 *   100 ms, src/input/gamepadInput.ts), so the test records when the page polled the pad and
 *   what it read (on a busy machine the 60 Hz polls come late, and a fixed hold time would not
 *   say what the game saw);
 * - the fire button (7, right trigger) shoots: the engine counts the shots;
 * - the pause button (9, start) opens the pause menu;
 * - the stored run's `input_type` is 'Cont' (controller look inputs outnumber mouse ones: there
 *   are none) and the summary follows.
 */
import Database from 'better-sqlite3';
import { newPage, pageErrors, readSummaryAndRow, useE2eSuite } from './harness';
import { STICK_DEG_PER_S } from '../../src/input/gamepadInput';

jest.setTimeout(120_000);

const suite = useE2eSuite();

/** Installed before any page script: a connected standard pad at index 0 that the test drives
 * through `window.__pad` (axes[2] right stick x, buttons[7] right trigger = fire). */
function scriptedPad(): void {
  const pad = {
    id: 'Scripted pad (STANDARD GAMEPAD)', index: 0, connected: true, mapping: 'standard', timestamp: 0,
    axes: [0, 0, 0, 0],
    buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })),
  };
  (window as any).__pad = pad;
  // every poll: when (performance.now()) and the right stick's x it read
  const polls: Array<{ t: number; x: number }> = [];
  (window as any).__polls = polls;
  Object.defineProperty(navigator, 'getGamepads', {
    configurable: true,
    value: () => {
      polls.push({ t: performance.now(), x: pad.axes[2] });
      return [pad, null, null, null];
    },
  });
}

test('a scripted gamepad starts drill 2033, turns the aim at the stick rate, shoots, and the run is stored as Cont', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.addInitScript(scriptedPad);
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
  // the pad connects: the countdown starts and the round runs, with no click
  await page.evaluate(() => window.dispatchEvent(new Event('gamepadconnected')));
  await page.waitForFunction(() => { const d = (window as any).__aimDebug; return !!d && d.tick() > 0; }, undefined, { timeout: 20_000 });

  // right stick fully right for ~600 ms of page time; the page measures how long it was held
  const yaw0: number = await page.evaluate(() => (window as any).__aimDebug.aim().yaw);
  const heldMs: number = await page.evaluate(() => new Promise<number>((resolve) => {
    const pad = (window as any).__pad;
    const t0 = performance.now();
    pad.axes[2] = 1;
    setTimeout(() => { pad.axes[2] = 0; resolve(performance.now() - t0); }, 600);
  }));
  // a poll after the release, then the engine two ticks further: every look event is applied
  await page.waitForFunction(() => {
    const p = (window as any).__polls as Array<{ t: number; x: number }>;
    return p.length > 1 && p[p.length - 1].x === 0 && p.some((q) => q.x === 1);
  }, undefined, { timeout: 10_000 });
  const tick0: number = await page.evaluate(() => (window as any).__aimDebug.tick());
  await page.waitForFunction((t) => (window as any).__aimDebug.tick() > t + 2, tick0, { timeout: 10_000 });
  const turned = (await page.evaluate(() => (window as any).__aimDebug.aim().yaw)) - yaw0;
  // what the polls saw: each poll that read the stick fully right turned by the time since the
  // previous poll (at most 100 ms) at STICK_DEG_PER_S
  const seenMs: number = await page.evaluate(() => {
    const p = (window as any).__polls as Array<{ t: number; x: number }>;
    let ms = 0;
    for (let i = 1; i < p.length; i++) if (p[i].x === 1) ms += Math.min(p[i].t - p[i - 1].t, 100);
    return ms;
  });
  const expected = (STICK_DEG_PER_S * seenMs) / 1000;
  console.log(`gamepad: stick held ${heldMs.toFixed(0)} ms (the polls saw ${seenMs.toFixed(0)} ms), aim turned ${turned.toFixed(2)}° (expected ${expected.toFixed(2)}° at ${STICK_DEG_PER_S}°/s)`);
  expect(seenMs).toBeGreaterThan(0);
  expect(seenMs).toBeLessThanOrEqual(heldMs + 100);
  // whole counts per poll (0.022°/count at sensitivity 1) are the only difference
  expect(Math.abs(turned - expected)).toBeLessThanOrEqual(0.5);

  // the right trigger (fire) pressed and released twice
  for (let i = 0; i < 2; i++) {
    const shots: number = await page.evaluate(() => (window as any).__aimDebug.counters().shots);
    await page.evaluate(() => { const b = (window as any).__pad.buttons[7]; b.pressed = true; b.value = 1; });
    await page.waitForFunction((n) => (window as any).__aimDebug.counters().shots > n, shots, { timeout: 10_000 });
    await page.evaluate(() => { const b = (window as any).__pad.buttons[7]; b.pressed = false; b.value = 0; });
    await page.waitForTimeout(300); // the weapon's fire rate
  }

  // the pause button (9, start) opens the pause menu; Resume goes on
  await page.evaluate(() => { const b = (window as any).__pad.buttons[9]; b.pressed = true; b.value = 1; });
  await page.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  await page.evaluate(() => { const b = (window as any).__pad.buttons[9]; b.pressed = false; b.value = 0; });
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByTestId('pause-menu').waitFor({ state: 'detached', timeout: 10_000 });

  // the drill runs out; the summary shows the stored run, played with the controller
  const { perfId, row } = await readSummaryAndRow(page, suite.server.databaseFile);
  expect(row.game_id).toBe(2033);
  expect(row.shots).toBeGreaterThanOrEqual(2);
  const db = new Database(suite.server.databaseFile, { readonly: true });
  try {
    const stored = db.prepare('SELECT input_type FROM performances WHERE id = ?').get(perfId) as { input_type: string };
    expect(stored.input_type).toBe('Cont');
  } finally {
    db.close();
  }
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
