/**
 * The drill browser (issue 36 item 2) in Chromium at 1280x720 against the real server: real
 * typing in the search box, the family filter and the sort (popularity from the runs table,
 * newest with a published community drill first), every change kept in the page's URL and a
 * reload of that URL giving the same list; the filters and the first row of cards in view and
 * not overlapping. With SHOT_DIR set, a screenshot is written there.
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { b64, submission } from '../server/helpers';
import { newPage, pageErrors, postAsPage, shot, useE2eSuite } from './harness';

jest.setTimeout(180_000);

const suite = useE2eSuite();

/** A write as the game's own page sends it (harness.ts postAsPage). */
const post = (req: APIRequestContext, path: string, data: unknown) => postAsPage(req, suite.server.baseUrl, path, data);

/** The ids of the cards shown, in order. */
async function cardIds(page: Page): Promise<number[]> {
  return page.locator('[data-testid^="drill-card-"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-testid')!.slice('drill-card-'.length))));
}

/** Waits until the shown cards satisfy `ok`. */
async function waitForCards(page: Page, ok: (ids: number[]) => boolean, what: string): Promise<number[]> {
  const until = Date.now() + 30_000;
  for (;;) {
    const ids = await page.getByTestId('drill-list').isVisible() ? await cardIds(page) : [];
    if (ok(ids)) return ids;
    if (Date.now() > until) throw new Error(`cards never became ${what}: ${ids.join(',')}`);
    await page.waitForTimeout(100);
  }
}

test('search, family filter and sort with real input; the URL keeps them; a reload shows the same list', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const base = suite.server.baseUrl;
  // popularity: drill 137 played by three players, 136 by two (each player a fresh guest)
  for (const [drill, players] of [[137, 3], [136, 2]] as const) {
    for (let i = 0; i < players; i++) {
      const guest = await suite.browser.newContext();
      await post(guest.request, '/api/v1/performance', submission(drill, { targets_destroyed: b64(10 + i) }));
      await guest.close();
    }
  }
  // a community drill: an account saves and publishes one
  const maker = await suite.browser.newContext();
  await post(maker.request, '/api/v1/auth/register', { username: `maker${Date.now() % 100000}`, password: 'correct horse battery' });
  const doc = (await (await maker.request.get(`${base}/api/v1/drills/2033/document`)).json()).document;
  const made = await post(maker.request, '/api/v1/drills', { ...doc, name: 'Community Zigzag' });
  await post(maker.request, `/api/v1/drills/${made.id}/publish`, {});
  await maker.close();

  await page.goto(`${base}/drills`);
  await page.getByTestId('drill-card-134').waitFor({ timeout: 30_000 });
  // default: most popular first (137: 3 players, 136: 2)
  expect((await cardIds(page)).slice(0, 2)).toEqual([137, 136]);
  expect(await page.getByTestId('drill-card-137').getByTestId('drill-popularity').textContent()).toBe('3 players · 3 plays');

  // nothing hides below the fold or overlaps: the filters, then a first row of whole cards
  const filters = (await page.getByTestId('drill-filters').boundingBox())!;
  const header = (await page.getByTestId('site-header').boundingBox())!;
  expect(filters.y).toBeGreaterThanOrEqual(header.y + header.height);
  const boxes = await page.locator('[data-testid^="drill-card-"]').evaluateAll((els) => els.slice(0, 8).map((e) => e.getBoundingClientRect().toJSON()));
  const firstRow = boxes.filter((b) => Math.abs(b.top - boxes[0].top) < 1);
  expect(firstRow.length).toBeGreaterThanOrEqual(3);
  expect(boxes[0].top).toBeGreaterThanOrEqual(filters.y + filters.height);
  for (const b of firstRow) expect(b.bottom).toBeLessThanOrEqual(720);
  for (let i = 1; i < firstRow.length; i++) expect(firstRow[i].left).toBeGreaterThanOrEqual(firstRow[i - 1].right);
  for (const c of await page.locator('[data-testid="drill-filters"] select, [data-testid="drill-search"]').all()) {
    const b = (await c.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(1280);
    expect(b.y + b.height).toBeLessThanOrEqual(720);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'drill-browser');

  // search: real typing
  await page.getByTestId('drill-search').click();
  await page.keyboard.type('grid', { delay: 40 });
  // every drill named '...grid...' (Gridshot Classic, Gridshot Precision, Fixed Grid, ...), none other
  const grids = await waitForCards(page, (ids) => ids.length > 0 && ids.length < 10 && ids.includes(134), 'the grid drills');
  expect(grids).toEqual(expect.arrayContaining([134, 135, 139]));
  for (const id of grids) expect((await page.locator(`[data-testid="drill-card-${id}"] .browser__name`).textContent())!.toLowerCase()).toContain('grid');
  await page.waitForURL(/\/drills\?q=grid$/);
  // clear the text with the keyboard, then the family filter
  await page.getByTestId('drill-search').press('Control+a');
  await page.keyboard.press('Backspace');
  await page.waitForURL(/\/drills$/);
  await page.getByTestId('filter-family').selectOption('precision');
  await page.waitForURL(/\/drills\?family=precision$/);
  const precision = await waitForCards(page, (ids) => ids.length > 0 && !ids.includes(134), 'precision drills');
  for (const id of precision) expect(await page.getByTestId(`drill-card-${id}`).getByTestId('drill-family').textContent()).toBe('Precision');
  expect(precision).toEqual(expect.arrayContaining([135, 140, 155, 164]));

  // sort: newest first puts the community drill first (with its author)
  await page.getByTestId('filter-family').selectOption('');
  await page.getByTestId('drill-sort').selectOption('newest');
  await page.waitForURL(/\/drills\?sort=newest$/);
  await waitForCards(page, (ids) => ids[0] === made.id, 'newest first');
  expect(await page.getByTestId(`drill-card-${made.id}`).getByTestId('drill-author').textContent()).toMatch(/^by maker\d+$/);

  // a shared link: family + sort + search from the URL
  await page.goto(`${base}/drills?q=track&family=smooth-tracking&sort=popular`);
  const tracking = await waitForCards(page, (ids) => ids.length > 0 && !ids.includes(134), 'smooth tracking drills');
  expect(tracking).toEqual(expect.arrayContaining([143, 144]));
  for (const id of tracking) {
    const card = page.getByTestId(`drill-card-${id}`);
    expect(await card.getByTestId('drill-family').textContent()).toBe('Smooth tracking');
    expect((await card.locator('.browser__name').textContent())!.toLowerCase()).toContain('track');
  }
  expect(await page.getByTestId('filter-family').inputValue()).toBe('smooth-tracking');
  expect(await page.getByTestId('drill-search').inputValue()).toBe('track');
  await page.reload();
  expect(await waitForCards(page, (ids) => ids.length === tracking.length, 'the same list')).toEqual(tracking);
  expect(page.url()).toBe(`${base}/drills?q=track&family=smooth-tracking`);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
