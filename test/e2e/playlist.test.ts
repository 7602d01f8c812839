/**
 * Playlists (issue 36 item 4) end to end in Chromium with REAL mouse input: `/?playlist=<id>`
 * of a test playlist of three short drills (2033 and two variants of it, 8 s each) plays them
 * back to back on one document (a window marker survives, no page load event), shows
 * "Drill N of 3: <name>" before each round, keeps pointer lock from one drill to the next (the
 * next drill's start needs no new lock), submits each run as usual (one POST /api/v1/performance
 * per drill, stored in play order under its own run ticket) and ends with the playlist summary,
 * whose rows are the stored runs in play order (score, pass / fail). Screenshots at 1280x720:
 * the banner of drill 2 and the summary (build/e2e-screens/playlist-*.png).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { ACCEPTED, aimUntilFinished, clickToStart, launchBrowser, newPage, pageErrors, seedDrillVariants, startServer, type E2eServer } from './harness';

jest.setTimeout(300_000);

const PLAYLIST = { id: 'e2e-three', name: 'E2E three', description: 'Three short test drills.', drills: [2033, 2901, 2902] };
const NAMES = ['Test Drill', 'Test Drill B', 'Test Drill C'];
const SCREENS = path.resolve('build/e2e-screens');

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ playlists: [PLAYLIST] });
  await seedDrillVariants(server, 2033, [{ id: 2901, name: NAMES[1] }, { id: 2902, name: NAMES[2] }]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('a playlist plays its drills in order in place, keeps pointer lock, submits every run and ends with its summary', async () => {
  const { page, errors } = await newPage(browser);
  let loads = 0;
  page.on('load', () => loads++);
  const posted: number[] = [];
  page.on('response', async (res) => {
    if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/performance' && res.status() < 300) {
      const body = await res.json().catch(() => null);
      if (body && typeof body.id === 'number') posted.push(body.id);
    }
  });
  await page.goto(`${server.baseUrl}/?playlist=${PLAYLIST.id}`);
  await page.evaluate(() => { (window as any).__sameDocument = 'marker'; });
  const loadsAtStart = loads;

  const banner = page.getByTestId('playlist-banner');
  await banner.waitFor({ timeout: 30_000 });
  expect(await banner.textContent()).toContain(`Drill 1 of 3: ${NAMES[0]}`);
  const mouse = await clickToStart(page);
  expect((await aimUntilFinished(page, mouse)).finished).toBe(true);

  for (let i = 1; i < 3; i++) {
    // the next drill loads in place: its banner, then its start instructions, pointer lock still held
    await page.waitForFunction((text) => document.querySelector('[data-testid="playlist-banner"]')?.textContent?.includes(text) ?? false,
      `Drill ${i + 1} of 3: ${NAMES[i]}`, { timeout: 60_000 });
    await page.getByTestId('start-instructions').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.pointerLockElement !== null)).toBe(true);
    if (i === 1) {
      fs.mkdirSync(SCREENS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENS, 'playlist-drill2.png') });
    }
    // the start click: under the kept lock, a click anywhere is the fire input
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction(() => { const d = (window as any).__aimDebug; return !!d && !d.finished() && d.tick() > 0; }, undefined, { timeout: 30_000 });
    expect((await aimUntilFinished(page, mouse)).finished).toBe(true);
  }

  const summary = page.getByTestId('playlist-summary');
  await summary.waitFor({ timeout: 60_000 });
  // one document all along
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe('marker');
  expect(loads).toBe(loadsAtStart);
  // the last drill's end released pointer lock (the summary's links need the cursor)
  await page.waitForFunction(() => document.pointerLockElement === null, undefined, { timeout: 5_000 });

  // every run submitted as usual, stored in play order
  expect(posted).toHaveLength(3);
  const db = new Database(server.databaseFile, { readonly: true });
  let stored: Array<{ id: number; game_id: number; passed: number; accepted: number }>;
  let tickets: Array<{ performance_id: number | null }>;
  try {
    stored = db.prepare(`SELECT p.id, p.game_id, p.passed, ${ACCEPTED} FROM performances p ORDER BY p.id`).all() as typeof stored;
    tickets = db.prepare('SELECT performance_id FROM run_tickets ORDER BY created_at, rowid').all() as typeof tickets;
  } finally {
    db.close();
  }
  expect(stored.map((r) => r.game_id)).toEqual(PLAYLIST.drills);
  expect(stored.map((r) => r.id)).toEqual(posted);
  expect(stored.every((r) => r.accepted === 1)).toBe(true); // ranked, or held for review (issue 38)
  expect(tickets.map((t) => t.performance_id)).toEqual(posted);

  // the summary's rows: the stored runs, in play order
  const rows = await page.getByTestId('playlist-summary-row').evaluateAll((trs) => trs.map((tr) => ({
    drill: Number(tr.getAttribute('data-drill-id')),
    run: Number(tr.getAttribute('data-run-id')),
    name: tr.querySelector('a')?.textContent ?? '',
    result: tr.querySelector('[data-testid="playlist-row-result"]')?.textContent ?? '',
    score: tr.querySelector('[data-testid="playlist-row-score"]')?.textContent ?? '',
  })));
  expect(rows.map((r) => r.drill)).toEqual(PLAYLIST.drills);
  expect(rows.map((r) => r.run)).toEqual(posted);
  expect(rows.map((r) => r.name)).toEqual(NAMES);
  expect(rows.map((r) => r.result)).toEqual(stored.map((r) => (r.passed ? 'Pass' : 'Fail')));
  expect(rows.every((r) => Number(r.score) >= 1)).toBe(true);
  expect(await page.getByTestId('playlist-summary-totals').textContent()).toMatch(/of 3 drills passed/);
  expect(await page.getByTestId('playlist-again').getAttribute('href')).toBe(`/?playlist=${PLAYLIST.id}`);
  expect(await page.getByTestId('playlist-drills').getAttribute('href')).toBe('/drills');
  await page.screenshot({ path: path.join(SCREENS, 'playlist-summary.png') });
  expect(pageErrors(errors)).toEqual([]);
});

test('the drills page lists the built-in playlists with Play links and offers a new player the assessment', async () => {
  const { page } = await newPage(browser);
  await page.goto(`${server.baseUrl}/drills`);
  await page.getByTestId('playlists').waitFor({ timeout: 30_000 });
  for (const id of ['warm-up', 'clicking', 'tracking', 'switching']) {
    expect(await page.getByTestId(`playlist-play-${id}`).getAttribute('href')).toBe(`/?playlist=${id}`);
  }
  expect(await page.getByTestId('playlist-card-warm-up').textContent()).toMatch(/10 drills · 10 min/);
  // issue 36 item 6: a player with no run yet is offered the 3-drill assessment
  const start = page.getByTestId('where-to-start');
  await start.waitFor({ timeout: 30_000 });
  expect(await start.getAttribute('data-kind')).toBe('assessment');
  expect(await page.getByTestId('where-to-start-play').getAttribute('href')).toBe('/?playlist=assessment');
  expect(await page.getByTestId('playlist-card-assessment').textContent()).toMatch(/3 drills/);
  await page.screenshot({ path: path.join(SCREENS, 'playlist-drills-page.png') });
});

test('an account creates a playlist on the drills page, edits it, and its share link plays it for a guest', async () => {
  const { context, page } = await newPage(browser);
  const reg = await context.request.post(`${server.baseUrl}/api/v1/auth/register`, { headers: { origin: server.baseUrl }, data: { username: 'ListMaker', password: 'correct horse battery' } });
  expect(reg.status()).toBe(200);
  await page.goto(`${server.baseUrl}/drills`);
  await page.getByTestId('playlist-form').waitFor({ timeout: 30_000 });
  await page.getByTestId('playlist-form-name').fill('My two');
  await page.getByTestId('playlist-form-drills').fill('2901, 2033, 2901');
  await page.getByTestId('playlist-form-save').click();
  await page.getByTestId('playlist-notice').filter({ hasText: 'created' }).waitFor({ timeout: 10_000 });
  const share = page.locator('[data-testid^="playlist-share-"]');
  await share.waitFor({ timeout: 10_000 });
  const link = await share.inputValue();
  expect(link).toMatch(new RegExp(`^${server.baseUrl.replace(/[.]/g, '\\.')}/\\?playlist=p-[a-z0-9]{10}$`));
  const id = new URL(link).searchParams.get('playlist')!;
  expect(await page.getByTestId(`playlist-card-${id}`).textContent()).toMatch(/3 drills/);
  // Edit: the form takes its name and drills; Save stores the new order
  await page.getByTestId(`playlist-edit-${id}`).click();
  expect(await page.getByTestId('playlist-form-drills').inputValue()).toBe('2901, 2033, 2901');
  await page.getByTestId('playlist-form-drills').fill('2901, 2033');
  await page.getByTestId('playlist-form-save').click();
  await page.getByTestId('playlist-notice').filter({ hasText: 'saved' }).waitFor({ timeout: 10_000 });
  await page.getByTestId(`playlist-card-${id}`).filter({ hasText: '2 drills' }).waitFor({ timeout: 10_000 });
  await page.screenshot({ path: path.join(SCREENS, 'playlist-own.png') });

  // a guest (another browser context) opens the link: the playlist plays, in the saved order
  const guest = await newPage(browser);
  await guest.page.goto(link);
  await guest.page.waitForFunction(() => document.querySelector('[data-testid="playlist-banner"]')?.textContent?.includes('Drill 1 of 2: Test Drill B') ?? false, undefined, { timeout: 30_000 });
  expect(await guest.page.getByTestId('playlist-banner').textContent()).toContain('My two');
  await guest.context.close();

  // Delete: gone from the list and for the link
  await page.getByTestId(`playlist-delete-${id}`).click();
  await page.getByTestId(`playlist-card-${id}`).waitFor({ state: 'detached', timeout: 10_000 });
  expect((await context.request.get(`${server.baseUrl}/api/v1/playlists/${id}`)).status()).toBe(404);
  await context.close();
});
