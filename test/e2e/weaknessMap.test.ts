/**
 * The weakness map (issue 37 item 4) end to end in Chromium: a player's honest runs (synthetic
 * human runs of Gridshot, src/sim/humanModel.ts, played with the server's ticket seeds and sent
 * from the page's own cookie session with their APKey, verified and analysed by the server's
 * worker), then the summary and the progress page draw the weakness map: the uPlot canvas has the
 * distance series' colours in it, and the words name the weakest cell the server's map names.
 */
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import type { RunTicket } from '../../src/contracts/runTicket';
import { FLICK_DISTANCES, FLICK_SECTORS, type WeaknessMap } from '../../src/contracts/analysis';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { simulateHumanRun, HUMAN_PRESETS } from '../../src/sim/humanModel';
import { newPage, pageErrors, postAsPage, screenshotPixels, shot, useE2eSuite } from './harness';

jest.setTimeout(240_000);
const suite = useE2eSuite();
const DRILL = 134;
const drill = DRILL_CATALOGUE.find((d) => Number(d.id) === DRILL)!;
const apkeyOf = (body: string, secret: string) => crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex');

/** Pixels of the chart's canvas in the colours of the short / medium / long series. */
async function seriesPixels(page: Page, testId: string): Promise<number[]> {
  const canvas = page.getByTestId(testId).locator('canvas').first();
  await canvas.waitFor({ timeout: 20_000 });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const px = await screenshotPixels(page, { x: Math.floor(box.x), y: Math.floor(box.y), width: Math.floor(box.width), height: Math.floor(box.height) });
  const colours = [[0x3d, 0xdc, 0x84], [0xf5, 0xb9, 0x42], [0xff, 0x4b, 0x3e]];
  return colours.map(([r, g, b]) => {
    let n = 0;
    for (let i = 0; i < px.data.length; i += 4) {
      if (Math.abs(px.data[i] - r) < 30 && Math.abs(px.data[i + 1] - g) < 30 && Math.abs(px.data[i + 2] - b) < 30) n++;
    }
    return n;
  });
}

test('after runs, the summary and the progress page draw the weakness map and name the weakest cell', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const base = suite.server.baseUrl;
  await page.goto(`${base}/app/#/progress`);
  let lastId = 0;
  for (let i = 0; i < 3; i++) {
    const ticket = (await postAsPage(context.request, base, '/api/v1/runs', { drill_id: DRILL })) as RunTicket;
    const r = simulateHumanRun(drill, { seed: ticket.seed, skill: HUMAN_PRESETS.average });
    const body = JSON.stringify({ gameData: r.gameData, bulletData: r.bulletData, replay: r.replay, run_id: ticket.run_id });
    const res = await context.request.post(`${base}/api/v1/performance`, {
      data: body, headers: { origin: base, 'content-type': 'application/json', apkey: apkeyOf(body, ticket.secret) },
    });
    expect(res.status()).toBe(201);
    const summary = await res.json();
    expect(summary.ranked).toBe(true);
    lastId = summary.id;
  }
  const mapRes = await context.request.get(`${base}/api/v1/analysis/weakness`);
  const map = (await mapRes.json()) as WeaknessMap;
  expect(map.runs).toBe(3);
  expect(map.flicks).toBeGreaterThan(50);
  const expectedFirst = map.weakest.length
    ? `Slowest: ${FLICK_DISTANCES[map.weakest[0].bin]} flicks ${FLICK_SECTORS[map.weakest[0].sector]}, ${Math.round(map.weakest[0].rel * 100)} % slower than your mean.`
    : 'No weak spot: every direction is within 5 % of your mean.';

  // the summary of the last run
  await page.goto('about:blank');
  await page.goto(`${base}/app/#/drill-summary?run=${lastId}`);
  await page.getByTestId('weakness-map').waitFor({ timeout: 20_000 });
  expect((await page.getByTestId('weakness-words').locator('li').first().textContent())).toBe(expectedFirst);
  const onSummary = await seriesPixels(page, 'weakness-chart');
  expect(onSummary.filter((n) => n > 20).length).toBeGreaterThanOrEqual(2); // at least two distances drawn
  await page.getByTestId('weakness-map').scrollIntoViewIfNeeded();
  await shot(page, 'weakness-summary');

  // the progress page
  await page.goto('about:blank');
  await page.goto(`${base}/app/#/progress`);
  await page.getByTestId('weakness-map').waitFor({ timeout: 20_000 });
  expect((await page.getByTestId('weakness-words').locator('li').first().textContent())).toBe(expectedFirst);
  const onProgress = await seriesPixels(page, 'weakness-chart');
  expect(onProgress.filter((n) => n > 20).length).toBeGreaterThanOrEqual(2);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'weakness-progress');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
