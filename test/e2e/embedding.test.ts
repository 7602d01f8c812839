/**
 * Issue 12 end to end, in a real headless Chromium: a host web app on a SECOND origin (another
 * port on 127.0.0.1) embeds the game through the SDK (/sdk/host.js) with the example host page
 * (dist/examples/host.html, served by the host's own server), with the game server's
 * HOST_ORIGINS set to that origin. Drill 2033 is played inside the iframe with REAL mouse input;
 * the host receives ready, game-status-update, project-started and drill-complete, whose
 * payloads equal the stored row. Quit in the iframe tells the host and leaves the host page's
 * URL and history alone. A third origin, not in HOST_ORIGINS, cannot frame the game and its
 * messages are ignored. The quit rules of a standalone page: referrer, own history, drill list
 * (a fresh tab).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import type { Browser, Frame, Page } from 'playwright-core';
import { aimUntilFinished, clickToStartIn, launchBrowser, newPage, pageErrors, saveControls, startServer, type E2eServer, type MousePos } from './harness';

jest.setTimeout(150_000);

const distDir = path.resolve(process.env.E2E_DIST_DIR ?? 'dist');

/** A static server on its own port (its own origin): `pages` by path, else files of
 * dist/examples. */
async function originServer(pages: Record<string, string> = {}): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = pages[url.pathname];
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
      return;
    }
    const file = path.join(distDir, 'examples', path.basename(url.pathname));
    if (!fs.existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'content-type': type });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Extra pages of the host origin, added once the game server's address is known. */
const hostPages: Record<string, string> = {};
let host: Awaited<ReturnType<typeof originServer>>;
let evil: Awaited<ReturnType<typeof originServer>>;
let game: E2eServer;
let browser: Browser;

beforeAll(async () => {
  host = await originServer(hostPages);
  evil = await originServer({
    '/frame.html': '<!doctype html><title>evil</title><body></body>',
  });
  game = await startServer({ hostOrigins: host.origin });
  hostPages['/ads-off.html'] = '<!doctype html><title>host without ads</title><body style="margin:0">'
    + `<iframe src="${game.baseUrl}/?id=2033&ads=off" width="1200" height="680" allow="pointer-lock"></iframe></body>`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await game?.close();
  await host?.close();
  await evil?.close();
});

interface HostEvent {
  event: string;
  detail: Record<string, unknown>;
}

const hostEvents = (page: Page): Promise<HostEvent[]> => page.evaluate(() => (window as any).hostEvents as HostEvent[]);

async function waitForHostEvent(page: Page, name: string, timeout = 30_000): Promise<HostEvent> {
  await page.waitForFunction((n) => ((window as any).hostEvents ?? []).some((e: HostEvent) => e.event === n), name, { timeout });
  return (await hostEvents(page)).find((e) => e.event === name)!;
}

/** The page's frame whose URL starts with `prefix`, waiting for it to navigate there. */
async function gameFrame(page: Page, prefix: string): Promise<Frame> {
  // listen first, then look: a navigation between the two is not missed
  const navigated = page.waitForEvent('framenavigated', { predicate: (f) => f.url().startsWith(prefix), timeout: 30_000 });
  const now = page.frames().find((f) => f.url().startsWith(prefix));
  if (!now) return navigated;
  navigated.catch(() => undefined);
  return now;
}

/** The host page with drill `id` opened in its game modal, loaded (`ready`); returns the game's
 * frame. */
async function openHostedDrill(page: Page, id: number): Promise<Frame> {
  // This page's player: sensitivity 4 (0.088 deg/count), so turning onto any target of the drill
  // keeps the mouse inside the game's frame (see aimUntilFinished). The host page and the game
  // are on one site (127.0.0.1), so the frame is this guest.
  await saveControls(page.context(), game.baseUrl, { mouse_sens: 4 });
  await page.goto(`${host.origin}/host.html?game=${encodeURIComponent(game.baseUrl)}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.locator(`button[data-drill="${id}"]`).click();
  await waitForHostEvent(page, 'ready');
  return gameFrame(page, `${game.baseUrl}/?id=${id}`);
}


test('a host on another origin embeds drill 2033 through the SDK, plays it with real mouse input and gets the events with the stored numbers', async () => {
  const { context, page, errors } = await newPage(browser);
  const frame = await openHostedDrill(page, 2033);
  const hostUrl = page.url();
  const mouse = await clickToStartIn(page, frame);
  const { clicks, finished } = await aimUntilFinished(page, mouse, { frame });
  expect(finished).toBe(true);
  expect(clicks).toBeGreaterThan(0);

  const complete = await waitForHostEvent(page, 'drill-complete');
  const events = await hostEvents(page);
  const names = events.map((e) => e.event);
  expect(names).toEqual(['game-status-update', 'ready', 'project-started', 'drill-complete']);
  expect(events[0].detail).toEqual({ gameId: 2033, highScore: null, gameName: 'Test Drill' });
  expect(events[1].detail).toEqual({ gameId: 2033, gameName: 'Test Drill', durationMs: 8000 });
  expect(events[2].detail).toEqual({ gameId: 2033 });

  // drill-complete carries the stored run: its id, the summary's stats and the pass / fail result
  const d = complete.detail as any;
  const db = new Database(game.databaseFile, { readonly: true });
  const row = db.prepare('SELECT * FROM performances WHERE id = ?').get(d.runId) as Record<string, any>;
  const count = (db.prepare('SELECT COUNT(*) AS n FROM performances').get() as { n: number }).n;
  db.close();
  expect(count).toBe(1);
  expect(row.game_id).toBe(2033);
  expect(d.gameId).toBe(2033);
  expect(d.passed).toBe(row.passed === 1);
  expect(d.stats).toMatchObject({
    targets_destroyed: row.targets_destroyed,
    hits: row.hits,
    shots: row.shots,
    accuracy: row.accuracy,
    time_destroy: row.time_destroy,
    crit_hit: row.crit_hit,
    score: row.score,
  });
  expect(row.targets_destroyed).toBeGreaterThan(0);
  expect(d.summaryUrl).toBe(`${game.baseUrl}/app/#/drill-summary?run=${d.runId}&source=trainer`);

  // the game did not navigate anywhere: the host closed its modal and opened its own summary
  expect(page.url()).toBe(hostUrl);
  await page.getByTestId('host-summary').waitFor({ state: 'visible' });
  expect(await page.locator('#game-modal').isHidden()).toBe(true);
  expect(await page.locator('#summary-stats').textContent()).toContain(String(row.targets_destroyed));

  // the game's own summary of that run is embeddable in the host (our CSP allows the host)
  await page.getByTestId('host-summary-full').click();
  const summary = page.frameLocator('#summary-slot iframe');
  await expect(summary.getByTestId('summary-targets').textContent({ timeout: 20_000 })).resolves.toBe(String(row.targets_destroyed));
  expect(await summary.getByTestId('summary-accuracy').textContent()).toBe(String(row.accuracy));
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('Quit in the iframe tells the host (in-game-quit-pressed) and leaves the host page URL and history unchanged; the host can pause, resume and quit', async () => {
  const { context, page } = await newPage(browser);
  const frame = await openHostedDrill(page, 2033);
  const before = await page.evaluate(() => ({ url: location.href, length: history.length }));
  await clickToStartIn(page, frame);

  // the host pauses the round: the game's pause menu opens, and the host hears it
  await page.evaluate(() => (document.getElementById('pause') as HTMLButtonElement).click());
  await frame.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  await waitForHostEvent(page, 'paused');
  await page.evaluate(() => (document.getElementById('resume') as HTMLButtonElement).click());
  await frame.getByTestId('pause-menu').waitFor({ state: 'hidden', timeout: 10_000 });
  await waitForHostEvent(page, 'resumed');

  // the player presses Quit in the pause menu (Escape releases pointer lock and opens it)
  await page.keyboard.press('Escape');
  await frame.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  await frame.getByRole('button', { name: 'Quit' }).click();
  const quit = await waitForHostEvent(page, 'in-game-quit-pressed');
  expect(quit.detail).toEqual({ gameId: 2033, source: 'trainer', by: 'player' });
  await page.locator('#game-modal').waitFor({ state: 'hidden' });
  expect(await page.evaluate(() => ({ url: location.href, length: history.length }))).toEqual(before);

  // the host's own Quit command (the game tells it back, by: 'host')
  const frame2 = await openHostedDrill(page, 2033);
  await frame2.getByTestId('start-instructions').waitFor();
  await page.evaluate(() => (document.getElementById('quit') as HTMLButtonElement).click());
  await page.waitForFunction(() => (window as any).hostEvents.some((e: HostEvent) => e.event === 'in-game-quit-pressed' && e.detail.by === 'host'));
  expect(page.url()).toBe(before.url);
  await context.close();
});

test('in a frame with no known source, Quit stays inside the frame (the drill list) and never moves the host page', async () => {
  const { context, page } = await newPage(browser);
  await page.goto(`${host.origin}/host.html?game=${encodeURIComponent(game.baseUrl)}`);
  const before = await page.evaluate(() => ({ url: location.href, length: history.length }));
  await page.evaluate((src) => {
    const f = document.createElement('iframe');
    f.src = src;
    f.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;border:0';
    document.body.append(f);
  }, `${game.baseUrl}/?id=2033`);
  const frame = await gameFrame(page, `${game.baseUrl}/?id=2033`);
  await clickToStartIn(page, frame);
  await page.keyboard.press('Escape');
  await frame.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  await frame.getByRole('button', { name: 'Quit' }).click();
  await frame.waitForURL(`${game.baseUrl}/drills`, { timeout: 20_000 });
  await frame.getByRole('link', { name: /Test Drill/ }).first().waitFor({ timeout: 20_000 });
  expect(await page.evaluate(() => ({ url: location.href, length: history.length }))).toEqual(before);
  await context.close();
});

test('an origin outside HOST_ORIGINS cannot frame the game', async () => {
  const { context, page } = await newPage(browser);
  await page.goto(`${evil.origin}/frame.html`);
  const blocked = page.waitForEvent('console', { predicate: (m) => /frame-ancestors|Refused to frame/i.test(m.text()), timeout: 20_000 });
  await page.evaluate((src) => {
    const f = document.createElement('iframe');
    f.src = src;
    document.body.append(f);
  }, `${game.baseUrl}/?id=2033`);
  expect((await blocked).text()).toMatch(/frame-ancestors/);
  // nothing of the game runs in that frame
  const gameFrames = [];
  for (const f of page.frames()) {
    if (f === page.mainFrame()) continue;
    gameFrames.push(await f.evaluate(() => document.getElementById('root') !== null).catch(() => false));
  }
  expect(gameFrames.every((loaded) => !loaded)).toBe(true);

  await context.close();
});

test('messages from another origin to an embedded game are ignored and logged, even inside the allowed host page', async () => {
  const { context, page } = await newPage(browser);
  const frame = await openHostedDrill(page, 2033);
  await clickToStartIn(page, frame);
  // a third-party widget on the host page (an iframe of the origin outside HOST_ORIGINS)
  await page.evaluate((src) => {
    const f = document.createElement('iframe');
    f.src = src;
    f.id = 'widget';
    document.body.append(f);
  }, `${evil.origin}/frame.html`);
  const widget = await (await page.waitForSelector('#widget')).contentFrame();
  await widget!.waitForLoadState();
  const ignored = page.waitForEvent('console', { predicate: (m) => m.text().includes('Ignored a host message'), timeout: 20_000 });
  // it finds the game's window and sends it the host's commands
  await widget!.evaluate(() => {
    for (let i = 0; i < parent.frames.length; i++) {
      if (parent.frames[i] !== window) parent.frames[i].postMessage({ type: 'aim-trainer', command: 'pause' }, '*');
    }
  });
  expect((await ignored).text()).toContain(`Ignored a host message from ${evil.origin}`);
  // the round goes on: no pause menu, the engine still ticks
  const t0: number = await frame.evaluate(() => (window as any).__aimDebug.tick());
  await frame.waitForFunction((t) => (window as any).__aimDebug.tick() > t + 5, t0, { timeout: 10_000 });
  expect(await frame.getByTestId('pause-menu').count()).toBe(0);
  expect((await hostEvents(page)).map((e) => e.event)).not.toContain('paused');
  await context.close();
});

test('standalone Quit: a fresh tab goes to the drill list, not to "/"; a same-site referrer is returned to; else back in history', async () => {
  const { context, page } = await newPage(browser);
  const quitFromRound = async () => {
    await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
    await page.mouse.click(640, 360);
    await page.waitForFunction(() => (window as any).__aimDebug?.tick() > 0 && document.pointerLockElement !== null, undefined, { timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Quit' }).click();
  };

  // a fresh tab with the drill link opened directly: no referrer, no history
  await page.goto(`${game.baseUrl}/?id=2033`);
  expect(await page.evaluate(() => (window as any).navigation.canGoBack)).toBe(false);
  await quitFromRound();
  await page.waitForURL(`${game.baseUrl}/drills`, { timeout: 20_000 });

  // a same-site page linked to the drill: Quit returns there (the referrer survives the policy)
  const tab2 = await context.newPage();
  await tab2.goto(`${game.baseUrl}/maximum-fps`);
  await tab2.locator('a[href="/"]').click(); // "Play a drill": the game page, drill 134
  await tab2.waitForURL(`${game.baseUrl}/`);
  await tab2.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
  await tab2.mouse.click(640, 360);
  await tab2.waitForFunction(() => (window as any).__aimDebug?.tick() > 0 && document.pointerLockElement !== null, undefined, { timeout: 20_000 });
  await tab2.keyboard.press('Escape');
  await tab2.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  await tab2.getByRole('button', { name: 'Quit' }).click();
  await tab2.waitForURL(`${game.baseUrl}/maximum-fps`, { timeout: 20_000 });

  // no referrer but a page before it in this tab's history: back
  const tab3 = await context.newPage();
  await tab3.goto(`${game.baseUrl}/mouse-skip-fix`);
  await tab3.goto(`${game.baseUrl}/?id=2033`);
  await tab3.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
  await tab3.mouse.click(640, 360);
  await tab3.waitForFunction(() => (window as any).__aimDebug?.tick() > 0 && document.pointerLockElement !== null, undefined, { timeout: 20_000 });
  await tab3.keyboard.press('Escape');
  await tab3.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  await tab3.getByRole('button', { name: 'Quit' }).click();
  await tab3.waitForURL(`${game.baseUrl}/mouse-skip-fix`, { timeout: 20_000 });
  await context.close();
});

test('?ads=off from an allowed host turns ads off in its embed; the same URL opened by a player still shows them', async () => {
  const { context, page, errors } = await newPage(browser);
  try {
    await page.goto(`${host.origin}/ads-off.html`);
    const frame = await gameFrame(page, `${game.baseUrl}/`);
    await frame.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
    expect(await frame.locator('meta[name="aim-ads"]').getAttribute('content')).toBe('off');
    expect(await frame.getByTestId('reward-ad').count()).toBe(0);
    expect(await frame.getByTestId('banner-ad').count()).toBe(0);
    expect(pageErrors(errors)).toEqual([]);

    // a player editing the URL (no allowed host page as the referrer) still gets the ads
    const own = await context.newPage();
    await own.goto(`${game.baseUrl}/?id=2033&ads=off`);
    await own.getByTestId('reward-ad').waitFor({ timeout: 30_000 });
    expect(await own.locator('meta[name="aim-ads"]').count()).toBe(0);
  } finally {
    await context.close();
  }
});

/** A page that embeds drill 2033 with the SDK loaded from the game server, `options` merged into
 * embedDrill's, and records every event in window.hostEvents. */
const sdkProbePage = (gameUrl: string, options: Record<string, unknown>): string => '<!doctype html><title>sdk probe</title>'
  + '<body style="margin:0"><div id="slot" style="width:1200px;height:680px"></div><script type="module">'
  + `const { embedDrill } = await import(${JSON.stringify(`${gameUrl}/sdk/host.js`)});`
  + 'window.hostEvents = [];'
  + `const game = embedDrill({ container: document.getElementById('slot'), drillId: 2033, gameOrigin: ${JSON.stringify(gameUrl)}, ...${JSON.stringify(options)} });`
  + "for (const n of ['frame-loaded', 'ready', 'error']) game.on(n, (detail) => window.hostEvents.push({ event: n, detail, at: performance.now() }));"
  + '</script></body>';

test('issue 33 item 4: an SDK embed from an origin outside HOST_ORIGINS gets error frame-refused; an allowed one gets frame-loaded and no error', async () => {
  const refused = await originServer({ '/probe.html': sdkProbePage(game.baseUrl, { frameTimeoutMs: 4000 }) });
  hostPages['/probe.html'] = sdkProbePage(game.baseUrl, { frameTimeoutMs: 4000 });
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${refused.origin}/probe.html`);
    const err = await waitForHostEvent(page, 'error', 15_000);
    expect(err.detail).toMatchObject({ code: 'frame-refused' });
    expect(String(err.detail.description)).toContain('HOST_ORIGINS');
    expect((await hostEvents(page)).map((e) => e.event)).not.toContain('frame-loaded');

    await page.goto(`${host.origin}/probe.html`);
    await waitForHostEvent(page, 'frame-loaded');
    await waitForHostEvent(page, 'ready');
    // past the time-out: still no error
    await page.waitForFunction(() => performance.now() > 4500);
    expect((await hostEvents(page)).map((e) => e.event)).not.toContain('error');
  } finally {
    await context.close();
    await refused.close();
  }
});

test('issue 33 item 4: embedDrill({ ads: "off" }) plays without ads; ad links open /plus in a new tab, never the host page', async () => {
  hostPages['/sdk-ads-off.html'] = sdkProbePage(game.baseUrl, { ads: 'off' });
  hostPages['/sdk-ads-on.html'] = sdkProbePage(game.baseUrl, {});
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${host.origin}/sdk-ads-off.html`);
    let frame = await gameFrame(page, `${game.baseUrl}/`);
    expect(frame.url()).toContain('ads=off');
    await frame.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
    expect(await frame.getByTestId('reward-ad').count()).toBe(0);

    await page.goto(`${host.origin}/sdk-ads-on.html`);
    frame = await gameFrame(page, `${game.baseUrl}/`);
    const ad = frame.getByTestId('reward-ad');
    await ad.waitFor({ timeout: 30_000 });
    const targets = await ad.locator('a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('target')]));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.every(([href, target]) => href === '/plus' && target === '_blank')).toBe(true);
    const hostUrl = page.url();
    const popup = context.waitForEvent('page', { timeout: 10_000 });
    await ad.locator('a').last().click();
    expect(new URL((await popup).url()).pathname).toBe('/plus');
    expect(page.url()).toBe(hostUrl);
  } finally {
    await context.close();
  }
});
