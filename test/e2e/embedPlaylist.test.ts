/**
 * `embedPlaylist` (issue 36 item 4) end to end in Chromium: a host page on a second origin loads
 * the SDK (/sdk/host.js) and embeds a test playlist of two short drills (2033 and a variant);
 * both are played in the iframe with REAL mouse input, back to back in the same frame document;
 * the host gets `drill-complete` for each drill (the stored runs, in play order) and then
 * `playlist-complete` carrying the same runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import type { Browser, Frame, Page } from 'playwright-core';
import { aimUntilFinished, clickToStartIn, launchBrowser, newPage, saveControls, seedDrillVariants, startServer, type E2eServer, type MousePos } from './harness';

jest.setTimeout(300_000);

const PLAYLIST = { id: 'e2e-two', name: 'E2E two', description: 'Two short test drills.', drills: [2033, 2901] };

let game: E2eServer;
let browser: Browser;
let host: { origin: string; close(): Promise<void> };

beforeAll(async () => {
  const pages: Record<string, string> = {};
  const server = http.createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (page === undefined) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host = { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  game = await startServer({ hostOrigins: origin, playlists: [PLAYLIST] });
  await seedDrillVariants(game, 2033, [{ id: 2901, name: 'Test Drill B' }]);
  pages['/playlist.html'] = `<!doctype html><title>host</title><body style="margin:0">
<div id="modal" style="width:1200px;height:680px"></div>
<script type="module">
  import { embedPlaylist } from '${game.baseUrl}/sdk/host.js';
  window.hostEvents = [];
  const g = embedPlaylist(document.getElementById('modal'), { playlistId: '${PLAYLIST.id}', gameOrigin: '${game.baseUrl}' });
  for (const ev of ['ready', 'drill-complete', 'playlist-complete', 'error']) g.on(ev, (detail) => window.hostEvents.push({ event: ev, detail }));
</script></body>`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await game?.close();
  await host?.close();
});

interface HostEvent { event: string; detail: any }
const hostEvents = (page: Page): Promise<HostEvent[]> => page.evaluate(() => (window as any).hostEvents as HostEvent[]);
const countOf = async (page: Page, name: string) => (await hostEvents(page)).filter((e) => e.event === name).length;


test('embedPlaylist: the host gets drill-complete for each drill and playlist-complete at the end', async () => {
  const { page } = await newPage(browser);
  await saveControls(page.context(), game.baseUrl, { mouse_sens: 4 }); // the aim's turns stay inside the frame
  await page.goto(`${host.origin}/playlist.html`);
  await page.waitForFunction(() => ((window as any).hostEvents ?? []).some((e: HostEvent) => e.event === 'ready'), undefined, { timeout: 60_000 });
  const frame = page.frames().find((f) => f.url().startsWith(`${game.baseUrl}/?playlist=${PLAYLIST.id}`))!;
  expect(frame).toBeTruthy();
  await frame.evaluate(() => { (window as any).__sameDocument = 'marker'; });

  for (let i = 0; i < PLAYLIST.drills.length; i++) {
    await frame.waitForFunction((text) => document.querySelector('[data-testid="playlist-banner"]')?.textContent?.includes(text) ?? false,
      `Drill ${i + 1} of 2`, { timeout: 60_000 });
    const mouse = await clickToStartIn(page, frame);
    expect((await aimUntilFinished(page, mouse, { frame })).finished).toBe(true);
    await page.waitForFunction((n) => ((window as any).hostEvents ?? []).filter((e: HostEvent) => e.event === 'drill-complete').length >= n, i + 1, { timeout: 60_000 });
  }
  await page.waitForFunction(() => ((window as any).hostEvents ?? []).some((e: HostEvent) => e.event === 'playlist-complete'), undefined, { timeout: 60_000 });
  expect(await frame.evaluate(() => (window as any).__sameDocument)).toBe('marker');
  await frame.getByTestId('playlist-summary').waitFor({ timeout: 10_000 });

  const events = await hostEvents(page);
  const completes = events.filter((e) => e.event === 'drill-complete').map((e) => e.detail);
  const done = events.filter((e) => e.event === 'playlist-complete').map((e) => e.detail);
  expect(await countOf(page, 'error')).toBe(0);
  expect(completes.map((d) => d.gameId)).toEqual(PLAYLIST.drills);
  expect(done).toHaveLength(1);
  // playlist-complete comes after the last drill-complete
  expect(events.map((e) => e.event).lastIndexOf('playlist-complete')).toBeGreaterThan(events.map((e) => e.event).lastIndexOf('drill-complete'));
  expect(done[0].playlistId).toBe(PLAYLIST.id);
  expect(done[0].results.map((r: any) => r.runId)).toEqual(completes.map((d) => d.runId));
  expect(done[0].results.map((r: any) => r.drillId)).toEqual(PLAYLIST.drills);

  // the runs the host was told of are the stored ones
  const db = new Database(game.databaseFile, { readonly: true });
  try {
    const rows = db.prepare('SELECT id, game_id, score, passed FROM performances ORDER BY id').all() as Array<{ id: number; game_id: number; score: number; passed: number }>;
    expect(rows.map((r) => r.id)).toEqual(completes.map((d) => d.runId));
    expect(rows.map((r) => r.game_id)).toEqual(PLAYLIST.drills);
    expect(done[0].results.map((r: any) => r.score)).toEqual(rows.map((r) => r.score));
    expect(done[0].results.map((r: any) => r.passed)).toEqual(rows.map((r) => r.passed === 1));
  } finally {
    db.close();
  }
});
