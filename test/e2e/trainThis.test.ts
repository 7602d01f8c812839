/**
 * "Train this" (issue 37 item 5) end to end in Chromium: a logged-in player with three analysed
 * runs (synthetic human runs of Gridshot, src/sim/humanModel.ts, sent from the page's own cookie
 * session with their APKey, verified and analysed by the server's worker, as in
 * weaknessMap.test.ts) opens the progress page, clicks "Train this" under the weakness map with
 * the real mouse, lands on the generated playlist (`/?playlist=p-...`, "Drill 1 of 3: Weak
 * spots: ..."), plays the weak-spot drill with REAL mouse input (page.mouse under pointer lock:
 * onto each target, click, back to the centre, since the next target waits for the aim there),
 * and afterwards the weakness map (the server's and the card's) holds the new run's flicks, which
 * are in the trained cells. Runs played with page.mouse may be held for plausibility (not
 * ranked); the run only has to verify, so that the server analyses it.
 * Screenshots at 1280x720 (build/e2e-screens/trainthis-*.png): the card with the button, the
 * playlist's first drill, the playlist on the drills page.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import type { RunTicket } from '../../src/contracts/runTicket';
import type { StoredRunAnalysis, WeaknessMap } from '../../src/contracts/analysis';
import type { PlaylistAnswer } from '../../src/contracts/playlists';
import { DRILL_CATALOGUE } from '../../src/drill/catalogue';
import { simulateHumanRun, HUMAN_PRESETS } from '../../src/sim/humanModel';
import { WEAK_SPOT_COMPANION_DRILL, cellWords, pickWeakCells, weakSpotDrill } from '../../src/analysis/weakSpotDrill';
import { clickToStart, newPage, pageErrors, postAsPage, readAimDebug, useE2eSuite, waitForNextTick, type MousePos } from './harness';

jest.setTimeout(300_000);
const suite = useE2eSuite();
const GRIDSHOT = DRILL_CATALOGUE.find((d) => Number(d.id) === 134)!;
const SCREENS = path.resolve('build/e2e-screens');
const apkeyOf = (body: string, secret: string) => crypto.createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex');

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

/**
 * Plays the running weak-spot drill with the real mouse until it finishes: onto the live target
 * and click; with no target up (the next one waits for the aim to come back), back to the centre
 * (yaw 0, pitch 0: straight ahead, the drill's return point). Returns the clicks made.
 */
async function playWithReturns(page: Page, mouse: MousePos, timeoutMs = 150_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let clicks = 0;
  for (let s = await readAimDebug(page); !s.finished && Date.now() < deadline; s = await readAimDebug(page)) {
    const goal = s.targets[0] ?? { yaw: 0, pitch: 0 };
    const dx = Math.round((goal.yaw - s.aim.yaw) / s.dpc.x);
    const dy = Math.round((goal.pitch - s.aim.pitch) / s.dpc.y);
    if (dx !== 0 || dy !== 0) {
      mouse.x += dx;
      mouse.y += dy;
      await page.mouse.move(mouse.x, mouse.y, { steps: 3 });
    }
    if (s.targets.length > 0) {
      await page.mouse.down();
      await page.mouse.up();
      clicks++;
    }
    // the input takes effect at the next tick: look again after it
    await waitForNextTick(page);
  }
  return clicks;
}

test('Train this makes a drill of the player\'s weak spots and a playlist; its run feeds the same cells of the map', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  const base = suite.server.baseUrl;
  await page.goto(`${base}/app/#/progress`);
  await postAsPage(context.request, base, '/api/v1/auth/register', { username: `trainer${Date.now() % 100000}`, password: 'correct horse battery' });
  for (let i = 0; i < 3; i++) {
    const ticket = (await postAsPage(context.request, base, '/api/v1/runs', { drill_id: 134 })) as RunTicket;
    const r = simulateHumanRun(GRIDSHOT, { seed: ticket.seed, skill: HUMAN_PRESETS.average });
    const body = JSON.stringify({ gameData: r.gameData, bulletData: r.bulletData, replay: r.replay, run_id: ticket.run_id });
    const res = await context.request.post(`${base}/api/v1/performance`, {
      data: body, headers: { origin: base, 'content-type': 'application/json', apkey: apkeyOf(body, ticket.secret) },
    });
    expect(res.status()).toBe(201);
  }
  const before = (await (await context.request.get(`${base}/api/v1/analysis/weakness`)).json()) as WeaknessMap;
  expect(before.runs).toBe(3);
  const cells = pickWeakCells(before);
  expect(cells.length).toBeGreaterThan(0);

  // the progress page: the card, its button enabled, what it will train in words
  await page.goto('about:blank');
  await page.goto(`${base}/app/#/progress`);
  const button = page.getByTestId('weakness-train-button');
  await button.waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => {
    const b = document.querySelector('[data-testid="weakness-train-button"]') as HTMLButtonElement | null;
    return !!b && !b.disabled;
  }, undefined, { timeout: 20_000 });
  // what it will train, in the drill's words (the server's rule, run on the same map)
  expect(await page.getByTestId('weakness-train-why').textContent()).toContain(`your slowest flicks (${cells.map(cellWords).join(', ')})`);
  await page.getByTestId('weakness-map').scrollIntoViewIfNeeded();
  await page.getByTestId('weakness-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
  await screenshot(page, 'trainthis-card');

  // a real click on the button
  const made = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/analysis/weak-spot-drill' && r.request().method() === 'POST');
  const box = (await button.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  expect((await made).status()).toBe(201);
  // the page goes to the playlist at once (the answer's body is gone with the navigation): the
  // playlist's id from the URL, the rest from the server
  await page.waitForURL((u) => u.pathname === '/' && /^\?playlist=p-[a-z0-9]{10}$/.test(u.search), { timeout: 30_000 });
  const playlistId = new URL(page.url()).searchParams.get('playlist')!;
  const playlist = (await (await context.request.get(`${base}/api/v1/playlists/${playlistId}`)).json()) as PlaylistAnswer;
  expect(playlist.mine).toBe(true);
  expect(playlist.drills).toHaveLength(3);
  const answer = { playlist_id: playlistId, drill_id: playlist.drills[0].id, name: playlist.drills[0].name, cells };
  expect(answer.name).toBe(weakSpotDrill(before).drill.name);
  expect(playlist.drills.map((d) => d.id)).toEqual([answer.drill_id, WEAK_SPOT_COMPANION_DRILL, answer.drill_id]);

  // the playlist plays: its first drill is the weak-spot drill
  const banner = page.getByTestId('playlist-banner');
  await banner.waitFor({ timeout: 60_000 });
  expect(await banner.textContent()).toContain(`Drill 1 of 3: ${answer.name}`);
  await page.getByTestId('start-instructions').waitFor({ timeout: 60_000 });
  await screenshot(page, 'trainthis-playlist-start');

  const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/performance' && r.request().method() === 'POST', { timeout: 240_000 });
  const mouse = await clickToStart(page);
  await page.waitForTimeout(1500);
  await screenshot(page, 'trainthis-playing');
  const clicks = await playWithReturns(page, mouse);
  expect(clicks).toBeGreaterThan(10);
  const perf = await posted;
  expect(perf.status()).toBe(201);
  const run = (await perf.json()) as { id: number };

  // the server verified and analysed the run of the weak-spot drill: its flicks are in the cells
  const db = new Database(suite.server.databaseFile, { readonly: true });
  let flicks: StoredRunAnalysis['flicks'];
  try {
    const row = db.prepare('SELECT p.game_id, r.analysis FROM performances p JOIN run_analyses r ON r.performance_id = p.id WHERE p.id = ?')
      .get(run.id) as { game_id: number; analysis: string } | undefined;
    expect(row?.game_id).toBe(answer.drill_id);
    flicks = (JSON.parse(row!.analysis) as StoredRunAnalysis).flicks;
  } finally {
    db.close();
  }
  expect(flicks.length).toBeGreaterThan(10);
  const trained = (f: StoredRunAnalysis['flicks'][number]) => answer.cells.some((c) => c.sector === f[2] && c.bin === f[3]);
  expect(flicks.filter(trained).length / flicks.length).toBeGreaterThanOrEqual(0.9);

  // the same map: 4 runs now, each trained cell grown by this run's flicks in it
  const after = (await (await context.request.get(`${base}/api/v1/analysis/weakness`)).json()) as WeaknessMap;
  expect(after.runs).toBe(4);
  expect(after.flicks).toBe(before.flicks + flicks.length);
  for (const c of answer.cells) {
    const n = (m: WeaknessMap) => m.cells.find((x) => x.sector === c.sector && x.bin === c.bin)!.n;
    expect(n(after)).toBe(n(before) + flicks.filter((f) => f[2] === c.sector && f[3] === c.bin).length);
  }
  // and the card says so
  await page.goto('about:blank');
  await page.goto(`${base}/app/#/progress`);
  await page.getByTestId('weakness-map').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('weakness-map').textContent()).toContain(`From ${after.flicks} flicks in 4 runs`);

  // the playlist on the drills page: the player's own
  await page.goto('about:blank');
  await page.goto(`${base}/drills#playlists`);
  const card = page.getByTestId(`playlist-card-${answer.playlist_id}`);
  await card.waitFor({ timeout: 30_000 });
  expect(await card.textContent()).toContain(weakSpotDrill(before).playlistName);
  expect(await card.textContent()).toContain('3 drills');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'trainthis-playlists');
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
