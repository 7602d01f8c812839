/**
 * Keyboard-only operation of the settings page (issue 16 item 6), real Chromium against the real
 * server: from the page's start, Tab reaches every control in order; each control the keyboard
 * focuses has a visible focus outline (computed style, and pixels: the ring around the focused
 * control differs from the unfocused screenshot and is the outline colour); a slider (ArrowRight),
 * a select (ArrowDown) and a checkbox (Space) are changed with keys, Save is pressed with Enter,
 * and the saved document (GET /gameoptions/edit) has the new values; another tab (Audio) and the
 * Bindings table (Enter listens, the next key is bound) the same way. Then the in-game pause menu:
 * Escape opens it, Tab + Enter opens its settings.
 */
import type { Locator, Page } from 'playwright-core';
import { clickToStart, newPage, pageErrors, useE2eSuite } from './harness';

jest.setTimeout(120_000);

const suite = useE2eSuite();

/** The focus outline colour of src/ui/settings/settings.css. */
const FOCUS_RGB = [0xff, 0xd2, 0x4a];

/** The focused element's test id (or tag), whether it shows a solid outline of ≥ 2px, and its colour. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { id: 'body', outline: false, color: '' };
    const cs = getComputedStyle(el);
    return {
      id: el.getAttribute('data-testid') ?? el.tagName.toLowerCase(),
      outline: cs.outlineStyle === 'solid' && parseFloat(cs.outlineWidth) >= 2,
      color: cs.outlineColor,
    };
  });
}

/** Presses Tab until the control with test id `testId` has the focus (at most `max` presses);
 * returns the test ids passed. Every stop must show the focus outline. */
async function tabTo(page: Page, testId: string, max = 120): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    seen.push(f.id);
    expect([f.id, f.outline, f.color]).toEqual([f.id, true, `rgb(${FOCUS_RGB.join(', ')})`]);
    if (f.id === testId) return seen;
  }
  throw new Error(`Tab never reached ${testId}; went through ${seen.join(', ')}`);
}

/** Decoded RGBA pixels of an image. */
interface Pixels { width: number; height: number; data: number[] }

/** Pixels of a screenshot of the area around `loc` (6 px margin), decoded by the browser's own
 * PNG decoder (an <img> drawn on a canvas: no PNG package needed). */
async function ringShot(page: Page, loc: Locator): Promise<{ png: Pixels }> {
  const box = (await loc.boundingBox())!;
  const clip = { x: Math.round(box.x - 6), y: Math.round(box.y - 6), width: Math.round(box.width + 12), height: Math.round(box.height + 12) };
  const b64 = (await page.screenshot({ clip })).toString('base64');
  const png = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = `data:image/png;base64,${src}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    return { width: c.width, height: c.height, data: Array.from(g.getImageData(0, 0, c.width, c.height).data) };
  }, b64);
  return { png };
}

/** How many pixels of the 6 px ring around the control are within 40 of the focus colour, and how many differ between two shots. */
function ringStats(a: Pixels, b: Pixels): { focusColoured: number; differing: number; ring: number } {
  let focusColoured = 0;
  let differing = 0;
  let ring = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const inRing = x < 6 || y < 6 || x >= a.width - 6 || y >= a.height - 6;
      if (!inRing) continue;
      ring++;
      const i = (y * a.width + x) * 4;
      const d = Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
      if (d > 30) differing++;
      const f = Math.abs(a.data[i] - FOCUS_RGB[0]) + Math.abs(a.data[i + 1] - FOCUS_RGB[1]) + Math.abs(a.data[i + 2] - FOCUS_RGB[2]);
      if (f < 40) focusColoured++;
    }
  }
  return { focusColoured, differing, ring };
}

/**
 * Presses Enter on the focused Save button and waits for the POST's answer, 200 expected. A 503
 * is the server's back-pressure on a busy machine ("Server busy, retry later."): once the menu
 * reads 'Failed to save' (the button enabled again) the player presses Enter again, up to 4 times.
 */
async function saveWithEnter(page: Page): Promise<void> {
  let status = 0;
  let body = '';
  for (let attempt = 0; attempt < 4 && (attempt === 0 || status === 503); attempt++) {
    if (attempt > 0) {
      await page.waitForFunction(() => document.querySelector('[data-testid="settings-status"]')?.textContent === 'Failed to save', undefined, { timeout: 10_000 });
      await page.getByTestId('settings-save').focus();
    }
    const posted = page.waitForResponse((r) => r.url().endsWith('/gameoptions/edit') && r.request().method() === 'POST', { timeout: 20_000 });
    await page.keyboard.press('Enter');
    const res = await posted;
    status = res.status();
    body = status === 200 ? '' : await res.text();
  }
  expect([status, body]).toEqual([200, '']);
  await page.waitForFunction(() => document.querySelector('[data-testid="settings-status"]')?.textContent === 'Saved', undefined, { timeout: 20_000 });
}

test('the settings page works with the keyboard only, with a visible focus outline on every control', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${suite.server.baseUrl}/gameoptions/edit`);
  await page.getByTestId('settings-menu').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="setting-mouse_sens"]') as HTMLInputElement | null;
    return !!el && !el.disabled;
  }, undefined, { timeout: 30_000 });
  await page.getByTestId('sens-convert-from').waitFor({ timeout: 20_000 });

  // Tab from the top: the tabs, the sub-tabs, then the Mouse tab's controls, the converter first
  const path = await tabTo(page, 'setting-mouse_sens-range');
  expect(path).toContain('settings-tab-controls');
  expect(path).toContain('settings-subtab-mouse');
  expect(path.indexOf('sens-convert-from')).toBeGreaterThan(path.indexOf('settings-subtab-mouse'));
  expect(path.indexOf('sens-convert-from')).toBeLessThan(path.indexOf('setting-mouse_sens-range'));

  // pixels: the ring around the focused slider is the outline colour, and not without the focus
  const slider = page.getByTestId('setting-mouse_sens-range');
  const withFocus = await ringShot(page, slider);
  // a click elsewhere takes the keyboard focus away (no :focus-visible on what it lands on)
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  const without = await ringShot(page, slider);
  const stats = ringStats(withFocus.png, without.png);
  expect(stats.focusColoured).toBeGreaterThan(stats.ring * 0.2);
  expect(stats.differing).toBeGreaterThan(stats.ring * 0.2);
  expect(ringStats(without.png, without.png).differing).toBe(0);

  // the slider with the arrow keys: 1 → 1 + one step
  await slider.focus();
  const step = Number(await slider.getAttribute('step'));
  expect(step).toBeGreaterThan(0);
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await page.waitForFunction(
    (want) => Math.abs(Number((document.querySelector('[data-testid="setting-mouse_sens"]') as HTMLInputElement).value) - want) < 1e-9,
    1 + 10 * step,
    { timeout: 10_000 },
  );
  const sens = Number(await page.getByTestId('setting-mouse_sens').inputValue());
  expect(sens).toBeCloseTo(1 + 10 * step, 6);

  // the checkbox with Space, the FOV type select with ArrowDown (h → v)
  await tabTo(page, 'setting-mouse_inverse');
  await page.keyboard.press('Space');
  expect(await page.getByTestId('setting-mouse_inverse').isChecked()).toBe(true);
  await tabTo(page, 'setting-fov_type');
  expect(await page.getByTestId('setting-fov_type').inputValue()).toBe('h');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => (document.querySelector('[data-testid="setting-fov_type"]') as HTMLSelectElement).value === 'v', undefined, { timeout: 5_000 });

  // Save with Enter
  await tabTo(page, 'settings-save');
  await saveWithEnter(page);

  // the saved document
  const saved = await (await context.request.get(`${suite.server.baseUrl}/gameoptions/edit`)).json();
  expect(saved.controls.mouse_sens).toBeCloseTo(sens, 9);
  expect(saved.controls.mouse_inverse).toBe(1);
  expect(saved.controls.fov_type).toBe('v');
  expect(saved.game_options.other.fov_type).toBe('v');

  // the other tabs: reached and opened with the keyboard, their first control focusable with Tab
  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 200; i++) {
    if ((await focused(page)).id === 'settings-tab-audio') break;
    await page.keyboard.press('Shift+Tab');
  }
  expect((await focused(page)).id).toBe('settings-tab-audio');
  await page.keyboard.press('Enter');
  await page.getByTestId('setting-volume-range').waitFor({ timeout: 5_000 });
  await tabTo(page, 'setting-volume-range');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => (document.querySelector('[data-testid="setting-volume"]') as HTMLInputElement)?.value === '3', undefined, { timeout: 5_000 });

  // Controls → Bindings with the keyboard: Enter on a cell listens, the next key is bound; saved
  for (let i = 0; i < 200 && (await focused(page)).id !== 'settings-tab-controls'; i++) await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).id).toBe('settings-tab-controls');
  await page.keyboard.press('Enter');
  await tabTo(page, 'settings-subtab-bindings');
  await page.keyboard.press('Enter');
  await page.getByTestId('settings-bindings').waitFor({ timeout: 5_000 });
  await tabTo(page, 'binding-restart-alt');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="binding-restart-alt"]')?.classList.contains('binding-cell--listening'), undefined, { timeout: 5_000 });
  await page.keyboard.press('KeyT');
  await page.waitForFunction(() => document.querySelector('[data-testid="binding-restart-alt"]')?.textContent === 'T', undefined, { timeout: 5_000 });
  await tabTo(page, 'settings-save');
  await saveWithEnter(page);
  const saved2 = await (await context.request.get(`${suite.server.baseUrl}/gameoptions/edit`)).json();
  expect(saved2.game_options.control.bindings.restart).toEqual({ key: 'KeyR', alt: 'KeyT', pad: 'button8' });
  expect(saved2.game_options.audio.volume).toBe(3);

  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});

test('the in-game pause menu opens with Escape and its buttons work with Tab and Enter', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  await clickToStart(page);
  await page.keyboard.press('Escape');
  await page.getByTestId('pause-menu').waitFor({ timeout: 20_000 });
  await tabTo(page, 'pause-settings', 10);
  await page.keyboard.press('Enter');
  await page.getByTestId('settings-menu').waitFor({ timeout: 20_000 });
  await tabTo(page, 'settings-tab-controls', 20);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
