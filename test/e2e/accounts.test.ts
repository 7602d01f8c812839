/**
 * Accounts, premium, ads and the desktop client in Chromium (issue 13): register and log in
 * through /login, 'Not Logged In' sends the player to /login and back, the ad flow's project
 * states in order (the reward ad loading, failing, timing out; the countdown 10 s after a
 * failure), the ad-block message when the banner is blocked, no ad for premium, and the
 * desktop client's max-FPS cap measured by frame count.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { AD_LAST_PREROLL_KEY, AD_STATUS_KEY, ADBLOCK_MESSAGE } from '../../src/contracts/ads';
import { DESKTOP_CLIENT_UA } from '../../src/contracts/desktopClient';
import { aimUntilFinished, clickToStart, newPage, pageErrors, seedDrillVariants, useE2eSuite } from './harness';

jest.setTimeout(120_000);

/** Drill 2033, 20 s long, with a max_fps of 0.5 (the cap the desktop client must keep: one frame
 * every 2 s, far below what even a loaded test machine draws, so the comparison with a browser
 * holds under load). */
const CAPPED_DRILL = 9301;

const suite = useE2eSuite((server) => seedDrillVariants(server, 2033, [
  { id: CAPPED_DRILL, name: 'Capped Test Drill', duration: 20_000, max_fps: 0.5 },
]));

/** Records every value `data-project-state` of the game page takes, with its time (ms). */
async function recordStates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __states: Array<{ s: string; t: number }> };
    w.__states = [];
    const push = (s: string | null) => {
      if (s && w.__states[w.__states.length - 1]?.s !== s) w.__states.push({ s, t: performance.now() });
    };
    // each attribute record carries the value it replaced: the chain of old values, then the
    // value now, is every value the attribute took, however many changes one batch holds
    new MutationObserver((records) => {
      for (const r of records) if (r.type === 'attributes') push(r.oldValue);
      push(document.querySelector('[data-project-state]')?.getAttribute('data-project-state') ?? null);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-project-state'] });
  });
}

async function states(page: Page): Promise<Array<{ s: string; t: number }>> {
  return page.evaluate(() => (window as unknown as { __states: Array<{ s: string; t: number }> }).__states);
}

const names = (list: Array<{ s: string }>) => list.map((x) => x.s);

/** Waits until the game page's project state is `name`. */
async function waitForState(page: Page, name: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction((n) => document.querySelector('[data-project-state]')?.getAttribute('data-project-state') === n, name, { timeout });
}

/** Registers `username` in `context` (its cookie jar) through the API. */
async function registerIn(context: BrowserContext, username: string): Promise<number> {
  const res = await context.request.post(`${suite.server.baseUrl}/api/v1/auth/register`, { headers: { origin: suite.server.baseUrl },  data: { username, password: 'correct horse battery' } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

test('register, log out and log in through /login; a wrong password shows the server message', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const base = suite.server.baseUrl;
  await page.goto(`${base}/login?next=%2Fdrills`);
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByTestId('account-error').textContent()).resolves.toMatch(/Username must be 3-24 characters/);
  await page.getByLabel('Username').fill('PagePlayer');
  await Promise.all([page.waitForURL(`${base}/drills`, { timeout: 20_000 }), page.getByRole('button', { name: 'Create account', exact: true }).click()]);
  const me = await (await context.request.get(`${base}/api/v1/user/me`)).json();
  expect(me).toMatchObject({ username: 'PagePlayer', premium: false });

  await page.goto(`${base}/login`);
  await expect(page.getByTestId('account-name').textContent()).resolves.toBe('PagePlayer');
  // issue 39: the account page lists this browser's session (device from its User-Agent)
  const row = page.getByTestId('session-row').first();
  await expect(row.textContent()).resolves.toMatch(/Chrome on Linux.*This browser/);
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/logout') && r.status() === 200),
    page.getByTestId('logged-in').getByRole('button', { name: 'Log out', exact: true }).click(),
  ]);
  expect((await (await context.request.get(`${base}/api/v1/user/me`)).json()).id).toBeNull();

  await page.getByLabel('Username').fill('pageplayer');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('account-error').textContent()).resolves.toBe('Wrong username or password.');
  await page.getByLabel('Password').fill('correct horse battery');
  await Promise.all([page.waitForURL(`${base}/`, { timeout: 20_000 }), page.getByRole('button', { name: 'Log in', exact: true }).click()]);
  expect((await (await context.request.get(`${base}/api/v1/user/me`)).json()).username).toBe('PagePlayer');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test("'Not Logged In': Get Plus as a guest goes to /login?next=/plus and comes back after logging in", async () => {
  const { context, page } = await newPage(suite.browser);
  const base = suite.server.baseUrl;
  const other = await suite.browser.newContext();
  await registerIn(other, 'PlusSeeker');
  await other.close();
  await page.goto(`${base}/plus`);
  await Promise.all([page.waitForURL(`${base}/login?next=%2Fplus`, { timeout: 20_000 }), page.getByTestId('get-plus').click()]);
  await page.getByLabel('Username').fill('PlusSeeker');
  await page.getByLabel('Password').fill('correct horse battery');
  await Promise.all([page.waitForURL(`${base}/plus`, { timeout: 20_000 }), page.getByRole('button', { name: 'Log in', exact: true }).click()]);
  await page.getByTestId('get-plus').click();
  // the status follows the account-only call's answer: wait for it
  await page.getByTestId('plus-status').filter({ hasText: /turn Plus on for your account PlusSeeker/ }).waitFor({ timeout: 20_000 });
  await context.close();
});

describe('the ad flow', () => {
  test('the reward ad loads: advert-loaded, advert-showing, advert-complete in order; banner until the last second; 0.5 s countdown', async () => {
    const { context, page, errors } = await newPage(suite.browser);
    await recordStates(page);
    await page.goto(`${suite.server.baseUrl}/?id=2033`);
    // the ad with its link to /plus on screen and no start prompt beside it, seen in one frame
    // (two separate reads could straddle the ad's end on a busy machine)
    await page.waitForFunction(() => document.querySelector('[data-testid="reward-ad"] a[href="/plus"]') !== null
      && document.querySelector('[data-testid="start-instructions"]') === null, undefined, { timeout: 30_000 });
    await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 }); // the ad is over
    await page.getByTestId('banner-ad').waitFor({ timeout: 10_000 }); // then the banner
    const banner = page.frameLocator('[data-testid="banner-ad"]');
    await expect(banner.getByTestId('banner-link').getAttribute('href')).resolves.toBe('/plus');
    await clickToStart(page);
    await waitForState(page, 'game-running');
    const seen = await states(page);
    expect(names(seen).slice(names(seen).indexOf('assets-loaded'))).toEqual([
      // countdown-complete and game-running are one render (the round starts at once)
      'assets-loaded', 'advert-loaded', 'advert-showing', 'advert-complete', 'countdown-started', 'countdown-1sleft', 'game-running',
    ]);
    const at = (s: string) => seen.find((x) => x.s === s)!.t;
    expect(at('game-running') - at('countdown-started')).toBeLessThan(2000); // 0.5 s (+ a busy machine)
    expect(await page.getByTestId('banner-ad').count()).toBe(0); // ads show only before the last countdown second
    expect(await page.evaluate((k) => sessionStorage.getItem(k), AD_STATUS_KEY)).toBe('complete');
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  test('issue 33 item 4: at most one pre-roll per 5 minutes of a browser session: a reload starts with the no-ad countdown', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.server.baseUrl}/?id=2033`);
    await page.getByTestId('reward-ad').waitFor({ timeout: 30_000 });
    await page.getByTestId('ad-skip').click({ timeout: 10_000 });
    await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
    await recordStates(page);
    await page.reload();
    await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
    expect(names(await states(page)).filter((s) => s.startsWith('advert'))).toEqual([]);
    expect(await page.getByTestId('reward-ad').count()).toBe(0);
    // 5 minutes later (the stored time moved back) the next load shows it again
    await page.evaluate((k) => sessionStorage.setItem(k, String(Date.now() - 300_001)), AD_LAST_PREROLL_KEY);
    await page.reload();
    await page.getByTestId('reward-ad').waitFor({ timeout: 30_000 });
    await context.close();
  });

  test('the reward ad fails (request aborted): assets-loaded -> advert-complete, status ad_fail, a 10 s countdown', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.route('**/ads/reward.svg', (route) => route.abort());
    await recordStates(page);
    await page.goto(`${suite.server.baseUrl}/?id=2033`);
    await page.getByTestId('start-instructions').waitFor({ timeout: 30_000 });
    await page.mouse.click(640, 360);
    await waitForState(page, 'countdown-started');
    await page.getByTestId('banner-ad').waitFor({ timeout: 5_000 }); // the banner shows during the long countdown
    await waitForState(page, 'game-running', 30_000);
    const seen = await states(page);
    const list = names(seen);
    expect(list.slice(list.indexOf('assets-loaded'), list.indexOf('countdown-started') + 1)).toEqual(['assets-loaded', 'advert-complete', 'countdown-started']);
    const at = (s: string) => seen.find((x) => x.s === s)!.t;
    const countdownMs = at('game-running') - at('countdown-started');
    expect(countdownMs).toBeGreaterThan(9_500);
    expect(countdownMs).toBeLessThan(14_000);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), AD_STATUS_KEY)).toBe('ad_fail');
    await context.close();
  });

  test('the reward ad never loads: the 2 s time-out moves on with status ad_fail_timeout', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.route('**/ads/reward.svg', () => undefined); // never answered
    await recordStates(page);
    await page.goto(`${suite.server.baseUrl}/?id=2033`);
    await waitForState(page, 'advert-complete', 40_000);
    const seen = await states(page);
    const at = (s: string) => seen.find((x) => x.s === s)!.t;
    expect(names(seen).slice(names(seen).indexOf('assets-loaded'))).toEqual(['assets-loaded', 'advert-complete']);
    // the time-out runs from the store's AssetsLoaded; both times here are when the DOM showed the
    // state, so each carries a render's latency (CI saw 1898.3 ms): the bound says the 2 s wait ran,
    // not that it failed at once
    expect(at('advert-complete') - at('assets-loaded')).toBeGreaterThanOrEqual(1_500);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), AD_STATUS_KEY)).toBe('ad_fail_timeout');
    await page.getByTestId('start-instructions').waitFor({ timeout: 5_000 });
    await context.close();
  });

  test("a blocked banner shows 'Video hidden due to Adblock', linking to premium", async () => {
    const { context, page } = await newPage(suite.browser);
    await page.route('**/ads/banner.html', (route) => route.abort('blockedbyclient'));
    await page.goto(`${suite.server.baseUrl}/?id=2033`);
    const message = page.getByTestId('adblock-message');
    await message.waitFor({ timeout: 30_000 });
    await expect(message.textContent()).resolves.toContain(ADBLOCK_MESSAGE);
    await expect(message.locator('a').getAttribute('href')).resolves.toBe('/plus');
    expect(await page.getByTestId('banner-ad').count()).toBe(0);
    await context.close();
  });

  test('premium: no reward ad, no banner, no advert state, the short countdown', async () => {
    const { context, page } = await newPage(suite.browser);
    await registerIn(context, 'PremiumPlayer');
    const db = new Database(suite.server.databaseFile);
    db.prepare("update users set premium = 1 where username_key = 'premiumplayer'").run();
    db.close();
    await recordStates(page);
    let adRequests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/ads/')) adRequests++;
    });
    await page.goto(`${suite.server.baseUrl}/?id=2033`);
    await clickToStart(page);
    await waitForState(page, 'game-running');
    const list = names(await states(page));
    expect(list.filter((s) => s.startsWith('advert'))).toEqual([]);
    expect(await page.getByTestId('reward-ad').count()).toBe(0);
    expect(await page.getByTestId('banner-ad').count()).toBe(0);
    expect(adRequests).toBe(0);
    await context.close();
  });
});

/** The round's drawn frames over at least `ms` of page time: how many, per second, and the
 * shortest time between two drawn frames (ms; polled every animation frame, so each is seen). */
async function measureFrames(page: Page, ms: number): Promise<{ frames: number; fps: number; minGapMs: number }> {
  return page.evaluate(
    (span) =>
      new Promise<{ frames: number; fps: number; minGapMs: number }>((resolve) => {
        const hook = (window as any).__aimDebug;
        const t0 = performance.now();
        const f0 = hook.frames() as number;
        let last = f0;
        let lastAt = -1;
        let minGapMs = Infinity;
        const poll = () => {
          const now = performance.now();
          const f = hook.frames() as number;
          if (f !== last) {
            if (lastAt >= 0) minGapMs = Math.min(minGapMs, now - lastAt);
            lastAt = now;
            last = f;
          }
          if (now - t0 < span) requestAnimationFrame(poll);
          else resolve({ frames: f - f0, fps: ((f - f0) * 1000) / (now - t0), minGapMs });
        };
        requestAnimationFrame(poll);
      }),
    ms,
  );
}

test("the desktop client's frame cap: drill max_fps 0.5 holds the loop to a frame every 2 s there, not in a browser", async () => {
  const desktop = await suite.browser.newContext({
    viewport: { width: 1280, height: 720 },
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 ${DESKTOP_CLIENT_UA}/1.0`,
  });
  const page = await desktop.newPage();
  await page.goto(`${suite.server.baseUrl}/?id=${CAPPED_DRILL}`);
  await clickToStart(page);
  const capped = await measureFrames(page, 6000);
  // 6 s at 0.5 fps: 3 frames, one more where the window's ends fall
  expect(capped.frames).toBeLessThanOrEqual(4);
  expect(capped.frames).toBeGreaterThanOrEqual(2);
  await desktop.close();

  // the same drill in a browser is not capped: frames come at the display's pace when the machine
  // keeps up
  const { context, page: plain } = await newPage(suite.browser);
  await plain.goto(`${suite.server.baseUrl}/?id=${CAPPED_DRILL}`);
  await clickToStart(plain);
  const free = await measureFrames(plain, 6000);
  console.log(`frames: desktop client ${capped.fps.toFixed(1)} fps, min gap ${capped.minGapMs.toFixed(1)} ms (cap 0.5); browser ${free.fps.toFixed(1)} fps, min gap ${free.minGapMs.toFixed(1)} ms`);
  expect(free.frames).toBeGreaterThan(capped.frames + 1);
  await context.close();
});

/** Premium metrics on the summary (`data-testid="premium-metrics"` / `premium-locked`, the
 * server leaves them out of the run read for a player without premium). */
test('log in, play 2033: the summary shows premium-locked; after `npm run admin -- premium NAME on` it shows premium-metrics', async () => {
  const { context, page } = await newPage(suite.browser);
  await registerIn(context, 'SummaryPat');
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  const mouse = await clickToStart(page);
  const { finished } = await aimUntilFinished(page, mouse);
  expect(finished).toBe(true);
  await page.waitForURL(/\/app\/#\/drill-summary\?run=\d+/, { timeout: 60_000 });
  await page.getByTestId('premium-locked').waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('premium-locked').locator('a[href="/plus"]').count()).toBeGreaterThan(0);
  expect(await page.getByTestId('premium-metrics').count()).toBe(0);
  execFileSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/admin.ts', 'premium', 'SummaryPat', 'on'], {
    env: { ...process.env, DATABASE_FILE: suite.server.databaseFile, DATABASE_URL: '' },
  });
  await page.reload();
  await page.getByTestId('premium-metrics').waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('premium-locked').count()).toBe(0);
  await context.close();
});
