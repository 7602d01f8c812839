/**
 * Layout with real scrollbars (issue 33 item 7): the harness launches Chromium without
 * Playwright's `--hide-scrollbars`, so a scrolling panel's scrollbar takes its width as in a
 * player's browser. At 1280x720 the crosshair editor, on the settings page and in the in-game
 * settings menu, must not overflow sideways, and its preview with the zoom and preview controls
 * must be on screen and not under the sticky Save / Cancel footer (what is drawn at each control's
 * centre is the control itself).
 */
import type { Page } from 'playwright-core';
import { clickToStart, newPage, pageErrors, useE2eSuite } from './harness';

jest.setTimeout(120_000);

const suite = useE2eSuite();

/** The editor's layout problems once it has settled: polled until there are none or 15 s have
 * passed (the page's lazy chunks and styles can still be arriving when the editor first shows:
 * CI once read the preview under the footer on a busy machine), then the last reading. */
async function settledLayoutProblems(page: Page): Promise<string[]> {
  const until = Date.now() + 15_000;
  let problems = await editorLayoutProblems(page);
  while (problems.length > 0 && Date.now() < until) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    problems = await editorLayoutProblems(page);
  }
  return problems;
}

/** Problems of the open crosshair editor's layout, as readable lines (none = fine). */
async function editorLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const editor = document.querySelector<HTMLElement>('.xh-editor');
    if (!editor) return ['no crosshair editor on the page'];
    if (document.documentElement.scrollWidth > window.innerWidth) out.push(`page ${document.documentElement.scrollWidth} px wide > ${window.innerWidth} px`);
    // every element that scrolls sideways inside the editor's menu (a scrollbar taking width
    // turns a fitting panel into one that overflows by the scrollbar's width)
    for (let el: HTMLElement | null = editor; el; el = el.parentElement) {
      const s = getComputedStyle(el);
      if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        out.push(`${el.className || el.tagName} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth} px`);
      }
    }
    for (const el of Array.from(editor.querySelectorAll<HTMLElement>('*'))) {
      const s = getComputedStyle(el);
      if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        out.push(`${el.className || el.tagName} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth} px`);
      }
    }
    const footer = editor.querySelector<HTMLElement>('.xh-editor__actions');
    const fb = footer?.getBoundingClientRect();
    const controls = [
      ['preview', '[data-testid="crosshair-preview"]'],
      ['zoom', '.xh-editor__preview-tools'],
      ['show spread', '[data-testid="crosshair-show-spread"]'],
    ] as const;
    for (const [name, sel] of controls) {
      const el = editor.querySelector<HTMLElement>(sel);
      if (!el) { out.push(`${name}: missing`); continue; }
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) { out.push(`${name}: not drawn`); continue; }
      if (r.left < 0 || r.right > window.innerWidth || r.top < 0 || r.bottom > window.innerHeight) {
        out.push(`${name}: off screen (${Math.round(r.left)},${Math.round(r.top)})-(${Math.round(r.right)},${Math.round(r.bottom)})`);
        continue;
      }
      if (fb && r.bottom > fb.top && r.top < fb.bottom) out.push(`${name}: under the footer`);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(el === hit || el.contains(hit) || hit.contains(el))) out.push(`${name}: covered by ${hit ? hit.className || hit.tagName : 'nothing'}`);
    }
    return out;
  });
}

test('the crosshair editor page at 1280x720 with real scrollbars: no sideways overflow, its preview and zoom in view', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.goto(`${suite.server.baseUrl}/gameoptions/edit#settings.crosshair`);
  await page.getByTestId('crosshair-editor-crosshair').waitFor({ timeout: 30_000 });
  await page.getByTestId('crosshair-preview').waitFor();
  await page.getByTestId('crosshair-loading').waitFor({ state: 'detached', timeout: 30_000 });
  // the scrollbars are real: a scrolling box's scrollbar takes width
  const scrollbar = await page.evaluate(() => {
    const d = document.createElement('div');
    d.style.cssText = 'width:100px;height:50px;overflow:scroll;position:absolute;top:0';
    document.body.appendChild(d);
    const w = d.offsetWidth - d.clientWidth;
    d.remove();
    return w;
  });
  expect(scrollbar).toBeGreaterThan(0);
  if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/layout-crosshair-page.png` });
  expect(await settledLayoutProblems(page)).toEqual([]);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('in game: the crosshair editor in the settings menu at 1280x720, same rules', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  await clickToStart(page);
  await page.keyboard.press('Escape');
  await page.getByTestId('pause-menu').waitFor({ timeout: 10_000 });
  await page.getByTestId('pause-settings').click();
  await page.getByTestId('settings-menu').waitFor();
  await page.getByTestId('settings-tab-hud').click();
  await page.getByTestId('crosshair-open-crosshair').click();
  await page.getByTestId('crosshair-preview').waitFor({ timeout: 10_000 });
  await page.getByTestId('crosshair-loading').waitFor({ state: 'detached', timeout: 30_000 });
  if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/layout-crosshair-in-game.png` });
  expect(await settledLayoutProblems(page)).toEqual([]);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
