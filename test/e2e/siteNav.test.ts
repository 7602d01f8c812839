/**
 * A way in and around (issue 33 item 2), in Chromium at 1280x720 against the real server: the
 * site header is on every page (drill list, progress, leaderboards, settings, login, plus, help)
 * with the same places, nothing overflows sideways, the settings page's Save stays in view under
 * it; a player who logs in from the header comes back to the page and sees their name, and Log
 * out makes them a guest again; the pause menu links the same places.
 * With SHOT_DIR set, screenshots of the pages are written there.
 */
import { newPage, pageErrors, shot, startDrill, useE2eSuite } from './harness';

jest.setTimeout(120_000);

const suite = useE2eSuite();
const PLACES = ['Play', 'Progress', 'Leaderboards', 'Benchmarks', 'Settings', 'Drill editor'];

test('the header is on every page with the same places; nothing overflows', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const pages: Array<[string, string]> = [
    ['/drills', 'drills'],
    ['/app/#/progress', 'progress'],
    ['/app/#/leaderboard', 'leaderboards'],
    ['/app/#/benchmarks', 'benchmarks'],
    ['/gameoptions/edit', 'settings'],
    ['/login', 'login'],
    ['/plus', 'plus'],
    ['/mouse-skip-fix', 'help'],
  ];
  for (const [path, name] of pages) {
    await page.goto(`${suite.server.baseUrl}${path}`);
    const header = page.getByTestId('site-header');
    await header.waitFor({ timeout: 30_000 });
    await page.getByTestId('nav-login').waitFor({ timeout: 10_000 }); // a guest
    expect(await header.locator('nav a').allTextContents()).toEqual(PLACES);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await header.boundingBox();
    expect(box!.y).toBe(0);
    expect(box!.height).toBeLessThan(80); // one row at 1280 px
    await shot(page, `nav-${name}`);
  }
  // the settings page: the menu fills the rest of the view, its Save and Back in view
  await page.goto(`${suite.server.baseUrl}/gameoptions/edit`);
  const save = page.getByTestId('settings-save');
  await save.waitFor({ timeout: 30_000 });
  const sb = await save.boundingBox();
  expect(sb!.y + sb!.height).toBeLessThanOrEqual(720);
  // the Leaderboards place lists the drills' boards
  await page.goto(`${suite.server.baseUrl}/app/#/leaderboard`);
  await page.getByTestId('board-link-134').click();
  await page.waitForURL(/#\/leaderboard\?drill=134$/);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('Log in from the header comes back with the name shown; Log out makes a guest', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.goto(`${suite.server.baseUrl}/drills`);
  await page.getByTestId('nav-login').click();
  await page.waitForURL(/\/login\?next=%2Fdrills/);
  const name = `nav${Date.now() % 1_000_000}`;
  // create the account on the login page (its register form)
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.locator('input[name="username"]').fill(name);
  await page.locator('input[name="password"]').fill('correct horse battery');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/drills$/, { timeout: 15_000 });
  await page.getByTestId('nav-username').filter({ hasText: name }).waitFor({ timeout: 10_000 });
  await shot(page, 'nav-account');
  // the account page (the sessions list) under the same header
  await page.goto(`${suite.server.baseUrl}/login`);
  await page.getByTestId('logged-in').waitFor({ timeout: 10_000 });
  await page.getByTestId('nav-username').filter({ hasText: name }).waitFor({ timeout: 10_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'nav-account-page');
  await page.getByTestId('nav-logout').click();
  await page.getByTestId('nav-login').waitFor({ timeout: 10_000 });
  const me = await (await context.request.get(`${suite.server.baseUrl}/api/v1/user/me`)).json();
  expect(me.username).toBeNull();
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('the pause menu links the same places (Leaderboards: this drill\'s board)', async () => {
  const { context, page, errors } = await startDrill(suite, 2033);
  await page.keyboard.press('Escape');
  const places = page.getByTestId('pause-places');
  await places.waitFor({ timeout: 5_000 });
  expect(await places.locator('a').allTextContents()).toEqual(PLACES.filter((p) => p !== 'Settings'));
  expect(await places.getByRole('link', { name: 'Leaderboards' }).getAttribute('href')).toBe('/app/#/leaderboard?drill=2033');
  await shot(page, 'nav-pause');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
