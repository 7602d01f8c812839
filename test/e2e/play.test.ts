/**
 * End to end, in a real headless Chromium against the real server and a real SQLite file:
 * - an invalid drill id shows the error overlay with the spec's texts (spec section 5);
 * - drill 2033 (the short test drill) is played with REAL mouse input: the page is clicked to
 *   start (pointer lock + countdown), the aim is moved onto each target with `page.mouse.move`
 *   (pointer-lock movementX/Y, whole counts) and `page.mouse.down/up`, and at the end the
 *   drill summary's numbers must equal the row stored in the database.
 * The read-only hook `window.__aimDebug` only tells the test where the targets are.
 */
import { aimUntilFinished, clickToStart, newPage, readSummaryAndRow, summaryResultText, useE2eSuite, pageErrors } from './harness';

jest.setTimeout(120_000);

const suite = useE2eSuite();

test('a non-numeric drill id shows the invalid-id overlay with a Quit button', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.goto(`${suite.server.baseUrl}/?id=abc`);
  const overlay = page.getByTestId('error-overlay');
  await overlay.waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('error-title').textContent()).toBe('Could not load drill');
  expect(await page.getByTestId('error-description').textContent()).toBe('This drill has an invalid id.');
  expect(await overlay.getByRole('button', { name: 'Quit' }).isVisible()).toBe(true);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('drill 2033 played with real mouse input ends in a summary equal to the stored row', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  // This player's sensitivity: 4 (0.088 deg/count), saved through the settings call.
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  const current = await (await context.request.get(`${suite.server.baseUrl}/gameoptions/edit`)).json();
  const saved = await context.request.post(`${suite.server.baseUrl}/gameoptions/edit`, {
    data: { game_options: current.game_options, controls: { ...current.controls, mouse_sens: 4 } },
  });
  expect(saved.ok()).toBe(true);
  await page.reload();

  const mouse = await clickToStart(page, { pointerLock: false });
  const dpc = await page.evaluate(() => (window as any).__aimDebug.degPerCount());
  expect(dpc.x).toBeCloseTo(0.088, 10);
  expect(dpc.y).toBeCloseTo(-0.088, 10);

  const { clicks, finished } = await aimUntilFinished(page, mouse);
  expect(finished).toBe(true);
  expect(clicks).toBeGreaterThan(0);

  const { shown, result, row } = await readSummaryAndRow(page, suite.server.databaseFile);
  expect(row.game_id).toBe(2033);
  expect(shown).toEqual({
    targets: row.targets_destroyed,
    hits: row.hits,
    shots: row.shots,
    accuracy: row.accuracy,
    time_destroy: row.time_destroy,
  });
  expect(row.targets_destroyed).toBeGreaterThan(0);
  expect(row.shots).toBeGreaterThanOrEqual(row.hits);
  // Every aimed click of this test was placed on a target's centre: most must hit.
  expect(row.hits).toBeGreaterThanOrEqual(Math.floor(clicks / 2));
  expect(result).toBe(summaryResultText(row.passed));
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
