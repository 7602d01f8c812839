/**
 * The sensitivity finder (issue 37 item 6) end to end in Chromium with REAL mouse input
 * (page.mouse under pointer lock), against the real server and SQLite file:
 * - the start page (`/app/#/sens-finder`, linked under the settings' converter) asks for the DPI
 *   in place when the settings have none, and Start opens a session on the game page with a seed;
 * - a session of drill 2033 (8 s) with 3 levels × 1 repeat plays its rounds in place, each
 *   labelled "Round N of 3"; the same mouse movement turns the view by a different yaw in each
 *   round, exactly counts × 0.022 × the schedule's sensitivity for that round (planSession of
 *   the session's seed), while neither the page text nor the saved settings show that value;
 * - the result shows the recommendation, its chart and the converter; Apply saves the
 *   sensitivity and DPI (GET /gameoptions/edit), the converter shows the value for VALORANT, and
 *   the settings page then shows the new cm/360;
 * - leaving a session in the middle keeps the saved sensitivity: the next plain drill turns at it.
 * Screenshots at 1280x720: build/e2e-screens/finder-{start,round,result}.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { aimUntilFinished, clickToStart, newPage, pageErrors, saveControls, useE2eSuite, type MousePos } from './harness';
import { planSession } from '../../src/sensitivity/finder';
import { cmPer360, productSensFromCm360 } from '../../src/sensitivity/convert';

jest.setTimeout(300_000);

const suite = useE2eSuite();
const SCREENS = path.resolve('build/e2e-screens');
const DPI = 800;
const SENS = 1.5; // the player's saved sensitivity: 34.64 cm/360 at 800 DPI

/** Turns right by `counts` with a real mouse move; returns the yaw change (degrees) once applied. */
async function yawOfMove(page: Page, mouse: MousePos, counts: number): Promise<number> {
  await page.waitForTimeout(100);
  const before: number = await page.evaluate(() => (window as any).__aimDebug.aim().yaw);
  const dpc: number = await page.evaluate(() => (window as any).__aimDebug.degPerCount().x);
  mouse.x += counts;
  await page.mouse.move(mouse.x, mouse.y);
  const expected = before + counts * dpc;
  await page.waitForFunction((y) => Math.abs((window as any).__aimDebug.aim().yaw - y) < 1e-6, expected, { timeout: 10_000 });
  const after: number = await page.evaluate(() => (window as any).__aimDebug.aim().yaw);
  mouse.x -= counts; // turn back, so the aiming loop starts where it would have
  await page.mouse.move(mouse.x, mouse.y);
  return after - before;
}

async function savedControls(page: Page): Promise<Record<string, any>> {
  const res = await page.context().request.get(`${suite.server.baseUrl}/gameoptions/edit`);
  return (await res.json()).controls;
}

test('a blind session plays each round at its own hidden sensitivity, fits, and Apply saves and converts the result', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await saveControls(context, suite.server.baseUrl, { mouse_sens: SENS, mouse_dpi: null });
  fs.mkdirSync(SCREENS, { recursive: true });

  // the settings' converter links to the finder
  await page.goto(`${suite.server.baseUrl}/gameoptions/edit`);
  expect(await page.getByTestId('finder-link').getAttribute('href')).toBe('/app/#/sens-finder');

  // the start page: no DPI saved, so it asks for one; Start opens a seeded session
  await page.goto('about:blank');
  await page.goto(`${suite.server.baseUrl}/app/#/sens-finder?drill=2033`);
  await page.getByTestId('finder-start').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('finder-start').isDisabled()).toBe(true);
  await page.getByTestId('finder-dpi').fill(String(DPI));
  await page.getByTestId('finder-current').filter({ hasText: '(34.6 cm/360 at 800 DPI)' }).waitFor({ timeout: 5_000 });
  // 5 levels over 34.64 / 1.4 … 34.64 × 1.4
  expect(await page.getByTestId('finder-how').textContent()).toContain('10 rounds of #2033, 5 sensitivities from 24.7 to 48.5 cm/360, each played 2 times');
  await page.screenshot({ path: path.join(SCREENS, 'finder-start.png') });
  await Promise.all([page.waitForURL(/[?&]finder=\d+/, { timeout: 30_000 }), page.getByTestId('finder-start').click()]);
  const url = new URL(page.url());
  expect(url.searchParams.get('id')).toBe('2033');
  expect(url.searchParams.get('dpi')).toBe(String(DPI));
  expect(Number(url.searchParams.get('cm'))).toBeCloseTo(cmPer360(SENS * 0.022, DPI), 2);
  const seed = Number(url.searchParams.get('finder'));

  // a short session of the same seed: 3 levels, each once
  const centre = Number(url.searchParams.get('cm'));
  const plan = planSession(seed, centre, { levels: 3, repeats: 1 });
  await page.goto('about:blank');
  await page.goto(`${suite.server.baseUrl}/?id=2033&finder=${seed}&cm=${centre}&dpi=${DPI}&levels=3&repeats=1`);

  const turned: number[] = [];
  let mouse: MousePos = { x: 640, y: 360 };
  for (let i = 0; i < 3; i++) {
    await page.waitForFunction((text) => document.querySelector('[data-testid="finder-round"]')?.textContent === text,
      `Round ${i + 1} of 3`, { timeout: 60_000 });
    await page.getByTestId('start-instructions').waitFor({ timeout: 60_000 });
    if (i === 0) {
      await page.screenshot({ path: path.join(SCREENS, 'finder-round.png') });
      mouse = await clickToStart(page);
    } else {
      expect(await page.evaluate(() => document.pointerLockElement !== null)).toBe(true);
      await page.mouse.down();
      await page.mouse.up();
      await page.waitForFunction(() => { const d = (window as any).__aimDebug; return !!d && !d.finished() && d.tick() > 0; }, undefined, { timeout: 30_000 });
    }
    // the round's sensitivity: the schedule's, for the same mouse movement a different turn
    const sens = productSensFromCm360(plan.rounds[i].cm360, DPI);
    const yaw = await yawOfMove(page, mouse, 200);
    expect(yaw).toBeCloseTo(200 * 0.022 * sens, 6);
    turned.push(yaw);
    // blind: the page shows neither the round's sensitivity nor its cm/360, and nothing is saved
    const text = await page.evaluate(() => document.body.innerText);
    for (const shown of [sens.toFixed(2), sens.toFixed(3), plan.rounds[i].cm360.toFixed(1)]) expect(text).not.toContain(shown);
    expect((await savedControls(page)).mouse_sens).toBe(SENS);
    expect((await aimUntilFinished(page, mouse)).finished).toBe(true);
  }
  // three rounds, three different turns for the same 200 counts
  expect(new Set(turned.map((y) => y.toFixed(4))).size).toBe(3);

  // the result: recommendation, chart of the 3 rounds, converter
  const result = page.getByTestId('finder-result');
  await result.waitFor({ timeout: 60_000 });
  const rounds = JSON.parse((await page.getByTestId('finder-chart').getAttribute('data-rounds'))!);
  expect(rounds.map((r: { cm360: number }) => r.cm360)).toEqual(plan.rounds.map((r) => r.cm360));
  const recommendedCm = Number(await page.getByTestId('finder-recommended').getAttribute('data-cm'));
  expect(recommendedCm).toBeGreaterThanOrEqual(plan.levels[0] - 1e-9);
  expect(recommendedCm).toBeLessThanOrEqual(plan.levels[2] + 1e-9);
  const recommendedSens = Math.round(productSensFromCm360(recommendedCm, DPI) * 1000) / 1000;
  expect(await page.getByTestId('finder-in-trainer').textContent()).toContain(`sensitivity ${recommendedSens} in this trainer at 800 DPI`);
  await page.waitForFunction(() => document.querySelector('.finder-result canvas') !== null, undefined, { timeout: 10_000 });
  await page.waitForFunction(() => document.pointerLockElement === null, undefined, { timeout: 5_000 });
  await page.screenshot({ path: path.join(SCREENS, 'finder-result.png') });

  // Apply: the stored sensitivity and DPI change
  await page.getByTestId('finder-apply').click();
  await page.getByTestId('finder-applied').waitFor({ timeout: 15_000 });
  const after = await savedControls(page);
  expect(after.mouse_sens).toBeCloseTo(recommendedSens, 9);
  expect(after.mouse_dpi).toBe(DPI);
  // the converter: the recommended value in VALORANT (yaw 0.07: value = sens × 0.022 / 0.07)
  await page.waitForFunction(() => (document.querySelector('[data-testid="sens-convert-to"]') as HTMLSelectElement | null)?.options.length! > 50, undefined, { timeout: 30_000 });
  await page.getByTestId('sens-convert-to').selectOption('valorant');
  const valorant = Number(await page.getByTestId('sens-convert-result').textContent());
  expect(valorant).toBeCloseTo((recommendedSens * 0.022) / 0.07, 3);
  await page.screenshot({ path: path.join(SCREENS, 'finder-result-applied.png') });

  // the settings page shows the new sensitivity and its cm/360
  await page.goto(`${suite.server.baseUrl}/gameoptions/edit`);
  await page.waitForFunction(() => ((document.querySelector('[data-testid="setting-cm360"]') as HTMLInputElement | null)?.value ?? '') !== '', undefined, { timeout: 30_000 });
  expect(Number(await page.getByTestId('setting-cm360').inputValue())).toBeCloseTo(cmPer360(recommendedSens * 0.022, DPI), 2);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('leaving a session in the middle keeps the saved sensitivity', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await saveControls(context, suite.server.baseUrl, { mouse_sens: SENS, mouse_dpi: DPI });
  const centre = cmPer360(SENS * 0.022, DPI);
  const seed = 12345;
  const plan = planSession(seed, centre, { levels: 3, repeats: 1 });
  await page.goto(`${suite.server.baseUrl}/?id=2033&finder=${seed}&cm=${centre}&dpi=${DPI}&levels=3&repeats=1`);
  await page.getByTestId('finder-banner').waitFor({ timeout: 60_000 });
  await clickToStart(page);
  const dpc = await page.evaluate(() => (window as any).__aimDebug.degPerCount().x);
  expect(dpc).toBeCloseTo(productSensFromCm360(plan.rounds[0].cm360, DPI) * 0.022, 9);
  expect(Math.abs(dpc - SENS * 0.022)).toBeGreaterThan(1e-4);
  // leave mid-round: a plain drill then turns at the saved sensitivity
  await page.goto('about:blank');
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  await clickToStart(page);
  expect(await page.evaluate(() => (window as any).__aimDebug.degPerCount().x)).toBeCloseTo(SENS * 0.022, 9);
  expect((await savedControls(page)).mouse_sens).toBe(SENS);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
