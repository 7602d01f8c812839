/**
 * Drills are data, end to end: a drill written as a JSON file in the drill folder (and nothing
 * else) is seeded by the real server and plays in real headless Chromium with the real mouse:
 * the pre-game screen shows the file's name, HTML description and objective, the round shows
 * the file's number and size of targets, and the run is stored for the file's id.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { aimUntilFinished, clickToStart, launchBrowser, newPage, pageErrors, readAimDebug, readSummaryAndRow, startServer, type E2eServer } from './harness';

jest.setTimeout(90_000);

const ROOT = path.resolve(__dirname, '../..');
/** The drill added as a file: nothing of it exists anywhere but in this document. */
const FILE_DRILL = {
  id: 9600,
  name: 'Drill From A File',
  category: 'clicking',
  game_type_description: '<p>Made from a <b>JSON file</b> alone.</p>',
  objective: 'Destroy 3 targets.',
  duration: 6000,
  num_targets: 4,
  spawn_mode: 'Random',
  target_size: 0.5,
  weapon_fire_rate: 10,
  targets_destroyed_score: 3,
};

let dir: string;
let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-e2e-drills-'));
  for (const f of fs.readdirSync(path.join(ROOT, 'drills'))) fs.copyFileSync(path.join(ROOT, 'drills', f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, `${FILE_DRILL.id}.json`), JSON.stringify(FILE_DRILL, null, 2));
  server = await startServer({ drillsDir: dir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a drill added as a JSON file is shown and played in the browser as the file says', async () => {
  const { context, page, errors } = await newPage(browser);
  try {
    // a workout run shows the drill's own objective (issue 19: objective by source)
    await page.goto(`${server.baseUrl}/?id=${FILE_DRILL.id}&source=workout`);
    await page.getByTestId('pregame-info').waitFor({ timeout: 30_000 });
    expect((await page.getByTestId('pregame-name').textContent())?.trim()).toBe(FILE_DRILL.name);
    expect(await page.locator('.pregame__description b').textContent()).toBe('JSON file');
    expect((await page.getByTestId('pregame-objective-text').textContent())?.trim()).toBe(FILE_DRILL.objective);
    if (process.env.DRILL_FILES_SHOT) await page.screenshot({ path: process.env.DRILL_FILES_SHOT });

    const mouse = await clickToStart(page);
    await page.waitForFunction((n) => (window as any).__aimDebug.targets().length === n, FILE_DRILL.num_targets, { timeout: 10_000 });
    const s = await readAimDebug(page);
    expect(s.targets).toHaveLength(FILE_DRILL.num_targets);
    for (const t of s.targets) expect(t.radius).toBeCloseTo(FILE_DRILL.target_size, 6);

    const played = await aimUntilFinished(page, mouse, { timeoutMs: 60_000 });
    expect(played.finished).toBe(true);
    const { shown, row } = await readSummaryAndRow(page, server.databaseFile);
    expect(row.game_id).toBe(FILE_DRILL.id);
    expect(shown.targets).toBe(row.targets_destroyed);
    expect(row.targets_destroyed).toBeGreaterThan(0);
    expect(pageErrors(errors)).toEqual([]);
  } finally {
    await context.close();
  }
});

test("the drill schema's validator runs in the game page, under its CSP (no eval), as the drill editor will use it", async () => {
  // the client's module as Vite would bundle it (esbuild, browser target), evaluated in the page
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [path.join(ROOT, 'src/contracts/drillSchema.ts')], bundle: true, format: 'iife', globalName: 'DrillSchema',
    platform: 'browser', write: false, logLevel: 'silent',
  });
  const bundle = out.outputFiles[0].text;
  expect(bundle).not.toMatch(/new Function/);
  const { context, page } = await newPage(browser);
  try {
    // served from the page's own origin (CSP script-src 'self'), so it runs as the page's code
    // does: under the CSP, which refuses eval / new Function
    const script = `${bundle}
      let evalRefused = false;
      try { new Function('return 1')(); } catch (e) { evalRefused = e instanceof EvalError; }
      window.__drillSchemaResult = {
        evalRefused,
        good: DrillSchema.validateDrillDocument(${JSON.stringify(FILE_DRILL)}),
        bad: DrillSchema.validateDrillDocument({ ...${JSON.stringify(FILE_DRILL)}, target_size: 9, colour: 'red' }),
      };`;
    await page.route('**/drill-schema-check.js', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: script }));
    await page.goto(`${server.baseUrl}/?id=134`);
    await page.getByTestId('pregame-info').waitFor({ timeout: 30_000 });
    await page.addScriptTag({ url: `${server.baseUrl}/drill-schema-check.js` });
    const result = (await page.evaluate(() => (window as any).__drillSchemaResult)) as {
      evalRefused: boolean; good: { ok: boolean; drill?: Record<string, unknown> }; bad: { ok: boolean; errors?: unknown[] };
    };
    // the page's CSP is on: ajv's runtime compiler (new Function) would fail here
    expect(result.evalRefused).toBe(true);
    expect(result.good.ok).toBe(true);
    expect(result.good.drill).toMatchObject({ id: FILE_DRILL.id, clip_size: 99999, duration: FILE_DRILL.duration, config: '{}' });
    expect(result.bad).toEqual({
      ok: false,
      errors: [{ field: 'colour', reason: 'is not a drill field' }, { field: 'target_size', reason: 'must be <= 3, got 9' }],
    });
  } finally {
    await context.close();
  }
});
