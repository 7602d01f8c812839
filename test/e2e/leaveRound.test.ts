/**
 * Leaving a round (issue 33 item 6), in Chromium with real mouse input against the real server:
 * a reload during drill 134 asks first (the browser's beforeunload dialog); confirmed, the round
 * so far is kept as a partial run in the outbox and stored by the server when the page loads
 * again, with the shots the player fired. Dismissed, the page keeps its round. Before the round
 * starts, a reload asks nothing.
 */
import Database from 'better-sqlite3';
import { clickToStart, newPage, pageErrors, useE2eSuite } from './harness';

jest.setTimeout(120_000);

const suite = useE2eSuite();

const storedRuns = (): Array<{ id: number; shots: number; game_id: number }> => {
  const db = new Database(suite.server.databaseFile, { readonly: true });
  try {
    return db.prepare('select id, shots, game_id from performances where game_id = 134 order by id').all() as Array<{ id: number; shots: number; game_id: number }>;
  } finally {
    db.close();
  }
};

test('a reload mid-round asks; dismissed the page keeps its round, confirmed the partial run is kept and stored', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const dialogs: string[] = [];
  let accept = false;
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void (accept ? d.accept() : d.dismiss());
  });
  // before the round starts: no question
  await page.goto(`${suite.server.baseUrl}/?id=134`);
  await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
  await page.reload();
  expect(dialogs).toEqual([]);

  const mouse = await clickToStart(page);
  const before = storedRuns().length;
  // three shots into the round
  await page.waitForFunction(() => (window as any).__aimDebug.tick() > 10, undefined, { timeout: 10_000 });
  for (let i = 0; i < 3; i++) {
    await page.mouse.move(mouse.x + 5 * (i + 1), mouse.y);
    await page.mouse.down();
    await page.mouse.up();
  }
  await page.waitForFunction(() => (window as any).__aimDebug.counters().shots >= 3, undefined, { timeout: 10_000 });

  // dismissed: the page stays with its round (the dialog took pointer lock, so it may be paused)
  await page.reload({ timeout: 5_000 }).catch(() => undefined);
  expect(dialogs).toEqual(['beforeunload']);
  const state = await page.evaluate(() => document.querySelector('[data-project-state]')?.getAttribute('data-project-state'));
  expect(['game-running', 'game-paused']).toContain(state);
  expect((await page.evaluate(() => (window as any).__aimDebug.counters())).shots).toBeGreaterThanOrEqual(3);

  // confirmed: the page reloads, the partial run is posted from the outbox and stored
  accept = true;
  await page.reload();
  expect(dialogs).toEqual(['beforeunload', 'beforeunload']);
  await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
  const deadline = Date.now() + 30_000;
  while (storedRuns().length === before && Date.now() < deadline) await page.waitForTimeout(250);
  const runs = storedRuns();
  expect(runs.length).toBe(before + 1);
  expect(runs[runs.length - 1].shots).toBeGreaterThanOrEqual(3);
  // the outbox is empty again (sent, kept only as sent)
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('aim.outbox') ?? '[]').every((e: any) => typeof e.sentId === 'number'), undefined, { timeout: 10_000 });
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
