/** The sensitivity converter in Chromium at 1280x720 (issue 33 item 8): the game picker shows each title's
 * confidence label, the result shows a badge per game side in its level's colour and the references,
 * nothing overflows sideways. A screenshot is written to the OS temp folder (sens-converter.png). */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newPage, pageErrors, screenshotPixels, useE2eSuite } from './harness';

const suite = useE2eSuite();

test('each title shows its confidence in the picker and next to the result, in the level\'s colour', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${suite.server.baseUrl}/gameoptions/edit`);
  await page.getByTestId('settings-menu').waitFor({ timeout: 30_000 });
  const from = page.getByTestId('sens-convert-from');
  await page.waitForFunction(() => (document.querySelector('[data-testid="sens-convert-from"]') as HTMLSelectElement | null)?.options.length! > 50, undefined, { timeout: 30_000 });
  const labels = await from.evaluate((s: HTMLSelectElement) => Object.fromEntries(Array.from(s.options).map((o) => [o.value, o.textContent])));
  expect(labels).toMatchObject({ paladins: 'Paladins · 1 source', aimlab: 'Aim Lab (default scale) · 1 source', riskofrain2: 'Risk of Rain 2 · measured' });
  expect(labels['kovaaks-source']).toBe('KovaaK\'s (Quake/Source scale) · 2 sources agree');

  await from.selectOption('paladins');
  await page.getByTestId('sens-convert-to').selectOption('cs2');
  await page.getByTestId('sens-convert-value').fill('2');
  await page.getByTestId('sens-convert-fov-from').fill('100');
  const one = page.getByTestId('sens-convert-confidence-from');
  const two = page.getByTestId('sens-convert-confidence-to');
  await two.waitFor({ timeout: 10_000 });
  // Paladins 2 at FOV 100 = 0.0182352°/count = CS2 0.8289
  await page.waitForFunction(() => document.querySelector('[data-testid="sens-convert-result"]')?.textContent === '0.8289', undefined, { timeout: 10_000 });

  // the badges are drawn in their level's colour: orange for one reference, green for two
  const colourOf = async (loc: typeof one) => {
    const box = (await loc.boundingBox())!;
    expect(box.width).toBeGreaterThan(20);
    const { data, width, height } = await screenshotPixels(page, { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) });
    // the most saturated pixel (the border / text), as r, g, b
    let best = [0, 0, 0];
    let sat = -1;
    for (let i = 0; i < width * height * 4; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      const s = Math.max(r, g, b) - Math.min(r, g, b);
      if (s > sat) { sat = s; best = [r, g, b]; }
    }
    return best;
  };
  const [or, og, ob] = await colourOf(one);
  const [gr, gg, gb] = await colourOf(two);
  expect(or).toBeGreaterThan(og); // orange: red over green over blue
  expect(og).toBeGreaterThan(ob);
  expect(gg).toBeGreaterThan(gr); // green: green over red and blue
  expect(gg).toBeGreaterThan(gb);
  await expect(one.textContent()).resolves.toBe('1 source');
  await expect(two.textContent()).resolves.toBe('2 sources agree');
  await expect(page.getByTestId('sens-convert-sources-from').textContent()).resolves.toMatch(/^Paladins: S3 KovaaK Paladins/);

  // nothing overflows sideways: the references wrap inside the converter
  const overflow = await page.evaluate(() => {
    const c = document.querySelector('[data-testid="sens-converter"]') as HTMLElement;
    return { converter: c.scrollWidth - c.clientWidth, page: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });
  expect(overflow).toEqual({ converter: 0, page: 0 });
  await page.getByTestId('sens-convert-confidence').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(tmpdir(), 'sens-converter.png') });
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
