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
import { decodePng } from './pngPixels';
import { cameraFovFor } from '../../src/game/fov';
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
async function playWithReturns(page: Page, mouse: MousePos, timeoutMs = 150_000, onAwaiting?: (aim: { yaw: number; pitch: number }) => Promise<void>): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let clicks = 0;
  let looked = false;
  for (let s = await readAimDebug(page); !s.finished && Date.now() < deadline; s = await readAimDebug(page)) {
    // once, after a kill with the aim away from the centre: what the view shows while it waits
    if (onAwaiting && !looked && clicks > 2 && s.targets.length === 0 && Math.hypot(s.aim.yaw, s.aim.pitch) > 6) {
      looked = true;
      await onAwaiting(s.aim);
      continue;
    }
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
  // the pre-game card stops short of the playlist banner under it (a long description scrolls)
  const pregameBox = await page.locator('.pregame').boundingBox();
  const bannerBox = await banner.boundingBox();
  expect(pregameBox && bannerBox && bannerBox.y - (pregameBox.y + pregameBox.height)).toBeGreaterThanOrEqual(6);

  const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/performance' && r.request().method() === 'POST', { timeout: 240_000 });
  const mouse = await clickToStart(page);
  await page.waitForTimeout(1500);
  await screenshot(page, 'trainthis-playing');
  // the return-to-centre ring (src/game/effects/returnMarker.ts): while the next target waits,
  // a white ring of the drill's return angle (1.5°) round the centre (yaw 0, pitch 0), drawn
  // where the camera projects it; hidden once the aim is back
  let ring: { shown: boolean; white: number; ringPx: number; inside: number; hiddenAfter: boolean; aim: { yaw: number; pitch: number }; cx: number; cy: number; r: number } | null = null;
  const clicks = await playWithReturns(page, mouse, 150_000, async (aim) => {
    const shown = await page.evaluate(() => (window as any).__aimDebug.effects()?.returnMarker === true);
    // the centre's direction in the view turned to `aim` (103° horizontal fov at 1280x720)
    const f = cameraFovFor(103, 'h', 1280 / 720);
    const k = (f.mode === 'horizontal' ? 640 : 360) / Math.tan(f.radians / 2);
    const rad = Math.PI / 180, ay = aim.yaw * rad, ap = aim.pitch * rad;
    const fwd = [Math.sin(ay) * Math.cos(ap), Math.sin(ap), -Math.cos(ay) * Math.cos(ap)];
    const right = [Math.cos(ay), 0, Math.sin(ay)];
    const up = [-Math.sin(ay) * Math.sin(ap), Math.cos(ap), Math.cos(ay) * Math.sin(ap)];
    const c = [0, 0, -1];
    const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    const z = dot(c, fwd);
    const cx0 = 640 + (k * dot(c, right)) / z, cy0 = 360 - (k * dot(c, up)) / z;
    const r = k * Math.tan(1.5 * rad) / z;
    // a screenshot of the square round it only (a full view's PNG costs seconds to decode under
    // Jest on a busy machine, and the round's clock runs meanwhile)
    const half = Math.ceil(r + 8);
    const clip = { x: Math.max(0, Math.floor(cx0 - half)), y: Math.max(0, Math.floor(cy0 - half)), width: 2 * half, height: 2 * half };
    await waitForNextTick(page);
    const png = await page.screenshot({ clip });
    fs.writeFileSync(path.join(SCREENS, 'trainthis-return-ring.png'), png);
    const px = decodePng(png);
    const cx = cx0 - clip.x, cy = cy0 - clip.y;
    // the ring's circle: of 72 directions round (cx, cy), those with a near-white pixel within
    // 3 px of radius r; and near-white pixels well inside it (under 0.6 r)
    const isWhite = (x: number, y: number): boolean => {
      const xi = Math.floor(x), yi = Math.floor(y);
      if (xi < 0 || yi < 0 || xi >= px.width || yi >= px.height) return false;
      const o = (yi * px.width + xi) * 4;
      return px.data[o] > 220 && px.data[o + 1] > 220 && px.data[o + 2] > 220;
    };
    let white = 0, inside = 0;
    const ringPx = 72;
    for (let i = 0; i < ringPx; i++) {
      const a = (i / ringPx) * 2 * Math.PI;
      let hit = false;
      for (let d = r - 3; d <= r + 3 && !hit; d += 0.5) hit = isWhite(cx + d * Math.cos(a), cy + d * Math.sin(a));
      if (hit) white++;
    }
    for (let y = Math.floor(cy - 0.6 * r); y <= Math.ceil(cy + 0.6 * r); y++) {
      for (let x = Math.floor(cx - 0.6 * r); x <= Math.ceil(cx + 0.6 * r); x++) {
        if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) < 0.6 * r && isWhite(x, y)) inside++;
      }
    }
    // back to the centre: the next target spawns, and the ring goes
    const st = await readAimDebug(page);
    mouse.x += Math.round(-st.aim.yaw / st.dpc.x);
    mouse.y += Math.round(-st.aim.pitch / st.dpc.y);
    await page.mouse.move(mouse.x, mouse.y, { steps: 3 });
    await page.waitForFunction(() => (window as any).__aimDebug.targets().length > 0 || (window as any).__aimDebug.finished(), undefined, { timeout: 60_000 });
    await waitForNextTick(page);
    const hiddenAfter = await page.evaluate(() => (window as any).__aimDebug.effects()?.returnMarker === false);
    ring = { shown, white, ringPx, inside, hiddenAfter, aim, cx, cy, r };
  });
  expect(clicks).toBeGreaterThan(10);
  expect(ring).not.toBeNull();
  console.log(`return ring: ${JSON.stringify(ring)}`);
  expect(ring!.shown).toBe(true);
  // the circle is white nearly all round, its middle is not (a ring at the return angle's radius)
  expect(ring!.white).toBeGreaterThanOrEqual(0.9 * ring!.ringPx);
  expect(ring!.inside).toBeLessThan(5);
  // back at the centre: hidden
  expect(ring!.hiddenAfter).toBe(true);
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
