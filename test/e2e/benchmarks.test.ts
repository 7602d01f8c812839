/**
 * Benchmarks (issue 36 item 3) in Chromium at 1280x720 against the real server: an account with
 * ranked runs sees the season grid (rank, energy and the bar to the next rank per drill, the
 * overall rank), and its benchmark rank on the drill summary, the leaderboard and the progress
 * page; a guest sees the thresholds and a log-in link and stays on the page. Runs are submitted
 * through the API and ranked in the database as a verified ticketed run is (as the server tests
 * do). With SHOT_DIR set, screenshots are written there.
 */
import Database from 'better-sqlite3';
import type { APIRequestContext } from 'playwright-core';
import { b64, submission } from '../server/helpers';
import { newPage, pageErrors, postAsPage, shot, useE2eSuite } from './harness';

jest.setTimeout(180_000);

const suite = useE2eSuite();

/** A write as the game's own page sends it (harness.ts postAsPage). */
const post = (req: APIRequestContext, path: string, data: unknown) => postAsPage(req, suite.server.baseUrl, path, data);

/** Submits a run and ranks it; returns its id. */
async function rankedRun(req: APIRequestContext, drill: number, kills: number, accuracy = 75): Promise<number> {
  const { id } = await post(req, '/api/v1/performance', submission(drill, { targets_destroyed: b64(kills), accuracy }));
  const db = new Database(suite.server.databaseFile);
  try {
    db.prepare('update performances set ranked = 1 where id = ?').run(id);
  } finally {
    db.close();
  }
  return id;
}

test('an account sees its grid, next thresholds and overall rank; the rank shows on summary, leaderboard and progress', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const base = suite.server.baseUrl;
  await post(context.request, '/api/v1/auth/register', { username: `bench${Date.now() % 100000}`, password: 'correct horse battery' });
  const run134 = await rankedRun(context.request, 134, 94); // Jade 90 -> Master 99: 744.4 energy
  await rankedRun(context.request, 143, 5, 54); // Smooth Tracking 54 %: Diamond
  await rankedRun(context.request, 137, 500); // Microflick: capped at Celestial

  await page.goto(`${base}/app/#/benchmarks`);
  const cell = page.getByTestId('bench-drill-134');
  await cell.waitFor({ timeout: 30_000 });
  expect(await cell.getByTestId('bench-drill-rank').textContent()).toBe('Jade');
  expect(await cell.getByTestId('bench-drill-best').textContent()).toBe('Best 94');
  expect(await cell.getByTestId('bench-drill-energy').textContent()).toBe('744.4 energy');
  expect(await cell.getByTestId('bench-drill-next').textContent()).toBe('Next: Master at 99');
  expect(await cell.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('44');
  // the bar is drawn that wide
  const bar = (await cell.getByRole('progressbar').boundingBox())!;
  const fill = (await cell.locator('.bench__bar > span').boundingBox())!;
  expect(fill.width / bar.width).toBeCloseTo(0.44, 1);
  expect(await page.getByTestId('bench-drill-137').getByTestId('bench-drill-next').textContent()).toBe('Top rank');
  expect(await page.getByTestId('bench-drill-143').getByTestId('bench-drill-next').textContent()).toBe('Next: Jade at 60 %');
  // subcategories without a score: overall unranked
  expect(await page.getByTestId('bench-overall-rank').textContent()).toBe('Unranked');
  expect(await page.getByTestId('bench-energy').textContent()).toBe('0');
  expect(await page.getByTestId('bench-missing').textContent()).toBe('6 of 9 skills have no score yet: play one drill of each');
  // the subcategory's cell fits its rank and energy
  const sub = page.getByTestId('bench-sub-flicking');
  expect(await sub.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  // in view at 1280x720: the header row, the overall cards and the first category's grid do not overlap
  const overall = (await page.getByTestId('bench-overall-rank').boundingBox())!;
  const clicking = (await page.getByTestId('bench-category-clicking').boundingBox())!;
  expect(clicking.y).toBeGreaterThan(overall.y + overall.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await page.getByTestId('nav-benchmarks').getAttribute('aria-current')).toBe('page');
  await shot(page, 'benchmarks');

  // the rank on the leaderboard, the summary and the progress page
  await page.goto(`${base}/app/#/leaderboard?drill=134`);
  await page.getByTestId('bench-rank-line').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('bench-rank-drill').textContent()).toBe('Jade');
  await shot(page, 'benchmarks-leaderboard');
  await page.goto(`${base}/app/#/drill-summary?run=${run134}`);
  await page.getByTestId('bench-rank-line').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('bench-rank-line').textContent()).toContain('Jadeon this drill in the Season 1 benchmark (744.4 energy)'); // the badge, then the text
  await shot(page, 'benchmarks-summary');
  await page.goto(`${base}/app/#/progress`);
  await page.getByTestId('bench-rank-line').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('bench-rank-overall').textContent()).toBe('Unranked');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('a guest sees the thresholds and a log-in link, and is not sent away', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.goto(`${suite.server.baseUrl}/app/#/benchmarks`);
  await page.getByTestId('bench-login').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('bench-drill-134').getByTestId('bench-drill-next').textContent()).toBe('Next: Iron at 36');
  expect(page.url()).toMatch(/\/app\/#\/benchmarks$/);
  await page.goto(`${suite.server.baseUrl}/app/#/leaderboard?drill=134`);
  await page.getByTestId('leaderboard-me').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('bench-rank-line').count()).toBe(0);
  expect(page.url()).toMatch(/leaderboard\?drill=134$/);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
