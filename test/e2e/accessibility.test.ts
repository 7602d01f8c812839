/**
 * Issue 16 item 6: axe-core (the standard WCAG rule set, through @axe-core/playwright) over every
 * page of the product in a real Chromium at 1280x720, and over the in-game pause menu and settings
 * menu while a drill runs: 0 serious or critical violations.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { clickToStart, newPage, useE2eSuite } from './harness';

jest.setTimeout(150_000);

const suite = useE2eSuite();

/** The serious and critical violations on the page, as `rule: target` lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${v.help}`));
}

test.each([
  ['the drill list', '/drills', 'drill-list'],
  ['the benchmark page', '/app/#/benchmarks', 'bench-drill-134'],
  ['the drill editor', '/app/#/editor?from=2033', 'field-name'],
  ['the settings page', '/gameoptions/edit', 'settings-menu'],
  ['a crosshair editor', '/gameoptions/edit#settings.crosshair', 'crosshair-editor-crosshair'],
  ['the app home', '/app/', null],
  ['the summary page', '/app/#/drill-summary?run=999', 'summary-error'],
  ['a help page', '/maximum-fps', null],
  ['the game page before the round', '/?id=2033', 'start-instructions'],
  ['the invalid-id error card', '/?id=abc', 'error-overlay'],
])('%s (%s) has no serious or critical violations', async (_name, url, testId) => {
  const { context, page } = await newPage(suite.browser);
  await page.goto(`${suite.server.baseUrl}${url}`);
  if (testId) await page.getByTestId(testId).waitFor({ timeout: 30_000 });
  else await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('in game: the pause menu and every settings tab have no serious or critical violations', async () => {
  const { context, page } = await newPage(suite.browser);
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  await clickToStart(page);
  await page.keyboard.press('Escape');
  await page.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('pause-settings').click();
  await page.getByTestId('settings-menu').waitFor();
  const found: string[] = [];
  for (const tab of ['controls', 'video', 'hud', 'visuals', 'audio']) {
    await page.getByTestId(`settings-tab-${tab}`).click();
    found.push(...(await seriousViolations(page)).map((v) => `[${tab}] ${v}`));
  }
  for (const sub of ['bindings', 'controller']) {
    await page.getByTestId('settings-tab-controls').click();
    await page.getByTestId(`settings-subtab-${sub}`).click();
    found.push(...(await seriousViolations(page)).map((v) => `[${sub}] ${v}`));
  }
  expect(found).toEqual([]);
  await context.close();
});
