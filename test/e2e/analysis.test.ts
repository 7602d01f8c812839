/**
 * Analysis mode (issue 15 item 4), end to end with real mouse input: after the countdown the
 * shot-performance overlay lists each shot (a hit with its time since spawn, a miss), and Quit
 * from the pause menu ends the round at once: the run so far is stored and the browser lands on
 * its post-game summary.
 */
import Database from 'better-sqlite3';
import { clickToStart, newPage, pageErrors, readAimDebug, readSummaryAndRow, useE2eSuite, waitForNextTick } from './harness';

jest.setTimeout(120_000);

/** Test drill 2033 in analysis mode, 60 s long (so only Quit can end it in time). */
const ANALYSIS_DRILL = 9033;
const suite = useE2eSuite(async (server) => {
  const db = new Database(server.databaseFile);
  try {
    const row = db.prepare('SELECT * FROM drills WHERE id = 2033').get() as Record<string, unknown>;
    const fields = { ...JSON.parse(row.fields as string), duration: 60000, analysis_mode: 1 };
    db.prepare('INSERT INTO drills (id, name, game_type_description, objective, category, fields) VALUES (?, ?, ?, ?, ?, ?)')
      .run(ANALYSIS_DRILL, 'Analysis Test Drill', row.game_type_description, row.objective, row.category, JSON.stringify(fields));
  } finally {
    db.close();
  }
});

test('the shot-performance overlay lists hits and misses; Quit lands on the post-game summary of what was played', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.goto(`${suite.server.baseUrl}/?id=${ANALYSIS_DRILL}`);
  const mouse = await clickToStart(page);
  await page.getByTestId('shot-performance').waitFor({ timeout: 10_000 });
  expect(await page.getByTestId('shot-performance-row').count()).toBe(0);

  // a hit: turn onto the nearest target's centre and click
  const s = await readAimDebug(page);
  const off = (t: { yaw: number; pitch: number }) => Math.hypot(t.yaw - s.aim.yaw, t.pitch - s.aim.pitch);
  const t = s.targets.reduce((best, c) => (off(c) < off(best) ? c : best));
  mouse.x += Math.round((t.yaw - s.aim.yaw) / s.dpc.x);
  mouse.y += Math.round((t.pitch - s.aim.pitch) / s.dpc.y);
  await page.mouse.move(mouse.x, mouse.y, { steps: 1 });
  await waitForNextTick(page);
  await page.mouse.down();
  await page.mouse.up();
  await page.getByTestId('shot-performance-row').first().waitFor({ timeout: 10_000 });
  // a miss: straight up at the ceiling
  mouse.y -= Math.round(60 / Math.abs(s.dpc.y));
  await page.mouse.move(mouse.x, mouse.y, { steps: 1 });
  await waitForNextTick(page);
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="shot-performance-row"]').length >= 2, undefined, { timeout: 10_000 });
  const rows = await page.getByTestId('shot-performance-row').allTextContents();
  expect(rows[0]).toMatch(/^#2Miss/); // newest first
  expect(rows[1]).toMatch(/^#1(Hit|Crit)\d+ ms(on time|late)/);

  // Quit: the round ends now and the summary of these two shots shows
  await page.keyboard.press('Escape');
  await page.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Quit' }).click();
  const { row, shown } = await readSummaryAndRow(page, suite.server.databaseFile);
  expect(row.game_id).toBe(ANALYSIS_DRILL);
  expect(row.shots).toBe(2);
  expect(row.hits).toBe(1);
  expect(shown.shots).toBe(2);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
