/**
 * Exactly-once submissions in Chromium (issue 14 item 4), against the real server and its SQLite
 * file:
 * - two tabs with a pending outbox run, and a reload of the posting tab while its post is in
 *   flight (the server stored the run, the answer is held back with Playwright's route and never
 *   reaches the page): exactly one row; every post carried the same Idempotency-Key; the outbox
 *   ends with the run marked sent;
 * - a finished drill whose post the server does not answer: the 'Calculating Result' modal times
 *   out (not-answering text, saved-on-this-device line, Retry); after the server is back, Retry
 *   stores the run and the drill summary opens; one row.
 * No fixed sleeps: every wait is for a condition.
 */
import Database from 'better-sqlite3';
import type { Route } from 'playwright-core';
import { clickToStart, newPage, useE2eSuite } from './harness';
import { submission } from '../server/helpers';
import { SUBMIT_TIMEOUT_MS } from '../../src/ui/overlays/SubmitModal';

const suite = useE2eSuite();

const rows = (where = ''): Array<{ id: number; game_id: number }> => {
  const db = new Database(suite.server.databaseFile, { readonly: true });
  try {
    return db.prepare(`select id, game_id from performances ${where}`).all() as Array<{ id: number; game_id: number }>;
  } finally {
    db.close();
  }
};

/** Resolves when `cond()` is true (polled every 50 ms), or throws after `timeoutMs`. */
async function until(cond: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('two tabs, a pending outbox run, a reload while the post is in flight: one row', async () => {
  const { context } = await newPage(suite.browser);
  // the player's session (the game page gets it from gameconfig before any run)
  expect((await context.request.get(`${suite.server.baseUrl}/api/v1/gameconfig/2033`)).ok()).toBe(true);
  const gameId = 2033;
  const before = rows().length;
  const key = 'e2e_pending_run_0001';
  // a run an earlier page left in the outbox (written once, before any page script runs)
  await context.addInitScript((entry) => {
    if (localStorage.getItem('aim.e2e.seeded')) return;
    localStorage.setItem('aim.e2e.seeded', '1');
    localStorage.setItem('aim.outbox', entry);
  }, JSON.stringify([{ key, createdAt: new Date().toISOString(), submission: submission(gameId), attempts: 0, nextAttemptAt: 0 }]));

  // the first post reaches the server (stored) but its answer is held back; later posts pass
  const keys: string[] = [];
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((r) => { releaseFirst = r; });
  let firstStored = false;
  await context.route('**/api/v1/performance', async (route: Route) => {
    keys.push(route.request().headers()['idempotency-key']);
    const n = keys.length;
    const response = await route.fetch();
    if (n === 1) {
      firstStored = true;
      await firstHeld;
    }
    await route.fulfill({ response }).catch(() => undefined); // the page may be gone
  });

  const tab1 = await context.newPage();
  await tab1.goto(`${suite.server.baseUrl}/drills`);
  await until(() => firstStored, 'the first post to be stored');
  expect(rows().length).toBe(before + 1);
  // a second tab opens while tab 1's post is in flight, then tab 1 reloads mid-post
  const tab2 = await context.newPage();
  await tab2.goto(`${suite.server.baseUrl}/drills`);
  await tab1.reload();
  const sentId = async () =>
    tab2.evaluate((k) => (JSON.parse(localStorage.getItem('aim.outbox') ?? '[]') as Array<{ key: string; sentId?: number }>).find((e) => e.key === k)?.sentId ?? null, key);
  await until(async () => (await sentId()) !== null, 'the outbox entry to be marked sent');
  releaseFirst();

  expect(rows().length).toBe(before + 1);
  expect(await sentId()).toBe(rows(`where id > 0 order by id desc limit 1`)[0].id);
  expect(keys.length).toBeGreaterThanOrEqual(2); // the reload lost the first answer: posted again
  expect(new Set(keys)).toEqual(new Set([key]));
  // both tabs loaded again: nothing more is posted for a sent run
  const posted = keys.length;
  await tab2.reload();
  await tab1.reload();
  await tab1.waitForLoadState('load');
  expect(keys.length).toBe(posted);
  expect(rows().length).toBe(before + 1);
  await context.close();
}, 60_000);

test('the server not answering: the modal times out with Retry; Retry after the server is back opens the summary', async () => {
  const before = rows().length;
  // the performance route does not answer until `up`
  let up = false;
  const held: Route[] = [];
  const keys: string[] = [];
  const { context, page } = await newPage(suite.browser);
  await context.route('**/api/v1/performance', async (route: Route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (!up) {
      held.push(route);
      return;
    }
    await route.continue();
  });
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  await clickToStart(page);
  // the drill (8 s) runs out without shots; its post is held
  await page.getByTestId('submit-modal').waitFor({ timeout: 60_000 });
  await until(() => held.length === 1, 'the post to be sent');
  const timeout = page.getByTestId('submit-timeout');
  await timeout.waitFor({ timeout: SUBMIT_TIMEOUT_MS + 10_000 });
  expect(await timeout.textContent()).toBe('The server is not answering.');
  await page.getByText('Your run is saved on this device and will be sent as soon as the server answers.').waitFor();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('aim.outbox') ?? '[]').length);
  expect(saved).toBe(1);
  expect(rows().length).toBe(before);

  up = true;
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.waitForURL(/\/app\/#\/drill-summary\?run=\d+/, { timeout: 30_000 });
  const perfId = Number(new URL(page.url().replace('#/', '')).searchParams.get('run'));
  await page.getByTestId('summary-targets').waitFor({ timeout: 20_000 });
  expect(rows().length).toBe(before + 1);
  expect(rows(`where id = ${perfId}`)).toEqual([{ id: perfId, game_id: 2033 }]);
  expect(new Set(keys).size).toBe(1);
  for (const r of held) await r.abort().catch(() => undefined);
  await context.close();
}, 120_000);
